// Package conversation keeps the last turns of `hrag ask`'s conversation,
// one JSON file per collection under the cache folder, so that
// `ask --follow-up` can lean on them (answer.Asker.FollowUp).
package conversation

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/hrag-dev/hrag/pkg/answer"
)

// MaxTurns is how many turns a conversation keeps: the rewrite of a
// follow-up reads the last three (answer.RewriteMessages).
const MaxTurns = 3

// Store keeps conversations in Dir (created on the first save, mode 0700:
// the questions and answers are the user's).
type Store struct {
	Dir string
}

// file is the JSON form of one collection's conversation.
type file struct {
	Collection string        `json:"collection"`
	Updated    time.Time     `json:"updated"`
	Turns      []answer.Turn `json:"turns"`
}

// CorruptError: the conversation file is not what Save writes (edited by
// hand, cut by a full disk). Path names it; it is replaced by the next
// Start.
type CorruptError struct {
	Path string
	Err  error
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("conversation file %s is unreadable: %v", e.Path, e.Err)
}

func (e *CorruptError) Unwrap() error { return e.Err }

// Path is the file of collection's conversation: its name escaped for a
// file name (url.PathEscape), with .json.
func (s Store) Path(collection string) string {
	return filepath.Join(s.Dir, url.PathEscape(collection)+".json")
}

// Load returns the turns of collection's conversation, oldest first, and
// when the last was saved; none (and no error) when there is no
// conversation yet. A file that does not parse, is not a regular file (a
// FIFO is opened without waiting for a writer, then refused) or belongs to
// another collection is a *CorruptError.
func (s Store) Load(collection string) ([]answer.Turn, time.Time, error) {
	p := s.Path(collection)
	fh, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, time.Time{}, nil
	}
	if err != nil {
		return nil, time.Time{}, err
	}
	defer fh.Close()
	if st, err := fh.Stat(); err != nil {
		return nil, time.Time{}, err
	} else if !st.Mode().IsRegular() {
		return nil, time.Time{}, &CorruptError{Path: p, Err: fmt.Errorf("not a regular file (%s)", st.Mode().Type())}
	}
	b, err := io.ReadAll(io.LimitReader(fh, maxFileBytes+1))
	if err != nil {
		return nil, time.Time{}, err
	}
	if len(b) > maxFileBytes {
		return nil, time.Time{}, &CorruptError{Path: p, Err: fmt.Errorf("larger than %d bytes", maxFileBytes)}
	}
	var f file
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, time.Time{}, &CorruptError{Path: p, Err: err}
	}
	if f.Collection != collection {
		return nil, time.Time{}, &CorruptError{Path: p, Err: fmt.Errorf("it holds the conversation of collection %q", f.Collection)}
	}
	return f.Turns, f.Updated, nil
}

// maxFileBytes bounds a conversation file: MaxTurns turns of questions and
// answers are a few kilobytes.
const maxFileBytes = 1 << 20

// Start begins a new conversation of collection with t, replacing any
// earlier one.
func (s Store) Start(collection string, t answer.Turn) error {
	unlock, err := s.lock(collection)
	if err != nil {
		return err
	}
	defer unlock()
	return s.save(collection, []answer.Turn{t})
}

// Append adds t to collection's conversation as it is on disk now and
// keeps the last MaxTurns turns. It reads and writes under an exclusive
// lock (flock(2) on the file's .lock), so two `ask -f` running at once
// keep both turns. A damaged file (*CorruptError) is replaced by a
// conversation of t alone; other read errors are returned.
func (s Store) Append(collection string, t answer.Turn) error {
	unlock, err := s.lock(collection)
	if err != nil {
		return err
	}
	defer unlock()
	turns, _, err := s.Load(collection)
	var corrupt *CorruptError
	if errors.As(err, &corrupt) {
		turns, err = nil, nil
	}
	if err != nil {
		return err
	}
	all := append(turns, t)
	return s.save(collection, all[max(0, len(all)-MaxTurns):])
}

// Forget removes collection's conversation and its lock file (for a
// deleted collection: one made later under the same name starts afresh).
// A conversation that does not exist is no error.
func (s Store) Forget(collection string) error {
	for _, p := range []string{s.Path(collection), s.Path(collection) + ".lock"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// LockWait is how long a save waits for another process's save to end
// before giving up with ErrLocked.
const LockWait = 5 * time.Second

// ErrLocked: another process held the conversation's lock for LockWait
// (a save takes milliseconds: something else holds it).
var ErrLocked = errors.New("the conversation is locked by another process")

// lock takes the exclusive lock of collection's conversation, waiting at
// most LockWait for another process's save, and returns its release.
func (s Store) lock(collection string) (func(), error) {
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return nil, err
	}
	fh, err := os.OpenFile(s.Path(collection)+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	for deadline := time.Now().Add(LockWait); ; time.Sleep(20 * time.Millisecond) {
		err = syscall.Flock(int(fh.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { fh.Close() }, nil // closing the file releases the lock
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) || time.Now().After(deadline) {
			break
		}
	}
	fh.Close()
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return nil, fmt.Errorf("%w (%s, waited %s)", ErrLocked, fh.Name(), LockWait)
	}
	return nil, fmt.Errorf("lock %s: %w", fh.Name(), err)
}

// save writes the conversation to a temporary file in Dir and renames it
// into place, so a reader never sees half a file.
func (s Store) save(collection string, turns []answer.Turn) error {
	b, err := json.MarshalIndent(file{Collection: collection, Updated: time.Now().UTC(), Turns: turns}, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(s.Dir, ".conversation-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing to remove
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), s.Path(collection))
}
