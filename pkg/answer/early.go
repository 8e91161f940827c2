package answer

import (
	"context"
	"strings"
	"time"

	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

// Watch receives what Ask learns while the model writes. Either field may
// be nil; both are called from Ask's goroutine, in order.
type Watch struct {
	// Delta sees each piece of the model's raw reply as it arrives, for
	// progress only: the reply is not checked yet and must not be shown.
	Delta func(text string)
	// Ready sees each sentence of the answer that is final before the
	// whole reply is: the checks passed it, and every sentence before it,
	// on the reply written so far (read as if the model had stopped there).
	// i is its index in the final Result.Sentences, cs the citations of the
	// sentences so far (the passage numbers of s.Passages among them).
	//
	// Sentences are handed over only where the checks never take back a
	// sentence that more of the reply adds to (settlesEarly): the answer
	// type is given by a sentence already passed, the question coverage
	// only grows with more quoted units, every other check reads one
	// sentence. Should the whole reply still remove one, Ask lists it in
	// Result.Retracted (eval answers counts them).
	Ready func(i int, s Sentence, cs []Citation)
}

// settlesEarly reports whether Ask may hand sentences to Watch.Ready
// before the reply is complete for question: not for a yes/no question
// (its verdict is judged on all its quotations together), nor when the
// verification requests or the embedding similarity judge sentences
// (Asker.Verify, MinSimilarity: made once, at the end).
func (a *Asker) settlesEarly(question string) bool {
	return !claim.YesNo(question) && !a.Verify && a.MinSimilarity < 0
}

// earlySentences follows the reply of one Ask as it streams and hands its
// final sentences to Watch.Ready (Watch).
type earlySentences struct {
	a          *Asker
	w          Watch
	collection string
	question   string
	// gateSimilarity is Result.gateSimilarity of the question.
	gateSimilarity float64
	began          time.Time
	on             bool // Ready is set and the question settles early
	// ready are the texts of the sentences handed over, by index; first is
	// when the first one was (from began).
	ready []string
	first time.Duration
}

// attempt returns the function that sees the reply of one request to the
// model, whose checks read passages. A request retried (with the text
// protocol, or fewer passages) starts again from an empty reply; the
// sentences handed over stay.
func (e *earlySentences) attempt(ctx context.Context, passages []retrieve.Passage) func(llm.Delta) {
	var reply strings.Builder
	var tokens []llm.Token
	spelled := 0     // bytes of reply the tokens spell
	stopped := false // a sentence failed on the reply so far: the rest comes at the end
	return func(d llm.Delta) {
		if e.w.Delta != nil && d.Text != "" {
			e.w.Delta(d.Text)
		}
		if !e.on || stopped {
			return
		}
		reply.WriteString(d.Text)
		tokens = append(tokens, d.Tokens...)
		for _, t := range d.Tokens {
			spelled += len(t.Text)
		}
		// A sentence of the structured reply ends with its object's brace;
		// a reply in plain text (another protocol) is checked at the end.
		text := reply.String()
		if !strings.Contains(d.Text, "}") || !strings.HasPrefix(strings.TrimSpace(text), "{") {
			return
		}
		// The confidence rule reads the tokens of each sentence: without
		// tokens that spell the reply so far it could not judge (while
		// it will on the whole reply), so nothing is handed over.
		if (e.a.MinLogprob < 0 || e.a.MinFoundProb > 0) && len(tokens) > 0 && spelled != len(text) {
			return
		}
		// Only after the model said it found the answer: a "found": false
		// written after the sentences takes them all back.
		if d, err := parseJSON(text); err != nil || d.found == nil || !*d.found {
			return
		}
		pre := Result{Question: e.question, Citations: []Citation{}, Invalid: []int{}, Sentences: []Sentence{}, gateSimilarity: e.gateSimilarity}
		if err := e.a.settle(ctx, e.collection, text, tokens, ProtocolJSON, passages, &pre, false); err != nil {
			return // the whole reply will say
		}
		for i := len(e.ready); i < len(pre.Sentences); i++ {
			s := pre.Sentences[i]
			if !s.Shown || s.distinctLanguage && e.a.VerifyAcrossLanguages && e.a.LLM != nil { // verified once, on the whole reply
				stopped = true
				return
			}
			if pre.Abstained { // shown, yet the answer says the notes lack it
				return
			}
			if e.first == 0 {
				e.first = time.Since(e.began)
			}
			e.ready = append(e.ready, s.Text)
			e.w.Ready(i, s, pre.Citations)
		}
	}
}

// confirm holds the whole reply's result to the sentences handed over:
// each that it does not show (the same text at the same index) goes to
// res.Retracted.
func (e *earlySentences) confirm(res *Result) {
	for i, text := range e.ready {
		if i < len(res.Sentences) && res.Sentences[i].Shown && res.Sentences[i].Text == text {
			continue
		}
		res.Retracted = append(res.Retracted, text)
	}
}
