package store_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// bm25Env is a migrated test schema with a raw connection for plain SQL.
type bm25Env struct {
	t   *testing.T
	ctx context.Context
	url string
	s   *store.Store
	// inDB is s with every query handed to the database's bm25_search
	// (store.SetBM25MaxFetch 1), the path of queries over BM25MaxFetch.
	inDB *store.Store
	conn *pgx.Conn
	// MaxScore runs seen through bm25_search's DEBUG notices, and how many
	// of them skipped non-essential terms' postings.
	maxScoreRuns, pruned int
}

func newBM25Env(t *testing.T) *bm25Env {
	t.Helper()
	ctx := context.Background()
	url := storetest.SchemaURL(t)
	s, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	inDB, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(inDB.Close)
	store.SetBM25MaxFetch(inDB, 1)
	e := &bm25Env{t: t, ctx: ctx, url: url, s: s, inDB: inDB}
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	cfg.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) {
		var m, j int
		if _, err := fmt.Sscanf(n.Message, "bm25_search: %d terms, %d essential", &m, &j); err == nil {
			e.maxScoreRuns++
			if j < m {
				e.pruned++
			}
		}
	}
	e.conn, err = pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.conn.Close(context.Background()) })
	e.exec(`SET client_min_messages = debug1`)
	return e
}

func (e *bm25Env) exec(sql string, args ...any) {
	e.t.Helper()
	if _, err := e.conn.Exec(e.ctx, sql, args...); err != nil {
		e.t.Fatalf("%s: %v", sql, err)
	}
}

func (e *bm25Env) collection(name, cfg string) int {
	e.t.Helper()
	var id int
	if err := e.conn.QueryRow(e.ctx, `INSERT INTO collections (name, fts_config) VALUES ($1, $2::regconfig) RETURNING id`, name, cfg).Scan(&id); err != nil {
		e.t.Fatal(err)
	}
	return id
}

// insertDoc inserts a document and its chunks with one INSERT ... SELECT, as
// the indexer will; it returns the document id. The chunks' breadcrumb is
// empty.
func (e *bm25Env) insertDoc(coll int, path string, chunks []string) int64 {
	e.t.Helper()
	return e.insertDocTitled(coll, path, "", chunks)
}

// insertDocTitled is insertDoc with breadcrumb as every chunk's breadcrumb.
func (e *bm25Env) insertDocTitled(coll int, path, breadcrumb string, chunks []string) int64 {
	e.t.Helper()
	var id int64
	if err := e.conn.QueryRow(e.ctx, `INSERT INTO documents (collection_id, path, content_hash, size, mtime, title, body)
		VALUES ($1, $2, '\x00', 0, now(), $2, '') RETURNING id`, coll, path).Scan(&id); err != nil {
		e.t.Fatal(err)
	}
	if len(chunks) == 0 {
		return id
	}
	e.exec(`INSERT INTO chunks (document_id, collection_id, ordinal, content, breadcrumb, embed_context,
		start_line, end_line, token_count, embed_hash)
		SELECT $1, $2, o - 1, c, $4, '', 1, 1, 0, '\x00' FROM unnest($3::text[]) WITH ORDINALITY u(c, o)`, id, coll, chunks, breadcrumb)
	return id
}

// insertDocIDs is insertDoc with explicit chunk ids (to insert out of id order).
func (e *bm25Env) insertDocIDs(coll int, path string, ids []int64, chunks []string) int64 {
	e.t.Helper()
	var id int64
	if err := e.conn.QueryRow(e.ctx, `INSERT INTO documents (collection_id, path, content_hash, size, mtime, title, body)
		VALUES ($1, $2, '\x00', 0, now(), $2, '') RETURNING id`, coll, path).Scan(&id); err != nil {
		e.t.Fatal(err)
	}
	e.exec(`INSERT INTO chunks (id, document_id, collection_id, ordinal, content, breadcrumb, embed_context,
		start_line, end_line, token_count, embed_hash)
		SELECT i, $1, $2, o - 1, c, '', '', 1, 1, 0, '\x00' FROM unnest($3::int8[], $4::text[]) WITH ORDINALITY u(i, c, o)`, id, coll, ids, chunks)
	return id
}

// refIndex is an independent BM25F reference: the lexemes and position
// counts of each chunk's content and breadcrumb come from PostgreSQL
// (to_tsvector(cfg, bm25_text(x))), everything else is computed here: tf =
// tf(content) + w·tf(breadcrumb) capped at 511, dl = Σ tf, with w the
// collection's title weight.
type refIndex struct {
	tf  map[int64]map[string]int // chunk -> lexeme -> tf
	dl  map[int64]int
	df  map[string]int
	n   int
	avg float64
}

func (e *bm25Env) reference(coll int) *refIndex {
	e.t.Helper()
	r := &refIndex{tf: map[int64]map[string]int{}, dl: map[int64]int{}, df: map[string]int{}}
	rows, err := e.conn.Query(e.ctx, `SELECT id FROM chunks WHERE collection_id = $1`, coll)
	if err != nil {
		e.t.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		e.t.Fatal(err)
	}
	for _, id := range ids {
		r.tf[id] = map[string]int{}
		r.dl[id] = 0
	}
	var w int
	if err := e.conn.QueryRow(e.ctx, `SELECT bm25_title_weight FROM collections WHERE id = $1`, coll).Scan(&w); err != nil {
		e.t.Fatal(err)
	}
	rows, err = e.conn.Query(e.ctx, `SELECT c.id, false, v.lexeme, array_length(v.positions, 1)
		FROM chunks c JOIN collections k ON k.id = c.collection_id,
		     unnest(to_tsvector(k.fts_config, bm25_text(c.content))) v
		WHERE c.collection_id = $1
		UNION ALL
		SELECT c.id, true, v.lexeme, array_length(v.positions, 1)
		FROM chunks c JOIN collections k ON k.id = c.collection_id,
		     unnest(to_tsvector(k.fts_config, bm25_text(c.breadcrumb))) v
		WHERE c.collection_id = $1`, coll)
	if err != nil {
		e.t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var title bool
		var lex string
		var tf int
		if err := rows.Scan(&id, &title, &lex, &tf); err != nil {
			e.t.Fatal(err)
		}
		if title {
			tf *= w
		}
		r.tf[id][lex] += tf
	}
	if err := rows.Err(); err != nil {
		e.t.Fatal(err)
	}
	for id, tfs := range r.tf {
		for lex, tf := range tfs {
			if tf == 0 {
				delete(tfs, lex)
				continue
			}
			tfs[lex] = min(tf, 511)
			r.dl[id] += tfs[lex]
			r.df[lex]++
		}
	}
	r.n = len(ids)
	total := 0
	for _, l := range r.dl {
		total += l
	}
	if r.n > 0 {
		r.avg = float64(total) / float64(r.n)
	}
	return r
}

// queryTerms returns the query's lexemes with their counts (qtf).
func (e *bm25Env) queryTerms(coll int, q string) map[string]int {
	e.t.Helper()
	rows, err := e.conn.Query(e.ctx, `SELECT v.lexeme, array_length(v.positions, 1)
		FROM collections k, unnest(to_tsvector(k.fts_config, bm25_text($2::text))) v WHERE k.id = $1`, coll, q)
	if err != nil {
		e.t.Fatal(err)
	}
	out := map[string]int{}
	for rows.Next() {
		var l string
		var n int
		if err := rows.Scan(&l, &n); err != nil {
			e.t.Fatal(err)
		}
		out[l] = n
	}
	if err := rows.Err(); err != nil {
		e.t.Fatal(err)
	}
	return out
}

// scores is the textbook Okapi BM25 (Robertson & Zaragoza 2009) of every
// chunk with a positive score, best first, ties by chunk id.
func (r *refIndex) scores(qt map[string]int) []store.BM25Hit {
	const k1, b = 1.2, 0.75
	var hits []store.BM25Hit
	for id, tfs := range r.tf {
		s, any := 0.0, false
		for t, qtf := range qt {
			tf, ok := tfs[t]
			if !ok {
				continue
			}
			any = true
			df := float64(r.df[t])
			idf := math.Log(1 + (float64(r.n)-df+0.5)/(df+0.5))
			s += float64(qtf) * idf * float64(tf) * (k1 + 1) / (float64(tf) + k1*(1-b+b*float64(r.dl[id])/r.avg))
		}
		if any {
			hits = append(hits, store.BM25Hit{ChunkID: id, Score: s})
		}
	}
	sortHits(hits)
	return hits
}

func sortHits(h []store.BM25Hit) {
	sort.Slice(h, func(i, j int) bool {
		if d := h[i].Score - h[j].Score; math.Abs(d) > 1e-9 {
			return d > 0
		}
		return h[i].ChunkID < h[j].ChunkID
	})
}

// search runs bm25_search directly, to force the MaxScore path with small
// thresholds (plain <= 0) as well as the plain one.
func (e *bm25Env) search(coll int, q string, k int, plain, probe, probes int64) []store.BM25Hit {
	e.t.Helper()
	rows, err := e.conn.Query(e.ctx, `SELECT chunk_id, score FROM bm25_search($1, $2, $3, $4, $5, $6)`, coll, q, k, plain, probe, probes)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []store.BM25Hit
	for rows.Next() {
		var h store.BM25Hit
		if err := rows.Scan(&h.ChunkID, &h.Score); err != nil {
			e.t.Fatal(err)
		}
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		e.t.Fatal(err)
	}
	return out
}

// compare checks got (a top-k answer) against the full reference ranking:
// same length, scores within 1e-9, order by score then chunk id, and the
// same chunks as the reference top k except where scores tie at the cut.
func compare(t *testing.T, label string, got, ref []store.BM25Hit, k int) float64 {
	t.Helper()
	want := ref
	if len(want) > k {
		want = want[:k]
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d hits, want %d", label, len(got), len(want))
	}
	refScore := map[int64]float64{}
	for _, h := range ref {
		refScore[h.ChunkID] = h.Score
	}
	maxErr := 0.0
	for i, h := range got {
		rs, ok := refScore[h.ChunkID]
		if !ok {
			t.Fatalf("%s: hit %d chunk %d has no reference score", label, i, h.ChunkID)
		}
		d := math.Abs(rs - h.Score)
		maxErr = math.Max(maxErr, d)
		if d > 1e-9 {
			t.Fatalf("%s: chunk %d score %.17g, reference %.17g", label, h.ChunkID, h.Score, rs)
		}
		if math.Abs(want[i].Score-h.Score) > 1e-9 {
			t.Fatalf("%s: rank %d score %.17g, reference rank has %.17g", label, i, h.Score, want[i].Score)
		}
		if want[i].ChunkID != h.ChunkID {
			// Only acceptable when the two are tied within rounding and the
			// tie was broken by ids that differ only through rounding.
			if math.Abs(want[i].Score-rs) > 1e-12*math.Max(1, rs) {
				t.Fatalf("%s: rank %d chunk %d, reference has chunk %d", label, i, h.ChunkID, want[i].ChunkID)
			}
		}
		if i > 0 {
			p := got[i-1]
			if p.Score < h.Score || (p.Score == h.Score && p.ChunkID >= h.ChunkID) {
				t.Fatalf("%s: hits %d and %d out of order: %+v %+v", label, i-1, i, p, h)
			}
		}
	}
	return maxErr
}

var testWords = strings.Fields(`cancer breast cell cholesterol statin diet fiber vegetable fruit heart
	disease risk study patient mortality cohort trial protein meat dairy milk egg fish soy tea coffee
	sugar insulin diabetes obesity weight blood pressure kidney liver brain memory sleep exercise
	vitamin mineral iron calcium zinc selenium arsenic mercury lead cadmium bean nut seed berry
	apple orange grape tomato broccoli kale spinach garlic onion ginger turmeric cinnamon pepper
	running runs ran runner walked walking walks swimming swims inflammation inflammatory`)

var testStop = strings.Fields(`the of and a in to is was for with that on by as at from are be`)

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

func (e *bm25Env) checkStats(coll int, ref *refIndex) {
	e.t.Helper()
	st, err := e.s.BM25Stats(e.ctx, coll)
	if err != nil {
		e.t.Fatal(err)
	}
	if st.Chunks != int64(ref.n) || st.Vocabulary != int64(len(ref.df)) || math.Abs(st.AvgLength-ref.avg) > 1e-12 {
		e.t.Fatalf("collection %d stats %+v, reference N=%d V=%d avgdl=%v", coll, st, ref.n, len(ref.df), ref.avg)
	}
	// df and the per-term bounds, exactly.
	rows, err := e.conn.Query(e.ctx, `SELECT term, df FROM bm25_terms WHERE collection_id = $1`, coll)
	if err != nil {
		e.t.Fatal(err)
	}
	got := map[string]int{}
	for rows.Next() {
		var t string
		var df int
		if err := rows.Scan(&t, &df); err != nil {
			e.t.Fatal(err)
		}
		got[t] = df
	}
	if rows.Err() != nil {
		e.t.Fatal(rows.Err())
	}
	if len(got) != len(ref.df) {
		e.t.Fatalf("collection %d: %d terms, reference %d", coll, len(got), len(ref.df))
	}
	for t, df := range ref.df {
		if got[t] != df {
			e.t.Fatalf("collection %d term %q: df %d, reference %d", coll, t, got[t], df)
		}
	}
	// Postings: exactly one per (chunk, term), with the reference's tf and dl.
	rows, err = e.conn.Query(e.ctx, `
		SELECT t.term, u.p >> 32, u.p & 511, (u.p >> 9) & 8388607
		FROM bm25_terms t, LATERAL (SELECT t.postings UNION ALL
		     SELECT b.postings FROM bm25_blocks b WHERE b.term_id = t.id) b, unnest(b.postings) u(p)
		WHERE t.collection_id = $1`, coll)
	if err != nil {
		e.t.Fatal(err)
	}
	postings := 0
	for rows.Next() {
		var term string
		var c int64
		var tf, dl int
		if err := rows.Scan(&term, &c, &tf, &dl); err != nil {
			e.t.Fatal(err)
		}
		postings++
		if want, ok := ref.tf[c][term]; !ok || want != tf || ref.dl[c] != dl {
			e.t.Fatalf("collection %d: posting (%q, chunk %d, tf %d, dl %d), reference tf %d (present %v), dl %d", coll, term, c, tf, dl, want, ok, ref.dl[c])
		}
	}
	if rows.Err() != nil {
		e.t.Fatal(rows.Err())
	}
	want := 0
	for _, tfs := range ref.tf {
		want += len(tfs)
	}
	if postings != want {
		e.t.Fatalf("collection %d: %d postings, reference %d", coll, postings, want)
	}
	var bad int
	// Full blocks: sorted, with exact ranges, disjoint within a term.
	if err := e.conn.QueryRow(e.ctx, `
		SELECT (SELECT count(*) FROM bm25_blocks b WHERE b.collection_id = $1
		        AND (b.min_chunk <> b.postings[1] >> 32 OR b.max_chunk <> b.postings[cardinality(b.postings)] >> 32
		             OR b.postings <> ARRAY(SELECT u FROM unnest(b.postings) u ORDER BY u)))
		     + (SELECT count(*) FROM bm25_blocks a JOIN bm25_blocks b ON a.term_id = b.term_id
		        AND a.max_chunk < b.max_chunk AND b.min_chunk <= a.max_chunk WHERE a.collection_id = $1)`, coll).Scan(&bad); err != nil {
		e.t.Fatal(err)
	}
	if bad != 0 {
		e.t.Fatalf("collection %d: %d malformed or overlapping blocks", coll, bad)
	}
}

// checkQueries compares SearchBM25 and both bm25_search paths with the
// reference for every query; it returns the largest absolute score error.
func (e *bm25Env) checkQueries(coll int, qs []string, label string) float64 {
	e.t.Helper()
	ref := e.reference(coll)
	e.checkStats(coll, ref)
	maxErr := 0.0
	for _, q := range qs {
		want := ref.scores(e.queryTerms(coll, q))
		for _, k := range []int{1, 5, 50} {
			got, err := e.s.SearchBM25(e.ctx, coll, q, k)
			if err != nil {
				e.t.Fatal(err)
			}
			maxErr = math.Max(maxErr, compare(e.t, fmt.Sprintf("%s SearchBM25(%q, %d)", label, q, k), got, want, k))
			got, err = e.inDB.SearchBM25(e.ctx, coll, q, k)
			if err != nil {
				e.t.Fatal(err)
			}
			maxErr = math.Max(maxErr, compare(e.t, fmt.Sprintf("%s SearchBM25(%q, %d) in the database", label, q, k), got, want, k))
			for _, probe := range []int64{0, 30, 1000} {
				for _, probes := range []int64{1, 2} {
					got = e.search(coll, q, k, 0, probe, probes)
					maxErr = math.Max(maxErr, compare(e.t, fmt.Sprintf("%s maxscore(%q, %d, probe %d, completion %d)", label, q, k, probe, probes), got, want, k))
				}
			}
		}
	}
	return maxErr
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

// Concurrent writers to one collection (inserts and deletes in transactions)
// leave exact statistics and postings.
func TestBM25ConcurrentWriters(t *testing.T) {
	e := newBM25Env(t)
	c := e.collection("c", "english")
	other := e.collection("o", "simple")
	errs := make(chan error, 4)
	var retries atomic.Int64
	for w := 0; w < 4; w++ {
		go func(w int) {
			errs <- func() error {
				conn, err := pgx.Connect(e.ctx, e.url)
				if err != nil {
					return err
				}
				defer conn.Close(e.ctx)
				r := rand.New(rand.NewPCG(uint64(w), 9))
				write := func(conn *pgx.Conn, r *rand.Rand, i int) error {
					tx, err := conn.Begin(e.ctx)
					if err != nil {
						return err
					}
					defer tx.Rollback(e.ctx)
					coll := c
					if i%3 == 0 {
						coll = other
					}
					var id int64
					if err := tx.QueryRow(e.ctx, `INSERT INTO documents (collection_id, path, content_hash, size, mtime, title, body)
						VALUES ($1, $2, '\x00', 0, now(), '', '') RETURNING id`, coll, fmt.Sprintf("/w%d/%d", w, i)).Scan(&id); err != nil {
						return err
					}
					chunks := []string{genChunk(r, 40), genChunk(r, 80), genChunk(r, 10)}
					if _, err := tx.Exec(e.ctx, `INSERT INTO chunks (document_id, collection_id, ordinal, content, breadcrumb, embed_context,
						start_line, end_line, token_count, embed_hash)
						SELECT $1, $2, o - 1, c, '', '', 1, 1, 0, '\x00' FROM unnest($3::text[]) WITH ORDINALITY u(c, o)`, id, coll, chunks); err != nil {
						return err
					}
					if i%4 == 3 {
						if _, err := tx.Exec(e.ctx, `DELETE FROM documents WHERE path = $1`, fmt.Sprintf("/w%d/%d", w, i-2)); err != nil {
							return err
						}
					}
					return tx.Commit(e.ctx)
				}
				for i := 0; i < 15; i++ {
					// PostgreSQL may pick one of two writers of the same
					// terms as a deadlock victim; a client retries it (hrag
					// itself serialises the writers of a collection with an
					// advisory lock). The statistics must be exact after.
					for attempt := 0; ; attempt++ {
						err := write(conn, r, i)
						var pgErr *pgconn.PgError
						if err != nil && errors.As(err, &pgErr) && (pgErr.Code == "40P01" || pgErr.Code == "40001") && attempt < 5 {
							retries.Add(1)
							continue
						}
						if err != nil {
							return err
						}
						break
					}
				}
				return nil
			}()
		}(w)
	}
	for w := 0; w < 4; w++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	e.checkStats(c, e.reference(c))
	e.checkStats(other, e.reference(other))
	t.Logf("%d transaction(s) retried after a deadlock", retries.Load())
}

func TestBM25RejectsContentUpdate(t *testing.T) {
	e := newBM25Env(t)
	c := e.collection("c", "english")
	e.insertDoc(c, "/a", []string{"breast cancer", "cholesterol"})
	// Updating other columns is fine.
	e.exec(`UPDATE chunks SET embed_context = 'x', token_count = 3`)
	for _, set := range []string{"content = 'other words'", "breadcrumb = '[Other]'"} {
		_, err := e.conn.Exec(e.ctx, `UPDATE chunks SET `+set)
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "0A000" || !strings.Contains(pgErr.Message, "delete the chunk and insert it again") {
			t.Fatalf("update %s: %v", set, err)
		}
	}
	hits, err := e.s.SearchBM25(e.ctx, c, "cancer", 10)
	if err != nil || len(hits) != 1 {
		t.Fatalf("after rejected update: %v %v", hits, err)
	}
}

// TestBM25AnalysisForEveryScript checks the terms BM25 indexes (0009):
// runs of CJK and other scripts without spaces are matched through
// character bigrams, diacritics are folded on both sides, English is still
// stemmed, and a query term in a chunk's breadcrumb outranks the same term
// in another chunk's body alone.
func TestBM25AnalysisForEveryScript(t *testing.T) {
	e := newBM25Env(t)
	c := e.collection("c", "english")
	docs := []struct{ path, title, text string }{
		{"/zh", "[汇率]", "外币汇率换算使用每日中间价。"},
		{"/zh2", "[天气]", "今天的天气很好，适合去公园散步。"},
		{"/ja", "[旅行]", "東京タワーの高さは333メートルです。"},
		{"/ko", "[요리]", "김치찌개는 돼지고기로 끓인다"},
		{"/th", "[อาหาร]", "ต้มยำกุ้งเป็นอาหารไทย"},
		{"/de", "[Haushalt]", "Die Überprüfung des Haushalts ergab Mängel."},
		{"/fr", "[Voyage]", "Nous avons visité les églises et un café près de la gare."},
		{"/en", "[Garden]", "The tomatoes were running wild along the fence."},
		{"/en-title", "[Compost > Worms]", "Keep the bin moist and turn it weekly."},
		{"/en-body", "[Notes]", "Worms like the bin moist; turn it weekly."},
		{"/mixed", "[Database]", "PostgreSQL数据库的备份每天运行。"},
	}
	for _, d := range docs {
		e.insertDocTitled(c, d.path, d.title, []string{d.text})
	}
	top := func(q string) string {
		t.Helper()
		hits, err := e.s.SearchBM25(e.ctx, c, q, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 {
			return ""
		}
		var path string
		if err := e.conn.QueryRow(e.ctx, `SELECT d.path FROM chunks ch JOIN documents d ON d.id = ch.document_id WHERE ch.id = $1`, hits[0].ChunkID).Scan(&path); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, tc := range []struct{ q, want string }{
		{"汇率换算", "/zh"},          // Chinese without spaces
		{"中间价", "/zh"},           // a word inside the run
		{"天气", "/zh2"},           // two-character word
		{"東京タワー", "/ja"},         // Kanji and Katakana
		{"김치찌개", "/ko"},          // Hangul
		{"ต้มยำ", "/th"},         // Thai
		{"数据库 backup", "/mixed"}, // CJK beside Latin letters
		{"uberprufung", "/de"},   // folded on the chunk side
		{"Mängel", "/de"},        // and on both
		{"eglise cafe", "/fr"},   // French plural and accent
		{"run tomato", "/en"},    // English stemming kept
		{"worms", "/en-title"},   // the breadcrumb's weight
	} {
		if got := top(tc.q); got != tc.want {
			t.Errorf("BM25 %q: top hit %q, want %q", tc.q, got, tc.want)
		}
	}
	e.checkQueries(c, []string{"汇率换算", "uberprufung", "worms bin"}, "analysis")
}

// TermCoverage counts the query's distinct BM25 terms (stemmed, stop words
// dropped) found in each chunk's content, the breadcrumb not included.
func TestTermCoverage(t *testing.T) {
	e := newBM25Env(t)
	en := e.collection("en", "english")
	e.insertDocTitled(en, "/cov/a.md", "[Cancer]", []string{"Statins lower cholesterol.", "Nothing relevant here.", "Café statin cancer causes"})
	var ids []int64
	rows, err := e.conn.Query(e.ctx, `SELECT id FROM chunks WHERE collection_id = $1 ORDER BY ordinal`, en)
	if err != nil {
		t.Fatal(err)
	}
	if ids, err = pgx.CollectRows(rows, pgx.RowTo[int64]); err != nil {
		t.Fatal(err)
	}
	cov, n, err := e.s.TermCoverage(e.ctx, en, "Do statins cause cancer at the cafe?", ids)
	if err != nil {
		t.Fatal(err)
	}
	// Terms: statin, caus, cancer, cafe (do, at, the are stop words).
	want := map[int64]float64{ids[0]: 0.25, ids[1]: 0, ids[2]: 1}
	if n != 4 || len(cov) != 3 || cov[ids[0]] != want[ids[0]] || cov[ids[1]] != want[ids[1]] || cov[ids[2]] != want[ids[2]] {
		t.Fatalf("coverage %v of %d terms, want %v of 4", cov, n, want)
	}
}
