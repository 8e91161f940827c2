package index_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"pgregory.net/rapid"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

var propertyRuns = flag.Int("index.sequences", 200, "random operation sequences for TestIndexInvariantsUnderRandomOperations (a benchmark-sized run: -index.sequences=2000)")

// TestIndexInvariantsUnderRandomOperations runs random sequences of up to 20
// file operations (create, edit, rename, copy, delete, symlink, truncate,
// replace with binary, change the include globs) on a tiny notes folder,
// indexes after each, and checks the index's invariants against the real
// database and model (rapid shrinks a failing sequence):
//   - the documents are exactly the real paths of the files that match
//     (regular, not hidden, matching the include globs, not binary),
//   - every chunk has a vector of the model and no vector is orphaned,
//   - the BM25 statistics (N, total length, vocabulary, df, postings) equal
//     a recomputation from the stored chunks,
//   - status (PendingChanges) reports no change after the run.
//
// chmod 000 is not among the operations: the tests run as root here, which
// reads such files anyway.
func TestIndexInvariantsUnderRandomOperations(t *testing.T) {
	if err := flag.Set("rapid.checks", fmt.Sprint(*propertyRuns)); err != nil {
		t.Fatal(err)
	}
	url := storetest.SchemaURL(t)
	st, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	emb, tk := modeltest.Embedder(t), modeltest.Tokenizer(t)
	table := store.VectorTableName(emb.Model().ID, emb.Model().Dim, "")
	seq := 0

	rapid.Check(t, func(rt *rapid.T) {
		seq++
		dir := t.TempDir()
		os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
		opts := index.Options{
			Roots: []string{dir}, Collection: fmt.Sprintf("p%d", seq), FTSConfig: "english",
			Include: []string{"*.md", "*.txt"}, MaxBytes: 1 << 20, Prune: true, Wait: true,
			Chunk: chunk.Options{ContentTokens: 24, OverlapTokens: 4, BreadcrumbTokens: 8},
			Store: st, Embedder: emb, Tokenizer: tk, BatchSize: 8,
		}
		names := []string{"a.md", "b.md", "c.txt", "sub/d.md", "sub/e.txt"}
		words := []string{"llama", "backup", "postgres", "garden", "kafka", "tomato", "vacuum", "router"}
		text := func(rt *rapid.T, label string) string {
			n := rapid.IntRange(0, 40).Draw(rt, label+"-words")
			var b strings.Builder
			b.WriteString("# Note\n\n")
			for i := 0; i < n; i++ {
				b.WriteString(rapid.SampledFrom(words).Draw(rt, label+"-word"))
				if i%7 == 6 {
					b.WriteString(".\n\n")
				} else {
					b.WriteString(" ")
				}
			}
			return b.String()
		}
		var prevDocs []string
		steps := rapid.IntRange(1, 20).Draw(rt, "steps")
		for step := 0; step < steps; step++ {
			name := rapid.SampledFrom(names).Draw(rt, "name")
			p := filepath.Join(dir, name)
			switch op := rapid.SampledFrom([]string{"create", "create", "edit", "rename", "copy", "delete", "symlink", "truncate", "binary", "include"}).Draw(rt, "op"); op {
			case "create", "edit":
				os.Remove(p) // a link is replaced by a file
				os.WriteFile(p, []byte(text(rt, op)), 0o644)
			case "rename", "copy":
				to := filepath.Join(dir, rapid.SampledFrom(names).Draw(rt, "to"))
				if b, err := os.ReadFile(p); err == nil && to != p {
					os.Remove(to)
					os.WriteFile(to, b, 0o644)
					if op == "rename" {
						os.Remove(p)
					}
				}
			case "delete":
				os.Remove(p)
			case "symlink":
				target := filepath.Join(dir, rapid.SampledFrom(names).Draw(rt, "target"))
				if target != p {
					os.Remove(p)
					os.Symlink(target, p) // may dangle: a broken link
				}
			case "truncate":
				if _, err := os.Lstat(p); err == nil {
					os.Truncate(p, 0)
				}
			case "binary":
				os.Remove(p)
				os.WriteFile(p, []byte("PK\x00\x03 not text"), 0o644)
			case "include":
				if len(opts.Include) == 2 {
					opts.Include = []string{"*.md"}
				} else {
					opts.Include = []string{"*.md", "*.txt"}
				}
			}
			if _, err := index.Run(context.Background(), opts); err != nil {
				rt.Fatalf("step %d: %v", step, err)
			}
			docs := checkIndexInvariants(rt, conn, st, opts, table, prevDocs)
			prevDocs = docs
		}
	})
}

// expectedDocuments walks dir independently of index.Walk: the real paths
// of regular, not hidden files with a matching name that hold no NUL byte, and of those
// that do but were indexed before (a file that turned binary keeps the
// version indexed before: nothing indexed is lost to bad input).
//
// It also returns how many files match by name, binary or not: a root with
// none keeps its documents (it may be unmounted).
func expectedDocuments(dir string, include, prev []string) ([]string, int) {
	var out []string
	matching := 0
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if p != dir && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir // hidden folders are not indexed
			}
			return nil
		}
		if err != nil || d.IsDir() {
			return nil
		}
		matched := false
		for _, g := range include {
			if ok, _ := filepath.Match(g, filepath.Base(p)); ok {
				matched = true
			}
		}
		real, err := filepath.EvalSymlinks(p)
		if !matched || err != nil {
			return nil
		}
		matching++
		b, err := os.ReadFile(real)
		if err != nil || slices.Contains(out, real) || bytes.IndexByte(b, 0) >= 0 && !slices.Contains(prev, real) {
			return nil
		}
		out = append(out, real)
		return nil
	})
	sort.Strings(out)
	return out, matching
}

// checkIndexInvariants checks the collection after a run and returns its
// documents' paths. prev is the documents before the run: a root left
// without any matching file keeps them (it may be unmounted).
func checkIndexInvariants(rt *rapid.T, conn *pgx.Conn, st *store.Store, opts index.Options, table string, prev []string) []string {
	ctx := context.Background()
	coll, err := st.Collection(ctx, opts.Collection)
	if err != nil {
		rt.Fatal(err)
	}
	rows, err := conn.Query(ctx, `SELECT path FROM documents WHERE collection_id = $1 ORDER BY path`, coll.ID)
	if err != nil {
		rt.Fatal(err)
	}
	docs, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		rt.Fatal(err)
	}
	want, matching := expectedDocuments(opts.Roots[0], opts.Include, prev)
	emptied := matching == 0 && len(prev) > 0
	if emptied {
		want = prev // an emptied root keeps its documents
	}
	if !slices.Equal(docs, want) {
		rt.Fatalf("documents %q\nwant      %q", docs, want)
	}
	var orphans, missing int
	q := fmt.Sprintf(`SELECT
		(SELECT count(*) FROM %[1]s v WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.id = v.chunk_id)),
		(SELECT count(*) FROM chunks c WHERE c.collection_id = $1 AND NOT EXISTS (SELECT 1 FROM %[1]s v WHERE v.chunk_id = c.id))`,
		pgx.Identifier{table}.Sanitize())
	if err := conn.QueryRow(ctx, q, coll.ID).Scan(&orphans, &missing); err != nil {
		rt.Fatal(err)
	}
	if orphans+missing != 0 {
		rt.Fatalf("%d vectors without a chunk, %d chunks without a vector", orphans, missing)
	}
	// BM25 statistics against a recomputation from the chunks' text.
	var n, total, vocab, refN, refTotal, refVocab int64
	if err := conn.QueryRow(ctx, `SELECT coalesce((SELECT n FROM bm25_stats WHERE collection_id = $1), 0),
			coalesce((SELECT total_len FROM bm25_stats WHERE collection_id = $1), 0),
			(SELECT count(*) FROM bm25_terms WHERE collection_id = $1),
			(SELECT count(*) FROM chunks WHERE collection_id = $1),
			(SELECT coalesce(sum(v.tf), 0) FROM chunks c JOIN collections k ON k.id = c.collection_id,
				bm25_chunk_terms(k.fts_config, k.bm25_title_weight, c.breadcrumb, c.content) v WHERE c.collection_id = $1),
			(SELECT count(DISTINCT v.lexeme) FROM chunks c JOIN collections k ON k.id = c.collection_id,
				bm25_chunk_terms(k.fts_config, k.bm25_title_weight, c.breadcrumb, c.content) v WHERE c.collection_id = $1)`, coll.ID).
		Scan(&n, &total, &vocab, &refN, &refTotal, &refVocab); err != nil {
		rt.Fatal(err)
	}
	if n != refN || total != refTotal || vocab != refVocab {
		rt.Fatalf("BM25 stats N=%d total=%d V=%d, recomputed N=%d total=%d V=%d", n, total, vocab, refN, refTotal, refVocab)
	}
	var bad int64
	if err := conn.QueryRow(ctx, `
		WITH p AS (SELECT t.term, u.p >> 32 AS c, u.p & 511 AS tf
		           FROM bm25_terms t, LATERAL (SELECT t.postings UNION ALL
		                SELECT b.postings FROM bm25_blocks b WHERE b.term_id = t.id) b, unnest(b.postings) u(p)
		           WHERE t.collection_id = $1),
		     r AS (SELECT v.lexeme AS term, c.id AS c, v.tf AS tf
		           FROM chunks c JOIN collections k ON k.id = c.collection_id,
		                bm25_chunk_terms(k.fts_config, k.bm25_title_weight, c.breadcrumb, c.content) v WHERE c.collection_id = $1),
		     d AS (SELECT term, df FROM bm25_terms WHERE collection_id = $1
		           EXCEPT SELECT term, count(*) FROM r GROUP BY term)
		SELECT (SELECT count(*) FROM ((TABLE p EXCEPT ALL TABLE r) UNION ALL (TABLE r EXCEPT ALL TABLE p)) x)
		     + (SELECT count(*) FROM d)`, coll.ID).Scan(&bad); err != nil {
		rt.Fatal(err)
	}
	if bad != 0 {
		rt.Fatalf("%d postings or df values differ from the chunks' text", bad)
	}
	ch, err := index.PendingChanges(ctx, st, coll, opts)
	if err != nil {
		rt.Fatal(err)
	}
	if ch.New+ch.Modified+ch.Missing+ch.Unmatched != 0 {
		rt.Fatalf("status after the run: %+v", ch)
	}
	return docs
}
