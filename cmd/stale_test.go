package cmd

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// A note deleted after indexing: sources marks its passage, ask (search
// only here) leaves it out and says how to refresh the index.
func TestDeletedNoteIsMarkedBySourcesAndLeftOutByAsk(t *testing.T) {
	db := storetest.SchemaURL(t)
	dir := t.TempDir()
	gone := filepath.Join(dir, "llamas.md")
	os.WriteFile(gone, []byte("# Llamas\n\nLlamas hum when they are anxious or curious.\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "alpacas.md"), []byte("# Alpacas\n\nAlpacas hum too, and are smaller than llamas.\n"), 0o644)
	vars := map[string]string{"RAG_DATABASE_URL": db}
	f, _, _ := testFactory(t, vars)
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{dir}}); err != nil {
		t.Fatal(err)
	}
	os.Remove(gone)

	src, _ := sourcesJSONOf(t, vars, "Why do llamas hum?")
	stale := map[string]string{}
	for _, p := range src.Passages {
		stale[filepath.Base(p.Path)] = p.Stale
	}
	if stale["llamas.md"] != "deleted" || stale["alpacas.md"] != "" || len(stale) != 2 {
		t.Fatalf("sources: %v", stale)
	}
	if len(src.Warnings) != 1 || !strings.Contains(src.Warnings[0], "come from files deleted since they were indexed: `hrag index PATH` refreshes them") {
		t.Fatalf("sources warnings %q", src.Warnings)
	}

	f, out, _ := testFactory(t, vars)
	if err := askRun(context.Background(), &AskOptions{Factory: f, Question: "Why do llamas hum?", retrievalFlags: retrievalFlags{JSON: true}}); err != nil {
		t.Fatal(err)
	}
	var res answer.Result
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if res.Reason != answer.ReasonNoLLM || len(res.Passages) != 1 || filepath.Base(res.Passages[0].Path) != "alpacas.md" || res.Passages[0].N != 1 {
		t.Fatalf("ask: reason %s, passages %+v", res.Reason, res.Passages)
	}
}
