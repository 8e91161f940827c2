package index_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/store"
)

// TestMain lets the test binary act as an indexing child process, so that a
// test can kill it with SIGKILL in the middle of a run.
func TestMain(m *testing.M) {
	if url := os.Getenv("HRAG_TEST_CHILD_DB"); url != "" {
		if os.Getenv("HRAG_TEST_CHILD_MODE") == "reembed" {
			os.Exit(childReembed(url))
		}
		os.Exit(childIndex(url, os.Getenv("HRAG_TEST_CHILD_DIR")))
	}
	os.Exit(m.Run())
}

func childIndex(url, dir string) int {
	ctx := context.Background()
	st, err := store.Open(ctx, url)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	t := processTB{}
	copts := chunk.Options{ContentTokens: 400, OverlapTokens: 40, BreadcrumbTokens: 64}
	if os.Getenv("HRAG_TEST_CHILD_CHUNK") == "small" {
		copts = smallChunks
	}
	_, err = index.Run(ctx, index.Options{
		Roots: []string{dir}, Collection: "default", FTSConfig: "english",
		Include: []string{"*.md", "*.txt"}, MaxBytes: 1 << 20, Prune: true, Wait: true,
		Chunk: copts,
		Store: st, Embedder: modeltest.Embedder(t), Tokenizer: modeltest.Tokenizer(t), BatchSize: 4,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// processTB is the testing.TB of a child process of the kill tests: a
// failure prints its message and exits with status 1. A bare &testing.T{}
// cannot: its FailNow ends the main goroutine and leaves the child hanging
// (a missing second model then stalled the parent's test until its
// timeout). Only the methods the model helpers call are implemented.
type processTB struct{ testing.TB }

func (processTB) Helper()        {}
func (processTB) Cleanup(func()) {} // the process exits; the OS frees what it held
func (processTB) Fatal(args ...any) {
	fmt.Fprintln(os.Stderr, args...)
	os.Exit(1)
}
func (processTB) Fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}

// TestChildFailsFast: a child whose second model is missing exits 1
// with the message that names the fix, instead of hanging. Mutation:
// childReembed back on a bare &testing.T{} (the child never exits).
func TestChildFailsFast(t *testing.T) {
	e := newEnv(t)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "HRAG_TEST_CHILD_DB="+e.url, "HRAG_TEST_CHILD_DIR="+e.dir, "HRAG_TEST_CHILD_MODE=reembed",
		"RAG_TEST_SECOND_MODEL="+filepath.Join(t.TempDir(), "missing"))
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(string(out), "scripts/install-deps.sh --second-model") {
		t.Fatalf("err %v, output %q", err, out)
	}
}

func TestKilledRunLeavesConsistentIndex(t *testing.T) {
	e := newEnv(t)
	// Enough documents that the child is killed mid-run.
	for i := 0; i < 60; i++ {
		body := fmt.Sprintf("# Generated note %d\n\n%s\n\n## Details\n\n%s\n", i,
			strings.Repeat(fmt.Sprintf("Paragraph about topic %d and its measurements. ", i), 30),
			strings.Repeat("More words about backups, vacuum and bread. ", 40))
		os.WriteFile(fmt.Sprintf("%s/gen-%02d.md", e.dir, i), []byte(body), 0o644)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "HRAG_TEST_CHILD_DB="+e.url, "HRAG_TEST_CHILD_DIR="+e.dir)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(context.Background(), e.url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	// Kill once some, but not all, documents are committed.
	var docs int
	for i := 0; i < 600; i++ {
		conn.QueryRow(context.Background(), `SELECT count(*) FROM documents`).Scan(&docs)
		if docs >= 5 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if docs < 5 || docs >= 89 {
		t.Fatalf("killed after %d documents; wanted a partial run", docs)
	}
	checkConsistent(t, e)

	// A rerun finishes the rest without re-embedding committed documents.
	var committed int
	if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM chunks`).Scan(&committed); err != nil {
		t.Fatal(err)
	}
	sum := e.run(t)
	if sum.Unchanged < docs || sum.Added+sum.Unchanged != 89 || sum.Embedded != sum.Chunks {
		t.Fatalf("rerun after kill (%d docs committed): %+v", docs, sum)
	}
	// Committed chunks were reused, not embedded again: the rerun wrote only the rest.
	var total int
	if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM chunks`).Scan(&total); err != nil {
		t.Fatal(err)
	}
	if committed == 0 || total-committed != sum.Chunks {
		t.Fatalf("%d chunks committed before the kill, %d after the rerun, which wrote %d", committed, total, sum.Chunks)
	}
	checkConsistent(t, e)
}

// checkConsistent verifies that every stored document has exactly the chunks
// its file yields, each with a vector: no half-written document.
func checkConsistent(t *testing.T, e *env) {
	t.Helper()
	for path, nv := range e.dbChunks(t) {
		want := len(e.expectedChunks(t, path))
		if nv[0] != want || nv[1] != want {
			t.Errorf("%s: %d chunks, %d vectors; want %d", path, nv[0], nv[1], want)
		}
	}
}
