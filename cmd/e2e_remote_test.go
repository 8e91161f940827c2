//go:build e2e

package cmd

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// TestEndToEndRemoteEmbeddings moves the sample notes' index from the local
// model to the real OpenAI-compatible embeddings server that
// scripts/embed-server.sh starts (RAG_EMBED_BASE_URL, RAG_EMBED_MODEL,
// RAG_EMBED_TOKENIZER and the E5 prefixes, from its `env`), with the files
// deleted first, then back. Run by scripts/test with -tags e2e.
func TestEndToEndRemoteEmbeddings(t *testing.T) {
	remote := map[string]string{}
	for _, k := range []string{"RAG_EMBED_BASE_URL", "RAG_EMBED_MODEL", "RAG_EMBED_TOKENIZER", "RAG_EMBED_QUERY_PREFIX", "RAG_EMBED_DOCUMENT_PREFIX"} {
		remote[k] = os.Getenv(k)
	}
	if remote["RAG_EMBED_BASE_URL"] == "" || remote["RAG_EMBED_TOKENIZER"] == "" {
		t.Fatal("RAG_EMBED_BASE_URL, RAG_EMBED_MODEL and RAG_EMBED_TOKENIZER must name the server started by scripts/embed-server.sh start")
	}
	e := &switchEnv{t: t, db: storetest.SchemaURL(t), vars: map[string]string{}}
	notesSrc, _ := filepath.Abs("../testdata/notes")
	notes := copyTree(t, notesSrc)
	local := modeltest.Dir(t)
	if err := indexRun(context.Background(), &IndexOptions{Factory: e.factory(local, nil), Paths: []string{notes}}); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(notes)

	e.vars = map[string]string{}
	for k, v := range remote {
		if k != "RAG_EMBED_MODEL" {
			e.vars[k] = v
		}
	}
	rr := e.reembed(remote["RAG_EMBED_MODEL"], ReembedOptions{})
	if rr.Model != remote["RAG_EMBED_MODEL"] || rr.Vectors != rr.Chunks || rr.Chunks == 0 || rr.Embedded+rr.Reused != int(rr.Chunks) {
		t.Fatalf("reembed with the server: %+v", *rr.ReembedSummary)
	}
	e.checkVectorsAreModels(remote["RAG_EMBED_MODEL"])
	got, err := e.sources(remote["RAG_EMBED_MODEL"], postgresQuestion)
	if err != nil || !hasPassageFrom(got, "postgres-tuning.md") || got.Passages[0].Similarity <= 0 {
		t.Fatalf("sources through the server: %v %+v", err, got)
	}
	t.Logf("remote: %d chunks embedded in %.1fs; top passage %s (cosine %.3f)", rr.Embedded, rr.Seconds, filepath.Base(got.Passages[0].Path), got.Passages[0].Similarity)

	// Back to the local model: its table is untouched, no warning.
	e.vars = map[string]string{}
	got, err = e.sources(local, postgresQuestion)
	if err != nil || !hasPassageFrom(got, "postgres-tuning.md") || len(got.Warnings) != 0 {
		t.Fatalf("sources with the local model after the switch: %v %+v", err, got)
	}
}
