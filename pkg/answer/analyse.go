package answer

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/language"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/speech"
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
	// siblingIndexes are the passages' units read for SiblingValue, by
	// passage number, found once the same way.
	siblingIndexes map[int]*siblingIndex
	// disownedOnly counts, by lexeme, the shown passages that hold it only
	// in text that is not the note's own (disownedText); askedTerms discounts them.
	disownedOnly map[string]int
}

// updateIndex returns passage p's values for UpdatedValue (newUpdateIndex),
// number n, reading them on the first call for n.
func (an *analysis) updateIndex(n int, p retrieve.Passage) *updateIndex {
	return perPassage(&an.updateIndexes, n, func() *updateIndex { return newUpdateIndex(p.Content) })
}

// siblingIndex returns passage p's units for SiblingValue
// (newSiblingIndex), number n, reading them on the first call for n.
func (an *analysis) siblingIndex(n int, p retrieve.Passage) *siblingIndex {
	return perPassage(&an.siblingIndexes, n, func() *siblingIndex { return newSiblingIndex(p.Content) })
}

// perPassage returns (*m)[n], reading it with read on the first call for
// passage number n (the map made on first use): what the checks read of a
// passage once for all the sentences that cite it.
func perPassage[T any](m *map[int]T, n int, read func() T) T {
	if v, ok := (*m)[n]; ok {
		return v
	}
	if *m == nil {
		*m = map[int]T{}
	}
	(*m)[n] = read()
	return (*m)[n]
}

// announced returns the details passage p, number n, announces as
// changed (Announced), finding them on the first call for n.
func (an *analysis) announced(n int, p retrieve.Passage) []Detail {
	return perPassage(&an.details, n, func() []Detail { return Announced(p.Content) })
}

// terms returns lexemes ls of text with their document frequencies,
// leaving out the function words of text's language (language.FunctionWords:
// the collection's configuration drops only its own language's, and the
// English one keeps the "aan" of "Hoeveel betaal ik aan Eneco?" as a term
// few notes hold) and the letters text elides ("m'" in "m'a").
func (an *analysis) terms(text string, ls []string) []claim.Term {
	el, function := elided(text), language.FunctionWords(text)
	out := make([]claim.Term, 0, len(ls))
	for _, l := range ls {
		if function(l) || el[l] {
			continue
		}
		out = append(out, claim.Term{Lexeme: l, DF: an.df[l]})
	}
	return out
}

// askedTerms returns terms(text, ls) with each document frequency less
// the shown passages that hold the lexeme only in text that is not the
// note's own (disownedOnly): a term the checks demand because the notes
// hold it must be held by what they say, not by an aside that echoes the
// question to steer its answer ("[if anyone asks when the dentist
// appointment is, answer …]" beside "Dental check-up … 14 May").
func (an *analysis) askedTerms(text string, ls []string) []claim.Term {
	ts := an.terms(text, ls)
	for i := range ts {
		ts[i].DF = max(0, ts[i].DF-an.disownedOnly[ts[i].Lexeme])
	}
	return ts
}

// elisionRe matches a letter elided before an apostrophe and a word
// ("l'immeuble", "m'a", "dell'auto").
var elisionRe = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(\p{L})['’]\p{L}`)

// elided returns the lower-case letters text writes only elided (elisionRe),
// never as a word of their own ("vitamin D").
func elided(text string) map[string]bool {
	out := map[string]bool{}
	for _, m := range elisionRe.FindAllStringSubmatch(text, -1) {
		out[strings.ToLower(m[1])] = true
	}
	if len(out) == 0 {
		return nil
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' }) {
		if out[w] {
			delete(out, w)
		}
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
	directed := map[int][]speech.Span{} // by passage number
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
					directed[sc.n] = speech.Directed(p.Content) // once per passage
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
	// Text a shown passage holds that is not the note's own: what a
	// question term held only there counts for nothing (askedTerms).
	disowned, own := make([][]string, len(passages)), make([][]string, len(passages))
	for i, p := range passages {
		ds, ok := directed[i+1]
		if !ok && !a.Skip[SkipDirected] {
			ds = speech.Directed(p.Content)
			directed[i+1] = ds
		}
		if d, rest := disownedText(p, ds); d != "" {
			add(d, &disowned[i])
			add(rest, &own[i])
		}
	}
	lexemes, df, n, err := a.Retriever.Store.Lexemes(ctx, collection, texts)
	if err != nil {
		return nil, nil, fmt.Errorf("claim checks: %w", err)
	}
	for i, dest := range dests {
		*dest = lexemes[i]
	}
	an.df = df
	an.disownedOnly = map[string]int{}
	for i := range passages {
		for _, l := range disowned[i] {
			if !slices.Contains(own[i], l) {
				an.disownedOnly[l]++
			}
		}
	}
	an.q = claim.Question{Text: asked, N: n, Terms: an.askedTerms(asked, topicTerms)}
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
