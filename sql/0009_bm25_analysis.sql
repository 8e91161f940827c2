-- BM25 text analysis for every script, and title-aware BM25 (BM25F).
--
-- 1. Scripts written without spaces between words (Han, Hiragana, Katakana,
--    Hangul, Thai, Lao, Khmer, Myanmar) are indexed as overlapping character
--    bigrams, on the chunk and the query side alike (bm25_segment): PostgreSQL's
--    parser would otherwise make a whole run such as 外币汇率换算使用每日中间价
--    one lexeme that no query matches. Bigrams are the standard analysis for
--    these scripts when no segmenter is at hand (Lucene's CJKBigramFilter; Kwok,
--    "Comparing representations in Chinese information retrieval", SIGIR 1997).
-- 2. Diacritics are folded with the unaccent extension before the text-search
--    configuration stems (as PostgreSQL's documentation of unaccent does), so
--    "café" and "cafe", "Überprüfung" and "Uberprufung" are one term.
-- 3. A chunk's breadcrumb ("[Title > Section > Subsection]") is a field of its
--    own with weight collections.bm25_title_weight: a term's tf is
--    tf(body) + w * tf(breadcrumb) and the chunk length dl is
--    dl(body) + w * dl(breadcrumb), as in BM25F with one shared length
--    normalisation (Robertson, Zaragoza & Taylor, "Simple BM25 extension to
--    multiple weighted fields", CIKM 2004; Robertson & Zaragoza 2009 §3.4;
--    Lucene's CombinedFieldQuery). w = 0 is flat BM25 over the body.
--    Integer weights keep tf an integer (capped at 511, the posting's 9 bits).
--
-- Every collection's BM25 index is rebuilt from its chunks at the end, in this
-- migration's transaction (bm25_rebuild). The unaccent extension is created
-- by store.Migrate before the migrations run.

ALTER TABLE collections ADD COLUMN bm25_title_weight int NOT NULL DEFAULT 1
    CHECK (bm25_title_weight BETWEEN 0 AND 8);

-- t with every run of characters of a script written without spaces replaced
-- by its overlapping character bigrams (a run of one character stays), set
-- off by spaces; other text is unchanged.
CREATE FUNCTION bm25_segment(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT CASE WHEN t !~ '[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f]'
                THEN t
                ELSE (SELECT string_agg(
                          CASE WHEN m.s !~ '^[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f]'
                                    OR length(m.s) = 1 THEN m.s
                               ELSE (SELECT string_agg(substr(m.s, i, 2), ' ' ORDER BY i)
                                     FROM generate_series(1, length(m.s) - 1) i) END,
                          ' ' ORDER BY m.n)
                      FROM regexp_matches(t, '[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f]+|[^\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f]+', 'g')
                           WITH ORDINALITY r(a, n)
                      CROSS JOIN LATERAL (SELECT r.a[1] AS s, r.n) m)
           END
$$;

-- The text BM25 analyses, for chunks and queries alike: segmented, then
-- folded. Its lexemes are to_tsvector(collections.fts_config, bm25_text(t)).
CREATE FUNCTION bm25_text(t text) RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
    SELECT unaccent(bm25_segment(t))
$$;

-- A chunk's BM25 terms: (lexeme, tf) with tf = tf(body) + w * tf(title),
-- capped at 511; the chunk's length dl is the sum of its tf.
CREATE FUNCTION bm25_chunk_terms(cfg regconfig, w int, title text, body text)
RETURNS TABLE (lexeme text, tf int8)
LANGUAGE sql STABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
    SELECT x.lexeme, least(sum(x.tf), 511)::int8
    FROM (SELECT v.lexeme, array_length(v.positions, 1)::int8 AS tf
          FROM unnest(to_tsvector(cfg, bm25_text(body))) v
          UNION ALL
          SELECT v.lexeme, w * array_length(v.positions, 1)::int8
          FROM unnest(to_tsvector(cfg, bm25_text(title))) v WHERE w > 0) x
    GROUP BY x.lexeme
$$;

-- Adds the chunks with the given ids (rows of chunks, committed or inserted by
-- this statement) to their collections' BM25 indexes. The body is that of
-- 0002's insert trigger, reading chunks by id instead of the transition table,
-- with terms from bm25_chunk_terms.
CREATE FUNCTION bm25_add_chunks(ids bigint[]) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
    bad bigint;
BEGIN
    SELECT max(u) INTO bad FROM unnest(ids) u WHERE u >= 2147483648 OR u < 0;
    IF bad IS NOT NULL THEN
        RAISE EXCEPTION 'hrag BM25 index supports chunk ids in [0, 2^31): got %', bad;
    END IF;
    PERFORM bm25_lock_collections(ARRAY(SELECT DISTINCT c.collection_id FROM chunks c WHERE c.id = ANY (ids)));

    WITH nc AS MATERIALIZED (
        SELECT n.id, n.collection_id, n.content, n.breadcrumb, c.fts_config, c.bm25_title_weight AS w
        FROM chunks n JOIN collections c ON c.id = n.collection_id
        WHERE n.id = ANY (ids)
    ), p AS MATERIALIZED (          -- one row per (chunk, lexeme)
        SELECT nc.collection_id, nc.id AS chunk_id, v.lexeme, v.tf
        FROM nc CROSS JOIN LATERAL bm25_chunk_terms(nc.fts_config, nc.w, nc.breadcrumb, nc.content) v
    ), dls AS MATERIALIZED (
        SELECT chunk_id, sum(tf)::int8 AS dl FROM p GROUP BY chunk_id
    ), tc AS MATERIALIZED (         -- per term: its new postings
        SELECT p.collection_id, p.lexeme, count(*)::int AS cnt, max(p.tf) AS mtf, min(d.dl) AS mdl,
               array_agg((p.chunk_id << 32) | (d.dl << 9) | p.tf ORDER BY p.chunk_id) AS np
        FROM p JOIN dls d USING (chunk_id) GROUP BY p.collection_id, p.lexeme
    ), cur AS MATERIALIZED (        -- ... with the term's current row, if any
        SELECT tc.*, t.tid, t.id, t.nblocks, coalesce(t.postings, '{}') AS op
        FROM tc LEFT JOIN LATERAL (
            SELECT t.ctid AS tid, t.id, t.nblocks, t.postings FROM bm25_terms t
            WHERE t.collection_id = tc.collection_id AND t.term = tc.lexeme OFFSET 0) t ON true
    ), comb0 AS MATERIALIZED (      -- open block + new postings, split when over 128 (see 0002)
        SELECT cur.*, x.late, x.inord
        FROM cur LEFT JOIN LATERAL (
            SELECT CASE WHEN lm.m IS NULL THEN '{}'::int8[]
                        ELSE ARRAY(SELECT u FROM unnest(cur.op || cur.np) u WHERE u >> 32 <= lm.m ORDER BY u) END AS late,
                   ARRAY(SELECT u FROM unnest(cur.op || cur.np) u WHERE lm.m IS NULL OR u >> 32 > lm.m ORDER BY u) AS inord
            FROM (SELECT (SELECT b.max_chunk FROM bm25_blocks b WHERE b.term_id = cur.id
                          ORDER BY b.max_chunk DESC LIMIT 1) AS m) lm
            WHERE cardinality(cur.op) + cur.cnt > 128
            OFFSET 0) x ON true
    ), comb AS MATERIALIZED (
        SELECT c0.*, n.nfull,
               CASE WHEN c0.inord IS NULL THEN c0.op || c0.np
                    ELSE c0.late || c0.inord[n.nfull * 128 + 1 : cardinality(c0.inord)] END AS open
        FROM comb0 c0 CROSS JOIN LATERAL (
            SELECT CASE WHEN c0.inord IS NULL OR cardinality(c0.inord) <= 128 THEN 0
                        ELSE (cardinality(c0.inord) - 1) / 128 END AS nfull) n
    ), tupd AS (
        UPDATE bm25_terms t
        SET df = t.df + c.cnt, nblocks = t.nblocks + c.nfull,
            max_tf = greatest(t.max_tf, c.mtf), min_dl = least(t.min_dl, c.mdl),
            postings = c.open
        FROM comb c
        WHERE c.id IS NOT NULL AND t.ctid = c.tid   -- rows are stable: writers hold the lock
        RETURNING 1
    ), tins AS (
        INSERT INTO bm25_terms (collection_id, term, df, nblocks, max_tf, min_dl, postings)
        SELECT collection_id, lexeme, cnt, nfull, mtf, mdl, open
        FROM comb WHERE id IS NULL ORDER BY collection_id, lexeme
        RETURNING id, collection_id, term
    ), bins AS (                    -- full blocks moved out of open blocks
        INSERT INTO bm25_blocks (term_id, collection_id, min_chunk, max_chunk, postings)
        SELECT coalesce(c.id, ti.id), c.collection_id,
               c.inord[g * 128 + 1] >> 32, c.inord[g * 128 + 128] >> 32, c.inord[g * 128 + 1 : g * 128 + 128]
        FROM comb c
        LEFT JOIN tins ti ON c.id IS NULL AND ti.collection_id = c.collection_id AND ti.term = c.lexeme
        CROSS JOIN LATERAL generate_series(0, c.nfull - 1) g
        WHERE c.nfull > 0
        RETURNING 1
    ), st AS (
        SELECT nc.collection_id, count(*) AS n, coalesce(sum(d.dl), 0) AS len,
               (SELECT count(*) FROM comb WHERE comb.id IS NULL AND comb.collection_id = nc.collection_id) AS v
        FROM nc LEFT JOIN dls d ON d.chunk_id = nc.id GROUP BY nc.collection_id
    ), ust AS (
        INSERT INTO bm25_stats AS s (collection_id, n, total_len, vocabulary)
        SELECT collection_id, n, len, v FROM st ORDER BY 1
        ON CONFLICT (collection_id) DO UPDATE
            SET n = s.n + EXCLUDED.n, total_len = s.total_len + EXCLUDED.total_len,
                vocabulary = s.vocabulary + EXCLUDED.vocabulary
        RETURNING 1
    )
    SELECT (SELECT count(*) FROM tupd) + (SELECT count(*) FROM tins) + (SELECT count(*) FROM bins)
         + (SELECT count(*) FROM ust) INTO bad;
END $$;

CREATE OR REPLACE FUNCTION bm25_chunks_insert() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM bm25_add_chunks(ARRAY(SELECT id FROM new_chunks));
    RETURN NULL;
END $$;

-- 0002's delete trigger with terms from bm25_chunk_terms (the posting values
-- to remove are recomputed from the deleted rows' breadcrumb and content).
CREATE OR REPLACE FUNCTION bm25_chunks_delete() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
    cids int[];
    dummy bigint;
BEGIN
    SELECT array_agg(DISTINCT o.collection_id) INTO cids
    FROM old_chunks o
    WHERE EXISTS (SELECT 1 FROM collections c WHERE c.id = o.collection_id)
      AND EXISTS (SELECT 1 FROM bm25_stats s WHERE s.collection_id = o.collection_id);
    IF cids IS NULL THEN
        RETURN NULL;
    END IF;
    PERFORM bm25_lock_collections(cids);

    WITH oc AS MATERIALIZED (
        SELECT o.id, o.collection_id, o.content, o.breadcrumb, c.fts_config, c.bm25_title_weight AS w
        FROM old_chunks o JOIN collections c ON c.id = o.collection_id
        WHERE o.collection_id = ANY (cids)
    ), lx AS MATERIALIZED (         -- (chunk, lexeme, tf), recomputed from the row
        SELECT oc.collection_id, oc.id AS chunk_id, v.lexeme, v.tf
        FROM oc CROSS JOIN LATERAL bm25_chunk_terms(oc.fts_config, oc.w, oc.breadcrumb, oc.content) v
    ), dls AS MATERIALIZED (
        SELECT chunk_id, sum(tf)::int8 AS dl FROM lx GROUP BY chunk_id
    ), rp AS MATERIALIZED (         -- per term: the exact posting values to remove
        SELECT lx.collection_id, lx.lexeme,
               array_agg((lx.chunk_id << 32) | (d.dl << 9) | lx.tf) AS rem
        FROM lx JOIN dls d USING (chunk_id) GROUP BY lx.collection_id, lx.lexeme
    ), cur AS MATERIALIZED (
        SELECT rp.*, t.tid, t.id, t.df, t.nblocks, t.postings AS op, nt.nop
        FROM rp CROSS JOIN LATERAL (
            SELECT t.ctid AS tid, t.id, t.df, t.nblocks, t.postings FROM bm25_terms t
            WHERE t.collection_id = rp.collection_id AND t.term = rp.lexeme OFFSET 0) t
        CROSS JOIN LATERAL (SELECT CASE WHEN cardinality(rp.rem) = 1 THEN array_remove(t.postings, rp.rem[1])
                                        ELSE bm25_array_remove(t.postings, rp.rem) END AS nop OFFSET 0) nt
    ), bp AS MATERIALIZED (         -- postings not in the open block: the full block holding each
        SELECT cur.collection_id, cur.lexeme, r.p, b.tid, b.postings
        FROM cur CROSS JOIN LATERAL unnest(cur.rem) r(p)
        CROSS JOIN LATERAL (
            SELECT b.ctid AS tid, b.postings FROM bm25_blocks b
            WHERE b.term_id = cur.id AND b.max_chunk >= r.p >> 32
            ORDER BY b.max_chunk LIMIT 1) b
        WHERE cur.nblocks > 0 AND cardinality(cur.op) - cardinality(cur.nop) < cardinality(cur.rem)
          AND NOT cur.op @> ARRAY[r.p]
    ), bk AS MATERIALIZED (         -- those blocks' new content
        SELECT g.tid, g.collection_id, g.lexeme, cardinality(g.postings) - cardinality(g.np) AS removed, g.np
        FROM (SELECT bp.tid, min(bp.collection_id) AS collection_id, min(bp.lexeme) AS lexeme,
                     min(bp.postings) AS postings,
                     CASE WHEN count(*) = 1 THEN array_remove(min(bp.postings), min(bp.p))
                          ELSE bm25_array_remove(min(bp.postings), array_agg(bp.p)) END AS np
              FROM bp GROUP BY bp.tid) g
    ), bupd AS (
        UPDATE bm25_blocks b
        SET postings = bk.np, min_chunk = bk.np[1] >> 32, max_chunk = bk.np[cardinality(bk.np)] >> 32
        FROM bk WHERE cardinality(bk.np) > 0 AND b.ctid = bk.tid
        RETURNING 1
    ), bdel AS (
        DELETE FROM bm25_blocks b USING bk
        WHERE cardinality(bk.np) = 0 AND b.ctid = bk.tid
        RETURNING 1
    ), bks AS (
        SELECT collection_id, lexeme, sum(removed) AS removed FROM bk GROUP BY collection_id, lexeme
    ), rm AS MATERIALIZED (         -- removed postings per term
        SELECT cur.tid, cur.df, cur.nop,
               cardinality(cur.op) - cardinality(cur.nop) + coalesce(bks.removed, 0) AS removed
        FROM cur LEFT JOIN bks ON bks.collection_id = cur.collection_id AND bks.lexeme = cur.lexeme
    ), tupd AS (
        UPDATE bm25_terms t SET df = t.df - rm.removed, postings = rm.nop
        FROM rm WHERE rm.removed > 0 AND rm.df > rm.removed AND t.ctid = rm.tid
        RETURNING 1
    ), tdel AS (
        DELETE FROM bm25_terms t USING rm
        WHERE rm.df <= rm.removed AND t.ctid = rm.tid
        RETURNING t.collection_id
    ), st AS (
        SELECT oc.collection_id, count(*) AS n, coalesce(sum(d.dl), 0) AS len
        FROM oc LEFT JOIN dls d ON d.chunk_id = oc.id GROUP BY oc.collection_id
    ), supd AS (
        UPDATE bm25_stats s
        SET n = s.n - st.n, total_len = s.total_len - st.len,
            vocabulary = s.vocabulary - (SELECT count(*) FROM tdel WHERE tdel.collection_id = s.collection_id)
        FROM st WHERE s.collection_id = st.collection_id
        RETURNING 1
    )
    SELECT (SELECT count(*) FROM bupd) + (SELECT count(*) FROM bdel) + (SELECT count(*) FROM tupd)
         + (SELECT count(*) FROM supd) INTO dummy;
    RETURN NULL;
END $$;

-- The breadcrumb is now part of a chunk's BM25 terms: it cannot change in place.
DROP TRIGGER bm25_chunks_reject_update ON chunks;
CREATE TRIGGER bm25_chunks_reject_update BEFORE UPDATE OF id, collection_id, content, breadcrumb ON chunks
    FOR EACH ROW
    WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.collection_id IS DISTINCT FROM NEW.collection_id
          OR OLD.content IS DISTINCT FROM NEW.content OR OLD.breadcrumb IS DISTINCT FROM NEW.breadcrumb)
    EXECUTE FUNCTION bm25_chunks_reject_update();
CREATE OR REPLACE FUNCTION bm25_chunks_reject_update() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    RAISE EXCEPTION 'chunks.id, collection_id, content and breadcrumb cannot be updated (chunk %): the BM25 index is maintained on INSERT and DELETE; delete the chunk and insert it again', OLD.id
        USING ERRCODE = 'feature_not_supported';
END $$;

-- Rebuilds collection p_collection's BM25 index from its chunks, with title
-- weight p_title_weight (NULL: keep the collection's). Exact afterwards, as
-- after incremental maintenance.
CREATE FUNCTION bm25_rebuild(p_collection int, p_title_weight int DEFAULT NULL) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM bm25_lock_collections(ARRAY[p_collection]);
    IF p_title_weight IS NOT NULL THEN
        UPDATE collections SET bm25_title_weight = p_title_weight WHERE id = p_collection;
    END IF;
    DELETE FROM bm25_blocks WHERE collection_id = p_collection;
    DELETE FROM bm25_terms WHERE collection_id = p_collection;
    DELETE FROM bm25_stats WHERE collection_id = p_collection;
    PERFORM bm25_add_chunks(ARRAY(SELECT id FROM chunks WHERE collection_id = p_collection ORDER BY id));
END $$;

-- Search: 0002's bm25_search with the query analysed by bm25_text.
DO $$
DECLARE
    src text;
BEGIN
    SELECT pg_get_functiondef('bm25_search(int, text, int, bigint, bigint, int)'::regprocedure) INTO src;
    IF position('unnest(to_tsvector(cfg, p_query)) q' IN src) = 0 THEN
        RAISE EXCEPTION 'bm25_search does not analyse its query as 0002 wrote it';
    END IF;
    EXECUTE replace(src, 'unnest(to_tsvector(cfg, p_query)) q', 'unnest(to_tsvector(cfg, bm25_text(p_query))) q');
END $$;

SELECT bm25_rebuild(id) FROM collections ORDER BY id;
ANALYZE bm25_terms;
ANALYZE bm25_stats;
