package index_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hrag-dev/hrag/pkg/index"
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
	if len(warned) != 1 || !strings.Contains(warned[0], "kafka.log: not indexed: it does not match the include globs (*.md,*.markdown,*.txt); to index it add --include '*.log'") {
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
