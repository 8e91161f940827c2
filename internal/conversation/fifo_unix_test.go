//go:build unix

package conversation

import (
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/hrag-dev/hrag/pkg/answer"
)

// TestLoadRefusesWhatIsNoConversation: a FIFO where the file should be is
// refused at once instead of blocking until a writer comes (the open is
// non-blocking), and a file of another collection is refused too.
// Mutation: os.ReadFile instead of the non-blocking open hangs the FIFO
// case until the test times out.
func TestLoadRefusesWhatIsNoConversation(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	if err := syscall.Mkfifo(s.Path("fifo"), 0o600); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	var ce *CorruptError
	if _, _, err := s.Load("fifo"); !errors.As(err, &ce) || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("FIFO: %v", err)
	}
	if err := s.Start("default", answer.Turn{Question: "q"}); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(s.Path("default"), s.Path("papers")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Load("papers"); !errors.As(err, &ce) || !strings.Contains(err.Error(), `collection "default"`) {
		t.Fatalf("another collection's file: %v", err)
	}
}
