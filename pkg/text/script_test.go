package text_test

import (
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
