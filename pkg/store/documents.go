package store

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/pgvector/pgvector-go"
)

// Collection is an independent index inside the database.
type Collection struct {
	ID        int
	Name      string
	FTSConfig string   // text-search configuration of its BM25 terms
	Roots     []string // absolute directories indexed into it
	CreatedAt time.Time
	IndexedAt time.Time // end of the last `hrag index` run; zero if none finished
}

// FTSConfigError: the text-search configuration asked for is not one of
// the server's (Have is empty), or collection Collection was created with
// another one, Have (BM25 terms would not match).
type FTSConfigError struct {
	Collection, Want, Have string
	Err                    error // the server's refusal, when Have is empty
}

func (e *FTSConfigError) Error() string {
	if e.Have == "" {
		return fmt.Sprintf("text-search configuration %s is not one of this server's (try english or simple): %v", e.Want, e.Err)
	}
	return fmt.Sprintf("collection %q uses text-search configuration %s, not %s", e.Collection, e.Have, e.Want)
}

func (e *FTSConfigError) Unwrap() error { return e.Err }

// EnsureCollection returns the collection called name, creating it with
// ftsConfig when it does not exist. It fails with a *FTSConfigError when
// ftsConfig is not a text-search configuration of the server, or when the
// collection was created with another one.
func (s *Store) EnsureCollection(ctx context.Context, name, ftsConfig string) (Collection, error) {
	if _, err := s.pool.Exec(ctx, `SELECT $1::regconfig`, ftsConfig); err != nil {
		return Collection{}, &FTSConfigError{Collection: name, Want: ftsConfig, Err: err}
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO collections (name, fts_config) VALUES ($1, $2::regconfig) ON CONFLICT (name) DO NOTHING`, name, ftsConfig); err != nil {
		return Collection{}, err
	}
	c, err := s.Collection(ctx, name)
	if err != nil {
		return c, err
	}
	if c.FTSConfig != ftsConfig {
		return c, &FTSConfigError{Collection: name, Want: ftsConfig, Have: c.FTSConfig}
	}
	return c, nil
}

// ErrNoCollection reports a collection name that does not exist
// (errors.Is matches a *NoCollectionError).
var ErrNoCollection = errors.New("no such collection")

// NoCollectionError says that collection Name does not exist.
type NoCollectionError struct{ Name string }

func (e *NoCollectionError) Error() string { return fmt.Sprintf("%v: %q", ErrNoCollection, e.Name) }

// Is makes errors.Is(err, ErrNoCollection) hold.
func (e *NoCollectionError) Is(target error) bool { return target == ErrNoCollection }

// Collection looks a collection up by name; a *NoCollectionError when
// absent.
func (s *Store) Collection(ctx context.Context, name string) (Collection, error) {
	c, err := scanCollection(s.pool.QueryRow(ctx, collectionSQL+` WHERE name = $1`, name))
	if errors.Is(err, pgx.ErrNoRows) {
		return c, &NoCollectionError{Name: name}
	}
	return c, err
}

// Collections lists every collection by name.
func (s *Store) Collections(ctx context.Context) ([]Collection, error) {
	rows, err := s.pool.Query(ctx, collectionSQL+` ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Collection
	for rows.Next() {
		c, err := scanCollection(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

const collectionSQL = `SELECT id, name, fts_config::text, roots, created_at, indexed_at FROM collections`

func scanCollection(row pgx.Row) (Collection, error) {
	var c Collection
	var indexed *time.Time
	err := row.Scan(&c.ID, &c.Name, &c.FTSConfig, &c.Roots, &c.CreatedAt, &indexed)
	if indexed != nil {
		c.IndexedAt = *indexed
	}
	return c, err
}

// DatabaseSize returns the size of the current database in bytes
// (pg_database_size).
func (s *Store) DatabaseSize(ctx context.Context) (int64, error) {
	var n int64
	err := s.pool.QueryRow(ctx, `SELECT pg_database_size(current_database())`).Scan(&n)
	return n, err
}

// AddRoots records absolute directories as indexed roots of the collection
// (an index run does so when it starts, so that the files of an interrupted
// first run still count as not yet indexed).
func (s *Store) AddRoots(ctx context.Context, collectionID int, roots []string) error {
	return s.exec(ctx, `UPDATE collections SET
		roots = (SELECT coalesce(array_agg(DISTINCT r ORDER BY r), '{}') FROM unnest(roots || $2::text[]) r)
		WHERE id = $1`, collectionID, roots)
}

// MarkIndexed stamps the collection's last index time (collections.indexed_at)
// with now: an index run that completed.
func (s *Store) MarkIndexed(ctx context.Context, collectionID int) error {
	return s.exec(ctx, `UPDATE collections SET indexed_at = now() WHERE id = $1`, collectionID)
}

// DocumentState is what the index knows about a file, for change detection.
type DocumentState struct {
	ID    int64
	Path  string
	Hash  []byte // SHA-256 of the file bytes
	Size  int64
	MTime time.Time
	Title string
	// Chunking is the key the document's chunks were cut under
	// (Document.Chunking; "" before it was recorded).
	Chunking string
}

// DocumentStates returns every document of the collection keyed by path.
func (s *Store) DocumentStates(ctx context.Context, collectionID int) (map[string]DocumentState, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, path, content_hash, size, mtime, title, chunking FROM documents WHERE collection_id = $1`, collectionID)
	if err != nil {
		return nil, err
	}
	out := map[string]DocumentState{}
	for rows.Next() {
		var d DocumentState
		if err := rows.Scan(&d.ID, &d.Path, &d.Hash, &d.Size, &d.MTime, &d.Title, &d.Chunking); err != nil {
			return nil, err
		}
		out[d.Path] = d
	}
	return out, rows.Err()
}

// Document is a file's new version with its chunks, ready to store.
type Document struct {
	Path  string
	Title string
	// Format is the file's format (extract.Format: "markdown", "text",
	// "org", "rst", "html", "pdf", "docx", "odt"); it says how Body is read
	// back when the document is re-chunked.
	Format string
	Body   string // the file's text, or the extracted document as JSON (extract.Result.Body)
	Hash   []byte
	Size   int64
	MTime  time.Time
	// Tags, Date and Meta are the front matter's (extract.Metadata): tags
	// normalised, the date in UTC (zero: none, and the date filters use
	// MTime), the other keys and aliases as a JSON object (nil: none).
	Tags []string
	Date time.Time
	Meta []byte
	// Chunking names what the chunks were cut under besides the file's
	// bytes (the indexer's version and chunk settings); opaque here.
	Chunking string
	// Language is the document's detected language, a lower-case English
	// name ("german"; "" when not detected), and FTSConfig the text-search
	// configuration its chunks' BM25 terms are made with ("" = the
	// collection's). An unknown configuration fails the store.
	Language, FTSConfig string
	Chunks              []Chunk
}

// Chunk is a passage to store, with its embedding.
type Chunk struct {
	Ordinal      int
	Content      string
	Breadcrumb   string
	EmbedContext string
	StartLine    int // 1-based, inclusive; 0 (stored as NULL) when the format has no lines
	EndLine      int
	StartPage    int // 1-based, inclusive; 0 (stored as NULL) when the format has no pages
	EndPage      int
	Tokens       int
	EmbedHash    []byte    // SHA-256 of EmbedContext + Content
	Embedding    []float32 // length = the vector table's dimension
	// Injections is the number of spans of Content addressed to an AI
	// assistant (injection.Detect) when it was stored.
	Injections int
}

// Embeddings returns the stored vectors of table whose embed hash is among
// hashes, keyed by hex(hash): chunks with these hashes need no embedding.
func (s *Store) Embeddings(ctx context.Context, table string, hashes [][]byte) (map[string][]float32, error) {
	out := map[string][]float32{}
	if len(hashes) == 0 {
		return out, nil
	}
	// Read between an index run's writes: retried like them (write).
	err := s.write(ctx, func(ctx context.Context) error {
		clear(out)
		rows, err := s.pool.Query(ctx, fmt.Sprintf(`SELECT DISTINCT ON (embed_hash) embed_hash, embedding FROM %s WHERE embed_hash = ANY($1)`,
			pgx.Identifier{table}.Sanitize()), hashes)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var h []byte
			var v pgvector.Vector
			if err := rows.Scan(&h, &v); err != nil {
				return err
			}
			out[hex.EncodeToString(h)] = v.Slice()
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// PutDocument stores doc as the new version of its path in one transaction
// (PutDocuments with one document). Returns the document id.
func (s *Store) PutDocument(ctx context.Context, collectionID int, table string, doc Document) (int64, error) {
	ids, err := s.PutDocuments(ctx, collectionID, table, []Document{doc})
	if err != nil {
		return 0, fmt.Errorf("storing %s: %w", doc.Path, err)
	}
	return ids[0], nil
}

// PutDocuments stores docs (distinct paths) as the new versions of their
// paths in one transaction: each document row is inserted or updated, its
// old chunks (with their BM25 postings and vectors) are deleted and the new
// ones inserted with their vectors into table. In the collection's other
// vector tables (other models) a new chunk gets the old chunk's vector when
// their embed hashes match; when some new chunk has none there, that table
// is marked incomplete for the collection. Killed at any point, the
// database holds either the old or the new version of every document.
// Returns the document ids, parallel to docs.
//
// The work is a fixed number of statements whatever len(docs): the chunks
// of all documents are inserted by one statement, so the BM25 trigger
// (bm25_add_chunks) rewrites each term's open postings block once for the
// group instead of once per document.
func (s *Store) PutDocuments(ctx context.Context, collectionID int, table string, docs []Document) ([]int64, error) {
	if len(docs) == 0 {
		return nil, nil
	}
	var ids []int64
	err := s.write(ctx, func(ctx context.Context) error {
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			var err error
			if ids, err = putDocuments(ctx, tx, collectionID, table, docs); err != nil {
				return err
			}
			return s.lock.check(ctx, tx)
		})
	})
	if err != nil {
		return nil, describePgErr(err)
	}
	return ids, nil
}

// putDocuments is PutDocuments inside the caller's transaction.
func putDocuments(ctx context.Context, tx pgx.Tx, collectionID int, table string, docs []Document) ([]int64, error) {
	nd := len(docs)
	seen := make(map[string]bool, nd)
	for _, d := range docs {
		if seen[d.Path] {
			return nil, fmt.Errorf("document %s is twice in one call", d.Path)
		}
		seen[d.Path] = true
	}
	paths, hashes, sizes, mtimes := make([]string, nd), make([][]byte, nd), make([]int64, nd), make([]time.Time, nd)
	titles, bodies, formats, chunkings := make([]string, nd), make([]string, nd), make([]string, nd), make([]string, nd)
	langs, cfgs := make([]*string, nd), make([]*string, nd) // NULL: not detected / the collection's
	// Tags travel as one JSON array per document (unnest cannot take a
	// ragged text[][]), dates as NULL or a time, metadata as NULL or JSON.
	tags, dates, metas := make([]string, nd), make([]*time.Time, nd), make([]*string, nd)
	for i, d := range docs {
		paths[i], hashes[i], sizes[i], mtimes[i], titles[i], bodies[i], formats[i] = d.Path, d.Hash, d.Size, d.MTime, d.Title, d.Body, d.Format
		chunkings[i] = d.Chunking
		if d.Language != "" {
			langs[i] = &d.Language
		}
		if d.FTSConfig != "" {
			cfgs[i] = &d.FTSConfig
		}
		if formats[i] == "" {
			formats[i] = "text"
		}
		tj, err := json.Marshal(append([]string{}, d.Tags...))
		if err != nil {
			return nil, err
		}
		tags[i] = string(tj)
		if !d.Date.IsZero() {
			dates[i] = &d.Date
		}
		if len(d.Meta) > 0 {
			m := string(d.Meta)
			metas[i] = &m
		}
	}
	rows, err := tx.Query(ctx, `INSERT INTO documents (collection_id, path, content_hash, size, mtime, title, body, format, tags, doc_date, meta, chunking, language, fts_config)
		SELECT $1, p, h, s, m, t, b, f, ARRAY(SELECT jsonb_array_elements_text(tg)), dd, md, ck, lg, fc::regconfig
		FROM unnest($2::text[], $3::bytea[], $4::int8[], $5::timestamptz[], $6::text[], $7::text[], $8::text[], $9::jsonb[], $10::timestamptz[], $11::jsonb[], $12::text[], $13::text[], $14::text[])
			AS u(p, h, s, m, t, b, f, tg, dd, md, ck, lg, fc)
		ON CONFLICT (collection_id, path) DO UPDATE SET content_hash = EXCLUDED.content_hash, size = EXCLUDED.size,
			mtime = EXCLUDED.mtime, title = EXCLUDED.title, body = EXCLUDED.body, format = EXCLUDED.format,
			tags = EXCLUDED.tags, doc_date = EXCLUDED.doc_date, meta = EXCLUDED.meta, chunking = EXCLUDED.chunking,
			language = EXCLUDED.language, fts_config = EXCLUDED.fts_config, indexed_at = now()
		RETURNING id, path`, collectionID, paths, hashes, sizes, mtimes, titles, bodies, formats, tags, dates, metas, chunkings, langs, cfgs)
	if err != nil {
		return nil, err
	}
	byPath := make(map[string]int64, nd)
	for rows.Next() {
		var id int64
		var p string
		if err := rows.Scan(&id, &p); err != nil {
			rows.Close()
			return nil, err
		}
		byPath[p] = id
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	docIDs := make([]int64, nd)
	for i, p := range paths {
		id, ok := byPath[p]
		if !ok {
			return nil, fmt.Errorf("document %s was not stored", p)
		}
		docIDs[i] = id
	}
	if _, err := tx.Exec(ctx, `DELETE FROM skipped_files WHERE collection_id = $1 AND path = ANY($2)`, collectionID, paths); err != nil {
		return nil, err
	}
	kept, err := preserveVectors(ctx, tx, collectionID, table, docIDs)
	if err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM chunks WHERE document_id = ANY($1)`, docIDs); err != nil {
		return nil, err
	}
	n := 0
	for _, d := range docs {
		n += len(d.Chunks)
	}
	if n == 0 {
		return docIDs, nil
	}
	doc, ord, start, end, toks, inj := make([]int64, 0, n), make([]int32, 0, n), make([]int32, 0, n), make([]int32, 0, n), make([]int32, 0, n), make([]int32, 0, n)
	page0, page1 := make([]int32, 0, n), make([]int32, 0, n)
	content, crumb, ectx := make([]string, 0, n), make([]string, 0, n), make([]string, 0, n)
	chunkHashes, vecs := make([][]byte, 0, n), make([][]float32, 0, n)
	for i, d := range docs {
		for _, c := range d.Chunks {
			doc, ord, start, end, toks, inj = append(doc, docIDs[i]), append(ord, int32(c.Ordinal)), append(start, int32(c.StartLine)),
				append(end, int32(c.EndLine)), append(toks, int32(c.Tokens)), append(inj, int32(c.Injections))
			page0, page1 = append(page0, int32(c.StartPage)), append(page1, int32(c.EndPage))
			content, crumb, ectx = append(content, c.Content), append(crumb, c.Breadcrumb), append(ectx, c.EmbedContext)
			chunkHashes, vecs = append(chunkHashes, c.EmbedHash), append(vecs, c.Embedding)
		}
	}
	// Each chunk takes its document's configuration (stored on the document
	// just above, in this transaction): the BM25 insert trigger analyses it
	// with that one, and the delete trigger later with the same.
	rows, err = tx.Query(ctx, `INSERT INTO chunks (document_id, collection_id, ordinal, content, breadcrumb, embed_context,
			start_line, end_line, page_start, page_end, token_count, embed_hash, injections, fts_config)
		SELECT d, $1, o, c, b, e, nullif(s, 0), nullif(t, 0), nullif(p, 0), nullif(q, 0), k, h, i,
			(SELECT dd.fts_config FROM documents dd WHERE dd.id = u.d)
		FROM unnest($2::int8[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[], $9::int[], $10::int[], $11::int[],
			$12::bytea[], $13::int[]) AS u(d, o, c, b, e, s, t, p, q, k, h, i)
		RETURNING id, document_id, ordinal`, collectionID, doc, ord, content, crumb, ectx, start, end, page0, page1, toks, chunkHashes, inj)
	if err != nil {
		return nil, err
	}
	type key struct {
		doc int64
		ord int32
	}
	byKey := make(map[key]int64, n)
	for rows.Next() {
		var id int64
		var k key
		if err := rows.Scan(&id, &k.doc, &k.ord); err != nil {
			rows.Close()
			return nil, err
		}
		byKey[k] = id
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	chunkIDs := make([]int64, n)
	for i := range chunkIDs {
		id, ok := byKey[key{doc[i], ord[i]}]
		if !ok {
			return nil, fmt.Errorf("chunk %d of document %d was not stored", ord[i], doc[i])
		}
		chunkIDs[i] = id
	}
	_, err = tx.CopyFrom(ctx, pgx.Identifier{table}, []string{"chunk_id", "embed_hash", "embedding"},
		pgx.CopyFromSlice(n, func(i int) ([]any, error) {
			return []any{chunkIDs[i], chunkHashes[i], pgvector.NewVector(vecs[i])}, nil
		}))
	if err != nil {
		return nil, err
	}
	return docIDs, restoreVectors(ctx, tx, collectionID, kept, chunkIDs, chunkHashes)
}

// LoadDocument returns the stored document id without its chunks: what
// `hrag reembed` re-chunks when the files are gone.
func (s *Store) LoadDocument(ctx context.Context, id int64) (Document, error) {
	var d Document
	err := s.pool.QueryRow(ctx, `SELECT path, title, body, format, content_hash, size, mtime, chunking, coalesce(language, ''), coalesce(fts_config::text, '')
		FROM documents WHERE id = $1`, id).
		Scan(&d.Path, &d.Title, &d.Body, &d.Format, &d.Hash, &d.Size, &d.MTime, &d.Chunking, &d.Language, &d.FTSConfig)
	return d, err
}

// TextSearchConfigs returns the names of the server's text-search
// configurations (pg_ts_config: "english", "german", "simple", ...).
func (s *Store) TextSearchConfigs(ctx context.Context) (map[string]bool, error) {
	rows, err := s.pool.Query(ctx, `SELECT cfgname::text FROM pg_ts_config`)
	if err != nil {
		return nil, err
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[n] = true
	}
	return out, err
}

// LanguageCount is a language of a collection's documents with the
// text-search configuration they are analysed with and how many there are.
// Language "" counts the documents whose language was not detected, and
// Config "" those analysed with the collection's configuration.
type LanguageCount struct {
	Language  string `json:"language"`
	Config    string `json:"fts_config"`
	Documents int64  `json:"documents"`
}

// Languages returns the collection's languages, most documents first (then
// by name), the undetected last.
func (s *Store) Languages(ctx context.Context, collectionID int) ([]LanguageCount, error) {
	rows, err := s.pool.Query(ctx, `SELECT coalesce(language, ''), coalesce(fts_config::text, ''), count(*)
		FROM documents WHERE collection_id = $1 GROUP BY 1, 2 ORDER BY coalesce(language, '') = '', 3 DESC, 1, 2`, collectionID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[LanguageCount])
}

// TouchDocument records a new size and mtime for a document whose content
// did not change.
func (s *Store) TouchDocument(ctx context.Context, id int64, size int64, mtime time.Time) error {
	return s.exec(ctx, `UPDATE documents SET size = $2, mtime = $3 WHERE id = $1`, id, size, mtime)
}

// MoveDocument gives an indexed document a new path (a renamed file with the
// same content); its chunks and vectors are kept.
func (s *Store) MoveDocument(ctx context.Context, id int64, path string, size int64, mtime time.Time) error {
	return s.exec(ctx, `UPDATE documents SET path = $2, size = $3, mtime = $4, indexed_at = now() WHERE id = $1`, id, path, size, mtime)
}

// DeleteDocuments removes documents with their chunks, postings and vectors,
// in one transaction.
func (s *Store) DeleteDocuments(ctx context.Context, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	return s.exec(ctx, `DELETE FROM documents WHERE id = ANY($1)`, ids)
}

// HasChunks reports whether the collection holds any chunk.
func (s *Store) HasChunks(ctx context.Context, collectionID int) (bool, error) {
	var ok bool
	err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM chunks WHERE collection_id = $1)`, collectionID).Scan(&ok)
	return ok, err
}

// Counts are the collection's sizes.
type Counts struct {
	Documents int64
	Chunks    int64
	// Flagged is the number of chunks holding text addressed to an AI
	// assistant (Chunk.Injections > 0 when stored).
	Flagged int64
}

// Count returns the collection's document, chunk and flagged-chunk counts.
func (s *Store) Count(ctx context.Context, collectionID int) (Counts, error) {
	var c Counts
	err := s.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM documents WHERE collection_id = $1),
		(SELECT count(*) FROM chunks WHERE collection_id = $1),
		(SELECT count(*) FROM chunks WHERE collection_id = $1 AND injections > 0)`, collectionID).Scan(&c.Documents, &c.Chunks, &c.Flagged)
	return c, err
}

func describePgErr(err error) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Detail != "" {
		return fmt.Errorf("%w (%s)", err, pgErr.Detail)
	}
	return err
}

// ForgetPath removes from the collection every document at or under the
// absolute path dir (with chunks, postings and vectors), the binary files
// remembered there, and dir from the collection's roots, in one
// transaction. It returns the number of documents removed.
func (s *Store) ForgetPath(ctx context.Context, collectionID int, dir string) (int64, error) {
	var n int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// $3 is dir with one trailing "/" ("/" stays "/").
		under := `(path = $2 OR starts_with(path, $3))`
		prefix := strings.TrimSuffix(dir, "/") + "/"
		tag, err := tx.Exec(ctx, `DELETE FROM documents WHERE collection_id = $1 AND `+under, collectionID, dir, prefix)
		if err != nil {
			return err
		}
		n = tag.RowsAffected()
		if _, err := tx.Exec(ctx, `DELETE FROM skipped_files WHERE collection_id = $1 AND `+under, collectionID, dir, prefix); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE collections SET roots = array(SELECT r FROM unnest(roots) r
			WHERE NOT (r = $2 OR starts_with(r, $3))) WHERE id = $1`, collectionID, dir, prefix)
		return err
	})
	return n, err
}

// DropCollection deletes a collection with all its documents, chunks,
// postings and vectors (vector tables stay for other collections).
func (s *Store) DropCollection(ctx context.Context, collectionID int) error {
	_, err := s.pool.Exec(ctx, `DELETE FROM collections WHERE id = $1`, collectionID)
	return err
}

// RealPath is the identity of a file or folder in the index: p made
// absolute and cleaned, with symbolic links resolved when it exists (a
// folder indexed once directly and once through a link is one folder). A
// path that does not exist (any more) is only made absolute.
func RealPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real, nil
	}
	return abs, nil
}
