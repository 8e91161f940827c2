package retrieve

import (
	"bytes"
	"context"
	"crypto/md5"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/sync/errgroup"

	"github.com/hrag-dev/hrag/pkg/config"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/injection"
	"github.com/hrag-dev/hrag/pkg/store"
)

// Mode selects the retrievers.
type Mode string

// Retrieval modes: both retrievers fused with RRF, or one alone.
const (
	Hybrid     Mode = "hybrid"
	BM25Only   Mode = "bm25"
	VectorOnly Mode = "vector"
)

// Options tunes one retrieval. Zero values are replaced by the defaults in
// brackets.
type Options struct {
	Mode         Mode             // retrievers to run [Hybrid]
	Collection   string           // collection name ["default"]
	Candidates   int              // candidates per retriever, RAG_CANDIDATES [50]
	TopK         int              // passages returned, RAG_TOP_K [6]
	RRFK         float64          // RRF constant k, RAG_RRF_K [60]
	WeightBM25   float64          // RRF weight of BM25, RAG_RRF_WEIGHT_BM25 [1]
	WeightVector float64          // RRF weight of vector search, RAG_RRF_WEIGHT_VECTOR [1]
	Path         store.PathFilter // only the documents it matches (--path); zero: all
	// Gate: the passages count as relevant when the best cosine similarity
	// reaches MinSimilarity (RAG_GATE_MIN_SIMILARITY) or a top BM25 passage
	// holds at least MinCoverage of the question's terms
	// (RAG_GATE_MIN_TERM_COVERAGE). Negative values switch a signal off.
	MinSimilarity float64
	MinCoverage   float64
	// RerankDepth is how many fused candidates the reranker rescores [20];
	// RerankMinScore (RAG_RERANK_MIN_SCORE) replaces the gate when a
	// reranker is configured: relevant when the best score reaches it.
	RerankDepth    int
	RerankMinScore float64
	// VectorQuery, when set, is embedded as a document (HyDE: a hypothetical
	// answer passage) to drive the vector search instead of the question.
	VectorQuery string
}

func (o *Options) defaults() {
	if o.Collection == "" {
		o.Collection = "default"
	}
	if o.Candidates <= 0 {
		o.Candidates = 50
	}
	if o.TopK <= 0 {
		o.TopK = 6
	}
	if o.RRFK <= 0 {
		o.RRFK = 60
	}
	if o.Mode == "" {
		o.Mode = Hybrid
	}
	if o.RerankDepth <= 0 {
		o.RerankDepth = 20
	}
}

// Passage is a retrieved chunk as shown to the reader and the LLM.
type Passage struct {
	N       int    `json:"n"` // 1-based number used in citations
	ChunkID int64  `json:"chunk_id"`
	Path    string `json:"path"`
	Title   string `json:"title"`
	// StartLine and EndLine are the passage's lines (1-based, inclusive) in
	// formats with lines (Markdown, text, Org, reStructuredText), else 0 and
	// left out of --json; StartPage and EndPage its pages in a PDF.
	StartLine  int     `json:"start_line,omitempty"`
	EndLine    int     `json:"end_line,omitempty"`
	StartPage  int     `json:"page_start,omitempty"`
	EndPage    int     `json:"page_end,omitempty"`
	Breadcrumb string  `json:"breadcrumb"`
	Content    string  `json:"content"`
	Score      float64 `json:"score"`       // fused RRF score
	BM25Rank   int     `json:"bm25_rank"`   // 1-based, 0 = not in the BM25 candidates
	VectorRank int     `json:"vector_rank"` // 1-based, 0 = not in the vector candidates
	BM25Score  float64 `json:"bm25_score"`
	Similarity float64 `json:"similarity"` // cosine similarity to the (query) embedding; 0 when not a vector candidate
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
// since they were indexed, and what refreshes them; "" when none.
func staleWarning(ps []Passage, collection string) string {
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
	return strings.Join(parts, "; ") + ": `" + config.Command(collection, "index") + " PATH` refreshes them"
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

// distinct walks the fused list in order, loading chunks a page at a time,
// and keeps the first chunk of each distinct text (whitespace runs
// collapsed) until depth are kept; later candidates with a kept text become
// its copies, followed by every other chunk of the collection with exactly
// the same text (store.SameText). It returns the kept part of fused, the
// loaded chunks by id and the copies by kept chunk id.
func (r *Retriever) distinct(ctx context.Context, collectionID int, fused []Fused, depth int) ([]Fused, map[int64]store.Passage, map[int64][]Copy, error) {
	var kept []Fused
	stored := map[int64]store.Passage{}
	copies := map[int64][]Copy{}
	first := map[string]int64{} // normalised text → kept chunk id
	for next := 0; len(kept) < depth && next < len(fused); {
		page := fused[next:min(len(fused), next+depth-len(kept)+2)]
		next += len(page)
		ids := make([]int64, len(page))
		for i, f := range page {
			ids[i] = f.ID
		}
		got, err := r.Store.Passages(ctx, ids)
		if err != nil {
			return nil, nil, nil, err
		}
		for _, f := range page {
			p, ok := got[f.ID]
			if !ok {
				continue // deleted since the search
			}
			key := strings.Join(strings.Fields(p.Content), " ")
			if id, dup := first[key]; dup {
				copies[id] = append(copies[id], Copy{ChunkID: p.ChunkID, Path: p.Path, StartLine: p.StartLine, EndLine: p.EndLine,
					StartPage: p.StartPage, EndPage: p.EndPage})
				continue
			}
			if len(kept) == depth {
				continue // only looking for copies of the kept ones now
			}
			first[key] = f.ID
			stored[f.ID] = p
			kept = append(kept, f)
		}
	}
	// Copies outside the candidates: same text exactly.
	byMD5 := map[string]int64{}
	listed := map[int64]bool{}
	var sums []string
	for _, f := range kept {
		sum := md5.Sum([]byte(stored[f.ID].Content))
		h := hex.EncodeToString(sum[:])
		byMD5[h] = f.ID
		sums = append(sums, h)
		listed[f.ID] = true
		for _, c := range copies[f.ID] {
			listed[c.ChunkID] = true
		}
	}
	same, err := r.Store.SameText(ctx, collectionID, sums)
	if err != nil {
		return nil, nil, nil, err
	}
	for _, c := range same {
		if id := byMD5[c.MD5]; !listed[c.ChunkID] {
			listed[c.ChunkID] = true
			copies[id] = append(copies[id], Copy{ChunkID: c.ChunkID, Path: c.Path, StartLine: c.StartLine, EndLine: c.EndLine,
				StartPage: c.StartPage, EndPage: c.EndPage})
		}
	}
	return kept, stored, copies, nil
}

// Injection is a span of a passage that may address an AI model: the
// detector's rule, the original text, and whether it was masked in
// Passage.Content (else it is flagged and kept).
type Injection struct {
	Rule   string `json:"rule"`
	Text   string `json:"text"`
	Masked bool   `json:"masked"`
}

// Reranker rescores passages for a query: one score per passage, in order,
// higher is more relevant. *embed.CrossEncoder implements it.
type Reranker interface {
	Rerank(ctx context.Context, query string, passages []string) ([]float64, error)
}

// Result is what a retrieval found.
type Result struct {
	// Question is the question as searched: invalid UTF-8 replaced by
	// U+FFFD (with a warning).
	Question   string
	Collection string // the collection searched
	Passages   []Passage
	// Relevant is the gate's verdict; Code names it (one of GateCodes, a
	// stable code for scripts) and Reason explains it in one sentence.
	Relevant bool
	Code     string
	Reason   string
	// Best signals behind the verdict.
	TopSimilarity float64
	TopCoverage   float64
	BM25Hits      int
	VectorHits    int
	Warnings      []string // e.g. vectors built with another query prefix
	BM25Time      time.Duration
	VectorTime    time.Duration // embedding the query + vector search
	Total         time.Duration
}

// Retriever runs hybrid retrieval over one database and embedding model.
type Retriever struct {
	Store       *store.Store
	Embedder    embed.Embedder
	QueryPrefix string   // RAG_EMBED_QUERY_PREFIX
	DocPrefix   string   // RAG_EMBED_DOCUMENT_PREFIX (for HyDE passages)
	Reranker    Reranker // optional cross-encoder (RAG_RERANK_MODEL)
}

// ErrEmptyIndex reports a collection with no chunks.
var ErrEmptyIndex = errors.New("the index is empty")

// ErrModelMismatch reports that the collection has no (or incomplete)
// vectors for the configured embedding model.
var ErrModelMismatch = errors.New("embedding model mismatch")

// Retrieve finds the passages for question. BM25 and vector search run
// concurrently (errgroup; cancelling ctx stops both). Errors wrap
// store.ErrNoCollection, ErrEmptyIndex or ErrModelMismatch with a message
// that says which command fixes it. When o.Path matches no indexed document
// (one query fetches the collection's paths; see store.FilterDocuments)
// nothing is searched: the result has no passage and a Reason naming the
// closest indexed paths (noPathMatchReason).
func (r *Retriever) Retrieve(ctx context.Context, question string, o Options) (Result, error) {
	o.defaults()
	began := time.Now()
	var res Result
	if !utf8.ValidString(question) {
		question = strings.ToValidUTF8(question, "\uFFFD")
		res.Warnings = append(res.Warnings, "the question is not valid UTF-8 (is the terminal in another encoding?): invalid bytes were replaced by U+FFFD")
	}
	res.Question, res.Collection = question, o.Collection
	coll, err := r.Store.Collection(ctx, o.Collection)
	if err != nil {
		if errors.Is(err, store.ErrNoCollection) {
			return res, fmt.Errorf("%w: collection %q does not exist yet: run `%s` first", ErrEmptyIndex, o.Collection, config.Command(o.Collection, "index PATH"))
		}
		return res, err
	}
	model := r.Embedder.Model()
	vt, warn, err := r.vectorTable(ctx, coll, model)
	if err != nil {
		return res, err
	}
	table := vt.Name
	res.Warnings = append(res.Warnings, warn...)
	docs, near, err := r.Store.FilterDocuments(ctx, coll.ID, o.Path)
	if err != nil {
		return res, err
	}
	if docs.MatchesNone() {
		res.Code, res.Reason = GateNoPathMatch, noPathMatchReason(o.Path, near)
		res.Total = time.Since(began)
		return res, nil
	}

	var bm25 []store.BM25Hit
	var vec []store.VectorHit
	g, gctx := errgroup.WithContext(ctx)
	runBM25, runVector := o.Mode != VectorOnly, o.Mode != BM25Only
	g.Go(func() error {
		if !runBM25 {
			return nil
		}
		t := time.Now()
		defer func() { res.BM25Time = time.Since(t) }()
		var err error
		bm25, err = r.Store.SearchBM25Filtered(gctx, coll.ID, question, o.Candidates, docs)
		return err
	})
	g.Go(func() error {
		if !runVector {
			return nil
		}
		t := time.Now()
		defer func() { res.VectorTime = time.Since(t) }()
		text := r.QueryPrefix + question
		if o.VectorQuery != "" {
			text = r.DocPrefix + o.VectorQuery
		}
		v, err := r.Embedder.Embed(gctx, []string{text})
		if err != nil {
			return err
		}
		vec, err = r.Store.SearchVector(gctx, table, coll.ID, v[0], o.Candidates, docs)
		return err
	})
	if err := g.Wait(); err != nil {
		return res, err
	}
	res.BM25Hits, res.VectorHits = len(bm25), len(vec)

	bmIDs := make([]int64, len(bm25))
	bmScore := map[int64]float64{}
	for i, h := range bm25 {
		bmIDs[i] = h.ChunkID
		bmScore[h.ChunkID] = h.Score
	}
	vecIDs := make([]int64, len(vec))
	sim := map[int64]float64{}
	for i, h := range vec {
		vecIDs[i] = h.ChunkID
		sim[h.ChunkID] = h.Similarity
		if i == 0 {
			res.TopSimilarity = h.Similarity
		}
	}
	wb, wv := o.WeightBM25, o.WeightVector
	if wb == 0 && wv == 0 {
		wb, wv = 1, 1
	}
	fused := RRF([]Ranking{{IDs: bmIDs, Weight: wb}, {IDs: vecIDs, Weight: wv}}, o.RRFK)
	depth := o.TopK
	if r.Reranker != nil {
		depth = max(o.TopK, o.RerankDepth)
	}
	// Gate signal, alongside loading the passages: the best BM25 passages'
	// share of query terms (a reranker's score replaces the gate).
	var cov map[int64]float64
	covg, covctx := errgroup.WithContext(ctx)
	if len(bm25) > 0 && r.Reranker == nil {
		covg.Go(func() error {
			var err error
			cov, _, err = r.Store.TermCoverage(covctx, coll.ID, question, bmIDs[:min(3, len(bmIDs))])
			return err
		})
	}
	fused, stored, copies, err := r.distinct(ctx, coll.ID, fused, depth)
	if cerr := covg.Wait(); err == nil {
		err = cerr
	}
	if err != nil {
		return res, err
	}
	for _, f := range fused {
		p := stored[f.ID]
		// Headings and the file name reach the model too (title, section,
		// source): they are checked, masked and flagged like the text.
		content, injections := maskInjections(p.Content)
		title, inTitle := maskInjections(p.Title)
		crumb, inCrumb := maskInjections(p.Breadcrumb)
		_, inName := maskInjections(filepath.Base(p.Path))
		for _, in := range slices.Concat(inTitle, inCrumb, inName) {
			if !slices.ContainsFunc(injections, func(x Injection) bool { return x.Text == in.Text }) {
				injections = append(injections, in)
			}
		}
		res.Passages = append(res.Passages, Passage{
			ChunkID: f.ID, Path: p.Path, Title: title, StartLine: p.StartLine, EndLine: p.EndLine, StartPage: p.StartPage, EndPage: p.EndPage,
			Breadcrumb: crumb, Content: content, Score: f.Score, Tokens: p.Tokens, Injections: injections,
			BM25Rank: f.Ranks[0], VectorRank: f.Ranks[1], BM25Score: bmScore[f.ID], Similarity: sim[f.ID],
			AlsoIn: copies[f.ID], First: p.First, Last: p.Last,
		})
	}
	reranked := false
	if r.Reranker != nil && len(res.Passages) > 0 {
		if err := r.rerank(ctx, question, res.Passages); err != nil {
			return res, err
		}
		reranked = true
	}
	if len(res.Passages) > o.TopK {
		res.Passages = res.Passages[:o.TopK]
	}
	if n := len(res.Passages); n > 0 && n < o.TopK && o.TopK > o.Candidates && (len(bm25) >= o.Candidates || len(vec) >= o.Candidates) {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%d passages asked for (-k, RAG_TOP_K), %d found: BM25 and vector search each return at most RAG_CANDIDATES=%d chunks", o.TopK, n, o.Candidates))
	}
	for i := range res.Passages {
		res.Passages[i].N = i + 1
		res.Passages[i].Stale = staleness(stored[res.Passages[i].ChunkID])
	}
	if w := staleWarning(res.Passages, coll.Name); w != "" {
		res.Warnings = append(res.Warnings, w)
	}
	if reranked {
		top := *res.Passages[0].RerankScore
		res.Relevant = top >= o.RerankMinScore
		res.Code = map[bool]string{true: GateReranked, false: GateRerankedLow}[res.Relevant]
		res.Reason = fmt.Sprintf("best reranker score %.2f %s %.2f", top, map[bool]string{true: "≥", false: "<"}[res.Relevant], o.RerankMinScore)
		res.Total = time.Since(began)
		return res, nil
	}

	for _, c := range cov {
		res.TopCoverage = max(res.TopCoverage, c)
	}
	minSim, note := o.MinSimilarity, ""
	if runVector {
		if minSim, note, err = r.minSimilarity(ctx, coll, vt, o.MinSimilarity); err != nil {
			return res, err
		}
	}
	res.Relevant, res.Code, res.Reason = Gate(res.TopSimilarity, res.TopCoverage, len(res.Passages), minSim, o.MinCoverage)
	if note != "" && res.TopSimilarity > 0 {
		res.Reason += note
	}
	res.Total = time.Since(began)
	return res, nil
}

// noPathMatchReason is the Reason of a retrieval whose --path value f
// matched no indexed document: the value (and the absolute path it stands
// for, when it is a path), then the --path values matching the indexed
// paths closest to it (store.PathFilter.Suggest), each with those paths, in
// shell quotes so that they can be pasted:
//
//	no indexed document matches --path 'user_guide.md'; did you mean --path 'User_Guide.md' (/n/docs/User_Guide.md)?
func noPathMatchReason(f store.PathFilter, near []store.PathSuggestion) string {
	var b strings.Builder
	b.WriteString("no indexed document matches --path " + shellQuote(f.String()))
	if abs := f.Resolved(); abs != "" && abs != f.String() {
		b.WriteString(" (" + abs + ")")
	}
	// One entry per suggested value, in the order of its best path.
	var flags []string
	paths := map[string][]string{}
	for _, s := range near {
		if _, ok := paths[s.Flag]; !ok {
			flags = append(flags, s.Flag)
		}
		paths[s.Flag] = append(paths[s.Flag], s.Path)
	}
	for i, fl := range flags {
		switch {
		case i == 0:
			b.WriteString("; did you mean ")
		case i == len(flags)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString("--path " + shellQuote(fl) + " (" + strings.Join(paths[fl], ", ") + ")")
	}
	if len(flags) > 0 {
		b.WriteString("?")
	}
	return b.String()
}

// shellQuote quotes s for a POSIX shell, always in single quotes (a glob
// must stay one).
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// maskInjections finds the text of content that may address an AI model
// (injection.Detect), masks what the detector masks (injection.Mask: also
// drops invisible characters) and returns every span found, masked or
// flagged. Detection runs here, at query time, whatever the index
// recorded: the rules may have changed since the chunk was stored.
func maskInjections(content string) (string, []Injection) {
	spans := injection.Detect(content)
	var out []Injection
	for _, sp := range spans {
		out = append(out, Injection{Rule: sp.Rule, Text: content[sp.Start:sp.End], Masked: sp.Action == injection.Masked})
	}
	return injection.Mask(content, spans), out
}

// rerank rescores ps with the cross-encoder and sorts them by its score,
// keeping the fused order among equal scores.
func (r *Retriever) rerank(ctx context.Context, question string, ps []Passage) error {
	texts := make([]string, len(ps))
	for i, p := range ps {
		texts[i] = p.Content
	}
	scores, err := r.Reranker.Rerank(ctx, question, texts)
	if err != nil {
		return err
	}
	if len(scores) != len(ps) {
		return fmt.Errorf("reranker returned %d scores for %d passages", len(scores), len(ps))
	}
	for i := range ps {
		s := scores[i]
		ps[i].RerankScore = &s
	}
	sort.SliceStable(ps, func(a, b int) bool { return *ps[a].RerankScore > *ps[b].RerankScore })
	return nil
}

// Codes of the relevance gate's verdict (Result.Code; `sources --json`
// "reason"). Stable: scripts may rely on them.
const (
	GateSimilar     = "similar_passage"  // relevant: the closest passage's cosine similarity reaches the threshold
	GateKeywords    = "keyword_match"    // relevant: a BM25 passage holds enough of the question's terms
	GateOff         = "gate_off"         // relevant: both thresholds are negative
	GateReranked    = "reranker_score"   // relevant: the best reranker score reaches RAG_RERANK_MIN_SCORE
	GateNoPassages  = "no_passages"      // nothing in the collection matches the question
	GateNotClose    = "not_close_enough" // passages found, none close enough
	GateRerankedLow = "reranker_below"   // the best reranker score is below RAG_RERANK_MIN_SCORE
	GateNoPathMatch = "no_path_match"    // no indexed document matches --path
)

// GateCodes lists every Result.Code, relevant ones first.
var GateCodes = []string{GateSimilar, GateKeywords, GateOff, GateReranked, GateNoPassages, GateNotClose, GateRerankedLow, GateNoPathMatch}

// Gate decides whether retrieval found anything relevant enough to answer
// from: the closest passage's cosine similarity topSim reaches minSim, or
// the best keyword coverage topCov reaches minCov (a negative threshold
// switches its signal off; both negative: always relevant when there are
// passages). It returns the verdict, its code (GateCodes) and a sentence
// giving the numbers.
func Gate(topSim, topCov float64, passages int, minSim, minCov float64) (bool, string, string) {
	switch {
	case passages == 0:
		return false, GateNoPassages, "nothing in the index matches the question"
	case minSim < 0 && minCov < 0:
		return true, GateOff, "the relevance gate is off (both thresholds are negative)"
	case minSim >= 0 && topSim >= minSim:
		return true, GateSimilar, fmt.Sprintf("closest passage has cosine similarity %.2f ≥ %.2f", topSim, minSim)
	case minCov >= 0 && topCov >= minCov && topCov > 0:
		return true, GateKeywords, fmt.Sprintf("a keyword match holds %.0f%% of the question's terms (≥ %.0f%%)", 100*topCov, 100*minCov)
	}
	var why []string
	if minSim >= 0 {
		why = append(why, fmt.Sprintf("best cosine similarity %s < %.2f", below(topSim, minSim), minSim))
	}
	if minCov >= 0 {
		why = append(why, fmt.Sprintf("best keyword coverage %.0f%% < %.0f%%", 100*topCov, 100*minCov))
	}
	return false, GateNotClose, "no passage is close enough (" + strings.Join(why, ", ") + ")"
}

// vectorTable finds the vector table of the configured model and document
// prefix for the collection. When only a table of the same model with
// another document prefix exists, it is used with a warning; when it is
// incomplete, the warning gives the counts. Both warnings, and the error for
// a model without vectors, name `hrag reembed` as the fix.
func (r *Retriever) vectorTable(ctx context.Context, coll store.Collection, m embed.Model) (*store.CollectionVectors, []string, error) {
	tables, err := r.Store.CollectionVectorTables(ctx, coll.ID)
	if err != nil {
		return nil, nil, err
	}
	has, err := r.Store.HasChunks(ctx, coll.ID)
	if err != nil {
		return nil, nil, err
	}
	if !has {
		return nil, nil, fmt.Errorf("%w: collection %q has no passages: run `%s`", ErrEmptyIndex, coll.Name, config.Command(coll.Name, "index PATH"))
	}
	var models []string
	for _, t := range tables {
		models = append(models, t.Model)
	}
	var have *store.CollectionVectors
	var warn []string
	if i, other := store.SelectVectorTable(tables, m.ID, r.DocPrefix); i >= 0 {
		have = &tables[i]
		if other {
			warn = append(warn, fmt.Sprintf("the vectors of %s in collection %q were embedded with document prefix %q, but RAG_EMBED_DOCUMENT_PREFIX=%q: using them; run `%s` to embed with the configured prefix, or set it back",
				m.ID, coll.Name, have.DocumentPrefix, r.DocPrefix, config.Command(coll.Name, "reembed")))
		}
	}
	if have == nil {
		return nil, nil, fmt.Errorf("%w: collection %q has no vectors of model %s (RAG_EMBED_MODEL, document prefix %q); it has vectors of %v: run `%s` to embed its stored chunks with %s (the files are not needed), or set RAG_EMBED_MODEL back to one of those",
			ErrModelMismatch, coll.Name, m.ID, r.DocPrefix, models, config.Command(coll.Name, "reembed"), m.ID)
	}
	if have.Dim != m.Dim {
		return nil, nil, fmt.Errorf("%w: the vectors of %s in collection %q have %d dimensions, but the model now gives %d: run `%s`",
			ErrModelMismatch, m.ID, coll.Name, have.Dim, m.Dim, config.Command(coll.Name, "reembed"))
	}
	if !have.Complete {
		// Rare (an interrupted run, or documents stored while another model
		// was configured), so counting here costs nothing on the usual path.
		cov, err := r.Store.CheckVectors(ctx, coll.ID, have.Name)
		if err != nil {
			return nil, nil, err
		}
		if !cov.Complete() {
			warn = append(warn, fmt.Sprintf("only %d of the %d chunks of collection %q have a vector of %s, so vector search misses the rest: run `%s` to finish",
				cov.Embedded, cov.Chunks, coll.Name, m.ID, config.Command(coll.Name, "reembed")))
		}
	}
	if have.QueryPrefix != r.QueryPrefix {
		warn = append(warn, fmt.Sprintf("the vectors of %s were built for query prefix %q, but RAG_EMBED_QUERY_PREFIX=%q: results may be worse; set it back, or run `%s` to record the new prefix",
			m.ID, have.QueryPrefix, r.QueryPrefix, config.Command(coll.Name, "reembed")))
	}
	return have, warn, nil
}

// below formats v, known to be < limit, with enough decimals not to print
// it equal to limit ("0.398", not "0.40").
func below(v, limit float64) string {
	for prec := 2; prec < 6; prec++ {
		if t := fmt.Sprintf("%.*f", prec, v); t != fmt.Sprintf("%.*f", prec, limit) {
			return t
		}
	}
	return fmt.Sprintf("%g", v)
}
