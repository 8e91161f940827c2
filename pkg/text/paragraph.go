package text

import (
	"regexp"
	"strings"
)

// paragraphBreakRe is a blank line, or a line that is a horizontal rule
// ("---", "***", "___"), between paragraphs; the "\r" of Windows line ends
// is allowed.
var paragraphBreakRe = regexp.MustCompile(`\r?\n[ \t\r]*(?:(?:-{3,}|\*{3,}|_{3,})[ \t\r]*)?\n`)

// quoteStartRe is a line that opens a Markdown block quote ("> …") after a
// line that does not: CommonMark lets a block quote interrupt a paragraph
// (spec 0.31, 5.1), and a note pastes a message so ("> Message du
// syndic : …" under the owner's own lines).
var quoteStartRe = regexp.MustCompile(`\n[ \t]{0,3}>`)

// Paragraphs returns the byte spans [start, end) of s's paragraphs: the
// text between blank lines or horizontal rules, in order, the breaks
// themselves left out; a block quote that starts after a line of other
// text starts a paragraph of its own (quoteStartRe), the line end before
// it being the break. A text without a break is one paragraph; empty
// spans are kept, so that the spans and the breaks tile s.
func Paragraphs(s string) [][2]int {
	var out [][2]int
	add := func(start, end int) {
		base := start
		for _, m := range quoteStartRe.FindAllStringIndex(s[base:end], -1) {
			if at := base + m[0]; !quotedLine(s[lineStart(s, at):at]) {
				out = append(out, [2]int{start, at})
				start = at + 1
			}
		}
		out = append(out, [2]int{start, end})
	}
	start := 0
	for _, m := range paragraphBreakRe.FindAllStringIndex(s, -1) {
		add(start, m[0])
		start = m[1]
	}
	add(start, len(s))
	return out
}

// quotedLine reports whether line is part of a Markdown block quote.
func quotedLine(line string) bool {
	return strings.HasPrefix(strings.TrimLeft(line, " \t"), ">")
}
