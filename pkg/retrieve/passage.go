package retrieve

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/hrag-dev/hrag/pkg/injection"
	"github.com/hrag-dev/hrag/pkg/store"
)

// Passage is a retrieved chunk as shown to the reader and the LLM.
type Passage struct {
	N       int    `json:"n"` // 1-based number used in citations
	ChunkID int64  `json:"chunk_id"`
	Path    string `json:"path"`
	Title   string `json:"title"`
	// StartLine and EndLine are the passage's lines (1-based, inclusive) in
	// formats with lines (Markdown, text, Org, reStructuredText), else 0 and
	// left out of --json; StartPage and EndPage its pages in a PDF.
	StartLine  int    `json:"start_line,omitempty"`
	EndLine    int    `json:"end_line,omitempty"`
	StartPage  int    `json:"page_start,omitempty"`
	EndPage    int    `json:"page_end,omitempty"`
	Breadcrumb string `json:"breadcrumb"`
	Content    string `json:"content"`
	// Tags are the document's front matter tags; Date the date the
	// --since and --until filters read, and DateSource where it comes from
	// (DateFrontMatter or DateFileMTime).
	Tags       []string  `json:"tags,omitempty"`
	Date       time.Time `json:"date"`
	DateSource string    `json:"date_source"`
	// HeaderLines is how many first lines of Content repeat the header and
	// delimiter rows of the pipe table whose rows the chunk continues, or
	// the opening fence of the code block whose lines it continues
	// (text.ContinuedBlock; they stand at the block's start in the file,
	// not at StartLine; 0 for every other passage), so that its rows are
	// read with their columns and its code as code.
	HeaderLines int     `json:"header_lines,omitempty"`
	Score       float64 `json:"score"`       // fused RRF score
	BM25Rank    int     `json:"bm25_rank"`   // 1-based, 0 = not in the BM25 candidates
	VectorRank  int     `json:"vector_rank"` // 1-based, 0 = not in the vector candidates
	BM25Score   float64 `json:"bm25_score"`
	Similarity  float64 `json:"similarity"` // cosine similarity to the (query) embedding; 0 when not a vector candidate
	// RerankScore is the cross-encoder's score in (0, 1) when a reranker ran.
	RerankScore *float64 `json:"rerank_score,omitempty"`
	// Tokens is the length of Content in tokens of the embedding model's
	// tokenizer (as indexed, before masking).
	Tokens int `json:"tokens"`
	// AlsoIn lists other chunks with the same text (after whitespace
	// normalisation: a copied file, a backup), best ranked first. They are
	// collapsed into this passage before the top k are cut, so that k
	// passages hold k different texts; citations point to Path.
	AlsoIn []Copy `json:"also_in,omitempty"`
	// Stale is StaleDeleted or StaleChanged when the passage's file no
	// longer holds what was indexed ("" when it does): checked at query
	// time against the file's size, mtime and, when only the mtime moved,
	// its SHA-256.
	Stale string `json:"stale,omitempty"`
	// First and Last say whether the chunk starts or ends its document: a
	// display may trim a chunk's cut edges, never the document's own.
	First bool `json:"-"`
	Last  bool `json:"-"`
	// Injections lists text of the passage that may address an AI model
	// (package injection): masked spans were replaced in Content by
	// injection.MaskText and never reach the LLM; flagged ones stay in
	// Content, and the answer checks treat the passage as untrusted.
	Injections []Injection `json:"injections,omitempty"`
}

// Values of Passage.Stale.
const (
	StaleDeleted = "deleted" // the file is gone (or unreadable)
	StaleChanged = "changed" // the file changed since it was indexed
)

// staleness compares a passage's file on disk with what was indexed: ""
// when it is unchanged, else StaleDeleted or StaleChanged. A file whose
// mtime moved but whose size did not is hashed.
func staleness(p store.Passage) string {
	st, err := os.Stat(p.Path)
	if err != nil {
		return StaleDeleted
	}
	if st.Size() != p.FileSize {
		return StaleChanged
	}
	if st.ModTime().Truncate(time.Microsecond).Equal(p.FileMTime) {
		return ""
	}
	b, err := os.ReadFile(p.Path)
	if err != nil {
		return StaleDeleted
	}
	if h := sha256.Sum256(b); !bytes.Equal(h[:], p.FileHash) {
		return StaleChanged
	}
	return ""
}

// staleWarning says how many passages come from files changed or deleted
// since they were indexed, and that refresh (a command) refreshes them; ""
// when none.
func staleWarning(ps []Passage, refresh string) string {
	var deleted, changed []string
	for _, p := range ps {
		switch p.Stale {
		case StaleDeleted:
			deleted = append(deleted, fmt.Sprintf("[%d]", p.N))
		case StaleChanged:
			changed = append(changed, fmt.Sprintf("[%d]", p.N))
		}
	}
	var parts []string
	if len(deleted) > 0 {
		parts = append(parts, fmt.Sprintf("passage(s) %s come from files deleted since they were indexed", strings.Join(deleted, " ")))
	}
	if len(changed) > 0 {
		parts = append(parts, fmt.Sprintf("passage(s) %s from files changed since (their text may be out of date)", strings.Join(changed, " ")))
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, "; ") + ": `" + refresh + "` refreshes them"
}

// Cite is where a passage lies in its file, for a citation: path and lines
// for formats with lines ("notes/pg.md:21-27", "notes/pg.md:4"), path and
// page for a PDF ("gnuplot.pdf p. 112", "gnuplot.pdf p. 112–113"), the path
// alone for formats with neither (HTML, DOCX, ODT: the breadcrumb names the
// section). Lines and pages are 1-based, 0 when absent.
func Cite(path string, startLine, endLine, startPage, endPage int) string {
	switch {
	case startLine > 0 && startLine == endLine:
		return fmt.Sprintf("%s:%d", path, startLine)
	case startLine > 0:
		return fmt.Sprintf("%s:%d-%d", path, startLine, endLine)
	case startPage > 0 && startPage == endPage:
		return fmt.Sprintf("%s p. %d", path, startPage)
	case startPage > 0:
		return fmt.Sprintf("%s p. %d–%d", path, startPage, endPage)
	}
	return path
}

// Copy is a chunk whose text repeats a passage's (Passage.AlsoIn).
type Copy struct {
	ChunkID   int64  `json:"chunk_id"`
	Path      string `json:"path"`
	StartLine int    `json:"start_line,omitempty"` // 0 when the format has no lines
	EndLine   int    `json:"end_line,omitempty"`
	StartPage int    `json:"page_start,omitempty"` // 0 when the format has no pages
	EndPage   int    `json:"page_end,omitempty"`
}

// Injection is a span of a passage that may address an AI model: the
// detector's rule, the original text, and whether it was masked in
// Passage.Content (else it is flagged and kept).
type Injection struct {
	Rule   string `json:"rule"`
	Text   string `json:"text"`
	Masked bool   `json:"masked"`
}

// maskInjections finds the text of content that may address an AI model
// (injection.Detect), masks what the detector masks (injection.Mask: also
// drops invisible characters) and returns every span found, masked or
// flagged, each span's Text without its invisible characters, as the
// masked content holds it. Detection runs here, at query time, whatever the index
// recorded: the rules may have changed since the chunk was stored.
func maskInjections(content string) (string, []Injection) {
	spans := injection.Detect(content)
	var out []Injection
	for _, sp := range spans {
		out = append(out, Injection{Rule: sp.Rule, Text: injection.Mask(content[sp.Start:sp.End], nil), Masked: sp.Action == injection.Masked})
	}
	return injection.Mask(content, spans), out
}

// Load returns the chunks ids as passages, in the order given, numbered
// from 1: masked and annotated as Retrieve's (injections, staleness, a
// repeated table header), without ranks or scores. Unknown ids are left out.
func (r *Retriever) Load(ctx context.Context, ids []int64) ([]Passage, error) {
	stored, err := r.Store.Passages(ctx, ids)
	if err != nil {
		return nil, err
	}
	var kept []Fused
	for _, id := range ids {
		if _, ok := stored[id]; ok {
			kept = append(kept, Fused{ID: id, Ranks: []int{0, 0}})
		}
	}
	ps := number(annotate(kept, stored, nil, hits{}), len(kept), stored)
	if err := r.classify(ctx, ps); err != nil {
		return nil, err
	}
	return ps, nil
}

// classify adds to each passage's Injections the units of its content that
// r.Classifier scores at least r.InjectionMinScore, as flagged, unless a
// rule's span already holds or lies within the unit. Without a classifier
// it does nothing.
func (r *Retriever) classify(ctx context.Context, ps []Passage) error {
	if r.Classifier == nil || len(ps) == 0 {
		return nil
	}
	texts := make([]string, len(ps))
	for i, p := range ps {
		texts[i] = p.Content
	}
	spans, err := injection.Classify(ctx, r.Classifier, r.InjectionMinScore, texts)
	if err != nil {
		return err
	}
	for i := range ps {
		for _, sp := range spans[i] {
			t := ps[i].Content[sp.Start:sp.End]
			if slices.ContainsFunc(ps[i].Injections, func(x Injection) bool { return strings.Contains(x.Text, t) || strings.Contains(t, x.Text) }) {
				continue
			}
			ps[i].Injections = append(ps[i].Injections, Injection{Rule: sp.Rule, Text: t})
		}
	}
	return nil
}
