package index_test

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/extract"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/store"
)

// TestRandomKillsLeaveConsistentIndex kills `index` and `reembed` child
// processes with SIGKILL at random moments, 24 times, with random file
// changes in between. After every kill the index must be consistent: every
// document has exactly the chunks its file yields, each with a vector of
// the model, no vector or BM25 posting is orphaned, and the BM25 statistics
// equal a recomputation. A final run must then bring the index to the files
// on disk with status clean. At least one kill must land while a
// transaction is open (the server then rolls it back); it kills on until
// one does. Mutation: a child that commits nothing (no transaction ever
// open) fails it.
func TestRandomKillsLeaveConsistentIndex(t *testing.T) {
	e := newEnv(t)
	e.opts.Chunk = smallChunks // fits the second model too: reembed never re-chunks
	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	seed := rng.Int63()
	rng.Seed(seed)
	t.Logf("seed %d", seed)
	gen := func(i, v int) {
		body := fmt.Sprintf("# Generated note %d\n\n%s\n\n## Details v%d\n\n%s\n", i,
			strings.Repeat(fmt.Sprintf("Paragraph about topic %d and its measurements, version %d. ", i, v), 20+v%7),
			v, strings.Repeat("More words about backups, vacuum and bread. ", 25))
		os.WriteFile(filepath.Join(e.dir, fmt.Sprintf("gen-%02d.md", i)), []byte(body), 0o644)
	}
	for i := 0; i < 40; i++ {
		gen(i, 0)
	}
	e.run(t) // then changes and kills
	conn, err := pgx.Connect(context.Background(), e.url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	const kills = 24
	childApp := fmt.Sprintf("hrag-crash-child-%d", os.Getpid())
	inTx, reembeds := 0, 0
	// Kills go on past kills until one lands inside an open transaction
	// (at most twice as many): the rollback path must be exercised.
	k := 0
	for ; k < kills || inTx == 0 && k < 2*kills; k++ {
		// Random changes: edit, delete or create a few generated notes.
		for c := rng.Intn(6); c > 0; c-- {
			i := rng.Intn(50)
			if rng.Intn(4) == 0 {
				os.Remove(filepath.Join(e.dir, fmt.Sprintf("gen-%02d.md", i)))
			} else {
				gen(i, k+1)
			}
		}
		mode := "index"
		if k%3 == 2 {
			mode, reembeds = "reembed", reembeds+1
		}
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "HRAG_TEST_CHILD_DB="+e.url+"&application_name="+childApp, "HRAG_TEST_CHILD_DIR="+e.dir, "HRAG_TEST_CHILD_MODE="+mode, "HRAG_TEST_CHILD_CHUNK=small")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Every other kill waits for the child to open a transaction (polled
		// every 5 ms, up to 20 s): kills at random times seldom land in one,
		// since the child spends most of its time embedding. The others come
		// at a random time. open: a transaction of the child was open at
		// the last look before the kill (the test's own connection is idle).
		waitForTx := k%2 == 0
		deadline := time.Now().Add(time.Duration(300+rng.Intn(2500)) * time.Millisecond)
		if waitForTx {
			deadline = time.Now().Add(20 * time.Second)
		}
		var open int
		for {
			if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity
				WHERE application_name = $1 AND xact_start IS NOT NULL`, childApp).Scan(&open); err != nil {
				t.Fatal(err)
			}
			if waitForTx && open > 0 || time.Now().After(deadline) {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		if open > 0 {
			inTx++
		}
		checkStoredConsistent(t, conn, e)
		checkStoreInvariants(t, conn, e)
		if t.Failed() {
			t.Fatalf("after kill %d (%s)", k+1, mode)
		}
	}
	t.Logf("%d kills (%d of reembed), %d inside an open transaction", k, reembeds, inTx)
	if inTx == 0 {
		t.Fatalf("none of %d kills landed inside an open transaction: the rollback path was not tested", k)
	}

	sum := e.run(t)
	checkConsistent(t, e)
	checkStoreInvariants(t, conn, e)
	coll, _ := e.opts.Store.Collection(context.Background(), "default")
	ch, err := pendingCount(e, coll)
	if err != nil {
		t.Fatal(err)
	}
	if ch != 0 {
		t.Fatalf("after the final run %+v: %d changes pending", sum, ch)
	}
	// The documents are the notes on disk.
	want, _ := expectedDocuments(e.dir, e.opts.Include, nil)
	got := 0
	for range e.dbChunks(t) {
		got++
	}
	if got != len(want) {
		t.Fatalf("%d documents, %d files", got, len(want))
	}
}

// checkStoreInvariants: no vector without a chunk, no chunk of the model
// without a vector unless a reembed was killed (its table is another), and
// BM25 statistics equal to a recomputation.
func checkStoreInvariants(t *testing.T, conn *pgx.Conn, e *env) {
	t.Helper()
	ctx := context.Background()
	table := store.VectorTableName(e.opts.Embedder.Model().ID, e.opts.Embedder.Model().Dim, "")
	var orphans, missing, bad int64
	q := fmt.Sprintf(`SELECT (SELECT count(*) FROM %[1]s v WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.id = v.chunk_id)),
		(SELECT count(*) FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM %[1]s v WHERE v.chunk_id = c.id))`, pgx.Identifier{table}.Sanitize())
	if err := conn.QueryRow(ctx, q).Scan(&orphans, &missing); err != nil {
		t.Fatal(err)
	}
	if err := conn.QueryRow(ctx, `
		WITH p AS (SELECT t.term, u.p >> 32 AS c, u.p & 511 AS tf
		           FROM bm25_terms t, LATERAL (SELECT t.postings UNION ALL
		                SELECT b.postings FROM bm25_blocks b WHERE b.term_id = t.id) b, unnest(b.postings) u(p)),
		     r AS (SELECT v.lexeme AS term, c.id AS c, v.tf AS tf
		           FROM chunks c JOIN collections k ON k.id = c.collection_id,
		                bm25_chunk_terms(k.fts_config, k.bm25_title_weight, c.breadcrumb, c.content) v)
		SELECT (SELECT count(*) FROM ((TABLE p EXCEPT ALL TABLE r) UNION ALL (TABLE r EXCEPT ALL TABLE p)) x)
		     + (SELECT count(*) FROM bm25_stats s WHERE s.n <> (SELECT count(*) FROM chunks c WHERE c.collection_id = s.collection_id))`).Scan(&bad); err != nil {
		t.Fatal(err)
	}
	if orphans+missing+bad != 0 {
		t.Errorf("%d orphaned vectors, %d chunks without a vector, %d BM25 rows differing from the chunks", orphans, missing, bad)
	}
}

// pendingCount counts what status would report for the collection.
func pendingCount(e *env, coll store.Collection) (int, error) {
	ch, err := indexPending(context.Background(), e, coll)
	return ch.New + ch.Modified + ch.Missing + ch.Unmatched, err
}

func indexPending(ctx context.Context, e *env, coll store.Collection) (index.Changes, error) {
	return index.PendingChanges(ctx, e.opts.Store, coll, e.opts)
}

// checkStoredConsistent verifies, after a kill, that every stored document
// has exactly the chunks its stored text yields, each with a vector: no
// half-written document. (Its file may have changed or gone since: the run
// that would have noticed was killed.)
func checkStoredConsistent(t *testing.T, conn *pgx.Conn, e *env) {
	t.Helper()
	ctx := context.Background()
	table := store.VectorTableName(e.opts.Embedder.Model().ID, e.opts.Embedder.Model().Dim, "")
	rows, err := conn.Query(ctx, fmt.Sprintf(`SELECT d.path, d.body,
		(SELECT count(*) FROM chunks c WHERE c.document_id = d.id),
		(SELECT count(*) FROM chunks c JOIN %s v ON v.chunk_id = c.id WHERE c.document_id = d.id)
		FROM documents d`, pgx.Identifier{table}.Sanitize()))
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	opts := e.opts.Chunk
	opts.InputTokens, opts.SpecialTokens = 256, e.opts.Tokenizer.Special()
	opts, _ = opts.Fit()
	for rows.Next() {
		var path, body string
		var n, v int
		if err := rows.Scan(&path, &body, &n, &v); err != nil {
			t.Fatal(err)
		}
		doc := extract.ParseMarkdown(path, body)
		if !strings.HasSuffix(path, ".md") {
			doc = extract.ParseText(path, body)
		}
		if want := len(chunk.Split(doc, opts, e.opts.Tokenizer)); n != want || v != want {
			t.Errorf("%s: %d chunks, %d vectors; its stored text yields %d", path, n, v, want)
		}
	}
}
