-- Which vector tables hold vectors of which collection, and whether every
-- chunk of the collection has one there. `hrag index` and `hrag reembed` set
-- complete after checking; storing a document whose new chunks have no
-- vector in a table clears it. Queries read the flag instead of counting.

CREATE TABLE collection_vectors (
    collection_id int  NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    table_name    text NOT NULL REFERENCES embedding_tables(table_name) ON DELETE CASCADE,
    complete      boolean NOT NULL DEFAULT false,
    checked_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (collection_id, table_name)
);

-- Register the vector tables that already hold vectors of a collection.
DO $$
DECLARE
    t record;
BEGIN
    FOR t IN SELECT table_name FROM embedding_tables LOOP
        EXECUTE format(
            'INSERT INTO collection_vectors (collection_id, table_name, complete)
             SELECT c.id, %L, NOT EXISTS (
                 SELECT 1 FROM chunks k WHERE k.collection_id = c.id
                   AND NOT EXISTS (SELECT 1 FROM %I v WHERE v.chunk_id = k.id))
             FROM collections c
             WHERE EXISTS (SELECT 1 FROM %I v JOIN chunks k ON k.id = v.chunk_id WHERE k.collection_id = c.id)',
            t.table_name, t.table_name, t.table_name);
    END LOOP;
END $$;
