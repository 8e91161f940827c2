-- What a document's chunks were cut under besides its bytes: hrag's
-- chunking version and the chunk settings (index.ChunkingKey). A document
-- whose key differs from the run's is cut again by the next index run, even
-- when its file did not change. Documents indexed before this column have
-- '' and are cut again once.
ALTER TABLE documents ADD COLUMN chunking text NOT NULL DEFAULT '';
