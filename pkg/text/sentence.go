package text

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// abbreviations end in a period that does not end a sentence (lower case,
// without the period): English, German, French and Spanish. This is hrag's
// one list; the chunker's, the answer parser's, the injection segmenter's
// and the display's sentence ends all read it.
var abbreviations = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`e.g i.e etc vs approx incl dr mr mrs ms st ca cf fig pp p jr sr prof inc ltd co corp dept est vol
		jan feb mar apr jun jul aug sep sept oct nov dec mt ft
		z.b bzw usw ggf evtl d.h u.a s.o vgl mio mrd med dipl ing abschn hr fr str
		env av apr.-j.-c mme mlle p.ex sra srta dra a.m p.m u.s u.k u.s.a`) {
		abbreviations[w] = true
	}
	for _, m := range strings.Fields(`januar februar märz april mai juni juli august september oktober november dezember
		janvier février mars avril juin juillet août septembre octobre novembre décembre
		enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre`) {
		months[m] = true
	}
}

// months are month names after which a German, French or Spanish ordinal
// "3." is a day, not a sentence end ("am 3. Mai").
var months = map[string]bool{}

// numberedAbbreviations end in a period that ends no sentence only when a
// number follows ("No. 5", "Nr. 12"): "I said no. Then we left." ends one.
var numberedAbbreviations = map[string]bool{"no": true, "nos": true, "nr": true, "art": true, "abs": true, "bd": true}

// IsAbbreviation reports whether word (without its final period, any case)
// is an abbreviation whose period does not end a sentence ("e.g", "Dr",
// "bzw", "p.ex").
func IsAbbreviation(word string) bool { return abbreviations[strings.ToLower(word)] }

// closers may follow the punctuation that ends a sentence: quotes,
// brackets and Markdown emphasis.
const closers = `"')]*_»”’」』）`

// SentenceEnds returns the byte offsets just after each sentence end of s
// (after the punctuation and any closing quote or bracket, before the
// space), as SentenceEndAt finds them, in order. An end inside a bracketed
// aside that its sentence goes on after is the aside's, not the
// sentence's, and is left out: "50 mg (could you say 100 mg? Thanks!),
// pharmacy De Linde." is one sentence (see insideAsides).
func SentenceEnds(s string) []int {
	var out []int
	asides := insideAsides(s)
	for i := 0; i < len(s); {
		if end, ok := SentenceEndAt(s, i); ok && !slices.ContainsFunc(asides, func(a [2]int) bool { return a[0] < end && end <= a[1] }) {
			out = append(out, end)
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		i += n
	}
	return out
}

// maxAside bounds the bytes between a bracket and the one that closes it
// for insideAsides: a longer bracketed text is a passage of its own.
const maxAside = 400

// asideBrackets pairs the brackets that open an aside with their closers.
var asideBrackets = map[rune]rune{'(': ')', '[': ']', '（': '）', '【': '】'}

// insideAsides returns the ranges [open+1, close) of the bracketed asides
// of s that do not end a sentence themselves: the bracket closes within
// maxAside bytes and the same paragraph (no blank line between), and no
// sentence end takes in the closer ("(Whole aside.) Next." ends one). Brackets
// that close none, or are closed by another kind, pair with nothing.
func insideAsides(s string) [][2]int {
	if !strings.ContainsAny(s, "([（【") {
		return nil
	}
	var out [][2]int
	var open []int // offsets of the open brackets, innermost last
	for i, r := range s {
		switch {
		case r == '\n' && strings.HasPrefix(strings.TrimLeft(s[i+1:], " \t\r"), "\n"):
			open = open[:0] // a blank line ends every aside
		case asideBrackets[r] != 0:
			open = append(open, i)
		case len(open) > 0:
			o := open[len(open)-1]
			or, _ := utf8.DecodeRuneInString(s[o:])
			if asideBrackets[or] != r {
				if strings.ContainsRune(")]）】", r) {
					open = open[:0] // crossed brackets: no aside is sure
				}
				continue
			}
			open = open[:len(open)-1]
			if i-o > maxAside || endsWith(s, o, i) {
				continue
			}
			_, n := utf8.DecodeRuneInString(s[o:])
			out = append(out, [2]int{o + n, i})
		}
	}
	return out
}

// endsWith reports whether a sentence end found in s[o:c] takes in the
// closer at c ("(see above.) Then …").
func endsWith(s string, o, c int) bool {
	p, n := utf8.DecodeLastRuneInString(s[:c])
	for p != utf8.RuneError && strings.ContainsRune(closers, p) && c-n > o {
		c -= n
		p, n = utf8.DecodeLastRuneInString(s[:c])
	}
	end, ok := SentenceEndAt(s, c-n)
	return ok && end > c
}

// SentenceEndAt reports whether the rune at byte offset i of s ends a
// sentence, and returns the offset just after it and any closing quotes or
// brackets. A sentence ends at '.', '!', '?', '…' followed by white space
// (or the end of s) and then not by a lower-case letter, and always at the
// full-width marks '。', '！', '？', '．', '｡'. Decimals (4.5), addresses
// (10.0.0.5), abbreviations (e.g., Dr.), initials (J. Smith), "No. 5" and
// "3. Mai" do not end a sentence. hrag's one sentence rule: the chunker,
// the answer parser, the injection segmenter and the display read it.
func SentenceEndAt(s string, i int) (int, bool) {
	r, n := utf8.DecodeRuneInString(s[i:])
	if !strings.ContainsRune(".!?…。！？．｡", r) {
		return 0, false
	}
	end := i + n
	for end < len(s) {
		c, size := utf8.DecodeRuneInString(s[end:])
		if !strings.ContainsRune(closers, c) {
			break
		}
		end += size
	}
	if r == '。' || r == '！' || r == '？' || r == '．' || r == '｡' {
		return end, true
	}
	if next, _ := utf8.DecodeRuneInString(s[end:]); end < len(s) && !unicode.IsSpace(next) {
		return 0, false
	}
	j := end
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if r == '.' && (AbbreviationBefore(s[:i]) || numbered(s[:i], s[j:]) || dayOfMonth(s[:i], s[j:])) {
		return 0, false
	}
	if next, _ := utf8.DecodeRuneInString(s[j:]); j < len(s) && unicode.IsLower(next) {
		return 0, false
	}
	return end, true
}

// lastWord returns the word at the end of text (after the last space or
// "(").
func lastWord(text string) string {
	return text[strings.LastIndexFunc(text, func(r rune) bool { return unicode.IsSpace(r) || r == '(' })+1:]
}

// numbered reports whether before ends in an abbreviation that takes a
// number (numberedAbbreviations) and after starts with a digit.
func numbered(before, after string) bool {
	r, _ := utf8.DecodeRuneInString(after)
	return numberedAbbreviations[strings.ToLower(lastWord(before))] && unicode.IsDigit(r)
}

// dayOfMonth reports whether before ends in a one- or two-digit number and
// after starts with a month name ("3. Mai", "1. Januar").
func dayOfMonth(before, after string) bool {
	w := lastWord(before)
	if len(w) == 0 || len(w) > 2 || strings.Trim(w, "0123456789") != "" {
		return false
	}
	end := strings.IndexFunc(after, func(r rune) bool { return !unicode.IsLetter(r) })
	if end < 0 {
		end = len(after)
	}
	return end > 0 && months[strings.ToLower(after[:end])]
}

// AbbreviationBefore reports whether text, which a period follows, ends in
// an abbreviation (IsAbbreviation; the word after the last space or "(")
// or an initial (one upper-case letter: "J. Smith").
func AbbreviationBefore(text string) bool {
	i := strings.LastIndexFunc(text, func(r rune) bool { return unicode.IsSpace(r) || r == '(' })
	w := text[i+1:]
	if utf8.RuneCountInString(w) == 1 {
		r, _ := utf8.DecodeRuneInString(w)
		return unicode.IsUpper(r)
	}
	return abbreviations[strings.ToLower(w)]
}
