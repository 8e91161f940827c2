package retrieve

import (
	"context"
	"fmt"
	"sort"

	"github.com/hrag-dev/hrag/pkg/store"
)

// NullQuestions are off-topic questions for calibrating the relevance gate:
// general-knowledge questions that personal notes, manuals and papers are
// unlikely to answer. The similarity they reach is the model's "nothing
// relevant" level for a collection.
var NullQuestions = []string{
	"Who won the football world cup in 1998?",
	"What is the capital city of Australia?",
	"How many moons does Jupiter have?",
	"Who painted the Mona Lisa?",
	"What is the boiling point of ethanol?",
	"In which year did the Western Roman Empire fall?",
	"How tall is Mount Kilimanjaro?",
	"Which composer wrote The Four Seasons?",
}

// NullMargin is how far above the off-topic baseline the best cosine
// similarity must be for the gate to accept it on similarity alone.
const NullMargin = 0.1

// minSimilarity returns the similarity threshold of the gate for this
// collection and table: the configured one, raised to the off-topic
// baseline + NullMargin when that is higher. Embedding models differ widely
// here: all-MiniLM-L6-v2 gives off-topic questions about 0.1-0.2 on the
// sample notes, multilingual-e5-small about 0.75, so a fixed threshold
// that suits one lets everything through with the other. The baseline is
// measured on the first question after the collection changed (one batch of
// len(NullQuestions) query embeddings and as many vector searches) and
// stored. It returns the threshold and, when raised, a note for the reason.
func (r *Retriever) minSimilarity(ctx context.Context, coll store.Collection, t *store.CollectionVectors, configured float64) (float64, string, error) {
	if configured < 0 || t == nil {
		return configured, "", nil
	}
	if t.NullSimilarity == nil {
		v, err := r.nullSimilarity(ctx, coll, t.Name)
		if err != nil {
			return 0, "", err
		}
		if err := r.Store.SetNullSimilarity(ctx, coll.ID, t.Name, v); err != nil {
			return 0, "", err
		}
		t.NullSimilarity = &v
	}
	if raised := *t.NullSimilarity + NullMargin; raised > configured {
		return raised, fmt.Sprintf(" (RAG_GATE_MIN_SIMILARITY %.2f raised to the off-topic level of this model on this collection, %.2f + %.2f)", configured, *t.NullSimilarity, NullMargin), nil
	}
	return configured, "", nil
}

// nullSimilarity is the median, over NullQuestions, of the best cosine
// similarity each reaches in the collection's vector table.
func (r *Retriever) nullSimilarity(ctx context.Context, coll store.Collection, table string) (float64, error) {
	texts := make([]string, len(NullQuestions))
	for i, q := range NullQuestions {
		texts[i] = r.QueryPrefix + q
	}
	vecs, err := r.Embedder.Embed(ctx, texts)
	if err != nil {
		return 0, fmt.Errorf("calibrating the relevance gate: %w", err)
	}
	var best []float64
	for _, v := range vecs {
		hits, err := r.Store.SearchVector(ctx, table, coll.ID, v, 1, store.DocumentFilter{})
		if err != nil {
			return 0, err
		}
		if len(hits) > 0 {
			best = append(best, hits[0].Similarity)
		}
	}
	if len(best) == 0 {
		return 0, nil
	}
	sort.Float64s(best)
	m := len(best) / 2
	if len(best)%2 == 0 {
		return (best[m-1] + best[m]) / 2, nil
	}
	return best[m], nil
}
