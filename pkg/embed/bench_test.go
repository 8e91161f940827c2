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
