-- Identifier parts, third step: versions glued to letters.
--
-- PostgreSQL's parser reads "v2.4.0", "python3.11" and "nginx-1.25.3.tar.gz"
-- as one file or host token, so a note saying "v2.4.0" had no term
-- "2.4.0" and a question for "2.4.0" (a version token) missed it. Each run
-- of digits joined by dots inside an email (4), host (6), url_path (18) or
-- file (19) token is now a part too, unless it is the whole token (an IPv4
-- address stays one term). Queries get the same parts through
-- bm25_query_text, so "v1.9.3" finds a note that says "1.9.3".
-- Every collection's BM25 index is rebuilt in this migration's transaction.

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
            SELECT w FROM regexp_split_to_table(tok.token, '[^[:alnum:]]+') w WHERE w <> ''
            UNION
            SELECT m[1] FROM regexp_matches(tok.token, '([0-9]+(?:\.[0-9]+)+)', 'g') m
            WHERE m[1] <> tok.token) p), '')
    END
$$;

SELECT bm25_rebuild(id) FROM collections ORDER BY id;
ANALYZE bm25_terms;
ANALYZE bm25_stats;
