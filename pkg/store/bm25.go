package store

import (
	"context"
	"fmt"
	"math"
	"slices"
)

// Okapi BM25 parameters used by the index (sql/0002_bm25.sql); they are fixed
// there, these constants document them for callers and tests.
const (
	// BM25K1 is Okapi BM25's term-frequency saturation parameter k1.
	BM25K1 = 1.2
	// BM25B is Okapi BM25's length-normalisation parameter b.
	BM25B = 0.75
	// BM25TitleWeight is the weight of a chunk's breadcrumb (document title
	// and section headers) against its content in a new collection's BM25F
	// term frequencies (sql/0009_bm25_analysis.sql); chosen on NFCorpus
	// (docs/measurements.md).
	BM25TitleWeight = 1
)

// BM25Hit is one chunk's Okapi BM25 score for a query: ChunkID is chunks.id,
// Score is the dimensionless BM25 score (> 0; higher is more relevant).
type BM25Hit struct {
	ChunkID int64
	Score   float64
}

// SearchBM25 returns the top limit chunks of collection collectionID by Okapi
// BM25 (Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and
// Beyond", Foundations and Trends in IR 3(4), 2009), best first; equal scores
// are ordered by chunk id ascending:
//
//	score(q, c) = Σ_t qtf(t) · idf(t) · tf(t,c)·(k1+1) / (tf(t,c) + k1·(1 − b + b·dl(c)/avgdl))
//	idf(t)      = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5))
//
// with k1 = BM25K1, b = BM25B and the sum over the distinct query terms t that
// occur in c. Terms are the lexemes of PostgreSQL's
// to_tsvector(collections.fts_config, bm25_text(text)) for chunks and of
// bm25_query_text(collection, query) for the query, so stopwords and
// stemming match; bm25_text cuts runs of scripts written without spaces
// (Han, Kana, Hangul, Thai, Lao, Khmer, Myanmar) into overlapping character
// bigrams, folds diacritics (unaccent) and adds the parts of paths, hosts,
// URLs and e-mail addresses, versions inside them and hyphenated codes
// (sql/0012, 0013, 0017); the query side (bm25_query_vector) leaves out
// the parts of identifiers and hyphenated codes the collection holds whole
// (sql/0018). A chunk has
// two fields, its content and its breadcrumb ("[Title > Section]"), combined
// as in BM25F with one length normalisation (Robertson, Zaragoza & Taylor,
// CIKM 2004): tf(t,c) = tf in the content + w · tf in the breadcrumb (capped
// at 511), w = collections.bm25_title_weight (BM25TitleWeight by default), a
// tf being a number of lexeme positions; dl(c) the sum of tf over the chunk's
// lexemes, avgdl = total length / N, N the collection's number of chunks and
// df(t) the number of its chunks containing t; qtf(t) counts repetitions of t
// in the query (bag of words, as Lucene does). Scores are dimensionless and
// positive; they are comparable within one query only. Statistics are exact as
// of the query's snapshot, and so are the scores (float64 rounding aside:
// chunks with the same per-term tf and dl get bit-identical scores).
//
// tsvector limits apply to chunks: a lexeme counts at most 256 positions,
// positions beyond 16383 collapse into one, lexemes over 2047 bytes are
// dropped, and a chunk's tsvector must stay under 1 MB (larger chunks fail to
// insert).
//
// Scoring runs in Go over the query terms' postings, fetched in one
// statement (one snapshot) from bm25_terms and bm25_blocks: every posting of
// every query term is scored, so nothing needs pruning. When the query terms
// hold more than BM25MaxFetch postings in all (df summed over the terms),
// the search runs in the database instead (sql/0002_bm25.sql's bm25_search,
// the same ranking with MaxScore pruning (Turtle & Flood, "Query evaluation:
// strategies and optimizations", 1995), which only skips postings that
// provably cannot enter the top limit), so a query of very common terms
// over millions of chunks neither ships nor holds them all.
//
// An empty query, one with no term known to the collection, an unknown
// collection or limit <= 0 yield no hits and a nil error. Other errors come
// from the database, wrapped with "bm25 search".
func (s *Store) SearchBM25(ctx context.Context, collectionID int, query string, limit int) ([]BM25Hit, error) {
	if limit <= 0 {
		return nil, nil
	}
	limit = min(limit, math.MaxInt32)
	maxFetch := s.bm25MaxFetch
	if maxFetch == 0 {
		maxFetch = BM25MaxFetch
	}
	hits, over, err := s.scoreBM25(ctx, collectionID, query, limit, maxFetch)
	if err != nil || !over {
		return hits, err
	}
	return s.searchBM25SQL(ctx, collectionID, query, limit)
}

// BM25MaxFetch is the number of postings (the query terms' df, summed) up to
// which SearchBM25 scores in Go; 1,000,000 postings are 8 MB on the wire and
// about 40 MB of scores while the query runs.
const BM25MaxFetch = 1_000_000

// bm25Postings fetches, in one statement, the collection's N and total
// length and, per query term (id, df, qtf), its open block and full blocks
// of postings ((chunk_id << 32) | (dl << 9) | tf, see sql/0002_bm25.sql).
// over is true (and no postings come) when the terms hold more than $3
// postings in all.
const bm25Postings = `
WITH t AS MATERIALIZED (
	SELECT s.n, s.total_len, t.id, t.df, array_length(q.positions, 1) AS qtf, t.postings
	FROM collections co
	JOIN bm25_stats s ON s.collection_id = co.id
	CROSS JOIN LATERAL unnest(bm25_query_vector(co.id, $2)) q
	JOIN bm25_terms t ON t.collection_id = co.id AND t.term = q.lexeme
	WHERE co.id = $1
), o AS (SELECT coalesce(sum(df), 0) > $3 AS over FROM t)
SELECT t.n, t.total_len, t.id, t.df, t.qtf, o.over, CASE WHEN o.over THEN NULL ELSE t.postings END
FROM t, o
UNION ALL
SELECT t.n, t.total_len, t.id, t.df, t.qtf, false, bl.postings
FROM t, o, bm25_blocks bl
WHERE NOT o.over AND bl.term_id = t.id`

// scoreBM25 is SearchBM25's Go path; over reports that the query's terms
// hold more than maxFetch postings, and then no hits are computed.
func (s *Store) scoreBM25(ctx context.Context, collectionID int, query string, limit int, maxFetch int64) (hits []BM25Hit, over bool, err error) {
	type term struct {
		w        float64 // qtf · idf · (k1 + 1)
		postings [][]int64
	}
	rows, err := s.pool.Query(ctx, bm25Postings, collectionID, query, maxFetch)
	if err != nil {
		return nil, false, fmt.Errorf("bm25 search: %w", err)
	}
	defer rows.Close()
	var n, tlen, total int64
	terms := map[int64]*term{}
	for rows.Next() {
		var id, df, qtf int64
		var postings []int64
		if err := rows.Scan(&n, &tlen, &id, &df, &qtf, &over, &postings); err != nil {
			return nil, false, fmt.Errorf("bm25 search: %w", err)
		}
		t := terms[id]
		if t == nil {
			idf := math.Log(1 + (float64(n)-float64(df)+0.5)/(float64(df)+0.5))
			t = &term{w: float64(qtf) * idf * (BM25K1 + 1)}
			terms[id] = t
			total += df
		}
		if len(postings) > 0 {
			t.postings = append(t.postings, postings)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, false, fmt.Errorf("bm25 search: %w", err)
	}
	if over || n == 0 || tlen == 0 || len(terms) == 0 {
		return nil, over, nil
	}
	kc := BM25K1 * (1 - BM25B)
	kd := BM25K1 * BM25B / (float64(tlen) / float64(n))
	// Terms in id order, so that a chunk's score is summed in the same order
	// whatever rows its postings came in: equal tf and dl per term give
	// bit-identical scores, and ties go by chunk id.
	ids := make([]int64, 0, len(terms))
	for id := range terms {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	scores := make(map[int64]float64, total)
	for _, id := range ids {
		t := terms[id]
		for _, ps := range t.postings {
			for _, p := range ps {
				tf := float64(p & 511)
				dl := float64((p >> 9) & 8388607)
				scores[p>>32] += t.w * tf / (tf + kc + kd*dl)
			}
		}
	}
	return topBM25(scores, limit), false, nil
}

// topBM25 returns the limit best of scores (chunk id -> score), best first,
// equal scores by chunk id ascending; a bounded min-heap, O(N log limit).
func topBM25(scores map[int64]float64, limit int) []BM25Hit {
	worse := func(a, b BM25Hit) bool { // a ranks below b
		return a.Score < b.Score || (a.Score == b.Score && a.ChunkID > b.ChunkID)
	}
	h := make([]BM25Hit, 0, min(limit, len(scores)))
	down := func(i int) {
		for {
			l, m := 2*i+1, i
			if l < len(h) && worse(h[l], h[m]) {
				m = l
			}
			if r := l + 1; r < len(h) && worse(h[r], h[m]) {
				m = r
			}
			if m == i {
				return
			}
			h[i], h[m] = h[m], h[i]
			i = m
		}
	}
	for id, sc := range scores {
		x := BM25Hit{ChunkID: id, Score: sc}
		if len(h) < limit {
			h = append(h, x)
			for i := len(h) - 1; i > 0; {
				p := (i - 1) / 2
				if !worse(h[i], h[p]) {
					break
				}
				h[i], h[p] = h[p], h[i]
				i = p
			}
		} else if worse(h[0], x) {
			h[0] = x
			down(0)
		}
	}
	slices.SortFunc(h, func(a, b BM25Hit) int {
		if worse(a, b) {
			return 1
		}
		if worse(b, a) {
			return -1
		}
		return 0
	})
	return h
}

// searchBM25SQL is SearchBM25 computed in the database by bm25_search.
func (s *Store) searchBM25SQL(ctx context.Context, collectionID int, query string, limit int) ([]BM25Hit, error) {
	rows, err := s.pool.Query(ctx, `SELECT chunk_id, score FROM bm25_search($1, $2, $3)`, collectionID, query, limit)
	if err != nil {
		return nil, fmt.Errorf("bm25 search: %w", err)
	}
	defer rows.Close()
	hits := make([]BM25Hit, 0, min(limit, 1024))
	for rows.Next() {
		var h BM25Hit
		if err := rows.Scan(&h.ChunkID, &h.Score); err != nil {
			return nil, fmt.Errorf("bm25 search: %w", err)
		}
		hits = append(hits, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("bm25 search: %w", err)
	}
	return hits, nil
}

// BM25Stats are a collection's exact BM25 corpus statistics: Chunks is N,
// the number of chunks (including chunks without any lexeme); Vocabulary the
// number of distinct terms (lexemes) with df > 0; AvgLength is avgdl, the mean
// chunk length in lexeme positions (0 when the collection has no chunks).
type BM25Stats struct {
	Chunks     int64
	Vocabulary int64
	AvgLength  float64
}

// BM25Stats returns collection collectionID's BM25 statistics as of now (see
// the BM25Stats type; maintained by triggers on chunks, so they are exact at
// every commit). A collection without chunks, or an unknown one, has zero
// stats and a nil error; other errors come from the database, wrapped with
// "bm25 stats".
func (s *Store) BM25Stats(ctx context.Context, collectionID int) (BM25Stats, error) {
	var st BM25Stats
	var total int64
	err := s.pool.QueryRow(ctx, `
		SELECT coalesce(max(n), 0), coalesce(max(vocabulary), 0), coalesce(max(total_len), 0)
		FROM bm25_stats WHERE collection_id = $1`, collectionID).Scan(&st.Chunks, &st.Vocabulary, &total)
	if err != nil {
		return BM25Stats{}, fmt.Errorf("bm25 stats: %w", err)
	}
	if st.Chunks > 0 {
		st.AvgLength = float64(total) / float64(st.Chunks)
	}
	return st, nil
}
