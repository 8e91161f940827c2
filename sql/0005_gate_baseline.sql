-- The relevance gate's off-topic baseline per collection and vector table:
-- the median best cosine similarity that a fixed set of off-topic questions
-- reaches (pkg/retrieve.NullQuestions). NULL until the first question after
-- the collection or the table changed.
ALTER TABLE collection_vectors ADD COLUMN null_similarity double precision;
