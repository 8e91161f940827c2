package extract

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// pagedPDF returns a PDF of one 300 × 200 pt page per line, each line set
// near the top of its page (in the band where running headers are looked
// for).
func pagedPDF(lines []string) []byte {
	n := len(lines)
	var objs []string
	objs = append(objs, "<< /Type /Catalog /Pages 2 0 R >>")
	var kids []string
	for i := range lines {
		kids = append(kids, fmt.Sprintf("%d 0 R", 4+2*i))
	}
	objs = append(objs, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n))
	objs = append(objs, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
	for i, l := range lines {
		content := fmt.Sprintf("BT /F1 10 Tf 20 190 Td (%s) Tj ET", l)
		objs = append(objs,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>", 5+2*i),
			fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content))
	}
	return writePDF(objs)
}

// Slides of one line each, alike but for their numbers, are the text, not
// running headers: every line is kept, on its page.
func TestOneLinePagesAreTextNotRunningHeaders(t *testing.T) {
	var lines []string
	for i := 1; i <= 10; i++ {
		lines = append(lines, fmt.Sprintf("Slide %d mentions the word tuba%d.", i, i))
	}
	p := filepath.Join(t.TempDir(), "slides.pdf")
	os.WriteFile(p, pagedPDF(lines), 0o644)
	_, doc := extractDoc(t, p)
	var got []string
	for _, s := range doc.Sections {
		for _, b := range s.Blocks {
			got = append(got, fmt.Sprintf("p%d %s", b.StartPage, b.Text))
		}
	}
	for i, l := range lines {
		want := fmt.Sprintf("p%d %s", i+1, l)
		if !strings.Contains(strings.Join(got, "\n"), want) {
			t.Errorf("missing %q in %q", want, got)
		}
	}
}

// Without qpdf a PDF is a failure naming the package (its outline would be
// lost for good otherwise: an unchanged file is not read again).
func TestMissingQpdfIsAFailure(t *testing.T) {
	bin := t.TempDir()
	for _, tool := range []string{"pdftotext", "prlimit"} {
		if p, err := exec.LookPath(tool); err == nil {
			os.Symlink(p, filepath.Join(bin, tool))
		}
	}
	p := filepath.Join(t.TempDir(), "one.pdf")
	os.WriteFile(p, tinyPDF(fixtureText, false), 0o644)
	t.Setenv("PATH", bin)
	_, err := File(context.Background(), p, opts)
	if !errors.Is(err, ErrNoConverter) || errors.Is(err, ErrSkipped) || !strings.Contains(err.Error(), "apt-get install qpdf") {
		t.Fatalf("err = %v", err)
	}
}

// pandoc's exit status tells a document it cannot parse (skipped until it
// changes) from pandoc failing for itself (a failure, tried again): out of
// memory under the limit is the latter.
func TestPandocOutOfMemoryIsAFailureNotASkip(t *testing.T) {
	for code, want := range map[int]bool{63: true, 64: true, 1: false, 127: false, -1: false} {
		if unreadable(code) != want {
			t.Errorf("unreadable(%d) = %v", code, !want)
		}
	}
	if _, err := exec.LookPath("pandoc"); err != nil {
		t.Fatal("pandoc is missing: run scripts/install-formats.sh")
	}
	dir := t.TempDir()
	md, docx := filepath.Join(dir, "a.md"), filepath.Join(dir, "a.docx")
	os.WriteFile(md, []byte("# Title\n\nSome text.\n"), 0o644)
	if out, err := exec.Command("pandoc", md, "-o", docx).CombinedOutput(); err != nil {
		t.Fatalf("pandoc: %v %s", err, out)
	}
	o := opts
	o.MemoryBytes = 250 << 20 // the Haskell runtime starts but cannot create its threads: exit 1 (64 MB segfaults)
	_, err := File(context.Background(), docx, o)
	if err == nil {
		t.Fatal("pandoc ran within 250 MB of address space: the limit was not applied")
	}
	if errors.Is(err, ErrSkipped) || !strings.Contains(err.Error(), "RAG_EXTRACT_MEMORY_BYTES") || strings.Contains(err.Error(), ":  (") {
		t.Errorf("err = %v", err)
	}
}
