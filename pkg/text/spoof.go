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
// mathematical a; a Latin letter slipped into a Cyrillic or Greek word
// ("пaроль"); a number mixing digits of two scripts ("92৪8") or with a
// look-alike letter among its digits ("37Ο4", "О130"); in Latin text, a
// word of three letters or more written wholly in look-alikes, in small
// letters ("рау") or as a capital group of a code ("GB33 АВВУ 1234"); and
// host names with a label in look-alikes ("аррӀе.com", "νk.com"). Such a
// value reads as one thing and is another: a forged account number, code,
// link or name (the mixed-script confusables of Unicode TS #39, §4–5). A
// word is a run of letters, digits and the marks and invisible characters
// inside it ("G\u200bВ94" is one word; they are not read). Not reported:
// a word with a letter of another script that looks like no Latin one
// ("USBшка", "kΩ", "ℝⁿ"); small Greek letters beside Latin ones, which
// science writes ("GSK3β", "TNFα", "ρgh"); a Latin name with a Russian
// ending ("SMSка", "Ozonе"); a Cyrillic х after a digit ("2х8GB"); a
// Ukrainian word typed with a Latin i ("Украiна"); Greek ordinals ("3ο");
// capital abbreviations and names in their own script in Latin text
// ("ООО «Ромашка»", "Москва"); file names ("АКТ.pdf"). The result is in
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
		case unicode.IsLetter(r), unicode.IsDigit(r), hidden(r):
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
		w := visible(rs[i:j])
		if spoofed(w, latinText) || latinText && alikeOnly(w) && (!isUpperWord(w) || codeGroup(s, pos[i], pos[j])) {
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

// hidden reports whether r is a mark or an invisible character, which
// joins the letters around it into one word and is not read.
func hidden(r rune) bool { return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) }

// visible returns w without its marks and invisible characters.
func visible(w []rune) []rune {
	out := make([]rune, 0, len(w))
	for _, r := range w {
		if !hidden(r) {
			out = append(out, r)
		}
	}
	return out
}

// isUpperWord reports whether every letter of w is a capital.
func isUpperWord(w []rune) bool {
	for _, r := range w {
		if unicode.IsLetter(r) && !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// codeGroup reports whether the word at s[i:j] stands between spaces next
// to a group of a code: a token of Latin letters and digits holding a
// digit ("GB33 АВВУ 1234"), as the groups of an account number stand.
func codeGroup(s string, i, j int) bool {
	if i > 0 && s[i-1] != ' ' || j < len(s) && s[j] != ' ' {
		return false
	}
	prev := strings.Fields(s[:i])
	next := strings.Fields(s[j:])
	return len(prev) > 0 && asciiCodeGroup(prev[len(prev)-1]) || len(next) > 0 && asciiCodeGroup(next[0])
}

// asciiCodeGroup reports whether t is ASCII letters and digits only, with
// a digit.
func asciiCodeGroup(t string) bool {
	digit := false
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case '0' <= c && c <= '9':
			digit = true
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		default:
			return false
		}
	}
	return digit
}

// alikeOnly reports whether w holds three letters or more, all of one
// case and all Cyrillic or Greek look-alikes of Latin ones (alikeInWord):
// in Latin text, a word written so poses as a Latin one ("рау", "АВВУ").
// A name starting with a capital is quoted in its own script ("Moskva
// (Москва)").
func alikeOnly(w []rune) bool {
	n, upper, lower := 0, false, false
	for _, r := range w {
		switch {
		case !unicode.IsLetter(r):
		case !unicode.In(r, unicode.Cyrillic, unicode.Greek) || !alikeInWord(r):
			return false
		default:
			n++
			upper, lower = upper || unicode.IsUpper(r), lower || !unicode.IsUpper(r)
		}
	}
	return n >= 3 && upper != lower
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

// digitAlikes are the Cyrillic and Greek capitals that pass for a digit:
// О and Ο for 0, З for 3.
var digitAlikes = map[rune]bool{'О': true, 'Ο': true, 'З': true}

// spoofed reports whether the word w (see SpoofedWords; without its
// hidden characters) mixes Latin letters, as many as the others or more,
// with look-alikes of other scripts (alikeInWord) and no other letter of
// theirs, but for a Latin name with a Russian ending; is a Cyrillic or
// Greek word with Latin letters slipped in (reversed); mixes ASCII digits
// with digits of another script; or is a number with look-alike letters
// among its digits (digitSpoof; latinText: s is mostly in Latin letters).
func spoofed(w []rune, latinText bool) bool {
	latin, foreign, alien := 0, 0, false
	asciiDigit, otherDigit := false, false
	firstForeign := -1
	for i, r := range w {
		switch {
		case '0' <= r && r <= '9':
			asciiDigit = true
		case unicode.IsDigit(r):
			otherDigit = true
		case unicode.Is(unicode.Latin, r):
			latin++
		default:
			foreign++
			alien = alien || !alikeInWord(r)
			if firstForeign < 0 {
				firstForeign = i
			}
		}
	}
	switch {
	case asciiDigit && otherDigit, digitSpoof(w, latinText):
		return true
	case latin == 0 || foreign == 0:
		return false
	case latin >= foreign && !alien && !russianEnding(w, firstForeign):
		return true
	}
	return foreign > latin && foreign >= 2 && reversed(w)
}

// digitSpoof reports whether w is a number with look-alike letters among
// its digits: a group of ASCII digits, two at least, and capitals that
// pass for digits ("О130", "38ОО", "ЗЗ71"), or, in Latin text, any
// Cyrillic or Greek look-alike between two digits ("12е345", "48Ι592"; a
// Russian door code holds its own letters: "42К1234"). A small letter
// after the digits is an ordinal ("3ο").
func digitSpoof(w []rune, latinText bool) bool {
	digits, alikes, other := 0, 0, false
	for i, r := range w {
		switch {
		case '0' <= r && r <= '9':
			digits++
		case digitAlikes[r]:
			alikes++
		default:
			other = true
		}
		if latinText && i > 0 && i+1 < len(w) && isASCIIDigit(w[i-1]) && isASCIIDigit(w[i+1]) && (unicode.Is(unicode.Cyrillic, r) || unicode.Is(unicode.Greek, r)) {
			if _, ok := LookAlike(r); ok || digitAlikes[r] {
				return true
			}
		}
	}
	return !other && digits >= 2 && alikes > 0
}

// isASCIIDigit reports whether r is 0-9.
func isASCIIDigit(r rune) bool { return '0' <= r && r <= '9' }

// reversed reports whether w, a word of more Cyrillic or Greek letters
// than Latin ones, is a word of one of those scripts with Latin letters
// slipped in ("пaроль", "ООО «Pомашка»", "ΑΘΗΝA", "Tράπεζα"): each Latin
// letter small, or a capital in a word of capitals, or a capital that
// starts a Cyrillic word or a Greek one of four letters or more. Not
// reversed: a word of both scripts; in a Cyrillic word, the i Ukrainian
// keyboards type for і ("Украiна"); a capital before two or three small
// Greek letters, a symbol of science ("Gβγ").
func reversed(w []rune) bool {
	cyr, grk, caps, n := false, false, true, 0
	for _, r := range w {
		if unicode.Is(unicode.Cyrillic, r) || unicode.Is(unicode.Greek, r) {
			cyr = cyr || unicode.Is(unicode.Cyrillic, r)
			grk = grk || unicode.Is(unicode.Greek, r)
			caps = caps && unicode.IsUpper(r)
			n++
		}
	}
	if cyr == grk {
		return false
	}
	for i, r := range w {
		switch {
		case !unicode.Is(unicode.Latin, r):
		case cyr && (r == 'i' || r == 'I'):
			return false
		case unicode.IsUpper(r) && !caps && !(i == 0 && (cyr || n >= 4)):
			return false
		}
	}
	return true
}

// alikeInWord reports whether r, a letter of a script other than Latin,
// passes for a Latin letter inside a Latin word: a Cyrillic look-alike, a
// Greek capital look-alike or the small omicron (the other small Greek
// letters are the symbols of science: "GSK3β", "ρgh"), any Armenian or
// Cherokee letter, or a mathematical letter ("𝐚", U+1D400–1D7FF), whose
// compatibility form is a Latin one.
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
	case r < 0x1D400 || r > 0x1D7FF:
		return false
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

// fileExtensions are the extensions of the files notes name ("АКТ.pdf"):
// a name with one is no host.
var fileExtensions = map[string]bool{"pdf": true, "doc": true, "docx": true, "xls": true, "xlsx": true, "ppt": true, "pptx": true,
	"odt": true, "ods": true, "txt": true, "md": true, "csv": true, "rtf": true, "jpg": true, "jpeg": true, "png": true, "gif": true,
	"heic": true, "tif": true, "tiff": true, "zip": true, "rar": true, "7z": true, "mp3": true, "mp4": true, "mov": true, "avi": true, "xml": true, "json": true}

// spoofedHost reports whether the host name h (or the part of an e-mail
// address before its @) has a Latin letter and a word that is written
// wholly in Cyrillic, Greek, Armenian or Cherokee look-alikes
// ("аррӀе.com", "ԝԝԝ.amazon.com") or mixes them with Latin letters, small
// Greek ones included: no host is a formula ("νk.com", "τrustwallet.io").
// A file name ("Смета.xlsx") is no host.
func spoofedHost(h string) bool {
	latin := false
	for _, r := range h {
		latin = latin || unicode.Is(unicode.Latin, r)
	}
	if !latin || fileExtensions[strings.ToLower(h[strings.LastIndexByte(h, '.')+1:])] {
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
