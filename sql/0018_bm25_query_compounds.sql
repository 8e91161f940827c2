-- A hyphenated code the collection holds whole is searched whole.
--
-- PostgreSQL's parser reads "SN-VF2G9OE5W3" as the compound and its parts
-- ('sn-vf2g9oe5w3', 'sn', 'vf2g9oe5w3'). In a table of 3,000 serials every
-- chunk holds 'sn', so a query for one serial gave every chunk a BM25 rank,
-- and in the fusion with vector search those ranks outvoted the one chunk
-- that names it (rank 8 of the fused list). As sql/0013 does for paths and
-- hosts, a compound with a digit (numhword) that is a term of the
-- collection's index is now searched without its parts' lexemes.
-- bm25_search and the gate's term coverage read the query through
-- bm25_query_vector.

CREATE FUNCTION bm25_query_vector(p_collection int, t text) RETURNS tsvector
LANGUAGE sql STABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
    SELECT ts_delete(to_tsvector(c.fts_config, bm25_query_text(p_collection, t)), coalesce((
        SELECT array_agg(DISTINCT pv.lexeme)
        FROM ts_parse('default', unaccent(t)) tp
        CROSS JOIN LATERAL regexp_split_to_table(tp.token, '-') part
        CROSS JOIN LATERAL unnest(to_tsvector(c.fts_config, part)) pv
        WHERE tp.tokid = 15
          AND pv.lexeme <> lower(tp.token)
          AND EXISTS (SELECT 1 FROM bm25_terms bt WHERE bt.collection_id = p_collection AND bt.term = lower(tp.token))), '{}'::text[]))
    FROM collections c WHERE c.id = p_collection
$$;

DO $$
DECLARE
    src text;
BEGIN
    SELECT pg_get_functiondef('bm25_search(int, text, int, bigint, bigint, int)'::regprocedure) INTO src;
    IF position('unnest(to_tsvector(cfg, bm25_query_text(p_collection, p_query))) q' IN src) = 0 THEN
        RAISE EXCEPTION 'bm25_search does not analyse its query as 0013 wrote it';
    END IF;
    EXECUTE replace(src, 'unnest(to_tsvector(cfg, bm25_query_text(p_collection, p_query))) q',
                    'unnest(bm25_query_vector(p_collection, p_query)) q');
END $$;
