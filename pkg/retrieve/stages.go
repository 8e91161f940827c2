package retrieve

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/text"
)

// hits are the two searches' results, best first, and how long each took
// (the vector time includes embedding the query).
type hits struct {
	bm25                 []store.BM25Hit
	vector               []store.VectorHit
	bm25Time, vectorTime time.Duration
}

// search runs BM25 and vector search concurrently (errgroup; the first
// error cancels the other), each returning at most o.Candidates chunks of
// the documents docs allows; o.Mode switches either off. The vector query
// is the question with the query prefix, or o.VectorQuery embedded as a
// document (HyDE).
func (r *Retriever) search(ctx context.Context, collectionID int, table, question string, o Options, docs store.DocumentFilter) (hits, error) {
	var h hits
	g, gctx := errgroup.WithContext(ctx)
	if o.Mode != VectorOnly {
		g.Go(func() error {
			t := time.Now()
			defer func() { h.bm25Time = time.Since(t) }()
			var err error
			h.bm25, err = r.Store.SearchBM25Filtered(gctx, collectionID, question, o.Candidates, docs)
			return err
		})
	}
	if o.Mode != BM25Only {
		g.Go(func() error {
			t := time.Now()
			defer func() { h.vectorTime = time.Since(t) }()
			text := r.QueryPrefix + question
			if o.VectorQuery != "" {
				text = r.DocPrefix + o.VectorQuery
			}
			v, err := r.Embedder.Embed(gctx, []string{text})
			if err != nil {
				return err
			}
			h.vector, err = r.Store.SearchVector(gctx, table, collectionID, v[0], o.Candidates, docs)
			return err
		})
	}
	return h, g.Wait()
}

// bm25IDs returns the BM25 hits' chunk ids, best first.
func (h hits) bm25IDs() []int64 {
	ids := make([]int64, len(h.bm25))
	for i, x := range h.bm25 {
		ids[i] = x.ChunkID
	}
	return ids
}

// rankings are the two searches' rankings for weighted RRF: BM25 first,
// then vector (weights o.WeightBM25 and o.WeightVector, both 1 when both
// are 0). Fused over them (RRF with o.RRFK), each Fused has Ranks [BM25
// rank, vector rank, ...].
func rankings(h hits, o Options) []Ranking {
	vecIDs := make([]int64, len(h.vector))
	for i, x := range h.vector {
		vecIDs[i] = x.ChunkID
	}
	wb, wv := o.WeightBM25, o.WeightVector
	if wb == 0 && wv == 0 {
		wb, wv = 1, 1
	}
	return []Ranking{{IDs: h.bm25IDs(), Weight: wb}, {IDs: vecIDs, Weight: wv}}
}

// load keeps the first depth distinct texts of fused (distinct) and
// measures alongside it the gate's keyword signal: the best share of the
// question's terms held by one of the chunks covIDs (store.TermCoverage;
// 0 when covIDs is empty).
func (r *Retriever) load(ctx context.Context, collectionID int, question string, fused []Fused, depth int, covIDs []int64, docs store.DocumentFilter) ([]Fused, map[int64]store.Passage, map[int64][]Copy, float64, error) {
	var cov map[int64]float64
	g, gctx := errgroup.WithContext(ctx)
	if len(covIDs) > 0 {
		g.Go(func() error {
			var err error
			cov, _, err = r.Store.TermCoverage(gctx, collectionID, question, covIDs)
			return err
		})
	}
	kept, stored, copies, err := r.distinct(ctx, collectionID, fused, depth, docs)
	if gerr := g.Wait(); err == nil {
		err = gerr
	}
	if err != nil {
		return nil, nil, nil, 0, err
	}
	best := 0.0
	for _, c := range cov {
		best = max(best, c)
	}
	return kept, stored, copies, best, nil
}

// annotate builds the passages of the kept chunks, in fused order: text
// masked and injections listed (maskInjections over the content, and the
// title, breadcrumb and file name, which reach the model too), both ranks
// and scores, and the copies.
func annotate(kept []Fused, stored map[int64]store.Passage, copies map[int64][]Copy, h hits) []Passage {
	bmScore := map[int64]float64{}
	for _, x := range h.bm25 {
		bmScore[x.ChunkID] = x.Score
	}
	sim := map[int64]float64{}
	for _, x := range h.vector {
		sim[x.ChunkID] = x.Similarity
	}
	var out []Passage
	for _, f := range kept {
		p := stored[f.ID]
		content, headerLines := p.Content, 0
		if h, ok := text.ContinuedBlock(p.EmbedContext, p.Breadcrumb, p.Content); ok {
			content, headerLines = h+"\n"+p.Content, strings.Count(h, "\n")+1
		}
		content, injections := maskInjections(content)
		title, inTitle := maskInjections(p.Title)
		crumb, inCrumb := maskInjections(p.Breadcrumb)
		_, inName := maskInjections(filepath.Base(p.Path))
		for _, in := range slices.Concat(inTitle, inCrumb, inName) {
			if !slices.ContainsFunc(injections, func(x Injection) bool { return x.Text == in.Text }) {
				injections = append(injections, in)
			}
		}
		out = append(out, Passage{
			ChunkID: f.ID, Path: p.Path, Title: title, StartLine: p.StartLine, EndLine: p.EndLine, StartPage: p.StartPage, EndPage: p.EndPage,
			Breadcrumb: crumb, Content: content, HeaderLines: headerLines, Score: f.Score, Tokens: p.Tokens, Injections: injections,
			BM25Rank: f.Ranks[0], VectorRank: f.Ranks[1], BM25Score: bmScore[f.ID], Similarity: sim[f.ID],
			AlsoIn: copies[f.ID], First: p.First, Last: p.Last, Tags: p.Tags, Date: p.Date.UTC(), DateSource: dateSource(p.Dated),
		})
	}
	return out
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

// number cuts ps to the first topK, numbers them from 1 (the citation
// numbers) and marks the ones whose file changed or is gone (staleness of
// the stored chunk).
func number(ps []Passage, topK int, stored map[int64]store.Passage) []Passage {
	if len(ps) > topK {
		ps = ps[:topK]
	}
	for i := range ps {
		ps[i].N = i + 1
		ps[i].Stale = staleness(stored[ps[i].ChunkID])
	}
	return ps
}

// cutWarnings explains a short result (fewer than o.TopK passages because
// each search stops at o.Candidates) and stale passages (refresh: the
// command that re-indexes a path).
func cutWarnings(ps []Passage, h hits, o Options, refresh string) []string {
	var out []string
	if n := len(ps); n > 0 && n < o.TopK && o.TopK > o.Candidates && (len(h.bm25) >= o.Candidates || len(h.vector) >= o.Candidates) {
		out = append(out, fmt.Sprintf("%d passages asked for (-k, RAG_TOP_K), %d found: BM25 and vector search each return at most RAG_CANDIDATES=%d chunks", o.TopK, n, o.Candidates))
	}
	if w := staleWarning(ps, refresh); w != "" {
		out = append(out, w)
	}
	return out
}

// decide sets res's gate verdict, code and reason: from the best reranker
// score against o.RerankMinScore when a reranker ran, else Gate over the
// best similarity and keyword coverage, the similarity threshold calibrated
// for the collection (minSimilarity) when vector search ran.
func (r *Retriever) decide(ctx context.Context, res *Result, coll store.Collection, vt *store.CollectionVectors, o Options) error {
	if len(res.Passages) > 0 && res.Passages[0].RerankScore != nil {
		top := *res.Passages[0].RerankScore
		res.Relevant = top >= o.RerankMinScore
		res.Code = map[bool]string{true: GateReranked, false: GateRerankedLow}[res.Relevant]
		res.Reason = fmt.Sprintf("best reranker score %.2f %s %.2f", top, map[bool]string{true: "≥", false: "<"}[res.Relevant], o.RerankMinScore)
		return nil
	}
	minSim, note := o.MinSimilarity, ""
	if o.Mode != BM25Only {
		var err error
		if minSim, note, err = r.minSimilarity(ctx, coll, vt, o.MinSimilarity, res.Question); err != nil {
			return err
		}
	}
	if o.Mode != BM25Only && minSim > 0 {
		res.MinSimilarity = minSim
	}
	res.Relevant, res.Code, res.Reason = Gate(res.TopSimilarity, res.TopCoverage, len(res.Passages), minSim, o.MinCoverage)
	if note != "" && res.TopSimilarity > 0 {
		res.Reason += note
	}
	return nil
}

// Where a passage's Date comes from (Passage.DateSource).
const (
	DateFrontMatter = "front_matter" // the document's front matter "date" (or "created")
	DateFileMTime   = "file_mtime"   // the file's modification time when indexed
)

func dateSource(frontMatter bool) string {
	if frontMatter {
		return DateFrontMatter
	}
	return DateFileMTime
}
