package retrieve

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

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
	// Meta keeps only the documents with every tag of Meta.Tags and a date
	// in [Meta.Since, Meta.Until] (front matter date, else the file's
	// modification time); zero: all.
	Meta store.MetaFilter
	// PathFlag is how the caller's user writes the path filter, for the
	// reason of a filter that matches nothing: "--path" (the default) on
	// the command line, "path" for an MCP tool's argument.
	PathFlag string
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
	// AlsoQueries are further wordings of the same need (a follow-up
	// question as the user typed it, when the question searched is its
	// standalone rewrite): each is searched like the question, BM25 and
	// vector, and its two rankings are fused with the question's by RRF.
	// The gate, the ranks and the scores shown are the question's.
	AlsoQueries []string
	// Pinned are chunk ids fused in as one more ranking, in order (the
	// passages the previous answer of a conversation cited), so they stay
	// candidates. Ignored under a path or metadata filter, which they
	// might not pass; ids no longer indexed are skipped.
	Pinned []int64
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
	// MinSimilarity is the similarity threshold the gate applied: the
	// configured RAG_GATE_MIN_SIMILARITY, raised to the calibrated
	// off-topic level of the question's script (minSimilarity); 0 when
	// the gate read no similarity (BM25 only, a reranker's score) or was
	// off (negative configured threshold).
	MinSimilarity float64
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
	// Classifier is an optional prompt-injection classifier
	// (RAG_INJECTION_MODEL): units of the returned passages it scores at
	// least InjectionMinScore (RAG_INJECTION_MIN_SCORE) are listed in
	// Passage.Injections as flagged (rule injection.ClassifierRule), never
	// masked.
	Classifier        injection.Classifier
	InjectionMinScore float64
	// Command words the command a warning advises (args: the words after
	// the program name, already shell-safe) for collection; the command
	// line owns that wording. nil: the args alone.
	Command func(collection string, args ...string) string
}

// command is r.Command, or the args alone without one.
func (r *Retriever) command(collection string, args ...string) string {
	if r.Command == nil {
		return strings.Join(args, " ")
	}
	return r.Command(collection, args...)
}

// Retrieve finds the passages for question, in named stages: the
// collection and its vector table (vectorTable), the --path filter, both
// searches concurrently (search), weighted RRF (fuse), loading with
// de-duplication (distinct; the gate's keyword coverage alongside), masking
// and flagging (annotate), the optional reranker, the top-k cut with
// numbering and staleness (number), and the relevance gate (decide).
// Errors are *EmptyIndexError (errors.Is ErrEmptyIndex) or
// *ModelMismatchError (errors.Is ErrModelMismatch) when the collection
// cannot be searched with the configured model, else the store's. When
// o.Path matches no indexed document (one query fetches the collection's
// paths; see store.FilterDocuments) nothing is searched: the result has no
// passage and a Reason naming the closest indexed paths
// (noPathMatchReason). Result.Total is the wall time, on every path.
func (r *Retriever) Retrieve(ctx context.Context, question string, o Options) (res Result, err error) {
	o.defaults()
	began := time.Now()
	if !utf8.ValidString(question) {
		question = strings.ToValidUTF8(question, "\uFFFD")
		res.Warnings = append(res.Warnings, "the question is not valid UTF-8 (is the terminal in another encoding?): invalid bytes were replaced by U+FFFD")
	}
	res.Question, res.Collection = question, o.Collection
	defer func() { res.Total = time.Since(began) }() // res is the named result: every return path is timed
	coll, err := r.Store.Collection(ctx, o.Collection)
	if err != nil {
		if errors.Is(err, store.ErrNoCollection) {
			return res, &EmptyIndexError{Collection: o.Collection, Missing: true}
		}
		return res, err
	}
	vt, warn, err := r.vectorTable(ctx, coll, r.Embedder.Model())
	if err != nil {
		return res, err
	}
	res.Warnings = append(res.Warnings, warn...)
	docs, miss, err := r.Store.FilterDocuments(ctx, coll.ID, o.Path, o.Meta)
	if err != nil {
		return res, err
	}
	if miss != nil {
		res.Code, res.Reason = noMatchReason(o, miss)
		return res, nil
	}

	h, err := r.search(ctx, coll.ID, vt.Name, question, o, docs)
	if err != nil {
		return res, err
	}
	var also []Ranking
	for _, q := range o.AlsoQueries {
		oq := o
		oq.VectorQuery = ""
		ha, err := r.search(ctx, coll.ID, vt.Name, q, oq, docs)
		if err != nil {
			return res, err
		}
		also = append(also, rankings(ha, o)...)
	}
	if len(o.Pinned) > 0 && o.Path.IsZero() && o.Meta.IsZero() {
		also = append(also, Ranking{IDs: o.Pinned, Weight: 1})
	}
	res.BM25Hits, res.VectorHits, res.BM25Time, res.VectorTime = len(h.bm25), len(h.vector), h.bm25Time, h.vectorTime
	if len(h.vector) > 0 {
		res.TopSimilarity = h.vector[0].Similarity
	}
	depth := o.TopK
	if r.Reranker != nil {
		depth = max(o.TopK, o.RerankDepth)
	}
	var covIDs []int64 // the gate's keyword signal: the top three BM25 chunks (a reranker's score replaces the gate)
	if r.Reranker == nil {
		covIDs = h.bm25IDs()[:min(3, len(h.bm25))]
	}
	kept, stored, copies, cov, err := r.load(ctx, coll.ID, question, RRF(append(rankings(h, o), also...), o.RRFK), depth, covIDs, docs)
	if err != nil {
		return res, err
	}
	res.TopCoverage = cov
	res.Passages = annotate(kept, stored, copies, h)
	if r.Reranker != nil && len(res.Passages) > 0 {
		if err := r.rerank(ctx, question, res.Passages); err != nil {
			return res, err
		}
	}
	res.Passages = number(res.Passages, o.TopK, stored)
	if err := r.classify(ctx, res.Passages); err != nil {
		return res, err
	}
	res.Warnings = append(res.Warnings, cutWarnings(res.Passages, h, o, r.command(coll.Name, "index", "PATH"))...)
	err = r.decide(ctx, &res, coll, vt, o)
	return res, err
}
