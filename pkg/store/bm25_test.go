package store_test

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
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

// insertDocConfig is insertDoc for a document whose chunks are analysed
// with text-search configuration cfg, as putDocuments stores one.
func (e *bm25Env) insertDocConfig(coll int, path, cfg string, chunks []string) int64 {
	e.t.Helper()
	var id int64
	if err := e.conn.QueryRow(e.ctx, `INSERT INTO documents (collection_id, path, content_hash, size, mtime, title, body, fts_config)
		VALUES ($1, $2, '\x00', 0, now(), $2, '', $3::regconfig) RETURNING id`, coll, path, cfg).Scan(&id); err != nil {
		e.t.Fatal(err)
	}
	e.exec(`INSERT INTO chunks (document_id, collection_id, ordinal, content, breadcrumb, embed_context,
		start_line, end_line, token_count, embed_hash, fts_config)
		SELECT $1, $2, o - 1, c, '', '', 1, 1, 0, '\x00', $4::regconfig FROM unnest($3::text[]) WITH ORDINALITY u(c, o)`, id, coll, chunks, cfg)
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
		     unnest(to_tsvector(coalesce(c.fts_config, k.fts_config), bm25_text(c.content))) v
		WHERE c.collection_id = $1
		UNION ALL
		SELECT c.id, true, v.lexeme, array_length(v.positions, 1)
		FROM chunks c JOIN collections k ON k.id = c.collection_id,
		     unnest(to_tsvector(coalesce(c.fts_config, k.fts_config), bm25_text(c.breadcrumb))) v
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

// queryTerms returns the query's lexemes with their counts (qtf): its
// lexemes under the collection's configuration, then those the other
// configurations of its chunks add (a lexeme keeps the count of the first
// configuration that gives it), without the words that any of them (but
// simple) drops as stop words when there are several.
func (e *bm25Env) queryTerms(coll int, q string) map[string]int {
	e.t.Helper()
	rows, err := e.conn.Query(e.ctx, `WITH cfg AS (
			SELECT 0 AS o, fts_config AS c FROM collections WHERE id = $1
			UNION SELECT DISTINCT 1, fts_config FROM chunks WHERE collection_id = $1 AND fts_config IS NOT NULL AND fts_config <> (SELECT fts_config FROM collections WHERE id = $1)),
		stop AS (   -- with several configurations, words any of them drops
			SELECT DISTINCT lower(w.word) AS word FROM regexp_split_to_table(unaccent($2::text), '[^[:alpha:]]+') w(word), cfg
			WHERE (SELECT count(*) FROM cfg) > 1 AND w.word <> '' AND cfg.c <> 'simple'::regconfig AND to_tsvector(cfg.c, w.word) = '')
		SELECT cfg.o, v.lexeme, array_length(v.positions, 1)
		FROM cfg, unnest(to_tsvector(cfg.c, bm25_query_text($1, $2::text))) v
		WHERE v.lexeme NOT IN (SELECT x.lexeme FROM stop, unnest(to_tsvector(cfg.c, stop.word)) x)
		ORDER BY cfg.o, cfg.c::text`, coll, q)
	if err != nil {
		e.t.Fatal(err)
	}
	out := map[string]int{}
	for rows.Next() {
		var o int
		var l string
		var n int
		if err := rows.Scan(&o, &l, &n); err != nil {
			e.t.Fatal(err)
		}
		if _, ok := out[l]; !ok {
			out[l] = n
		}
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
