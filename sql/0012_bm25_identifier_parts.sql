-- Words inside paths, host names, URLs and e-mail addresses are BM25 terms.
--
-- PostgreSQL's default parser keeps a path (/etc/samba/smb.conf.d/10-shares.conf),
-- a host (nas01.home.lan), a URL and an e-mail address as one token each, so
-- no query for "samba", "10-shares.conf" or "nas01" matched a note holding
-- them. bm25_text now appends, for every such token, its components between
-- "/" and "@" (smb.conf.d, 10-shares.conf, wiki.home.lan, example.org: the
-- parser makes them terms in their turn) and its alphanumeric parts (etc,
-- samba, smb, conf, d, 10, shares, nas01, home, lan), on the chunk and the
-- query side alike. The whole token stays a term, so a query naming it
-- whole matches it and its parts, and ranks a chunk with the whole token
-- above one with only the parts. Text without such a token is analysed as
-- before (the parts cost a ts_parse only where "x.y", "x/y", "x@y" or "x:y"
-- occurs). Every collection's BM25 index is rebuilt in this migration's
-- transaction.

-- The alphanumeric parts of the email (4), host (6), url_path (18) and file
-- (19) tokens of t, and their components between "/" and "@" that are not
-- alphanumeric already, set off by spaces; '' when none. (A URL is parsed
-- into url, host and url_path tokens: its host and path give its parts.)
CREATE FUNCTION bm25_identifier_parts(t text) RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
    SELECT CASE WHEN t !~ '[[:alnum:]][./@:][[:alnum:]]' THEN ''
    ELSE coalesce((
        SELECT ' ' || string_agg(p.part, ' ' ORDER BY tok.n, p.k)
        FROM (SELECT row_number() OVER () AS n, tp.token
              FROM ts_parse('default', t) tp
              WHERE tp.tokid IN (4, 6, 18, 19)) tok
        CROSS JOIN LATERAL (
            SELECT c.k, c.part FROM regexp_split_to_table(tok.token, '[/@]') WITH ORDINALITY c(part, k)
            WHERE c.part ~ '[^[:alnum:]]' AND c.part <> tok.token
            UNION ALL
            SELECT 0, regexp_replace(tok.token, '[^[:alnum:]]+', ' ', 'g')) p), '')
    END
$$;

CREATE OR REPLACE FUNCTION bm25_text(t text) RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
    SELECT unaccent(bm25_segment(t || bm25_identifier_parts(t)))
$$;

SELECT bm25_rebuild(id) FROM collections ORDER BY id;
ANALYZE bm25_terms;
ANALYZE bm25_stats;
