package index_test

import (
	"context"
	"encoding/base64"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Machine data inside notes is left out by span, with one warning per file;
// the prose around it, and notes in scripts without spaces, are indexed.
func TestMachineDataIsLeftOutButProseAroundItIsIndexed(t *testing.T) {
	e := newEnv(t)
	dir := t.TempDir()
	blob := make([]byte, 300_000)
	rand.New(rand.NewSource(7)).Read(blob)
	os.WriteFile(filepath.Join(dir, "router.md"), []byte("# Router\n\nThe label photo follows.\n\n"+
		base64.StdEncoding.EncodeToString(blob)+"\n\nThe serial number on the label is SN-4471-QX.\n"), 0o644)
	var js strings.Builder
	js.WriteString(`{"items":[`)
	for i := 0; js.Len() < 1_000_000; i++ {
		js.WriteString(`{"id":` + strings.Repeat("1", i%7+1) + `,"name":"widget","price":12.5,"tags":["x","y"]},`)
	}
	js.WriteString(`{}]}`)
	os.WriteFile(filepath.Join(dir, "export.txt"), []byte(js.String()+"\n"), 0o644)
	cjk := strings.Repeat("京都の秋は紅葉が美しく、多くの観光客が寺を訪れます。", 60)
	os.WriteFile(filepath.Join(dir, "kyoto.md"), []byte("# 京都\n\n"+cjk+"\n"), 0o644)

	var warned []string
	e.opts.Roots = []string{dir}
	e.opts.Chunk.JunkRun, e.opts.Chunk.JunkLine = 200, 2000
	e.opts.Reporter = recorder{warn: func(p string, err error) { warned = append(warned, filepath.Base(p)+": "+err.Error()) }}
	sum := e.run(t)
	if sum.Added != 3 || sum.Junk != 2 {
		t.Fatalf("summary %+v, warnings %q", sum, warned)
	}
	want := []string{
		"router.md: lines 5 (400 KB) look like machine data (base64 or hex blobs, minified JSON/XML): not indexed; the rest of the file is (RAG_JUNK_RUN, RAG_JUNK_LINE tune this)",
		"export.txt: lines 1 (1.0 MB) look like machine data (base64 or hex blobs, minified JSON/XML): not indexed; the rest of the file is (RAG_JUNK_RUN, RAG_JUNK_LINE tune this)",
	}
	for _, w := range want {
		found := false
		for _, g := range warned {
			found = found || g == w
		}
		if !found {
			t.Errorf("no warning %q in %q", w, warned)
		}
	}
	chunks := e.dbChunkTexts(t)
	router := strings.Join(chunks[filepath.Join(dir, "router.md")], "\n")
	if !strings.Contains(router, "SN-4471-QX") || !strings.Contains(router, "label photo") || len(router) > 500 {
		t.Errorf("router.md chunks: %q", router)
	}
	if n := len(chunks[filepath.Join(dir, "export.txt")]); n != 0 {
		t.Errorf("export.txt: %d chunks", n)
	}
	kyoto := strings.Join(chunks[filepath.Join(dir, "kyoto.md")], "")
	if strings.Count(kyoto, "紅葉") < 60 {
		t.Errorf("kyoto.md lost text: %d of 60 repetitions", strings.Count(kyoto, "紅葉"))
	}
}

// dbChunkTexts returns path → the stored contents of its chunks, in order.
func (e *env) dbChunkTexts(t *testing.T) map[string][]string {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), e.url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	rows, err := conn.Query(context.Background(), `SELECT d.path, c.content FROM chunks c JOIN documents d ON d.id = c.document_id ORDER BY d.path, c.ordinal`)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for rows.Next() {
		var p, c string
		if err := rows.Scan(&p, &c); err != nil {
			t.Fatal(err)
		}
		out[p] = append(out[p], c)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// Machine data in extracted text (here a base64 blob in an HTML page's
// <pre>) is blanked too, with a warning that names no lines: the format has
// none.
func TestMachineDataInExtractedTextIsLeftOut(t *testing.T) {
	e := newEnv(t)
	dir := t.TempDir()
	blob := make([]byte, 3000)
	rand.New(rand.NewSource(8)).Read(blob)
	page := "<!DOCTYPE html><html><head><title>Router</title></head><body><h1>Router</h1>" +
		"<p>The firmware image follows.</p><pre>" + base64.StdEncoding.EncodeToString(blob) + "</pre>" +
		"<p>The admin password is on the label under the stand.</p></body></html>\n"
	os.WriteFile(filepath.Join(dir, "router.html"), []byte(page), 0o644)
	var warned []string
	e.opts.Roots = []string{dir}
	e.opts.Include = []string{"*.html"}
	e.opts.Chunk.JunkRun, e.opts.Chunk.JunkLine = 200, 2000
	e.opts.Reporter = recorder{warn: func(p string, err error) { warned = append(warned, filepath.Base(p)+": "+err.Error()) }}
	sum := e.run(t)
	want := "router.html: 1 passage(s) of its text (4 KB) look like machine data (base64 or hex blobs, minified JSON/XML): not indexed; the rest of the file is (RAG_JUNK_RUN, RAG_JUNK_LINE tune this)"
	if sum.Added != 1 || sum.Junk != 1 || len(warned) != 1 || warned[0] != want {
		t.Fatalf("summary %+v, warnings %q", sum, warned)
	}
	text := strings.Join(e.dbChunkTexts(t)[filepath.Join(dir, "router.html")], "\n")
	if !strings.Contains(text, "label under the stand") || !strings.Contains(text, "firmware image follows") || len(text) > 600 {
		t.Errorf("router.html chunks: %q", text)
	}
}

// Front matter is metadata however long its lines: a 5,000-character tag
// list is read, not blanked as machine data, and a blob after it is still
// blanked and reported at its own line. Mutation: mask the whole body
// (the long tag is lost, and the front matter reads as broken text).
func TestFrontMatterIsNotMachineData(t *testing.T) {
	e := newEnv(t)
	dir := t.TempDir()
	long := strings.Repeat("x", 5000)
	blob := make([]byte, 3000)
	rand.New(rand.NewSource(9)).Read(blob)
	os.WriteFile(filepath.Join(dir, "fm.md"), []byte("---\ntags: [homelab, "+long+"]\n---\n\nThe NAS scrubs monthly.\n\n"+
		base64.StdEncoding.EncodeToString(blob)+"\n"), 0o644)
	var warned []string
	e.opts.Roots = []string{dir}
	e.opts.Chunk.JunkRun, e.opts.Chunk.JunkLine = 200, 2000
	e.opts.Reporter = recorder{warn: func(p string, err error) { warned = append(warned, filepath.Base(p)+": "+err.Error()) }}
	if sum := e.run(t); sum.Added != 1 || sum.Junk != 1 {
		t.Fatalf("summary %+v, warnings %q", sum, warned)
	}
	if len(warned) != 1 || !strings.HasPrefix(warned[0], "fm.md: lines 7 ") {
		t.Errorf("warnings %q, want one for line 7", warned)
	}
	conn, err := pgx.Connect(context.Background(), e.url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var tags []string
	if err := conn.QueryRow(context.Background(), `SELECT tags FROM documents WHERE path = $1`, filepath.Join(dir, "fm.md")).Scan(&tags); err != nil {
		t.Fatal(err)
	}
	if len(tags) != 2 || tags[0] != "homelab" || tags[1] != long {
		t.Errorf("tags %q", tags)
	}
	if text := strings.Join(e.dbChunkTexts(t)[filepath.Join(dir, "fm.md")], "\n"); strings.Contains(text, "tags") || !strings.Contains(text, "scrubs") {
		t.Errorf("chunks %q", text)
	}
}
