package index_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/tokenize"
)

// smallChunks fit both test models (the second takes 128 tokens), so
// re-embedding never re-chunks and counts are exact.
var smallChunks = chunk.Options{ContentTokens: 90, OverlapTokens: 10, BreadcrumbTokens: 20}

// childReembed re-embeds collection "default" with the second model and
// prints the summary as JSON (the ONNX Runtime allows one model session per
// process, and the parent holds the first model's).
func childReembed(url string) int {
	ctx := context.Background()
	st, err := store.Open(ctx, url)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	dir := modeltest.SecondDir(processTB{})
	emb, err := embed.Open(embed.Options{Dir: dir, ONNXRuntimeLib: modeltest.ORTLib(), BatchSize: 8})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	tk, err := tokenize.Load(emb.Model().Tokenizer)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	sum, err := index.Reembed(ctx, index.Options{Collection: "default", Chunk: smallChunks, Wait: true,
		Store: st, Embedder: emb, Tokenizer: tk, BatchSize: 8})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	json.NewEncoder(os.Stdout).Encode(sum)
	return 0
}

// TestKilledReembedFinishesOnRerun kills `reembed` (SIGKILL) once some
// vectors of the second model are committed, checks that what is committed
// is kept and that the first model's vectors are untouched, then reruns it:
// only the rest is embedded and the table ends complete.
func TestKilledReembedFinishesOnRerun(t *testing.T) {
	e := newEnv(t)
	e.opts.Chunk = smallChunks
	for i := 0; i < 40; i++ {
		body := fmt.Sprintf("# Generated note %d\n\n%s\n\n## Details\n\n%s\n", i,
			strings.Repeat(fmt.Sprintf("Paragraph about topic %d and its measurements. ", i), 30),
			strings.Repeat(fmt.Sprintf("More words about backups, vacuum and bread number %d. ", i), 40))
		os.WriteFile(fmt.Sprintf("%s/gen-%02d.md", e.dir, i), []byte(body), 0o644)
	}
	first := e.run(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, e.url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	tableB := store.VectorTableName("paraphrase-MiniLM-L3-v2", 384, "")
	tableA := store.VectorTableName(e.opts.Embedder.Model().ID, 384, "")
	count := func(table string) int {
		var n int
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM `+table).Scan(&n); err != nil {
			return 0 // not created yet
		}
		return n
	}
	child := func() *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "HRAG_TEST_CHILD_DB="+e.url, "HRAG_TEST_CHILD_MODE=reembed")
		cmd.Stderr = os.Stderr
		return cmd
	}

	cmd := child()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	killedAt := 0
	for i := 0; i < 1200 && killedAt < 16; i++ {
		killedAt = count(tableB)
		time.Sleep(25 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	kept := count(tableB)
	if kept < 16 || kept >= first.Chunks {
		t.Fatalf("killed with %d of %d vectors committed; wanted a partial run", kept, first.Chunks)
	}
	if a := count(tableA); a != first.Chunks {
		t.Fatalf("first model's table holds %d vectors, want %d", a, first.Chunks)
	}

	var out bytes.Buffer
	cmd = child()
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("rerun: %v", err)
	}
	var sum index.ReembedSummary
	if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
		t.Fatalf("rerun output %q: %v", out.String(), err)
	}
	if sum.Skipped != int64(kept) || sum.Embedded+sum.Reused != first.Chunks-kept || sum.Rechunked != 0 ||
		sum.Chunks != int64(first.Chunks) || !sum.Complete() || sum.Interrupted {
		t.Fatalf("rerun after kill (%d committed): %+v", kept, sum)
	}
	if b := count(tableB); b != first.Chunks {
		t.Fatalf("second model's table holds %d vectors, want %d", b, first.Chunks)
	}
}

// TestInterruptedReembedKeepsCommittedBatches cancels reembed after its
// first batches: it returns ErrInterrupted with a summary, the committed
// vectors stay, and a rerun finishes the rest.
func TestInterruptedReembedKeepsCommittedBatches(t *testing.T) {
	e := newEnv(t)
	first := e.run(t)
	ctx := context.Background()
	coll, _ := e.opts.Store.Collection(ctx, "default")
	m := e.opts.Embedder.Model()
	if _, _, err := e.opts.Store.DropVectors(ctx, coll.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	opts := e.opts
	n := 8
	opts.BatchSize, opts.Reporter = 4, cancelAtProgress{recorder: recorder{warn: func(string, error) {}}, n: n, cancel: cancel}
	sum, err := index.Reembed(cctx, opts)
	if !errors.Is(err, index.ErrInterrupted) || !sum.Interrupted || sum.Vectors < 8 || sum.Vectors >= int64(first.Chunks) || sum.Embedded != int(sum.Vectors) {
		t.Fatalf("interrupted reembed: %v %+v (%d chunks)", err, sum, first.Chunks)
	}
	opts.Reporter = nil
	again, err := index.Reembed(ctx, opts)
	if err != nil || again.Skipped != sum.Vectors || again.Embedded+again.Reused != first.Chunks-int(sum.Vectors) || !again.Complete() {
		t.Fatalf("rerun: %v %+v", err, again)
	}
	checkConsistent(t, e)
}

// cancelAtProgress cancels a context once n chunks are reported done.
type cancelAtProgress struct {
	recorder
	n      int
	cancel context.CancelFunc
}

func (c cancelAtProgress) Progress(done, _ int) {
	if done >= c.n {
		c.cancel()
	}
}

// reembed changes the vectors a collection is searched with: the gate's
// off-topic baseline is measured again.
func TestReembedResetsTheGateBaseline(t *testing.T) {
	e := newEnv(t)
	e.opts.Chunk = smallChunks
	e.run(t)
	ctx := context.Background()
	coll, _ := e.opts.Store.Collection(ctx, "default")
	tableA := store.VectorTableName(e.opts.Embedder.Model().ID, e.opts.Embedder.Model().Dim, "")
	if err := e.opts.Store.SetNullSimilarity(ctx, coll.ID, tableA, "Latin", 0.2); err != nil {
		t.Fatal(err)
	}
	// The second model runs in a child process: one ONNX Runtime session
	// per process.
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "HRAG_TEST_CHILD_DB="+e.url, "HRAG_TEST_CHILD_MODE=reembed")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("reembed: %v", err)
	}
	tables, _ := e.opts.Store.CollectionVectorTables(ctx, coll.ID)
	for _, tb := range tables {
		if len(tb.NullSimilarity) != 0 {
			t.Fatalf("table %s keeps baselines %v after reembed", tb.Name, tb.NullSimilarity)
		}
	}
}
