package retrieve_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
	"github.com/hrag-dev/hrag/pkg/text"
)

// indexDir indexes dir into a fresh schema, in small chunks, and returns a
// retriever over it.
func indexDir(t *testing.T, dir string) *retrieve.Retriever {
	t.Helper()
	return indexDirWith(t, dir, chunk.Options{ContentTokens: 120, OverlapTokens: 0, BreadcrumbTokens: 64})
}

// indexDirWith indexes dir (Markdown and text) into a fresh schema with
// chunk sizes copts and returns a retriever over it.
func indexDirWith(t *testing.T, dir string, copts chunk.Options) *retrieve.Retriever {
	t.Helper()
	st := storetest.Open(t)
	_, err := index.Run(context.Background(), index.Options{
		Roots: []string{dir}, Collection: "default", FTSConfig: "english",
		Include: []string{"*.md", "*.txt"}, MaxBytes: 1 << 20, Prune: true, Wait: true,
		Chunk: copts, Store: st, Embedder: modeltest.Embedder(t), Tokenizer: modeltest.Tokenizer(t),
	})
	if err != nil {
		t.Fatal(err)
	}
	return &retrieve.Retriever{Store: st, Embedder: modeltest.Embedder(t)}
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A backup copy of a note must not fill the top k with repeats: each text
// appears once, listing the copy.
func TestIdenticalPassagesAreCollapsedBeforeTopK(t *testing.T) {
	dir := t.TempDir()
	src, _ := filepath.Abs("../../testdata/notes/homelab/postgres-tuning.md")
	orig, dup := filepath.Join(dir, "postgres-tuning.md"), filepath.Join(dir, "postgres-tuning (copy).md")
	copyFile(t, src, orig)
	copyFile(t, src, dup)
	copyFile(t, "../../testdata/notes/homelab/network.md", filepath.Join(dir, "network.md"))
	r := indexDir(t, dir)
	o := defaults
	o.TopK = 3
	res, err := r.Retrieve(context.Background(), "How much shared_buffers did I give PostgreSQL?", o)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Passages) != 3 {
		t.Fatalf("%d passages", len(res.Passages))
	}
	seen := map[string]bool{}
	copies := 0
	for _, p := range res.Passages {
		key := strings.Join(strings.Fields(p.Content), " ")
		if seen[key] {
			t.Fatalf("passage [%d] %s repeats an earlier one", p.N, p.Path)
		}
		seen[key] = true
		if strings.Contains(p.Path, "postgres-tuning") {
			// Both files hold every chunk of the note: the copy is listed, at the same lines.
			other := orig
			if p.Path == orig {
				other = dup
			}
			if len(p.AlsoIn) != 1 || p.AlsoIn[0].Path != other || p.AlsoIn[0].StartLine != p.StartLine || p.AlsoIn[0].EndLine != p.EndLine {
				t.Errorf("[%d] %s:%d-%d also in %+v, want %s", p.N, p.Path, p.StartLine, p.EndLine, p.AlsoIn, other)
			}
			copies++
		}
	}
	if copies < 2 {
		t.Fatalf("only %d passages of the tuning note in the top 3", copies)
	}
}

// Files deleted or changed after indexing are marked; a file only touched
// (same bytes, new mtime) is not.
func TestStalePassagesAreMarked(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"postgres-tuning.md", "network.md", "nas.md"} {
		copyFile(t, "../../testdata/notes/homelab/"+n, filepath.Join(dir, n))
	}
	r := indexDir(t, dir)
	o := defaults
	o.TopK = 10
	ask := func() map[string]string {
		res, err := r.Retrieve(context.Background(), "postgres shared_buffers network router nas disks", o)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, p := range res.Passages {
			got[filepath.Base(p.Path)] = p.Stale
		}
		if len(got) != 3 {
			t.Fatalf("passages from %v", got)
		}
		return got
	}
	if got := ask(); got["postgres-tuning.md"]+got["network.md"]+got["nas.md"] != "" {
		t.Fatalf("fresh index: %v", got)
	}
	os.Remove(filepath.Join(dir, "network.md"))
	f, _ := os.OpenFile(filepath.Join(dir, "nas.md"), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("\nThe NAS was replaced in May.\n")
	f.Close()
	later := time.Now().Add(time.Hour)
	os.Chtimes(filepath.Join(dir, "postgres-tuning.md"), later, later)
	got := ask()
	if got["network.md"] != retrieve.StaleDeleted || got["nas.md"] != retrieve.StaleChanged || got["postgres-tuning.md"] != "" {
		t.Fatalf("after edits: %v", got)
	}
}

// Asking for more passages than the candidate lists can hold says so.
func TestTopKAboveTheCandidatesIsReported(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"postgres-tuning.md", "network.md", "nas.md", "services.md", "decisions.md"} {
		copyFile(t, "../../testdata/notes/homelab/"+n, filepath.Join(dir, n))
	}
	r := indexDir(t, dir)
	o := defaults
	o.TopK, o.Candidates = 30, 4
	res, err := r.Retrieve(context.Background(), "postgres network", o)
	if err != nil {
		t.Fatal(err)
	}
	n := len(res.Passages)
	if n > 8 || n < 4 {
		t.Fatalf("%d passages from two lists of 4", n)
	}
	want := fmt.Sprintf("30 passages asked for (-k, RAG_TOP_K), %d found: BM25 and vector search each return at most RAG_CANDIDATES=4 chunks", n)
	if len(res.Warnings) != 1 || res.Warnings[0] != want {
		t.Fatalf("warnings %q, want %q", res.Warnings, want)
	}
}

// The off-topic baseline is measured with the query prefix the questions
// get: a retriever with a prefix stores the median of its own null
// questions' best similarities.
func TestGateBaselineUsesTheQueryPrefix(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"postgres-tuning.md", "network.md", "nas.md"} {
		copyFile(t, "../../testdata/notes/homelab/"+n, filepath.Join(dir, n))
	}
	r := indexDir(t, dir)
	r.QueryPrefix = "query: "
	ctx := context.Background()
	var best []float64
	for _, q := range retrieve.NullQuestions[text.ScriptLatin] {
		v, err := r.Embedder.Embed(ctx, []string{"query: " + q})
		if err != nil {
			t.Fatal(err)
		}
		coll, tables := vectorTables(t, r)
		hits, err := r.Store.SearchVector(ctx, tables[0].Name, coll.ID, v[0], 1, store.DocumentFilter{})
		if err != nil || len(hits) != 1 {
			t.Fatal(err)
		}
		best = append(best, hits[0].Similarity)
	}
	sort.Float64s(best)
	want := (best[3] + best[4]) / 2
	if _, err := r.Retrieve(ctx, "shared_buffers", defaults); err != nil {
		t.Fatal(err)
	}
	_, tables := vectorTables(t, r)
	if got, ok := tables[0].NullSimilarity[text.ScriptLatin]; !ok || math.Abs(got-want) > 1e-6 {
		t.Fatalf("baseline %v, want %.6f (with the prefix)", tables[0].NullSimilarity, want)
	}
}

// Rows of a long table come back with the table's header before them
// (Passage.HeaderLines), so a row is read with its columns, and their lines
// are the rows' own (issue 29 item 7).
func TestTableRowsComeWithTheirHeader(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("# Inventory\n\n| serial | host | rack |\n|---|---|---|\n")
	for i := 0; i < 400; i++ {
		fmt.Fprintf(&b, "| SN-%05d | host-%05d.lan.example | R%d |\n", i*7, i*13, i%9)
	}
	if err := os.WriteFile(filepath.Join(dir, "inventory.md"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	r := indexDir(t, dir)
	o := defaults
	o.TopK = 1
	res, err := r.Retrieve(context.Background(), "Which host has serial SN-02205?", o)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Passages) != 1 {
		t.Fatalf("%d passages", len(res.Passages))
	}
	p := res.Passages[0]
	lines := strings.Split(p.Content, "\n")
	if p.HeaderLines != 2 || lines[0] != "| serial | host | rack |" || lines[1] != "|---|---|---|" {
		t.Fatalf("header lines %d, content starts %q", p.HeaderLines, lines[:2])
	}
	file := strings.Split(b.String(), "\n")
	for j, l := range lines[2:] {
		if file[p.StartLine-1+j] != l {
			t.Fatalf("content line %d %q is not line %d of the file (%q)", j+2, l, p.StartLine+j, file[p.StartLine-1+j])
		}
	}
	if !strings.Contains(p.Content, "| SN-02205 | host-04095.lan.example | R0 |") {
		t.Fatalf("the row is not in the passage:\n%s", p.Content)
	}
}

// vectorTables returns the "default" collection of r's store and its
// vector tables, failing the test on an error or when it has none.
func vectorTables(t *testing.T, r *retrieve.Retriever) (store.Collection, []store.CollectionVectors) {
	t.Helper()
	ctx := context.Background()
	coll, err := r.Store.Collection(ctx, "default")
	if err != nil {
		t.Fatal(err)
	}
	tables, err := r.Store.CollectionVectorTables(ctx, coll.ID)
	if err != nil || len(tables) == 0 {
		t.Fatalf("vector tables of %q: %v, %v", coll.Name, tables, err)
	}
	return coll, tables
}
