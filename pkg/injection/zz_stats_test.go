package injection

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestZZDirectedStats(t *testing.T) {
	root := os.Getenv("ZZ_ROOT")
	if root == "" {
		t.Skip()
	}
	// 1. every span in the bundled notes
	n := 0
	filepath.Walk(root+"/testdata/notes", func(p string, info os.FileInfo, err error) error {
		if info.IsDir() {
			return nil
		}
		b, _ := os.ReadFile(p)
		s := string(b)
		for _, sp := range Directed(s) {
			n++
			t.Logf("NOTE %s: %q", strings.TrimPrefix(p, root), s[sp.Start:sp.End])
		}
		return nil
	})
	t.Logf("spans in notes: %d", n)
	// 2. gold key phrases inside spans, bundled QA
	f, _ := os.Open(root + "/testdata/qa/notes.jsonl")
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	lost, all := 0, 0
	for sc.Scan() {
		var q struct {
			Answerable bool
			KeyPhrases []string `json:"key_phrases"`
			Sources    []string
		}
		json.Unmarshal(sc.Bytes(), &q)
		if !q.Answerable {
			continue
		}
		all++
		for _, src := range q.Sources {
			b, _ := os.ReadFile(root + "/testdata/notes/" + src)
			s := string(b)
			ds := Directed(s)
			for _, kp := range q.KeyPhrases {
				free := false
				for i := 0; ; {
					k := strings.Index(s[i:], kp)
					if k < 0 {
						break
					}
					at := i + k
					in := false
					for _, d := range ds {
						in = in || d.Start <= at && at < d.End
					}
					free = free || !in
					i = at + len(kp)
				}
				if !free && strings.Contains(s, kp) {
					lost++
					t.Logf("LOST %q in %s", kp, src)
				}
			}
		}
	}
	t.Logf("bundled QA: key phrases only inside spans: %d (answerable %d)", lost, all)
	// 3. lines of given text files with spans
	for _, p := range strings.Fields(os.Getenv("ZZ_LINES")) {
		b, _ := os.ReadFile(p)
		lines, hit := 0, 0
		for _, l := range strings.Split(string(b), "\n") {
			if strings.TrimSpace(l) == "" {
				continue
			}
			lines++
			if ds := Directed(l); len(ds) > 0 {
				hit++
				if hit <= 40 {
					t.Logf("LINE %s: %q", filepath.Base(p), l[ds[0].Start:ds[0].End])
				}
			}
		}
		t.Logf("%s: %d of %d lines", p, hit, lines)
	}
}
