package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// execute runs hrag with args the way Main does (without os.Exit) and
// returns its exit code and the error text.
func execute(t *testing.T, f *Factory, args ...string) (int, string) {
	t.Helper()
	root := NewCmdRoot(f)
	root.SetArgs(args)
	root.SetOut(&bytes.Buffer{})
	root.SetErr(&bytes.Buffer{})
	err := root.Execute()
	if err == nil {
		return ExitOK, ""
	}
	return ExitCode(err), err.Error()
}

func TestJSONErrorsOnStdout(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string // in the error's text
	}{
		{[]string{"status", "--json"}, ExitError, "connection refused"},
		{[]string{"sources", "--json", "-k", "0", "why"}, ExitUsage, "-k/--top-k"},
		{[]string{"sources", "--json", "--colection", "x", "why"}, ExitUsage, "unknown flag: --colection"},
		{[]string{"sources", "--bogus", "--json=1", "why"}, ExitUsage, "unknown flag: --bogus"},
		{[]string{"--json", "sources", "backup"}, ExitUsage, "--json is a flag of hrag sources: put it after the command's name, as in `hrag sources --json …`"},
		{[]string{"status"}, ExitError, ""},                         // no --json: nothing on stdout
		{[]string{"sources", "-c", "--json", "why"}, ExitUsage, ""}, // "--json" is the (bad) collection name
	} {
		f, out, errOut := testFactory(t, map[string]string{"RAG_DATABASE_URL": "postgres://x@127.0.0.1:1/x?sslmode=disable"})
		code := Run(context.Background(), f, tc.args)
		if code != tc.code || !strings.Contains(errOut.String(), "hrag: ") {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and the message", tc.args, code, errOut, tc.code)
		}
		if tc.want == "" {
			if out.Len() != 0 {
				t.Errorf("%q: stdout %q; want nothing", tc.args, out)
			}
			continue
		}
		var got struct {
			Error    string `json:"error"`
			ExitCode int    `json:"exit_code"`
			Exit     string `json:"exit"`
		}
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatalf("%q: stdout is not JSON: %v\n%s", tc.args, err, out)
		}
		if got.ExitCode != tc.code || got.Exit != ExitCodes[tc.code] || !strings.Contains(got.Error, tc.want) {
			t.Errorf("%q: %+v; want exit %d and %q", tc.args, got, tc.code, tc.want)
		}
	}
}

func TestUsageMessagesNameWhatIsWrong(t *testing.T) {
	f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": "postgres://x@127.0.0.1:1/x?sslmode=disable"})
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"search", "backups"}, "Did you mean this?\n\tsources"},
		{[]string{"ask"}, "QUESTION is required: hrag ask QUESTION"},
		{[]string{"sources"}, "QUESTION is required: hrag sources QUESTION"},
		{[]string{"index"}, "PATH is required: hrag index PATH..."},
		{[]string{"sources", "  "}, "the question is empty"},
		{[]string{"sources", "--since", "", "backups"}, "--since is empty: give a date"},
		{[]string{"ask", "--tag", "", "backups"}, "--tag is empty"},
		{[]string{"sources", "--tag", "a,,b", "backups"}, `--tag "": is empty: give a tag (hrag status lists the tags)`},
		{[]string{"ask", "--tag", ",", "backups"}, `--tag "": is empty: give a tag`},
		{[]string{"sources", "--since", "2024-05", "--until", "2024-04", "backups"}, `--since "2024-05" is after --until "2024-04": the range is empty`},
		{[]string{"sources", "--until", "soon", "backups"}, `--until "soon": not a date`},
		{[]string{"sources", "--path", "[a", "backups"}, `--path "[a": not a valid glob`},
		{[]string{"sources", "?!.,;:"}, `the question "?!.,;:" has no words (no letter or digit)`},
		{[]string{"ask", "...", "#"}, `the question "... #" has no words`},
		{[]string{"sources", "-k", "0", "why"}, `-k/--top-k="0": want an integer ≥ 1`},
		{[]string{"ask", "-k", "-1", "why"}, `-k/--top-k="-1": want an integer ≥ 1`},
		{[]string{"sources", "-c", "", "why"}, `-c/--collection="": want a collection name`},
		{[]string{"status", "--collection", "my notes"}, `-c/--collection="my notes": want a collection name`},
		{[]string{"index", "-c", "a/b", "."}, `-c/--collection="a/b": want a collection name`},
		{[]string{"sources", "-k", "abc", "why"}, `-k/--top-k "abc": want a whole number`},
		{[]string{"sources", "--colection", "x", "why"}, `unknown flag: --colection (did you mean --collection?)`},
		{[]string{"index", "--include", "[", "."}, `glob "[" in --include: not a valid glob`},
		{[]string{"index", "--include", "", "."}, `--include is empty`},
		{[]string{"--env-file", "/nonexistent/env", "status"}, `--env-file /nonexistent/env: open /nonexistent/env`},
	} {
		code, msg := execute(t, f, tc.args...)
		if code != ExitUsage || !strings.Contains(msg, tc.want) {
			t.Errorf("%q: exit %d, %q; want exit 2 and %q", tc.args, code, msg, tc.want)
		}
	}
	// The same bad values from the environment: exit 1, naming the variable.
	for k, v := range map[string]string{"RAG_TOP_K": "0", "RAG_COLLECTION": "my notes"} {
		f, _, _ := testFactory(t, map[string]string{k: v})
		code, msg := execute(t, f, "sources", "why")
		if code != ExitError || !strings.Contains(msg, k+"=") {
			t.Errorf("%s=%q: exit %d, %q", k, v, code, msg)
		}
	}
}

func TestCompletionListsCollectionsAndIsSilentWhenTheDatabaseIsDown(t *testing.T) {
	db := storetest.SchemaURL(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.md"), []byte("# A\n\nalpha\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"papers", "personal", "work"} {
		f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db, "RAG_COLLECTION": name})
		if err := indexRun(t.Context(), &IndexOptions{Factory: f, Paths: []string{dir}}); err != nil {
			t.Fatal(err)
		}
	}
	complete := func(db string) (string, string) {
		f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
		var out, errOut bytes.Buffer
		root := NewCmdRoot(f)
		root.SetOut(&out)
		root.SetErr(&errOut)
		root.SetArgs([]string{"__complete", "sources", "-c", "p"})
		if err := root.Execute(); err != nil {
			t.Fatal(err)
		}
		return out.String(), errOut.String()
	}
	if out, _ := complete(db); out != "papers\npersonal\n:4\n" {
		t.Errorf("completion %q", out)
	}
	if out, _ := complete("postgres://x@127.0.0.1:1/x?sslmode=disable"); out != ":4\n" {
		t.Errorf("completion with the database down %q", out)
	}
}

// --version prints the version (the VCS revision, or "devel" when the build
// recorded none) and touches nothing.
func TestVersionFlag(t *testing.T) {
	f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": "postgres://x@127.0.0.1:1/x?sslmode=disable"})
	root := NewCmdRoot(f)
	root.SetArgs([]string{"--version"})
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&bytes.Buffer{})
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	if want := "hrag version " + Version() + "\n"; out.String() != want || Version() == "" {
		t.Errorf("--version printed %q, want %q", out.String(), want)
	}
}
