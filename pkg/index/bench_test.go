package index_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/extract"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// benchCorpus writes n documents of NFCorpus (../shared/datasets, BEIR
// format) as Markdown files, or fails when the data set is absent.
func benchCorpus(b *testing.B, n int) string {
	b.Helper()
	path := os.Getenv("HRAG_BENCH_CORPUS")
	if path == "" {
		path = "../../../shared/datasets/nfcorpus/corpus.jsonl"
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatalf("benchmark corpus: %v (set HRAG_BENCH_CORPUS to a BEIR corpus.jsonl)", err)
	}
	defer f.Close()
	dir := b.TempDir()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for i := 0; i < n && sc.Scan(); i++ {
		var d struct{ ID, Title, Text string }
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			b.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("doc-%04d.md", i)), []byte("# "+d.Title+"\n\n"+d.Text+"\n"), 0o644)
	}
	return dir
}

// BenchmarkIndexVsRawEmbedding compares end-to-end `index` throughput with the
// model's raw throughput on the same chunks (target: ≥ 1.0), and times a
// re-index of the unchanged corpus. The raw side is one Embed call with every
// chunk text (the embedder's batching and sessions, no pause between calls:
// the most the model does on this machine); index feeds it windows of
// documents. Metrics: raw_chunks/s, index_chunks/s, index/raw, reindex_s,
// maxrss_MB (the test process: the raw side and index together), and where
// the cores went: raw_s and index_s (wall seconds), raw_cpu_s and
// index_cpu_s (this process's user + system CPU seconds on each side) and
// index_pg_cpu_s (CPU seconds of the local PostgreSQL's processes during
// index). Both sides keep the cores busy, so index/raw is about raw_cpu_s ÷
// (index_cpu_s + index_pg_cpu_s): what index spends beside the model
// (reading, chunking, the database) is what it trails by.
func BenchmarkIndexVsRawEmbedding(b *testing.B) {
	dir := benchCorpus(b, 400)
	emb, tk := modeltest.Embedder(b), modeltest.Tokenizer(b)
	m := emb.Model() // RAG_TEST_EMBED_MODEL, else MiniLM: chunk for its input limit and prefix
	copts := chunk.Options{ContentTokens: 400, OverlapTokens: 40, BreadcrumbTokens: 64, InputTokens: m.MaxTokens,
		SpecialTokens: tk.Special(), PrefixTokens: tk.Count(m.DocumentPrefix)}
	copts, _ = copts.Fit()
	var texts []string
	files := index.Walk([]string{dir}, []string{"*.md"}, nil).Files
	for _, f := range files {
		raw, _ := os.ReadFile(f.Path)
		t, _ := extract.Decode(raw)
		for _, c := range chunk.Split(extract.ParseMarkdown(f.Path, t.Body), copts, tk) {
			texts = append(texts, m.DocumentPrefix+c.EmbedText())
		}
	}
	var rawSec, idxSec, reSec float64
	var rawCPU, idxCPU, idxPG float64
	for i := 0; i < b.N; i++ {
		start, c0 := time.Now(), processCPU()
		if _, err := emb.Embed(context.Background(), texts); err != nil {
			b.Fatal(err)
		}
		rawSec += time.Since(start).Seconds()
		rawCPU += processCPU() - c0

		st, err := store.Open(context.Background(), storetest.SchemaURL(b))
		if err != nil {
			b.Fatal(err)
		}
		opts := index.Options{Roots: []string{dir}, Collection: "bench", FTSConfig: "english", Include: []string{"*.md"},
			MaxBytes: 1 << 20, Prune: true, Wait: true, Chunk: copts, Store: st, Embedder: emb, Tokenizer: tk, BatchSize: 32,
			DocumentPrefix: m.DocumentPrefix, QueryPrefix: m.QueryPrefix}
		start, c0 = time.Now(), processCPU()
		pg0 := postgresCPU()
		sum, err := index.Run(context.Background(), opts)
		if err != nil {
			b.Fatal(err)
		}
		idxSec += time.Since(start).Seconds()
		idxCPU += processCPU() - c0
		idxPG += postgresCPU() - pg0
		if sum.Embedded != len(texts) {
			b.Fatalf("index embedded %d chunks, raw %d", sum.Embedded, len(texts))
		}
		start = time.Now()
		if _, err := index.Run(context.Background(), opts); err != nil {
			b.Fatal(err)
		}
		reSec += time.Since(start).Seconds()
		st.Close()
	}
	n := float64(b.N * len(texts))
	b.ReportMetric(n/rawSec, "raw_chunks/s")
	b.ReportMetric(n/idxSec, "index_chunks/s")
	b.ReportMetric(rawSec/idxSec, "index/raw")
	b.ReportMetric(reSec/float64(b.N), "reindex_s")
	b.ReportMetric(rawCPU/float64(b.N), "raw_cpu_s")
	b.ReportMetric(idxCPU/float64(b.N), "index_cpu_s")
	b.ReportMetric(idxPG/float64(b.N), "index_pg_cpu_s")
	b.ReportMetric(rawSec/float64(b.N), "raw_s")
	b.ReportMetric(idxSec/float64(b.N), "index_s")
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	b.ReportMetric(float64(ru.Maxrss)/1024, "maxrss_MB")
	b.ReportMetric(float64(len(texts)), "chunks")
}

// BenchmarkReembedVsRawEmbedding compares `reembed` throughput (stored chunks
// → model → vector table, with the database reads and writes) with the
// model's raw throughput on the same texts (target: ≥ 0.9). Each iteration
// drops the model's vectors and re-embeds all of them from the database.
// Metrics: raw_chunks/s, reembed_chunks/s, reembed/raw, chunks.
func BenchmarkReembedVsRawEmbedding(b *testing.B) {
	dir := benchCorpus(b, 200)
	emb, tk := modeltest.Embedder(b), modeltest.Tokenizer(b)
	ctx := context.Background()
	st, err := store.Open(ctx, storetest.SchemaURL(b))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	opts := index.Options{Roots: []string{dir}, Collection: "bench", FTSConfig: "english", Include: []string{"*.md"},
		MaxBytes: 1 << 20, Wait: true, Chunk: chunk.Options{ContentTokens: 400, OverlapTokens: 40, BreadcrumbTokens: 64},
		Store: st, Embedder: emb, Tokenizer: tk, BatchSize: 32}
	sum, err := index.Run(ctx, opts)
	if err != nil {
		b.Fatal(err)
	}
	coll, err := st.Collection(ctx, "bench")
	if err != nil {
		b.Fatal(err)
	}
	var texts []string
	b.ResetTimer()
	var rawSec, reSec float64
	for i := 0; i < b.N; i++ {
		if _, _, err := st.DropVectors(ctx, coll.ID, emb.Model().ID); err != nil {
			b.Fatal(err)
		}
		if texts == nil {
			texts = storedTexts(b, st, coll.ID, emb.Model())
		}
		start := time.Now()
		for j := 0; j < len(texts); j += 32 {
			if _, err := emb.Embed(ctx, texts[j:min(j+32, len(texts))]); err != nil {
				b.Fatal(err)
			}
		}
		rawSec += time.Since(start).Seconds()
		start = time.Now()
		rs, err := index.Reembed(ctx, opts)
		if err != nil {
			b.Fatal(err)
		}
		reSec += time.Since(start).Seconds()
		if rs.Embedded+rs.Reused != sum.Chunks || !rs.Complete() {
			b.Fatalf("reembed: %+v, index wrote %d chunks", rs, sum.Chunks)
		}
	}
	n := float64(b.N * sum.Chunks)
	b.ReportMetric(n/rawSec, "raw_chunks/s")
	b.ReportMetric(n/reSec, "reembed_chunks/s")
	b.ReportMetric(rawSec/reSec, "reembed/raw")
	b.ReportMetric(float64(sum.Chunks), "chunks")
}

// storedTexts returns the embedding inputs of the collection's stored chunks
// that have no vector of model m (all of them after DropVectors), in the
// order reembed reads them.
func storedTexts(b *testing.B, st *store.Store, collectionID int, m embed.Model) []string {
	ctx := context.Background()
	t, err := st.EnsureVectorTable(ctx, store.VectorTable{Model: m.ID, Dim: m.Dim, MaxTokens: m.MaxTokens})
	if err != nil {
		b.Fatal(err)
	}
	var texts []string
	for after := int64(0); ; {
		page, err := st.MissingVectors(ctx, collectionID, t.Name, after, 1000)
		if err != nil {
			b.Fatal(err)
		}
		if len(page) == 0 {
			return texts
		}
		for _, c := range page {
			texts = append(texts, c.EmbedContext+c.Content)
		}
		after = page[len(page)-1].DocumentID
	}
}

// processCPU returns the CPU seconds (user + system) this process has used.
func processCPU() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// postgresCPU returns the CPU seconds (user + system) used so far by the
// processes named postgres on this machine (0 where /proc is not readable):
// the database's share of index's work when the server is local.
func postgresCPU() float64 {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	var ticks float64
	for _, d := range dirs {
		comm, err := os.ReadFile(filepath.Join(d, "comm"))
		if err != nil || strings.TrimSpace(string(comm)) != "postgres" {
			continue
		}
		stat, err := os.ReadFile(filepath.Join(d, "stat"))
		if err != nil {
			continue
		}
		s := string(stat)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
		if len(f) > 12 {
			u, _ := strconv.ParseFloat(f[11], 64)
			k, _ := strconv.ParseFloat(f[12], 64)
			ticks += u + k
		}
	}
	return ticks / 100 // USER_HZ
}
