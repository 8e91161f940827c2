package store_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/store"
)

// chdirTemp makes a fresh working directory holding the folder "notes" and
// the file "local.md" and returns its absolute path.
func chdirTemp(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "notes"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "local.md"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}

// TestPathFilterRules checks each --path rule on paths as the index stores
// them (absolute). The expected values are written from the rules, not from
// the implementation.
func TestPathFilterRules(t *testing.T) {
	wd := chdirTemp(t)
	parent := filepath.Dir(wd)
	type tc struct {
		value string
		path  string
		want  bool
	}
	cases := []tc{
		// No filter.
		{"", "/n/a/x.md", true},

		// An absolute folder: the folder and everything beneath it.
		{"/n/a", "/n/a/x.md", true},
		{"/n/a", "/n/a/deep/er/x.md", true},
		{"/n/a", "/n/a", true},
		{"/n/a", "/n/a-old/x.md", false}, // sibling folder sharing a prefix
		{"/n/a", "/n/ab", false},
		{"/n/a", "/m/n/a/x.md", false},
		{"/n/a/", "/n/a/x.md", true},
		{"/n/a/", "/n/a", false}, // trailing "/": folders only
		{"/", "/n/a/x.md", true},
		// An absolute file.
		{"/n/a/b.md", "/n/a/b.md", true},
		{"/n/a/b.md", "/n/a/b.md.bak", false},
		{"/n/a/b.md", "/n/a/c.md", false},
		// Existing relative paths and ./ ../ paths keep the prefix meaning.
		{"notes", wd + "/notes/x.md", true},
		{"notes", "/elsewhere/notes/x.md", false},
		{"notes/", wd + "/notes/x.md", true},
		{"local.md", wd + "/local.md", true},
		{"local.md", "/elsewhere/local.md", false},
		{"./missing", wd + "/missing/x.md", true},
		{"./missing", "/elsewhere/missing/x.md", false},
		{".", wd + "/x.md", true},
		{".", parent + "/x.md", false},
		{"..", parent + "/x.md", true},
		{"../", parent + "/x.md", true},
		{"sub/../..", parent + "/x.md", true},
		{"sub/../..", "/other/x.md", false},

		// A glob ending in "*" after a whole file name still matches the file
		// (doublestar v4.10 alone does not, with the "/**" for folders added).
		{"*fake.pdf*", "/tmp/brk/pdf/fake.pdf", true},
		{"fake.pdf*", "/tmp/brk/pdf/fake.pdf", true},
		{"fake.pdf*", "/tmp/brk/pdf/fake.pdf.d/x.md", true},
		{"fake.pdf*", "/tmp/brk/pdf/afake.pdf", false},
		{"fake.pdf*/", "/tmp/brk/pdf/fake.pdf", false},

		// A bare name: whole segments anywhere in the path.
		{"user_guide.md", "/home/u/docs/user_guide.md", true},
		{"user_guide.md", "/home/u/docs/my_user_guide.md", false},
		{"user_guide.md", "/home/u/docs/user_guide.md.bak", false},
		{"User_Guide.md", "/home/u/docs/user_guide.md", false}, // case-sensitive
		{"notes/linux", "/h/notes/linux/ssh.md", true},
		{"notes/linux", "/h/notes/linux/deep/ssh.md", true},
		{"notes/linux", "/h/notes/linux", true},
		{"notes/linux", "/h/notes/linux-old/ssh.md", false},
		{"notes/linux", "/h/mynotes/linux/ssh.md", false},
		{"notes/linux", "/h/notes/x/linux/ssh.md", false},
		{"notes/linux/", "/h/notes/linux/ssh.md", true},
		{"linux/", "/h/notes/linux", false},
		{"cobra", "/go/github.com/spf13/cobra/README.md", true},
		{"cobra", "/go/github.com/spf13/cobra-cli/README.md", false},
		{"github.com/spf13", "/go/pkg/mod/github.com/spf13/cobra/README.md", true},
		// Paths with spaces.
		{"my notes/a b.md", "/h/my notes/a b.md", true},
		{"my notes", "/h/my notes/a b.md", true},
		{"my notes", "/h/notes/a b.md", false},
		{"/h/my notes", "/h/my notes/a b.md", true},

		// "*" stays within one segment.
		{"*.md", "/n/a/x.md", true},
		{"*.md", "/n/a/x.txt", false},
		{"spf13/*.md", "/go/spf13/README.md", true},
		{"spf13/*.md", "/go/spf13/cobra/README.md", false},
		// A glob matching a folder matches what lies beneath it.
		{"cobra*", "/go/spf13/cobra/doc/user_guide.md", true},
		{"cobra*", "/go/spf13/cobra-cli/README.md", true},
		{"cobra*", "/go/spf13/viper/cobra.txt", true},
		{"cobra*", "/go/spf13/mycobra/x.md", false},
		{"github.com/spf13/*", "/home/u/go/pkg/mod/github.com/spf13/cobra@v1.10.2/README.md", true},
		{"github.com/spf13/*", "/home/u/go/pkg/mod/github.com/other/x.md", false},
		{"a*", "/n/a-old/x.md", true},
		{"docs/*/", "/h/docs/x.md", false}, // trailing "/": folders only
		{"docs/*/", "/h/docs/sub/x.md", true},
		// "**" crosses segments, including none.
		{"spf13/**/*.md", "/go/spf13/cobra/doc/x.md", true},
		{"spf13/**/*.md", "/go/spf13/x.md", true},
		{"spf13/**/*.md", "/go/spf13/x.txt", false},
		{"github.com/spf13/**", "/go/github.com/spf13/cobra/x.md", true},
		{"**", "/any/thing.md", true},
		{"**/user_guide*", "/h/docs/user_guide.md", true},
		{"cobra**", "/go/cobrax/y.md", true}, // "**" inside a segment is "*"
		{"cobra**", "/go/cob/y.md", false},
		// "?" is one character of a segment.
		{"?.md", "/n/a.md", true},
		{"?.md", "/n/ab.md", false},
		{"n?a", "/n/a", false},
		// Character classes and alternatives.
		{"notes/[ab].md", "/h/notes/a.md", true},
		{"notes/[ab].md", "/h/notes/c.md", false},
		{"[!a].md", "/n/b.md", true},
		{"[!a].md", "/n/a.md", false},
		{"[a-c]*.md", "/n/cat.md", true},
		{"[a-c]*.md", "/n/dog.md", false},
		{"*.{md,txt}", "/n/x.txt", true},
		{"*.{md,txt}", "/n/x.pdf", false},
		// Escapes make glob characters literal.
		{`\[draft\].md`, "/h/[draft].md", true},
		{`\[draft\].md`, "/h/d.md", false},
		// Absolute globs match from the root.
		{"/n/*/x.md", "/n/a/x.md", true},
		{"/n/*/x.md", "/m/n/a/x.md", false},
		{"/n/*", "/n/a/b/c.md", true},
		{"/n/*.md", "/m/n/a.md", false},
		{"/n/a*", "/n/a-old/x.md", true},
		{"/**/x.md", "/n/a/x.md", true},
		// A relative glob matches any run of whole segments, in particular
		// a trailing one.
		{"a/*.md", "/n/a/x.md", true},
		{"a/*.md", "/n/a/b/x.md", false},
		{"a/*.md", "/n/ba/x.md", false},
		{"n/a/*", "/root/n/a/x.md", true},
		// Globs starting with ./ or ../ start at the working directory.
		{"./*.md", wd + "/x.md", true},
		{"./*.md", wd + "/sub/x.md", false},
		{"./*.md", "/other/x.md", false},
		{"../*", parent + "/z/x.md", true},
		// Spaces in globs.
		{"my notes/*.md", "/h/my notes/a b.md", true},
		{"* b.md", "/h/my notes/a b.md", true},
	}
	for _, c := range cases {
		f, err := store.NewPathFilter(c.value)
		if err != nil {
			t.Errorf("NewPathFilter(%q): %v", c.value, err)
			continue
		}
		if got := f.Match(c.path); got != c.want {
			t.Errorf("--path %q on %s: %v, want %v", c.value, c.path, got, c.want)
		}
	}
}

func TestPathFilterAccessors(t *testing.T) {
	wd := chdirTemp(t)
	var zero store.PathFilter
	if !zero.IsZero() || !zero.Match("/x") {
		t.Fatal("the zero filter must match everything")
	}
	for value, resolved := range map[string]string{
		"":              "",
		"notes":         wd + "/notes",
		"./x/":          wd + "/x",
		"/a/b/":         "/a/b",
		"user_guide.md": "",
		"*.md":          "",
	} {
		f, err := store.NewPathFilter(value)
		if err != nil {
			t.Fatal(err)
		}
		if f.String() != value || f.Resolved() != resolved || f.IsZero() != (value == "") {
			t.Errorf("%q: String %q, Resolved %q (want %q), IsZero %v", value, f.String(), f.Resolved(), resolved, f.IsZero())
		}
	}
}

func TestPathFilterInvalidGlob(t *testing.T) {
	for _, v := range []string{"[a", "notes/[a-", "{a,b", "[]", "*\\"} {
		_, err := store.NewPathFilter(v)
		if err == nil {
			t.Errorf("%q: no error", v)
			continue
		}
		var fe *store.FilterError
		if !errors.As(err, &fe) || fe.Field != "path" || fe.Value != v || !strings.HasPrefix(fe.Reason, "not a valid glob") {
			t.Errorf("%q: %#v, want a path FilterError: not a valid glob", v, err)
		}
	}
}

// TestPathFilterSuggest checks the indexed paths offered when a value
// matches nothing, and that each offered value matches its path.
func TestPathFilterSuggest(t *testing.T) {
	wd := chdirTemp(t)
	if err := os.Mkdir(filepath.Join(wd, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	paths := []string{
		"/home/ann/docs/User_Guide.md",
		"/home/ann/docs/install.md",
		"/home/ann/go/pkg/mod/github.com/spf13/cobra@v1.10.2/site/content/user_guide.md",
		"/home/ann/notes/linux/ssh.md",
		"/home/ann/notes/linux-old/ssh.md",
		"/home/ann/[draft]/to do.md",
	}
	type sg = store.PathSuggestion
	cases := []struct {
		value string
		want  []sg
	}{
		// Nothing close: no part of the value is in any path.
		{"*.txt", nil},
		{"/home/ann/none", nil}, // "home" and "ann" are in every path
		// A word of the base name; same case first.
		{"user-guide.md", []sg{
			{"/home/ann/go/pkg/mod/github.com/spf13/cobra@v1.10.2/site/content/user_guide.md", "user_guide.md"},
			{"/home/ann/docs/User_Guide.md", "User_Guide.md"}}},
		{"linux-new", []sg{
			{"/home/ann/notes/linux/ssh.md", "linux"},
			{"/home/ann/notes/linux-old/ssh.md", "linux-old"}}},
		// The longest literal part, found ignoring case.
		{"docs/user_guide.md", []sg{{"/home/ann/docs/User_Guide.md", "docs/User_Guide.md"}}},
		// The base name of a path that is not indexed; same case first.
		{"/home/ann/notes/user_guide.md", []sg{
			{"/home/ann/go/pkg/mod/github.com/spf13/cobra@v1.10.2/site/content/user_guide.md", "user_guide.md"},
			{"/home/ann/docs/User_Guide.md", "User_Guide.md"}}},
		// A glob's literal folder: whole segments first.
		{"linux/*.txt", []sg{
			{"/home/ann/notes/linux/ssh.md", "linux"},
			{"/home/ann/notes/linux-old/ssh.md", "linux-old"}}},
		// The base name without its extension; shorter paths first.
		{"ssh.txt", []sg{
			{"/home/ann/notes/linux/ssh.md", "ssh.md"},
			{"/home/ann/notes/linux-old/ssh.md", "ssh.md"}}},
		// "docs" exists in the working directory, so the name "docs"
		// would mean that folder: the suggestion is a glob.
		{"docs", []sg{
			{"/home/ann/docs/install.md", "**/docs"},
			{"/home/ann/docs/User_Guide.md", "**/docs"}}},
		// Glob characters in an indexed name are escaped.
		{"draft/to do.md", []sg{{"/home/ann/[draft]/to do.md", "to do.md"}}},
		{"draft", []sg{{"/home/ann/[draft]/to do.md", `**/\[draft\]`}}},
		// No part in any path: names a few edits away (a typo).
		{"/home/ann/nots/linuks", []sg{{"/home/ann/notes/linux/ssh.md", "linux"}}},
		{"instal.mdd", []sg{{"/home/ann/docs/install.md", "install.md"}}},
	}
	for _, c := range cases {
		f, err := store.NewPathFilter(c.value)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			if f.Match(p) {
				t.Fatalf("%q matches %s: not a no-match case", c.value, p)
			}
		}
		got := f.Suggest(paths, 3)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: suggested %q, want %q", c.value, got, c.want)
		}
		for _, s := range got {
			g, err := store.NewPathFilter(s.Flag)
			if err != nil || !g.Match(s.Path) {
				t.Errorf("%q: suggested --path %q does not match %s (%v)", c.value, s.Flag, s.Path, err)
			}
		}
	}
	f, _ := store.NewPathFilter("linux")
	if got := f.Suggest(paths, 1); len(got) != 1 {
		t.Errorf("n = 1: %q", got)
	}
}

// BenchmarkPathFilter5000 matches (and, matching nothing, suggests among)
// 5,000 paths six folders deep: the Go side of FilterDocuments.
func BenchmarkPathFilter5000(b *testing.B) {
	paths := make([]string, 5000)
	for i := range paths {
		paths[i] = fmt.Sprintf("/home/ann/notes/area-%d/project-%d/sub-%d/note-%d.md", i%7, i%50, i%13, i)
	}
	for _, v := range []string{"area-3", "project-1*/**/*.md", "/home/ann/notes/area-[0-2]/*", "nothing-like-it*"} {
		f, err := store.NewPathFilter(v)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(v, func(b *testing.B) {
			for b.Loop() {
				n := 0
				for _, p := range paths {
					if f.Match(p) {
						n++
					}
				}
				if n == 0 {
					f.Suggest(paths, 3)
				}
			}
		})
	}
}
