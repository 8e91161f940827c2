package index_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/extract"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// copyNotes copies testdata/notes into a temporary directory.
func copyNotes(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	src := filepath.Join("..", "..", "testdata", "notes")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

type env struct {
	opts index.Options
	url  string
	dir  string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	url := storetest.SchemaURL(t)
	st, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	dir := copyNotes(t)
	return &env{url: url, dir: dir, opts: index.Options{
		Roots: []string{dir}, Collection: "default", FTSConfig: "english",
		Include: []string{"*.md", "*.markdown", "*.txt"}, MaxBytes: 1 << 20, Prune: true, Wait: true,
		Chunk:    chunk.Options{ContentTokens: 400, OverlapTokens: 40, BreadcrumbTokens: 64},
		Store:    st,
		Embedder: modeltest.Embedder(t), Tokenizer: modeltest.Tokenizer(t), BatchSize: 16,
	}}
}

func (e *env) run(t *testing.T) index.Summary {
	t.Helper()
	sum, err := index.Run(context.Background(), e.opts)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// expectedChunks chunks path the way the indexer should, independently of the database.
func (e *env) expectedChunks(t *testing.T, path string) []chunk.Chunk {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	txt, err := extract.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	opts := e.opts.Chunk
	opts.InputTokens, opts.SpecialTokens = 256, e.opts.Tokenizer.Special()
	opts, _ = opts.Fit()
	var doc extract.Document
	if strings.HasSuffix(path, ".md") {
		doc = extract.ParseMarkdown(path, txt.Body)
	} else {
		doc = extract.ParseText(path, txt.Body)
	}
	return chunk.Split(doc, opts, e.opts.Tokenizer)
}

// dbChunks returns path → number of chunks and number of vectors, from SQL.
func (e *env) dbChunks(t *testing.T) map[string][2]int {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), e.url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	table := store.VectorTableName(e.opts.Embedder.Model().ID, e.opts.Embedder.Model().Dim, "")
	rows, err := conn.Query(context.Background(), `SELECT d.path, count(c.id), count(v.chunk_id)
		FROM documents d LEFT JOIN chunks c ON c.document_id = d.id LEFT JOIN `+table+` v ON v.chunk_id = c.id
		GROUP BY d.path`)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][2]int{}
	for rows.Next() {
		var p string
		var n, v int
		if err := rows.Scan(&p, &n, &v); err != nil {
			t.Fatal(err)
		}
		out[p] = [2]int{n, v}
	}
	return out
}

func TestIndexSampleNotesThenIncremental(t *testing.T) {
	e := newEnv(t)
	sum := e.run(t)
	// 31 files match the globs; the .obsidian folder is hidden; router-firmware.txt is binary.
	if sum.Added != 29 || sum.Skipped != 1 || sum.Failed != 0 || sum.Repaired != 1 || sum.Embedded != sum.Chunks || sum.Chunks == 0 {
		t.Fatalf("first run: %+v", sum)
	}
	got := e.dbChunks(t)
	total := 0
	for path, nv := range got {
		want := len(e.expectedChunks(t, path))
		if nv[0] != want || nv[1] != want {
			t.Errorf("%s: %d chunks, %d vectors; want %d", path, nv[0], nv[1], want)
		}
		if strings.Contains(path, ".obsidian") || strings.Contains(path, "router-firmware") {
			t.Errorf("indexed %s", path)
		}
		total += want
	}
	if total != sum.Chunks {
		t.Fatalf("summary says %d chunks, database has %d", sum.Chunks, total)
	}

	// Unchanged: nothing read, nothing embedded.
	sum = e.run(t)
	if sum.Unchanged != 29 || sum.Added+sum.Updated+sum.Embedded+sum.Chunks != 0 {
		t.Fatalf("re-run: %+v", sum)
	}

	// Touch without change: content hash matches, so no embedding either.
	tuning := filepath.Join(e.dir, "homelab", "postgres-tuning.md")
	future := time.Now().Add(time.Hour)
	os.Chtimes(tuning, future, future)
	sum = e.run(t)
	if sum.Embedded != 0 || sum.Unchanged != 29 || sum.Updated != 0 {
		t.Fatalf("touch: %+v", sum)
	}

	// Edit one section: only chunks whose embedded text changed are embedded.
	before := e.expectedChunks(t, tuning)
	b, _ := os.ReadFile(tuning)
	edited := strings.Replace(string(b), "Going higher did not help", "Going higher, even to 8GB, did not help", 1)
	os.WriteFile(tuning, []byte(edited), 0o644)
	after := e.expectedChunks(t, tuning)
	old := map[string]bool{}
	for _, c := range before {
		old[string(c.Hash())] = true
	}
	changed := 0
	for _, c := range after {
		if !old[string(c.Hash())] {
			changed++
		}
	}
	sum = e.run(t)
	if sum.Updated != 1 || sum.Embedded != changed || sum.Reused != len(after)-changed || changed == 0 || changed == len(after) {
		t.Fatalf("edit: want 1 updated, %d embedded, %d reused; got %+v", changed, len(after)-changed, sum)
	}

	// Rename: recognised by hash, nothing embedded, same chunk count.
	oldPath := filepath.Join(e.dir, "cooking", "sourdough.md")
	newPath := filepath.Join(e.dir, "cooking", "bread.md")
	n := e.dbChunks(t)[oldPath][0]
	if err := os.Rename(oldPath, newPath); err != nil {
		t.Fatal(err)
	}
	sum = e.run(t)
	if sum.Moved != 1 || sum.Deleted != 0 || sum.Embedded != 0 || sum.Added != 0 {
		t.Fatalf("rename: %+v", sum)
	}
	if db := e.dbChunks(t); db[newPath][0] != n || db[oldPath][0] != 0 {
		t.Fatalf("rename: chunks %v at new path, %v at old", db[newPath], db[oldPath])
	}

	// Delete with --no-prune keeps the document; without, it goes.
	gone := filepath.Join(e.dir, "travel", "japan-2025.txt")
	os.Remove(gone)
	e.opts.Prune = false
	if sum = e.run(t); sum.Deleted != 0 || len(e.dbChunks(t)) != 29 {
		t.Fatalf("no-prune: %+v", sum)
	}
	e.opts.Prune = true
	if sum = e.run(t); sum.Deleted != 1 || len(e.dbChunks(t)) != 28 {
		t.Fatalf("prune: %+v", sum)
	}
	if _, ok := e.dbChunks(t)[gone]; ok {
		t.Fatal("deleted file still indexed")
	}
}

func TestBadInputIsReportedAndKeepsIndexedData(t *testing.T) {
	e := newEnv(t)
	e.run(t)
	before := e.dbChunks(t)

	// A previously good file becomes binary: skipped, old version kept.
	net := filepath.Join(e.dir, "homelab", "network.md")
	os.WriteFile(net, []byte("garbage\x00\x01"), 0o644)
	// A huge file, a BOM+CRLF file, a broken link and a symlink loop.
	os.WriteFile(filepath.Join(e.dir, "huge.txt"), []byte(strings.Repeat("word ", 1<<19)), 0o644)
	os.WriteFile(filepath.Join(e.dir, "bom.md"), []byte("\xef\xbb\xbf# BOM title\r\n\r\nline one\r\nline two\r\n"), 0o644)
	os.Symlink(filepath.Join(e.dir, "missing.md"), filepath.Join(e.dir, "broken.md"))
	os.Symlink(e.dir, filepath.Join(e.dir, "misc", "loop"))

	var warned []string
	e.opts.Reporter = recorder{warn: func(p string, err error) { warned = append(warned, p+": "+err.Error()) }}
	sum := e.run(t)
	if sum.Added != 1 || sum.Skipped != 3 || sum.Failed != 2 {
		t.Fatalf("summary %+v, warnings %q", sum, warned)
	}
	joined := strings.Join(warned, "\n")
	for _, want := range []string{"network.md: binary file", "huge.txt: file too large", "broken.md: broken symbolic link", "loop: symbolic link loop"} {
		if !strings.Contains(joined, want) {
			t.Errorf("no warning %q in:\n%s", want, joined)
		}
	}
	after := e.dbChunks(t)
	if after[net] != before[net] {
		t.Fatalf("network.md changed from %v to %v", before[net], after[net])
	}
	var title, body string
	conn, _ := pgx.Connect(context.Background(), e.url)
	defer conn.Close(context.Background())
	if err := conn.QueryRow(context.Background(), `SELECT title, body FROM documents WHERE path LIKE '%/bom.md'`).Scan(&title, &body); err != nil {
		t.Fatal(err)
	}
	if title != "BOM title" || body != "# BOM title\n\nline one\nline two\n" {
		t.Fatalf("BOM/CRLF: title %q body %q", title, body)
	}
}

type recorder struct{ warn func(string, error) }

func (recorder) Progress(int, int)          {}
func (r recorder) Warn(p string, err error) { r.warn(p, err) }
func (recorder) Notice(string, ...any)      {}

// An edit that keeps a file's size and modification time is seen only
// with Verify, by index and by status alike (issue 29 item 8).
func TestVerifyFindsAnEditThatKeptSizeAndMTime(t *testing.T) {
	e := newEnv(t)
	e.run(t)
	path := filepath.Join(e.dir, "homelab", "postgres-tuning.md")
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(old), "4GB", "8GB", 1)
	if edited == string(old) || len(edited) != len(old) {
		t.Fatal("the note no longer says 4GB")
	}
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, st.ModTime(), st.ModTime()); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	coll, err := e.opts.Store.Collection(ctx, "default")
	if err != nil {
		t.Fatal(err)
	}
	pending := func(verify bool) int {
		o := e.opts
		o.Verify = verify
		ch, err := index.PendingChanges(ctx, e.opts.Store, coll, o)
		if err != nil {
			t.Fatal(err)
		}
		return ch.Modified
	}
	if plain, verified := pending(false), pending(true); plain != 0 || verified != 1 {
		t.Fatalf("modified: %d without verify, %d with; want 0 and 1", plain, verified)
	}
	if sum := e.run(t); sum.Updated != 0 || sum.Unchanged != 29 {
		t.Fatalf("without verify: %+v", sum)
	}
	e.opts.Verify = true
	if sum := e.run(t); sum.Updated != 1 || sum.Unchanged != 28 {
		t.Fatalf("with verify: %+v", sum)
	}
	var n int
	conn, err := pgx.Connect(ctx, e.url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM chunks WHERE content LIKE '%8GB%'`).Scan(&n); err != nil || n == 0 {
		t.Fatalf("the edit is not indexed (%d chunks, %v)", n, err)
	}
	if sum := e.run(t); sum.Updated != 0 || sum.Unchanged != 29 || pending(true) != 0 {
		t.Fatalf("verified again: %+v", sum)
	}
}

func TestEmptiedRootIsNotPrunedAndMissingRootFails(t *testing.T) {
	e := newEnv(t)
	sub := filepath.Join(e.dir, "travel")
	e.opts.Roots = []string{sub}
	if s := e.run(t); s.Added != 3 {
		t.Fatalf("%+v", s)
	}
	os.Remove(filepath.Join(sub, "japan-2025.txt"))
	os.Remove(filepath.Join(sub, "lisbon-packing.txt"))
	os.Remove(filepath.Join(sub, "iceland-2023.md"))
	var warned []string
	e.opts.Reporter = recorder{warn: func(p string, err error) { warned = append(warned, p+": "+err.Error()) }}
	if s := e.run(t); s.Deleted != 0 || len(e.dbChunks(t)) != 3 || len(warned) != 1 || !strings.Contains(warned[0], "unmounted") {
		t.Fatalf("emptied root: %+v, warnings %q", s, warned)
	}
	// Files the rules leave out are no sign of an unmounted folder: the
	// warning names the rules. Mutation: the unmounted question always.
	os.WriteFile(filepath.Join(sub, "rome.md"), []byte("# Rome\n\nThe hotel is near the Pantheon.\n"), 0o644)
	warned = nil
	e.opts.Exclude = []string{"*.md"}
	if s := e.run(t); s.Deleted != 0 || len(warned) != 1 || !strings.Contains(warned[0], "the include and exclude rules leave out every file under it") {
		t.Fatalf("root emptied by the rules: %+v, warnings %q", s, warned)
	}
	e.opts.Exclude = nil
	e.opts.Roots = []string{filepath.Join(e.dir, "no-such-folder")}
	if _, err := index.Run(context.Background(), e.opts); err == nil || !strings.Contains(err.Error(), "no-such-folder: no such file or directory") && !strings.Contains(err.Error(), "no such file or directory") {
		t.Fatalf("missing root: %v", err)
	}
}

func TestRenamedTextFileTakesItsNewTitle(t *testing.T) {
	e := newEnv(t)
	e.run(t)
	oldPath := filepath.Join(e.dir, "travel", "japan-2025.txt")
	newPath := filepath.Join(e.dir, "travel", "japan-spring.txt")
	os.Rename(oldPath, newPath)
	sum := e.run(t)
	if sum.Added != 1 || sum.Deleted != 1 || sum.Moved != 0 {
		t.Fatalf("%+v", sum)
	}
	conn, _ := pgx.Connect(context.Background(), e.url)
	defer conn.Close(context.Background())
	var title, crumb string
	conn.QueryRow(context.Background(), `SELECT d.title, c.breadcrumb FROM documents d JOIN chunks c ON c.document_id = d.id WHERE d.path = $1 LIMIT 1`, newPath).Scan(&title, &crumb)
	if title != "japan-spring" || crumb != "[japan-spring]" {
		t.Fatalf("title %q breadcrumb %q", title, crumb)
	}
}

// TestBinaryFileWarnedOnce checks that a binary file is reported on the run
// that first skips it, skipped silently (still counted) while unchanged, and
// indexed once it becomes text; status-style change detection does not
// count it as new.
func TestBinaryFileWarnedOnce(t *testing.T) {
	e := newEnv(t)
	var warned []string
	e.opts.Reporter = recorder{warn: func(p string, err error) { warned = append(warned, filepath.Base(p)) }}
	if sum := e.run(t); sum.Skipped != 1 || !slices.Contains(warned, "router-firmware.txt") {
		t.Fatalf("first run: %+v, warnings %v", sum, warned)
	}
	warned = nil
	if sum := e.run(t); sum.Skipped != 1 || sum.Unchanged != 29 || len(warned) != 0 {
		t.Fatalf("second run: %+v, warnings %v", sum, warned)
	}
	ctx := context.Background()
	coll, _ := e.opts.Store.Collection(ctx, "default")
	coll.Roots = []string{e.dir}
	ch, err := index.PendingChanges(ctx, e.opts.Store, coll, e.opts)
	if err != nil || ch.New != 0 || ch.Modified != 0 || ch.Missing != 0 {
		t.Fatalf("changes: %+v %v", ch, err)
	}
	future := time.Now().Add(time.Hour)
	os.Chtimes(filepath.Join(e.dir, "homelab", "network.md"), future, future) // touched, same content
	os.WriteFile(filepath.Join(e.dir, "travel", "lisbon-packing.txt"), []byte("Pack light.\n"), 0o644)
	if ch, _ := index.PendingChanges(ctx, e.opts.Store, coll, e.opts); ch.Modified != 1 || ch.New != 0 {
		t.Fatalf("changes after a touch and an edit: %+v", ch)
	}
	e.run(t)
	fw := filepath.Join(e.dir, "misc", "router-firmware.txt")
	os.WriteFile(fw, []byte("Firmware notes, now plain text: version 4.2 fixed the DHCP lease bug.\n"), 0o644)
	if ch, _ := index.PendingChanges(ctx, e.opts.Store, coll, e.opts); ch.New != 1 {
		t.Fatalf("changes after the file became text: %+v", ch)
	}
	if sum := e.run(t); sum.Added != 1 || sum.Skipped != 0 || len(warned) != 0 {
		t.Fatalf("after the file became text: %+v, warnings %v", sum, warned)
	}
	if sk, _ := e.opts.Store.SkippedFiles(ctx, coll.ID); len(sk) != 0 {
		t.Fatalf("still remembered as skipped: %v", sk)
	}
}

// Text addressed to an AI assistant is flagged when it is stored: a warning
// names the file and the lines of the planted instruction, the summary and
// the stored chunk count it, and a manual's assembly instructions are not
// flagged.
func TestInjectionFlaggedAtIndexTime(t *testing.T) {
	e := newEnv(t)
	warned := map[string]string{}
	e.opts.Reporter = recorder{warn: func(p string, err error) { warned[filepath.Base(p)] = err.Error() }}
	sum := e.run(t)
	w := warned["suspicious-email.md"]
	if sum.Flagged != 1 || !strings.Contains(w, "text that may address an AI assistant (instructions, role changes, links to visit) at lines 8-10:") {
		t.Fatalf("flagged %d, warning %q", sum.Flagged, w)
	}
	if w, ok := warned["pax-wardrobe-assembly.md"]; ok {
		t.Fatalf("assembly instructions flagged: %s", w)
	}
	coll, _ := e.opts.Store.Collection(context.Background(), "default")
	if n, err := e.opts.Store.Count(context.Background(), coll.ID); err != nil || n.Flagged != 1 {
		t.Fatalf("stored flagged chunks %+v, %v", n, err)
	}
}

// A re-index with nothing to embed (cron on unchanged notes) must not load
// the model: with embed.Lazy, as `hrag index` uses, it stays unloaded.
func TestUnchangedReindexDoesNotLoadTheModel(t *testing.T) {
	e := newEnv(t)
	first := e.run(t)
	if first.Added == 0 || first.Embedded+first.Reused == 0 {
		t.Fatalf("first run %+v", first)
	}
	lazy, err := embed.NewLazy(embed.Options{Dir: modeltest.Dir(t), ONNXRuntimeLib: modeltest.ORTLib(), BatchSize: 16})
	if err != nil {
		t.Fatal(err)
	}
	defer lazy.Close()
	if lazy.Model() != e.opts.Embedder.Model() {
		t.Fatalf("Lazy.Model() = %+v, the loaded model says %+v", lazy.Model(), e.opts.Embedder.Model())
	}
	e.opts.Embedder = lazy
	again := e.run(t)
	if again.Unchanged != first.Added || again.Embedded != 0 {
		t.Fatalf("re-index %+v after %+v", again, first)
	}
	if lazy.Loaded() {
		t.Fatal("the model was loaded for a re-index with nothing to embed")
	}
	if _, err := embed.NewLazy(embed.Options{Dir: modeltest.Dir(t), ONNXRuntimeLib: t.TempDir()}); embed.Backend == "onnxruntime" && err == nil || !strings.Contains(err.Error(), "RAG_ONNXRUNTIME_LIB") {
		t.Fatalf("a missing runtime library must fail at once, naming RAG_ONNXRUNTIME_LIB: %v", err)
	}
}

// watchedTokenizer counts calls in flight and calls made after the run
// returned, and cancels the run the first time it is asked to count a text
// holding cancelOn.
type watchedTokenizer struct {
	index.Tokenizer
	cancelOn     string
	cancel       sync.Once
	stop         context.CancelFunc
	active, late atomic.Int32
	returned     atomic.Bool
}

func (w *watchedTokenizer) Count(s string) int {
	if w.returned.Load() {
		w.late.Add(1)
	}
	w.active.Add(1)
	defer w.active.Add(-1)
	if strings.Contains(s, w.cancelOn) {
		w.cancel.Do(w.stop)
	}
	return w.Tokenizer.Count(s)
}

// Run must not return while its goroutines still chunk or embed: the
// caller closes the tokenizer and the model right after (an interrupt used
// to free the tokenizer under the reader: SIGSEGV). The run is cancelled
// while the reader is chunking a large file.
func TestInterruptedRunLeavesNoWorkerBehind(t *testing.T) {
	e := newEnv(t)
	var para strings.Builder
	for i := 0; para.Len() < 400_000; i++ {
		fmt.Fprintf(&para, "Sentence %d about tuning shared buffers and the planner's cost settings. ", i)
	}
	if err := os.WriteFile(filepath.Join(e.dir, "big.md"), []byte("# Big\n\n"+para.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &watchedTokenizer{Tokenizer: e.opts.Tokenizer, cancelOn: "Sentence 1 about", stop: cancel}
	e.opts.Tokenizer = w
	_, err := index.Run(ctx, e.opts)
	w.returned.Store(true)
	if !errors.Is(err, index.ErrInterrupted) {
		t.Fatalf("err = %v, want ErrInterrupted", err)
	}
	if a := w.active.Load(); a != 0 {
		t.Fatalf("%d tokenizer call(s) still running after Run returned", a)
	}
	time.Sleep(300 * time.Millisecond)
	if l := w.late.Load(); l != 0 {
		t.Fatalf("%d tokenizer call(s) started after Run returned", l)
	}
}
