-- Identifier parts, third step: versions, hyphenated codes and ports.
-- (Version 15 held the versions alone before release; it was folded in here
-- so that an upgrade rebuilds the BM25 index once, and its number is unused.)
--
-- 0. PostgreSQL's parser reads "v2.4.0", "python3.11" and
--    "nginx-1.25.3.tar.gz" as one token, so a note saying "v2.4.0" had no
--    term "2.4.0". Each run of digits joined by dots inside an email, host,
--    url_path or file token is now a part too, unless it is the whole token
--    (an IPv4 address stays one term): bm25_version_parts.
-- 1. PostgreSQL's parser reads "OPS-4521", "CVE-2024-3094" and "ORA-00942"
--    as a word followed by negative integers ('ops', '-4521'), so "4521"
--    matched nothing and "OPS-4521" matched every note saying "ops". A run
--    of letters and digits joined by hyphens that holds a digit now also
--    gives its hyphen-free form ('ops4521', 'cve20243094') and each of its
--    segments of three characters or more that holds a digit ('4521',
--    '2024', '3094'; not the '3' of "omega-3", a term of too many texts),
--    in notes and queries alike (bm25_hyphen_parts).
-- 2. A host with a port ("nas01.home.lan:5001") is one token; it is now
--    split at ":" too, so it gives "nas01.home.lan".
-- 3. A query identifier that the collection holds whole is still searched
--    without its components, but with its versions: "v2.4.0" also finds
--    "2.4.0" when another note says "v2.4.0".
-- Every collection's BM25 index is rebuilt in this migration's transaction.

-- The components of an email (4), host (6), url_path (18) or file (19)
-- token: the pieces between "/", "@" and ":" that are not alphanumeric
-- already, and its alphanumeric words.
CREATE FUNCTION bm25_component_parts(token text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT c FROM regexp_split_to_table(token, '[/@:]') c
    WHERE c ~ '[^[:alnum:]]' AND c <> token
    UNION
    SELECT w FROM regexp_split_to_table(token, '[^[:alnum:]]+') w WHERE w <> ''
$$;

-- The runs of digits joined by dots inside such a token ("2.4.0" in
-- "v2.4.0"), unless the run is the whole token.
CREATE FUNCTION bm25_version_parts(token text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT m[1] FROM regexp_matches(token, '([0-9]+(?:\.[0-9]+)+)', 'g') m WHERE m[1] <> token
$$;

-- The hyphenated codes of t that hold a digit ("OPS-4521"): each one
-- without its hyphens, lower case, and its segments of three characters or
-- more that hold a digit; set off by spaces, '' when none.
CREATE FUNCTION bm25_hyphen_parts(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT CASE WHEN t !~ '[[:alnum:]]-[[:alnum:]]' THEN ''
    ELSE coalesce((
        SELECT ' ' || string_agg(DISTINCT p, ' ')
        FROM (SELECT m[1] AS code FROM regexp_matches(t, '([[:alnum:]]+(?:-[[:alnum:]]+)+)', 'g') m) c
        CROSS JOIN LATERAL (
            SELECT lower(replace(c.code, '-', ''))
            UNION
            SELECT s FROM regexp_split_to_table(c.code, '-') s WHERE s ~ '[0-9]' AND length(s) >= 3) x(p)
        WHERE c.code ~ '[0-9]'), '')
    END
$$;

CREATE OR REPLACE FUNCTION bm25_identifier_parts(t text) RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
    SELECT CASE WHEN t !~ '[[:alnum:]][./@:][[:alnum:]]' THEN ''
    ELSE coalesce((
        SELECT ' ' || string_agg(DISTINCT p, ' ')
        FROM (SELECT tp.token FROM ts_parse('default', t) tp WHERE tp.tokid IN (4, 6, 18, 19)) tok
        CROSS JOIN LATERAL (
            SELECT bm25_component_parts(tok.token)
            UNION
            SELECT bm25_version_parts(tok.token)) x(p)), '')
    END || bm25_hyphen_parts(t)
$$;

-- The text a query of collection p_collection is analysed as: bm25_text,
-- except that an identifier token the collection holds whole (a term of
-- its BM25 index) gives only its versions, not its components.
CREATE OR REPLACE FUNCTION bm25_query_text(p_collection int, t text) RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
    SELECT bm25_segment(u || coalesce((
        SELECT ' ' || string_agg(p, ' ')
        FROM (
            SELECT tp.token, EXISTS (
                SELECT 1 FROM collections c
                CROSS JOIN LATERAL unnest(to_tsvector(c.fts_config, tp.token)) v
                JOIN bm25_terms bt ON bt.collection_id = c.id AND bt.term = v.lexeme
                WHERE c.id = p_collection AND v.lexeme = lower(tp.token)) AS whole
            FROM ts_parse('default', u) tp
            WHERE tp.tokid IN (4, 6, 18, 19)) tok
        CROSS JOIN LATERAL (
            SELECT bm25_component_parts(tok.token) WHERE NOT tok.whole
            UNION
            SELECT bm25_version_parts(tok.token)) x(p)), '') || bm25_hyphen_parts(u))
    FROM (SELECT unaccent(t) AS u) x
$$;

SELECT bm25_rebuild(id) FROM collections ORDER BY id;
ANALYZE bm25_terms;
ANALYZE bm25_stats;
