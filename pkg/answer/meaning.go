package answer

import (
	"context"
	"fmt"

	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

// similarity is check (d): each shown sentence, embedded as a query, must
// reach a.MinSimilarity cosine similarity with one of its cited passages,
// embedded as documents (with their breadcrumbs, as indexed). With
// a.MeasureSimilarity it is measured for every sentence that cites a
// passage, and enforced only when a.MinSimilarity >= 0.
func (a *Asker) similarity(ctx context.Context, passages []retrieve.Passage, res *Result) error {
	var texts []string
	for _, p := range passages {
		texts = append(texts, a.Retriever.DocPrefix+EvidenceText(p))
	}
	var idx []int
	for i, s := range res.Sentences {
		if s.Shown || a.MeasureSimilarity && len(s.Passages) > 0 {
			idx = append(idx, i)
			texts = append(texts, a.Retriever.QueryPrefix+s.Text)
		}
	}
	if len(idx) == 0 {
		return nil
	}
	vecs, err := a.embedForChecks(ctx, texts)
	if err != nil {
		return err
	}
	for k, i := range idx {
		s := &res.Sentences[i]
		best := -1.0
		for _, n := range s.Passages {
			best = max(best, embed.Cosine(vecs[len(passages)+k], vecs[n-1]))
		}
		s.Similarity = &best
		if s.Shown && a.MinSimilarity >= 0 && best < a.MinSimilarity {
			s.Shown, s.Reason = false, string(claim.LowSimilarity)
			s.Detail = fmt.Sprintf("its cosine similarity to the cited passages is %.2f (< %.2f)", best, a.MinSimilarity)
		}
	}
	return nil
}

// crossLanguage checks, with a multilingual embedding model
// (claim.Options.MeaningAcrossLanguages), each shown sentence written in
// another language than the passage its quote comes from
// (Sentence.CrossLanguage). The word checks cannot compare the question
// or the sentence with the quote (claim.Check skips question coverage and
// term support then); their meanings are compared instead, against the
// relevance gate's similarity threshold for this question
// (Result.gateSimilarity: the off-topic level of the collection and the
// question's script, plus headroom), the quote embedded as a passage under
// its passage's title and breadcrumb:
//
//   - the question, embedded as a query, must reach it with the quote, as
//     the gate asks of the best passage (claim.OffQuestion): a true
//     sentence quoted from a note on something else is no answer;
//   - the sentence, embedded as a query, must reach it with the quote
//     (claim.LowSimilarity): a sentence about something else than what it
//     quotes stays below the level that unrelated questions reach.
//
// Without that threshold (the gate read no similarity) or an embedding
// model the sentence is removed: nothing could compare it with its quote.
func (a *Asker) crossLanguage(ctx context.Context, question string, passages []retrieve.Passage, res *Result) error {
	var idx []int
	texts := []string{a.Retriever.QueryPrefix + question}
	for i, s := range res.Sentences {
		if s.Shown && s.CrossLanguage && s.Quote != nil && s.Quote.Passage >= 1 && s.Quote.Passage <= len(passages) {
			idx = append(idx, i)
			texts = append(texts, a.Retriever.QueryPrefix+s.Text, a.Retriever.DocPrefix+heading(passages[s.Quote.Passage-1])+"\n"+s.Quote.Text)
		}
	}
	if len(idx) == 0 {
		return nil
	}
	least := res.gateSimilarity
	if least <= 0 || a.Retriever.Embedder == nil {
		for _, i := range idx {
			s := &res.Sentences[i]
			s.Shown, s.Reason = false, string(claim.LowSimilarity)
			s.Detail = "it is in another language than its quote, and without the relevance gate's similarity threshold (vector search off, or RAG_GATE_MIN_SIMILARITY negative) nothing compares their meanings"
		}
		return nil
	}
	vecs, err := a.embedForChecks(ctx, texts)
	if err != nil {
		return err
	}
	for k, i := range idx {
		s := &res.Sentences[i]
		quote := vecs[2+2*k]
		if sim := embed.Cosine(vecs[0], quote); sim < least {
			s.Shown, s.Reason = false, string(claim.OffQuestion)
			s.Detail = fmt.Sprintf("its quote is in another language than the question, and their cosine similarity is %.2f, below the relevance gate's %.2f for this question", sim, least)
		} else if sim := embed.Cosine(vecs[1+2*k], quote); sim < least {
			s.Shown, s.Reason = false, string(claim.LowSimilarity)
			s.Detail = fmt.Sprintf("it is in another language than its quote, and its cosine similarity to it is %.2f, below the relevance gate's %.2f for this question", sim, least)
		}
	}
	return nil
}

// embedForChecks embeds texts (prefixed by the caller) with the
// retriever's model; errors are the claim checks'.
func (a *Asker) embedForChecks(ctx context.Context, texts []string) ([][]float32, error) {
	vecs, err := a.Retriever.Embedder.Embed(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("claim checks: %w", err)
	}
	return vecs, nil
}
