package cmd

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/config"
	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// status in text: the counts of files changed on disk since the last run,
// what the rules left out, and a pasteable command that refreshes it.
func TestStatusTextShowsChangesAndTheFix(t *testing.T) {
	db := storetest.SchemaURL(t)
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".journal"), 0o755)
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("# A\n\nabout apples\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.md"), []byte("# B\n\nabout bees\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "c.log"), []byte("log\n"), 0o644)
	os.WriteFile(filepath.Join(dir, ".journal", "d.md"), []byte("# D\n\nhidden\n"), 0o644)
	f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db, "RAG_COLLECTION": "notes"})
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{dir}}); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "b.md"))
	os.WriteFile(filepath.Join(dir, "e.md"), []byte("# E\n\nabout eels\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("# A\n\nabout apples and pears\n"), 0o644)

	f, out, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db, "RAG_COLLECTION": "notes"})
	if err := statusRun(context.Background(), &StatusOptions{Factory: f}); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		"collection \"notes\" (current)\n",
		"  documents 2, chunks 2, last indexed ",
		"  root      " + dir + "\n",
		"  on disk   1 new, 1 modified, 1 missing since: run `hrag --collection notes index " + dir + "`\n",
		"  left out  1 file not matching the include globs, 1 hidden folder, by rule (`hrag --collection notes index -v " + dir + "` lists them)\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("status lacks %q:\n%s", want, text)
		}
	}
}

// A command opens its store through the Factory: a builder put in by a
// test is the one used, and its error reaches the user as a failure.
func TestStatusUsesTheFactoryStore(t *testing.T) {
	f, _, _ := testFactory(t, nil)
	f.OpenStore = func(context.Context, config.Config) (*store.Store, error) {
		return nil, errors.New("store swapped out by the test")
	}
	err := statusRun(context.Background(), &StatusOptions{Factory: f, NoDisk: true})
	if err == nil || !strings.Contains(err.Error(), "store swapped out by the test") || ExitCode(err) != ExitError {
		t.Fatalf("err = %v (exit %d)", err, ExitCode(err))
	}
}
