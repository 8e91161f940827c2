package text_test

import (
	"testing"

	"github.com/hrag-dev/hrag/pkg/text"
)

// TestJoinSpaced: spelled-out words are joined and the gaps between them
// become one space; three letters, and letters joined to a word, are left.
// Mutations: the long run's count at >= 2 joins "x y z" and "a b c"; the
// boundary before a run dropped from spacedRe joins "ab c d e" (the
// "b" then starts a run of four); a run that starts at a word's last
// letter and is then refused swallows "S A T U R D A Y" (the bug the
// "moved to" case found); runs of two left out leaves "T O"; a run
// ending at a spaced hyphen leaves "m a p l e - d o c k - 4 2"; the long
// run counted with its hyphen groups joins "A y B - 2"; contraction
// always false joins "it'smaple"; spelledNext always false takes the 5 of
// "5 J U N E".
func TestJoinSpaced(t *testing.T) {
	for in, want := range map[string]string{
		"next one on 4 June — M O V E D  T O  S A T U R D A Y  7  J U N E.": "next one on 4 June — MOVED TO SATURDAY 7 JUNE.",
		"p a s s w o r d: K i e s e l":                                      "password: Kiesel",
		"axes x y z and options a b c":                                      "axes x y z and options a b c",
		"ab c d e":                                                          "ab c d e",
		"moved to S A T U R D A Y":                                          "moved to SATURDAY",
		"no  spelled  words":                                                "no  spelled  words",
		"Password: tulip-harbor-77 — since the reset it's m a p l e - d o c k - 4 2": "Password: tulip-harbor-77 — since the reset it's maple-dock-42",
		"S A T U R D A Y 7 J U N E, rows 1 - 2":                                      "SATURDAY 7 JUNE, rows 1 - 2",
		// A breaker's cases: a spelled date after a hyphen, a code in
		// quotes, an elided article, an en dash, lists of letters.
		"Dentist on 3 June (moved: T H U R S D A Y - 5 J U N E)": "Dentist on 3 June (moved: THURSDAY - 5 JUNE)",
		"code 'k e s t r e l - 9 1'":                             "code 'kestrel-91'",
		"dell'A N N O - 2 0 2 6":                                 "dell'ANNO-2026",
		"now K E S T R E L – 9 1":                                "now KESTREL–91",
		"now k e s t r e l - 91 since Monday":                    "now kestrel-91 since Monday",
		"Grupos A y B - 2.":                                      "Grupos A y B - 2.",
		// A code spelled with middle dots or bullets (mutation: joinDotted
		// returns s; its count {3,} at {2,} joins "A · B · C").
		"nouveau code : 9 · C · 6 · 1 · B (à donner)": "nouveau code : 9C61B (à donner)",
		"PIN 4•7•1•9, then OK":                        "PIN 4719, then OK",
		"Plan A · B · C for the weekend":              "Plan A · B · C for the weekend",
		"Sant Martí · Gràcia · Sants":                 "Sant Martí · Gràcia · Sants",
		// Other dots and spaces (mutation: dot back to " ?[·•∙⋅‧] ?");
		// a code right after another (mutation: dottedRe consuming the
		// character after a run); letters alone (mutation: the digit
		// test dropped).
		"new code: 9\u00a0·\u00a0C\u00a0·\u00a06\u00a0·\u00a01": "new code: 9C61",
		"PIN 8・8・1・2 now":                    "PIN 8812 now",
		"PIN 4·7·1·9→8·8·1·2":                "PIN 4719→8812",
		"Gym days M · T · W · T · F at 7:00": "Gym days M · T · W · T · F at 7:00",
	} {
		if got := text.JoinSpaced(in); got != want {
			t.Errorf("JoinSpaced(%q) = %q, want %q", in, got, want)
		}
	}
}
