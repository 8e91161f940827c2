package chunk

// Cutting a block that does not fit the budget into pieces that do: lines
// or sentences, then words, then characters; and the overlap tail of a
// chunk.

import (
	"strings"
	"unicode/utf8"

	"github.com/hrag-dev/hrag/pkg/extract"
	"github.com/hrag-dev/hrag/pkg/text"
)

// splitBlock returns b as one unit when it fits max, else as pieces that do:
// lines (code) or sentences (prose), then words, then characters. With a
// Spanner, b is tokenized once and the pieces are sized from that pass
// (spanCounter); each piece is then counted exactly, and if one does not fit
// the block is sized again with exact counts of every candidate piece.
func splitBlock(b extract.Block, max int, tk Counter) []unit {
	var spans [][2]int
	var n int
	sp, fast := tk.(Spanner)
	if fast {
		spans = sp.Spans(b.Text)
		n = len(spans)
	} else {
		n = tk.Count(b.Text)
	}
	if n <= max {
		return []unit{{text: b.Text, start: b.StartLine, end: b.EndLine, page0: b.StartPage, page1: b.EndPage, tokens: n}}
	}
	// A pipe table is cut between rows, like code between lines; its pieces
	// after the first carry its header (unit.header), which Split repeats
	// before them.
	header, tbl, table := tableHeader(b)
	var levels []func(string) []span
	if b.Code || table {
		levels = []func(string) []span{lineSpans, wordSpans, runeSpans}
	} else {
		levels = []func(string) []span{sentenceSpans, wordSpans, runeSpans}
	}
	var out []unit
	ok := false
	if fast {
		out, ok = splitUnits(b, levels, max, tk, spanCounter(spans))
	}
	if !ok {
		out, _ = splitUnits(b, levels, max, tk, exactCounter(b.Text, tk))
	}
	if b.Code {
		// Pieces after the first continue the code block: they carry its
		// opening fence line, so that readers and the prompt-injection
		// rules read them as code (text.RepeatedCodeFence).
		first, _, _ := strings.Cut(b.Text, "\n")
		if _, ok := text.OpensFence(first); ok {
			for i := 1; i < len(out); i++ {
				out[i].header = first
			}
		}
	}
	if table {
		// Pieces that start among the table's body rows carry its header.
		at := 0
		for i := range out {
			start := strings.Index(b.Text[at:], out[i].text)
			if start < 0 {
				break
			}
			start += at
			at = start + len(out[i].text)
			if i > 0 && start >= tbl.body && start < tbl.end {
				out[i].header = header
			}
		}
	}
	return out
}

// tableSpan is where a block's pipe table lies: its header and delimiter
// rows end at body, its body rows run to end (byte offsets in the block).
type tableSpan struct{ body, end int }

// tableHeader returns the header and delimiter rows of the pipe table in
// b, and where its body rows lie, when b holds one: a table row followed by
// a delimiter row, then the table's rows; lines before the table (a
// heading, an introducing sentence) and after it (a caption) may share the
// block.
func tableHeader(b extract.Block) (string, tableSpan, bool) {
	if b.Code {
		return "", tableSpan{}, false
	}
	t := b.Text
	for ls := 0; ls < len(t); {
		le := strings.IndexByte(t[ls:], '\n')
		if le < 0 {
			break
		}
		if header, ok := text.OpensTable(t[ls:]); ok {
			body := ls + len(header) + 1
			end := body
			for end < len(t) {
				e := strings.IndexByte(t[end:], '\n')
				if e < 0 {
					e = len(t) - end
				}
				if !text.IsTableRow(t[end : end+e]) {
					break
				}
				end += e + 1
			}
			return header, tableSpan{body: min(body, len(t)), end: min(end, len(t))}, true
		}
		ls += le + 1
	}
	return "", tableSpan{}, false
}

// splitUnits cuts b into units sized by count and counts each exactly; ok
// is false when a unit of more than one character exceeds max (count
// underestimated it).
func splitUnits(b extract.Block, levels []func(string) []span, max int, tk Counter, count rangeCounter) ([]unit, bool) {
	var out []unit
	for _, sp := range split(b.Text, span{0, len(b.Text)}, levels, max, count) {
		t := b.Text[sp.a:sp.b]
		n := tk.Count(t)
		if n > max && utf8.RuneCountInString(t) > 1 {
			return nil, false
		}
		u := unit{text: t, page0: pageAt(b, sp.a), page1: pageAt(b, sp.b-1), tokens: n}
		if b.StartLine > 0 {
			u.start = b.StartLine + strings.Count(b.Text[:sp.a], "\n")
			u.end = u.start + strings.Count(t, "\n")
		}
		out = append(out, u)
	}
	return out, true
}

// span is a byte range [a, b) of a text.
type span struct{ a, b int }

// split cuts text[s] into spans that fit max tokens, using the coarsest
// segmentation that works; spans are trimmed of surrounding whitespace.
func split(text string, s span, levels []func(string) []span, max int, count rangeCounter) []span {
	var out, fitting []span
	flush := func() {
		out = append(out, packSpans(fitting, max, count)...)
		fitting = fitting[:0]
	}
	for _, sg := range levels[0](text[s.a:s.b]) {
		p := span{s.a + sg.a, s.a + sg.b}
		if count(p.a, p.b) <= max {
			fitting = append(fitting, p)
			continue
		}
		flush()
		if len(levels) > 1 {
			out = append(out, split(text, p, levels[1:], max, count)...)
		} else {
			out = append(out, p) // one character over budget: nothing smaller exists
		}
	}
	flush()
	return out
}

// packSpans greedily merges consecutive spans (keeping the original text
// between them) while the merged text fits max tokens.
func packSpans(spans []span, max int, count rangeCounter) []span {
	var out []span
	for i := 0; i < len(spans); {
		lo := lastFitting(i, len(spans), func(j int) bool { return count(spans[i].a, spans[j].b) <= max })
		out = append(out, span{spans[i].a, spans[lo].b})
		i = lo + 1
	}
	return out
}

// trimmed returns the span of text[a:b] without surrounding whitespace, and
// false when nothing is left.
func trimmed(text string, a, b int) (span, bool) {
	for a < b && isSpace(text[a]) {
		a++
	}
	for b > a && isSpace(text[b-1]) {
		b--
	}
	return span{a, b}, b > a
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// sentenceSpans cuts prose at its sentence ends (text.SentenceEnds:
// abbreviations, initials and decimals are no ends; CJK marks are, without
// a space), each span trimmed of white space.
func sentenceSpans(s string) []span {
	var out []span
	a := 0
	for _, e := range text.SentenceEnds(s) {
		if sp, ok := trimmed(s, a, e); ok {
			out = append(out, sp)
		}
		a = e
	}
	if sp, ok := trimmed(s, a, len(s)); ok {
		out = append(out, sp)
	}
	return out
}

func lineSpans(text string) []span {
	var out []span
	a := 0
	for a <= len(text) {
		b := strings.IndexByte(text[a:], '\n')
		if b < 0 {
			b = len(text)
		} else {
			b += a
		}
		if sp, ok := trimmed(text, a, b); ok {
			out = append(out, sp)
		}
		a = b + 1
	}
	return out
}

func wordSpans(text string) []span {
	var out []span
	a := -1
	for i := 0; i < len(text); i++ {
		if isSpace(text[i]) {
			if a >= 0 {
				out = append(out, span{a, i})
				a = -1
			}
		} else if a < 0 {
			a = i
		}
	}
	if a >= 0 {
		out = append(out, span{a, len(text)})
	}
	return out
}

func runeSpans(text string) []span {
	out := make([]span, 0, utf8.RuneCountInString(text))
	for i, r := range text {
		out = append(out, span{i, i + utf8.RuneLen(r)})
	}
	return out
}

// Tail returns the end of text that fits max tokens, starting at a word
// boundary; "" when not even the last word fits. With a Spanner, text is
// tokenized once and the start found from that pass, then checked with one
// exact count.
func Tail(text string, max int, tk Counter) string {
	words := wordSpans(text)
	if len(words) == 0 {
		return ""
	}
	if sp, ok := tk.(Spanner); ok {
		count := spanCounter(sp.Spans(text))
		k := tailStart(words, max, func(a int) int { return count(a, len(text)) })
		if k >= len(words) || tk.Count(text[words[k].a:]) <= max {
			return tailText(text, words, k)
		}
	}
	return tailText(text, words, tailStart(words, max, func(a int) int { return tk.Count(text[a:]) }))
}

// tailStart is the smallest k such that the text from words[k] on fits max
// tokens (count(a) = tokens of the text from byte a on, falling as a grows),
// or len(words) when not even the last word fits.
func tailStart(words []span, max int, count func(a int) int) int {
	if count(words[0].a) <= max {
		return 0
	}
	lo, hi := len(words), 1 // lo: known to fit (empty); k=0 does not fit
	for lo-hi > 0 {
		mid := (lo + hi) / 2
		if count(words[mid].a) <= max {
			lo = mid
		} else {
			hi = mid + 1
		}
	}
	return lo
}

func tailText(text string, words []span, k int) string {
	if k >= len(words) {
		return ""
	}
	return strings.TrimSpace(text[words[k].a:])
}
