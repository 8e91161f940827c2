package eval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadQA(t *testing.T) {
	in := `{"question": " How much shared_buffers? ", "answerable": true, "answer": "4GB", "key_phrases": ["4GB"], "sources": ["./homelab/postgres-tuning.md"]}

{"question": "Who won the 1998 world cup?", "answerable": false, "note": "off topic"}
`
	items, err := ReadQA(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 {
		t.Fatalf("%d items", len(items))
	}
	a, u := items[0], items[1]
	if a.Line != 1 || a.Question != "How much shared_buffers?" || !a.Answerable || a.Answer != "4GB" ||
		len(a.KeyPhrases) != 1 || len(a.Sources) != 1 || a.Sources[0] != "homelab/postgres-tuning.md" {
		t.Errorf("answerable item %+v", a)
	}
	if u.Line != 3 || u.Answerable || u.Note != "off topic" || u.KeyPhrases != nil || u.Sources != nil {
		t.Errorf("unanswerable item %+v", u)
	}
}

func TestReadQAErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{``, "no questions"},
		{"\n\n", "no questions"},
		{`{"question": "q"}`, `line 1: "answerable" (true or false) is required`},
		{`{"question": " ", "answerable": true}`, `line 1: "question" is empty`},
		{`{"question": "q", "answerable": true, "keyphrases": ["x"]}`, `line 1: not a QA object: json: unknown field "keyphrases"`},
		{`{"question": "q", "answerable": "yes"}`, "line 1: not a QA object"},
		{`{"question": "q", "answerable": true} {"question": "r", "answerable": true}`, "line 1: more than one JSON value"},
		{"{\"question\": \"q\", \"answerable\": true}\n{\"question\": \"q\", \"answerable\": false}", `line 2: question "q" is already asked on line 1`},
		{`{"question": "q", "answerable": false, "key_phrases": ["x"]}`, "line 1: an unanswerable question has no key phrases or sources"},
		{`{"question": "q", "answerable": false, "sources": ["a.md"]}`, "line 1: an unanswerable question has no key phrases or sources"},
		{`{"question": "q", "answerable": true, "key_phrases": [" "]}`, "line 1: empty key phrase"},
		{`{"question": "q", "answerable": true, "sources": ["/etc/passwd"]}`, `line 1: source "/etc/passwd": want a slash-separated path relative to the notes root`},
		{`{"question": "q", "answerable": true, "sources": ["../x.md"]}`, `source "../x.md"`},
		{`{"question": "q", "answerable": true, "sources": ["a/../../x.md"]}`, `source "a/../../x.md"`},
		{`{"question": "q", "answerable": true, "sources": ["a\\b.md"]}`, `source "a\\b.md"`},
		{`{"question": "q", "answerable": true, "sources": ["."]}`, `source "."`},
	} {
		_, err := ReadQA(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.in, err, c.want)
		}
	}
}

func TestLoadQANamesTheFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "qa.jsonl")
	os.WriteFile(p, []byte(`{"question": "q"}`+"\n"), 0o644)
	if _, err := LoadQA(p); err == nil || err.Error() != p+`: line 1: "answerable" (true or false) is required` {
		t.Fatalf("err = %v", err)
	}
}

// The shipped QA set: enough questions of each kind, and every key phrase
// of an answerable question is in its source note (so a correct answer
// quoting the notes can contain it).
func TestShippedQASet(t *testing.T) {
	items, err := LoadQA("../../testdata/qa/notes.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var answerable, unanswerable int
	for _, it := range items {
		if !it.Answerable {
			unanswerable++
			continue
		}
		answerable++
		if len(it.KeyPhrases) == 0 || len(it.Sources) != 1 {
			t.Errorf("line %d: an answerable question needs key phrases and one source", it.Line)
			continue
		}
		text, err := os.ReadFile(filepath.Join("../../testdata/notes", it.Sources[0]))
		if err != nil {
			t.Errorf("line %d: %v", it.Line, err)
			continue
		}
		for _, p := range it.KeyPhrases {
			if !PhraseFound(string(text), p) {
				t.Errorf("line %d: key phrase %q is not in %s", it.Line, p, it.Sources[0])
			}
		}
	}
	if answerable < 20 || unanswerable < 10 {
		t.Errorf("%d answerable and %d unanswerable questions; want at least 20 and 10", answerable, unanswerable)
	}
}
