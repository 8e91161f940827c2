package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// TestFrontMatterFilters indexes notes with YAML and TOML front matter (and
// one whose front matter does not parse) into the real database with the
// real model, then filters sources by tag and date: the front matter is not
// text, every passage carries its tags and where its date comes from, a
// broken block is a warning naming the file and line and its text stays
// searchable, an unknown tag and an empty date range abstain (exit 4)
// naming the collection's tags, a bad date is a usage error, and status
// counts the tags. Mutations: filter with any tag instead of every tag
// (the two-tag case returns the router note), or drop the mtime fallback
// (the --until 2001 case finds nothing).
func TestFrontMatterFilters(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("nas.md", "---\ntitle: NAS\ntags: [homelab, storage]\ndate: 2024-03-01\n---\n\nThe NAS scrubs its disks on the first Sunday of the month.\n")
	write("router.md", "+++\ntags = [\"homelab\", \"network\"]\ndate = 2024-06-30\n+++\n\nThe router scrubs nothing; it reboots every Sunday at 04:00.\n")
	write("broken.md", "---\ntags: [homelab\n---\n\nThe garden hose scrubs the patio on Sundays.\n")
	write("plain.txt", "The car wash scrubs the car on Sundays.\n")
	// A private copy of the NAS note: named in also_in only when a filter lets it through.
	write("copy.md", "---\ntags: [private]\ndate: 2019-01-01\n---\n\nThe NAS scrubs its disks on the first Sunday of the month.\n")
	old := mustTime(t, "2000-05-05T00:00:00Z")
	if err := os.Chtimes(filepath.Join(dir, "plain.txt"), old, old); err != nil {
		t.Fatal(err)
	}
	if ten := mustTime(t, "2010-01-01T00:00:00Z"); os.Chtimes(filepath.Join(dir, "broken.md"), ten, ten) != nil {
		t.Fatal("chtimes")
	}
	vars := map[string]string{"RAG_DATABASE_URL": storetest.SchemaURL(t), "RAG_GATE_MIN_SIMILARITY": "-1", "RAG_GATE_MIN_COVERAGE": "-1"}
	f, _, errOut := testFactory(t, vars)
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{dir}}); ExitCode(err) != ExitOK && ExitCode(err) != ExitPartial {
		t.Fatalf("index: %v", err)
	}
	if want := "broken.md: line 1: the YAML front matter does not parse"; !strings.Contains(errOut.String(), want) {
		t.Errorf("index stderr lacks %q:\n%s", want, errOut)
	}

	sources := func(fl retrievalFlags) (sourcesJSON, int) {
		t.Helper()
		f, out, _ := testFactory(t, vars)
		fl.JSON = true
		err := sourcesRun(context.Background(), &SourcesOptions{Factory: f, Question: "what scrubs on Sunday?", retrievalFlags: fl})
		var src sourcesJSON
		if ExitCode(err) != ExitUsage {
			if e := json.Unmarshal(out.Bytes(), &src); e != nil {
				t.Fatalf("%+v: %v\n%s", fl, e, out)
			}
		}
		return src, ExitCode(err)
	}
	files := func(src sourcesJSON) string {
		var names []string
		for _, p := range src.Passages {
			names = append(names, filepath.Base(p.Path))
		}
		return strings.Join(names, " ")
	}

	all, code := sources(retrievalFlags{})
	if code != ExitOK || len(all.Passages) != 4 {
		t.Fatalf("unfiltered: exit %d, %q", code, files(all))
	}
	for _, p := range all.Passages {
		if strings.Contains(p.Content, "tags") || strings.Contains(p.Content, "+++") {
			if filepath.Base(p.Path) != "broken.md" {
				t.Errorf("front matter indexed as text in %s: %q", p.Path, p.Content)
			}
		}
		switch filepath.Base(p.Path) {
		case "nas.md":
			if strings.Join(p.Tags, ",") != "homelab,storage" || p.DateSource != retrieve.DateFrontMatter || p.Date.Format("2006-01-02") != "2024-03-01" {
				t.Errorf("nas.md: tags %q, date %v from %s", p.Tags, p.Date, p.DateSource)
			}
		case "plain.txt":
			if len(p.Tags) != 0 || p.DateSource != retrieve.DateFileMTime || !p.Date.Equal(old) {
				t.Errorf("plain.txt: tags %q, date %v from %s", p.Tags, p.Date, p.DateSource)
			}
		}
	}
	for _, c := range []struct {
		fl    retrievalFlags
		files []string
	}{
		{retrievalFlags{Tags: []string{"#HomeLab"}}, []string{"nas.md", "router.md"}},
		{retrievalFlags{Tags: []string{"homelab,network"}}, []string{"router.md"}},
		{retrievalFlags{Since: "2024-06"}, []string{"router.md"}},
		{retrievalFlags{Since: "2024", Until: "2024-05"}, []string{"nas.md"}},
		{retrievalFlags{Until: "2001"}, []string{"plain.txt"}},
		{retrievalFlags{Path: "nas.md", Tags: []string{"storage"}}, []string{"nas.md"}},
	} {
		src, code := sources(c.fl)
		got := strings.Fields(files(src))
		if code != ExitOK || !sameSet(got, c.files) {
			t.Errorf("%+v: exit %d, files %q; want %q", c.fl, code, got, c.files)
		}
	}
	if src, code := sources(retrievalFlags{Tags: []string{"garden"}}); code != ExitAbstained || src.Reason != retrieve.GateNoTagMatch ||
		!strings.Contains(src.Detail, "the collection's tags: homelab (2), network (1), private (1), storage (1)") {
		t.Errorf("unknown tag: exit %d, %s: %s", code, src.Reason, src.Detail)
	}
	// The copy is named beside the NAS note without a filter, not under --tag storage.
	alsoIn := func(src sourcesJSON) int {
		n := 0
		for _, p := range src.Passages {
			n += len(p.AlsoIn)
		}
		return n
	}
	if n := alsoIn(all); n != 1 {
		t.Errorf("unfiltered: %d copies listed, want 1 (copy.md)", n)
	}
	if src, _ := sources(retrievalFlags{Tags: []string{"storage"}}); alsoIn(src) != 0 {
		t.Errorf("--tag storage names a copy the filter leaves out: %+v", src.Passages)
	}
	if src, code := sources(retrievalFlags{Since: "1990", Until: "1991"}); code != ExitAbstained || src.Reason != retrieve.GateNoDateMatch {
		t.Errorf("empty range: exit %d, %s: %s", code, src.Reason, src.Detail)
	}
	for _, fl := range []retrievalFlags{{Since: "last tuesday"}, {Since: "2024-05", Until: "2024-04"}} {
		if _, code := sources(fl); code != ExitUsage {
			t.Errorf("%+v: exit %d, want a usage error", fl, code)
		}
	}

	sf, out, _ := testFactory(t, vars)
	if err := statusRun(context.Background(), &StatusOptions{Factory: sf, JSON: true, NoDisk: true}); err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Collections []struct {
			Tags []store.TagCount `json:"tags"`
		} `json:"collections"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || len(rep.Collections) != 1 || len(rep.Collections[0].Tags) != 4 ||
		rep.Collections[0].Tags[0] != (store.TagCount{Tag: "homelab", Documents: 2}) {
		t.Errorf("status tags: %+v (%v)\n%s", rep, err, bytes.TrimSpace(out.Bytes()))
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, x := range a {
		seen[x]++
	}
	for _, x := range b {
		if seen[x] == 0 {
			return false
		}
		seen[x]--
	}
	return true
}

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
