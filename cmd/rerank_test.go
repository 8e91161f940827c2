package cmd

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// RAG_RERANK_MODEL wires a real cross-encoder: its scores reorder the fused
// passages (the note holding the weighted word comes first although fusion
// ranks it last) and are reported.
func TestRerankerModelReordersPassages(t *testing.T) {
	dir := t.TempDir()
	// The pair holding "zebra" scores highest: its mean weight is positive.
	modeltest.TinyModel(t, dir, 1, nil, map[int][]float32{modeltest.TokenID(t, "zebra"): {40}}, nil)

	db := storetest.SchemaURL(t)
	notes := t.TempDir()
	os.WriteFile(filepath.Join(notes, "printer.md"), []byte("# Printer\n\nThe printer toner is replaced every spring; the printer sits in the hall.\n"), 0o644)
	os.WriteFile(filepath.Join(notes, "toner.md"), []byte("# Toner\n\nToner cartridges for the printer are in the cupboard.\n"), 0o644)
	os.WriteFile(filepath.Join(notes, "zoo.md"), []byte("# Zoo\n\nWe saw a zebra at the zoo, next to the printer shop.\n"), 0o644)
	vars := map[string]string{"RAG_DATABASE_URL": db}
	f, _, _ := testFactory(t, vars)
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{notes}}); err != nil {
		t.Fatal(err)
	}
	sources := func(vars map[string]string) sourcesJSON {
		f, out, _ := testFactory(t, vars)
		if err := sourcesRun(context.Background(), &SourcesOptions{Factory: f, Question: "printer toner", retrievalFlags: retrievalFlags{JSON: true}}); err != nil && ExitCode(err) != ExitAbstained {
			t.Fatal(err)
		}
		var got sourcesJSON
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		return got
	}
	plain := sources(vars)
	if len(plain.Passages) != 3 || filepath.Base(plain.Passages[0].Path) == "zoo.md" {
		t.Fatalf("precondition: fusion alone ranks %v", plain.Passages)
	}
	vars["RAG_RERANK_MODEL"], vars["RAG_RERANK_MIN_SCORE"] = dir, "0.5"
	got := sources(vars)
	if len(got.Passages) != 3 || filepath.Base(got.Passages[0].Path) != "zoo.md" || got.Passages[0].RerankScore == nil {
		t.Fatalf("reranked: %+v", got.Passages)
	}
	top, next := *got.Passages[0].RerankScore, *got.Passages[1].RerankScore
	if !(top > 0.5 && next < top) || got.Reason != "reranker_score" {
		t.Fatalf("scores %.3f, %.3f; reason %s", top, next, got.Reason)
	}
}
