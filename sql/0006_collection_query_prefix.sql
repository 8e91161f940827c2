-- The query prefix is recorded per collection and vector table (it was per
-- table, so a `reembed` in one collection changed it for all of them).
ALTER TABLE collection_vectors ADD COLUMN query_prefix text;
UPDATE collection_vectors cv SET query_prefix = e.query_prefix
FROM embedding_tables e WHERE e.table_name = cv.table_name;
ALTER TABLE collection_vectors ALTER COLUMN query_prefix SET NOT NULL;
