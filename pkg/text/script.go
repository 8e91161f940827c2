package text

import "unicode"

// Script names returned by Script: the Unicode script of a text's letters,
// with Japanese for text holding kana (its Han letters included).
const (
	ScriptLatin      = "Latin"
	ScriptCyrillic   = "Cyrillic"
	ScriptGreek      = "Greek"
	ScriptHan        = "Han"
	ScriptJapanese   = "Japanese"
	ScriptHangul     = "Hangul"
	ScriptArabic     = "Arabic"
	ScriptHebrew     = "Hebrew"
	ScriptDevanagari = "Devanagari"
	ScriptThai       = "Thai"
	ScriptOther      = "Other"
)

// scripts are the scripts Script tells apart, in the order it counts them.
var scripts = []struct {
	name  string
	table *unicode.RangeTable
}{
	{ScriptLatin, unicode.Latin}, {ScriptCyrillic, unicode.Cyrillic}, {ScriptGreek, unicode.Greek},
	{ScriptHan, unicode.Han}, {ScriptJapanese, unicode.Hiragana}, {ScriptJapanese, unicode.Katakana},
	{ScriptHangul, unicode.Hangul}, {ScriptArabic, unicode.Arabic}, {ScriptHebrew, unicode.Hebrew},
	{ScriptDevanagari, unicode.Devanagari}, {ScriptThai, unicode.Thai},
}

// Script returns the script most of s's letters are written in (the
// Script* names; ScriptOther for letters of any other script), "" when s
// has no letter. Text with any kana is ScriptJapanese, whatever its share
// of Han letters: Japanese writes most content words in Han. Digits,
// punctuation and spaces do not count, so "1998年の…" is Japanese and
// "RAM 16 GB?" Latin.
func Script(s string) string {
	counts := map[string]int{}
	for _, r := range s {
		if !unicode.IsLetter(r) {
			continue
		}
		name := ScriptOther
		for _, sc := range scripts {
			if unicode.Is(sc.table, r) {
				name = sc.name
				break
			}
		}
		counts[name]++
	}
	if counts[ScriptJapanese] > 0 {
		counts[ScriptJapanese] += counts[ScriptHan]
		delete(counts, ScriptHan)
	}
	best, n := "", 0
	for _, sc := range append(scripts, struct {
		name  string
		table *unicode.RangeTable
	}{ScriptOther, nil}) {
		if c := counts[sc.name]; c > n {
			best, n = sc.name, c
		}
	}
	return best
}

// MixedScript reports whether s's letters come from two or more of the
// Latin, Cyrillic and Greek scripts, whose look-alike letters ("а" and
// "a") spoof one word as another: the mixed-script test of Unicode
// Technical Standard #39 (Security Mechanisms, §5.1), on the scripts
// whose confusables hrag meets in notes. A word of one script, or one
// mixing Latin with a script that has no look-alikes (Han, Arabic), is
// not mixed.
func MixedScript(s string) bool {
	seen := 0
	for _, r := range s {
		switch {
		case !unicode.IsLetter(r):
		case unicode.Is(unicode.Latin, r):
			seen |= 1
		case unicode.Is(unicode.Cyrillic, r):
			seen |= 2
		case unicode.Is(unicode.Greek, r):
			seen |= 4
		}
	}
	return seen&(seen-1) != 0
}
