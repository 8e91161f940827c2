package text

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// spacedRe is a run of one-letter tokens, one space between them, not
// joined to a letter, digit or apostrophe before it ("it's"), which may go on after a spaced
// hyphen with letters or digits ("m a p l e - d o c k - 4 2"); wideRe two
// spaces or more.
var (
	spacedRe = regexp.MustCompile(`(?:^|[^\pL\pN'’])(\pL(?: \pL)+(?: - [\pL\pN](?: [\pL\pN])*)*)`)
	wideRe   = regexp.MustCompile(` {2,}`)
)

// JoinSpaced returns s with each word spelled out letter by letter, one
// space between its letters ("S A T U R D A Y"), written whole. When s
// holds a run of four or more one-letter tokens separated by single
// spaces, not joined to a letter or digit on either side, the spaces of
// every such run of two or more ("T O") go, also around the hyphens of a
// spelled code ("m a p l e - d o c k - 4 2": maple-dock-42); then every gap of two spaces
// or more (the gap between spelled words) becomes one. Letter spacing
// hides a word, and so a value ("7  J U N E"), from whatever reads words.
// Text without such a run ("a b c") is returned as it is.
func JoinSpaced(s string) string {
	var runs [][]int
	long := false
	for _, m := range spacedRe.FindAllStringSubmatchIndex(s, -1) {
		l := m[2:4]
		if after, _ := utf8.DecodeRuneInString(s[l[1]:]); l[1] < len(s) && wordRune(after) {
			continue
		}
		runs = append(runs, l)
		long = long || strings.Count(s[l[0]:l[1]], " ") >= 3
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

// wordRune reports whether r is a letter or a digit.
func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
