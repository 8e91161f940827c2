package store_test

import (
	"context"
	"crypto/sha256"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// TestFilteredSearch stores a few one-chunk documents and checks, against
// the real database, which documents' passages vector and BM25 search
// return under each --path value.
func TestFilteredSearch(t *testing.T) {
	ctx := context.Background()
	s, coll, table := filterStore(t)
	docs := []struct {
		path, content string
		vec           []float32
	}{
		{"/n/a/x.md", "apple banana", []float32{1, 0, 0}},
		{"/n/a-old/x.md", "apple cherry", []float32{0.9, 0.1, 0}},
		{"/n/b/my notes/y.md", "apple date", []float32{0.8, 0.2, 0}},
		{"/n/c/user_guide.md", "apple elder", []float32{0.7, 0.3, 0}},
	}
	for _, d := range docs {
		h := sha256.Sum256([]byte(d.content))
		_, err := s.PutDocument(ctx, coll.ID, table.Name, store.Document{Path: d.path, Title: "t", Body: d.content, Hash: h[:], MTime: time.Now(),
			Chunks: []store.Chunk{{Content: d.content, StartLine: 1, EndLine: 1, Tokens: 2, EmbedHash: h[:], Embedding: d.vec}}})
		if err != nil {
			t.Fatal(err)
		}
	}
	all := []string{"/n/a-old/x.md", "/n/a/x.md", "/n/b/my notes/y.md", "/n/c/user_guide.md"}
	cases := []struct {
		value string
		want  []string // sorted
		len   int      // DocumentFilter.Len
		near  []store.PathSuggestion
	}{
		{"", all, -1, nil},
		{"/n/a", []string{"/n/a/x.md"}, 1, nil},
		{"user_guide.md", []string{"/n/c/user_guide.md"}, 1, nil},
		{"my notes", []string{"/n/b/my notes/y.md"}, 1, nil},
		{"a*", []string{"/n/a-old/x.md", "/n/a/x.md"}, 2, nil},
		{"/n/*/x.md", []string{"/n/a-old/x.md", "/n/a/x.md"}, 2, nil},
		{"*.md", all, -1, nil}, // every document: no filter in SQL
		{"nothing*", nil, 0, nil},
		{"/n/a/x.md/", nil, 0, []store.PathSuggestion{{Path: "/n/a/x.md", Flag: "n/a/x.md"}}}, // a file, not a folder
	}
	for _, c := range cases {
		f, err := store.NewPathFilter(c.value)
		if err != nil {
			t.Fatal(err)
		}
		df, miss, err := s.FilterDocuments(ctx, coll.ID, f, store.MetaFilter{})
		if err != nil {
			t.Fatal(err)
		}
		near := nearOf(miss)
		if df.Len() != c.len || df.MatchesNone() != (c.len == 0) || !reflect.DeepEqual(near, c.near) {
			t.Errorf("%q: Len %d, MatchesNone %v, near %q; want Len %d, near %q", c.value, df.Len(), df.MatchesNone(), near, c.len, c.near)
		}
		vec, err := s.SearchVector(ctx, table.Name, coll.ID, []float32{1, 0, 0}, 10, df)
		if err != nil {
			t.Fatal(err)
		}
		bm, err := s.SearchBM25Filtered(ctx, coll.ID, "apple", 10, df)
		if err != nil {
			t.Fatal(err)
		}
		var vecIDs, bmIDs []int64
		for _, h := range vec {
			vecIDs = append(vecIDs, h.ChunkID)
		}
		for _, h := range bm {
			bmIDs = append(bmIDs, h.ChunkID)
		}
		for name, ids := range map[string][]int64{"vector": vecIDs, "bm25": bmIDs} {
			ps, err := s.Passages(ctx, ids)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range ps {
				got = append(got, p.Path)
			}
			slices.Sort(got)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("%q, %s search: %q, want %q", c.value, name, got, c.want)
			}
		}
	}

	// A value matching nothing comes with the closest indexed paths.
	f, _ := store.NewPathFilter("User_Guide.md")
	df, miss, err := s.FilterDocuments(ctx, coll.ID, f, store.MetaFilter{})
	if err != nil {
		t.Fatal(err)
	}
	near := nearOf(miss)
	if want := []store.PathSuggestion{{Path: "/n/c/user_guide.md", Flag: "user_guide.md"}}; !df.MatchesNone() || !reflect.DeepEqual(near, want) {
		t.Errorf("User_Guide.md: MatchesNone %v, near %q, want %q", df.MatchesNone(), near, want)
	}
}

func nearOf(m *store.NoMatch) []store.PathSuggestion {
	if m == nil {
		return nil
	}
	return m.Near
}

// TestMetaFilter stores documents with front matter tags and dates (one
// dated only by its file's modification time) and checks which ones each
// tag and date filter lets through, which filter a miss names, and the
// collection's tag counts. Mutations: any-of instead of every tag (the
// two-tag case lets 2 through), ignoring mtime for undated documents (the
// 2023 case finds none), an exclusive Until (the last-day case finds none).
func TestMetaFilter(t *testing.T) {
	ctx := context.Background()
	s, coll, table := filterStore(t)
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	docs := []store.Document{
		{Path: "/n/nas.md", Tags: []string{"homelab", "nas"}, Date: day(2024, 3, 1), Meta: []byte(`{"aliases":["Synology"]}`)},
		{Path: "/n/router.md", Tags: []string{"homelab"}, Date: day(2024, 6, 30)},
		{Path: "/n/old.txt", MTime: day(2023, 5, 5)},
	}
	for _, d := range docs {
		h := sha256.Sum256([]byte(d.Path))
		d.Title, d.Body, d.Hash = "t", "x", h[:]
		if d.MTime.IsZero() {
			d.MTime = day(2025, 1, 1)
		}
		if _, err := s.PutDocument(ctx, coll.ID, table.Name, d); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name string
		path string
		m    store.MetaFilter
		n    int    // documents let through; -1: all
		miss string // NoMatch.Filter
	}{
		{"one tag", "", store.MetaFilter{Tags: []string{"homelab"}}, 2, ""},
		{"two tags", "", store.MetaFilter{Tags: []string{"homelab", "nas"}}, 1, ""},
		{"unknown tag", "", store.MetaFilter{Tags: []string{"garden"}}, 0, store.FilterTag},
		{"front matter dates", "", store.MetaFilter{Since: day(2024, 1, 1), Until: day(2024, 12, 31)}, 2, ""},
		{"mtime when undated", "", store.MetaFilter{Until: day(2023, 12, 31)}, 1, ""},
		{"the last day is in", "", store.MetaFilter{Since: day(2024, 6, 30), Until: day(2024, 6, 30)}, 1, ""},
		{"an empty range", "", store.MetaFilter{Since: day(2022, 1, 1), Until: day(2022, 2, 1)}, 0, store.FilterDate},
		{"path first", "/n/none", store.MetaFilter{Tags: []string{"garden"}}, 0, store.FilterPath},
		{"path and tag", "nas.md", store.MetaFilter{Tags: []string{"homelab"}}, 1, ""},
		{"every document", "", store.MetaFilter{Since: day(2000, 1, 1)}, -1, ""},
	}
	for _, c := range cases {
		f, err := store.NewPathFilter(c.path)
		if err != nil {
			t.Fatal(err)
		}
		df, miss, err := s.FilterDocuments(ctx, coll.ID, f, c.m)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if miss != nil {
			got = miss.Filter
		}
		if df.Len() != c.n || got != c.miss {
			t.Errorf("%s: %d documents, miss %q; want %d, %q", c.name, df.Len(), got, c.n, c.miss)
		}
		if c.miss == store.FilterTag && !reflect.DeepEqual(miss.Tags, []store.TagCount{{Tag: "homelab", Documents: 2}, {Tag: "nas", Documents: 1}}) {
			t.Errorf("%s: tags %+v", c.name, miss.Tags)
		}
	}
	tags, err := s.Tags(ctx, coll.ID)
	if err != nil || len(tags) != 2 || tags[0] != (store.TagCount{Tag: "homelab", Documents: 2}) {
		t.Errorf("Tags = %+v, %v", tags, err)
	}
}

// filterStore opens the test database with a collection "default" and a
// 3-dimensional vector table attached to it.
func filterStore(t *testing.T) (*store.Store, store.Collection, store.VectorTable) {
	t.Helper()
	ctx := context.Background()
	s := storetest.Open(t)
	coll, err := s.EnsureCollection(ctx, "default", "english")
	if err != nil {
		t.Fatal(err)
	}
	table, err := s.EnsureVectorTable(ctx, store.VectorTable{Model: "test-3d", Dim: 3, MaxTokens: 64})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AttachVectorTable(ctx, coll.ID, table.Name, ""); err != nil {
		t.Fatal(err)
	}
	return s, coll, table
}
