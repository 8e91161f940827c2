package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/internal/eval"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

func TestEvalFlags(t *testing.T) {
	f, _, _ := testFactory(t, nil)
	var got *EvalOptions
	cmd := NewCmdEval(f, func(_ context.Context, o *EvalOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"retrieval", "--dataset", "d", "--candidates", "20", "--weight-bm25", "0", "--limit-queries", "3", "--modes", "bm25,hybrid"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.Dataset != "d" || got.Candidates != 20 || !got.CandidatesSet || !got.WeightBM25Set || got.WeightBM25 != 0 ||
		got.WeightVectorSet || got.RRFKSet || got.LimitQueries != 3 || strings.Join(got.Modes, ",") != "bm25,hybrid" || got.Depth != eval.DefaultDepth {
		t.Fatalf("options %+v", got)
	}
}

func TestEvalUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"eval", "retrieval"},
		{"eval", "retrieval", "--dataset", "x", "extra"},
		{"eval", "retrieval", "--dataset", "x", "--bogus"},
		{"eval", "retrieval", "--dataset", "../testdata/beir-tiny", "--modes", "sparse"},
		{"eval", "retrieval", "--dataset", "../testdata/beir-tiny", "--candidates", "-1"},
	} {
		f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": "postgres://x@127.0.0.1:1/x"})
		root := NewCmdRoot(f)
		root.SetArgs(args)
		root.SetOut(&bytes.Buffer{})
		if code := ExitCode(root.Execute()); code != ExitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, ExitUsage)
		}
	}
}

// TestEvalRetrievalTiny runs the command on testdata/beir-tiny with the real
// database and model: table, JSON, per-query CSV and TREC run file.
func TestEvalRetrievalTiny(t *testing.T) {
	cache := t.TempDir()
	f, out, errOut := testFactory(t, map[string]string{"RAG_DATABASE_URL": storetest.SchemaURL(t), "HRAG_CACHE": cache})
	csvPath, runPath := filepath.Join(t.TempDir(), "q.csv"), filepath.Join(t.TempDir(), "run.txt")
	opts := &EvalOptions{Factory: f, Dataset: "../testdata/beir-tiny", Split: "test", PerQuery: csvPath, Run: runPath,
		Modes: []string{"bm25", "vector", "hybrid"}, Depth: eval.DefaultDepth}
	if err := evalRun(context.Background(), opts); err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	table := out.String()
	for _, want := range []string{`collection "eval-beir-tiny-c148"`, "nDCG@10", "bm25", "vector", "hybrid", "p95 ms", "4 queries, 13 documents"} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %q:\n%s", want, table)
		}
	}
	if _, err := os.Stat(filepath.Join(cache, "eval", "eval-beir-tiny-c148", "wiki%2Fglacier.md")); err != nil {
		t.Errorf("corpus not written under HRAG_CACHE: %v", err)
	}
	rows, _ := os.ReadFile(csvPath)
	if lines := strings.Split(strings.TrimSpace(string(rows)), "\n"); len(lines) != 13 || !strings.HasPrefix(lines[0], "query_id,mode,ndcg@10") {
		t.Errorf("per-query CSV:\n%s", rows)
	}
	run, _ := os.ReadFile(runPath)
	if !strings.Contains(string(run), "q-quetzal Q0 quetzal 1 ") || !strings.Contains(string(run), " hrag-hybrid\n") {
		t.Errorf("run file:\n%s", run)
	}

	// Second run, JSON: the collection is re-used.
	out.Reset()
	opts.JSON, opts.PerQuery, opts.Run = true, "", ""
	opts.Modes = []string{"hybrid"}
	opts.RRFK, opts.RRFKSet = 10, true
	if err := evalRun(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	var res eval.RetrievalResult
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if res.Index.Unchanged != 13 || res.Index.Embedded != 0 || len(res.Modes) != 1 || res.RRFK != 10 || res.Candidates != 50 || res.Modes[0].NDCG10 <= 0 {
		t.Errorf("JSON report %+v", res)
	}
}
