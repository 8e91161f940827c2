package index_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/index"
)

// writeTree creates files (path → content) under a new temporary folder.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestWalkReportsWhatItLeavesOut(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a.md":                 "a",
		"kafka.log":            "log",
		"photo.png":            "png",
		".hidden.md":           "h",
		".DS_Store":            "x", // hidden and not matching: not worth reporting
		".github/workflow.md":  "w",
		".github/deep/more.md": "w",
		".git/HEAD":            "ref",
		"drafts/wip.md":        "d",
		"sub/b.txt":            "b",
		"sub/old.md":           "o",
	})
	l := index.Walk([]string{dir}, []string{"*.md", "*.txt"}, []string{"drafts", "old.md"})
	var files []string
	for _, f := range l.Files {
		rel, _ := filepath.Rel(dir, f.Path)
		files = append(files, rel)
	}
	if want := []string{"a.md", "sub/b.txt"}; !equal(files, want) {
		t.Fatalf("files %q, want %q", files, want)
	}
	got := map[string]string{}
	for _, ig := range l.Ignored {
		rel, _ := filepath.Rel(dir, ig.Path)
		kind := "file"
		if ig.Folder {
			kind = "folder"
		}
		got[rel] = ig.Rule + " " + kind
	}
	want := map[string]string{
		".github":    "hidden folder",
		".hidden.md": "hidden file",
		"drafts":     "excluded folder",
		"kafka.log":  "not_included file",
		"photo.png":  "not_included file",
		"sub/old.md": "excluded file",
	}
	if len(got) != len(want) {
		t.Errorf("ignored %v, want %v", got, want)
	}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("%s: %q, want %q", p, got[p], w)
		}
	}
	c := l.IgnoredCounts()
	if s := c.String(); s != "2 files not matching the include globs, 1 excluded file, 1 excluded folder, 1 hidden file, 1 hidden folder" {
		t.Errorf("counts %q", s)
	}
	if c.Total() != 6 {
		t.Errorf("total %d", c.Total())
	}
}

func TestWalkIndexesAHiddenRootNamedExplicitly(t *testing.T) {
	dir := writeTree(t, map[string]string{".github/w.md": "w", ".notes.md": "n"})
	l := index.Walk([]string{filepath.Join(dir, ".github"), filepath.Join(dir, ".notes.md")}, []string{"*.md"}, nil)
	if len(l.Files) != 2 || len(l.Ignored) != 0 {
		t.Fatalf("files %v, ignored %v", l.Files, l.Ignored)
	}
}

func TestIgnoredDescribeGivesAPasteableFix(t *testing.T) {
	ig := index.Ignored{Path: "/n/my notes/.drafts", Rule: index.RuleHidden, Folder: true}
	// The command is worded by the caller from its words (cmd: config.CommandWords).
	words := func(args ...string) string { return "<" + strings.Join(args, "|") + ">" }
	if got, want := ig.Describe([]string{"*.md"}, words), "hidden folder, not looked into; to index it, name it: <index|/n/my notes/.drafts>"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	ig = index.Ignored{Path: "/n/kafka.log", Rule: index.RuleNotIncluded}
	if got, want := ig.Describe([]string{"*.md", "*.txt"}, nil), "does not match the include globs (*.md,*.txt); to index such files, add '*.log' to RAG_INCLUDE (--include '*.log' replaces the globs for one run only)"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A link whose own name the globs leave out does not hide the file it
// points to (found by the property test: the file was pruned).
func TestExcludedLinkDoesNotHideItsTarget(t *testing.T) {
	dir := writeTree(t, map[string]string{"sub/d.md": "d"})
	os.Symlink(filepath.Join(dir, "sub", "d.md"), filepath.Join(dir, "c.txt"))
	l := index.Walk([]string{dir}, []string{"*.md"}, nil)
	if len(l.Files) != 1 || l.Files[0].Path != filepath.Join(dir, "sub", "d.md") {
		t.Fatalf("files %+v", l.Files)
	}
}

// TestWalkLeavesOutNamesThatAreNotUTF8: a file whose name is Latin-1
// ("caf\xe9.md") is left out by RuleBadName, with a message saying to
// rename it, instead of failing in the database on every run. Mutation:
// dropping the utf8.ValidString case lists the file.
func TestWalkLeavesOutNamesThatAreNotUTF8(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"caf\xe9.md", "ok.md"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("text"), 0o644); err != nil {
			t.Fatalf("writing a Latin-1 file name (Linux file systems take any bytes but / and NUL): %v", err)
		}
	}
	l := index.Walk([]string{dir}, []string{"*.md"}, nil)
	if len(l.Files) != 1 || filepath.Base(l.Files[0].Path) != "ok.md" || len(l.Ignored) != 1 || l.Ignored[0].Rule != index.RuleBadName {
		t.Fatalf("files %v, ignored %+v", l.Files, l.Ignored)
	}
	if got := l.IgnoredCounts().String(); got != "1 file with a name that is not UTF-8" {
		t.Errorf("counts %q", got)
	}
	if why := l.Ignored[0].Describe(nil, nil); !strings.Contains(why, "rename it") {
		t.Errorf("describe %q", why)
	}
}
