package extract

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The real manuals come from Debian packages that scripts/install-formats.sh
// installs (scripts/test runs it); they are not in the repository.
const (
	gnuplotPDF = "/usr/share/doc/gnuplot/gnuplot.pdf"
	pgManual   = "/usr/share/doc/postgresql-doc-15/html"
)

func need(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%s is missing: run scripts/install-formats.sh (Debian packages gnuplot-doc, postgresql-doc-15, poppler-utils, qpdf, pandoc)", path)
	}
}

var opts = Options{MaxBytes: 64 << 20, Timeout: 2 * time.Minute, MemoryBytes: 1 << 30}

func extractDoc(t *testing.T, path string) (Result, Document) {
	t.Helper()
	res, err := File(context.Background(), path, opts)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	doc, err := Parse(res.Format, path, res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, doc
}

// find returns the section and block holding text, or fails.
func find(t *testing.T, doc Document, text string) (Section, Block) {
	t.Helper()
	for _, s := range doc.Sections {
		for _, b := range s.Blocks {
			if strings.Contains(b.Text, text) {
				return s, b
			}
		}
	}
	t.Fatalf("no block holds %q", text)
	return Section{}, Block{}
}

func TestBadFixturesAreSkippedWithTheirReason(t *testing.T) {
	for name, want := range map[string]string{
		"encrypted.pdf":   "encrypted PDF (it needs a password to open); skipped",
		"truncated.pdf":   "corrupt or truncated PDF (pdftotext: Syntax Error: Couldn't find trailer dictionary",
		"scanned.pdf":     "PDF without a text layer (1 page(s) without text: scanned images or blank pages?); skipped: run OCR",
		"navigation.html": "no text once navigation, menus, scripts and styles are dropped",
		"report.docx":     "not a DOCX document but a ZIP archive holding notes.txt, photo.jpg",
	} {
		_, err := File(context.Background(), filepath.Join("testdata", "bad", name), opts)
		if !errors.Is(err, ErrSkipped) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want a skip saying %q", name, err, want)
		}
	}
}

func TestGnuplotPDFPagesOutlineHeadersAndHyphens(t *testing.T) {
	need(t, gnuplotPDF)
	res, doc := extractDoc(t, gnuplotPDF)
	if res.Format != PDF || doc.Title != "gnuplot documentation" {
		t.Fatalf("format %s, title %q", res.Format, doc.Title)
	}
	// A sentence of the manual, on page 112 (as pdftotext -f 112 -l 112
	// shows it), in its outline section.
	sec, b := find(t, doc, "The skip keyword tells the program to skip lines at the start of a text (i.e. not binary) data file.")
	if b.StartPage != 112 || b.EndPage != 112 {
		t.Errorf("the skip sentence is on pages %d-%d, want 112", b.StartPage, b.EndPage)
	}
	if want := []string{"gnuplot documentation", "III Commands", "Plot", "Data", "Skip"}; !reflect.DeepEqual(sec.Path, want) {
		t.Errorf("its breadcrumb is %q, want %q", sec.Path, want)
	}
	// The running header ("gnuplot 5.4" and the page number) and the table
	// of contents' dot leaders are gone; the hyphenated x-value stays
	// hyphenated, a word split at a line's end is joined.
	spanning := 0
	for _, s := range doc.Sections {
		for _, b := range s.Blocks {
			if b.StartPage > 1 && b.Text == "gnuplot 5.4" || strings.Contains(b.Text, ". . . . .") || b.StartPage >= 2 && b.StartPage <= 20 {
				t.Fatalf("running header or contents line kept: %q (page %d)", b.Text, b.StartPage)
			}
			if b.EndPage == b.StartPage+1 && len(b.PageBreaks) == 1 {
				spanning++
			}
		}
	}
	if spanning == 0 {
		t.Error("no paragraph runs on from one page to the next")
	}
	// On page 113 "x-value" is broken after the hyphen, and "monotonic" is
	// written whole.
	if _, b := find(t, doc, "points with the same x-value are replaced by a single point having the average y-value"); b.StartPage != 113 {
		t.Errorf("x-value sentence on page %d", b.StartPage)
	}
}

func TestPostgresManualSectionsWithoutNavigation(t *testing.T) {
	need(t, pgManual)
	res, doc := extractDoc(t, filepath.Join(pgManual, "runtime-config-resource.html"))
	if res.Format != HTML || doc.Title != "20.4. Resource Consumption" {
		t.Fatalf("format %s, title %q", res.Format, doc.Title)
	}
	sec, b := find(t, doc, "Sets the amount of memory the database server uses for shared memory buffers.")
	if want := []string{"Chapter 20. Server Configuration", "20.4. Resource Consumption", "20.4.1. Memory"}; !reflect.DeepEqual(sec.Path, want) {
		t.Errorf("shared_buffers is under %q, want %q", sec.Path, want)
	}
	if b.StartLine != 0 || b.StartPage != 0 {
		t.Errorf("HTML block with a position: lines %d, page %d", b.StartLine, b.StartPage)
	}
	for _, s := range doc.Sections {
		for _, b := range s.Blocks {
			for _, l := range strings.Split(b.Text, "\n") {
				switch strings.TrimSpace(l) {
				case "Prev", "Up", "Home", "Next", "Prev Up Home Next":
					t.Fatalf("navigation line %q in %q", l, s.Path)
				}
			}
			if strings.Contains(b.Text, "20.4.2. Disk") && !b.Header { // the page's table of contents
				t.Fatalf("table of contents kept: %q", b.Text)
			}
		}
	}
	// A table stays a table.
	_, doc = extractDoc(t, filepath.Join(pgManual, "datatype-numeric.html"))
	if _, b := find(t, doc, "| smallint | 2 bytes | small-range integer | -32768 to +32767 |"); b.Code {
		t.Error("the table is marked as code")
	}
}

func TestOrgTitleHeadersAndHiddenSyntax(t *testing.T) {
	org := strings.Join([]string{
		"#+TITLE: Garden log",               // 1
		"#+AUTHOR: Me",                      // 2
		"#+STARTUP: overview",               // 3
		"",                                  // 4
		"* TODO [#A] Tomatoes :veg:summer:", // 5
		":PROPERTIES:",                      // 6
		":ID: 1234-abcd",                    // 7
		":END:",                             // 8
		"Planted on 3 May, see [[https://example.org/t][the seed shop]].", // 9
		"",                         // 10
		"** Watering",              // 11
		"# a comment to myself",    // 12
		"Every second evening.",    // 13
		"#+BEGIN_SRC sh",           // 14
		"# not a headline",         // 15
		"water --litres 5",         // 16
		"#+END_SRC",                // 17
		"* Beans",                  // 18
		"Climbing beans on poles.", // 19
	}, "\n")
	doc := ParseOrg("/n/garden.org", org)
	if doc.Title != "Garden log" {
		t.Fatalf("title %q", doc.Title)
	}
	var paths [][]string
	var all []string
	for _, s := range doc.Sections {
		paths = append(paths, s.Path)
		for _, b := range s.Blocks {
			all = append(all, b.Text)
		}
	}
	if want := [][]string{{"Garden log", "Tomatoes"}, {"Garden log", "Tomatoes", "Watering"}, {"Garden log", "Beans"}}; !reflect.DeepEqual(paths, want) {
		t.Fatalf("paths %q, want %q", paths, want)
	}
	text := strings.Join(all, "\n")
	for _, leak := range []string{"#+", ":PROPERTIES:", ":ID:", ":END:", "a comment to myself", ":veg:", "[[", "Me"} {
		if strings.Contains(text, leak) {
			t.Errorf("%q leaks into the text:\n%s", leak, text)
		}
	}
	_, b := find(t, doc, "the seed shop")
	if b.StartLine != 9 || b.EndLine != 9 {
		t.Errorf("paragraph at lines %d-%d, want 9", b.StartLine, b.EndLine)
	}
	_, code := find(t, doc, "water --litres 5")
	if !code.Code || code.StartLine != 14 || code.EndLine != 17 || code.Text != "```sh\n# not a headline\nwater --litres 5\n```" {
		t.Errorf("code block %+v", code)
	}
}

func TestRSTTitleSectionsAndDirectives(t *testing.T) {
	rst := strings.Join([]string{
		"=============",                  // 1
		"Backup guide",                   // 2
		"=============",                  // 3
		"",                               // 4
		"Intro text.",                    // 5
		"",                               // 6
		"Schedule",                       // 7
		"--------",                       // 8
		"",                               // 9
		"Nightly at 02:00.",              // 10
		"",                               // 11
		".. a comment that is not shown", // 12
		"   and its second line",         // 13
		"",                               // 14
		".. code-block:: sh",             // 15
		"   :linenos:",                   // 16
		"",                               // 17
		"   restic backup /home",         // 18
		"",                               // 19
		"Restore",                        // 20
		"~~~~~~~",                        // 21
		"Run restore.",                   // 22
		"",                               // 23
		"Offsite",                        // 24
		"--------",                       // 25
		"Weekly.",                        // 26
	}, "\n")
	doc := ParseRST("/n/backup.rst", rst)
	if doc.Title != "Backup guide" {
		t.Fatalf("title %q", doc.Title)
	}
	var paths [][]string
	for _, s := range doc.Sections {
		paths = append(paths, s.Path)
	}
	want := [][]string{{"Backup guide"}, {"Backup guide", "Schedule"}, {"Backup guide", "Schedule", "Restore"}, {"Backup guide", "Offsite"}}
	if !reflect.DeepEqual(paths, want) {
		t.Fatalf("paths %q, want %q", paths, want)
	}
	for _, s := range doc.Sections {
		for _, b := range s.Blocks {
			if strings.Contains(b.Text, "comment") || strings.Contains(b.Text, ":linenos:") || strings.Contains(b.Text, "~~~") {
				t.Errorf("leak: %q", b.Text)
			}
		}
	}
	_, code := find(t, doc, "restic backup /home")
	if !code.Code || code.StartLine != 15 || code.EndLine != 19 || !strings.HasPrefix(code.Text, "```sh\n") || !strings.HasSuffix(code.Text, "restic backup /home\n```") {
		t.Errorf("code block %+v", code)
	}
	if _, b := find(t, doc, "Nightly at 02:00."); b.StartLine != 10 {
		t.Errorf("paragraph at line %d", b.StartLine)
	}
}

// pandocFrom writes Markdown md as a document of format f (docx or odt)
// with pandoc, as a person's word processor would have saved it.
func pandocFrom(t *testing.T, md, f string) string {
	t.Helper()
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.md"), filepath.Join(dir, "doc."+f)
	if err := os.WriteFile(in, []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	if msg, err := exec.Command("pandoc", in, "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("pandoc (scripts/install-formats.sh installs it): %v %s", err, msg)
	}
	return out
}

func TestDocxAndODTHeadingsListsTables(t *testing.T) {
	md := "---\ntitle: Lab notebook\n---\n\n# Samples\n\nWe kept the samples at 4 °C.\n\n" +
		"## Storage\n\n- freezer A\n    - shelf 2\n    - shelf 3\n- freezer B\n\n" +
		"| sample | temperature |\n|---|---|\n| S1 | 4 °C |\n| S2 | -20 °C |\n"
	for _, f := range []string{"docx", "odt"} {
		res, doc := extractDoc(t, pandocFrom(t, md, f))
		// pandoc writes the title into both formats' metadata but reads it
		// back from DOCX only: an ODT is titled by its file name.
		title := map[string]string{"docx": "Lab notebook", "odt": "doc"}[f]
		if string(res.Format) != f || doc.Title != title {
			t.Fatalf("%s: format %s, title %q", f, res.Format, doc.Title)
		}
		sec, _ := find(t, doc, "We kept the samples at 4 °C.")
		if want := []string{title, "Samples"}; !reflect.DeepEqual(sec.Path, want) {
			t.Errorf("%s: paragraph under %q", f, sec.Path)
		}
		sec, b := find(t, doc, "- freezer A")
		if want := []string{title, "Samples", "Storage"}; !reflect.DeepEqual(sec.Path, want) || b.Text != "- freezer A\n  - shelf 2\n  - shelf 3" {
			t.Errorf("%s: nested list %q under %q", f, b.Text, sec.Path)
		}
		if _, b := find(t, doc, "| S2 | -20 °C |"); b.StartLine != 0 {
			t.Errorf("%s: table block with line numbers", f)
		}
	}
	// Without headings and a title: one section named by the file.
	_, doc := extractDoc(t, pandocFrom(t, "Just a shopping list: milk, bread.\n\nAnd eggs.\n", "docx"))
	if doc.Title != "doc" || len(doc.Sections) != 1 || !reflect.DeepEqual(doc.Sections[0].Path, []string{"doc"}) || len(doc.Sections[0].Blocks) != 2 {
		t.Errorf("heading-less document: %+v", doc)
	}
}

func TestSniffTrustsContentOverExtension(t *testing.T) {
	pdf := tinyPDF(fixtureText, false)
	for _, c := range []struct {
		name string
		raw  []byte
		want Format
		err  error
	}{
		{"paper.txt", pdf, PDF, nil},
		{"notes.md", []byte("# PDF notes\n\nA PDF file starts with %PDF-1.7 and a binary comment.\n"), Markdown, nil},
		{"page.txt", []byte("<!DOCTYPE html><html><title>x</title></html>"), HTML, nil},
		{"blob.md", []byte("PNG\x00\x00\x01binary"), "", ErrBinary},
		{"todo.org", []byte("* TODO x\n"), Org, nil},
		{"guide.rst", []byte("Guide\n=====\n"), RST, nil},
		{"old.html", []byte("<p>no doctype"), HTML, nil},
		// A note that begins by quoting a PDF header or an HTML tag stays a note.
		{"pdfnotes.md", []byte("%PDF-1.7 is the header every PDF file starts with.\n"), Markdown, nil},
		{"htmlnote.md", []byte("<html> tags are what this note is about.\n\n# Heading\n"), Markdown, nil},
		{"page.md", []byte("<html><body><p>saved page</p></body></html>\n"), HTML, nil},
		{"paper.md", pdf, PDF, nil},
		{"download.pdf", nil, "", ErrSkipped},
		{"report.docx", []byte("\n"), "", ErrSkipped},
		{"empty.md", nil, Markdown, nil},
	} {
		got, err := Sniff(c.name, c.raw)
		if got != c.want || !errors.Is(err, c.err) && c.err != nil || c.err == nil && err != nil {
			t.Errorf("%s: %q, %v; want %q, %v", c.name, got, err, c.want, c.err)
		}
	}
	// And File reads the PDF named .txt as a PDF.
	dir := t.TempDir()
	p := filepath.Join(dir, "paper.txt")
	os.WriteFile(p, pdf, 0o644)
	if _, doc := extractDoc(t, p); !strings.Contains(doc.Sections[0].Blocks[0].Text, "Hello from a tiny PDF about lighthouses.") || doc.Sections[0].Blocks[0].StartPage != 1 {
		t.Errorf("PDF named .txt: %+v", doc)
	}
}

func TestConvertersStopAtTheirLimits(t *testing.T) {
	need(t, gnuplotPDF)
	_, err := File(context.Background(), gnuplotPDF, Options{MaxBytes: 64 << 20, Timeout: time.Millisecond})
	if err == nil || errors.Is(err, ErrSkipped) || !strings.Contains(err.Error(), "took longer than RAG_EXTRACT_TIMEOUT=1ms") {
		t.Errorf("time limit: %v", err)
	}
	// 20 MB of address space is too little for pdftotext on this manual.
	_, err = File(context.Background(), gnuplotPDF, Options{MaxBytes: 64 << 20, MemoryBytes: 20 << 20})
	if err == nil || errors.Is(err, ErrSkipped) || !strings.Contains(err.Error(), "RAG_EXTRACT_MEMORY_BYTES") {
		t.Errorf("memory limit: %v", err)
	}
}

// No block of any page of the PostgreSQL manual is navigation: the
// "Prev Up Home Next" bars above and below every page, and the tables of
// contents, are dropped; every page but a few tables of contents has text.
func TestPostgresManualHasNoNavigationText(t *testing.T) {
	need(t, pgManual)
	files, _ := filepath.Glob(filepath.Join(pgManual, "*.html"))
	if len(files) < 1000 {
		t.Fatalf("%d HTML files in %s", len(files), pgManual)
	}
	nav := map[string]bool{"Prev": true, "Up": true, "Home": true, "Next": true}
	var empty []string
	for _, f := range files {
		res, err := File(context.Background(), f, opts)
		if errors.Is(err, ErrSkipped) {
			empty = append(empty, filepath.Base(f))
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		doc, _ := Parse(res.Format, f, res.Body)
		for _, s := range doc.Sections {
			for _, b := range s.Blocks {
				for _, l := range strings.Split(b.Text, "\n") {
					words := strings.Fields(l)
					all := len(words) > 0
					for _, w := range words {
						all = all && nav[w]
					}
					if all {
						t.Fatalf("%s: navigation line %q in %q", filepath.Base(f), l, s.Path)
					}
				}
			}
		}
	}
	// Pages that are a table of contents and nothing else are skipped.
	if len(empty) > len(files)/10 {
		t.Errorf("%d of %d pages have no text: %v", len(empty), len(files), empty)
	}
	t.Logf("%d pages, %d without text (tables of contents only): %v", len(files), len(empty), empty)
}

// Without its converter a PDF is a failure naming the package to install,
// not a skip: the next run tries again.
func TestMissingConverterIsAFailureNamingThePackage(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := File(context.Background(), filepath.Join("testdata", "bad", "scanned.pdf"), opts)
	if !errors.Is(err, ErrNoConverter) || errors.Is(err, ErrSkipped) || !strings.Contains(err.Error(), "apt-get install poppler-utils") {
		t.Fatalf("err = %v", err)
	}
}

// ReadFile opens non-blocking and reads only regular files: a FIFO with no
// writer gives ErrNotRegular at once instead of blocking.
func TestReadFileRefusesAFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "note.md")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(p, 1<<20); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("err = %v, want ErrNotRegular", err)
	}
}
