package index

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/extract"
	"github.com/hrag-dev/hrag/pkg/injection"
	"github.com/hrag-dev/hrag/pkg/language"
	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/text"
)

// chunkText reads a document's stored body in its format back into an
// extract.Document, blanks machine data (chunk.MaskJunk: for line formats
// in the body, for the others in each extracted block) and cuts it into
// chunks; it returns the title, the chunks and the blanked spans (without
// lines for formats that have none).
func chunkText(format extract.Format, path, body string, copts chunk.Options, tk chunk.Counter) (extract.Document, []chunk.Chunk, []chunk.JunkSpan, error) {
	var junk []chunk.JunkSpan
	if format.Lines() || format == "" {
		// Front matter is metadata, however long its lines: only the text
		// after it is searched for machine data.
		fm := 0
		if format == extract.Markdown {
			fm = extract.FrontMatterLen(body)
		}
		var rest string
		rest, junk = chunk.MaskJunk(body[fm:], copts)
		shift := strings.Count(body[:fm], "\n")
		for i := range junk {
			junk[i].StartLine, junk[i].EndLine = junk[i].StartLine+shift, junk[i].EndLine+shift
		}
		body = body[:fm] + rest
	}
	doc, err := extract.Parse(format, path, body)
	if err != nil {
		return doc, nil, nil, err
	}
	if !format.Lines() && format != "" {
		// Extracted text (HTML, PDF, DOCX, ODT) has no lines of the file:
		// machine data is blanked block by block, its spans without lines.
		for si := range doc.Sections {
			for bi := range doc.Sections[si].Blocks {
				b := &doc.Sections[si].Blocks[bi]
				masked, spans := chunk.MaskJunk(b.Text, copts)
				if len(spans) > 0 {
					b.Text = masked
					for _, sp := range spans {
						junk = append(junk, chunk.JunkSpan{Bytes: sp.Bytes})
					}
				}
			}
		}
	}
	return doc, chunk.Split(doc, copts, tk), junk, nil
}

// withMeta sets the front matter metadata of doc (extract.Metadata) on d:
// tags, date, and the aliases and other keys as JSON.
func withMeta(d *store.Document, doc extract.Document) error {
	m := doc.Meta
	d.Tags, d.Date, d.Meta = m.Tags, m.Date, nil
	if len(m.Aliases) > 0 || len(m.Fields) > 0 {
		b, err := json.Marshal(struct {
			Aliases []string       `json:"aliases,omitempty"`
			Fields  map[string]any `json:"fields,omitempty"`
		}{m.Aliases, m.Fields})
		if err != nil {
			return fmt.Errorf("front matter of %s: %w", d.Path, err)
		}
		d.Meta = b
	}
	return nil
}

// junkNote describes the spans chunk.MaskJunk blanked in a file, for its
// one warning.
func junkNote(spans []chunk.JunkSpan) string {
	var lines []string
	n := 0
	for _, s := range spans {
		n += s.Bytes
		if s.StartLine == 0 { // extracted text: no lines to name
			continue
		}
		if s.StartLine == s.EndLine {
			lines = append(lines, fmt.Sprint(s.StartLine))
		} else {
			lines = append(lines, fmt.Sprintf("%d-%d", s.StartLine, s.EndLine))
		}
	}
	if len(lines) == 0 {
		return fmt.Sprintf("%d passage(s) of its text (%s) look like machine data (base64 or hex blobs, minified JSON/XML): not indexed; the rest of the file is (RAG_JUNK_RUN, RAG_JUNK_LINE tune this)",
			len(spans), humanSize(n))
	}
	if len(lines) > 5 {
		lines = append(lines[:5], "…")
	}
	return fmt.Sprintf("lines %s (%s) look like machine data (base64 or hex blobs, minified JSON/XML): not indexed; the rest of the file is (RAG_JUNK_RUN, RAG_JUNK_LINE tune this)",
		strings.Join(lines, ", "), humanSize(n))
}

// humanSize is "812 bytes", "400 KB", "1.2 MB".
func humanSize(n int) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d bytes", n)
	case n < 1000_000:
		return fmt.Sprintf("%d KB", (n+500)/1000)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// storeChunk turns a chunk into its stored form (no vector yet), with the
// number of its spans that may address an AI assistant (masked or flagged).
func storeChunk(c chunk.Chunk, hash []byte) store.Chunk {
	return store.Chunk{Ordinal: c.Ordinal, Content: c.Content, Breadcrumb: c.Breadcrumb, EmbedContext: c.Context,
		StartLine: c.StartLine, EndLine: c.EndLine, StartPage: c.StartPage, EndPage: c.EndPage,
		Tokens: c.Tokens, EmbedHash: hash, Injections: len(contentSpans(c.Context, c.Breadcrumb, c.Content))}
}

// contentSpans returns the spans of a chunk's content that may address an
// AI assistant (injection.Detect), read under the table header or code
// fence the content continues (text.ContinuedBlock: lines of a code block
// cut from its fence are code, as at query time); offsets are in content.
func contentSpans(context, breadcrumb, content string) []injection.Span {
	h, ok := text.ContinuedBlock(context, breadcrumb, content)
	if !ok {
		return injection.Detect(content)
	}
	off := len(h) + 1
	var out []injection.Span
	for _, sp := range injection.Detect(h + "\n" + content) {
		if sp.End <= off {
			continue
		}
		sp.Start, sp.End = max(sp.Start-off, 0), sp.End-off
		out = append(out, sp)
	}
	return out
}

// injectedSpans says where doc holds text addressed to an AI assistant:
// "lines 7-9, 31" (line formats), "pages 3, 12-13" (PDF) or "passages in
// A › B" (formats without lines or pages); "" when it holds none.
func injectedSpans(doc store.Document) string {
	var pages, sections []string
	var ranges [][2]int // line ranges of the spans; a masked and a flagged sentence may share a line
	for _, c := range doc.Chunks {
		if c.Injections == 0 {
			continue
		}
		switch {
		case c.StartLine > 0:
			for _, sp := range contentSpans(c.EmbedContext, c.Breadcrumb, c.Content) {
				first := c.StartLine + strings.Count(c.Content[:sp.Start], "\n")
				last := first + strings.Count(strings.TrimRight(c.Content[sp.Start:sp.End], "\n"), "\n")
				ranges = append(ranges, [2]int{first, last})
			}
		case c.StartPage > 0:
			if p := span(c.StartPage, c.EndPage); !slices.Contains(pages, p) {
				pages = append(pages, p)
			}
		default:
			if b := strings.ReplaceAll(strings.Trim(c.Breadcrumb, "[]"), " > ", " › "); !slices.Contains(sections, b) {
				sections = append(sections, b)
			}
		}
	}
	slices.SortFunc(ranges, func(a, b [2]int) int { return a[0] - b[0] })
	var lines []string
	for i := 0; i < len(ranges); {
		first, last := ranges[i][0], ranges[i][1]
		for i++; i < len(ranges) && ranges[i][0] <= last; i++ {
			last = max(last, ranges[i][1])
		}
		lines = append(lines, span(first, last))
	}
	plural := func(one string, xs []string) string {
		if len(xs) == 1 && !strings.Contains(xs[0], "-") {
			return one + " " + xs[0]
		}
		return one + "s " + strings.Join(xs, ", ")
	}
	switch {
	case len(lines) > 0:
		return plural("line", lines)
	case len(pages) > 0:
		return plural("page", pages)
	case len(sections) > 0:
		return "passages in " + strings.Join(sections, "; ")
	}
	return ""
}

// span is "7" or "7-9".
func span(first, last int) string {
	if first == last {
		return fmt.Sprint(first)
	}
	return fmt.Sprintf("%d-%d", first, last)
}

// fillMissing embeds the collection's stored chunks that have no vector in
// table, unless the table is known to be complete, and records the result.
func fillMissing(ctx context.Context, opts Options, rep Reporter, coll store.Collection, table string, copts chunk.Options, sum *Summary) error {
	st := opts.Store
	tables, err := st.CollectionVectorTables(ctx, coll.ID)
	if err != nil {
		return err
	}
	for _, t := range tables {
		if t.Name == table && t.Complete {
			return nil
		}
	}
	cov, err := st.VectorCoverage(ctx, coll.ID, table)
	if err != nil {
		return err
	}
	if missing := cov.Chunks - cov.Embedded; missing > 0 {
		rep.Notice("%d stored chunk(s) have no vector of model %s yet: embedding them from the stored text", missing, opts.Embedder.Model().ID)
		f := filler{opts: opts, rep: rep, coll: coll, table: table, copts: copts, total: int(missing)}
		err := f.run(ctx)
		sum.Filled += f.embedded + f.reused
		if err != nil {
			return err
		}
	}
	_, err = st.CheckVectors(context.WithoutCancel(ctx), coll.ID, table)
	return err
}

// detectLanguage returns a document's language and the text-search
// configuration of its BM25 terms, detected (language.Detect) from its chunks' content
// (what BM25 analyses; front matter and machine data are not in it). A
// configuration the server lacks (available: pg_ts_config's names) becomes
// language.Simple. Two empty strings when the language is not detected:
// the collection's configuration then applies.
func detectLanguage(chunks []chunk.Chunk, available map[string]bool) (lang, config string) {
	var b strings.Builder
	for _, c := range chunks {
		if b.Len() >= 4*language.SampleRunes { // runes are at most 4 bytes
			break
		}
		b.WriteString(c.Content)
		b.WriteByte('\n')
	}
	lang, config = language.Detect(b.String())
	if config != "" && !available[config] {
		config = language.Simple
	}
	return lang, config
}
