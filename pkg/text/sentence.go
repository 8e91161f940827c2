package text

import (
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
	for _, w := range strings.Fields(`e.g i.e etc vs approx incl no nr dr mr mrs ms st ca cf fig pp p jr sr prof inc ltd co corp dept est vol
		jan feb mar apr jun jul aug sep sept oct nov dec mt ft
		z.b bzw usw ggf evtl d.h u.a s.o vgl mio mrd
		env av apr.-j.-c mme mlle p.ex a.m p.m u.s`) {
		abbreviations[w] = true
	}
}

// IsAbbreviation reports whether word (without its final period, any case)
// is an abbreviation whose period does not end a sentence ("e.g", "Dr",
// "bzw", "p.ex").
func IsAbbreviation(word string) bool { return abbreviations[strings.ToLower(word)] }

// closers may follow the punctuation that ends a sentence: quotes,
// brackets and Markdown emphasis.
const closers = `"')]*_»”’」』）`

// SentenceEnds returns the byte offsets just after each sentence end of s
// (after the punctuation and any closing quote or bracket, before the
// space): '.', '!', '?', '…', '。', '！', '？' followed by white space and
// then not by a lower-case letter, or a line break after such a mark.
// Decimals (4.5), addresses (10.0.0.5), abbreviations (e.g., Dr.) and
// initials (J. Smith) do not end a sentence.
func SentenceEnds(s string) []int {
	var out []int
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if !strings.ContainsRune(".!?…。！？", r) {
			continue
		}
		end := i
		for end < len(s) {
			c, size := utf8.DecodeRuneInString(s[end:])
			if !strings.ContainsRune(closers, c) {
				break
			}
			end += size
		}
		if r == '。' || r == '！' || r == '？' {
			out = append(out, end)
			continue
		}
		if next, _ := utf8.DecodeRuneInString(s[end:]); end < len(s) && !unicode.IsSpace(next) {
			continue
		}
		if r == '.' && AbbreviationBefore(s[:i-1]) {
			continue
		}
		j := end
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		if next, _ := utf8.DecodeRuneInString(s[j:]); j < len(s) && unicode.IsLower(next) {
			continue
		}
		out = append(out, end)
	}
	return out
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
