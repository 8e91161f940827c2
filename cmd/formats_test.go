package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// The manuals come from Debian packages (scripts/install-formats.sh, run by
// scripts/test).
const (
	gnuplotPDF = "/usr/share/doc/gnuplot/gnuplot.pdf"
	pgManual   = "/usr/share/doc/postgresql-doc-15/html"
)

func needFile(t *testing.T, p string) {
	t.Helper()
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("%s is missing: run scripts/install-formats.sh", p)
	}
}

// sourcesJSONOf runs `hrag sources --json QUESTION` with vars and returns
// the report and the raw output; an error (an abstention included) fails
// the test.
func sourcesJSONOf(t *testing.T, vars map[string]string, q string) (sourcesJSON, []byte) {
	t.Helper()
	f, out, _ := testFactory(t, vars)
	if err := sourcesRun(context.Background(), &SourcesOptions{Factory: f, Question: q, retrievalFlags: retrievalFlags{JSON: true}}); err != nil {
		t.Fatalf("sources %q: %v", q, err)
	}
	var src sourcesJSON
	if err := json.Unmarshal(out.Bytes(), &src); err != nil {
		t.Fatal(err)
	}
	return src, out.Bytes()
}

// noLineNumbers fails the test when sources' --json output gives line
// numbers, which a format without lines (PDF, HTML) must not.
func noLineNumbers(t *testing.T, out []byte) {
	t.Helper()
	if bytes.Contains(out, []byte(`"start_line"`)) {
		t.Errorf("--json gives line numbers of a format without lines:\n%s", out)
	}
}

// A sentence of the gnuplot manual is found with its page (112, as
// `pdftotext -f 112 -l 112` shows it), cited as "gnuplot.pdf p. 112", in
// its outline section.
func TestSourcesFindsGnuplotSentenceWithItsPage(t *testing.T) {
	needFile(t, gnuplotPDF)
	// Its first 125 pages (keeping their numbers, title and outline): the
	// whole manual takes minutes to embed on two cores.
	pdf := filepath.Join(t.TempDir(), "gnuplot.pdf")
	if msg, err := exec.Command("qpdf", gnuplotPDF, "--pages", ".", "1-125", "--", pdf).CombinedOutput(); err != nil {
		t.Fatalf("qpdf: %v %s", err, msg)
	}
	vars := map[string]string{"RAG_DATABASE_URL": storetest.SchemaURL(t)}
	f, _, errOut := testFactory(t, vars)
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{pdf}}); err != nil {
		t.Fatalf("index: %v\n%s", err, errOut)
	}
	q := "How do I skip lines at the start of a text data file?"
	src, raw := sourcesJSONOf(t, vars, q)
	noLineNumbers(t, raw)
	found := false
	for _, p := range src.Passages {
		if strings.Contains(p.Content, "The skip keyword tells the program to skip lines at the start of a text (i.e. not binary) data file.") {
			found = true
			if p.StartPage != 112 || p.EndPage != 112 || p.StartLine != 0 || !strings.HasSuffix(p.Breadcrumb, "> Plot > Data > Skip]") {
				t.Errorf("passage %d: pages %d-%d, lines %d, breadcrumb %q", p.N, p.StartPage, p.EndPage, p.StartLine, p.Breadcrumb)
			}
		}
	}
	if !found {
		t.Fatalf("the skip sentence is not among the passages: %+v", src.Passages)
	}
	f, out, _ := testFactory(t, vars)
	if err := sourcesRun(context.Background(), &SourcesOptions{Factory: f, Question: q}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "gnuplot.pdf p. 112  score") || strings.Contains(out.String(), "gnuplot.pdf:") {
		t.Errorf("plain sources:\n%s", out)
	}
	// ask without an LLM shows the same citation and no line numbers.
	f, out, _ = testFactory(t, vars)
	if err := askRun(context.Background(), &AskOptions{Factory: f, Question: q, retrievalFlags: retrievalFlags{JSON: true}}); err != nil {
		t.Fatal(err)
	}
	var res answer.Result
	if err := json.Unmarshal(out.Bytes(), &res); err != nil || res.Reason != answer.ReasonNoLLM || bytes.Contains(out.Bytes(), []byte(`"start_line"`)) {
		t.Fatalf("ask: %v %s", err, out)
	}
}

// A PostgreSQL setting's description is found under the breadcrumb of its
// manual section, and no passage holds the manual's navigation bars.
func TestSourcesFindsPostgresSettingInItsSection(t *testing.T) {
	needFile(t, pgManual)
	vars := map[string]string{"RAG_DATABASE_URL": storetest.SchemaURL(t)}
	f, _, errOut := testFactory(t, vars)
	// Three pages of chapter 20 (server configuration) with settings about
	// memory: resources, write-ahead log, query planning.
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{pgManual}, Include: []string{"runtime-config-resource.html", "runtime-config-wal.html", "runtime-config-query.html"}}); err != nil {
		t.Fatalf("index: %v\n%s", err, errOut)
	}
	src, out := sourcesJSONOf(t, vars, "What does shared_buffers set?")
	noLineNumbers(t, out)
	if len(src.Passages) == 0 {
		t.Fatal("no passages")
	}
	p := src.Passages[0]
	if filepath.Base(p.Path) != "runtime-config-resource.html" || !strings.Contains(p.Content, "Sets the amount of memory the database server uses for shared memory buffers.") ||
		p.Breadcrumb != "[Chapter 20. Server Configuration > 20.4. Resource Consumption > 20.4.1. Memory]" || p.StartLine != 0 || p.StartPage != 0 {
		t.Fatalf("first passage %s %q lines %d page %d: %.200q", p.Path, p.Breadcrumb, p.StartLine, p.StartPage, p.Content)
	}
	for _, p := range src.Passages {
		for _, l := range strings.Split(p.Content, "\n") {
			if f := strings.Fields(l); len(f) > 0 && strings.Trim(strings.Join(f, " "), "PrevUpHomeNxt ") == "" {
				t.Errorf("navigation in passage %d: %q", p.N, l)
			}
		}
	}
}
