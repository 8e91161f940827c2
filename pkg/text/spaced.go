package text

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// dot is a middle dot, bullet or the like, with the spaces around it.
const dot = `[ \t\x{00a0}\x{202f}]*[·•∙⋅‧·・⸱●⦁][ \t\x{00a0}\x{202f}]*`

// spacedRe is a run of one-letter tokens, one space between them, not
// joined to a letter or digit before it, which may go on after a spaced
// hyphen or en dash with a group of letters or of digits ("m a p l e - d
// o c k - 4 2"); wideRe two spaces or more.
var (
	spacedRe = regexp.MustCompile(`(?:^|[^\pL\pN])(\pL(?: \pL)+(?: [-–] (?:\pL(?: \pL)*|\pN+(?: \pN+)*))*)`)
	wideRe   = regexp.MustCompile(` {2,}`)
	// lastGroupRe: the last hyphen group of a run, when it is digits.
	lastGroupRe = regexp.MustCompile(` [-–] \pN+(?: \pN+)*$`)
	// dottedRe is a run of four or more one-letter or one-digit tokens
	// parted by a middle dot, bullet or katakana dot, with any spaces
	// around it ("9 · C · 6 · 1 · B", "K•E•Y•1", "7 •\t2 • 9 • 1"), not
	// joined to a letter or digit before it; dotRe is one such part.
	dottedRe = regexp.MustCompile(`(?:^|[^\pL\pN])([\pL\pN](?:` + dot + `[\pL\pN]){3,})`)
	dotRe    = regexp.MustCompile(dot)
)

// JoinSpaced returns s with each word spelled out letter by letter, one
// space between its letters ("S A T U R D A Y"), written whole. When s
// holds a run of four or more one-letter tokens separated by single
// spaces, not joined to a letter or digit on either side, the spaces of
// every such run of two or more ("T O") go, also around the hyphens of a
// spelled code ("m a p l e - d o c k - 4 2": maple-dock-42); then every
// gap of two spaces or more (the gap between spelled words) becomes one.
// Letter spacing hides a word, and so a value ("7  J U N E"), from
// whatever reads words. Text without such a run ("a b c", "A y B - 2")
// is returned as it is. Four or more letters or digits parted by middle
// dots or bullets ("9 · C · 6 · 1 · B") are joined too (joinDotted). A
// run does not take the letter of a contraction
// before it ("it's m a p l e"), nor digits after a hyphen that a spelled
// word follows ("T H U R S D A Y - 5 J U N E" keeps the 5 with JUNE).
func JoinSpaced(s string) string {
	s = joinDotted(s)
	var runs [][]int
	long := false
	for _, m := range spacedRe.FindAllStringSubmatchIndex(s, -1) {
		l := []int{m[2], m[3]}
		if after, _ := utf8.DecodeRuneInString(s[l[1]:]); l[1] < len(s) && wordRune(after) {
			continue
		}
		if contraction(s, l[0]) {
			l[0] += 2 // "it's m a p l e": the s is the word's
		}
		if g := lastGroupRe.FindStringIndex(s[l[0]:l[1]]); g != nil && spelledNext(s[l[1]:]) {
			l[1] = l[0] + g[0]
		}
		run := s[l[0]:l[1]]
		if strings.Count(run, " ") < 1 {
			continue
		}
		runs = append(runs, l)
		letters, _, _ := strings.Cut(run, " -")
		letters, _, _ = strings.Cut(letters, " –")
		long = long || strings.Count(letters, " ") >= 3
	}
	if !long {
		return s
	}
	var b strings.Builder
	last := 0
	for _, l := range runs {
		b.WriteString(s[last:l[0]])
		b.WriteString(strings.ReplaceAll(s[l[0]:l[1]], " ", ""))
		last = l[1]
	}
	b.WriteString(s[last:])
	return wideRe.ReplaceAllString(b.String(), " ")
}

// joinDotted returns s with each run of dottedRe that holds a digit and
// no letter or digit right after it written whole, without its dots:
// "nouveau code : 9 · C · 6 · 1 · B" reads "nouveau code : 9C61B".
// Three tokens ("A · B · C") and letters alone ("M · T · W · T · F",
// weekdays; "C · G · D · G", chords) are left, as lists are.
func joinDotted(s string) string {
	ms := dottedRe.FindAllStringSubmatchIndex(s, -1)
	if ms == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range ms {
		run := s[m[2]:m[3]]
		if after, _ := utf8.DecodeRuneInString(s[m[3]:]); m[3] < len(s) && wordRune(after) || strings.IndexFunc(run, unicode.IsDigit) < 0 {
			continue
		}
		b.WriteString(s[last:m[2]])
		b.WriteString(dotRe.ReplaceAllString(s[m[2]:m[3]], ""))
		last = m[3]
	}
	b.WriteString(s[last:])
	return b.String()
}

// contraction reports whether the run at i starts with the letter of an
// English contraction ("it's m a p l e", "don't"): an s, t, d or m right
// after an apostrophe inside a word, then a space.
func contraction(s string, i int) bool {
	if i < 2 || i+1 >= len(s) || s[i+1] != ' ' || !strings.ContainsRune("stdm", rune(s[i])) {
		return false
	}
	before := strings.TrimRight(s[:i], "'’")
	if len(before) == i {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(before)
	return unicode.IsLetter(r)
}

// spelledNext reports whether s starts with a space and a spelled letter
// ("T H U R S D A Y - 5 J U N E": " J U N E" follows the 5).
func spelledNext(s string) bool {
	if len(s) < 3 || s[0] != ' ' {
		return false
	}
	r, n := utf8.DecodeRuneInString(s[1:])
	return unicode.IsLetter(r) && (len(s) == 1+n || s[1+n] == ' ')
}

// wordRune reports whether r is a letter or a digit.
func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
