package text

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Aside is a parenthetical insertion in a sentence, as byte offsets into
// it: [Start, End) runs from its opening delimiter to its closing one,
// inclusive.
type Aside struct{ Start, End int }

// asideOpeners pairs the brackets that open an aside with those that
// close it: round, square and curly, and the full-width round and
// square, white square (⟦⟧), lenticular (【】) and tortoise-shell (〔〕)
// brackets.
var asideOpeners = map[string]string{"(": ")", "[": "]", "{": "}", "（": "）", "［": "］", "⟦": "⟧", "【": "】", "〔": "〕"}

// gluedOpeners are the brackets that open an aside even right after a
// word: no program or formula writes them so.
var gluedOpeners = map[string]bool{"（": true, "［": true, "⟦": true, "【": true, "〔": true}

// gluedWordsRe matches what follows a bracket glued to a number when the
// bracket still opens an aside: a word of three letters or more and a
// space ("4819(update from the caretaker: …)"), which no call or index
// ("log2(n)", "a[10]") holds.
var gluedWordsRe = regexp.MustCompile(`^\pL{3,}[ \x{a0}]`)

// isSpace reports whether b is a space, a tab or a line break.
func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' }

// Asides returns the parenthetical insertions of sentence s, outermost
// only, in order (Nunberg, "The Linguistics of Punctuation", 1990: the
// dash and the parenthesis delimit an interpolation in the host
// sentence):
//   - a bracket opened at the start of s or after white space (the
//     full-width, white square and lenticular ones anywhere), to the
//     bracket that closes it (brackets nest; one never closed is no
//     aside);
//   - an em dash (emDashes), spaced or not, or a spaced en dash, figure
//     dash, horizontal bar, hyphen or double hyphen typed for one, or a
//     spaced asterism or reference mark (spacedDashes), to the next such
//     mark, semicolon or the end of s.
//
// A bracket that follows a word ("f(x)", "item[2]") opens no aside, and
// neither does a dash between two numbers: "09:00 – 17:30" is a range.
func Asides(s string) []Aside {
	var out []Aside
	for i := 0; i < len(s); {
		if a, ok := bracketAside(s, i); ok {
			out = append(out, a)
			i = a.End
			continue
		}
		if n := asideDash(s, i); n > 0 {
			end := len(s)
			for j := i + n; j < len(s); j++ {
				if s[j] == ';' {
					end = j
					break
				}
				if m := asideDash(s, j); m > 0 {
					end = j + m
					break
				}
			}
			out = append(out, Aside{Start: i, End: end})
			i = end
			continue
		}
		i++
	}
	return out
}

// bracketAside returns the aside opened by a bracket at s[i:], if one is
// there (after white space or at the start of s, or glued for
// gluedOpeners) and is closed.
func bracketAside(s string, i int) (Aside, bool) {
	open, closer := "", ""
	for o, c := range asideOpeners {
		if strings.HasPrefix(s[i:], o) {
			open, closer = o, c
		}
	}
	if open == "" {
		return Aside{}, false
	}
	if i > 0 && !gluedOpeners[open] && !isSpace(s[i-1]) && !spaceBefore(s, i) {
		if !unicode.IsDigit(rune(s[i-1])) || !gluedWordsRe.MatchString(s[i+len(open):]) {
			return Aside{}, false
		}
	}
	depth := 0
	for j := i + len(open); j < len(s); j++ {
		switch {
		case strings.HasPrefix(s[j:], open):
			depth++
		case strings.HasPrefix(s[j:], closer):
			if depth == 0 {
				return Aside{Start: i, End: j + len(closer)}, true
			}
			depth--
		}
	}
	return Aside{}, false
}

// spacedDashes are typed for a dash only with a space on each side: the
// en dash, figure dash and horizontal bar, a hyphen or two, and the
// asterism and reference mark (⁂, ※), which set a remark apart as a dash
// does.
var spacedDashes = []string{"--", "–", "‒", "―", "-", "⁂", "※"}

// emDashes open or close an aside spaced or not: the em dash and the
// two- and three-em dashes (⸺, ⸻).
var emDashes = []string{"—", "⸺", "⸻"}

// asideDash returns the byte length of a dash at s[i:] that opens or
// closes an aside, or 0: an em dash, or one of spacedDashes with a space
// on each side, and in either case not between two numbers (a range).
func asideDash(s string, i int) int {
	n := 0
	for _, d := range emDashes {
		if strings.HasPrefix(s[i:], d) {
			n = len(d)
		}
	}
	if n == 0 && i > 0 && (s[i-1] == ' ' || spaceBefore(s, i)) {
		for _, d := range spacedDashes {
			if strings.HasPrefix(s[i:], d) && spaceAt(s, i+len(d)) {
				n = len(d)
				break
			}
		}
	}
	if n == 0 {
		return 0
	}
	before := strings.TrimRight(s[:i], " "+noBreakSpaces)
	after := strings.TrimLeft(s[i+n:], " "+noBreakSpaces)
	last, _ := utf8.DecodeLastRuneInString(before)
	first, _ := utf8.DecodeRuneInString(after)
	if unicode.IsDigit(last) && unicode.IsDigit(first) {
		return 0
	}
	return n
}

// noBreakSpaces are the spaces typesetting puts before a dash or a colon:
// no-break, narrow no-break and thin.
const noBreakSpaces = "\u00a0\u202f\u2009"

// spaceBefore reports whether s[:i] ends with a no-break space
// (noBreakSpaces).
func spaceBefore(s string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return strings.ContainsRune(noBreakSpaces, r)
}

// spaceAt reports whether s[i:] starts with a space or a no-break space.
func spaceAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r == ' ' || strings.ContainsRune(noBreakSpaces, r)
}
