package index_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/extract"
)

const gnuplotPDF = "/usr/share/doc/gnuplot/gnuplot.pdf"

// formatsEnv is an index environment on an empty folder with every format
// included.
func formatsEnv(t *testing.T) *env {
	t.Helper()
	e := newEnv(t)
	e.dir = t.TempDir()
	e.opts.Roots = []string{e.dir}
	e.opts.Include = extract.Includes
	e.opts.MaxBytes = 16 << 20
	return e
}

// warnings records the warnings of a run by file name.
type warnings struct {
	recorder
	mu sync.Mutex
	by map[string]string
}

func newWarnings() *warnings {
	w := &warnings{by: map[string]string{}}
	w.recorder = recorder{warn: func(p string, err error) {
		w.mu.Lock()
		defer w.mu.Unlock()
		w.by[filepath.Base(p)] = err.Error()
	}}
	return w
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Every bad fixture is skipped with its own warning and remembered; the
// rest of the folder is indexed; nothing indexed before is lost.
func TestBadDocumentsAreSkippedAndTheRestIndexed(t *testing.T) {
	e := formatsEnv(t)
	bad := map[string]string{
		"encrypted.pdf":   "encrypted PDF (it needs a password to open)",
		"truncated.pdf":   "corrupt or truncated PDF",
		"scanned.pdf":     "PDF without a text layer",
		"navigation.html": "no text once navigation, menus, scripts and styles are dropped",
		"report.docx":     "not a DOCX document but a ZIP archive",
	}
	os.WriteFile(filepath.Join(e.dir, "good.md"), []byte("# Lighthouse\n\nThe lamp is lit at dusk.\n"), 0o644)
	os.WriteFile(filepath.Join(e.dir, "garden.org"), []byte("#+TITLE: Garden\n\n* Beans\nClimbing beans on poles.\n"), 0o644)
	w := newWarnings()
	e.opts.Reporter = w
	sum := e.run(t)
	if sum.Added != 2 || sum.Skipped != 0 || len(w.by) != 0 {
		t.Fatalf("first run %+v, warnings %v", sum, w.by)
	}
	for name := range bad {
		copyFile(t, filepath.Join("..", "extract", "testdata", "bad", name), filepath.Join(e.dir, name))
	}
	sum = e.run(t)
	if sum.Skipped != len(bad) || sum.Failed != 0 || sum.Unchanged != 2 {
		t.Fatalf("summary %+v, warnings %v", sum, w.by)
	}
	for name, want := range bad {
		if !strings.Contains(w.by[name], want) {
			t.Errorf("%s: warning %q, want %q", name, w.by[name], want)
		}
	}
	if docs := e.dbChunks(t); len(docs) != 2 || docs[filepath.Join(e.dir, "good.md")][0] != 1 {
		t.Fatalf("documents %v", docs)
	}
	// Remembered: the next run skips them unread, without warnings.
	w.by = map[string]string{}
	if sum := e.run(t); sum.Skipped != len(bad) || sum.Unchanged != 2 || len(w.by) != 0 {
		t.Fatalf("third run %+v, warnings %v", sum, w.by)
	}
}

// pdfPages writes the first n pages of the gnuplot manual to path (qpdf,
// which keeps the title and the outline entries of those pages). Pages 2 to
// 20 are its table of contents.
func pdfPages(t *testing.T, path string, n int) {
	t.Helper()
	if _, err := os.Stat(gnuplotPDF); err != nil {
		t.Fatalf("%s is missing: run scripts/install-formats.sh", gnuplotPDF)
	}
	if msg, err := exec.Command("qpdf", gnuplotPDF, "--pages", ".", "1-"+strconv.Itoa(n), "--", path).CombinedOutput(); err != nil {
		t.Fatalf("qpdf: %v %s", err, msg)
	}
}

type storedChunk struct {
	content          string
	startLine        *int32
	pageStart, pageE *int32
	breadcrumb       string
}

func (e *env) storedChunks(t *testing.T, path string) []storedChunk {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), e.url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	rows, err := conn.Query(context.Background(), `SELECT c.content, c.start_line, c.page_start, c.page_end, c.breadcrumb
		FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = $1 ORDER BY c.ordinal`, path)
	if err != nil {
		t.Fatal(err)
	}
	var out []storedChunk
	for rows.Next() {
		var c storedChunk
		if err := rows.Scan(&c.content, &c.startLine, &c.pageStart, &c.pageE, &c.breadcrumb); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// A PDF's chunks carry pages and no lines; a changed PDF is extracted again
// and its unchanged chunks keep their vectors; an unchanged one costs a stat.
func TestPDFReindexKeepsUnchangedChunks(t *testing.T) {
	e := formatsEnv(t)
	pdf := filepath.Join(e.dir, "gnuplot-part.pdf")
	pdfPages(t, pdf, 30)
	first := e.run(t)
	if first.Added != 1 || first.Chunks < 20 || first.Embedded != first.Chunks {
		t.Fatalf("first run %+v", first)
	}
	cs := e.storedChunks(t, pdf)
	pages := map[int32]bool{}
	for _, c := range cs {
		if c.startLine != nil || c.pageStart == nil || *c.pageStart < 1 || *c.pageE < *c.pageStart || *c.pageE > 30 {
			t.Fatalf("chunk with lines %v, pages %v-%v: %.80q", c.startLine, c.pageStart, c.pageE, c.content)
		}
		pages[*c.pageStart] = true
		if strings.Contains(c.content, "Seeking-assistance") && !strings.HasPrefix(c.breadcrumb, "[gnuplot documentation > I Gnuplot") {
			t.Errorf("breadcrumb %q", c.breadcrumb)
		}
	}
	if len(pages) < 9 {
		t.Errorf("chunks start on %d distinct pages of the 11 with text", len(pages))
	}
	// The stored body (the extracted document as JSON) yields the same
	// chunks again: what reembed re-chunks from, without the file.
	var body, format string
	conn, err := pgx.Connect(context.Background(), e.url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if err := conn.QueryRow(context.Background(), `SELECT body, format FROM documents WHERE path = $1`, pdf).Scan(&body, &format); err != nil {
		t.Fatal(err)
	}
	doc, err := extract.Parse(extract.Format(format), pdf, body)
	if err != nil {
		t.Fatal(err)
	}
	copts := e.opts.Chunk
	copts.InputTokens, copts.SpecialTokens = 256, e.opts.Tokenizer.Special()
	copts, _ = copts.Fit()
	again := chunk.Split(doc, copts, e.opts.Tokenizer)
	if format != "pdf" || len(again) != len(cs) {
		t.Fatalf("format %s: %d chunks from the stored body, %d stored", format, len(again), len(cs))
	}
	for i, c := range again {
		if c.Content != cs[i].content || int32(c.StartPage) != *cs[i].pageStart || int32(c.EndPage) != *cs[i].pageE {
			t.Fatalf("chunk %d differs: pages %d-%d %.60q, stored %v-%v %.60q", i, c.StartPage, c.EndPage, c.Content, *cs[i].pageStart, *cs[i].pageE, cs[i].content)
		}
	}
	if sum := e.run(t); sum.Unchanged != 1 || sum.Chunks != 0 {
		t.Fatalf("unchanged run %+v", sum)
	}
	pdfPages(t, pdf, 31) // one more page
	sum := e.run(t)
	if sum.Updated != 1 || sum.Reused < first.Chunks-3 || sum.Embedded > sum.Chunks-sum.Reused || sum.Embedded == 0 {
		t.Fatalf("changed PDF: %+v (first run %d chunks)", sum, first.Chunks)
	}
}

// Org and HTML documents keep their titles and sections; HTML chunks have
// no line numbers, Org chunks their real ones.
func TestOrgAndHTMLTitlesAndSections(t *testing.T) {
	e := formatsEnv(t)
	org := filepath.Join(e.dir, "garden.org")
	os.WriteFile(org, []byte("#+TITLE: Garden log\n#+STARTUP: overview\n\n* Tomatoes :veg:\n:PROPERTIES:\n:ID: 42\n:END:\nPlanted on 3 May.\n** Watering\nEvery second evening.\n"), 0o644)
	page := filepath.Join(e.dir, "lamp.html")
	os.WriteFile(page, []byte(`<!DOCTYPE html><html><head><title>Lighthouse manual</title></head><body>
<nav><a href="/">Home</a> <a href="/next">Next</a> <a href="/up">Up</a></nav>
<h1>Lighthouse manual</h1><h2>The lamp</h2><p>The lamp is lit at dusk and put out at dawn.</p>
<footer>© the keepers</footer></body></html>`), 0o644)
	sum := e.run(t)
	if sum.Added != 2 {
		t.Fatalf("%+v", sum)
	}
	var crumbs []string
	for _, c := range e.storedChunks(t, org) {
		crumbs = append(crumbs, c.breadcrumb)
		if c.startLine == nil || strings.Contains(c.content, ":PROPERTIES:") || strings.Contains(c.content, "#+") || strings.Contains(c.content, ":veg:") {
			t.Errorf("org chunk at line %v: %q", c.startLine, c.content)
		}
	}
	sort.Strings(crumbs)
	if want := []string{"[Garden log > Tomatoes > Watering]", "[Garden log > Tomatoes]"}; strings.Join(crumbs, ",") != strings.Join(want, ",") {
		t.Errorf("org breadcrumbs %q, want %q", crumbs, want)
	}
	hc := e.storedChunks(t, page)
	if len(hc) != 1 || hc[0].startLine != nil || hc[0].pageStart != nil || hc[0].breadcrumb != "[Lighthouse manual > The lamp]" ||
		strings.Contains(hc[0].content, "Next") || strings.Contains(hc[0].content, "keepers") {
		t.Fatalf("html chunks %+v", hc)
	}
	// reembed re-chunks from the stored body, without the files.
	var titles []string
	conn, _ := pgx.Connect(context.Background(), e.url)
	defer conn.Close(context.Background())
	rows, _ := conn.Query(context.Background(), `SELECT title || ' (' || format || ')' FROM documents ORDER BY path`)
	for rows.Next() {
		var s string
		rows.Scan(&s)
		titles = append(titles, s)
	}
	if want := "Garden log (org),Lighthouse manual (html)"; strings.Join(titles, ",") != want {
		t.Errorf("documents %q, want %s", titles, want)
	}
}
