-- How many spans of a chunk's content address an AI assistant (package
-- injection), as detected when the chunk was stored. Retrieval detects them
-- again and masks them before a passage reaches the LLM; this count is for
-- `hrag status` and for warnings at index time.
ALTER TABLE chunks ADD COLUMN injections int NOT NULL DEFAULT 0;
