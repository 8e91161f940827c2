package answer

import (
	"context"
	"fmt"

	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/injection"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

// analysis is what the checks of one answer share: the question as the
// claim checks read it, its lexemes, the collection's document
// frequencies, and the answer's contexts merged.
type analysis struct {
	yesNo         bool
	q             claim.Question
	questionTerms []string
	df            map[string]int
	whole         *claim.Evidence // every located sentence's context; nil when none was located
	// details are the passages' announced details (Announced), by
	// passage number, found once for all the sentences that cite one.
	details map[int][]Detail
	// updateIndexes are the passages' values read for UpdatedValue, by passage
	// number, found once the same way.
	updateIndexes map[int]*updateIndex
}

// updateIndex returns passage p's values for UpdatedValue (newUpdateIndex),
// number n, reading them on the first call for n.
func (an *analysis) updateIndex(n int, p retrieve.Passage) *updateIndex {
	if ix, ok := an.updateIndexes[n]; ok {
		return ix
	}
	if an.updateIndexes == nil {
		an.updateIndexes = map[int]*updateIndex{}
	}
	an.updateIndexes[n] = newUpdateIndex(p.Content)
	return an.updateIndexes[n]
}

// announced returns the details passage p, number n, announces as
// changed (Announced), finding them on the first call for n.
func (an *analysis) announced(n int, p retrieve.Passage) []Detail {
	if d, ok := an.details[n]; ok {
		return d
	}
	if an.details == nil {
		an.details = map[int][]Detail{}
	}
	an.details[n] = Announced(p.Content)
	return an.details[n]
}

// terms returns lexemes ls with their document frequencies.
func (an *analysis) terms(ls []string) []claim.Term {
	out := make([]claim.Term, 0, len(ls))
	for _, l := range ls {
		out = append(out, claim.Term{Lexeme: l, DF: an.df[l]})
	}
	return out
}

// analyse locates each draft sentence's quotation in the passages
// (sentenceCheck.locate) and analyses every text the checks read (the
// question, its topic, each sentence, its evidence, context and cited
// passage) in one database round trip (Store.Lexemes).
func (a *Asker) analyse(ctx context.Context, collection, question string, passages []retrieve.Passage, d draft) ([]*sentenceCheck, *analysis, error) {
	an := &analysis{yesNo: claim.YesNo(question)}
	// A yes/no question is about its statement, not about "the notes"
	// or "the claim" it names; the statement's values are its verdict's
	// to judge (checkVerdict): a "no" quotes another value.
	asked := question
	if an.yesNo {
		asked = claim.WithoutValues(claim.Statement(question))
	}
	var texts []string
	var dests []*[]string
	add := func(text string, dest *[]string) {
		texts, dests = append(texts, text), append(dests, dest)
	}
	var topicTerms []string
	add(question, &an.questionTerms)
	add(claim.TopicText(asked), &topicTerms)
	sents := make([]*sentenceCheck, len(d.sentences))
	directed := map[int][]injection.Span{} // by passage number
	for i, ds := range d.sentences {
		sc := &sentenceCheck{draft: ds, out: Sentence{Text: ds.text, Passages: []int{}, Logprob: ds.logprob, MinLogprob: ds.minLogprob}}
		for _, c := range ds.cited {
			if c < 1 || c > len(passages) {
				sc.out.InvalidPassages = appendNew(sc.out.InvalidPassages, c)
				continue
			}
			sc.out.Passages = appendNew(sc.out.Passages, c)
		}
		if len(sc.out.Passages) > 0 {
			sc.locate(question, passages)
			if !a.Skip[SkipDirected] && sc.n > 0 {
				p := passages[sc.n-1]
				if _, ok := directed[sc.n]; !ok {
					directed[sc.n] = injection.Directed(p.Content) // once per passage
				}
				sc.dropDirected(p, directed[sc.n])
			}
			if a.Skip[SkipQuote] && sc.n > 0 {
				sc.evidence = EvidenceText(passages[sc.n-1])
			}
		}
		sents[i] = sc
		add(sc.draft.text, &sc.terms)
		add(sc.evidence, &sc.evidenceTerms)
		add(sc.context, &sc.contextTerms)
		add(sc.cited, &sc.citedTerms)
	}
	lexemes, df, n, err := a.Retriever.Store.Lexemes(ctx, collection, texts)
	if err != nil {
		return nil, nil, fmt.Errorf("claim checks: %w", err)
	}
	for i, dest := range dests {
		*dest = lexemes[i]
	}
	an.df = df
	an.q = claim.Question{Text: asked, N: n, Terms: an.terms(topicTerms)}
	// The answer's contexts together hold what the question is about.
	var contexts []*claim.Evidence
	for _, sc := range sents {
		if sc.n > 0 {
			contexts = append(contexts, claim.NewEvidence(sc.context, sc.contextTerms))
		}
	}
	if len(contexts) > 0 {
		an.whole = claim.Merge(contexts...)
	}
	return sents, an, nil
}
