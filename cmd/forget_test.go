package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/internal/conversation"
	"github.com/hrag-dev/hrag/internal/iostreams"
	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// TestForgetGoneFolderAndCollection indexes two folders, deletes one from
// disk, forgets it (its documents go, the other folder's stay, status no
// longer lists it), then deletes the collection.
func TestForgetGoneFolderAndCollection(t *testing.T) {
	db := storetest.SchemaURL(t)
	keep, gone := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(keep, "a.md"), []byte("# Backups\n\nrestic runs every night at 02:00.\n"), 0o644)
	os.WriteFile(filepath.Join(gone, "b.md"), []byte("# Llamas\n\nLlamas hum when they are anxious.\n"), 0o644)
	os.WriteFile(filepath.Join(gone, "c.md"), []byte("# Alpacas\n\nAlpacas are smaller than llamas.\n"), 0o644)
	f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{keep, gone}}); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(gone)

	f, out, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := forgetRun(context.Background(), &ForgetOptions{Factory: f, Paths: []string{gone}, JSON: true}); err != nil {
		t.Fatal(err)
	}
	var rep forgetReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || rep.Documents != 2 || rep.Dropped {
		t.Fatalf("forget: %v %+v", err, rep)
	}
	f, out, _ = testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := statusRun(context.Background(), &StatusOptions{Factory: f, JSON: true}); err != nil {
		t.Fatal(err)
	}
	var st statusReport
	json.Unmarshal(out.Bytes(), &st)
	c := st.Collections[0]
	if c.Documents != 1 || len(c.Roots) != 1 || c.Roots[0] != keep || c.Changes == nil || len(c.Changes.Unreachable) != 0 {
		t.Fatalf("status after forget: %+v", c)
	}
	f, out, _ = testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	err := sourcesRun(context.Background(), &SourcesOptions{Factory: f, Question: "Why do llamas hum?", retrievalFlags: retrievalFlags{JSON: true}})
	if code := ExitCode(err); code != ExitOK && code != ExitAbstained {
		t.Fatal(err)
	}
	var got sourcesJSON
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || len(got.Passages) == 0 {
		t.Fatalf("sources: %v %s", err, out)
	}
	for _, p := range got.Passages {
		if filepath.Dir(p.Path) == gone {
			t.Fatalf("forgotten document still retrieved: %s", p.Path)
		}
	}

	cache := t.TempDir() // the collection's conversation goes with it
	conv := conversation.Store{Dir: filepath.Join(cache, "conversations")}
	if err := conv.Start("default", answer.Turn{Question: "q"}); err != nil {
		t.Fatal(err)
	}
	f, _, _ = testFactory(t, map[string]string{"RAG_DATABASE_URL": db, "HRAG_CACHE": cache})
	if err := forgetRun(context.Background(), &ForgetOptions{Factory: f, All: true}); err != nil {
		t.Fatal(err)
	}
	if turns, _, err := conv.Load("default"); err != nil || turns != nil {
		t.Fatalf("the deleted collection's conversation is still there: %v %v", turns, err)
	}
	f, _, _ = testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := forgetRun(context.Background(), &ForgetOptions{Factory: f, All: true}); !errors.Is(err, store.ErrNoCollection) {
		t.Fatalf("second --all: %v", err)
	}
	root := NewCmdRoot(f)
	root.SetArgs([]string{"forget"})
	if code := ExitCode(root.Execute()); code != ExitUsage {
		t.Fatalf("forget without arguments: exit %d", code)
	}
}

// TestForgetSaysWhatItCouldNotDo covers a path that was never indexed, a
// sibling folder whose name extends an indexed one, a single file, and a
// file that still exists under an indexed folder (the next index re-adds it).
func TestForgetSaysWhatItCouldNotDo(t *testing.T) {
	db := storetest.SchemaURL(t)
	base := t.TempDir()
	notes, old := filepath.Join(base, "a"), filepath.Join(base, "a-old")
	os.MkdirAll(notes, 0o755)
	os.MkdirAll(old, 0o755)
	os.WriteFile(filepath.Join(notes, "x.md"), []byte("# X\n\nabout x\n"), 0o644)
	os.WriteFile(filepath.Join(notes, "y.md"), []byte("# Y\n\nabout y\n"), 0o644)
	os.WriteFile(filepath.Join(old, "z.md"), []byte("# Z\n\nabout z\n"), 0o644)
	f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{notes, old}}); err != nil {
		t.Fatal(err)
	}

	f, out, errOut := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	err := forgetRun(context.Background(), &ForgetOptions{Factory: f, Paths: []string{filepath.Join(base, "never")}})
	if err == nil || ExitCode(err) != ExitError || !strings.Contains(err.Error(), "nothing is indexed at or under "+filepath.Join(base, "never")+` in collection "default"`) {
		t.Fatalf("never indexed: %v", err)
	}
	if out.Len() != 0 || errOut.Len() != 0 {
		t.Errorf("a failed forget printed %q / %q (Main prints the error)", out, errOut)
	}

	// One file of a folder that is still indexed: gone now, back with the next run.
	f, out, errOut = testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := forgetRun(context.Background(), &ForgetOptions{Factory: f, Paths: []string{filepath.Join(notes, "x.md")}}); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "forgot 1 document under 1 path in \"default\"\n" {
		t.Errorf("stdout %q", got)
	}
	wantNote := "note: " + filepath.Join(notes, "x.md") + " still exists under the indexed folder " + notes + ": the next `hrag index " + notes + "` adds it again; to keep it out, add " + filepath.Join(notes, "x.md") + " to RAG_EXCLUDE\n"
	if errOut.String() != wantNote {
		t.Errorf("stderr %q\nwant   %q", errOut.String(), wantNote)
	}

	// The folder "a": its sibling "a-old" keeps its document.
	f, out, _ = testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := forgetRun(context.Background(), &ForgetOptions{Factory: f, Paths: []string{notes}, JSON: true}); err != nil {
		t.Fatal(err)
	}
	var rep forgetReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || rep.Documents != 1 || len(rep.Notes) != 0 {
		t.Fatalf("forget a: %v %+v", err, rep)
	}
	f, out, _ = testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := statusRun(context.Background(), &StatusOptions{Factory: f, JSON: true}); err != nil {
		t.Fatal(err)
	}
	var st statusReport
	json.Unmarshal(out.Bytes(), &st)
	if c := st.Collections[0]; c.Documents != 1 || len(c.Roots) != 1 || c.Roots[0] != old {
		t.Fatalf("status: %+v", c)
	}
}

// forget accepts the folder through a link or directly.
func TestForgetThroughALink(t *testing.T) {
	db := storetest.SchemaURL(t)
	base := t.TempDir()
	notes, link := filepath.Join(base, "notes"), filepath.Join(base, "link")
	os.MkdirAll(notes, 0o755)
	os.WriteFile(filepath.Join(notes, "x.md"), []byte("# X\n\nabout x\n"), 0o644)
	os.Symlink(notes, link)
	for _, spelling := range []string{link, notes} {
		f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
		if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{spelling}}); err != nil {
			t.Fatal(err)
		}
		other := notes
		if spelling == notes {
			other = link
		}
		f, out, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
		if err := forgetRun(context.Background(), &ForgetOptions{Factory: f, Paths: []string{other}}); err != nil {
			t.Fatalf("indexed as %s, forget %s: %v", spelling, other, err)
		}
		if got := out.String(); got != "forgot 1 document under 1 path in \"default\"\n" {
			t.Fatalf("indexed as %s, forget %s: %q", spelling, other, got)
		}
	}
}

// forget / removes everything; forget of a hidden or not-included file that
// still exists does not claim the next index re-adds it.
func TestForgetRootAndFilesTheIndexWouldNotReadd(t *testing.T) {
	db := storetest.SchemaURL(t)
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".hidden"), 0o755)
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("# A\n\nabout a\n"), 0o644)
	os.WriteFile(filepath.Join(dir, ".hidden", "h.md"), []byte("# H\n\nabout h\n"), 0o644)
	f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{filepath.Join(dir, ".hidden"), dir}}); err != nil {
		t.Fatal(err)
	}
	f, _, errOut := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := forgetRun(context.Background(), &ForgetOptions{Factory: f, Paths: []string{filepath.Join(dir, ".hidden")}}); err != nil {
		t.Fatal(err)
	}
	if errOut.Len() != 0 {
		t.Fatalf("note for a hidden folder the parent's index does not enter: %q", errOut)
	}
	f, out, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := forgetRun(context.Background(), &ForgetOptions{Factory: f, Paths: []string{"/"}}); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "forgot 1 document under 1 path in \"default\"\n" {
		t.Fatalf("forget /: %q", got)
	}
}

// forget changes what is indexed: the gate's off-topic baseline is
// measured again.
func TestForgetResetsTheGateBaseline(t *testing.T) {
	db := storetest.SchemaURL(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("# A\n\nabout apples\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.md"), []byte("# B\n\nabout bees\n"), 0o644)
	f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{dir}}); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	coll, _ := st.Collection(ctx, "default")
	tables, _ := st.CollectionVectorTables(ctx, coll.ID)
	if err := st.SetNullSimilarity(ctx, coll.ID, tables[0].Name, "Latin", 0.3); err != nil {
		t.Fatal(err)
	}
	f, _, _ = testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := forgetRun(ctx, &ForgetOptions{Factory: f, Paths: []string{filepath.Join(dir, "b.md")}}); err != nil {
		t.Fatal(err)
	}
	tables, _ = st.CollectionVectorTables(ctx, coll.ID)
	if len(tables[0].NullSimilarity) != 0 {
		t.Fatalf("baselines %v after forget, want reset", tables[0].NullSimilarity)
	}
}

// forget --all asks on a terminal; "n" keeps the collection, "y" deletes it.
func TestForgetAllAsksOnATerminal(t *testing.T) {
	db := storetest.SchemaURL(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("# A\n\nabout apples\n"), 0o644)
	f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{dir}}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		answer  string
		dropped bool
	}{{"n\n", false}, {"\n", false}, {"y\n", true}} {
		f, out, errOut := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
		f.IO = iostreams.TestPrompt(strings.NewReader(c.answer), out, errOut)
		err := forgetRun(context.Background(), &ForgetOptions{Factory: f, All: true})
		if !strings.HasPrefix(errOut.String(), `Delete collection "default" with 1 document? [y/N] `) {
			t.Fatalf("prompt %q", errOut.String())
		}
		if c.dropped != (err == nil) || (!c.dropped && ExitCode(err) != ExitError) {
			t.Fatalf("answer %q: err %v", c.answer, err)
		}
		if c.dropped && out.String() != "deleted collection \"default\" (1 document)\n" {
			t.Fatalf("answer %q: %q", c.answer, out.String())
		}
	}
}
