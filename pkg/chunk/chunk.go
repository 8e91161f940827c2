// Package chunk cuts an extracted document (extract.Document) into passages
// (chunks) whose size is measured in tokens of the embedding model's own
// tokenizer, keeping each passage's lines or pages.
//
// Rules: chunks never span a header boundary; paragraphs are packed whole
// while they fit; a paragraph longer than the budget is split at sentence
// boundaries, then at whitespace, and only a single "word" longer than the
// whole budget is cut inside. The stored content of a chunk is plain text.
// The text that is embedded additionally carries a breadcrumb of the
// enclosing headers ("[Title > Section > Subsection]") and the tail of the
// previous chunk of the same section (overlap).
package chunk

import (
	"crypto/sha256"
	"sort"
	"strings"

	"github.com/hrag-dev/hrag/pkg/text"

	"github.com/hrag-dev/hrag/pkg/extract"
)

// Counter counts tokens of text without special tokens. *tokenize.Tokenizer
// implements it.
type Counter interface {
	Count(text string) int
}

// Options sizes chunks. All sizes are in tokens of the embedding model's
// tokenizer.
type Options struct {
	ContentTokens    int // maximum tokens of a chunk's stored content (RAG_CHUNK_TOKENS)
	OverlapTokens    int // maximum tokens of the previous chunk's tail (RAG_CHUNK_OVERLAP_TOKENS)
	BreadcrumbTokens int // maximum tokens of the breadcrumb (RAG_CHUNK_BREADCRUMB_TOKENS)
	// InputTokens is the model's input limit including special tokens
	// (0 = unlimited), SpecialTokens how many of those the model adds and
	// PrefixTokens the tokens of the document prefix (RAG_EMBED_DOCUMENT_PREFIX).
	InputTokens   int
	SpecialTokens int
	PrefixTokens  int
	// JunkRun and JunkLine are MaskJunk's thresholds, in characters
	// (RAG_JUNK_RUN, RAG_JUNK_LINE; ≤ 0: that rule is off).
	JunkRun  int
	JunkLine int
}

// Fit returns o with ContentTokens lowered so that prefix + breadcrumb +
// overlap + content + special tokens fit InputTokens, and whether it had to
// lower it. Content keeps at least half of the room left after the special
// and prefix tokens: when breadcrumb + overlap would take more, both are
// scaled down in proportion (a 128-token model gets 62 content, 38
// breadcrumb and 24 overlap tokens from the defaults 64/40, instead of 20
// content tokens). The result has ContentTokens ≥ 1.
func (o Options) Fit() (Options, bool) {
	if o.InputTokens <= 0 {
		return o, false
	}
	avail := o.InputTokens - o.SpecialTokens - o.PrefixTokens - 2 // separators
	if avail < 2 {
		avail = 2
	}
	if ctx := o.BreadcrumbTokens + o.OverlapTokens; ctx > avail-avail/2 {
		keep := avail - avail/2 // at most half for breadcrumb + overlap
		o.BreadcrumbTokens = o.BreadcrumbTokens * keep / ctx
		o.OverlapTokens = keep - o.BreadcrumbTokens
	}
	room := avail - o.BreadcrumbTokens - o.OverlapTokens
	if room >= o.ContentTokens {
		return o, false
	}
	if room < 1 {
		room = 1
	}
	o.ContentTokens = room
	return o, true
}

// Chunk is one passage of a document.
type Chunk struct {
	Ordinal    int    // 0-based position in the document
	Content    string // stored and shown text, verbatim from the document
	Breadcrumb string // "[Title > Section]", "" when the document has no headers or title
	// Context is prepended to Content when embedding: the breadcrumb line and
	// the previous chunk's tail in the same section.
	Context   string
	StartLine int // 1-based, inclusive; 0 when the format has no lines (extract.Format.Lines)
	EndLine   int // 1-based, inclusive
	StartPage int // 1-based, inclusive; 0 when the format has no pages (PDF has)
	EndPage   int // 1-based, inclusive
	Tokens    int // tokens of Content
}

// EmbedText is the text to embed (before any model prefix): Context + Content.
func (c Chunk) EmbedText() string { return c.Context + c.Content }

// Hash is the SHA-256 of EmbedText: equal hashes mean an equal embedding.
func (c Chunk) Hash() []byte {
	h := sha256.Sum256([]byte(c.EmbedText()))
	return h[:]
}

// Split cuts doc into chunks following the package rules. opts must already
// be fitted (see Options.Fit); ContentTokens must be ≥ 1.
func Split(doc extract.Document, opts Options, tk Counter) []Chunk {
	if opts.ContentTokens < 1 {
		opts.ContentTokens = 1
	}
	var out []Chunk
	var carry []extract.Block // header-only sections waiting for the next section
	for si, sec := range doc.Sections {
		bc := Breadcrumb(sec.Path, opts.BreadcrumbTokens, tk)
		var units []unit
		blocks := append(carry, sec.Blocks...)
		carry = nil
		// A section that is only its header ("# Network" right before "##
		// Wi-Fi") goes with the next section instead of being a chunk of its
		// own: the breadcrumbs there name it anyway.
		if si+1 < len(doc.Sections) && onlyHeaders(blocks) {
			carry = blocks
			continue
		}
		// A header travels with the paragraph after it, so that a long first
		// paragraph does not leave the header alone in a chunk.
		for len(blocks) > 1 && blocks[0].Header && !blocks[1].Code {
			blocks = append([]extract.Block{mergeBlocks(blocks[0], blocks[1])}, blocks[2:]...)
		}
		for _, b := range blocks {
			units = append(units, splitBlock(b, opts.ContentTokens, tk)...)
		}
		prev := ""
		for _, g := range pack(units, opts.ContentTokens, tk) {
			c := Chunk{Ordinal: len(out), Content: g.text, Breadcrumb: bc, StartLine: g.start, EndLine: g.end,
				StartPage: g.page0, EndPage: g.page1, Tokens: g.tokens}
			tail := ""
			switch {
			case g.header != "":
				// Rows of a table cut before them: their header instead of
				// the previous rows, so that the embedding (and, from the
				// stored context, the reader and the answer checks:
				// text.RepeatedTableHeader) knows the columns; lines of a
				// code block: its opening fence (text.RepeatedCodeFence).
				tail = g.header
			case prev != "" && opts.OverlapTokens > 0:
				tail = Tail(prev, opts.OverlapTokens, tk)
				if _, _, fence := text.Fence(strings.TrimSpace(tail)); fence {
					tail = "" // one fence line alone would read as a code block's opening
				}
			}
			c.Context = context(bc, tail)
			over := func() bool {
				return opts.InputTokens > 0 && opts.SpecialTokens+opts.PrefixTokens+tk.Count(c.EmbedText()) > opts.InputTokens
			}
			if tail != "" && over() {
				// Rare: joining changed the count, or a code fence's info
				// string is long. A fence shrinks to its bare characters
				// (still read as the block's opening); anything else goes.
				c.Context = context(bc, "")
				if f, ok := text.OpensFence(g.header); ok {
					if c.Context = context(bc, f); over() {
						c.Context = context(bc, "")
					}
				}
			}
			out = append(out, c)
			prev = g.text
		}
	}
	return out
}

func context(breadcrumb, tail string) string {
	var b strings.Builder
	if breadcrumb != "" {
		b.WriteString(breadcrumb)
		b.WriteString("\n")
	}
	if tail != "" {
		b.WriteString(tail)
		b.WriteString("\n\n")
	}
	return b.String()
}

// mergeBlocks joins a header block a to the block b after it, with as many
// line breaks between them as the file has (line numbers stay exact), one
// when the format has no lines.
func mergeBlocks(a, b extract.Block) extract.Block {
	gap := "\n"
	if a.EndLine > 0 {
		gap = strings.Repeat("\n", max(1, b.StartLine-a.EndLine))
	}
	m := extract.Block{Text: a.Text + gap + b.Text, StartLine: a.StartLine, EndLine: b.EndLine,
		StartPage: a.StartPage, EndPage: b.EndPage, Header: b.Header}
	if a.StartPage == 0 {
		m.StartPage = b.StartPage
	}
	m.PageBreaks = append(m.PageBreaks, a.PageBreaks...)
	if a.EndPage > 0 && b.StartPage > a.EndPage {
		m.PageBreaks = append(m.PageBreaks, len(a.Text)+len(gap))
	}
	for _, o := range b.PageBreaks {
		m.PageBreaks = append(m.PageBreaks, len(a.Text)+len(gap)+o)
	}
	return m
}

// unit is a piece of text that is packed whole.
type unit struct {
	text         string
	start, end   int // lines; 0 when the format has none
	page0, page1 int // pages; 0 when the format has none
	tokens       int
	// header is the header and delimiter rows of the pipe table whose rows
	// the unit continues (a piece of a table after its first), or the
	// opening fence line of the code block it continues, else "".
	header string
}

// pageAt is the page of byte offset i of b's text.
func pageAt(b extract.Block, i int) int {
	if b.StartPage == 0 {
		return 0
	}
	return b.StartPage + sort.SearchInts(b.PageBreaks, i+1)
}

// pack greedily joins consecutive units, separated as in the file (gap),
// while the joined text fits max tokens. Every unit must fit on its own.
// With a Spanner the joined length is taken as the sum of the units' tokens
// (exact when the gap is white space that the tokenizer splits at) and each joined unit is then counted
// exactly; where that finds more than max, the join is sized again with
// exact counts.
func pack(units []unit, max int, tk Counter) []unit {
	_, fast := tk.(Spanner)
	var out []unit
	for i := 0; i < len(units); {
		join := func(j int) string { // units[i..j] joined
			var b strings.Builder
			for k, u := range units[i : j+1] {
				if k > 0 {
					b.WriteString(gap(units[i+k-1], u))
				}
				b.WriteString(u.text)
			}
			return b.String()
		}
		lo, loTokens := -1, 0
		if fast {
			sum := units[i].tokens
			lo = i
			for lo+1 < len(units) && sum+units[lo+1].tokens <= max {
				lo++
				sum += units[lo].tokens
			}
			if lo == i {
				loTokens = units[i].tokens
			} else if n := tk.Count(join(lo)); n <= max {
				loTokens = n
			} else {
				lo = -1
			}
		}
		if lo < 0 {
			lo, loTokens = packExact(units, i, max, tk, join)
		}
		out = append(out, unit{text: join(lo), start: units[i].start, end: units[lo].end,
			page0: units[i].page0, page1: units[lo].page1, tokens: loTokens, header: units[i].header})
		i = lo + 1
	}
	return out
}

// gap is the white space between units a and b packed into one chunk, as
// it stands in the file, so that a chunk's lines are the file's lines from
// StartLine on: as many line breaks as separate them ("\n" for adjacent
// lines, one more per blank line between), a space when b goes on on a's
// line (pieces of a split sentence), and a blank line for formats without
// line numbers (PDF, HTML).
func gap(a, b unit) string {
	if a.end == 0 || b.start == 0 || b.start < a.end {
		return "\n\n"
	}
	if b.start == a.end {
		return " "
	}
	return strings.Repeat("\n", b.start-a.end)
}

// packExact returns the last j ≥ i whose join of units[i..j] fits max tokens,
// and its tokens (lastFitting: O(log n) counts of texts at most about twice
// the budget).
func packExact(units []unit, i, max int, tk Counter, join func(int) string) (int, int) {
	tokens := units[i].tokens
	j := lastFitting(i, len(units), func(j int) bool {
		n := tk.Count(join(j))
		if n <= max {
			tokens = n // the last probe that fits is the answer
		}
		return n <= max
	})
	return j, tokens
}

// lastFitting returns the last j in [i, n) for which fits holds, given that
// it holds for i and, once false, stays false for larger j: it gallops
// (i+1, i+2, i+4, ...) to the first failure, then bisects. fits is called
// O(log(j−i)) times, the last call that returned true being for the result.
func lastFitting(i, n int, fits func(j int) bool) int {
	lo, step, hi := i, 1, n
	for lo+step < n {
		if !fits(lo + step) {
			hi = lo + step
			break
		}
		lo += step
		step *= 2
	}
	for hi-lo > 1 {
		if mid := (lo + hi) / 2; fits(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

func onlyHeaders(bs []extract.Block) bool {
	for _, b := range bs {
		if !b.Header {
			return false
		}
	}
	return len(bs) > 0
}
