package text

import "regexp"

// paragraphBreakRe is a blank line, or a line that is a horizontal rule
// ("---", "***", "___"), between paragraphs; the "\r" of Windows line ends
// is allowed.
var paragraphBreakRe = regexp.MustCompile(`\r?\n[ \t\r]*(?:(?:-{3,}|\*{3,}|_{3,})[ \t\r]*)?\n`)

// Paragraphs returns the byte spans [start, end) of s's paragraphs: the
// text between blank lines or horizontal rules, in order, the breaks
// themselves left out. A text without a break is one paragraph; empty
// spans are kept, so that the spans and the breaks tile s.
func Paragraphs(s string) [][2]int {
	var out [][2]int
	start := 0
	for _, m := range paragraphBreakRe.FindAllStringIndex(s, -1) {
		out = append(out, [2]int{start, m[0]})
		start = m[1]
	}
	return append(out, [2]int{start, len(s)})
}
