package eval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadBEIRTiny(t *testing.T) {
	ds, err := LoadBEIR("../../testdata/beir-tiny", "")
	if err != nil {
		t.Fatal(err)
	}
	if ds.Name != "beir-tiny" || ds.Split != "test" || len(ds.Corpus) != 13 {
		t.Fatalf("name %q split %q, %d docs", ds.Name, ds.Split, len(ds.Corpus))
	}
	// q-unjudged is not in the qrels; q-nothing is (grade 0 only).
	var ids []string
	for _, q := range ds.Queries {
		ids = append(ids, q.ID)
	}
	if got := strings.Join(ids, ","); got != "q-bees,q-quetzal,q-starter,q-saturn,q-nothing" {
		t.Fatalf("queries %s", got)
	}
	if g := ds.Qrels["q-saturn"]; g["saturn-rings"] != 2 || g["enceladus"] != 1 || g["volcano"] != 0 || g["ice-bands"] != 1 || g.Relevant() != 3 {
		t.Fatalf("q-saturn judgments %v", g)
	}
	if ds.Qrels["q-nothing"].Relevant() != 0 || ds.UnknownDocs != 0 {
		t.Fatalf("q-nothing %v, unknown %d", ds.Qrels["q-nothing"], ds.UnknownDocs)
	}
	if d := ds.Corpus[7]; d.ID != "wiki/glacier" || d.Title != "Glacier calving" || !strings.Contains(d.Text, "\n\n") {
		t.Fatalf("doc 7 = %+v", d)
	}
}

func writeBEIR(t *testing.T, corpus, queries, qrels string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "qrels"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"corpus.jsonl": corpus, "queries.jsonl": queries, "qrels/test.tsv": qrels} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoadBEIRNumericIDsAndUnknownDocs(t *testing.T) {
	dir := writeBEIR(t,
		`{"_id": 1, "title": "", "text": "one"}`+"\n\n"+`{"_id": "2", "title": "T", "text": "two"}`,
		`{"_id": 10, "text": "q"}`+"\n",
		"query-id\tcorpus-id\tscore\r\n10\t1\t1\r\n10\t99\t2\r\n")
	ds, err := LoadBEIR(dir, "test")
	if err != nil {
		t.Fatal(err)
	}
	if len(ds.Corpus) != 2 || ds.Corpus[0].ID != "1" || len(ds.Queries) != 1 || ds.Queries[0].ID != "10" {
		t.Fatalf("%+v", ds)
	}
	if ds.UnknownDocs != 1 || ds.Qrels["10"]["99"] != 2 {
		t.Fatalf("unknown %d, qrels %v", ds.UnknownDocs, ds.Qrels)
	}
}

func TestLoadBEIRErrors(t *testing.T) {
	good := `{"_id": "d", "text": "x"}` + "\n"
	cases := []struct{ name, corpus, queries, qrels, want string }{
		{"missing query", good, `{"_id": "q", "text": "x"}`, "q\td\t1\nr\td\t1\n", `query "r" is judged but not in queries.jsonl`},
		{"bad json", good + "{oops\n", `{"_id": "q", "text": "x"}`, "q\td\t1\n", "corpus.jsonl:2"},
		{"duplicate doc", good + good, `{"_id": "q", "text": "x"}`, "q\td\t1\n", `duplicate document id "d"`},
		{"bad score", good, `{"_id": "q", "text": "x"}`, "h\th\th\nq\td\tx\n", "test.tsv:2: score"},
		{"bad fields", good, `{"_id": "q", "text": "x"}`, "q d 1\n", "want 3 tab-separated fields"},
		{"no judgments", good, `{"_id": "q", "text": "x"}`, "query-id\tcorpus-id\tscore\n", "no judgments"},
	}
	for _, c := range cases {
		_, err := LoadBEIR(writeBEIR(t, c.corpus, c.queries, c.qrels), "")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.name, err, c.want)
		}
	}
	if _, err := LoadBEIR(t.TempDir(), ""); err == nil || !strings.Contains(err.Error(), "test.tsv") {
		t.Errorf("empty dir: %v", err)
	}
}

func TestDocFileNameRoundTrip(t *testing.T) {
	for _, id := range []string{"MED-10", "wiki/glacier", ".hidden", "a.b", "ü 50%", "x%2Fy"} {
		name := DocFileName(id)
		if strings.ContainsAny(name, "/ ") || strings.HasPrefix(name, ".") || !strings.HasSuffix(name, ".md") {
			t.Errorf("DocFileName(%q) = %q", id, name)
		}
		back, ok := DocID(filepath.Join("/some/dir", name))
		if !ok || back != id {
			t.Errorf("DocID(DocFileName(%q)) = %q, %v", id, back, ok)
		}
	}
	for _, bad := range []string{"x.txt", "a%2.md", "a%zz.md"} {
		if _, ok := DocID(bad); ok {
			t.Errorf("DocID(%q) accepted", bad)
		}
	}
}

func TestWriteCorpusKeepsUnchangedFiles(t *testing.T) {
	dir := t.TempDir()
	corpus := []Doc{{ID: "a", Title: "Title\nsplit", Text: "body"}, {ID: "b", Text: "no title"}}
	if n, err := WriteCorpus(dir, corpus); err != nil || n != 2 {
		t.Fatalf("first write: %d, %v", n, err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "a.md"))
	if string(got) != "# Title split\n\nbody\n" {
		t.Fatalf("a.md = %q", got)
	}
	if err := os.WriteFile(filepath.Join(dir, "stale.md"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	st1, _ := os.Stat(filepath.Join(dir, "a.md"))
	corpus[1].Text = "changed"
	if n, err := WriteCorpus(dir, corpus); err != nil || n != 1 {
		t.Fatalf("second write: %d, %v", n, err)
	}
	st2, _ := os.Stat(filepath.Join(dir, "a.md"))
	if !st1.ModTime().Equal(st2.ModTime()) {
		t.Error("unchanged file rewritten")
	}
	if _, err := os.Stat(filepath.Join(dir, "stale.md")); !os.IsNotExist(err) {
		t.Error("stale file kept")
	}
}

func TestPercentile(t *testing.T) {
	v := []float64{5, 1, 4, 2, 3, 6, 7, 8, 9, 10}
	for _, c := range []struct{ p, want float64 }{{50, 5}, {95, 10}, {90, 9}, {10, 1}, {100, 10}, {1, 1}} {
		if got := Percentile(v, c.p); got != c.want {
			t.Errorf("p%g = %g, want %g", c.p, got, c.want)
		}
	}
	if Percentile(nil, 50) != 0 || v[0] != 5 {
		t.Error("empty input or input modified")
	}
}
