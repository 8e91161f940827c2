-- Finding every copy of a passage's text (a copied file, a backup) at query
-- time: an index on the MD5 of chunk content, looked up with the hashes of
-- the passages retrieval kept.
CREATE INDEX chunks_content_md5_idx ON chunks (collection_id, md5(content));
