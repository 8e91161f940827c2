package index_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/store"
)

// Concurrent runs, interrupts, a lost lock and lost connections: what a
// run does when it is not alone or not allowed to finish.

func TestConcurrentRunsAreSerialised(t *testing.T) {
	e := newEnv(t)
	coll, err := e.opts.Store.EnsureCollection(context.Background(), "default", "english")
	if err != nil {
		t.Fatal(err)
	}
	lock, err := e.opts.Store.LockCollection(context.Background(), coll.ID, true)
	if err != nil {
		t.Fatal(err)
	}
	e.opts.Wait = false
	if _, err := index.Run(context.Background(), e.opts); !errors.Is(err, store.ErrLocked) {
		t.Fatalf("--no-wait with a held lock: err = %v", err)
	}
	e.opts.Wait = true
	notices := make(chan string, 4)
	e.opts.Reporter = noticeLog{recorder: recorder{warn: func(string, error) {}}, notices: notices}
	done := make(chan index.Summary)
	go func() {
		s, _ := index.Run(context.Background(), e.opts)
		done <- s
	}()
	// The second run must be blocked on the advisory lock, having written nothing.
	conn, err := pgx.Connect(context.Background(), e.url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	waiting := false
	for i := 0; i < 200 && !waiting; i++ {
		select {
		case s := <-done:
			t.Fatalf("run did not wait for the lock: %+v", s)
		default:
		}
		conn.QueryRow(context.Background(), `SELECT count(*) > 0 FROM pg_stat_activity
			WHERE wait_event_type = 'Lock' AND wait_event = 'advisory' AND query LIKE '%pg_advisory_lock%'`).Scan(&waiting)
		time.Sleep(50 * time.Millisecond)
	}
	if !waiting {
		t.Fatal("second run is not waiting on the collection lock")
	}
	if n := <-notices; !strings.Contains(n, `collection "default" is being written by another hrag process: waiting for it to finish`) {
		t.Fatalf("the waiting run said %q", n)
	}
	var docs int
	conn.QueryRow(context.Background(), `SELECT count(*) FROM documents`).Scan(&docs)
	if docs != 0 {
		t.Fatalf("%d documents written while the lock was held", docs)
	}
	lock.Release()
	if s := <-done; s.Added != 29 {
		t.Fatalf("waiting run: %+v", s)
	}
}

// noticeLog passes notices to a channel.
type noticeLog struct {
	recorder
	notices chan<- string
}

func (n noticeLog) Notice(format string, args ...any) { n.notices <- fmt.Sprintf(format, args...) }

// cancelAfter cancels a context once n documents have been stored.
type cancelAfter struct {
	recorder
	n      *int
	cancel context.CancelFunc
}

func (c cancelAfter) Stored(string) {
	*c.n--
	if *c.n == 0 {
		c.cancel()
	}
}

func TestInterruptKeepsCommittedDocuments(t *testing.T) {
	e := newEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	n := 3
	e.opts.Reporter = cancelAfter{recorder: recorder{warn: func(string, error) {}}, n: &n, cancel: cancel}
	sum, err := index.Run(ctx, e.opts)
	if !errors.Is(err, index.ErrInterrupted) || !sum.Interrupted {
		t.Fatalf("err = %v, summary %+v", err, sum)
	}
	stored := len(e.dbChunks(t))
	if stored == 0 || stored >= 29 || sum.Added != stored {
		t.Fatalf("%d documents stored, summary %+v", stored, sum)
	}
	checkConsistent(t, e)
	// The folder is a root from the start: status counts what the first,
	// interrupted run did not store as new, and says it was never indexed
	// to the end.
	coll, err := e.opts.Store.Collection(context.Background(), "default")
	if err != nil {
		t.Fatal(err)
	}
	if !equal(coll.Roots, []string{e.dir}) || !coll.IndexedAt.IsZero() {
		t.Fatalf("roots %q, indexed at %v", coll.Roots, coll.IndexedAt)
	}
	// The sample's binary file is new too when the run stopped before it
	// was read and its skip recorded (which happens first depends on the
	// workers' order).
	want := 29 - stored
	if sum.Skipped == 0 {
		want++
	}
	ch, err := index.PendingChanges(context.Background(), e.opts.Store, coll, e.opts)
	if err != nil || ch.New != want {
		t.Fatalf("pending %+v (%v), want %d new (summary %+v)", ch, err, want, sum)
	}
	e.opts.Reporter = nil
	if sum := e.run(t); sum.Added != 29-stored || sum.Unchanged != stored {
		t.Fatalf("resume: %+v", sum)
	}
}

// killLockAfter terminates the backend that holds the collection's writer
// lock once n documents have been stored.
type killLockAfter struct {
	recorder
	n    *int
	kill func()
}

func (k killLockAfter) Stored(string) {
	*k.n--
	if *k.n == 0 {
		k.kill()
	}
}

// A run whose lock's connection dies while another run takes the lock
// stops at its next write with ErrLockLost, writes nothing after it, and
// keeps what it stored; the next run finishes the job (issue 29 item 6).
func TestLostLockStopsTheRun(t *testing.T) {
	e := newEnv(t)
	st := e.opts.Store
	other, err := store.Open(context.Background(), e.url)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	var taken *store.Lock
	coll, err := st.EnsureCollection(context.Background(), "default", "english")
	if err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(context.Background(), e.url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	n, killed := 1, uint32(0)
	e.opts.Reporter = killLockAfter{recorder: recorder{warn: func(string, error) {}}, n: &n, kill: func() {
		pid, err := st.LockHolder(context.Background(), coll.ID)
		if err != nil || pid == 0 {
			t.Errorf("lock holder %d, %v", pid, err)
			return
		}
		if _, err := conn.Exec(context.Background(), `SELECT pg_terminate_backend($1, 5000)`, int64(pid)); err != nil {
			t.Error(err)
		}
		killed = pid
		// Another run takes the lock the dead connection held.
		if taken, err = other.LockCollection(context.Background(), coll.ID, true); err != nil {
			t.Error(err)
		}
	}}
	sum, err := index.Run(context.Background(), e.opts)
	if !errors.Is(err, store.ErrLockLost) || killed == 0 || taken == nil {
		t.Fatalf("err = %v (lock backend %d killed), want ErrLockLost", err, killed)
	}
	if pid, _ := st.LockHolder(context.Background(), coll.ID); pid == 0 || pid == killed {
		t.Fatalf("lock holder %d, want the other run's", pid)
	}
	taken.Release()
	stored := len(e.dbChunks(t))
	if stored == 0 || stored >= 29 || stored != sum.Added {
		t.Fatalf("%d documents stored, summary %+v", stored, sum)
	}
	if pid, _ := st.LockHolder(context.Background(), coll.ID); pid != 0 {
		t.Fatalf("lock still held by %d", pid)
	}
	checkConsistent(t, e)
	e.opts.Reporter = nil
	if sum := e.run(t); sum.Added != 29-stored || sum.Unchanged != stored {
		t.Fatalf("next run: %+v", sum)
	}
}

// Every connection of a run terminated at once (what a PostgreSQL restart
// does to it): its writes are retried on new connections, it takes its
// lock again, and it finishes with every file stored (issue 29 item 5).
func TestConnectionLossIsRetried(t *testing.T) {
	e := newEnv(t)
	app := fmt.Sprintf("hrag_retry_test_%d", time.Now().UnixNano())
	sep := "?"
	if strings.Contains(e.url, "?") {
		sep = "&"
	}
	st, err := store.Open(context.Background(), e.url+sep+"application_name="+app)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	e.opts.Store = st
	conn, err := pgx.Connect(context.Background(), e.url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	n, killed := 1, 0
	e.opts.Reporter = killLockAfter{recorder: recorder{warn: func(string, error) {}}, n: &n, kill: func() {
		if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM (SELECT pg_terminate_backend(pid, 5000)
			FROM pg_stat_activity WHERE application_name = $1) k`, app).Scan(&killed); err != nil {
			t.Error(err)
		}
	}}
	sum, err := index.Run(context.Background(), e.opts)
	if err != nil || killed < 2 {
		t.Fatalf("err = %v after %d backends were terminated", err, killed)
	}
	if sum.Added != 29 || len(e.dbChunks(t)) != 29 {
		t.Fatalf("summary %+v, %d documents stored", sum, len(e.dbChunks(t)))
	}
	checkConsistent(t, e)
}
