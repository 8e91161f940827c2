-- Documents and their chunks. One row per file per collection; chunks are the
-- passages that retrieval returns. Vectors live in one table per embedding
-- model (see embedding_tables); BM25 state lives in the bm25_* tables.

CREATE TABLE collections (
    id          serial PRIMARY KEY,
    name        text NOT NULL UNIQUE,
    -- PostgreSQL text-search configuration used for BM25 terms (RAG_FTS_CONFIG).
    fts_config  regconfig NOT NULL,
    -- Absolute root paths that `hrag index` was pointed at (for pruning and status).
    roots       text[] NOT NULL DEFAULT '{}',
    created_at  timestamptz NOT NULL DEFAULT now(),
    indexed_at  timestamptz
);

CREATE TABLE documents (
    id            bigserial PRIMARY KEY,
    collection_id int NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    path          text NOT NULL,          -- absolute, cleaned path of the file
    content_hash  bytea NOT NULL,         -- SHA-256 of the file bytes as read
    size          bigint NOT NULL,        -- bytes
    mtime         timestamptz NOT NULL,
    title         text NOT NULL,
    body          text NOT NULL,          -- full text after UTF-8 repair, BOM and CRLF normalisation
    indexed_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (collection_id, path)
);
CREATE INDEX documents_hash_idx ON documents (collection_id, content_hash);

CREATE TABLE chunks (
    id            bigserial PRIMARY KEY,
    document_id   bigint NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    collection_id int NOT NULL,           -- copy of documents.collection_id for filters and BM25
    ordinal       int NOT NULL,           -- 0-based position in the document
    content       text NOT NULL,          -- the passage as stored and shown
    breadcrumb    text NOT NULL,          -- "[Title > Section > Subsection]"
    embed_context text NOT NULL,          -- breadcrumb line + overlap tail, prepended to content when embedding
    start_line    int NOT NULL,           -- 1-based, inclusive, in the original file
    end_line      int NOT NULL,
    token_count   int NOT NULL,           -- tokens of content, embedding tokenizer, no special tokens
    embed_hash    bytea NOT NULL,         -- SHA-256 of embed_context || content
    UNIQUE (document_id, ordinal)
);
CREATE INDEX chunks_collection_idx ON chunks (collection_id);

-- One row per vector table: which model and prefixes produced its vectors.
CREATE TABLE embedding_tables (
    table_name      text PRIMARY KEY,
    model           text NOT NULL,
    dim             int NOT NULL,
    max_tokens      int NOT NULL,
    document_prefix text NOT NULL,
    query_prefix    text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);
