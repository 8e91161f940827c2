package conversation

import (
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/hrag-dev/hrag/pkg/answer"
)

// TestStore: no file is no conversation; Start replaces, Append keeps the
// last MaxTurns in order; collections are kept apart, whatever their
// names; a damaged file is a CorruptError naming it. Mutations: Append
// without the MaxTurns cut; Path without escaping ("a/b" would fail).
func TestStore(t *testing.T) {
	s := Store{Dir: t.TempDir() + "/conversations"}
	if turns, _, err := s.Load("default"); err != nil || turns != nil {
		t.Fatalf("empty store: %v %v", turns, err)
	}
	turn := func(q string) answer.Turn {
		return answer.Turn{Question: q, Standalone: q, Answer: "a " + q, Cited: []int64{1}}
	}
	if err := s.Start("default", turn("q1")); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"q2", "q3", "q4"} {
		if err := s.Append("default", turn(q)); err != nil {
			t.Fatal(err)
		}
	}
	turns, updated, err := s.Load("default")
	if err != nil || len(turns) != MaxTurns || turns[0].Question != "q2" || turns[2].Question != "q4" || turns[2].Cited[0] != 1 || updated.IsZero() {
		t.Fatalf("after four turns: %+v %v %v", turns, updated, err)
	}
	if err := s.Start("work/a b", turn("other")); err != nil {
		t.Fatal(err)
	}
	if other, _, err := s.Load("work/a b"); err != nil || len(other) != 1 || other[0].Question != "other" {
		t.Fatalf("second collection: %+v %v", other, err)
	}
	if again, _, _ := s.Load("default"); len(again) != MaxTurns {
		t.Fatalf("the other collection's turn touched default: %+v", again)
	}
	if err := s.Start("default", turn("new")); err != nil {
		t.Fatal(err)
	}
	if turns, _, _ := s.Load("default"); len(turns) != 1 || turns[0].Question != "new" {
		t.Fatalf("Start did not replace: %+v", turns)
	}
	if err := os.WriteFile(s.Path("default"), []byte("{\"turns\": [{"), 0o600); err != nil {
		t.Fatal(err)
	}
	var ce *CorruptError
	if _, _, err := s.Load("default"); !errors.As(err, &ce) || ce.Path != s.Path("default") {
		t.Fatalf("damaged file: %v", err)
	}
	if err := s.Append("default", turn("after")); err != nil {
		t.Fatalf("Append on a damaged file: %v", err)
	}
	if turns, _, err := s.Load("default"); err != nil || len(turns) != 1 || turns[0].Question != "after" {
		t.Fatalf("Append did not replace the damaged file: %+v %v", turns, err)
	}
}

// TestAppendConcurrent: turns appended at once by several processes (here
// goroutines, each through its own Store as separate processes would) are
// all kept. Mutation: Append without the lock loses turns (a Load between
// another's Load and save).
func TestAppendConcurrent(t *testing.T) {
	dir := t.TempDir()
	if err := (Store{Dir: dir}).Start("c", answer.Turn{Question: "first"}); err != nil {
		t.Fatal(err)
	}
	const n = MaxTurns - 1
	errs := make(chan error, n)
	for i := range n {
		go func() {
			errs <- Store{Dir: dir}.Append("c", answer.Turn{Question: fmt.Sprint("q", i)})
		}()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	turns, _, err := Store{Dir: dir}.Load("c")
	if err != nil || len(turns) != n+1 || turns[0].Question != "first" {
		t.Fatalf("after %d concurrent appends: %+v %v", n, turns, err)
	}
}

// TestLockedGivesUp: a lock held elsewhere makes a save give up after
// LockWait with ErrLocked, instead of blocking the answer. Mutation:
// a blocking flock (the test would hang until its deadline).
func TestLockedGivesUp(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	if err := s.Start("c", answer.Turn{Question: "first"}); err != nil {
		t.Fatal(err)
	}
	unlock, err := s.lock("c") // another process's hold, on its own file description
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	if err := s.Append("c", answer.Turn{Question: "second"}); !errors.Is(err, ErrLocked) {
		t.Fatalf("Append under a held lock: %v", err)
	}
}
