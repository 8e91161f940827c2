-- Identifier parts, second step: accents folded first, each part once, and
-- the exact identifier first on the query side.
--
-- 1. bm25_text folds diacritics before it looks for paths, hosts, URLs and
--    e-mail addresses, so the parts of /srv/photos/Ürlaub-Mallorca/ are
--    found (the parser split the unfolded text elsewhere).
-- 2. Each part is added once per text: a note that names srv07.home.lan
--    and admin@srv07.home.lan no longer counts "home" twice for it.
-- 3. Queries are analysed by bm25_query_text: an identifier of the query
--    that the collection holds whole is searched whole, without its parts;
--    only one the collection does not hold is searched by its parts. A
--    query for host0300.lab.lan then matches the row that names it, not
--    every row with "lab" and "lan" in a host name, which outvoted it in the
--    fusion with vector search.
-- Every collection's BM25 index is rebuilt in this migration's transaction.

-- The distinct alphanumeric words of the email (4), host (6), url_path (18)
-- and file (19) tokens of t, and their distinct components between "/" and
-- "@" that are not alphanumeric already, set off by spaces; '' when none.
CREATE OR REPLACE FUNCTION bm25_identifier_parts(t text) RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
    SELECT CASE WHEN t !~ '[[:alnum:]][./@:][[:alnum:]]' THEN ''
    ELSE coalesce((
        SELECT ' ' || string_agg(DISTINCT p.part, ' ')
        FROM (SELECT tp.token FROM ts_parse('default', t) tp WHERE tp.tokid IN (4, 6, 18, 19)) tok
        CROSS JOIN LATERAL (
            SELECT c AS part FROM regexp_split_to_table(tok.token, '[/@]') c
            WHERE c ~ '[^[:alnum:]]' AND c <> tok.token
            UNION
            SELECT w FROM regexp_split_to_table(tok.token, '[^[:alnum:]]+') w WHERE w <> '') p), '')
    END
$$;

CREATE OR REPLACE FUNCTION bm25_text(t text) RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
    SELECT bm25_segment(u || bm25_identifier_parts(u)) FROM (SELECT unaccent(t) AS u) x
$$;

-- The text a query of collection p_collection is analysed as: bm25_text,
-- except that an identifier token the collection holds whole (a term of
-- its BM25 index) gives no parts.
CREATE FUNCTION bm25_query_text(p_collection int, t text) RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
    SELECT bm25_segment(u || coalesce((
        SELECT string_agg(bm25_identifier_parts(tp.token), '')
        FROM ts_parse('default', u) tp
        WHERE tp.tokid IN (4, 6, 18, 19)
          AND NOT EXISTS (
              SELECT 1 FROM collections c
              CROSS JOIN LATERAL unnest(to_tsvector(c.fts_config, tp.token)) v
              JOIN bm25_terms bt ON bt.collection_id = c.id AND bt.term = v.lexeme
              WHERE c.id = p_collection AND v.lexeme = lower(tp.token))), ''))
    FROM (SELECT unaccent(t) AS u) x
$$;

-- bm25_search analyses its query the same way.
DO $$
DECLARE
    src text;
BEGIN
    SELECT pg_get_functiondef('bm25_search(int, text, int, bigint, bigint, int)'::regprocedure) INTO src;
    IF position('unnest(to_tsvector(cfg, bm25_text(p_query))) q' IN src) = 0 THEN
        RAISE EXCEPTION 'bm25_search does not analyse its query as 0009 wrote it';
    END IF;
    EXECUTE replace(src, 'unnest(to_tsvector(cfg, bm25_text(p_query))) q',
                    'unnest(to_tsvector(cfg, bm25_query_text(p_collection, p_query))) q');
END $$;

SELECT bm25_rebuild(id) FROM collections ORDER BY id;
ANALYZE bm25_terms;
ANALYZE bm25_stats;
