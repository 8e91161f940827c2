package index_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// A folder indexed once directly and once through a link is one folder: its
// files are stored once, under their real paths, and the root is recorded
// as the real path.
func TestSymlinkedFolderIsIndexedOnce(t *testing.T) {
	e := newEnv(t)
	base := t.TempDir()
	notes := filepath.Join(base, "notes")
	os.MkdirAll(filepath.Join(notes, "sub"), 0o755)
	os.WriteFile(filepath.Join(notes, "garden.md"), []byte("# Garden\n\nTomatoes need staking in June.\n"), 0o644)
	os.WriteFile(filepath.Join(notes, "sub", "bees.md"), []byte("# Bees\n\nThe hive swarmed in May.\n"), 0o644)
	// A link inside the root to a file of the same root, and one to a folder of it.
	os.Symlink(filepath.Join(notes, "garden.md"), filepath.Join(notes, "garden-link.md"))
	os.Symlink(filepath.Join(notes, "sub"), filepath.Join(notes, "sub-link"))
	link := filepath.Join(base, "notes-link")
	os.Symlink(notes, link)

	e.opts.Roots = []string{notes}
	if sum := e.run(t); sum.Added != 2 || sum.Failed != 0 {
		t.Fatalf("direct: %+v", sum)
	}
	e.opts.Roots = []string{link + "/"}
	if sum := e.run(t); sum.Added != 0 || sum.Unchanged != 2 || sum.Deleted != 0 {
		t.Fatalf("through the link: %+v", sum)
	}
	var paths []string
	for p := range e.dbChunks(t) {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	want := []string{filepath.Join(notes, "garden.md"), filepath.Join(notes, "sub", "bees.md")}
	if !equal(paths, want) {
		t.Fatalf("documents %q, want %q", paths, want)
	}
	coll, err := e.opts.Store.Collection(context.Background(), "default")
	if err != nil {
		t.Fatal(err)
	}
	if !equal(coll.Roots, []string{notes}) {
		t.Fatalf("roots %q, want the real path %q", coll.Roots, notes)
	}
	// The link is removed: the real folder's documents stay.
	os.Remove(link)
	e.opts.Roots = []string{notes}
	if sum := e.run(t); sum.Unchanged != 2 || sum.Deleted != 0 {
		t.Fatalf("after removing the link: %+v", sum)
	}
}
