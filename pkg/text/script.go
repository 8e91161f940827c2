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

// lookAlikes maps lower-case Cyrillic and Greek letters (and a few Latin
// ones) that look like a Latin letter to that letter.
var lookAlikes = map[rune]rune{
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c',
	'т': 't', 'у': 'y', 'х': 'x', 'ѕ': 's', 'і': 'i', 'ї': 'i', 'ј': 'j', 'ԁ': 'd', 'һ': 'h', 'ӏ': 'l',
	'ԛ': 'q', 'ԝ': 'w', 'α': 'a', 'β': 'b', 'ε': 'e', 'η': 'n', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o',
	'ρ': 'p', 'τ': 't', 'υ': 'u', 'χ': 'x', 'ζ': 'z', 'ı': 'i', 'ɡ': 'g', 'ʼ': '\'', '‘': '\'', '’': '\'',
}

// upperLookAlikes maps capital Greek letters whose small letter looks like
// another Latin letter ("Ν" is N, "ν" is v) to the Latin letter the capital
// looks like.
var upperLookAlikes = map[rune]rune{'Ν': 'n', 'Η': 'h', 'Μ': 'm', 'Υ': 'y'}

// LookAlike returns the lower-case Latin letter that r, a Cyrillic or
// Greek letter of either case (or a dotless i, a script g, a typographic
// apostrophe), looks like ("В" and "в" give 'b', "Ρ" gives 'p'), and
// whether it is one: the confusables of Unicode Technical Standard #39
// (Security Mechanisms, §4) that hrag meets in notes. Latin letters and
// letters of other scripts give false.
func LookAlike(r rune) (rune, bool) {
	if l, ok := upperLookAlikes[r]; ok {
		return l, true
	}
	l, ok := lookAlikes[unicode.ToLower(r)]
	return l, ok
}

// SpoofedWords returns the words of s (runs of letters and digits) that
// mix Latin letters with Cyrillic or Greek ones that look like Latin
// letters: "GВ94" and "ВАRC" with a Cyrillic В and А, "pаssword", or the
// reverse, "пaроль" with a Latin a. Such a word reads as another and is
// written so to pass a forged account number, code or link as a real one
// (the mixed-script confusables of Unicode TS #39, §5). Greek or Cyrillic
// letters that look like no Latin letter ("kΩ", "μg") and letters set
// apart by a hyphen ("α-helix") do not count. The result is in order of
// position, nil when there is none.
func SpoofedWords(s string) []string {
	var out []string
	start, latin, alike, other := -1, false, false, false
	flush := func(end int) {
		if start >= 0 && latin && alike && other {
			out = append(out, s[start:end])
		}
		start, latin, alike, other = -1, false, false, false
	}
	for i, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
		}
		switch {
		case unicode.Is(unicode.Latin, r):
			latin = true
		case unicode.Is(unicode.Cyrillic, r) || unicode.Is(unicode.Greek, r):
			other = true
			if _, ok := LookAlike(r); ok {
				alike = true
			}
		}
	}
	flush(len(s))
	return out
}
