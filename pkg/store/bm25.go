package store

import (
	"context"
	"fmt"
	"math"
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
// to_tsvector(collections.fts_config, bm25_text(text)), for chunks and query
// alike, so stopwords and stemming match; bm25_text cuts runs of scripts
// written without spaces (Han, Kana, Hangul, Thai, Lao, Khmer, Myanmar) into
// overlapping character bigrams and folds diacritics (unaccent). A chunk has
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
// chunks with the same per-term tf and dl get bit-identical scores). MaxScore
// pruning (Turtle & Flood, "Query evaluation: strategies and optimizations",
// 1995) only skips postings that provably cannot enter the top limit.
//
// tsvector limits apply to chunks: a lexeme counts at most 256 positions,
// positions beyond 16383 collapse into one, lexemes over 2047 bytes are
// dropped, and a chunk's tsvector must stay under 1 MB (larger chunks fail to
// insert).
//
// An empty query, one with no term known to the collection, an unknown
// collection or limit <= 0 yield no hits and a nil error. Other errors come
// from the database, wrapped with "bm25 search".
func (s *Store) SearchBM25(ctx context.Context, collectionID int, query string, limit int) ([]BM25Hit, error) {
	if limit <= 0 {
		return nil, nil
	}
	limit = min(limit, math.MaxInt32)
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
