package store_test

import (
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/pgvector/pgvector-go"

	"github.com/hrag-dev/hrag/pkg/store"
)

// TestPutDocumentsInGroups stores documents several per transaction, new
// ones and new versions of stored ones mixed in one group, and checks that
// every chunk lands under its own document and ordinal with its own vector,
// that the other model's vectors of unchanged chunks survive the new version
// (and that table is marked incomplete for the chunks without one), and that
// the BM25 index equals the reference recomputed from the stored chunks.
func TestPutDocumentsInGroups(t *testing.T) {
	e := newBM25Env(t)
	s, ctx := e.s, e.ctx
	r := rand.New(rand.NewPCG(7, 11))
	coll, err := s.EnsureCollection(ctx, "groups", "english")
	if err != nil {
		t.Fatal(err)
	}
	active, err := s.EnsureVectorTable(ctx, store.VectorTable{Model: "test-a", Dim: 3, MaxTokens: 64})
	if err != nil {
		t.Fatal(err)
	}
	other, err := s.EnsureVectorTable(ctx, store.VectorTable{Model: "test-b", Dim: 3, MaxTokens: 64})
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range []string{active.Name, other.Name} {
		if err := s.AttachVectorTable(ctx, coll.ID, tb, ""); err != nil {
			t.Fatal(err)
		}
	}

	// want[path][ordinal] is the content and active vector each stored chunk must have.
	type chunkWant struct {
		content string
		vec     [3]float32
	}
	want := map[string][]chunkWant{}
	version := 0
	makeDoc := func(path string, keep []store.Chunk, n int) store.Document {
		version++
		d := store.Document{Path: path, Title: path, Body: fmt.Sprint(version), Hash: []byte{byte(version)}, Size: int64(version), MTime: time.Unix(int64(version), 0)}
		d.Chunks = append(d.Chunks, keep...)
		for len(d.Chunks) < n {
			content := genChunk(r, 5+r.IntN(60))
			h := sha256.Sum256([]byte(fmt.Sprint(path, version, len(d.Chunks), content)))
			d.Chunks = append(d.Chunks, store.Chunk{Content: content, StartLine: 1, EndLine: 2, Tokens: 9, EmbedHash: h[:]})
		}
		want[path] = nil
		for i := range d.Chunks {
			d.Chunks[i].Ordinal = i
			d.Chunks[i].Embedding = []float32{float32(version), float32(i), float32(r.IntN(1000) + 1)}
			want[path] = append(want[path], chunkWant{d.Chunks[i].Content, [3]float32(d.Chunks[i].Embedding)})
		}
		return d
	}
	put := func(docs []store.Document) []int64 {
		t.Helper()
		ids, err := s.PutDocuments(ctx, coll.ID, active.Name, docs)
		if err != nil {
			t.Fatal(err)
		}
		if len(ids) != len(docs) {
			t.Fatalf("%d ids for %d documents", len(ids), len(docs))
		}
		return ids
	}

	var docs []store.Document
	for i := 0; i < 30; i++ {
		docs = append(docs, makeDoc(fmt.Sprintf("/notes/%02d.md", i), nil, 1+r.IntN(4)))
	}
	docs[3].Chunks = nil // a document without chunks (an empty file) in a group
	want[docs[3].Path] = nil
	var ids []int64
	for _, g := range [][2]int{{0, 1}, {1, 8}, {8, 20}, {20, 30}} {
		ids = append(ids, put(docs[g[0]:g[1]])...)
	}

	// The other model embeds every stored chunk.
	rows, err := e.conn.Query(ctx, `SELECT id, embed_hash FROM chunks WHERE collection_id = $1 ORDER BY id`, coll.ID)
	if err != nil {
		t.Fatal(err)
	}
	var cids []int64
	var hashes [][]byte
	var ovecs [][]float32
	otherVec := map[string][3]float32{} // by embed hash
	for rows.Next() {
		var id int64
		var h []byte
		if err := rows.Scan(&id, &h); err != nil {
			t.Fatal(err)
		}
		v := [3]float32{-1, float32(id), 5}
		cids, hashes, ovecs = append(cids, id), append(hashes, h), append(ovecs, v[:])
		otherVec[string(h)] = v
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	if err := s.PutVectors(ctx, other.Name, cids, hashes, ovecs); err != nil {
		t.Fatal(err)
	}

	// One group: new versions of five documents (first chunk unchanged, the
	// rest new) and three new documents.
	var group []store.Document
	for _, i := range []int{0, 5, 9, 17, 29} {
		group = append(group, makeDoc(docs[i].Path, docs[i].Chunks[:1], 3))
	}
	for i := 30; i < 33; i++ {
		group = append(group, makeDoc(fmt.Sprintf("/notes/%02d.md", i), nil, 2))
	}
	again := put(group)
	for k, i := range []int{0, 5, 9, 17, 29} {
		if again[k] != ids[i] {
			t.Errorf("%s: new version stored as document %d, was %d", group[k].Path, again[k], ids[i])
		}
	}

	// Every chunk under its document and ordinal, with its content and vector.
	rows, err = e.conn.Query(ctx, fmt.Sprintf(`SELECT d.path, k.ordinal, k.content, v.embedding, o.embedding
		FROM chunks k JOIN documents d ON d.id = k.document_id
		LEFT JOIN %s v ON v.chunk_id = k.id LEFT JOIN %s o ON o.chunk_id = k.id
		WHERE k.collection_id = $1`, active.Name, other.Name), coll.ID)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for rows.Next() {
		var path, content string
		var ord int
		var v, o *pgvector.Vector
		if err := rows.Scan(&path, &ord, &content, &v, &o); err != nil {
			t.Fatal(err)
		}
		seen++
		if ord >= len(want[path]) {
			t.Fatalf("%s: unexpected chunk %d", path, ord)
		}
		w := want[path][ord]
		if content != w.content {
			t.Errorf("%s chunk %d: content %q, want %q", path, ord, content, w.content)
		}
		if v == nil || [3]float32(v.Slice()) != w.vec {
			t.Errorf("%s chunk %d: vector %v, want %v", path, ord, v, w.vec)
		}
		// The other model keeps the vector of an unchanged chunk only.
		updated := strings.HasSuffix(path, "/00.md") || strings.HasSuffix(path, "/05.md") || strings.HasSuffix(path, "/09.md") ||
			strings.HasSuffix(path, "/17.md") || strings.HasSuffix(path, "/29.md")
		isNew := path >= "/notes/30.md"
		switch {
		case (updated && ord > 0) || isNew:
			if o != nil {
				t.Errorf("%s chunk %d: has a vector of the other model for new text", path, ord)
			}
		case o == nil:
			t.Errorf("%s chunk %d: lost its vector of the other model", path, ord)
		}
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	total := 0
	for _, cs := range want {
		total += len(cs)
	}
	if seen != total {
		t.Fatalf("%d chunks stored, want %d", seen, total)
	}
	var orphans int
	if err := e.conn.QueryRow(ctx, fmt.Sprintf(`SELECT (SELECT count(*) FROM %s v WHERE NOT EXISTS (SELECT 1 FROM chunks k WHERE k.id = v.chunk_id))
		+ (SELECT count(*) FROM %s v WHERE NOT EXISTS (SELECT 1 FROM chunks k WHERE k.id = v.chunk_id))`, active.Name, other.Name)).Scan(&orphans); err != nil {
		t.Fatal(err)
	}
	if orphans != 0 {
		t.Errorf("%d vectors without a chunk", orphans)
	}
	tables, err := s.CollectionVectorTables(ctx, coll.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range tables {
		if tb.Name == other.Name && tb.Complete {
			t.Errorf("%s is marked complete, but the new chunks have no vector there", other.Name)
		}
	}
	e.checkQueries(coll.ID, genQueries(r, 40), "groups")

	// The same path twice in one group is refused, and nothing of it is stored.
	dup := []store.Document{makeDoc("/notes/dup.md", nil, 1), makeDoc("/notes/dup.md", nil, 1)}
	if _, err := s.PutDocuments(ctx, coll.ID, active.Name, dup); err == nil || !strings.Contains(err.Error(), "/notes/dup.md is twice") {
		t.Fatalf("a group with one path twice: %v", err)
	}
	var n int
	if err := e.conn.QueryRow(ctx, `SELECT count(*) FROM documents WHERE path = '/notes/dup.md'`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("after the refused group: %d documents /notes/dup.md (%v)", n, err)
	}
}
