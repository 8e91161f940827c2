package text

import (
	"regexp"
	"slices"
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

// chatLineRe is a line of a chat app's export, a message pasted with its
// date, time and sender ("[14/03 19:02] Andrés Molina: …", "[14.03.25,
// 19:02:11] Anna: …" after a left-to-right mark, "14/03/2025, 19:02 -
// Anna: …"), or a sender's line with the date and time, the message on
// the lines below ("Ben Carter, [14.03.2025 19:02]").
var chatLineRe = regexp.MustCompile(`(?m)^[ \t\x{200E}\x{200F}]*(?:(?:\[` + chatStamp + `\]|` + chatStamp + ` [-–]) ?[^:\n]{1,40}: |[^\[\]:\n]{1,40}, \[` + chatStamp + `\][ \t]*$)`)

// chatStamp is a chat message's date and time: "14/03 19:02", "14.03.25,
// 19:02:11", "3/14/25, 7:02 PM" (with a narrow no-break space before "PM"
// too).
const chatStamp = `\d{1,2}[./-]\d{1,2}(?:[./-]\d{2,4})?,? \d{1,2}:\d{2}(?::\d{2})?(?:[ \x{202F}]?[AaPp]\.? ?[Mm]\.?)?`

// HasChatLine reports whether s holds a line of a chat app's export
// (chatLineRe): a message pasted with its date, time and sender.
func HasChatLine(s string) bool { return chatLineRe.MatchString(s) }

// Paragraphs returns the byte spans [start, end) of s's paragraphs: the
// text between blank lines or horizontal rules, in order, the breaks
// themselves left out. A pasted message that starts after a line of other
// text starts a paragraph of its own, the line end before it being the
// break: a block quote (quoteStartRe) and a chat export's lines
// (chatLineRe; the messages that follow it stay with it). A text without
// a break is one paragraph; empty spans are kept, so that the spans and
// the breaks tile s.
func Paragraphs(s string) [][2]int {
	var out [][2]int
	add := func(start, end int) {
		var starts []int // the line ends before a pasted message
		for _, m := range quoteStartRe.FindAllStringIndex(s[start:end], -1) {
			if at := start + m[0]; !quotedLine(s[lineStart(s, at):at]) {
				starts = append(starts, at)
			}
		}
		for _, m := range chatLineRe.FindAllStringIndex(s[start:end], -1) {
			if at := start + m[0] - 1; at > start && s[at] == '\n' && !chatLineRe.MatchString(s[lineStart(s, at):at]) {
				starts = append(starts, at)
			}
		}
		slices.Sort(starts)
		for _, at := range starts {
			out = append(out, [2]int{start, at})
			start = at + 1
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
