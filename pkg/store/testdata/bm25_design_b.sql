-- Design B (benchmark only; lost to sql/0002_bm25.sql): the chunk's tsvector
-- with a GIN index; BM25 is computed from the positions of the GIN-matched
-- rows. df and the statistics are kept exact by triggers as in the others.
CREATE TABLE bm25b_stats (
    collection_id int PRIMARY KEY REFERENCES collections(id) ON DELETE CASCADE,
    n bigint NOT NULL, total_len bigint NOT NULL, vocabulary bigint NOT NULL);
CREATE TABLE bm25b_terms (
    collection_id int NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    term text COLLATE "C" NOT NULL, df int NOT NULL, PRIMARY KEY (collection_id, term));
CREATE TABLE bm25b_docs (
    chunk_id bigint PRIMARY KEY, collection_id int NOT NULL, dl int NOT NULL, tsv tsvector NOT NULL);
CREATE INDEX bm25b_docs_tsv ON bm25b_docs USING gin (tsv);

CREATE FUNCTION bm25b_chunks_insert() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE dummy bigint;
BEGIN
    PERFORM pg_advisory_xact_lock(x'686d3237'::int, c) FROM (SELECT DISTINCT collection_id c FROM new_chunks ORDER BY 1) x;
    WITH d AS MATERIALIZED (
        SELECT n.id, n.collection_id, to_tsvector(c.fts_config, n.content) AS tsv
        FROM new_chunks n JOIN collections c ON c.id = n.collection_id
    ), dd AS MATERIALIZED (
        SELECT d.*, coalesce((SELECT sum(array_length(v.positions, 1)) FROM unnest(d.tsv) v), 0) AS dl FROM d
    ), ins AS (
        INSERT INTO bm25b_docs (chunk_id, collection_id, dl, tsv) SELECT id, collection_id, dl, tsv FROM dd RETURNING 1
    ), tc AS (
        SELECT dd.collection_id, v.lexeme, count(*) cnt FROM dd, unnest(dd.tsv) v GROUP BY 1, 2
    ), up AS (
        INSERT INTO bm25b_terms AS t (collection_id, term, df) SELECT collection_id, lexeme, cnt FROM tc ORDER BY 1, 2
        ON CONFLICT (collection_id, term) DO UPDATE SET df = t.df + EXCLUDED.df
        RETURNING t.collection_id, t.term, t.df
    ), nv AS (
        SELECT up.collection_id, count(*) v FROM up JOIN tc ON tc.collection_id = up.collection_id AND tc.lexeme = up.term
        WHERE up.df = tc.cnt GROUP BY 1
    ), ust AS (
        INSERT INTO bm25b_stats AS s (collection_id, n, total_len, vocabulary)
        SELECT dd.collection_id, count(*), sum(dd.dl), coalesce(max(nv.v), 0) FROM dd LEFT JOIN nv USING (collection_id) GROUP BY 1 ORDER BY 1
        ON CONFLICT (collection_id) DO UPDATE SET n = s.n + EXCLUDED.n, total_len = s.total_len + EXCLUDED.total_len,
            vocabulary = s.vocabulary + EXCLUDED.vocabulary
        RETURNING 1
    )
    SELECT (SELECT count(*) FROM ins) + (SELECT count(*) FROM ust) INTO dummy;
    RETURN NULL;
END $$;

CREATE FUNCTION bm25b_chunks_delete() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE dummy bigint;
BEGIN
    PERFORM pg_advisory_xact_lock(x'686d3237'::int, c) FROM (SELECT DISTINCT collection_id c FROM old_chunks ORDER BY 1) x;
    WITH del AS (
        DELETE FROM bm25b_docs d USING old_chunks o WHERE d.chunk_id = o.id RETURNING d.collection_id, d.dl, d.tsv
    ), dm AS MATERIALIZED (SELECT * FROM del
    ), rm AS (SELECT dm.collection_id, v.lexeme, count(*) cnt FROM dm, unnest(dm.tsv) v GROUP BY 1, 2
    ), tupd AS (
        UPDATE bm25b_terms t SET df = t.df - rm.cnt FROM rm
        WHERE t.collection_id = rm.collection_id AND t.term = rm.lexeme AND t.df > rm.cnt RETURNING 1
    ), tdel AS (
        DELETE FROM bm25b_terms t USING rm
        WHERE t.collection_id = rm.collection_id AND t.term = rm.lexeme AND t.df <= rm.cnt RETURNING t.collection_id
    ), supd AS (
        UPDATE bm25b_stats s SET n = s.n - x.n, total_len = s.total_len - x.len,
            vocabulary = s.vocabulary - (SELECT count(*) FROM tdel WHERE tdel.collection_id = s.collection_id)
        FROM (SELECT collection_id, count(*) n, sum(dl) len FROM dm GROUP BY 1) x WHERE x.collection_id = s.collection_id
        RETURNING 1
    )
    SELECT (SELECT count(*) FROM tupd) + (SELECT count(*) FROM supd) INTO dummy;
    RETURN NULL;
END $$;

CREATE TRIGGER bm25b_chunks_insert AFTER INSERT ON chunks REFERENCING NEW TABLE AS new_chunks
    FOR EACH STATEMENT EXECUTE FUNCTION bm25b_chunks_insert();
CREATE TRIGGER bm25b_chunks_delete AFTER DELETE ON chunks REFERENCING OLD TABLE AS old_chunks
    FOR EACH STATEMENT EXECUTE FUNCTION bm25b_chunks_delete();

-- GIN finds the chunks holding any query lexeme; tf comes from the positions
-- of just those lexemes (setweight + ts_filter keep them), dl from the row.
CREATE FUNCTION bm25b_search(p_collection int, p_query text, p_limit int)
RETURNS TABLE (chunk_id bigint, score float8)
LANGUAGE plpgsql STABLE SET search_path FROM CURRENT SET jit = off AS $$
DECLARE
    k1 CONSTANT float8 := 1.2; b CONSTANT float8 := 0.75;
    cfg regconfig; n bigint; tlen bigint; kc float8; kd float8;
    lex text[]; ws float8[]; tsq tsquery;
BEGIN
    SELECT c.fts_config, s.n, s.total_len INTO cfg, n, tlen
    FROM collections c JOIN bm25b_stats s ON s.collection_id = c.id WHERE c.id = p_collection;
    IF NOT FOUND OR n = 0 OR tlen = 0 THEN RETURN; END IF;
    kc := k1 * (1 - b); kd := k1 * b / (tlen::float8 / n);
    SELECT array_agg(q.lexeme), array_agg(array_length(q.positions, 1) * ln(1 + (n - t.df + 0.5::float8) / (t.df + 0.5::float8)) * (k1 + 1))
    INTO lex, ws
    FROM unnest(to_tsvector(cfg, p_query)) q JOIN bm25b_terms t ON t.collection_id = p_collection AND t.term = q.lexeme;
    IF lex IS NULL THEN RETURN; END IF;
    tsq := array_to_string(ARRAY(SELECT quote_literal(l) FROM unnest(lex) l), ' | ')::tsquery;
    RETURN QUERY
    SELECT s.c, s.sc FROM (
        SELECT d.chunk_id AS c,
               sum(qw.w * array_length(v.positions, 1) / (array_length(v.positions, 1) + kc + kd * d.dl)) AS sc
        FROM bm25b_docs d
        CROSS JOIN LATERAL unnest(ts_filter(setweight(d.tsv, 'A', lex), '{a}')) v
        JOIN unnest(lex, ws) qw(l, w) ON qw.l = v.lexeme
        WHERE d.tsv @@ tsq AND d.collection_id = p_collection
        GROUP BY 1) s
    ORDER BY s.sc DESC, s.c LIMIT p_limit;
END $$;
