package store_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/hrag-dev/hrag/pkg/store"
)

// genChunk makes a chunk of n words: Zipf-like draws from testWords plus stopwords.
func genChunk(r *rand.Rand, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		if r.IntN(4) == 0 {
			b.WriteString(testStop[r.IntN(len(testStop))])
			continue
		}
		// rank ~ 1/x: square of a uniform favours low indices
		f := r.Float64()
		b.WriteString(testWords[int(f*f*float64(len(testWords)))])
	}
	return b.String()
}

func genQueries(r *rand.Rand, n int) []string {
	qs := []string{
		"cancer", "breast cancer cells feed on cholesterol", "cancer cancer cholesterol",
		"running runs runner", "THE and of", "", "   ", "zzzunknownword", "turmeric inflammation",
		"statin statin statin breast", "heart disease risk", "fish mercury arsenic lead",
	}
	for len(qs) < n {
		k := 1 + r.IntN(5)
		var w []string
		for i := 0; i < k; i++ {
			w = append(w, testWords[r.IntN(len(testWords))])
		}
		qs = append(qs, strings.Join(w, " "))
	}
	return qs
}

func TestBM25MatchesReference(t *testing.T) {
	e := newBM25Env(t)
	r := rand.New(rand.NewPCG(1, 2))
	en := e.collection("en", "english")
	si := e.collection("si", "simple")

	var docsEN, docsSI []int64
	addDocs := func(coll int, prefix string, n int) []int64 {
		var ids []int64
		for i := 0; i < n; i++ {
			var chunks []string
			for c := r.IntN(12); c >= 0; c-- {
				chunks = append(chunks, genChunk(r, 5+r.IntN(120)))
			}
			title := ""
			if i%3 > 0 { // a breadcrumb of 1-8 words, some of them also in the chunks
				title = "[" + genChunk(r, 1+r.IntN(8)) + "]"
			}
			ids = append(ids, e.insertDocTitled(coll, fmt.Sprintf("/%s/%d-%d", prefix, n, i), title, chunks))
		}
		return ids
	}
	docsEN = addDocs(en, "en", 60)
	docsSI = addDocs(si, "si", 40)
	// Stopword-only and empty chunks count in N with length 0; identical
	// chunks tie exactly and must come out by chunk id.
	e.insertDoc(en, "/en/stop", []string{"the and of", "", "The THE a"})
	e.insertDoc(en, "/en/twins", []string{"cholesterol statin statin", "cholesterol statin statin", "cholesterol statin statin"})
	e.insertDoc(en, "/en/empty", nil)

	var blocks int
	if err := e.conn.QueryRow(e.ctx, `SELECT count(*) FROM bm25_blocks WHERE collection_id = $1`, en).Scan(&blocks); err != nil || blocks < 10 {
		t.Fatalf("%d full posting blocks (%v): the block path is untested", blocks, err)
	}
	qs := genQueries(r, 30)
	maxErr := e.checkQueries(en, qs, "initial en")
	maxErr = math.Max(maxErr, e.checkQueries(si, qs, "initial si"))

	// The twins tie and come out in id order.
	hits, err := e.s.SearchBM25(e.ctx, en, "statin cholesterol", 100)
	if err != nil {
		t.Fatal(err)
	}
	var twins []store.BM25Hit
	rows, _ := e.conn.Query(e.ctx, `SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = '/en/twins' ORDER BY c.id`)
	twinIDs, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		for _, id := range twinIDs {
			if h.ChunkID == id {
				twins = append(twins, h)
			}
		}
	}
	if len(twins) != 3 || twins[0].Score != twins[1].Score || twins[1].Score != twins[2].Score ||
		twins[0].ChunkID != twinIDs[0] || twins[2].ChunkID != twinIDs[2] {
		t.Fatalf("twins %v (ids %v)", twins, twinIDs)
	}

	// Deletes (cascading from documents, several per statement), re-inserts.
	var oldIDs []int64
	rows, err = e.conn.Query(e.ctx, `SELECT id FROM chunks WHERE document_id = ANY($1) ORDER BY id`, docsEN[:20])
	if err != nil {
		t.Fatal(err)
	}
	if oldIDs, err = pgx.CollectRows(rows, pgx.RowTo[int64]); err != nil {
		t.Fatal(err)
	}
	e.exec(`DELETE FROM documents WHERE id = ANY($1)`, docsEN[:20])
	e.exec(`DELETE FROM documents WHERE id = $1`, docsSI[3])
	e.exec(`DELETE FROM chunks WHERE id IN (SELECT id FROM chunks WHERE collection_id = $1 ORDER BY id DESC LIMIT 7)`, si)
	maxErr = math.Max(maxErr, e.checkQueries(en, qs, "after delete en"))
	maxErr = math.Max(maxErr, e.checkQueries(si, qs, "after delete si"))
	// Chunks arriving out of id order (as concurrent writers can make them)
	// stay in the open blocks; full blocks stay disjoint.
	var oooChunks []string
	for range oldIDs[:40] {
		oooChunks = append(oooChunks, genChunk(r, 60))
	}
	ooo := e.insertDocIDs(en, "/en/ooo", oldIDs[:40], oooChunks)
	addDocs(en, "en2", 25)
	var overlaps, late int
	if err := e.conn.QueryRow(e.ctx, `SELECT
		(SELECT count(*) FROM bm25_blocks a JOIN bm25_blocks b
		 ON a.term_id = b.term_id AND a.max_chunk < b.max_chunk AND b.min_chunk <= a.max_chunk),
		(SELECT count(*) FROM bm25_terms t, unnest(t.postings) u(p)
		 WHERE u.p >> 32 < (SELECT max(max_chunk) FROM bm25_blocks b WHERE b.term_id = t.id))`).Scan(&overlaps, &late); err != nil || overlaps != 0 || late == 0 {
		t.Fatalf("%d overlapping blocks, %d late postings in open blocks (%v)", overlaps, late, err)
	}
	maxErr = math.Max(maxErr, e.checkQueries(en, qs, "after out-of-order insert en"))
	e.exec(`DELETE FROM documents WHERE id = $1`, ooo)
	addDocs(si, "si2", 5)
	e.exec(`DELETE FROM documents WHERE id = ANY($1)`, docsEN[40:45])
	maxErr = math.Max(maxErr, e.checkQueries(en, qs, "after re-insert en"))
	maxErr = math.Max(maxErr, e.checkQueries(si, qs, "after re-insert si"))

	// Other title weights, set by a rebuild: flat BM25 (0) and a strong
	// title (5); then maintenance goes on at the new weight.
	e.exec(`SELECT bm25_rebuild($1, 0)`, en)
	maxErr = math.Max(maxErr, e.checkQueries(en, qs, "title weight 0 en"))
	e.exec(`SELECT bm25_rebuild($1, 5)`, si)
	maxErr = math.Max(maxErr, e.checkQueries(si, qs, "title weight 5 si"))
	e.exec(`DELETE FROM documents WHERE id = ANY($1)`, docsSI[10:14])
	addDocs(si, "si3", 6)
	maxErr = math.Max(maxErr, e.checkQueries(si, qs, "title weight 5 si, after changes"))

	// A whole collection goes; the other keeps its own statistics.
	e.exec(`DELETE FROM collections WHERE id = $1`, en)
	for _, tbl := range []string{"bm25_terms", "bm25_blocks", "bm25_stats"} {
		var n int
		if err := e.conn.QueryRow(e.ctx, `SELECT count(*) FROM `+tbl+` WHERE collection_id = $1`, en).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%s: %d rows left for deleted collection (%v)", tbl, n, err)
		}
	}
	if st, err := e.s.BM25Stats(e.ctx, en); err != nil || st != (store.BM25Stats{}) {
		t.Fatalf("deleted collection stats %+v, %v", st, err)
	}
	if hits, err := e.s.SearchBM25(e.ctx, en, "cancer", 10); err != nil || len(hits) != 0 {
		t.Fatalf("deleted collection search %v, %v", hits, err)
	}
	maxErr = math.Max(maxErr, e.checkQueries(si, qs, "after collection delete si"))

	// Deleting everything leaves empty statistics.
	e.exec(`DELETE FROM documents WHERE collection_id = $1`, si)
	e.checkStats(si, e.reference(si))
	if hits, err := e.s.SearchBM25(e.ctx, si, "cancer", 10); err != nil || len(hits) != 0 {
		t.Fatalf("empty collection search %v, %v", hits, err)
	}
	if e.maxScoreRuns == 0 || e.pruned == 0 {
		t.Fatalf("MaxScore ran %d times and pruned %d times: the pruning path is untested", e.maxScoreRuns, e.pruned)
	}
	t.Logf("max abs score error vs reference: %.3g; MaxScore pruned terms in %d of %d runs", maxErr, e.pruned, e.maxScoreRuns)
}
