package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"
)

// VectorHit is one chunk found by vector search: Similarity is the cosine
// similarity to the query vector, in [-1, 1].
type VectorHit struct {
	ChunkID    int64
	Similarity float64
}

// SearchVector returns the limit chunks of the collection nearest to query
// by cosine distance, using the table's HNSW index (ef_search 400, chosen
// against exact search in docs/measurements.md; pgvector 0.8 iterative
// scans so that filters still yield limit rows), best first,
// ties by chunk id. Only chunks of the documents docs lets through count
// (FilterDocuments; the zero value: all).
func (s *Store) SearchVector(ctx context.Context, table string, collectionID int, query []float32, limit int, docs DocumentFilter) ([]VectorHit, error) {
	if limit <= 0 || docs.MatchesNone() {
		return nil, nil
	}
	var hits []VectorHit
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL hnsw.ef_search = 400; SET LOCAL hnsw.iterative_scan = relaxed_order`); err != nil {
			return err
		}
		q := fmt.Sprintf(`SELECT chunk_id, 1 - dist FROM (
				SELECT v.chunk_id, v.embedding <=> $1 AS dist
				FROM %s v JOIN chunks c ON c.id = v.chunk_id
				WHERE c.collection_id = $2 %s
				ORDER BY v.embedding <=> $1
				LIMIT $3) r
			ORDER BY dist, chunk_id`, pgx.Identifier{table}.Sanitize(), filterSQL(docs, 4))
		args := []any{pgvector.NewVector(query), collectionID, limit}
		if docs.active {
			args = append(args, docs.ids)
		}
		rows, err := tx.Query(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var h VectorHit
			if err := rows.Scan(&h.ChunkID, &h.Similarity); err != nil {
				return err
			}
			hits = append(hits, h)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("vector search: %w", err)
	}
	return hits, nil
}

// filterSQL is the condition restricting chunks c to the documents of docs,
// whose ids are query parameter param; "" for the zero filter.
func filterSQL(docs DocumentFilter, param int) string {
	if !docs.active {
		return ""
	}
	return fmt.Sprintf("AND c.document_id = ANY($%d)", param)
}

// SearchBM25Filtered is SearchBM25 restricted to the documents docs lets
// through (FilterDocuments; the zero value: all). It scores candidates with
// the collection-wide statistics and widens the search until limit matching
// chunks are found or none are left.
func (s *Store) SearchBM25Filtered(ctx context.Context, collectionID int, query string, limit int, docs DocumentFilter) ([]BM25Hit, error) {
	if !docs.active {
		return s.SearchBM25(ctx, collectionID, query, limit)
	}
	if len(docs.ids) == 0 || limit <= 0 {
		return nil, nil
	}
	for n := limit * 10; ; n *= 10 {
		hits, err := s.SearchBM25(ctx, collectionID, query, n)
		if err != nil {
			return nil, err
		}
		ids := make([]int64, len(hits))
		for i, h := range hits {
			ids[i] = h.ChunkID
		}
		keep := map[int64]bool{}
		rows, err := s.pool.Query(ctx, `SELECT id FROM chunks WHERE id = ANY($1) AND document_id = ANY($2)`, ids, docs.ids)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, err
			}
			keep[id] = true
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
		var out []BM25Hit
		for _, h := range hits {
			if keep[h.ChunkID] && len(out) < limit {
				out = append(out, h)
			}
		}
		if len(out) == limit || len(hits) < n {
			return out, nil
		}
	}
}

// Passage is a stored chunk with where it came from, and its document's
// file as indexed (to tell whether the file changed since).
type Passage struct {
	ChunkID    int64
	Path       string
	Title      string
	StartLine  int // 1-based, inclusive; 0 when the format has no lines
	EndLine    int
	StartPage  int // 1-based, inclusive; 0 when the format has no pages
	EndPage    int
	Breadcrumb string
	Content    string
	// EmbedContext is what was embedded before Content: the breadcrumb
	// line, then the previous chunk's tail or, for rows of a table cut
	// before them, the table's header and delimiter rows.
	EmbedContext string
	Tokens       int
	FileSize     int64     // bytes, when indexed
	FileMTime    time.Time // when indexed, microseconds
	FileHash     []byte    // SHA-256 of the file's bytes, when indexed
	First        bool      // the document's first chunk
	Last         bool      // the document's last chunk
	// Tags are the document's front matter tags; Date its front matter
	// date, else FileMTime, and Dated whether it is the front matter's.
	Tags  []string
	Date  time.Time
	Dated bool
}

// Passages loads chunks by id, keyed by id; unknown ids are absent.
func (s *Store) Passages(ctx context.Context, ids []int64) (map[int64]Passage, error) {
	rows, err := s.pool.Query(ctx, `SELECT c.id, d.path, d.title, coalesce(c.start_line, 0), coalesce(c.end_line, 0),
			coalesce(c.page_start, 0), coalesce(c.page_end, 0), c.breadcrumb, c.content, c.embed_context, c.token_count,
			d.size, d.mtime, d.content_hash, c.ordinal = 0,
			c.ordinal = (SELECT max(c2.ordinal) FROM chunks c2 WHERE c2.document_id = c.document_id),
			d.tags, coalesce(d.doc_date, d.mtime), d.doc_date IS NOT NULL
		FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.id = ANY($1)`, ids)
	if err != nil {
		return nil, err
	}
	out := map[int64]Passage{}
	for rows.Next() {
		var p Passage
		if err := rows.Scan(&p.ChunkID, &p.Path, &p.Title, &p.StartLine, &p.EndLine, &p.StartPage, &p.EndPage, &p.Breadcrumb, &p.Content, &p.EmbedContext, &p.Tokens,
			&p.FileSize, &p.FileMTime, &p.FileHash, &p.First, &p.Last, &p.Tags, &p.Date, &p.Dated); err != nil {
			return nil, err
		}
		out[p.ChunkID] = p
	}
	return out, rows.Err()
}

// TermCoverage returns, for each chunk id, the share of the query's distinct
// terms that occur in the chunk's content, in [0, 1], both analysed as BM25
// analyses the chunk (bm25_text, then the chunk's text-search configuration:
// its document's language, else the collection's); and the number of
// distinct query terms under the collection's own configuration.
func (s *Store) TermCoverage(ctx context.Context, collectionID int, query string, ids []int64) (map[int64]float64, int, error) {
	rows, err := s.pool.Query(ctx, `
		WITH cc AS MATERIALIZED (
			SELECT c.id, c.content, coalesce(c.fts_config, co.fts_config) AS cfg
			FROM chunks c JOIN collections co ON co.id = c.collection_id
			WHERE c.id = ANY($3) AND c.collection_id = $1
		), q AS MATERIALIZED (   -- the query once per configuration in use
			SELECT k.cfg, tsvector_to_array(bm25_query_vector_cfg($1, k.cfg, $2)) AS terms
			FROM (SELECT DISTINCT cfg FROM cc) k
		)
		SELECT cc.id, cardinality(q.terms), (SELECT count(*) FROM unnest(q.terms) t WHERE t = ANY(l.lexemes)),
			(SELECT cardinality(tsvector_to_array(bm25_query_vector_cfg($1, co.fts_config, $2))) FROM collections co WHERE co.id = $1)
		FROM cc JOIN q USING (cfg)
		CROSS JOIN LATERAL (   -- each chunk analysed once, not once per query term
			SELECT tsvector_to_array(to_tsvector(cc.cfg, bm25_text(cc.content))) AS lexemes OFFSET 0) l`, collectionID, query, ids)
	if err != nil {
		return nil, 0, err
	}
	out := map[int64]float64{}
	nterms := 0
	for rows.Next() {
		var id int64
		var n, m, own int
		if err := rows.Scan(&id, &n, &m, &own); err != nil {
			return nil, 0, err
		}
		nterms = own
		if n > 0 {
			out[id] = float64(m) / float64(n)
		}
	}
	return out, nterms, rows.Err()
}

// Lexemes returns, for each of texts, its distinct terms as BM25 indexes
// them (runs of CJK and other scripts without spaces cut into character
// bigrams, diacritics folded, then the collection's text-search
// configuration: stop words dropped, stemmed), in order of first position.
// In a collection whose documents use several configurations (language
// detection, sql/0020) a text is analysed as a question is, with all of
// them (bm25_query_vector): a German sentence gets its German stems, which
// the German notes' chunks hold, and a word any of them calls a stop word
// is left out. df maps every returned term to its document frequency in the collection
// (the number of chunks holding it; 0 for a term no chunk holds), and n is
// the collection's number of chunks. Errors wrap ErrNoCollection for an
// unknown collection.
func (s *Store) Lexemes(ctx context.Context, collection string, texts []string) (lexemes [][]string, df map[string]int, n int, err error) {
	coll, err := s.Collection(ctx, collection)
	if err != nil {
		return nil, nil, 0, err
	}
	rows, err := s.pool.Query(ctx, `
		WITH k AS (SELECT co.fts_config AS cfg, cardinality(bm25_configs(co.id)) > 1 AS mixed FROM collections co WHERE co.id = $1),
		t AS (
			SELECT u.i, array(SELECT w.lexeme FROM unnest(CASE WHEN k.mixed THEN bm25_query_vector($1, u.x)
				ELSE to_tsvector(k.cfg, bm25_text(u.x)) END) w ORDER BY w.positions[1]) AS lx
			FROM unnest($2::text[]) WITH ORDINALITY u(x, i), k)
		SELECT t.lx, array(SELECT coalesce(bt.df, 0) FROM unnest(t.lx) WITH ORDINALITY l(term, o)
			LEFT JOIN bm25_terms bt ON bt.collection_id = $1 AND bt.term = l.term ORDER BY l.o)
		FROM t ORDER BY t.i`, coll.ID, texts)
	if err != nil {
		return nil, nil, 0, err
	}
	defer rows.Close()
	df = map[string]int{}
	for rows.Next() {
		var lx []string
		var dfs []int32
		if err := rows.Scan(&lx, &dfs); err != nil {
			return nil, nil, 0, err
		}
		for i, l := range lx {
			df[l] = int(dfs[i])
		}
		lexemes = append(lexemes, lx)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, 0, err
	}
	st, err := s.BM25Stats(ctx, coll.ID)
	if err != nil {
		return nil, nil, 0, err
	}
	return lexemes, df, int(st.Chunks), nil
}

// ChunkCopy is a chunk found by its text's MD5 (SameText).
type ChunkCopy struct {
	ChunkID   int64
	Path      string
	StartLine int // 0 when the format has no lines
	EndLine   int
	StartPage int // 0 when the format has no pages
	EndPage   int
	MD5       string // hex MD5 of the chunk's content
}

// SameText returns the collection's chunks whose content has one of the
// hex MD5 digests (of the exact text), using chunks_content_md5_idx;
// ordered by path and line.
func (s *Store) SameText(ctx context.Context, collectionID int, md5s []string, docs DocumentFilter) ([]ChunkCopy, error) {
	if len(md5s) == 0 {
		return nil, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT c.id, d.path, coalesce(c.start_line, 0), coalesce(c.end_line, 0),
			coalesce(c.page_start, 0), coalesce(c.page_end, 0), md5(c.content)
		FROM chunks c JOIN documents d ON d.id = c.document_id
		WHERE c.collection_id = $1 AND md5(c.content) = ANY($2::text[]) AND (NOT $3 OR c.document_id = ANY($4::int8[]))
		ORDER BY d.path, c.ordinal, c.id`, collectionID, md5s, docs.active, docs.ids)
	if err != nil {
		return nil, fmt.Errorf("finding copies of passages: %w", err)
	}
	defer rows.Close()
	var out []ChunkCopy
	for rows.Next() {
		var c ChunkCopy
		if err := rows.Scan(&c.ChunkID, &c.Path, &c.StartLine, &c.EndLine, &c.StartPage, &c.EndPage, &c.MD5); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// ChunkIDs returns the ids of the chunks of the collection's document at
// path (its real path, as indexed), in document order, that overlap the
// lines [from, to] (0: open at that end; formats without lines have all
// their chunks), at most limit of them. An unknown path gives none.
func (s *Store) ChunkIDs(ctx context.Context, collectionID int, path string, from, to, limit int) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id
		WHERE d.collection_id = $1 AND d.path = $2
		  AND ($3 = 0 OR c.end_line IS NULL OR c.end_line >= $3)
		  AND ($4 = 0 OR c.start_line IS NULL OR c.start_line <= $4)
		ORDER BY c.ordinal LIMIT $5`, collectionID, path, from, to, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// ChunksIn returns those of ids that are chunks of the collection, in the
// order given.
func (s *Store) ChunksIn(ctx context.Context, collectionID int, ids []int64) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT i FROM unnest($2::bigint[]) WITH ORDINALITY u(i, n)
		WHERE EXISTS (SELECT 1 FROM chunks c WHERE c.id = u.i AND c.collection_id = $1) ORDER BY n`, collectionID, ids)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}
