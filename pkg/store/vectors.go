package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"
)

// VectorTable is one embedding model's vector table: rows (chunk_id,
// embed_hash, embedding vector(Dim)) with an HNSW cosine index. A table holds
// vectors of one model embedded with one document prefix, for any number of
// collections; the registry (embedding_tables) records both prefixes.
type VectorTable struct {
	Name           string
	Model          string // model id (embed.Model.ID)
	Dim            int    // vector dimension
	MaxTokens      int    // the model's input limit in tokens, special tokens included
	DocumentPrefix string // RAG_EMBED_DOCUMENT_PREFIX the vectors were embedded with
	// QueryPrefix is the RAG_EMBED_QUERY_PREFIX questions should be embedded
	// with: as first recorded for the table in embedding_tables, and per
	// collection in CollectionVectors.
	QueryPrefix string
	CreatedAt   time.Time
}

var nonIdent = regexp.MustCompile(`[^a-z0-9]+`)

// VectorTableName derives the table name for a model id, dimension and
// document prefix: "vec_<model>_<dim>", plus "_p<8 hex digits of
// SHA-256(prefix)>" when the prefix is not empty (vectors embedded with
// different prefixes never share a table); lower-case, non-alphanumerics as
// "_", shortened with a hash of the model id to fit PostgreSQL's 63-byte
// identifiers.
func VectorTableName(model string, dim int, documentPrefix string) string {
	base := strings.Trim(nonIdent.ReplaceAllString(strings.ToLower(model), "_"), "_")
	suffix := fmt.Sprintf("_%d", dim)
	if documentPrefix != "" {
		h := sha256.Sum256([]byte(documentPrefix))
		suffix += "_p" + hex.EncodeToString(h[:4])
	}
	name := "vec_" + base + suffix
	if len(name) > 63 {
		h := sha256.Sum256([]byte(model))
		suffix = "_" + hex.EncodeToString(h[:4]) + suffix
		name = name[:63-len(suffix)] + suffix
	}
	return name
}

// EnsureVectorTable returns the vector table of t.Model, t.Dim and
// t.DocumentPrefix (t.Name is derived), creating it with an HNSW cosine index
// when missing.
func (s *Store) EnsureVectorTable(ctx context.Context, t VectorTable) (VectorTable, error) {
	t.Name = VectorTableName(t.Model, t.Dim, t.DocumentPrefix)
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLockID); err != nil {
			return err
		}
		// Tables made before prefixes were part of the name are found by
		// their registry row.
		have, err := scanVectorTable(tx.QueryRow(ctx, vectorTableSQL+` WHERE table_name = $1
			OR (model = $2 AND dim = $3 AND document_prefix = $4) ORDER BY table_name = $1 DESC LIMIT 1`, t.Name, t.Model, t.Dim, t.DocumentPrefix))
		if err == nil {
			t = have
			return nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		id := pgx.Identifier{t.Name}.Sanitize()
		stmts := []string{
			fmt.Sprintf(`CREATE TABLE %s (
				chunk_id   bigint PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE,
				embed_hash bytea NOT NULL,
				embedding  vector(%d) NOT NULL)`, id, t.Dim),
			fmt.Sprintf(`CREATE INDEX ON %s (embed_hash)`, id),
			fmt.Sprintf(`CREATE INDEX ON %s USING hnsw (embedding vector_cosine_ops)`, id),
		}
		for _, q := range stmts {
			if _, err := tx.Exec(ctx, q); err != nil {
				return err
			}
		}
		return tx.QueryRow(ctx, `INSERT INTO embedding_tables (table_name, model, dim, max_tokens, document_prefix, query_prefix)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING created_at`, t.Name, t.Model, t.Dim, t.MaxTokens, t.DocumentPrefix, t.QueryPrefix).
			Scan(&t.CreatedAt)
	})
	return t, err
}

const vectorTableSQL = `SELECT table_name, model, dim, max_tokens, document_prefix, query_prefix, created_at FROM embedding_tables`

func scanVectorTable(row pgx.Row) (VectorTable, error) {
	var t VectorTable
	err := row.Scan(&t.Name, &t.Model, &t.Dim, &t.MaxTokens, &t.DocumentPrefix, &t.QueryPrefix, &t.CreatedAt)
	return t, err
}

// SetQueryPrefix records prefix as the query prefix of the collection's
// vectors in table (questions are embedded with it; stored vectors do not
// depend on it). Other collections keep theirs.
func (s *Store) SetQueryPrefix(ctx context.Context, collectionID int, table, prefix string) error {
	_, err := s.pool.Exec(ctx, `UPDATE collection_vectors SET query_prefix = $3 WHERE collection_id = $1 AND table_name = $2`,
		collectionID, table, prefix)
	return err
}

// CollectionVectors is a vector table as used by one collection.
type CollectionVectors struct {
	VectorTable
	// Complete is true when every chunk of the collection had a vector in
	// the table at CheckedAt and no chunk without one was stored since.
	Complete  bool
	CheckedAt time.Time
	// NullSimilarity holds the gate's off-topic baselines for this
	// collection and table by script of the question (text.Script names;
	// see SetNullSimilarity); a script is missing until measured.
	NullSimilarity map[string]float64
}

// CollectionVectorTables lists the vector tables that hold (or are being
// filled with) vectors of the collection, oldest first.
func (s *Store) CollectionVectorTables(ctx context.Context, collectionID int) ([]CollectionVectors, error) {
	rows, err := s.pool.Query(ctx, `SELECT e.table_name, e.model, e.dim, e.max_tokens, e.document_prefix, cv.query_prefix, e.created_at,
			cv.complete, cv.checked_at, cv.null_similarities
		FROM collection_vectors cv JOIN embedding_tables e USING (table_name)
		WHERE cv.collection_id = $1 ORDER BY e.created_at, e.table_name`, collectionID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []CollectionVectors
	for rows.Next() {
		var t CollectionVectors
		if err := rows.Scan(&t.Name, &t.Model, &t.Dim, &t.MaxTokens, &t.DocumentPrefix, &t.QueryPrefix, &t.CreatedAt,
			&t.Complete, &t.CheckedAt, &t.NullSimilarity); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// SelectVectorTable picks, from a collection's tables, the one retrieval
// uses for model (id) and documentPrefix: the exact match, else a complete
// table of the same model built with another document prefix (then
// otherPrefix is true). It returns -1 when there is none. Retrieval and
// `hrag status` share this choice.
func SelectVectorTable(tables []CollectionVectors, model, documentPrefix string) (i int, otherPrefix bool) {
	for i, t := range tables {
		if t.Model == model && t.DocumentPrefix == documentPrefix {
			return i, false
		}
	}
	for i, t := range tables {
		if t.Model == model && t.Complete {
			return i, true
		}
	}
	return -1, false
}

// AttachVectorTable registers table as a vector table of the collection,
// with the query prefix its questions use (incomplete until CheckVectors
// says otherwise); a registered one is left as it is.
func (s *Store) AttachVectorTable(ctx context.Context, collectionID int, table, queryPrefix string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO collection_vectors (collection_id, table_name, query_prefix) VALUES ($1, $2, $3)
		ON CONFLICT DO NOTHING`, collectionID, table, queryPrefix)
	return err
}

// VectorCoverage counts a collection's chunks and those with a vector in a
// table.
type VectorCoverage struct {
	Embedded int64 // chunks of the collection with a vector in the table
	Chunks   int64 // chunks of the collection
}

// Complete reports whether every chunk has a vector.
func (c VectorCoverage) Complete() bool { return c.Embedded == c.Chunks }

// CheckVectors counts the collection's chunks with and without a vector in
// table (one scan of the collection) and records whether the table is
// complete for it (the table must be attached: AttachVectorTable).
func (s *Store) CheckVectors(ctx context.Context, collectionID int, table string) (VectorCoverage, error) {
	c, err := s.VectorCoverage(ctx, collectionID, table)
	if err != nil {
		return c, err
	}
	_, err = s.pool.Exec(ctx, `UPDATE collection_vectors SET complete = $3, checked_at = now() WHERE collection_id = $1 AND table_name = $2`,
		collectionID, table, c.Complete())
	return c, err
}

// VectorCoverage counts the collection's chunks with a vector in table (one
// scan of the collection), without recording anything.
func (s *Store) VectorCoverage(ctx context.Context, collectionID int, table string) (VectorCoverage, error) {
	var c VectorCoverage
	err := s.pool.QueryRow(ctx, fmt.Sprintf(`SELECT count(*), count(v.chunk_id)
		FROM chunks k LEFT JOIN %s v ON v.chunk_id = k.id WHERE k.collection_id = $1`, pgx.Identifier{table}.Sanitize()),
		collectionID).Scan(&c.Chunks, &c.Embedded)
	return c, err
}

// StoredChunk is a chunk as stored, with what its embedding input is made of.
type StoredChunk struct {
	ID           int64
	DocumentID   int64
	Ordinal      int
	Path         string // the document's path
	Content      string
	EmbedContext string
	EmbedHash    []byte // SHA-256 of EmbedContext + Content
}

// MissingVectors returns the chunks of up to limitDocs documents of the
// collection, with ids above afterDocument, that have no vector in table,
// ordered by document id and ordinal: a page of the work `hrag reembed`
// does. An empty result means no such chunk is left.
func (s *Store) MissingVectors(ctx context.Context, collectionID int, table string, afterDocument int64, limitDocs int) ([]StoredChunk, error) {
	rows, err := s.pool.Query(ctx, fmt.Sprintf(`
		WITH docs AS (
			SELECT DISTINCT k.document_id FROM chunks k
			WHERE k.collection_id = $1 AND k.document_id > $2
			  AND NOT EXISTS (SELECT 1 FROM %[1]s v WHERE v.chunk_id = k.id)
			ORDER BY k.document_id LIMIT $3)
		SELECT k.id, k.document_id, k.ordinal, d.path, k.content, k.embed_context, k.embed_hash
		FROM chunks k JOIN docs USING (document_id) JOIN documents d ON d.id = k.document_id
		WHERE NOT EXISTS (SELECT 1 FROM %[1]s v WHERE v.chunk_id = k.id)
		ORDER BY k.document_id, k.ordinal`, pgx.Identifier{table}.Sanitize()), collectionID, afterDocument, limitDocs)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []StoredChunk
	for rows.Next() {
		var c StoredChunk
		if err := rows.Scan(&c.ID, &c.DocumentID, &c.Ordinal, &c.Path, &c.Content, &c.EmbedContext, &c.EmbedHash); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// PutVectors stores one vector per chunk id in table, in one transaction;
// ids, hashes (the chunks' embed hashes) and vecs are parallel slices. A
// chunk that already has a vector there keeps it.
func (s *Store) PutVectors(ctx context.Context, table string, ids []int64, hashes [][]byte, vecs [][]float32) error {
	if len(ids) != len(hashes) || len(ids) != len(vecs) {
		return fmt.Errorf("PutVectors: %d ids, %d hashes, %d vectors", len(ids), len(hashes), len(vecs))
	}
	if len(ids) == 0 {
		return nil
	}
	vs := make([]pgvector.Vector, len(vecs))
	for i, v := range vecs {
		vs[i] = pgvector.NewVector(v)
	}
	return describePgErr(s.exec(ctx, fmt.Sprintf(`INSERT INTO %s (chunk_id, embed_hash, embedding)
		SELECT * FROM unnest($1::bigint[], $2::bytea[], $3::vector[]) ON CONFLICT (chunk_id) DO NOTHING`,
		pgx.Identifier{table}.Sanitize()), ids, hashes, vs))
}

// DropVectors removes the collection's vectors of model from every table of
// that model (all dimensions and prefixes), in one transaction, and drops a
// table no collection uses any more. It returns the tables touched and the
// vectors removed. It does not check which model is configured: the caller
// must not drop the one in use.
func (s *Store) DropVectors(ctx context.Context, collectionID int, model string) (tables []string, removed int64, err error) {
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLockID); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT cv.table_name FROM collection_vectors cv JOIN embedding_tables e USING (table_name)
			WHERE cv.collection_id = $1 AND e.model = $2 ORDER BY 1`, collectionID, model)
		if err != nil {
			return err
		}
		tables, err = pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		for _, t := range tables {
			id := pgx.Identifier{t}.Sanitize()
			tag, err := tx.Exec(ctx, fmt.Sprintf(`DELETE FROM %s v USING chunks k WHERE k.id = v.chunk_id AND k.collection_id = $1`, id), collectionID)
			if err != nil {
				return err
			}
			removed += tag.RowsAffected()
			if _, err := tx.Exec(ctx, `DELETE FROM collection_vectors WHERE collection_id = $1 AND table_name = $2`, collectionID, t); err != nil {
				return err
			}
			var used bool
			if err := tx.QueryRow(ctx, fmt.Sprintf(`SELECT EXISTS (SELECT 1 FROM %s) OR EXISTS (SELECT 1 FROM collection_vectors WHERE table_name = $1)`, id), t).Scan(&used); err != nil {
				return err
			}
			if !used {
				if _, err := tx.Exec(ctx, `DROP TABLE `+id); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `DELETE FROM embedding_tables WHERE table_name = $1`, t); err != nil {
					return err
				}
			}
		}
		return nil
	})
	return tables, removed, err
}

// preserveVectors reads the vectors that the chunks of documents docIDs have
// in the collection's vector tables other than active, keyed by table and
// then by hex(embed hash), before their chunks are replaced.
func preserveVectors(ctx context.Context, tx pgx.Tx, collectionID int, active string, docIDs []int64) (map[string]map[string]pgvector.Vector, error) {
	rows, err := tx.Query(ctx, `SELECT table_name FROM collection_vectors WHERE collection_id = $1 AND table_name <> $2`, collectionID, active)
	if err != nil {
		return nil, err
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]pgvector.Vector{}
	for _, t := range tables {
		rows, err := tx.Query(ctx, fmt.Sprintf(`SELECT v.embed_hash, v.embedding FROM %s v JOIN chunks k ON k.id = v.chunk_id
			WHERE k.document_id = ANY($1)`, pgx.Identifier{t}.Sanitize()), docIDs)
		if err != nil {
			return nil, err
		}
		m := map[string]pgvector.Vector{}
		for rows.Next() {
			var h []byte
			var v pgvector.Vector
			if err := rows.Scan(&h, &v); err != nil {
				rows.Close()
				return nil, err
			}
			m[hex.EncodeToString(h)] = v
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
		out[t] = m
	}
	return out, nil
}

// restoreVectors gives the new chunks (ids, hashes parallel) the preserved
// vectors with the same embed hash, and marks a table incomplete for the
// collection when some new chunk has none there.
func restoreVectors(ctx context.Context, tx pgx.Tx, collectionID int, kept map[string]map[string]pgvector.Vector, ids []int64, hashes [][]byte) error {
	for t, m := range kept {
		var cids []int64
		var chs [][]byte
		var vs []pgvector.Vector
		for i, h := range hashes {
			if v, ok := m[hex.EncodeToString(h)]; ok {
				cids, chs, vs = append(cids, ids[i]), append(chs, h), append(vs, v)
			}
		}
		if len(cids) > 0 {
			if _, err := tx.Exec(ctx, fmt.Sprintf(`INSERT INTO %s (chunk_id, embed_hash, embedding)
				SELECT * FROM unnest($1::bigint[], $2::bytea[], $3::vector[])`, pgx.Identifier{t}.Sanitize()), cids, chs, vs); err != nil {
				return err
			}
		}
		if len(cids) < len(ids) {
			if _, err := tx.Exec(ctx, `UPDATE collection_vectors SET complete = false, checked_at = now()
				WHERE collection_id = $1 AND table_name = $2`, collectionID, t); err != nil {
				return err
			}
		}
	}
	return nil
}

// SetNullSimilarity records the gate's off-topic baseline for questions
// in script (a text.Script name) on the collection's vector table: the
// median best cosine similarity of that script's off-topic questions
// (measured by pkg/retrieve). The other scripts' baselines stay.
func (s *Store) SetNullSimilarity(ctx context.Context, collectionID int, table, script string, v float64) error {
	_, err := s.pool.Exec(ctx, `UPDATE collection_vectors SET null_similarities = null_similarities || jsonb_build_object($3::text, $4::float8)
		WHERE collection_id = $1 AND table_name = $2`, collectionID, table, script, v)
	return err
}

// ResetNullSimilarity forgets the collection's off-topic baselines, every
// script's (its content changed); the next question measures its own
// script's again.
func (s *Store) ResetNullSimilarity(ctx context.Context, collectionID int) error {
	return s.exec(ctx, `UPDATE collection_vectors SET null_similarities = '{}' WHERE collection_id = $1 AND null_similarities <> '{}'`, collectionID)
}
