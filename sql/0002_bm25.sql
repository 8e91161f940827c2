-- Okapi BM25 inside PostgreSQL: block-compressed posting lists kept exact by
-- statement-level triggers on chunks (see pkg/store/bm25.go for the formula and
-- pkg/store/bm25_bench_test.go for the design comparison that chose this).
--
-- Terms are the lexemes of to_tsvector(collections.fts_config, chunks.content);
-- tf of a lexeme = number of its positions, chunk length dl = sum of tf.
-- Every collection is an independent index: its own terms, df and statistics.
--
-- A posting is one int8:   (chunk_id << 32) | (dl << 9) | tf
-- (tf <= 256: 9 bits; dl < 2^23: 23 bits), so chunk ids must stay below 2^31;
-- the insert trigger raises an error otherwise. A term's postings live in
--   * bm25_terms.postings: its open block, the up to 128 most recent postings
--     (a rare term has only this, so it costs one row), and
--   * bm25_blocks: full blocks of 128 postings sorted by chunk id, moved out
--     of the open block when it overflows; deletes shrink them (a block that
--     becomes empty is dropped). A term's full blocks have disjoint chunk-id
--     ranges: postings that arrive out of id order (writers committing in
--     another order than they drew ids) and fall below the last full block
--     stay in the open block, which may then hold more than 128.
-- A deleted chunk's postings are found by recomputing its lexemes from its
-- content (so the posting value is known exactly): in the open block, else in
-- the term's first full block with max_chunk >= the chunk id. N, df, total
-- length and vocabulary are exact at every commit.
-- Changing the definition of a text search configuration in use (dictionaries,
-- stopword files) therefore needs a reindex of the collections that use it.
--
-- Writers to one collection are serialised by a transaction-scoped advisory
-- lock (key pair 0x686d3235, collection id), taken in collection-id order.
-- Chunk UPDATEs that change id, collection_id or content are rejected: delete
-- and re-insert the chunk instead. TRUNCATE chunks empties the index.

CREATE TABLE bm25_stats (
    collection_id int PRIMARY KEY REFERENCES collections(id) ON DELETE CASCADE,
    n             bigint NOT NULL,   -- number of chunks
    total_len     bigint NOT NULL,   -- sum of chunk lengths (lexeme positions)
    vocabulary    bigint NOT NULL    -- number of terms with df > 0
);

CREATE TABLE bm25_terms (
    collection_id int NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    term          text COLLATE "C" NOT NULL,  -- lexeme as produced by to_tsvector
    id            int GENERATED ALWAYS AS IDENTITY,  -- key of the term's full blocks
    df            int NOT NULL,      -- chunks containing the term (> 0; rows at 0 are deleted)
    nblocks       int NOT NULL,      -- full blocks ever moved out (0: the term has none)
    max_tf        int NOT NULL,      -- >= every tf of the term (upper bound, for pruning)
    min_dl        int NOT NULL,      -- <= every dl of the term's chunks (lower bound, for pruning)
    postings      int8[] NOT NULL,   -- open block: any order, may be empty
    PRIMARY KEY (collection_id, term)
) WITH (fillfactor = 70);          -- room for HOT updates of growing open blocks

CREATE TABLE bm25_blocks (
    term_id       int NOT NULL,      -- bm25_terms.id
    collection_id int NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    min_chunk     bigint NOT NULL,   -- smallest chunk id in postings
    max_chunk     bigint NOT NULL,   -- largest chunk id in postings
    postings      int8[] NOT NULL,   -- 1..128 postings sorted by chunk id
    -- A chunk has at most one posting per term, so max_chunk is unique per term.
    -- The index finds a term's blocks (queries) and, blocks being disjoint, the
    -- one block that can hold chunk c's posting: the first with max_chunk >= c.
    PRIMARY KEY (term_id, max_chunk)
);

-- ---------------------------------------------------------------------------
-- Maintenance triggers. Joins to the big tables are fenced (LATERAL ... OFFSET
-- 0) so that they stay index lookups whatever the planner thinks of the
-- transition tables.

CREATE FUNCTION bm25_lock_collections(ids int[]) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
    c int;
BEGIN
    FOR c IN SELECT DISTINCT u FROM unnest(ids) u ORDER BY u LOOP
        PERFORM pg_advisory_xact_lock(x'686d3235'::int, c);
    END LOOP;
END $$;

-- a without the elements of rem (each removed once; order kept).
CREATE FUNCTION bm25_array_remove(a int8[], rem int8[]) RETURNS int8[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    x int8;
BEGIN
    FOREACH x IN ARRAY rem LOOP
        a := array_remove(a, x);
    END LOOP;
    RETURN a;
END $$;

CREATE FUNCTION bm25_chunks_insert() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
    bad bigint;
BEGIN
    SELECT max(id) INTO bad FROM new_chunks WHERE id >= 2147483648 OR id < 0;
    IF bad IS NOT NULL THEN
        RAISE EXCEPTION 'hrag BM25 index supports chunk ids in [0, 2^31): got %', bad;
    END IF;
    PERFORM bm25_lock_collections(ARRAY(SELECT DISTINCT collection_id FROM new_chunks));

    WITH nc AS MATERIALIZED (
        SELECT n.id, n.collection_id, n.content, c.fts_config
        FROM new_chunks n JOIN collections c ON c.id = n.collection_id
    ), p AS MATERIALIZED (          -- one row per (chunk, lexeme)
        SELECT nc.collection_id, nc.id AS chunk_id, v.lexeme,
               array_length(v.positions, 1)::int8 AS tf
        FROM nc CROSS JOIN LATERAL unnest(to_tsvector(nc.fts_config, nc.content)) v
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
    ), comb0 AS MATERIALIZED (      -- open block + new postings, split when over 128:
        -- "late" postings (chunk id <= the term's last full block's max_chunk, from
        -- writers that committed out of id order) stay in the open block, so full
        -- blocks stay disjoint and ordered; the lowest in-order postings move out in
        -- blocks of 128, the rest stays open.
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
    RETURN NULL;
END $$;

CREATE FUNCTION bm25_chunks_delete() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
    cids int[];
    dummy bigint;
BEGIN
    -- Chunks of a collection that is itself being deleted (the cascade from
    -- collections) need no work: its bm25 rows cascade away with it.
    SELECT array_agg(DISTINCT o.collection_id) INTO cids
    FROM old_chunks o
    WHERE EXISTS (SELECT 1 FROM collections c WHERE c.id = o.collection_id)
      AND EXISTS (SELECT 1 FROM bm25_stats s WHERE s.collection_id = o.collection_id);
    IF cids IS NULL THEN
        RETURN NULL;
    END IF;
    PERFORM bm25_lock_collections(cids);

    WITH oc AS MATERIALIZED (
        SELECT o.id, o.collection_id, o.content, c.fts_config
        FROM old_chunks o JOIN collections c ON c.id = o.collection_id
        WHERE o.collection_id = ANY (cids)
    ), lx AS MATERIALIZED (         -- (chunk, lexeme, tf), recomputed from content
        SELECT oc.collection_id, oc.id AS chunk_id, v.lexeme, array_length(v.positions, 1)::int8 AS tf
        FROM oc CROSS JOIN LATERAL unnest(to_tsvector(oc.fts_config, oc.content)) v
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

CREATE FUNCTION bm25_chunks_truncate() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    DELETE FROM bm25_blocks;
    DELETE FROM bm25_terms;
    UPDATE bm25_stats SET n = 0, total_len = 0, vocabulary = 0;
    RETURN NULL;
END $$;

CREATE FUNCTION bm25_chunks_reject_update() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    RAISE EXCEPTION 'chunks.id, collection_id and content cannot be updated (chunk %): the BM25 index is maintained on INSERT and DELETE; delete the chunk and insert it again', OLD.id
        USING ERRCODE = 'feature_not_supported';
END $$;

CREATE TRIGGER bm25_chunks_insert AFTER INSERT ON chunks
    REFERENCING NEW TABLE AS new_chunks
    FOR EACH STATEMENT EXECUTE FUNCTION bm25_chunks_insert();
CREATE TRIGGER bm25_chunks_delete AFTER DELETE ON chunks
    REFERENCING OLD TABLE AS old_chunks
    FOR EACH STATEMENT EXECUTE FUNCTION bm25_chunks_delete();
CREATE TRIGGER bm25_chunks_truncate AFTER TRUNCATE ON chunks
    FOR EACH STATEMENT EXECUTE FUNCTION bm25_chunks_truncate();
CREATE TRIGGER bm25_chunks_reject_update BEFORE UPDATE OF id, collection_id, content ON chunks
    FOR EACH ROW
    WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.collection_id IS DISTINCT FROM NEW.collection_id
          OR OLD.content IS DISTINCT FROM NEW.content)
    EXECUTE FUNCTION bm25_chunks_reject_update();

-- ---------------------------------------------------------------------------
-- Search: exact top-k Okapi BM25 with MaxScore pruning.
--
-- score(q, c) = sum over distinct query lexemes t present in chunk c of
--     qtf(t) * idf(t) * tf(t,c) * (k1 + 1) / (tf(t,c) + k1 * (1 - b + b * dl(c) / avgdl))
-- idf(t) = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5)), k1 = 1.2, b = 0.75.
-- A chunk's terms are summed in one fixed order (highest bound first), so
-- chunks with the same (tf, dl) per term get bit-identical scores and ties
-- are broken by chunk id.

-- Contributions of query terms (aligned arrays tids/tts/ws; array order is the
-- summation order) to the chunks cs: open blocks are scanned, full blocks are
-- probed (the one block that may hold chunk c is the first with max_chunk >= c;
-- a binary search (width_bucket) finds c's posting in it).
CREATE FUNCTION bm25_score_chunks(p_collection int, tids int[], tts text[], ws float8[],
                                  cs int8[], kc float8, kd float8)
RETURNS TABLE (chunk_id bigint, score float8)
LANGUAGE sql STABLE SET search_path FROM CURRENT SET jit = off AS $$
    WITH cc AS MATERIALIZED (
        SELECT DISTINCT u AS c FROM unnest(cs) u
    ), q AS MATERIALIZED (
        SELECT q.k, q.tid, q.w, t.nblocks, t.postings
        FROM unnest(tids, tts, ws) WITH ORDINALITY q(tid, term, w, k)
        CROSS JOIN LATERAL (SELECT t.nblocks, t.postings FROM bm25_terms t
                            WHERE t.collection_id = p_collection AND t.term = q.term OFFSET 0) t
    ), x AS (
        SELECT cc.c, o.k, o.w, o.p
        FROM (SELECT q.k, q.w, u.p FROM q CROSS JOIN LATERAL unnest(q.postings) u(p)) o
        JOIN cc ON cc.c = o.p >> 32
        UNION ALL
        SELECT cc.c, q.k, q.w, b.postings[b.i]
        FROM q CROSS JOIN cc CROSS JOIN LATERAL (
            SELECT bl.postings, width_bucket(((cc.c + 1) << 32) - 1, bl.postings) AS i
            FROM bm25_blocks bl WHERE bl.term_id = q.tid AND bl.max_chunk >= cc.c
            ORDER BY bl.max_chunk LIMIT 1) b
        WHERE q.nblocks > 0 AND b.i > 0 AND b.postings[b.i] >> 32 = cc.c
    )
    SELECT x.c, sum(x.w * (x.p & 511) / ((x.p & 511) + kc + kd * ((x.p >> 9) & 8388607)) ORDER BY x.k)
    FROM x GROUP BY x.c
$$;

-- Top k by scoring every posting of the terms (aligned arrays, summation order).
CREATE FUNCTION bm25_plain(p_collection int, tids int[], tts text[], ws float8[],
                           kc float8, kd float8, p_limit int)
RETURNS TABLE (chunk_id bigint, score float8)
LANGUAGE sql STABLE SET search_path FROM CURRENT SET jit = off AS $$
    SELECT s.c, s.sc FROM (
        SELECT u.p >> 32 AS c,
               sum(q.w * (u.p & 511) / ((u.p & 511) + kc + kd * ((u.p >> 9) & 8388607))) AS sc
        FROM unnest(tids, tts, ws) q(tid, term, w)
        CROSS JOIN LATERAL (
            SELECT t.postings FROM bm25_terms t WHERE t.collection_id = p_collection AND t.term = q.term
            UNION ALL
            SELECT bl.postings FROM bm25_blocks bl WHERE bl.term_id = q.tid OFFSET 0) bl
        CROSS JOIN LATERAL unnest(bl.postings) u(p)
        GROUP BY 1) s
    ORDER BY s.sc DESC, s.c LIMIT p_limit
$$;

-- When the query's terms have few postings in total (<= p_plain), every
-- posting is scored. Otherwise MaxScore (Turtle & Flood 1995):
--  1. the rarest terms' postings (up to p_probe of them) give candidate top-k
--     chunks; their full scores (probes) give theta, a lower bound of the
--     k-th best score;
--  2. the commonest terms whose upper bounds (from max_tf, min_dl) sum below
--     theta are non-essential: a chunk holding only them cannot reach the top k;
--     if the essential terms hold half the postings or more, everything is
--     scored instead (unless p_complete forces the MaxScore path, for tests);
--  3. the essential terms' postings give every possible top-k chunk with a
--     partial score; those whose partial score + the non-essential bounds
--     reach theta are candidates;
--  4. the non-essential terms are added one at a time, highest bound first,
--     dropping candidates whose score + the remaining bounds fall below theta;
--     a term's contributions come from probes of (chunk, term) pairs or from a
--     scan of its blocks whose id range holds a candidate, whichever reads
--     less (p_complete 1 or 2 forces one, for tests).
-- The result is exact; bounds carry a 1e-9 relative slack against rounding.
CREATE FUNCTION bm25_search(p_collection int, p_query text, p_limit int,
                            p_plain bigint DEFAULT 20000, p_probe bigint DEFAULT 4000,
                            p_complete int DEFAULT 0)
RETURNS TABLE (chunk_id bigint, score float8)
LANGUAGE plpgsql STABLE SET search_path FROM CURRENT SET jit = off AS $$
DECLARE
    k1 CONSTANT float8 := 1.2;
    b  CONSTANT float8 := 0.75;
    cfg   regconfig;
    n     bigint;
    tlen  bigint;
    kc    float8;     -- k1 * (1 - b)
    kd    float8;     -- k1 * b / avgdl
    tids  int[];      -- query terms, highest upper bound first
    tts   text[];     -- their lexemes
    ws    float8[];   -- qtf * idf * (k1 + 1)
    ubs   float8[];   -- upper bound of each term's contribution
    dfs   int8[];
    m     int;
    total bigint;
    j     int;
    acc   bigint;
    top   int8[];
    theta float8;
    nsum  float8;
    cids  int8[];     -- candidate chunks, ascending
    csc   float8[];   -- their essential partial scores
    ncand bigint;
    i     int;
    j1    int;
BEGIN
    IF p_limit IS NULL OR p_limit <= 0 OR p_query IS NULL THEN
        RETURN;
    END IF;
    SELECT c.fts_config, s.n, s.total_len INTO cfg, n, tlen
    FROM collections c JOIN bm25_stats s ON s.collection_id = c.id WHERE c.id = p_collection;
    IF NOT FOUND OR n = 0 OR tlen = 0 THEN
        RETURN;
    END IF;
    kc := k1 * (1 - b);
    kd := k1 * b / (tlen::float8 / n);

    SELECT array_agg(x.id ORDER BY x.ub DESC, x.id), array_agg(x.term ORDER BY x.ub DESC, x.id),
           array_agg(x.w ORDER BY x.ub DESC, x.id), array_agg(x.ub ORDER BY x.ub DESC, x.id),
           array_agg(x.df::int8 ORDER BY x.ub DESC, x.id), sum(x.df)
    INTO tids, tts, ws, ubs, dfs, total
    FROM (
        SELECT t.id, t.term, t.df, wq.w, wq.w * t.max_tf / (t.max_tf + kc + kd * t.min_dl) AS ub
        FROM unnest(to_tsvector(cfg, p_query)) q
        CROSS JOIN LATERAL (SELECT t.id, t.term, t.df, t.max_tf, t.min_dl FROM bm25_terms t
                            WHERE t.collection_id = p_collection AND t.term = q.lexeme OFFSET 0) t
        CROSS JOIN LATERAL (SELECT array_length(q.positions, 1)
                                   * ln(1 + (n - t.df + 0.5::float8) / (t.df + 0.5::float8)) * (k1 + 1) AS w) wq
    ) x;
    m := coalesce(array_length(tids, 1), 0);
    IF m = 0 THEN
        RETURN;
    END IF;

    IF m = 1 THEN                   -- one term: a chunk has at most one posting, no grouping
        RETURN QUERY
        SELECT u.p >> 32, ws[1] * (u.p & 511) / ((u.p & 511) + kc + kd * ((u.p >> 9) & 8388607))
        FROM (SELECT t.postings FROM bm25_terms t WHERE t.collection_id = p_collection AND t.term = tts[1]
              UNION ALL
              SELECT bl.postings FROM bm25_blocks bl WHERE bl.term_id = tids[1]) bl
        CROSS JOIN LATERAL unnest(bl.postings) u(p)
        ORDER BY 2 DESC, 1 LIMIT p_limit;
        RETURN;
    END IF;

    IF total <= p_plain THEN
        RETURN QUERY SELECT * FROM bm25_plain(p_collection, tids, tts, ws, kc, kd, p_limit);
        RETURN;
    END IF;

    -- 1. theta: full scores of the best chunks by the rarest terms alone.
    j := 1; acc := dfs[1];
    WHILE j < m AND acc + dfs[j + 1] <= p_probe LOOP
        j := j + 1; acc := acc + dfs[j];
    END LOOP;
    j1 := j;                        -- partial scores over terms 1..j1, kept for step 3
    SELECT coalesce(array_agg(s.c ORDER BY s.c), '{}'), coalesce(array_agg(s.sc ORDER BY s.c), '{}')
    INTO cids, csc
    FROM (
        SELECT u.p >> 32 AS c,
               sum(q.w * (u.p & 511) / ((u.p & 511) + kc + kd * ((u.p >> 9) & 8388607))) AS sc
        FROM unnest(tids[1:j], tts[1:j], ws[1:j]) q(tid, term, w)
        CROSS JOIN LATERAL (
            SELECT t.postings FROM bm25_terms t WHERE t.collection_id = p_collection AND t.term = q.term
            UNION ALL
            SELECT bl.postings FROM bm25_blocks bl WHERE bl.term_id = q.tid OFFSET 0) bl
        CROSS JOIN LATERAL unnest(bl.postings) u(p)
        GROUP BY 1) s;
    top := ARRAY(SELECT x.c FROM unnest(cids, csc) x(c, sc) ORDER BY x.sc DESC, x.c LIMIT p_limit);
    theta := 0;
    IF cardinality(top) = p_limit THEN
        SELECT f.score INTO theta FROM bm25_score_chunks(p_collection, tids, tts, ws, top, kc, kd) f
        ORDER BY f.score DESC OFFSET p_limit - 1 LIMIT 1;
        theta := coalesce(theta, 0) * (1 - 1e-9);   -- slack for rounding
    END IF;

    -- 2. Non-essential terms: the longest tail (lowest bounds) whose bounds sum below theta.
    j := m; nsum := 0;
    WHILE j > 1 AND nsum + ubs[j] < theta LOOP
        nsum := nsum + ubs[j]; j := j - 1;
    END LOOP;
    nsum := nsum * (1 + 1e-9);
    acc := 0;
    FOR i IN 1 .. j LOOP
        acc := acc + dfs[i];
    END LOOP;
    IF p_complete = 0 AND acc * 2 >= total THEN   -- little to skip: scoring everything is cheaper
        RAISE DEBUG 'bm25_search fallback: % terms, % essential, theta %', m, j, theta;
        RETURN QUERY SELECT * FROM bm25_plain(p_collection, tids, tts, ws, kc, kd, p_limit);
        RETURN;
    END IF;

    -- 3. Candidates: chunks of the essential terms whose partial score plus the
    --    non-essential bounds reach theta (or the k-th best partial score).
    --    When the essential terms are step 1's terms, its partial scores serve.
    WITH e AS MATERIALIZED (
        SELECT x.c, x.sc FROM unnest(cids, csc) x(c, sc) WHERE j = j1
        UNION ALL
        SELECT u.p >> 32 AS c,
               sum(q.w * (u.p & 511) / ((u.p & 511) + kc + kd * ((u.p >> 9) & 8388607))) AS sc
        FROM unnest(tids[1:j], tts[1:j], ws[1:j]) q(tid, term, w)
        CROSS JOIN LATERAL (
            SELECT t.postings FROM bm25_terms t WHERE t.collection_id = p_collection AND t.term = q.term
            UNION ALL
            SELECT bl.postings FROM bm25_blocks bl WHERE bl.term_id = q.tid OFFSET 0) bl
        CROSS JOIN LATERAL unnest(bl.postings) u(p)
        WHERE j <> j1
        GROUP BY 1
    ), th AS (
        SELECT greatest(theta, coalesce((SELECT e.sc FROM e ORDER BY e.sc DESC OFFSET p_limit - 1 LIMIT 1), 0)
                               * (1 - 1e-9)) AS t
    )
    SELECT coalesce(array_agg(e.c ORDER BY e.c), '{}'), coalesce(array_agg(e.sc ORDER BY e.c), '{}')
    INTO cids, csc
    FROM e, th WHERE e.sc + nsum >= th.t;
    ncand := cardinality(cids);
    RAISE DEBUG 'bm25_search: % terms, % essential, theta %, % candidates', m, j, theta, ncand;

    IF j = m THEN
        RETURN QUERY
        SELECT x.c, x.sc FROM unnest(cids, csc) x(c, sc) ORDER BY x.sc DESC, x.c LIMIT p_limit;
        RETURN;
    END IF;

    -- 4. Completion, one non-essential term at a time (highest bound first):
    --    add its contributions to the candidates, then drop those whose score
    --    plus the remaining terms' bounds falls below theta (raised to the k-th
    --    best score so far). Contributions come from probes (~16 times the
    --    cost of a scanned posting) or from a scan of the term's blocks whose
    --    id range holds a candidate (<= 128 postings per candidate).
    FOR i IN j + 1 .. m LOOP
        nsum := greatest(nsum - ubs[i] * (1 + 1e-9), 0);
        IF i = m THEN
            nsum := 0;
        END IF;
        IF p_complete = 1 OR (p_complete = 0 AND ncand * 16 <= least(dfs[i], ncand * 128)) THEN
            WITH y AS MATERIALIZED (
                SELECT z.c, sum(z.sc) AS sc FROM (   -- two terms per chunk: order-free
                    SELECT x.c, 0 AS k, x.sc FROM unnest(cids, csc) x(c, sc)
                    UNION ALL
                    SELECT f.chunk_id, 1, f.score
                    FROM bm25_score_chunks(p_collection, tids[i:i], tts[i:i], ws[i:i], cids, kc, kd) f) z
                GROUP BY z.c
            ), th AS (
                SELECT greatest(theta, coalesce((SELECT y.sc FROM y ORDER BY y.sc DESC OFFSET p_limit - 1 LIMIT 1), 0)
                                       * (1 - 1e-9)) AS t
            )
            SELECT coalesce(array_agg(y.c ORDER BY y.c), '{}'), coalesce(array_agg(y.sc ORDER BY y.c), '{}'), max(th.t)
            INTO cids, csc, theta
            FROM y, th WHERE y.sc + nsum >= th.t;
        ELSE
            WITH arr AS MATERIALIZED (     -- a flat copy: plpgsql's expanded array would be flattened per call
                SELECT cids AS a
            ), y AS MATERIALIZED (
                SELECT z.c, sum(z.sc) AS sc FROM (   -- two terms per chunk: order-free
                    SELECT x.c, 0 AS k, x.sc FROM unnest(cids, csc) x(c, sc)
                    UNION ALL
                    SELECT u.p >> 32, 1, ws[i] * (u.p & 511) / ((u.p & 511) + kc + kd * ((u.p >> 9) & 8388607))
                    FROM arr CROSS JOIN LATERAL (
                        SELECT t.postings FROM bm25_terms t WHERE t.collection_id = p_collection AND t.term = tts[i]
                        UNION ALL
                        SELECT bl.postings FROM bm25_blocks bl
                        WHERE bl.term_id = tids[i]
                          AND width_bucket(bl.max_chunk, arr.a) > width_bucket(bl.min_chunk - 1, arr.a)
                        OFFSET 0) bl
                    CROSS JOIN LATERAL unnest(bl.postings) u(p)) z
                GROUP BY z.c
                HAVING bool_or(z.k = 0)    -- candidates only
            ), th AS (
                SELECT greatest(theta, coalesce((SELECT y.sc FROM y ORDER BY y.sc DESC OFFSET p_limit - 1 LIMIT 1), 0)
                                       * (1 - 1e-9)) AS t
            )
            SELECT coalesce(array_agg(y.c ORDER BY y.c), '{}'), coalesce(array_agg(y.sc ORDER BY y.c), '{}'), max(th.t)
            INTO cids, csc, theta
            FROM y, th WHERE y.sc + nsum >= th.t;
        END IF;
        ncand := cardinality(cids);
        RAISE DEBUG 'bm25_search: after term %, % candidates', i, ncand;
    END LOOP;
    RETURN QUERY
    SELECT x.c, x.sc FROM unnest(cids, csc) x(c, sc) ORDER BY x.sc DESC, x.c LIMIT p_limit;
END $$;
