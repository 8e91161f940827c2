package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/internal/config"
	"github.com/hrag-dev/hrag/internal/iostreams"
	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// testFactory returns a Factory whose settings come only from vars (no .env).
func testFactory(t *testing.T, vars map[string]string) (*Factory, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	var out, errOut bytes.Buffer
	base := map[string]string{
		"RAG_ENV_FILE":        os.DevNull,
		"RAG_EMBED_MODEL":     modeltest.Dir(t),
		"RAG_ONNXRUNTIME_LIB": modeltest.ORTLib(),
		"HRAG_CACHE":          t.TempDir(), // ask's conversations, eval's sets
	}
	for k, v := range vars {
		base[k] = v
	}
	return NewFactory(iostreams.Test(&out, &errOut, false), func(k string) (string, bool) {
		v, ok := base[k]
		return v, ok
	}), &out, &errOut
}

func TestIndexFailsFastWhenDatabaseIsDown(t *testing.T) {
	f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": "postgres://hrag:hrag@127.0.0.1:1/hrag?sslmode=disable"})
	err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{t.TempDir()}})
	if err == nil || !strings.Contains(err.Error(), "RAG_DATABASE_URL") || !strings.Contains(err.Error(), "connection refused") {
		t.Fatalf("err = %v", err)
	}
	if ExitCode(err) != ExitError {
		t.Fatalf("exit code %d", ExitCode(err))
	}
}

func TestIndexFailsFastWhenModelIsMissing(t *testing.T) {
	f, _, _ := testFactory(t, map[string]string{"RAG_EMBED_MODEL": "/nonexistent/model"})
	err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{t.TempDir()}})
	if err == nil || !strings.Contains(err.Error(), "RAG_EMBED_MODEL=/nonexistent/model") {
		t.Fatalf("err = %v", err)
	}
}

func TestBadSettingIsAnError(t *testing.T) {
	f, _, _ := testFactory(t, map[string]string{"RAG_CHUNK_TOKENS": "abc"})
	err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{"."}})
	if err == nil || !strings.Contains(err.Error(), `RAG_CHUNK_TOKENS="abc"`) || ExitCode(err) != ExitError {
		t.Fatalf("err = %v", err)
	}
}

func TestIndexJSONSummaryAndPartialExit(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("# A\n\nhello world\n"), 0o644)
	os.Symlink(filepath.Join(dir, "nowhere.md"), filepath.Join(dir, "broken.md"))
	f, out, errOut := testFactory(t, map[string]string{"RAG_DATABASE_URL": storetest.SchemaURL(t)})
	if code := Run(context.Background(), f, []string{"index", "--json", dir}); code != ExitPartial {
		t.Fatalf("exit code %d (stderr %s)", code, errOut)
	}
	var sum map[string]any // one document: the summary, no error object after it
	if e := json.Unmarshal(out.Bytes(), &sum); e != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", e, out)
	}
	if sum["files_added"] != 1.0 || sum["files_failed"] != 1.0 || sum["chunks_embedded"] != 1.0 {
		t.Fatalf("summary %v", sum)
	}
	if !strings.Contains(errOut.String(), "broken.md: broken symbolic link") {
		t.Fatalf("stderr: %q", errOut)
	}
}

func TestIndexPipedPrintsOneLine(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("plain note\n"), 0o644)
	f, out, errOut := testFactory(t, map[string]string{"RAG_DATABASE_URL": storetest.SchemaURL(t)})
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{dir}}); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(out.String()), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], `indexed "default": 1 added`) {
		t.Fatalf("stdout %q", out)
	}
	if errOut.Len() != 0 {
		t.Fatalf("stderr not quiet: %q", errOut)
	}
}

// TestInvalidPathGlobIsUsageError: a malformed --path glob fails before
// anything is opened, naming the value, with the usage exit code.
func TestInvalidPathGlobIsUsageError(t *testing.T) {
	for _, verb := range []string{"sources", "ask"} {
		f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": "postgres://x@127.0.0.1:1/x"})
		root := NewCmdRoot(f)
		root.SetArgs([]string{verb, "--path", "[a", "why"})
		root.SetOut(&bytes.Buffer{})
		err := root.Execute()
		if code := ExitCode(err); code != ExitUsage || err == nil || !strings.HasPrefix(err.Error(), `--path "[a": not a valid glob`) {
			t.Errorf("%s --path '[a': exit %d, %v", verb, code, err)
		}
	}
}

func TestUsageErrorsExitTwo(t *testing.T) {
	f, _, _ := testFactory(t, nil)
	root := NewCmdRoot(f)
	root.SetArgs([]string{"index"})
	root.SetOut(&bytes.Buffer{})
	if code := ExitCode(root.Execute()); code != ExitUsage {
		t.Fatalf("missing PATH: exit %d", code)
	}
	for _, args := range [][]string{{"index", "--bogus", "."}, {"bogus"}, {"sources", "  "}, {"ask", "-k", "-1", "why"}} {
		root = NewCmdRoot(f)
		root.SetArgs(args)
		root.SetOut(&bytes.Buffer{})
		if code := ExitCode(root.Execute()); code != ExitUsage {
			t.Errorf("%q: exit %d", args, code)
		}
	}
}

// The warning for a file skipped with a version indexed before says how to
// remove that version: the core error is typed, the command words it.
func TestIndexWarnsKeptVersionWithItsFix(t *testing.T) {
	db := storetest.SchemaURL(t)
	dir := t.TempDir()
	note := filepath.Join(dir, "log.md")
	if err := os.WriteFile(note, []byte("# Log\n\nshort entry about ntp\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{dir}}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(note, []byte("# Log\n\n"+strings.Repeat("a long entry about ntp. ", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	f, _, errOut := testFactory(t, map[string]string{"RAG_DATABASE_URL": db, "RAG_MAX_FILE_BYTES": "1000"})
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{dir}}); err != nil {
		t.Fatal(err)
	}
	want := "; the version indexed before is kept (`hrag forget " + config.ShellQuote(note) + "` removes it)"
	if !strings.Contains(errOut.String(), want) {
		t.Fatalf("stderr lacks %q:\n%s", want, errOut)
	}
}
