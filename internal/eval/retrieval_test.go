package eval_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/internal/eval"
	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// TestRunRetrievalTiny runs the whole pipeline (write corpus, index.Run,
// Retrieve in every mode, max-passage, metrics) on testdata/beir-tiny with
// the real database and model.
func TestRunRetrievalTiny(t *testing.T) {
	ctx := context.Background()
	ds, err := eval.LoadBEIR("../../testdata/beir-tiny", "")
	if err != nil {
		t.Fatal(err)
	}
	st := storetest.Open(t)
	emb, tk := modeltest.Embedder(t), modeltest.Tokenizer(t)
	r := &retrieve.Retriever{Store: st, Embedder: emb}
	opts := eval.RetrievalOptions{
		Dataset: ds, Retriever: r, DocsDir: t.TempDir(),
		Index: index.Options{FTSConfig: "english", MaxBytes: 1 << 20,
			Chunk: chunk.Options{ContentTokens: 400, OverlapTokens: 40, BreadcrumbTokens: 64},
			Store: st, Embedder: emb, Tokenizer: tk},
	}
	res, err := eval.RunRetrieval(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Collection != "eval-beir-tiny-c148" || res.ChunkTokens != 148 {
		t.Errorf("collection %q, %d chunk tokens", res.Collection, res.ChunkTokens)
	}
	if res.Index.Added != 13 || res.Index.Chunks <= 13 {
		t.Errorf("index summary %+v: want 13 files and more than 13 chunks (the glacier document is long)", res.Index)
	}
	// q-unjudged has no qrels and q-nothing no relevant document: 4 left.
	if res.Queries != 4 || len(res.Modes) != 3 || len(res.PerQuery) != 12 {
		t.Fatalf("%d queries, %d modes, %d rows", res.Queries, len(res.Modes), len(res.PerQuery))
	}
	if res.Candidates != 50 || res.Depth != 300 || res.RRFK != 60 || res.WeightBM25 != 1 || res.WeightVector != 1 {
		t.Errorf("settings %+v", res)
	}

	byMode := map[retrieve.Mode][]eval.Scores{}
	recall := map[retrieve.Mode]map[string]float64{retrieve.BM25Only: {}, retrieve.VectorOnly: {}, retrieve.Hybrid: {}}
	for _, q := range res.PerQuery {
		// Each row's scores are the metrics of the ranking it reports.
		if got := eval.Score(q.Ranking, ds.Qrels[q.QueryID]); got != q.Scores {
			t.Errorf("%s/%s: stored %+v, recomputed %+v", q.Mode, q.QueryID, q.Scores, got)
		}
		if len(eval.Dedup(q.Ranking)) != len(q.Ranking) || q.Docs != len(q.Ranking) || q.Docs > 13 || q.Chunks < q.Docs {
			t.Errorf("%s/%s: %d docs, %d chunks, ranking %v", q.Mode, q.QueryID, q.Docs, q.Chunks, q.Ranking)
		}
		if q.LatencyMS <= 0 {
			t.Errorf("%s/%s: latency %g", q.Mode, q.QueryID, q.LatencyMS)
		}
		byMode[q.Mode] = append(byMode[q.Mode], q.Scores)
		if q.Mode == retrieve.BM25Only && q.QueryID == "q-quetzal" && (q.NDCG10 != 1 || q.MRR10 != 1 || q.Ranking[0] != "quetzal") {
			t.Errorf("BM25 on the rare word: %+v", q)
		}
		if q.Mode != retrieve.BM25Only && q.Docs != 13 {
			t.Errorf("%s/%s: %d docs, want the whole corpus", q.Mode, q.QueryID, q.Docs)
		}
		recall[q.Mode][q.QueryID] = q.Recall100
	}
	// BM25 retrieves only documents sharing a term with the query, so it
	// misses a relevant document that says it in other words; the hybrid
	// list, fused with vector search, must hold it.
	gained := 0
	for id, r := range recall[retrieve.BM25Only] {
		if h := recall[retrieve.Hybrid][id]; h < r {
			t.Errorf("%s: hybrid recall@100 %g below BM25's %g", id, h, r)
		} else if h > r {
			gained++
		}
	}
	if gained == 0 {
		t.Errorf("hybrid recall@100 never above BM25's (%v vs %v): are the vector candidates fused?", recall[retrieve.Hybrid], recall[retrieve.BM25Only])
	}
	for _, m := range res.Modes {
		if want := eval.Mean(byMode[m.Mode]); m.Scores != want || m.Queries != 4 {
			t.Errorf("%s: mean %+v, want %+v", m.Mode, m.Scores, want)
		}
		if m.Capped != 0 {
			t.Errorf("%s: %d capped lists on a 14-chunk corpus", m.Mode, m.Capped)
		}
		if m.P50MS <= 0 || m.P95MS < m.P50MS {
			t.Errorf("%s: latency p50 %g p95 %g", m.Mode, m.P50MS, m.P95MS)
		}
		// Four unrelated topics: every mode ranks a relevant document first on most queries.
		if m.MRR10 < 0.75 || m.NDCG10 < 0.6 {
			t.Errorf("%s: %+v: retrieval on distinct topics should be easy", m.Mode, m.Scores)
		}
	}

	// The rankings are what Retrieve returns, mapped to document ids.
	got, err := r.Retrieve(ctx, "How do honeybees tell each other where the flowers are?",
		retrieve.Options{Mode: retrieve.Hybrid, Collection: res.Collection, Candidates: 50, TopK: 300})
	if err != nil {
		t.Fatal(err)
	}
	var direct []string
	for _, p := range got.Passages {
		id, ok := eval.DocID(p.Path)
		if !ok {
			t.Fatalf("passage path %s", p.Path)
		}
		direct = append(direct, id)
	}
	direct = eval.Dedup(direct)
	for _, q := range res.PerQuery {
		if q.Mode == retrieve.Hybrid && q.QueryID == "q-bees" {
			if strings.Join(q.Ranking, " ") != strings.Join(direct, " ") {
				t.Errorf("runner ranking %v, direct %v", q.Ranking, direct)
			}
			// Hand-check nDCG@10 from the ranking: grades 2 and 1.
			var dcg float64
			for i, d := range direct[:min(10, len(direct))] {
				dcg += float64(ds.Qrels["q-bees"][d]) / math.Log2(float64(i+2))
			}
			if idcg := 2 + 1/math.Log2(3); math.Abs(q.NDCG10-dcg/idcg) > 1e-12 {
				t.Errorf("q-bees nDCG@10 %g, by hand %g", q.NDCG10, dcg/idcg)
			}
		}
	}

	// A second run re-uses the collection: nothing is embedded again.
	opts.Modes = []retrieve.Mode{retrieve.Hybrid}
	opts.LimitQueries = 2
	opts.Candidates, opts.RRFK, opts.WeightBM25 = 5, 10, 2
	again, err := eval.RunRetrieval(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	if again.Index.Unchanged != 13 || again.Index.Embedded != 0 || again.Queries != 2 || len(again.PerQuery) != 2 {
		t.Errorf("second run: index %+v, %d queries", again.Index, again.Queries)
	}
	if again.RRFK != 10 || again.WeightBM25 != 2 || again.WeightVector != 0 {
		t.Errorf("second run settings k=%g wb=%g wv=%g", again.RRFK, again.WeightBM25, again.WeightVector)
	}
	if again.Modes[0].Capped != 2 {
		t.Errorf("5 candidates per retriever: %d capped lists, want 2", again.Modes[0].Capped)
	}
	// Both lists were cut: one warning, counted, whatever each one found.
	if len(again.Warnings) != 1 || !strings.HasPrefix(again.Warnings[0], "300 passages asked for") || !strings.HasSuffix(again.Warnings[0], " (2 query runs)") {
		t.Errorf("warnings %q, want the cut warning once, for 2 query runs", again.Warnings)
	}
	for _, q := range again.PerQuery {
		if q.Chunks > 10 {
			t.Errorf("hybrid with 5 candidates per retriever returned %d chunks", q.Chunks)
		}
	}
}
