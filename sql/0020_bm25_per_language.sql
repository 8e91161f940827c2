-- BM25 per language. Until now every chunk of a collection was analysed with
-- the collection's one text-search configuration (collections.fts_config,
-- "english" by default), so a German note was stemmed as English and kept
-- its stop words. Now a document may carry its own configuration (the
-- snowball one of its detected language, or "simple" for a language none
-- covers), and its chunks are analysed with it:
--
--   documents.language   the detected language, a lower-case English name
--                        ("german", "japanese"); NULL when not detected
--   documents.fts_config its configuration; NULL: the collection's
--   chunks.fts_config    the configuration the chunk's BM25 terms were made
--                        with, copied from its document when inserted; the
--                        delete trigger removes the terms it made
--
-- A question is analysed with every configuration the collection's chunks
-- use (bm25_configs), its lexemes merged (bm25_query_vector), a word that
-- any of them calls a stop word left out (bm25_stop_words); the gate's term
-- coverage reads a chunk against the question analysed its way
-- (bm25_query_vector_cfg).
ALTER TABLE documents ADD COLUMN language text;
ALTER TABLE documents ADD COLUMN fts_config regconfig;
ALTER TABLE chunks ADD COLUMN fts_config regconfig;
CREATE INDEX documents_collection_fts_idx ON documents (collection_id, fts_config);

-- A chunk's configuration is part of its BM25 terms: it cannot change in place.
DROP TRIGGER bm25_chunks_reject_update ON chunks;
CREATE TRIGGER bm25_chunks_reject_update BEFORE UPDATE OF id, collection_id, content, breadcrumb, fts_config ON chunks
    FOR EACH ROW
    WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.collection_id IS DISTINCT FROM NEW.collection_id
          OR OLD.content IS DISTINCT FROM NEW.content OR OLD.breadcrumb IS DISTINCT FROM NEW.breadcrumb
          OR OLD.fts_config IS DISTINCT FROM NEW.fts_config)
    EXECUTE FUNCTION bm25_chunks_reject_update();
CREATE OR REPLACE FUNCTION bm25_chunks_reject_update() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    RAISE EXCEPTION 'chunks.id, collection_id, content, breadcrumb and fts_config cannot be updated (chunk %): the BM25 index is maintained on INSERT and DELETE; delete the chunk and insert it again', OLD.id
        USING ERRCODE = 'feature_not_supported';
END $$;

-- Insert and delete analyse each chunk with its own configuration.
DO $$
DECLARE
    src text;
BEGIN
    SELECT pg_get_functiondef('bm25_add_chunks(bigint[])'::regprocedure) INTO src;
    IF position('SELECT n.id, n.collection_id, n.content, n.breadcrumb, c.fts_config, c.bm25_title_weight AS w' IN src) = 0 THEN
        RAISE EXCEPTION 'bm25_add_chunks does not read its configuration as 0009 wrote it';
    END IF;
    EXECUTE replace(src, 'SELECT n.id, n.collection_id, n.content, n.breadcrumb, c.fts_config, c.bm25_title_weight AS w',
                    'SELECT n.id, n.collection_id, n.content, n.breadcrumb, coalesce(n.fts_config, c.fts_config) AS fts_config, c.bm25_title_weight AS w');

    SELECT pg_get_functiondef('bm25_chunks_delete()'::regprocedure) INTO src;
    IF position('SELECT o.id, o.collection_id, o.content, o.breadcrumb, c.fts_config, c.bm25_title_weight AS w' IN src) = 0 THEN
        RAISE EXCEPTION 'bm25_chunks_delete does not read its configuration as 0009 wrote it';
    END IF;
    EXECUTE replace(src, 'SELECT o.id, o.collection_id, o.content, o.breadcrumb, c.fts_config, c.bm25_title_weight AS w',
                    'SELECT o.id, o.collection_id, o.content, o.breadcrumb, coalesce(o.fts_config, c.fts_config) AS fts_config, c.bm25_title_weight AS w');
END $$;

-- The configurations of a collection's chunks: the collection's own first,
-- then those its documents carry, by name.
CREATE FUNCTION bm25_configs(p_collection int) RETURNS regconfig[]
LANGUAGE sql STABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
    SELECT c.fts_config || ARRAY(
        SELECT DISTINCT d.fts_config FROM documents d
        WHERE d.collection_id = p_collection AND d.fts_config IS NOT NULL AND d.fts_config <> c.fts_config
        ORDER BY 1)
    FROM collections c WHERE c.id = p_collection
$$;

-- The words of t that are stop words in one of the snowball configurations
-- cfgs (analysed to nothing), lower-cased and unaccented. With several
-- languages in a collection a question's word is dropped if any of them
-- calls it a stop word: "the" must not become a term of the question under
-- "simple" (which keeps every word), where only the few chunks analysed with
-- "simple" hold it and give it a high idf; nor German "die" under "english".
CREATE FUNCTION bm25_stop_words(t text, cfgs regconfig[]) RETURNS text[]
LANGUAGE sql STABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
    SELECT coalesce(array_agg(DISTINCT lower(tp.token)), '{}')
    FROM ts_parse('default', unaccent(t)) tp
    WHERE tp.tokid IN (1, 2, 10, 11)   -- asciiword, word, hword_part, hword_asciipart
      AND EXISTS (SELECT 1 FROM unnest(cfgs) c
                  WHERE c <> 'simple'::regconfig AND to_tsvector(c, tp.token) = ''::tsvector)
$$;

-- 0018's bm25_query_vector for one configuration, without the stop words
-- of the collection's other configurations (bm25_stop_words; none when it
-- has one).
CREATE FUNCTION bm25_query_vector_cfg(p_collection int, cfg regconfig, t text) RETURNS tsvector
LANGUAGE sql STABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
    WITH k AS (SELECT coalesce(bm25_configs(p_collection), '{}') AS cfgs)
    SELECT ts_delete(ts_delete(to_tsvector(cfg, bm25_query_text(p_collection, t)), coalesce((
        SELECT array_agg(DISTINCT pv.lexeme)
        FROM ts_parse('default', unaccent(t)) tp
        CROSS JOIN LATERAL regexp_split_to_table(tp.token, '-') part
        CROSS JOIN LATERAL unnest(to_tsvector(cfg, part)) pv
        WHERE tp.tokid = 15
          AND pv.lexeme <> lower(tp.token)
          AND EXISTS (SELECT 1 FROM bm25_terms bt WHERE bt.collection_id = p_collection AND bt.term = lower(tp.token))), '{}'::text[])),
        CASE WHEN cardinality(k.cfgs) < 2 THEN '{}'::text[]
             ELSE tsvector_to_array(to_tsvector(cfg, array_to_string(bm25_stop_words(t, k.cfgs), ' '))) END)
    FROM k
$$;

-- The query's lexemes under every configuration of the collection, merged:
-- a lexeme that several configurations give keeps the positions (so the
-- query term frequency) of the first that gives it.
CREATE OR REPLACE FUNCTION bm25_query_vector(p_collection int, t text) RETURNS tsvector
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
DECLARE
    cfg regconfig;
    v tsvector := '';
    w tsvector;
BEGIN
    FOREACH cfg IN ARRAY coalesce(bm25_configs(p_collection), '{}') LOOP
        w := bm25_query_vector_cfg(p_collection, cfg, t);
        IF v = '' THEN
            v := w;
        ELSE
            v := v || ts_delete(w, tsvector_to_array(v));
        END IF;
    END LOOP;
    RETURN v;
END $$;
