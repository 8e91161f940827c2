package eval

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Doc is one corpus document of a BEIR collection.
type Doc struct {
	ID    string // "_id"
	Title string // "title", may be empty
	Text  string // "text"
}

// Query is one test query.
type Query struct {
	ID   string // "_id"
	Text string // "text"
}

// Dataset is a BEIR test collection as loaded by LoadBEIR.
type Dataset struct {
	Name   string // the folder's base name, e.g. "nfcorpus"
	Dir    string // the folder, absolute
	Split  string // the qrels file used, e.g. "test"
	Corpus []Doc  // in file order
	// Queries are the queries that have judgments in the split, in
	// queries.jsonl order; queries without judgments are dropped.
	Queries []Query
	Qrels   Qrels // query id → document id → grade, from qrels/<split>.tsv
	// UnknownDocs counts judgments whose document is not in the corpus (they
	// stay in Qrels: such a document counts as relevant but cannot be found).
	UnknownDocs int
}

// LoadBEIR reads a BEIR-format folder: corpus.jsonl (one {"_id", "title",
// "text"} object a line), queries.jsonl ({"_id", "text"}) and
// qrels/<split>.tsv (tab-separated query-id, corpus-id, integer score, after
// a header line). split "" means "test". Only queries judged in the split
// are kept. Ids may be JSON strings or numbers. Errors name the file and
// line: a missing file, malformed JSON or TSV, a duplicate document id, or a
// judged query missing from queries.jsonl.
func LoadBEIR(dir, split string) (*Dataset, error) {
	if split == "" {
		split = "test"
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	ds := &Dataset{Name: filepath.Base(abs), Dir: abs, Split: split}
	qrelsPath := filepath.Join(abs, "qrels", split+".tsv")
	if ds.Qrels, err = readQrels(qrelsPath); err != nil {
		return nil, err
	}
	docs := map[string]bool{}
	err = readJSONL(filepath.Join(abs, "corpus.jsonl"), func(line int, raw json.RawMessage) error {
		var d struct {
			ID    flexID `json:"_id"`
			Title string `json:"title"`
			Text  string `json:"text"`
		}
		if err := json.Unmarshal(raw, &d); err != nil {
			return err
		}
		if d.ID == "" {
			return errors.New(`missing "_id"`)
		}
		if docs[string(d.ID)] {
			return fmt.Errorf("duplicate document id %q", d.ID)
		}
		docs[string(d.ID)] = true
		ds.Corpus = append(ds.Corpus, Doc{ID: string(d.ID), Title: d.Title, Text: d.Text})
		return nil
	})
	if err != nil {
		return nil, err
	}
	found := map[string]bool{}
	err = readJSONL(filepath.Join(abs, "queries.jsonl"), func(line int, raw json.RawMessage) error {
		var q struct {
			ID   flexID `json:"_id"`
			Text string `json:"text"`
		}
		if err := json.Unmarshal(raw, &q); err != nil {
			return err
		}
		if _, judged := ds.Qrels[string(q.ID)]; judged && !found[string(q.ID)] {
			found[string(q.ID)] = true
			ds.Queries = append(ds.Queries, Query{ID: string(q.ID), Text: q.Text})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for q, j := range ds.Qrels {
		if !found[q] {
			return nil, fmt.Errorf("%s: query %q is judged but not in queries.jsonl", qrelsPath, q)
		}
		for d := range j {
			if !docs[d] {
				ds.UnknownDocs++
			}
		}
	}
	return ds, nil
}

// flexID decodes a JSON string or number as a string.
type flexID string

func (f *flexID) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*f = flexID(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("_id must be a string or a number, got %s", b)
	}
	*f = flexID(n.String())
	return nil
}

// readJSONL calls fn for each non-blank line of a JSON Lines file.
func readJSONL(path string, fn func(line int, raw json.RawMessage) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	for n := 1; ; n++ {
		b, err := r.ReadBytes('\n')
		if len(strings.TrimSpace(string(b))) > 0 {
			if e := fn(n, b); e != nil {
				return fmt.Errorf("%s:%d: %w", path, n, e)
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
}

// readQrels reads a BEIR qrels TSV: query-id, corpus-id, score, with a
// header line (recognised by a non-integer score) that is skipped.
func readQrels(path string) (Qrels, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	q := Qrels{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 3 {
			return nil, fmt.Errorf("%s:%d: want 3 tab-separated fields (query-id, corpus-id, score), got %d", path, n, len(fields))
		}
		grade, err := strconv.Atoi(strings.TrimSpace(fields[2]))
		if err != nil {
			if n == 1 {
				continue // header
			}
			return nil, fmt.Errorf("%s:%d: score %q is not an integer", path, n, fields[2])
		}
		qid, did := strings.TrimSpace(fields[0]), strings.TrimSpace(fields[1])
		if q[qid] == nil {
			q[qid] = Judgments{}
		}
		q[qid][did] = grade
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(q) == 0 {
		return nil, fmt.Errorf("%s: no judgments", path)
	}
	return q, nil
}
