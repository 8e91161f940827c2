-- Design A (benchmark only; lost to sql/0002_bm25.sql): one row per posting,
-- PK (term_id, chunk_id) INCLUDE (tf, dl) for index-only scans, terms with df
-- and per-term bounds, one stats row per collection; statement-level triggers.
CREATE TABLE bm25a_stats (
    collection_id int PRIMARY KEY REFERENCES collections(id) ON DELETE CASCADE,
    n bigint NOT NULL, total_len bigint NOT NULL, vocabulary bigint NOT NULL);
CREATE TABLE bm25a_terms (
    id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    collection_id int NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    term text COLLATE "C" NOT NULL, df int NOT NULL, max_tf int NOT NULL, min_dl int NOT NULL,
    UNIQUE (collection_id, term));
CREATE TABLE bm25a_postings (
    term_id int NOT NULL, chunk_id bigint NOT NULL, tf int2 NOT NULL, dl int NOT NULL,
    PRIMARY KEY (term_id, chunk_id) INCLUDE (tf, dl));

CREATE FUNCTION bm25a_chunks_insert() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE dummy bigint;
BEGIN
    PERFORM pg_advisory_xact_lock(x'686d3236'::int, c) FROM (SELECT DISTINCT collection_id c FROM new_chunks ORDER BY 1) x;
    WITH nc AS MATERIALIZED (
        SELECT n.id, n.collection_id, n.content, c.fts_config FROM new_chunks n JOIN collections c ON c.id = n.collection_id
    ), p AS MATERIALIZED (
        SELECT nc.collection_id, nc.id AS chunk_id, v.lexeme, array_length(v.positions, 1) AS tf,
               sum(array_length(v.positions, 1)) OVER (PARTITION BY nc.id) AS dl
        FROM nc CROSS JOIN LATERAL unnest(to_tsvector(nc.fts_config, nc.content)) v
    ), tc AS MATERIALIZED (
        SELECT collection_id, lexeme, count(*) cnt, max(tf) mtf, min(dl) mdl FROM p GROUP BY 1, 2
    ), up AS (
        INSERT INTO bm25a_terms AS t (collection_id, term, df, max_tf, min_dl)
        SELECT collection_id, lexeme, cnt, mtf, mdl FROM tc ORDER BY 1, 2
        ON CONFLICT (collection_id, term) DO UPDATE
           SET df = t.df + EXCLUDED.df, max_tf = greatest(t.max_tf, EXCLUDED.max_tf), min_dl = least(t.min_dl, EXCLUDED.min_dl)
        RETURNING t.id, t.collection_id, t.term, t.df
    ), ut AS MATERIALIZED (
        SELECT up.*, up.df = tc.cnt AS is_new FROM up JOIN tc ON tc.collection_id = up.collection_id AND tc.lexeme = up.term
    ), ins AS (
        INSERT INTO bm25a_postings (term_id, chunk_id, tf, dl)
        SELECT ut.id, p.chunk_id, p.tf, p.dl FROM p JOIN ut ON ut.collection_id = p.collection_id AND ut.term = p.lexeme
        ORDER BY 1, 2
        RETURNING 1
    ), st AS (
        SELECT nc.collection_id, count(*) AS n,
               coalesce((SELECT sum(p.tf) FROM p WHERE p.collection_id = nc.collection_id), 0) AS len
        FROM nc GROUP BY 1
    ), ust AS (
        INSERT INTO bm25a_stats AS s (collection_id, n, total_len, vocabulary)
        SELECT st.collection_id, st.n, st.len, (SELECT count(*) FROM ut WHERE ut.is_new AND ut.collection_id = st.collection_id)
        FROM st ORDER BY 1
        ON CONFLICT (collection_id) DO UPDATE SET n = s.n + EXCLUDED.n, total_len = s.total_len + EXCLUDED.total_len,
            vocabulary = s.vocabulary + EXCLUDED.vocabulary
        RETURNING 1
    )
    SELECT (SELECT count(*) FROM ins) + (SELECT count(*) FROM ust) INTO dummy;
    RETURN NULL;
END $$;

CREATE FUNCTION bm25a_chunks_delete() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE dummy bigint;
BEGIN
    PERFORM pg_advisory_xact_lock(x'686d3236'::int, c) FROM (SELECT DISTINCT collection_id c FROM old_chunks ORDER BY 1) x;
    WITH oc AS MATERIALIZED (
        SELECT o.id, o.collection_id, o.content, c.fts_config FROM old_chunks o JOIN collections c ON c.id = o.collection_id
    ), lx AS MATERIALIZED (
        SELECT t.id AS term_id, oc.id AS chunk_id, oc.collection_id
        FROM oc CROSS JOIN LATERAL unnest(to_tsvector(oc.fts_config, oc.content)) v
        CROSS JOIN LATERAL (SELECT t.id FROM bm25a_terms t WHERE t.collection_id = oc.collection_id AND t.term = v.lexeme OFFSET 0) t
    ), del AS (
        DELETE FROM bm25a_postings p USING lx WHERE p.term_id = lx.term_id AND p.chunk_id = lx.chunk_id
        RETURNING p.term_id, p.chunk_id, p.dl, lx.collection_id
    ), dm AS MATERIALIZED (SELECT * FROM del
    ), rm AS MATERIALIZED (SELECT term_id, collection_id, count(*) cnt FROM dm GROUP BY 1, 2
    ), tupd AS (
        UPDATE bm25a_terms t SET df = t.df - rm.cnt FROM rm WHERE t.id = rm.term_id AND t.df > rm.cnt RETURNING 1
    ), tdel AS (
        DELETE FROM bm25a_terms t USING rm WHERE t.id = rm.term_id AND t.df <= rm.cnt RETURNING t.collection_id
    ), supd AS (
        UPDATE bm25a_stats s SET n = s.n - x.n,
            total_len = s.total_len - coalesce((SELECT sum(dl) FROM (SELECT DISTINCT chunk_id, dl FROM dm WHERE dm.collection_id = s.collection_id) y), 0),
            vocabulary = s.vocabulary - (SELECT count(*) FROM tdel WHERE tdel.collection_id = s.collection_id)
        FROM (SELECT collection_id, count(*) n FROM oc GROUP BY 1) x WHERE x.collection_id = s.collection_id
        RETURNING 1
    )
    SELECT (SELECT count(*) FROM tupd) + (SELECT count(*) FROM supd) INTO dummy;
    RETURN NULL;
END $$;

CREATE TRIGGER bm25a_chunks_insert AFTER INSERT ON chunks REFERENCING NEW TABLE AS new_chunks
    FOR EACH STATEMENT EXECUTE FUNCTION bm25a_chunks_insert();
CREATE TRIGGER bm25a_chunks_delete AFTER DELETE ON chunks REFERENCING OLD TABLE AS old_chunks
    FOR EACH STATEMENT EXECUTE FUNCTION bm25a_chunks_delete();

-- Exact top-k; with p_plain < total postings, MaxScore as in sql/0002_bm25.sql
-- but the non-essential contributions come from PK probes per candidate.
CREATE FUNCTION bm25a_search(p_collection int, p_query text, p_limit int,
                             p_plain bigint DEFAULT 20000, p_probe bigint DEFAULT 4000)
RETURNS TABLE (chunk_id bigint, score float8)
LANGUAGE plpgsql STABLE SET search_path FROM CURRENT SET jit = off AS $$
DECLARE
    k1 CONSTANT float8 := 1.2; b CONSTANT float8 := 0.75;
    cfg regconfig; n bigint; tlen bigint; kc float8; kd float8;
    tids int[]; ws float8[]; ubs float8[]; dfs int8[]; m int; total bigint; j int; acc bigint;
    theta float8; nsum float8; e_ids int[]; e_ws float8[]; n_ids int[]; n_ws float8[];
BEGIN
    SELECT c.fts_config, s.n, s.total_len INTO cfg, n, tlen
    FROM collections c JOIN bm25a_stats s ON s.collection_id = c.id WHERE c.id = p_collection;
    IF NOT FOUND OR n = 0 OR tlen = 0 THEN RETURN; END IF;
    kc := k1 * (1 - b); kd := k1 * b / (tlen::float8 / n);
    SELECT array_agg(x.id ORDER BY x.ub DESC, x.id), array_agg(x.w ORDER BY x.ub DESC, x.id),
           array_agg(x.ub ORDER BY x.ub DESC, x.id), array_agg(x.df::int8 ORDER BY x.ub DESC, x.id), sum(x.df)
    INTO tids, ws, ubs, dfs, total
    FROM (SELECT t.id, t.df, w, w * t.max_tf / (t.max_tf + kc + kd * t.min_dl) AS ub
          FROM unnest(to_tsvector(cfg, p_query)) q
          CROSS JOIN LATERAL (SELECT t.* FROM bm25a_terms t WHERE t.collection_id = p_collection AND t.term = q.lexeme OFFSET 0) t
          CROSS JOIN LATERAL (SELECT array_length(q.positions, 1) * ln(1 + (n - t.df + 0.5::float8) / (t.df + 0.5::float8)) * (k1 + 1) AS w) wq) x;
    m := coalesce(array_length(tids, 1), 0);
    IF m = 0 THEN RETURN; END IF;
    IF m = 1 OR total <= p_plain THEN
        RETURN QUERY
        SELECT s.c, s.sc FROM (
            SELECT p.chunk_id AS c, sum(q.w * p.tf / (p.tf + kc + kd * p.dl)) AS sc
            FROM unnest(tids, ws) q(tid, w)
            CROSS JOIN LATERAL (SELECT p.chunk_id, p.tf, p.dl FROM bm25a_postings p WHERE p.term_id = q.tid OFFSET 0) p
            GROUP BY 1) s
        ORDER BY s.sc DESC, s.c LIMIT p_limit;
        RETURN;
    END IF;
    j := 1; acc := dfs[1];
    WHILE j < m AND acc + dfs[j + 1] <= p_probe LOOP j := j + 1; acc := acc + dfs[j]; END LOOP;
    SELECT s.sc INTO theta FROM (
        SELECT sum(q.w * p.tf / (p.tf + kc + kd * p.dl)) AS sc
        FROM unnest(tids[1:j], ws[1:j]) q(tid, w)
        CROSS JOIN LATERAL (SELECT p.chunk_id, p.tf, p.dl FROM bm25a_postings p WHERE p.term_id = q.tid OFFSET 0) p
        GROUP BY p.chunk_id) s
    ORDER BY s.sc DESC OFFSET p_limit - 1 LIMIT 1;
    theta := coalesce(theta, 0) * (1 - 1e-9);
    j := m; nsum := 0;
    WHILE j > 1 AND nsum + ubs[j] < theta LOOP nsum := nsum + ubs[j]; j := j - 1; END LOOP;
    e_ids := tids[1:j]; e_ws := ws[1:j]; n_ids := tids[j + 1:m]; n_ws := ws[j + 1:m];
    RETURN QUERY
    WITH e AS MATERIALIZED (
        SELECT p.chunk_id AS c, sum(q.w * p.tf / (p.tf + kc + kd * p.dl)) AS sc
        FROM unnest(e_ids, e_ws) q(tid, w)
        CROSS JOIN LATERAL (SELECT p.chunk_id, p.tf, p.dl FROM bm25a_postings p WHERE p.term_id = q.tid OFFSET 0) p
        GROUP BY 1
    ), th AS MATERIALIZED (
        SELECT greatest(theta, coalesce((SELECT e.sc FROM e ORDER BY e.sc DESC OFFSET p_limit - 1 LIMIT 1), 0) * (1 - 1e-9)) AS t
    ), cand AS MATERIALIZED (
        SELECT e.c, e.sc FROM e, th WHERE e.sc + nsum >= th.t
    )
    SELECT cand.c, cand.sc + coalesce((
        SELECT sum(q.w * p.tf / (p.tf + kc + kd * p.dl))
        FROM unnest(n_ids, n_ws) q(tid, w)
        CROSS JOIN LATERAL (SELECT p.tf, p.dl FROM bm25a_postings p WHERE p.term_id = q.tid AND p.chunk_id = cand.c OFFSET 0) p), 0)
    FROM cand ORDER BY 2 DESC, 1 LIMIT p_limit;
END $$;
