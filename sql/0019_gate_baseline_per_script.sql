-- The relevance gate's off-topic baseline per collection, vector table and
-- script of the question (pkg/text.Script): an embedding model trained on
-- English text gives questions in other scripts similarities on a scale of
-- their own, so one baseline measured with English questions let unrelated
-- Chinese or Hebrew questions through about as often as not. A JSON object
-- from script name to the median best cosine similarity of that script's
-- off-topic questions (pkg/retrieve.NullQuestions); {} until measured. The
-- baseline measured so far came from English questions: it is kept as Latin.
ALTER TABLE collection_vectors ADD COLUMN null_similarities jsonb NOT NULL DEFAULT '{}';
UPDATE collection_vectors SET null_similarities = jsonb_build_object('Latin', null_similarity)
WHERE null_similarity IS NOT NULL;
ALTER TABLE collection_vectors DROP COLUMN null_similarity;
