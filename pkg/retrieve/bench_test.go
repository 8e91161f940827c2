package retrieve_test

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// BenchmarkRetrievalLatency measures p50/p95 latency of BM25 alone, vector
// search alone and the whole hybrid retrieval (query embedding included) on a
// collection of HRAG_BENCH_CHUNKS chunks (default 10000; 100000 for the large
// case). Chunk texts are NFCorpus sentences (../shared/datasets) regrouped
// into ~120-word chunks; their vectors are real embeddings of the first 2000
// chunks, reused with small Gaussian noise (σ = 0.02 per dimension, then
// renormalised) for the rest, so HNSW sees a realistic, clustered
// distribution. Queries are NFCorpus test queries, with the model's query
// prefix (RAG_TEST_EMBED_MODEL selects the model; MiniLM by default). The
// hybrid questions' p50 is also split into BM25 search, question embedding
// plus vector search (the two run in parallel) and everything else
// (the rest: the collection and filter look-ups before them; fusion, loading
// the passages and the gate after).
// HRAG_BENCH_KEEP=1 keeps the built collection in the schema
// bench_latency_<chunks>_<model> and reuses it on the next run (building 100k
// chunks takes about 20 minutes on 2 cores); drop that schema by hand.
func BenchmarkRetrievalLatency(b *testing.B) {
	n := 10000
	if v := os.Getenv("HRAG_BENCH_CHUNKS"); v != "" {
		n, _ = strconv.Atoi(v)
	}
	ctx := context.Background()
	emb := modeltest.Embedder(b)
	sentences, queries := nfcorpusText(b)
	rng := rand.New(rand.NewSource(1))
	chunkText := func() string {
		var words int
		var parts []string
		for words < 120 {
			s := sentences[rng.Intn(len(sentences))]
			parts = append(parts, s)
			words += len(strings.Fields(s))
		}
		return strings.Join(parts, " ")
	}
	texts := make([]string, n)
	for i := range texts {
		texts[i] = chunkText()
	}
	m := emb.Model()
	dbURL := ""
	reuse := false
	if os.Getenv("HRAG_BENCH_KEEP") == "1" {
		name := strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
				return r
			}
			return '_'
		}, strings.ToLower(fmt.Sprintf("bench_latency_%d_%s", n, m.ID)))
		dbURL, reuse = storetest.KeptSchemaURL(b, name)
	} else {
		dbURL = storetest.SchemaURL(b)
	}
	st, err := store.Open(ctx, dbURL)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	coll, err := st.EnsureCollection(ctx, "bench", "english")
	if err != nil {
		b.Fatal(err)
	}
	if reuse {
		stats, err := st.BM25Stats(ctx, coll.ID)
		if err != nil {
			b.Fatal(err)
		}
		if stats.Chunks != int64(n) {
			b.Fatalf("kept benchmark schema holds %d chunks, not %d: drop it and run again", stats.Chunks, n)
		}
		b.Logf("reusing %d kept chunks", n)
	} else {
		buildCollection(b, ctx, st, coll, emb.Model(), emb, texts, rng)
	}
	r := &retrieve.Retriever{Store: st, Embedder: emb, QueryPrefix: m.QueryPrefix, DocPrefix: m.DocumentPrefix}
	lat := map[retrieve.Mode][]time.Duration{}
	phase := map[string][]time.Duration{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for qi, q := range queries {
			if qi >= 200 {
				break
			}
			for _, mode := range []retrieve.Mode{retrieve.BM25Only, retrieve.VectorOnly, retrieve.Hybrid} {
				t := time.Now()
				res, err := r.Retrieve(ctx, q, retrieve.Options{Collection: "bench", Mode: mode, MinSimilarity: 0.4, MinCoverage: 0.5})
				if err != nil {
					b.Fatal(err)
				}
				lat[mode] = append(lat[mode], time.Since(t))
				if mode == retrieve.Hybrid { // where a hybrid question's time goes
					phase["bm25_search"] = append(phase["bm25_search"], res.BM25Time)
					phase["embed+vector_search"] = append(phase["embed+vector_search"], res.VectorTime)
					phase["rest"] = append(phase["rest"], res.Total-max(res.BM25Time, res.VectorTime))
				}
			}
		}
	}
	b.StopTimer()
	for _, mode := range []retrieve.Mode{retrieve.BM25Only, retrieve.VectorOnly, retrieve.Hybrid} {
		p50, p95 := percentiles(lat[mode])
		b.ReportMetric(p50, string(mode)+"_p50_ms")
		b.ReportMetric(p95, string(mode)+"_p95_ms")
	}
	for _, name := range []string{"bm25_search", "embed+vector_search", "rest"} {
		p50, _ := percentiles(phase[name])
		b.ReportMetric(p50, "hybrid_"+name+"_p50_ms")
	}
}

// buildCollection stores texts as chunks of collection coll (10 per
// document) with the vectors BenchmarkRetrievalLatency describes.
func buildCollection(b *testing.B, ctx context.Context, st *store.Store, coll store.Collection, m embed.Model, emb embed.Embedder, texts []string, rng *rand.Rand) {
	n := len(texts)
	base := min(2000, n)
	prefixed := make([]string, base)
	for i := range prefixed {
		prefixed[i] = m.DocumentPrefix + texts[i]
	}
	baseVecs, err := emb.Embed(ctx, prefixed)
	if err != nil {
		b.Fatal(err)
	}
	table, err := st.EnsureVectorTable(ctx, store.VectorTable{Model: m.ID, Dim: m.Dim, MaxTokens: m.MaxTokens,
		DocumentPrefix: m.DocumentPrefix, QueryPrefix: m.QueryPrefix})
	if err != nil {
		b.Fatal(err)
	}
	if err := st.AttachVectorTable(ctx, coll.ID, table.Name, m.QueryPrefix); err != nil {
		b.Fatal(err)
	}
	build := time.Now()
	const perDoc = 10
	for d := 0; d*perDoc < n; d++ {
		doc := store.Document{Path: fmt.Sprintf("/bench/doc-%06d.md", d), Title: "bench", Body: "", Hash: []byte{byte(d)}, MTime: time.Now()}
		for i := d * perDoc; i < min(n, (d+1)*perDoc); i++ {
			v := baseVecs[i%base]
			if i >= base {
				v = jitter(v, rng)
			}
			h := sha256.Sum256([]byte(texts[i]))
			doc.Chunks = append(doc.Chunks, store.Chunk{Ordinal: i - d*perDoc, Content: texts[i], StartLine: 1, EndLine: 1,
				Tokens: 150, EmbedHash: h[:], Embedding: v})
		}
		if _, err := st.PutDocument(ctx, coll.ID, table.Name, doc); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := st.CheckVectors(ctx, coll.ID, table.Name); err != nil { // complete: no warning per question
		b.Fatal(err)
	}
	b.Logf("built %d chunks in %s", n, time.Since(build).Round(time.Second))

}

func jitter(v []float32, rng *rand.Rand) []float32 {
	out := make([]float32, len(v))
	var norm float64
	for i, x := range v {
		out[i] = x + float32(rng.NormFloat64()*0.02)
		norm += float64(out[i]) * float64(out[i])
	}
	norm = math.Sqrt(norm)
	for i := range out {
		out[i] = float32(float64(out[i]) / norm)
	}
	return out
}

func percentiles(d []time.Duration) (p50, p95 float64) {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	at := func(q float64) float64 { return float64(d[int(q*float64(len(d)-1))].Microseconds()) / 1000 }
	return at(0.50), at(0.95)
}

// nfcorpusText returns NFCorpus sentences and test queries.
func nfcorpusText(b *testing.B) (sentences, queries []string) {
	dir := os.Getenv("HRAG_BENCH_DATASET")
	if dir == "" {
		dir = "../../../shared/datasets/nfcorpus"
	}
	read := func(name string, f func(string)) {
		fh, err := os.Open(dir + "/" + name)
		if err != nil {
			b.Fatalf("benchmark data: %v (set HRAG_BENCH_DATASET to a BEIR folder)", err)
		}
		defer fh.Close()
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			var m struct {
				Text string `json:"text"`
			}
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				f(m.Text)
			}
		}
	}
	read("corpus.jsonl", func(text string) {
		for _, s := range strings.SplitAfter(text, ". ") {
			if len(strings.Fields(s)) > 4 {
				sentences = append(sentences, strings.TrimSpace(s))
			}
		}
	})
	read("queries.jsonl", func(text string) { queries = append(queries, text) })
	return sentences, queries
}
