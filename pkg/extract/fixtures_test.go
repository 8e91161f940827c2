package extract

import (
	"archive/zip"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The bad-case fixtures in testdata/bad are made by the functions below;
// `go test -run TestBadFixturesAreGenerated ./pkg/extract/ -update` writes
// them again. The encrypted PDF needs qpdf (scripts/install-formats.sh).
var update = flag.Bool("update", false, "rewrite testdata/bad from the generators")

// tinyPDF writes a one-page PDF whose page content stream is content, with
// Helvetica as font F1 and, when image is set, an 8×8 grey image Im1: the
// smallest valid file (objects, cross-reference table, trailer).
func tinyPDF(content string, image bool) []byte {
	res := "/Font << /F1 4 0 R >>"
	if image {
		res += " /XObject << /Im1 6 0 R >>"
	}
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Resources << " + res + " >> /Contents 5 0 R >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
	}
	if image {
		px := bytes.Repeat([]byte{0x80}, 64)
		objs = append(objs, fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length %d >>\nstream\n%s\nendstream", len(px), px))
	}
	return writePDF(objs)
}

// writePDF writes objects 1..len(objs) (object 1 the catalog) as a PDF file
// with its cross-reference table and trailer.
func writePDF(objs []string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

const fixtureText = "BT /F1 12 Tf 20 150 Td (Hello from a tiny PDF about lighthouses.) Tj ET"

// badFixtures returns the bad-case fixtures by file name.
func badFixtures(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	plain := tinyPDF(fixtureText, false)
	out["truncated.pdf"] = plain[:len(plain)*2/5]
	out["scanned.pdf"] = tinyPDF("q 64 0 0 64 20 60 cm /Im1 Do Q", true)
	dir := t.TempDir()
	in, enc := filepath.Join(dir, "in.pdf"), filepath.Join(dir, "enc.pdf")
	if err := os.WriteFile(in, plain, 0o644); err != nil {
		t.Fatal(err)
	}
	// --static-id and --static-aes-iv make the output the same every run
	// (256-bit keys take random salts: 128-bit AES).
	cmd := exec.Command("qpdf", "--static-id", "--static-aes-iv", "--encrypt", "secret-user", "secret-owner", "128", "--use-aes=y", "--", in, enc)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("qpdf (scripts/install-formats.sh installs it): %v %s", err, msg)
	}
	out["encrypted.pdf"], _ = os.ReadFile(enc)
	out["navigation.html"] = []byte(`<!DOCTYPE html>
<html><head><title>Site map</title><style>nav { color: red }</style></head>
<body><nav><ul><li><a href="/">Home</a></li><li><a href="/prev">Prev</a></li><li><a href="/up">Up</a></li><li><a href="/next">Next</a></li></ul></nav>
<div class="footer"><a href="/about">About</a> · <a href="/contact">Contact</a> · <a href="/legal">Legal</a></div>
<script>console.log("menu")</script></body></html>
`)
	var z bytes.Buffer
	zw := zip.NewWriter(&z)
	for _, name := range []string{"notes.txt", "photo.jpg"} {
		w, _ := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store})
		w.Write([]byte("not a Word document: " + name + "\n"))
	}
	zw.Close()
	out["report.docx"] = z.Bytes()
	return out
}

// TestBadFixturesAreGenerated checks that testdata/bad holds exactly what
// the generators make (-update rewrites it).
func TestBadFixturesAreGenerated(t *testing.T) {
	for name, want := range badFixtures(t) {
		path := filepath.Join("testdata", "bad", name)
		if *update {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from its generator: run go test -run TestBadFixturesAreGenerated ./pkg/extract/ -update", path)
		}
	}
}
