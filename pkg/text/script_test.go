package text_test

import (
	"reflect"
	"testing"

	"github.com/hrag-dev/hrag/pkg/text"
)

// Script names the script of most letters; kana make a text Japanese
// however many Han letters it holds; digits and punctuation do not count.
// Mutations: drop the kana rule (the Japanese question with more Han than
// kana reads as Han); count digits (the mostly-digit Russian line reads
// as Other).
func TestScript(t *testing.T) {
	for s, want := range map[string]string{
		"What is the capital of Australia?": text.ScriptLatin,
		"Wie viel kostet die Wartung?":      text.ScriptLatin,
		"Сколько стоит обслуживание котла?": text.ScriptCyrillic,
		"Номер 1234567890 12345":            text.ScriptCyrillic,
		"Πόσο ψηλό είναι το Κιλιμάντζαρο;":  text.ScriptGreek,
		"澳大利亚的首都是哪个城市？":                     text.ScriptHan,
		"西ローマ帝国滅亡年":                         text.ScriptJapanese,
		"오스트레일리아의 수도는?":                     text.ScriptHangul,
		"ما هي عاصمة أستراليا؟":             text.ScriptArabic,
		"מהי עיר הבירה של אוסטרליה?":        text.ScriptHebrew,
		"ऑस्ट्रेलिया की राजधानी क्या है?":   text.ScriptDevanagari,
		"เมืองหลวงของออสเตรเลียคืออะไร":     text.ScriptThai,
		"Რა არის ავსტრალიის დედაქალაქი?":    text.ScriptOther,
		"What does 你好 mean in the note?":    text.ScriptLatin,
		"1998 — 2024?":                      "",
	} {
		if got := text.Script(s); got != want {
			t.Errorf("Script(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestMixedScript: a word mixing Latin with Cyrillic or Greek look-alikes
// is mixed; one script, or Latin with Han, is not. Mutation: the
// single-bit test replaced by seen != 0 fails every false case but the
// last.
func TestMixedScript(t *testing.T) {
	for s, want := range map[string]bool{
		"tаp-checkin.com": true,  // Cyrillic а
		"ρaypal.com":      true,  // Greek rho
		"tap-checkin.com": false, // Latin
		"пример.рф":       false, // Cyrillic
		"Müller":          false,
		"東京tokyo.jp":      false,
		"2026-10-14":      false,
	} {
		if got := text.MixedScript(s); got != want {
			t.Errorf("MixedScript(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestSpoofedWords: words mixing Latin letters with Cyrillic or Greek
// look-alikes are reported, whole and in order; one script, letters with
// no Latin look-alike and letters apart are not. Mutation: dropping the
// alike condition in flush reports "kΩ" and "μg".
func TestSpoofedWords(t *testing.T) {
	for s, want := range map[string][]string{
		"Pay to GВ94 ВАRC 2003 4417 6208 92 from May": {"GВ94", "ВАRC"},
		"the pаssword is on the fridge":               {"pаssword"},
		"новый пaроль: 4471":                          {"пaроль"},
		"Ρaypal login":                                {"Ρaypal"},
		"GB33 BUKB 2020 1555 5555 55":                 nil,
		"пароль от Wi-Fi: 4471":                       nil,
		"a 10 kΩ resistor, 5 μg, the α-helix":         nil,
		"Ο Γιάννης πληρώνει 60 € στο GR16 0110":       nil,
		"Müller, 東京tokyo":                             nil,
	} {
		if got := text.SpoofedWords(s); !reflect.DeepEqual(got, want) {
			t.Errorf("SpoofedWords(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestLookAlike: Cyrillic and Greek look-alikes of either case give their
// Latin letter; Latin letters and other letters give false. Mutation:
// LookAlike without unicode.ToLower misses the capitals.
func TestLookAlike(t *testing.T) {
	for r, want := range map[rune]rune{'В': 'b', 'в': 'b', 'А': 'a', 'Ρ': 'p', 'Ν': 'n', 'ν': 'v', 'B': 0, 'Ω': 0, 'ж': 0} {
		got, ok := text.LookAlike(r)
		if want == 0 && ok || want != 0 && got != want {
			t.Errorf("LookAlike(%q) = %q, %v, want %q", r, got, ok, want)
		}
	}
}
