package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/internal/config"
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

// status lists the files remembered as skipped, with why, and says which
// the next run tries again because the setting that skipped them changed.
func TestStatusListsSkippedFiles(t *testing.T) {
	db := storetest.SchemaURL(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("# A\n\nabout apples\n"), 0o644)
	bigText := "# Big\n\n" + strings.Repeat("words about bees ", 200) + "\n"
	os.WriteFile(filepath.Join(dir, "big.md"), []byte(bigText), 0o644)
	env := map[string]string{"RAG_DATABASE_URL": db, "RAG_COLLECTION": "notes", "RAG_MAX_FILE_BYTES": "1000"}
	f, _, _ := testFactory(t, env)
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{dir}}); err != nil {
		t.Fatal(err)
	}
	status := func(env map[string]string) string {
		f, out, _ := testFactory(t, env)
		if err := statusRun(context.Background(), &StatusOptions{Factory: f}); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	big := filepath.Join(dir, "big.md")
	same := status(env)
	if want := "  skipped   1 file(s), not read again until they change or the setting that caused the skip does:\n            " +
		big + fmt.Sprintf(": file too large: %d bytes > RAG_MAX_FILE_BYTES=1000 (raise RAG_MAX_FILE_BYTES to index it)\n", len(bigText)); !strings.Contains(same, want) {
		t.Errorf("status lacks %q:\n%s", want, same)
	}
	env["RAG_MAX_FILE_BYTES"] = "1000000"
	if raised := status(env); !strings.Contains(raised, "(the settings changed: the next index run tries it again)") || !strings.Contains(raised, "1 new") {
		t.Errorf("after raising the limit:\n%s", raised)
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

// An edit found only by --verify is picked up only by index --verify: the
// advice says so.
func TestStatusVerifyAdvice(t *testing.T) {
	db := storetest.SchemaURL(t)
	dir := t.TempDir()
	note := filepath.Join(dir, "boiler.md")
	os.WriteFile(note, []byte("# Boiler\n\nServiced on 1 August.\n"), 0o644)
	env := map[string]string{"RAG_DATABASE_URL": db, "RAG_COLLECTION": "notes"}
	f, _, _ := testFactory(t, env)
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{dir}}); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(note)
	os.WriteFile(note, []byte("# Boiler\n\nServiced on 9 August.\n"), 0o644)
	os.Chtimes(note, st.ModTime(), st.ModTime())
	f, out, _ := testFactory(t, env)
	if err := statusRun(context.Background(), &StatusOptions{Factory: f, Verify: true}); err != nil {
		t.Fatal(err)
	}
	if want := "  on disk   0 new, 1 modified, 0 missing since: run `hrag --collection notes index --verify " + dir + "`\n"; !strings.Contains(out.String(), want) {
		t.Fatalf("status --verify lacks %q:\n%s", want, out.String())
	}
}
