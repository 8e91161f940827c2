package extract

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ExtractPDF extracts a PDF: the text of every page with poppler's
// `pdftotext -bbox-layout` (blocks, lines and words with their boxes, in
// reading order), the outline (bookmarks) with qpdf's JSON output, when qpdf
// is installed. Each block keeps its page (1-based, the page's position in
// the file, as viewers' "go to page" counts); a paragraph running on to the
// next page is one block with a page break. Lines that end in a hyphen are
// joined to the next line's word, without the hyphen unless the document
// writes the joined word with one elsewhere ("x-value"); blocks at the top
// or bottom of the page whose text, digits aside, repeats on at least half
// of the pages (or of the odd or even pages) are running headers and
// footers, dropped, as are table-of-contents lines (dot leaders), blocks of
// a bare number and pages where such blocks are a quarter or more of the
// blocks (a table of contents). Outline entries open sections at the block their
// destination points to (the block whose first line is the entry's title,
// else the first at or below the destination's top); without an outline a
// PDF is one section. The title is the PDF's Title metadata, else the file
// name. Encrypted, corrupt and image-only PDFs are skipped (ErrSkipped)
// with the reason; a missing pdftotext is ErrNoConverter.
func ExtractPDF(ctx context.Context, path string, opts Options) (Document, error) {
	var pdf pdfText
	err := run(ctx, opts, func(r io.Reader) error { return pdf.read(r) }, "pdftotext", "-bbox-layout", "-enc", "UTF-8", path, "-")
	var pe *procError
	if errors.As(err, &pe) {
		switch {
		case pe.code == 1 && strings.Contains(pe.stderr, "password"):
			return Document{}, skip("encrypted PDF (it needs a password to open); skipped: save a copy without the password (qpdf --decrypt --password=PASSWORD in.pdf out.pdf) to index it")
		case pe.code == 3:
			return Document{}, skip("PDF whose permissions forbid copying its text; skipped")
		case pe.code == 1:
			return Document{}, skip("corrupt or truncated PDF (pdftotext: %s); skipped: a complete copy of the file can be indexed", firstNonEmpty(pe.stderr, "cannot open it"))
		}
		return Document{}, err
	}
	if err != nil {
		return Document{}, err
	}
	if len(pdf.pages) == 0 {
		return Document{}, skip("PDF with no pages; skipped")
	}
	if pdf.words == 0 {
		return Document{}, skip("PDF without a text layer (%d page(s) without text: scanned images or blank pages?); skipped: run OCR on it (e.g. ocrmypdf) to index it", len(pdf.pages))
	}
	var marks []outlineMark
	if qerr := run(ctx, opts, func(r io.Reader) error {
		var err error
		marks, err = readOutline(r)
		return err
	}, "qpdf", "--json=2", "--json-key=outlines", "--json-key=pages", path); qerr != nil && len(marks) == 0 {
		if !errors.As(qerr, &pe) || pe.code < 0 {
			// qpdf missing, stopped at RAG_EXTRACT_TIMEOUT, killed (memory) or
			// cancelled: a failure, so that the next run reads the outline.
			return Document{}, fmt.Errorf("reading the PDF outline: %w", qerr)
		}
		marks = nil // qpdf read the file but found no usable outline: the breadcrumb is the title alone
	}
	doc := pdf.document(path, marks)
	if doc.empty() {
		return doc, skip("PDF whose only text is running headers, page numbers or a table of contents; skipped")
	}
	return doc, nil
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// pdfText is pdftotext's -bbox-layout output.
type pdfText struct {
	title string
	pages []pdfPage
	words int
}

type pdfPage struct {
	width, height float64
	blocks        []pdfBlock
}

type pdfBlock struct {
	xMin, yMin, xMax, yMax float64 // points, y from the top of the page
	lines                  []pdfLine
}

type pdfLine struct {
	xMax  float64
	words []string
}

// read parses the XHTML that pdftotext -bbox-layout writes, as a stream.
func (p *pdfText) read(r io.Reader) error {
	d := xml.NewDecoder(r)
	d.Strict = false
	d.Entity = xml.HTMLEntity
	var word strings.Builder
	inWord, inTitle := false, false
	num := func(e xml.StartElement, name string) float64 {
		for _, a := range e.Attr {
			if a.Name.Local == name {
				f, _ := strconv.ParseFloat(a.Value, 64)
				return f
			}
		}
		return 0
	}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading pdftotext's output: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "title":
				inTitle = true
			case "page":
				p.pages = append(p.pages, pdfPage{width: num(t, "width"), height: num(t, "height")})
			case "block":
				if pg := p.last(); pg != nil {
					pg.blocks = append(pg.blocks, pdfBlock{xMin: num(t, "xMin"), yMin: num(t, "yMin"), xMax: num(t, "xMax"), yMax: num(t, "yMax")})
				}
			case "line":
				if b := p.lastBlock(); b != nil {
					b.lines = append(b.lines, pdfLine{xMax: num(t, "xMax")})
				}
			case "word":
				inWord = true
				word.Reset()
			}
		case xml.CharData:
			switch {
			case inWord:
				word.Write(t)
			case inTitle:
				p.title += string(t)
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "title":
				inTitle = false
			case "word":
				inWord = false
				if b := p.lastBlock(); b != nil && len(b.lines) > 0 {
					if w := strings.TrimSpace(word.String()); w != "" {
						l := &b.lines[len(b.lines)-1]
						l.words = append(l.words, w)
						p.words++
					}
				}
			}
		}
	}
}

func (p *pdfText) last() *pdfPage {
	if len(p.pages) == 0 {
		return nil
	}
	return &p.pages[len(p.pages)-1]
}

func (p *pdfText) lastBlock() *pdfBlock {
	pg := p.last()
	if pg == nil || len(pg.blocks) == 0 {
		return nil
	}
	return &pg.blocks[len(pg.blocks)-1]
}

// outlineMark is an outline entry: its title, depth (1 = top level) and
// destination, the page (1-based) and the top of the view in points from
// the top of the page (NaN: the page's top).
type outlineMark struct {
	title string
	level int
	page  int
	top   float64 // from the bottom, as PDF coordinates; NaN: unknown
}

// readOutline reads qpdf --json=2 output with the outlines and pages keys:
// the outline entries in outline order, with resolvable destinations.
func readOutline(r io.Reader) ([]outlineMark, error) {
	type item struct {
		Title string          `json:"title"`
		Dest  json.RawMessage `json:"dest"`
		Page  *int            `json:"destpageposfrom1"`
		Kids  []item          `json:"kids"`
	}
	var doc struct {
		Outlines []item `json:"outlines"`
		Pages    []struct {
			Object string `json:"object"`
		} `json:"pages"`
	}
	if err := json.NewDecoder(r).Decode(&doc); err != nil {
		return nil, err
	}
	pageOf := map[string]int{}
	for i, p := range doc.Pages {
		pageOf[p.Object] = i + 1
	}
	var out []outlineMark
	var walk func(items []item, level int)
	walk = func(items []item, level int) {
		for _, it := range items {
			m := outlineMark{title: collapse(it.Title), level: level, top: math.NaN()}
			var dest []any
			var wrapped struct {
				D []any `json:"/D"`
			}
			if json.Unmarshal(it.Dest, &dest) != nil && json.Unmarshal(it.Dest, &wrapped) == nil {
				dest = wrapped.D
			}
			if len(dest) > 0 {
				if ref, ok := dest[0].(string); ok {
					m.page = pageOf[ref]
				}
				if len(dest) > 1 {
					kind, _ := dest[1].(string)
					idx := -1
					switch kind {
					case "/XYZ":
						idx = 3
					case "/FitH", "/FitBH":
						idx = 2
					}
					if idx > 0 && idx < len(dest) {
						if y, ok := dest[idx].(float64); ok {
							m.top = y
						}
					}
				}
			}
			if m.page == 0 && it.Page != nil {
				m.page = *it.Page
			}
			if m.page > 0 && m.title != "" {
				out = append(out, m)
			}
			walk(it.Kids, level+1)
		}
	}
	walk(doc.Outlines, 1)
	return out, nil
}

// document builds the Document from the pages and the outline.
func (p *pdfText) document(path string, marks []outlineMark) Document {
	vocab := p.vocabulary()
	running := p.runningBlocks()
	byPage := map[int][]outlineMark{}
	for _, m := range marks {
		byPage[m.page] = append(byPage[m.page], m)
	}
	var o outline
	header := func(m outlineMark, pg int, blk *Block) {
		if blk != nil {
			blk.StartPage, blk.EndPage = pg, pg
		}
		o.header(m.level, m.title, blk)
	}
	for pi, pg := range p.pages {
		no := pi + 1
		var blocks []pdfBlock
		fillers := 0
		for bi, b := range pg.blocks {
			switch {
			case running[[2]int{pi, bi}] || len(b.lines) == 0:
			case filler(b):
				fillers++
			default:
				blocks = append(blocks, b)
			}
		}
		// A page of a table of contents (or of an index): entries and page
		// numbers; its titles are in the outline.
		if fillers >= 3 && 3*fillers >= len(blocks) {
			blocks = nil
		}
		// Where each outline entry of the page opens its section: before
		// block at[k] (len(blocks): at the end of the page).
		ms := byPage[no]
		at := make([]int, len(ms))
		from := 0
		for k, m := range ms {
			at[k] = len(blocks)
			for bi := from; bi < len(blocks); bi++ {
				if sameTitle(lineText(blocks[bi].lines[0]), m.title) {
					at[k] = bi
					break
				}
			}
			if at[k] == len(blocks) && !math.IsNaN(m.top) {
				for bi := from; bi < len(blocks); bi++ {
					if blocks[bi].yMin >= pg.height-m.top-4 {
						at[k] = bi
						break
					}
				}
			}
			from = at[k]
		}
		k := 0
		for bi, b := range blocks {
			lines := b.lines
			for ; k < len(ms) && at[k] == bi; k++ {
				if len(lines) > 0 && sameTitle(lineText(lines[0]), ms[k].title) {
					header(ms[k], no, &Block{Text: strings.Repeat("#", min(ms[k].level, 6)) + " " + lineText(lines[0])})
					lines = lines[1:]
				} else {
					header(ms[k], no, nil)
				}
			}
			if len(lines) == 0 {
				continue
			}
			text := joinLines(lines, b.xMax-b.xMin, b.xMax, vocab)
			// A paragraph running on from the previous page joins it.
			if bi == 0 && len(o.blocks) > 0 {
				prev := &o.blocks[len(o.blocks)-1]
				if !prev.Header && prev.EndPage == no-1 && continues(prev.Text, text) {
					joined := joinWords(prev.Text, text, vocab)
					prev.PageBreaks = append(prev.PageBreaks, len(joined)-len(text))
					prev.Text, prev.EndPage = joined, no
					continue
				}
			}
			o.block(Block{Text: text, StartPage: no, EndPage: no})
		}
		for ; k < len(ms); k++ {
			header(ms[k], no, nil)
		}
	}
	title := collapse(p.title)
	return o.document(path, title, nil)
}

// continues reports whether next (the first block of a page) goes on with
// prev (the last of the page before): prev does not end a sentence and
// next starts in lower case.
func continues(prev, next string) bool {
	r, _ := utf8.DecodeLastRuneInString(strings.TrimSpace(prev))
	n, _ := utf8.DecodeRuneInString(next)
	return !strings.ContainsRune(".!?:;", r) && unicode.IsLower(n)
}

// sameTitle reports whether a line of text is an outline entry's title:
// equal after case, white space and punctuation are set aside, or the title
// after a section number ("4.2 Memory").
func sameTitle(line, title string) bool {
	l, t := titleKey(line), titleKey(title)
	if t == "" {
		return false
	}
	if l == t {
		return true
	}
	if strings.HasSuffix(l, t) {
		num := strings.TrimSpace(l[:len(l)-len(t)])
		return num != "" && strings.Trim(num, "0123456789. ") == ""
	}
	return false
}

func titleKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		case unicode.IsSpace(r) || r == '.':
			b.WriteRune(' ')
		}
	}
	return collapse(b.String())
}

var (
	digitRuns = regexp.MustCompile(`[0-9]+`)
	// leaderLine is a table-of-contents line: a title, dot leaders and a page.
	leaderLine = regexp.MustCompile(`(?:\. ?){4,}\s*[0-9ivxlcIVXLC]*$`)
	// bareNumber is a block of one number (a page number in a table of contents).
	bareNumber = regexp.MustCompile(`^[0-9]+$|^[ivxlcIVXLC]+$`)
)

// filler reports whether a block is no text to index: a bare number, or
// table-of-contents lines with dot leaders.
func filler(b pdfBlock) bool {
	if len(b.lines) == 1 && bareNumber.MatchString(lineText(b.lines[0])) {
		return true
	}
	for _, l := range b.lines {
		if !leaderLine.MatchString(lineText(l)) {
			return false
		}
	}
	return true
}

func lineText(l pdfLine) string { return strings.Join(l.words, " ") }

// joinLines joins a block's lines: a line that reaches near the block's
// right edge wrapped (joined with a space, or without its hyphen), a
// shorter one ended (a line break).
func joinLines(lines []pdfLine, width, right float64, vocab map[string]bool) string {
	var b strings.Builder
	slack := math.Max(15, 0.15*width)
	for i, l := range lines {
		t := lineText(l)
		if i == 0 {
			b.WriteString(t)
			continue
		}
		cur := b.String()
		if strings.HasSuffix(cur, "-") || lines[i-1].xMax >= right-slack {
			joined := joinWords(cur, t, vocab)
			b.Reset()
			b.WriteString(joined)
			continue
		}
		b.WriteString("\n")
		b.WriteString(t)
	}
	return b.String()
}

// joinWords joins two pieces of text at a line or page break: a hyphen
// ending a and followed by a lower-case letter is a hyphenation, dropped
// unless the document has the hyphenated word; otherwise a space.
func joinWords(a, b string, vocab map[string]bool) string {
	if strings.HasSuffix(a, "-") && len(a) > 1 {
		prev, _ := utf8.DecodeLastRuneInString(a[:len(a)-1])
		next, _ := utf8.DecodeRuneInString(b)
		if unicode.IsLetter(prev) && unicode.IsLower(next) {
			head := a[strings.LastIndexAny(a, " \n")+1:]
			tail := b
			if i := strings.IndexAny(b, " \n"); i >= 0 {
				tail = b[:i]
			}
			if vocab[wordKey(head+tail)] {
				return a + b
			}
			return a[:len(a)-1] + b
		}
	}
	return a + " " + b
}

func wordKey(w string) string {
	return strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
}

// vocabulary is the set of the document's words (wordKey), for telling a
// hyphenated word from a word split at a line's end.
func (p *pdfText) vocabulary() map[string]bool {
	v := map[string]bool{}
	for _, pg := range p.pages {
		for _, b := range pg.blocks {
			for _, l := range b.lines {
				for _, w := range l.words {
					v[wordKey(w)] = true
				}
			}
		}
	}
	return v
}

// runningBlocks finds the running headers and footers: blocks in the top or
// bottom tenth of their page whose text, digits aside, is found there on at
// least half of the pages, or of the odd or of the even pages (at least
// three pages), on pages that have other text. Keyed by (page index, block
// index).
func (p *pdfText) runningBlocks() map[[2]int]bool {
	out := map[[2]int]bool{}
	if len(p.pages) < 3 {
		return out
	}
	type key struct {
		band string
		text string
	}
	count := map[key][3]int{} // all pages, odd pages, even pages
	where := map[key][][2]int{}
	for pi, pg := range p.pages {
		seen := map[key]bool{}
		for bi, b := range pg.blocks {
			band := ""
			switch {
			case b.yMax <= 0.1*pg.height:
				band = "top"
			case b.yMin >= 0.9*pg.height:
				band = "bottom"
			default:
				continue
			}
			var words []string
			for _, l := range b.lines {
				words = append(words, l.words...)
			}
			k := key{band, digitRuns.ReplaceAllString(strings.ToLower(strings.Join(words, " ")), "#")}
			where[k] = append(where[k], [2]int{pi, bi})
			if !seen[k] {
				seen[k] = true
				c := count[k]
				c[0]++
				c[1+pi%2]++
				count[k] = c
			}
		}
	}
	n := len(p.pages)
	odd, even := (n+1)/2, n/2
	for k, c := range count {
		if c[0] >= 3 && (2*c[0] >= n || 2*c[1] >= odd && odd >= 3 || 2*c[2] >= even && even >= 3) {
			for _, w := range where[k] {
				out[w] = true
			}
		}
	}
	// A header or footer runs above or below a page's text: on a page where
	// it would be all the text (slides of one line each, a page per
	// sentence), it is the text.
	for pi, pg := range p.pages {
		body := false
		for bi, b := range pg.blocks {
			if len(b.lines) > 0 && !out[[2]int{pi, bi}] {
				body = true
				break
			}
		}
		if !body {
			for bi := range pg.blocks {
				delete(out, [2]int{pi, bi})
			}
		}
	}
	return out
}
