package text

import (
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

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

// SpoofedWords returns the words of s that read as Latin words and are
// written, in part, in letters of other scripts that look like Latin ones:
// "GВ94" and "ВАRC" with a Cyrillic В and А, "pаssword", "gοogle" with a
// Greek omicron, "ᎪMAZON" with a Cherokee A, "p𝐚ssword" with a
// mathematical a, a number mixing digits of two scripts ("92৪8") or with a
// look-alike letter between its digits ("37Ο4"), and host names with a
// label written wholly in look-alikes ("аррӀе.com"). Such a value reads as
// one thing and is another: a forged account number, code, link or name
// (the mixed-script confusables of Unicode TS #39, §4–5). A word is a run
// of letters, digits and the marks and invisible characters inside it
// ("G\u200bВ94" is one word). Not reported: a word with a letter of
// another script that looks like no Latin one ("USBшка", "kΩ", "цiна");
// small Greek letters other than the omicron, which science writes beside
// Latin ones ("GSK3β", "TNFα", "ρgh"); a Latin acronym with a Russian
// ending ("SMSка", "XIXв"); a Cyrillic х after a digit, a times sign
// ("2х8GB"). In text mostly in Latin letters, a word of three letters or
// more written wholly in capital look-alikes counts too ("АВВУ"). The result is in
// order of position, nil when there is none.
func SpoofedWords(s string) []string {
	var out []string
	rs := []rune(s)
	pos := make([]int, 0, len(rs)+1)
	for i := range s {
		pos = append(pos, i)
	}
	pos = append(pos, len(s))
	latinText := Script(s) == ScriptLatin
	inWord := func(i int) bool {
		r := rs[i]
		switch {
		case (r == 'х' || r == 'Х') && i > 0 && unicode.IsDigit(rs[i-1]):
			return false // 2х8: a times sign
		case unicode.IsLetter(r), unicode.IsDigit(r), unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
			return true
		}
		return false
	}
	for i := 0; i < len(rs); {
		if !inWord(i) {
			i++
			continue
		}
		j := i
		for j < len(rs) && inWord(j) {
			j++
		}
		if spoofed(rs[i:j]) || latinText && alikeOnly(rs[i:j]) {
			out = append(out, s[pos[i]:pos[j]])
		}
		i = j
	}
	for _, m := range spoofHostRe.FindAllStringIndex(s, -1) {
		if h := s[m[0]:m[1]]; spoofedHost(h) && !overlaps(out, s, m) {
			out = append(out, h)
		}
	}
	return out
}

// alikeOnly reports whether w holds three letters or more, all capital
// Cyrillic or Greek look-alikes of Latin ones (alikeInWord): in Latin
// text, a word written so poses as a Latin code ("IBAN GB33 АВВУ …"). A
// word in small letters may be a name quoted in its own script
// ("Moskva (Москва)").
func alikeOnly(w []rune) bool {
	n := 0
	for _, r := range w {
		switch {
		case !unicode.IsLetter(r):
		case unicode.Is(unicode.Latin, r) || !unicode.IsUpper(r) || !alikeInWord(r):
			return false
		default:
			n++
		}
	}
	return n >= 3
}

// spoofHostRe is a host name: labels of letters, digits and hyphens
// joined by dots.
var spoofHostRe = regexp.MustCompile(`[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+`)

// overlaps reports whether the span m of s holds one of words.
func overlaps(words []string, s string, m []int) bool {
	for _, w := range words {
		if strings.Contains(s[m[0]:m[1]], w) {
			return true
		}
	}
	return false
}

// digitsOnly reports whether w is ASCII digits only.
func digitsOnly(w []rune) bool {
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// digitAlikes are the Cyrillic and Greek letters that pass for a digit
// between digits: О and Ο for 0, З for 3.
var digitAlikes = map[rune]bool{'О': true, 'о': true, 'Ο': true, 'ο': true, 'З': true, 'з': true}

// spoofed reports whether the word w (see SpoofedWords) mixes Latin
// letters with look-alikes of other scripts (alikeInWord) and no other
// letter of theirs, but for a Latin word with a Russian ending; is a
// Cyrillic or Greek word with Latin letters in it (reversed); mixes ASCII
// digits with digits of another script; or sets a letter that looks like
// a digit between two digits.
func spoofed(w []rune) bool {
	latin, foreign, alien := 0, 0, false
	asciiDigit, otherDigit := false, false
	firstForeign := -1
	for i, r := range w {
		switch {
		case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		case '0' <= r && r <= '9':
			asciiDigit = true
		case unicode.IsDigit(r):
			otherDigit = true
		case unicode.Is(unicode.Latin, r):
			latin++
		default:
			if digitAlikes[r] && i > 0 && unicode.IsDigit(w[i-1]) && (i+1 == len(w) || unicode.IsDigit(w[i+1])) && (i+1 < len(w) || digitsOnly(w[:i])) {
				return true
			}
			foreign++
			alien = alien || !alikeInWord(r)
			if firstForeign < 0 {
				firstForeign = i
			}
		}
	}
	switch {
	case asciiDigit && otherDigit:
		return true
	case latin == 0 || foreign == 0:
		return false
	case !alien && !russianEnding(w, firstForeign):
		return true
	}
	return foreign > latin && foreign >= 2 && reversed(w)
}

// reversed reports whether w, a word of more Cyrillic or Greek letters
// than Latin ones, is a word of one of those scripts with Latin letters
// slipped in ("пaроль", "ООО «Pомашка»", "ΑΘΗΝA"): each Latin letter small,
// or a capital in a word of capitals, or a capital that starts a Cyrillic
// word. Not reversed: a word of both scripts, the i Ukrainian keyboards
// type for і ("цina"), a capital before small Greek letters, a symbol of
// science ("Gβγ").
func reversed(w []rune) bool {
	cyr, grk, caps := false, false, true
	for _, r := range w {
		cyr = cyr || unicode.Is(unicode.Cyrillic, r)
		grk = grk || unicode.Is(unicode.Greek, r)
		if (unicode.Is(unicode.Cyrillic, r) || unicode.Is(unicode.Greek, r)) && !unicode.IsUpper(r) {
			caps = false
		}
	}
	if cyr == grk {
		return false
	}
	for i, r := range w {
		switch {
		case !unicode.Is(unicode.Latin, r):
		case r == 'i' || r == 'I':
			return false
		case unicode.IsUpper(r) && !caps && !(i == 0 && cyr):
			return false
		}
	}
	return true
}

// alikeInWord reports whether r, a letter of a script other than Latin,
// passes for a Latin letter inside a Latin word: a Cyrillic look-alike, a
// Greek capital look-alike or the small omicron (the other small Greek
// letters are the symbols of science: "GSK3β", "ρgh"), any Armenian or
// Cherokee letter, or a letter that is a Latin one in another form
// (mathematical bold "𝐚", whose compatibility form is "a").
func alikeInWord(r rune) bool {
	switch {
	case unicode.Is(unicode.Cyrillic, r):
		_, ok := LookAlike(r)
		return ok
	case unicode.Is(unicode.Greek, r):
		_, ok := LookAlike(r)
		return ok && (unicode.IsUpper(r) || r == 'ο')
	case unicode.In(r, unicode.Armenian, unicode.Cherokee):
		return true
	}
	k := norm.NFKC.String(string(r))
	return len(k) == 1 && ('a' <= k[0] && k[0] <= 'z' || 'A' <= k[0] && k[0] <= 'Z')
}

// russianEnding reports whether w is a Latin word of two letters or more
// followed, from index k, by one to three small Cyrillic letters only:
// the case ending Russian gives a Latin name ("SMSка", "XIXв", "Ozonе").
func russianEnding(w []rune, k int) bool {
	if k < 2 || len(w)-k > 3 {
		return false
	}
	for _, r := range w[k:] {
		if !unicode.Is(unicode.Cyrillic, r) || !unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// spoofedHost reports whether the host name h (or the part of an e-mail
// address before its @) has a Latin letter and a word that is written
// wholly in Cyrillic, Greek, Armenian or Cherokee look-alikes
// ("аррӀе.com", "ԝԝԝ.amazon.com") or mixes them with Latin letters, small
// Greek ones included: no host is a formula ("νk.com", "τrustwallet.io").
func spoofedHost(h string) bool {
	latin := false
	for _, r := range h {
		latin = latin || unicode.Is(unicode.Latin, r)
	}
	if !latin {
		return false
	}
	n, alike, some, latinIn := 0, true, false, false
	for _, r := range h + "." {
		if unicode.IsLetter(r) {
			n++
			_, ok := LookAlike(r)
			ok = ok && !unicode.Is(unicode.Latin, r) || unicode.In(r, unicode.Armenian, unicode.Cherokee)
			alike, some = alike && ok, some || ok
			latinIn = latinIn || unicode.Is(unicode.Latin, r)
			continue
		}
		if n >= 2 && alike || some && latinIn {
			return true
		}
		n, alike, some, latinIn = 0, true, false, false
	}
	return false
}
