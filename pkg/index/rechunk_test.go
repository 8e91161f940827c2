package index_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/hrag-dev/hrag/pkg/index"
)

// Changed chunk settings cut every unchanged document again on the next
// run (and status counts them first); a run under the same settings then
// leaves them alone, and a setting that cuts the same chunks reuses every
// vector. Mutations: drop "&& !rechunk" from the walk's unchanged test and
// the second run reports 0 re-chunked; drop the Rechunk case from
// PendingChanges and status counts 0.
func TestChunkSettingsCutAgain(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	first := e.run(t)
	files := first.Added
	if files == 0 || first.Rechunked != 0 {
		t.Fatalf("first run: %+v", first)
	}

	// One file is also edited: it counts as modified, not as re-cut.
	edited := filepath.Join(e.dir, "homelab", "postgres-tuning.md")
	if err := os.WriteFile(edited, append(mustRead(t, edited), "\nOne more line.\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	e.opts.Chunk.ContentTokens = 120
	coll, err := e.opts.Store.Collection(ctx, "default")
	if err != nil {
		t.Fatal(err)
	}
	ch, err := index.PendingChanges(ctx, e.opts.Store, coll, e.opts)
	if err != nil || ch.Rechunk != files-1 || ch.Modified != 1 || ch.New != 0 {
		t.Fatalf("pending under smaller chunks: %+v (%v), want %d to cut again and 1 modified", ch, err, files-1)
	}
	smaller := e.run(t)
	if smaller.Rechunked != files-1 || smaller.Updated != files || smaller.Unchanged != 0 {
		t.Fatalf("smaller chunks: %d re-chunked, %d updated, %d unchanged; want %d, %d, 0", smaller.Rechunked, smaller.Updated, smaller.Unchanged, files-1, files)
	}
	if smaller.Chunks <= first.Chunks {
		t.Fatalf("120-token chunks: %d written, want more than the %d of 400 tokens", smaller.Chunks, first.Chunks)
	}
	if again := e.run(t); again.Rechunked != 0 || again.Unchanged != files || again.Chunks != 0 {
		t.Fatalf("same settings again: %+v", again)
	}

	// A junk threshold no line reaches cuts the same chunks: re-chunked,
	// every vector reused.
	e.opts.Chunk.JunkRun = 1 << 20
	same := e.run(t)
	if same.Rechunked != files || same.Embedded != 0 || same.Reused != smaller.Chunks {
		t.Fatalf("unchanged chunks: %d re-chunked, %d embedded, %d reused; want %d, 0, %d", same.Rechunked, same.Embedded, same.Reused, files, smaller.Chunks)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
