package eval

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

// Defaults of RetrievalOptions.
const (
	// DefaultCandidates is the product's candidates per retriever before
	// fusion (RAG_CANDIDATES).
	DefaultCandidates = 50
	// DefaultDepth is how many chunks each query asks for: enough that about
	// 100 distinct documents remain after max-passage de-duplication for
	// recall@100 on abstract-sized documents (nfcorpus: 1-3 chunks each).
	DefaultDepth = 300
)

// AllModes are the retrieval modes evaluated by default, in report order.
var AllModes = []retrieve.Mode{retrieve.BM25Only, retrieve.VectorOnly, retrieve.Hybrid}

// Progress receives one step per query run; *iostreams.Progress satisfies it.
type Progress interface {
	Start(total int)     // total query runs (queries × modes)
	Advance(what string) // one query run done
}

// RetrievalOptions configures RunRetrieval.
type RetrievalOptions struct {
	Dataset *Dataset // from LoadBEIR; required

	// Index carries the indexing settings (chunk sizes, FTS configuration,
	// embedding prefixes, batch size) and the Store, Embedder, Tokenizer and
	// optional Reporter. RunRetrieval sets Roots, Collection, Include,
	// Exclude, Prune and Wait itself.
	Index index.Options
	// Retriever searches Index.Store with the same embedder; required.
	Retriever *retrieve.Retriever
	// Collection is indexed and searched; it must be used for nothing else
	// ("" = CollectionName(Dataset.Name, Index)).
	Collection string
	// DocsDir receives the corpus as one Markdown file per document; required.
	// It must be stable across runs (index.Run recognises unchanged files by
	// path, size and mtime, so a re-run costs a stat per document) and must
	// hold nothing else: other *.md files in it are deleted.
	DocsDir string

	Modes []retrieve.Mode // modes to evaluate, in report order [AllModes]
	// Candidates per retriever before fusion in hybrid mode
	// [DefaultCandidates]. Single-retriever modes ask their retriever for
	// Depth candidates instead, so that their lists are Depth chunks long.
	Candidates int
	// Depth is the number of chunks asked for per query (retrieve TopK)
	// [DefaultDepth]. A hybrid list is at most 2 × Candidates chunks long
	// whatever Depth is, which caps its recall@100 when Candidates is small.
	Depth        int
	RRFK         float64  // RRF constant k [60]
	WeightBM25   float64  // RRF weight of BM25 (both weights 0: 1 and 1)
	WeightVector float64  // RRF weight of vector search
	LimitQueries int      // evaluate only the first N judged queries (0: all)
	Progress     Progress // nil: silent
}

// QueryResult is one query's outcome in one mode.
type QueryResult struct {
	QueryID string        `json:"query_id"`
	Mode    retrieve.Mode `json:"mode"`
	Scores
	Chunks    int     `json:"chunks"`     // chunks returned by retrieval
	Docs      int     `json:"docs"`       // distinct documents among them
	LatencyMS float64 `json:"latency_ms"` // wall time of Retriever.Retrieve
	// Ranking is the de-duplicated document ranking that was scored (best
	// first), for checks and per-query analysis.
	Ranking []string `json:"-"`
}

// ModeSummary aggregates one mode over the evaluated queries.
type ModeSummary struct {
	Mode    retrieve.Mode `json:"mode"`
	Queries int           `json:"queries"` // queries evaluated (with ≥ 1 relevant document)
	Scores                // means over the queries
	// Latency percentiles (nearest-rank) and mean of Retriever.Retrieve's
	// wall time in milliseconds: query embedding, searches, fusion, the
	// relevance gate's coverage query and loading the Depth passages.
	P50MS  float64 `json:"p50_ms"`
	P95MS  float64 `json:"p95_ms"`
	MeanMS float64 `json:"mean_ms"`
	// MeanDocs is the mean number of distinct documents retrieved. Capped
	// counts queries whose list was cut short by Depth or Candidates before
	// it held 100 distinct documents: their recall@100 may be underestimated
	// (a list that ends because nothing else matches is not capped).
	MeanDocs float64 `json:"mean_docs"`
	Capped   int     `json:"capped"`
}

// RetrievalResult is the report of RunRetrieval.
type RetrievalResult struct {
	Dataset      string        `json:"dataset"`
	Split        string        `json:"split"`
	Collection   string        `json:"collection"`
	CorpusDocs   int           `json:"corpus_docs"`
	Queries      int           `json:"queries"`       // queries evaluated per mode
	Candidates   int           `json:"candidates"`    // per retriever, hybrid
	Depth        int           `json:"depth"`         // chunks asked for per query
	RRFK         float64       `json:"rrf_k"`         // as used
	WeightBM25   float64       `json:"weight_bm25"`   // as used
	WeightVector float64       `json:"weight_vector"` // as used
	ChunkTokens  int           `json:"chunk_tokens"`  // content budget after fitting to the model
	Index        index.Summary `json:"index"`
	IndexSeconds float64       `json:"index_seconds"` // writing the corpus files + index.Run
	QuerySeconds float64       `json:"query_seconds"` // all query runs, all modes
	Modes        []ModeSummary `json:"modes"`
	// Warnings are the retrieval warnings, one per kind (the same text up to
	// its numbers, warningKind): the first query's text, followed by
	// " (N query runs)" when more than one run (a query in one mode) had it.
	Warnings []string      `json:"warnings,omitempty"`
	PerQuery []QueryResult `json:"-"` // by mode (Modes order), then query order
}

// CollectionName names the evaluation collection of a dataset for the given
// index settings: "eval-<dataset>-c<content tokens>", the content budget being
// RAG_CHUNK_TOKENS after fitting to the model (as index.Run fits it), followed
// by "-o<overlap>", "-b<breadcrumb>", "-<fts config>", "-<model id>" and
// "-p<prefix hash>" for settings other than 40, 64, english,
// all-MiniLM-L6-v2-int8 (the first default model, kept so that existing
// collections keep their names) and no document prefix. index.Run skips unchanged
// files whatever the settings, so each combination needs its own collection.
func CollectionName(dataset string, o index.Options) string {
	fitted, _ := fitChunk(o)
	name := fmt.Sprintf("eval-%s-c%d", dataset, fitted.ContentTokens)
	if o.Chunk.OverlapTokens != 40 {
		name += fmt.Sprintf("-o%d", o.Chunk.OverlapTokens)
	}
	if o.Chunk.BreadcrumbTokens != 64 {
		name += fmt.Sprintf("-b%d", o.Chunk.BreadcrumbTokens)
	}
	if o.FTSConfig != "" && o.FTSConfig != "english" {
		name += "-" + o.FTSConfig
	}
	if id := o.Embedder.Model().ID; id != "all-MiniLM-L6-v2-int8" {
		name += "-" + id
	}
	if o.DocumentPrefix != "" {
		h := sha256.Sum256([]byte(o.DocumentPrefix))
		name += "-p" + hex.EncodeToString(h[:4])
	}
	return name
}

// fitChunk fits the chunk budget to the model as index.Run does.
func fitChunk(o index.Options) (chunk.Options, bool) {
	copts := o.Chunk
	copts.InputTokens = o.Embedder.Model().MaxTokens
	copts.SpecialTokens = o.Tokenizer.Special()
	copts.PrefixTokens = o.Tokenizer.Count(o.DocumentPrefix)
	return copts.Fit()
}

// DocFileName is the file a document is written to: its id with every byte
// outside [A-Za-z0-9_.-] (and a leading '.') percent-encoded, plus ".md".
// DocID inverts it.
func DocFileName(id string) string {
	var b strings.Builder
	for i := 0; i < len(id); i++ {
		c := id[i]
		safe := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || (c == '.' && i > 0)
		if safe {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String() + ".md"
}

// DocID returns the document id of a path written by WriteCorpus (the
// inverse of DocFileName on its base name); ok is false for other names.
func DocID(path string) (id string, ok bool) {
	base := filepath.Base(path)
	if !strings.HasSuffix(base, ".md") {
		return "", false
	}
	base = strings.TrimSuffix(base, ".md")
	var b strings.Builder
	for i := 0; i < len(base); i++ {
		if base[i] != '%' {
			b.WriteByte(base[i])
			continue
		}
		if i+2 >= len(base) {
			return "", false
		}
		v, err := hex.DecodeString(base[i+1 : i+3])
		if err != nil {
			return "", false
		}
		b.WriteByte(v[0])
		i += 2
	}
	return b.String(), true
}

// DocMarkdown is a document as written to its file: "# title\n\ntext\n"
// (just "text\n" without a title; line breaks in the title become spaces).
func DocMarkdown(d Doc) []byte {
	title := strings.Join(strings.Fields(d.Title), " ")
	if title == "" {
		return []byte(d.Text + "\n")
	}
	return []byte("# " + title + "\n\n" + d.Text + "\n")
}

// WriteCorpus writes each document of corpus to dir as DocFileName(id)
// holding DocMarkdown(doc), creating dir. Files whose content is already
// right are left alone (keeping their mtime, so re-indexing skips them);
// other *.md files in dir are removed. It returns how many files it wrote.
func WriteCorpus(dir string, corpus []Doc) (int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	want := make(map[string]bool, len(corpus))
	written := 0
	for _, d := range corpus {
		name := DocFileName(d.ID)
		if len(name) > 255 {
			return written, fmt.Errorf("document id %q is too long for a file name", d.ID)
		}
		want[name] = true
		path := filepath.Join(dir, name)
		body := DocMarkdown(d)
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, body) {
			continue
		}
		if err := os.WriteFile(path, body, 0o644); err != nil {
			return written, err
		}
		written++
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return written, err
	}
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".md") && !want[e.Name()] {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				return written, err
			}
		}
	}
	return written, nil
}

// RunRetrieval evaluates retrieval on a BEIR dataset end to end. It writes
// the corpus to opts.DocsDir (WriteCorpus), indexes it with index.Run into
// its own collection (incremental: a re-run only stats the files), then runs
// every judged query sequentially (the embedder is not safe for concurrent
// use) in each mode, maps the returned chunks to document ids by file name,
// keeps each document's first (best) chunk (max-passage) and scores the
// document ranking with Score. Queries without relevant documents are not
// run. Errors: a missing option, file-system and database errors, index.Run
// and Retrieve failures; a cancelled ctx returns index.ErrInterrupted while
// indexing (committed documents are kept) and ctx's error while querying.
func RunRetrieval(ctx context.Context, opts RetrievalOptions) (*RetrievalResult, error) {
	ds := opts.Dataset
	if ds == nil || opts.Retriever == nil || opts.Index.Store == nil || opts.Index.Embedder == nil || opts.Index.Tokenizer == nil {
		return nil, errors.New("eval: Dataset, Retriever and Index.Store, Embedder, Tokenizer are required")
	}
	if opts.DocsDir == "" {
		return nil, errors.New("eval: DocsDir is required")
	}
	if len(opts.Modes) == 0 {
		opts.Modes = AllModes
	}
	if opts.Candidates <= 0 {
		opts.Candidates = DefaultCandidates
	}
	if opts.Depth <= 0 {
		opts.Depth = DefaultDepth
	}
	if opts.RRFK <= 0 {
		opts.RRFK = 60
	}
	if opts.WeightBM25 == 0 && opts.WeightVector == 0 {
		opts.WeightBM25, opts.WeightVector = 1, 1
	}
	if opts.Collection == "" {
		opts.Collection = CollectionName(ds.Name, opts.Index)
	}
	res := &RetrievalResult{Dataset: ds.Name, Split: ds.Split, Collection: opts.Collection, CorpusDocs: len(ds.Corpus),
		Candidates: opts.Candidates, Depth: opts.Depth, RRFK: opts.RRFK, WeightBM25: opts.WeightBM25, WeightVector: opts.WeightVector}

	// Index.
	began := time.Now()
	if _, err := WriteCorpus(opts.DocsDir, ds.Corpus); err != nil {
		return nil, fmt.Errorf("writing the corpus to %s: %w", opts.DocsDir, err)
	}
	iopts := opts.Index
	iopts.Roots = []string{opts.DocsDir}
	iopts.Collection = opts.Collection
	iopts.Include = []string{"*.md"}
	iopts.Exclude = nil
	iopts.Prune = true
	iopts.Wait = true
	if iopts.MaxBytes <= 0 {
		iopts.MaxBytes = 10 << 20
	}
	sum, err := index.Run(ctx, iopts)
	if err != nil {
		return nil, err
	}
	if fitted, _ := fitChunk(iopts); fitted.ContentTokens != sum.ContentTokens {
		return nil, fmt.Errorf("eval: index.Run used %d content tokens, CollectionName assumed %d", sum.ContentTokens, fitted.ContentTokens)
	}
	if sum.Failed > 0 {
		return nil, fmt.Errorf("eval: %d corpus file(s) in %s could not be indexed", sum.Failed, opts.DocsDir)
	}
	res.Index = sum
	res.ChunkTokens = sum.ContentTokens
	res.IndexSeconds = time.Since(began).Seconds()

	// Queries.
	var queries []Query
	for _, q := range ds.Queries {
		if ds.Qrels[q.ID].Relevant() > 0 {
			queries = append(queries, q)
		}
	}
	if opts.LimitQueries > 0 && len(queries) > opts.LimitQueries {
		queries = queries[:opts.LimitQueries]
	}
	res.Queries = len(queries)
	if opts.Progress != nil {
		opts.Progress.Start(len(queries) * len(opts.Modes))
	}
	var kinds []string
	warned := map[string]warningCount{}
	began = time.Now()
	for _, mode := range opts.Modes {
		ro := retrieve.Options{Mode: mode, Collection: opts.Collection, Candidates: opts.Depth, TopK: opts.Depth,
			RRFK: opts.RRFK, WeightBM25: opts.WeightBM25, WeightVector: opts.WeightVector, MinSimilarity: -1, MinCoverage: -1}
		if mode == retrieve.Hybrid {
			ro.Candidates = opts.Candidates
		}
		var lat []float64
		var scores []Scores
		ms := ModeSummary{Mode: mode, Queries: len(queries)}
		for _, q := range queries {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			t := time.Now()
			r, err := opts.Retriever.Retrieve(ctx, q.Text, ro)
			if err != nil {
				return nil, fmt.Errorf("query %s (%s): %w", q.ID, mode, err)
			}
			latency := float64(time.Since(t).Microseconds()) / 1000
			for _, w := range r.Warnings {
				k := warningKind(w)
				c, ok := warned[k]
				if !ok {
					kinds = append(kinds, k)
					c.first = w
				}
				c.n++
				warned[k] = c
			}
			ids := make([]string, 0, len(r.Passages))
			for _, p := range r.Passages {
				id, ok := DocID(p.Path)
				if !ok {
					return nil, fmt.Errorf("eval: retrieved %s, which is not a corpus file: is collection %q used for anything else?", p.Path, opts.Collection)
				}
				ids = append(ids, id)
			}
			ranking := Dedup(ids)
			qr := QueryResult{QueryID: q.ID, Mode: mode, Scores: Score(ranking, ds.Qrels[q.ID]),
				Chunks: len(r.Passages), Docs: len(ranking), LatencyMS: latency, Ranking: ranking}
			res.PerQuery = append(res.PerQuery, qr)
			scores = append(scores, qr.Scores)
			lat = append(lat, latency)
			ms.MeanDocs += float64(len(ranking))
			cut := len(r.Passages) == ro.TopK ||
				mode != retrieve.VectorOnly && r.BM25Hits == ro.Candidates ||
				mode != retrieve.BM25Only && r.VectorHits == ro.Candidates
			if cut && len(ranking) < 100 {
				ms.Capped++
			}
			if opts.Progress != nil {
				opts.Progress.Advance(q.ID)
			}
		}
		ms.Scores = Mean(scores)
		if n := len(queries); n > 0 {
			ms.MeanDocs /= float64(n)
			ms.P50MS, ms.P95MS = Percentile(lat, 50), Percentile(lat, 95)
			for _, l := range lat {
				ms.MeanMS += l
			}
			ms.MeanMS /= float64(n)
		}
		res.Modes = append(res.Modes, ms)
	}
	res.QuerySeconds = time.Since(began).Seconds()
	for _, k := range kinds {
		c := warned[k]
		if c.n > 1 {
			c.first += fmt.Sprintf(" (%d query runs)", c.n)
		}
		res.Warnings = append(res.Warnings, c.first)
	}
	return res, nil
}

// Percentile returns the p-th percentile (0 < p ≤ 100) of values by the
// nearest-rank method: the smallest value such that at least p % of the
// values are ≤ it, i.e. sorted[ceil(p/100 · n) − 1]. It returns 0 for no
// values. values is not modified.
func Percentile(values []float64, p float64) float64 {
	if len(values) == 0 {
		return 0
	}
	s := append([]float64(nil), values...)
	sort.Float64s(s)
	i := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[max(0, min(i, len(s)-1))]
}

// warningCount is one kind of retrieval warning: its first text and how many
// query runs had it.
type warningCount struct {
	first string
	n     int
}

var digitRun = regexp.MustCompile(`[0-9]+`)

// warningKind is a warning's text with every digit run replaced by "#", so
// that "300 passages asked for, 82 found" and "…, 77 found" are one kind.
func warningKind(w string) string { return digitRun.ReplaceAllString(w, "#") }
