package index_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/store"
)

func TestSummaryCountsWhatWasLeftOutByRule(t *testing.T) {
	e := newEnv(t)
	os.WriteFile(filepath.Join(e.dir, "kafka.log"), []byte("broker log\n"), 0o644)
	os.WriteFile(filepath.Join(e.dir, ".draft.md"), []byte("# Draft\n\nhidden draft\n"), 0o644)
	e.opts.ListIgnored = true
	sum := e.run(t)
	// testdata/notes has one hidden folder (.obsidian); we added a hidden
	// Markdown file and a .log file.
	if sum.Ignored.Folders[index.RuleHidden] != 1 || sum.Ignored.Files[index.RuleHidden] != 1 || sum.Ignored.Files[index.RuleNotIncluded] != 1 || sum.Ignored.Total() != 3 {
		t.Fatalf("ignored %+v", sum.Ignored)
	}
	var listed []string
	for _, ig := range sum.IgnoredFiles {
		listed = append(listed, filepath.Base(ig.Path))
	}
	if want := []string{".draft.md", ".obsidian", "kafka.log"}; !equal(listed, want) {
		t.Fatalf("listed %q, want %q", listed, want)
	}
}

func TestExplicitFileLeftOutByGlobsIsReportedAndNotARoot(t *testing.T) {
	e := newEnv(t)
	log := filepath.Join(e.dir, "kafka.log")
	os.WriteFile(log, []byte("broker log\n"), 0o644)
	var warned []string
	e.opts.Reporter = recorder{warn: func(p string, err error) { warned = append(warned, p+": "+err.Error()) }}
	e.opts.Roots = []string{log}
	_, err := index.Run(context.Background(), e.opts)
	if !errors.Is(err, index.ErrNothingToIndex) {
		t.Fatalf("err = %v", err)
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "kafka.log: not indexed: it does not match the include globs (*.md,*.markdown,*.txt); to index such files, add '*.log' to RAG_INCLUDE (--include '*.log' replaces the globs for one run only)") {
		t.Fatalf("warnings %q", warned)
	}
	// With a folder beside it, the folder is indexed and recorded, the file not.
	warned = nil
	e.opts.Roots = []string{log, filepath.Join(e.dir, "travel")}
	if sum := e.run(t); sum.Added != 3 || len(warned) != 1 {
		t.Fatalf("summary %+v, warnings %q", sum, warned)
	}
	coll, err := e.opts.Store.Collection(context.Background(), "default")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{filepath.Join(e.dir, "travel")}; !equal(coll.Roots, want) {
		t.Fatalf("roots %q, want %q", coll.Roots, want)
	}
}

// A FIFO, in a walked folder, behind a link or named on the command line,
// is left out and counted, and cannot hold the run: opening one for reading
// blocks until a writer comes (issue 29 item 3).
func TestSpecialFilesAreLeftOutAndCounted(t *testing.T) {
	e := newEnv(t)
	first := e.run(t)
	fifo := filepath.Join(e.dir, "pipe.md")
	for _, p := range []string{fifo, filepath.Join(e.dir, "travel", "queue.md")} {
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(fifo, filepath.Join(e.dir, "link-to-pipe.md")); err != nil {
		t.Fatal(err)
	}
	e.opts.ListIgnored = true
	sum := e.run(t)
	if sum.Ignored.Files[index.RuleSpecial] != 3 || sum.Unchanged != first.Added || sum.Added != 0 || sum.Failed != 0 {
		t.Fatalf("summary %+v, ignored %+v", sum, sum.Ignored)
	}
	if got := sum.Ignored.String(); !strings.Contains(got, "3 special files (FIFO, socket or device)") {
		t.Errorf("ignored %q", got)
	}
	// Named alone: a warning that says what it is, nothing to index.
	var warned []string
	e.opts.Reporter = recorder{warn: func(p string, err error) { warned = append(warned, p+": "+err.Error()) }}
	e.opts.Roots = []string{fifo}
	if _, err := index.Run(context.Background(), e.opts); !errors.Is(err, index.ErrNothingToIndex) {
		t.Fatalf("err = %v", err)
	}
	if len(warned) != 1 || warned[0] != fifo+": not indexed: not a regular file (a FIFO, socket or device): hrag reads only regular files" {
		t.Fatalf("warnings %q", warned)
	}
	// Named beside a folder (which holds another FIFO): both counted, and a
	// link named like a note to a device is a special file, whatever its name.
	null := filepath.Join(t.TempDir(), "null.md")
	if err := os.Symlink(os.DevNull, null); err != nil {
		t.Fatal(err)
	}
	e.opts.Roots = []string{fifo, null, filepath.Join(e.dir, "travel")}
	sum, err := index.Run(context.Background(), e.opts)
	if err != nil || sum.Ignored.Files[index.RuleSpecial] != 3 {
		t.Fatalf("err %v, ignored %+v", err, sum.Ignored)
	}
}

func TestOneOffGlobsDoNotPruneAndSettingsDo(t *testing.T) {
	e := newEnv(t)
	first := e.run(t)
	all := len(e.dbChunks(t))
	if all != first.Added {
		t.Fatalf("%d documents, summary %+v", all, first)
	}
	// A one-off run for .log files keeps every Markdown and text document.
	os.WriteFile(filepath.Join(e.dir, "kafka.log"), []byte("broker log about partitions\n"), 0o644)
	opts := e.opts
	opts.Include, opts.OneOffRules = []string{"*.log"}, true
	sum, err := index.Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Added != 1 || sum.Deleted != 0 || len(e.dbChunks(t)) != all+1 {
		t.Fatalf("one-off: %+v, %d documents (want %d)", sum, len(e.dbChunks(t)), all+1)
	}
	// The settings without *.txt: text documents go (the .log one too: it
	// no longer matches and lies under no root of its own).
	txt := 0
	for p := range e.dbChunks(t) {
		if strings.HasSuffix(p, ".txt") {
			txt++
		}
	}
	e.opts.Include = []string{"*.md"}
	sum = e.run(t)
	if sum.Deleted != txt+1 || len(e.dbChunks(t)) != all-txt {
		t.Fatalf("settings: %+v, %d documents, want %d deleted", sum, len(e.dbChunks(t)), txt+1)
	}
}

func TestExplicitHiddenRootSurvivesItsParentsRun(t *testing.T) {
	e := newEnv(t)
	hidden := filepath.Join(e.dir, ".obsidian")
	os.WriteFile(filepath.Join(hidden, "vault-notes.md"), []byte("# Vault\n\nnotes about the vault\n"), 0o644)
	before := e.run(t)
	e.opts.Roots = []string{hidden} // holds workspace.md and vault-notes.md
	if sum := e.run(t); sum.Added != 2 {
		t.Fatalf("hidden root: %+v", sum)
	}
	e.opts.Roots = []string{e.dir}
	if sum := e.run(t); sum.Deleted != 0 || sum.Unchanged != before.Added {
		t.Fatalf("parent again: %+v", sum)
	}
	if _, ok := e.dbChunks(t)[filepath.Join(hidden, "vault-notes.md")]; !ok {
		t.Fatal("the explicitly indexed hidden note was pruned")
	}
	// Deleted from disk, it goes with the parent's run.
	os.Remove(filepath.Join(hidden, "vault-notes.md"))
	if sum := e.run(t); sum.Deleted != 1 {
		t.Fatalf("after delete: %+v", sum)
	}
}

// progressLog records Progress calls.
type progressLog struct {
	recorder
	mu    sync.Mutex
	calls [][2]int
}

func (p *progressLog) Progress(done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.calls = append(p.calls, [2]int{done, total})
}

func TestProgressCountsChunksToEmbed(t *testing.T) {
	e := newEnv(t)
	log := &progressLog{recorder: recorder{warn: func(string, error) {}}}
	e.opts.Reporter = log
	sum := e.run(t)
	if len(log.calls) == 0 {
		t.Fatal("no progress")
	}
	last := log.calls[len(log.calls)-1]
	if last != [2]int{sum.Embedded, sum.Embedded} {
		t.Fatalf("last progress %v, want done = total = %d embedded", last, sum.Embedded)
	}
	prev := 0
	for _, c := range log.calls {
		if c[0] < prev || c[0] > c[1] {
			t.Fatalf("progress %v after done %d", c, prev)
		}
		prev = c[0]
	}
	// Editing one file: the work is that file's chunks, not the 29 files.
	path := filepath.Join(e.dir, "homelab", "postgres-tuning.md")
	b, _ := os.ReadFile(path)
	os.WriteFile(path, append(b, []byte("\n\n## Later\n\nA new paragraph about vacuum settings.\n")...), 0o644)
	log.calls = nil
	sum = e.run(t)
	if sum.Updated != 1 || len(log.calls) == 0 {
		t.Fatalf("%+v, %d calls", sum, len(log.calls))
	}
	if last := log.calls[len(log.calls)-1]; last != [2]int{sum.Embedded, sum.Embedded} || sum.Embedded == 0 || sum.Embedded > 3 {
		t.Fatalf("last progress %v, embedded %d", last, sum.Embedded)
	}
}

// Found by trying to break the pruning rules: a visible subfolder indexed on
// its own is still the parent's when the settings change; a file root
// replaced by a folder, and two deleted copies of one text, all go.
func TestPruningEdgeCases(t *testing.T) {
	e := newEnv(t)
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("# A\n\nabout apples\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "t.txt"), []byte("about tea\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "sub", "c.txt"), []byte("about redis\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "one.md"), []byte("same text about haproxy\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "two.md"), []byte("same text about haproxy\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "z.md"), []byte("# Zed\n\nabout zookeeper\n"), 0o644)
	e.opts.Roots = []string{dir}
	if sum := e.run(t); sum.Added != 6 {
		t.Fatalf("first: %+v", sum)
	}
	e.opts.Roots = []string{filepath.Join(dir, "sub")}
	e.run(t)
	e.opts.Roots = []string{filepath.Join(dir, "z.md")}
	e.run(t)

	// The settings drop *.txt: t.txt and sub/c.txt go (sub is a visible folder of dir).
	e.opts.Roots, e.opts.Include = []string{dir}, []string{"*.md"}
	if sum := e.run(t); sum.Deleted != 2 {
		t.Fatalf("settings without *.txt: %+v", sum)
	}
	// Two copies deleted at once: both go in one run.
	os.Remove(filepath.Join(dir, "one.md"))
	os.Remove(filepath.Join(dir, "two.md"))
	// The file root z.md becomes a folder.
	os.Remove(filepath.Join(dir, "z.md"))
	os.MkdirAll(filepath.Join(dir, "z.md"), 0o755)
	os.WriteFile(filepath.Join(dir, "z.md", "inner.md"), []byte("# Inner\n\nabout etcd\n"), 0o644)
	if sum := e.run(t); sum.Deleted != 3 || sum.Added != 1 {
		t.Fatalf("copies and file-to-folder: %+v", sum)
	}
	var got []string
	for p := range e.dbChunks(t) {
		rel, _ := filepath.Rel(dir, p)
		got = append(got, rel)
	}
	sort.Strings(got)
	if want := []string{"a.md", "z.md/inner.md"}; !equal(got, want) {
		t.Fatalf("documents %q, want %q", got, want)
	}
}

// Exclude globs follow doublestar rules; broken links they leave out are not
// failures; a hidden folder indexed as a root is not reported as left out.
func TestExcludeGlobsLinksAndHiddenRoots(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"ok.md":                     "ok",
		"node_modules/x.md":         "x",
		"a/b/node_modules/y.md":     "y",
		"c/node_modules/z.md":       "z",
		"build/out.md":              "o",
		"keep/build.md":             "k",
		".journal/day.md":           "d",
		"abs/secret.md":             "s",
		"sub/node_modules-notes.md": "n",
	})
	os.Symlink("/nonexistent/pic.png", filepath.Join(dir, "pic.png"))
	os.Symlink("/nonexistent", filepath.Join(dir, "dist"))
	l := index.Walk([]string{dir}, []string{"*.md"}, []string{"**/node_modules", "build/", "dist", filepath.Join(dir, "abs", "secret.md")})
	var files []string
	for _, f := range l.Files {
		rel, _ := filepath.Rel(dir, f.Path)
		files = append(files, rel)
	}
	if want := []string{"keep/build.md", "ok.md", "sub/node_modules-notes.md"}; !equal(files, want) {
		t.Fatalf("files %q, want %q", files, want)
	}
	if len(l.Problems) != 0 {
		t.Fatalf("problems %v", l.Problems)
	}

	e := newEnv(t)
	e.opts.Roots = []string{filepath.Join(dir, ".journal"), dir}
	e.opts.Exclude = []string{"**/node_modules", "build/", "dist", "abs"}
	sum := e.run(t)
	if sum.Added != 4 || sum.Failed != 0 || sum.Ignored.Folders[index.RuleHidden] != 0 {
		t.Fatalf("summary %+v", sum)
	}
	e.opts.Roots = []string{dir}
	// The hidden root is not walked by its parent (3 unchanged), not reported, and kept.
	if sum := e.run(t); sum.Unchanged != 3 || sum.Deleted != 0 || sum.Ignored.Folders[index.RuleHidden] != 0 || len(e.dbChunks(t)) != 4 {
		t.Fatalf("parent again: %+v, %d documents", sum, len(e.dbChunks(t)))
	}
}

// A file that grew past the size limit keeps the version indexed before,
// says so once, and is not reported as modified from then on.
func TestFileGrownTooLargeKeepsItsIndexedVersion(t *testing.T) {
	e := newEnv(t)
	dir := writeTree(t, map[string]string{"log.md": "# Log\n\nshort entry about ntp\n"})
	e.opts.Roots = []string{dir}
	e.run(t)
	os.WriteFile(filepath.Join(dir, "log.md"), []byte("# Log\n\n"+strings.Repeat("a long entry about ntp. ", 100)), 0o644)
	var warned []string
	e.opts.MaxBytes = 1000
	var kept *index.KeptVersionError
	e.opts.Reporter = recorder{warn: func(p string, err error) {
		warned = append(warned, err.Error())
		errors.As(err, &kept)
	}}
	if sum := e.run(t); sum.Skipped != 1 || sum.Deleted != 0 || len(warned) != 1 ||
		!strings.HasSuffix(warned[0], "; the version indexed before is kept") || kept == nil || kept.Path != filepath.Join(dir, "log.md") || kept.Collection != "default" {
		t.Fatalf("summary %+v, warnings %q", sum, warned)
	}
	if len(e.dbChunks(t)) != 1 {
		t.Fatal("the indexed version was lost")
	}
	coll, _ := e.opts.Store.Collection(context.Background(), "default")
	ch, err := index.PendingChanges(context.Background(), e.opts.Store, coll, e.opts)
	if err != nil {
		t.Fatal(err)
	}
	if ch.New+ch.Modified+ch.Missing+ch.Unmatched != 0 {
		t.Fatalf("status counts a known skipped file: %+v", ch)
	}
	warned = nil
	e.opts.ListIgnored = true
	if sum := e.run(t); sum.Skipped != 1 || len(warned) != 0 || len(sum.SkippedFiles) != 1 {
		t.Fatalf("again: %+v, warnings %q", sum, warned)
	}
}

// The relevance gate's off-topic baseline is measured per collection and
// model; a run that changes what is indexed resets it, one that changes
// nothing keeps it.
func TestIndexResetsTheGateBaselineOnlyWhenSomethingChanged(t *testing.T) {
	e := newEnv(t)
	e.run(t)
	ctx := context.Background()
	coll, _ := e.opts.Store.Collection(ctx, "default")
	baseline := func() map[string]float64 {
		tables, err := e.opts.Store.CollectionVectorTables(ctx, coll.ID)
		if err != nil || len(tables) != 1 {
			t.Fatalf("tables %v, %v", tables, err)
		}
		return tables[0].NullSimilarity
	}
	table := store.VectorTableName(e.opts.Embedder.Model().ID, e.opts.Embedder.Model().Dim, "")
	if err := e.opts.Store.SetNullSimilarity(ctx, coll.ID, table, "Latin", 0.25); err != nil {
		t.Fatal(err)
	}
	if err := e.opts.Store.SetNullSimilarity(ctx, coll.ID, table, "Han", 0.5); err != nil {
		t.Fatal(err)
	}
	if sum := e.run(t); sum.Unchanged != 29 || len(baseline()) != 2 || baseline()["Latin"] != 0.25 || baseline()["Han"] != 0.5 {
		t.Fatalf("unchanged run: %+v, baseline %v", sum, baseline())
	}
	f, _ := os.OpenFile(filepath.Join(e.dir, "homelab", "nas.md"), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("\nThe NAS got a second fan.\n")
	f.Close()
	if sum := e.run(t); sum.Updated != 1 || len(baseline()) != 0 {
		t.Fatalf("after an edit: %+v, baseline %v (want reset)", sum, baseline())
	}
	e.opts.Store.SetNullSimilarity(ctx, coll.ID, table, "Latin", 0.25)
	os.Remove(filepath.Join(e.dir, "homelab", "nas.md"))
	if sum := e.run(t); sum.Deleted != 1 || len(baseline()) != 0 {
		t.Fatalf("after a deletion: %+v, baseline %v (want reset)", sum, baseline())
	}
}

// A skip lasts only while its cause does: a file skipped for its size under
// a low RAG_MAX_FILE_BYTES is new again for status, and indexed, once the
// limit is raised, although the file did not change.
func TestSkipOutlivesNotItsSetting(t *testing.T) {
	e := newEnv(t)
	dir := writeTree(t, map[string]string{"big.md": "# Big\n\n" + strings.Repeat("a long entry about ntp. ", 200)})
	e.opts.Roots = []string{dir}
	e.opts.MaxBytes = 1000
	if sum := e.run(t); sum.Skipped != 1 || sum.Added != 0 {
		t.Fatalf("low limit: %+v", sum)
	}
	ctx := context.Background()
	coll, _ := e.opts.Store.Collection(ctx, "default")
	if ch, err := index.PendingChanges(ctx, e.opts.Store, coll, e.opts); err != nil || ch.New != 0 {
		t.Fatalf("same limit: %+v, %v; want nothing new", ch, err)
	}
	e.opts.MaxBytes = 1 << 20
	if ch, err := index.PendingChanges(ctx, e.opts.Store, coll, e.opts); err != nil || ch.New != 1 {
		t.Fatalf("raised limit: %+v, %v; want the skipped file new again", ch, err)
	}
	if sum := e.run(t); sum.Skipped != 0 || sum.Added != 1 {
		t.Fatalf("raised limit: %+v; want the file indexed", sum)
	}
}
