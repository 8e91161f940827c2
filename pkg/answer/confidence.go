package answer

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/hrag-dev/hrag/pkg/llm"
)

// ReasonLowConfidence marks a sentence whose words the model wrote with a
// mean token log-probability below Asker.MinLogprob (RAG_MIN_LOGPROB).
const ReasonLowConfidence = "low_confidence"

// spanLogprob is the model's confidence in one sentence: the mean and the
// least natural-log probability of the reply's tokens that overlap the
// sentence's text, as the reply wrote it (its JSON string value, found
// from byte offset from on), and where that text ends. ok is false when
// the tokens do not spell the reply or the text is not found (a reply
// read as plain text is searched for the text as it is). Mean token
// log-probability is the length-normalised sequence likelihood used for
// selective prediction (Kadavath et al., "Language Models (Mostly) Know
// What They Know", 2022).
func spanLogprob(reply string, tokens []llm.Token, text string, from int) (mean, least float64, end int, ok bool) {
	if len(tokens) == 0 || from > len(reply) {
		return 0, 0, from, false
	}
	enc, _ := json.Marshal(text)
	needle := strings.TrimSuffix(strings.TrimPrefix(string(enc), `"`), `"`)
	// The reply may hold more than hrag kept ("[1]" marks, a cut): the
	// text's first 40 bytes place it.
	n := len(needle)
	head := needle
	if len(head) > 40 {
		head = head[:40]
	}
	i := strings.Index(reply[from:], head)
	if i < 0 {
		return 0, 0, from, false
	}
	start := from + i
	end = min(start+n, len(reply))
	pos, k, sum := 0, 0, 0.0
	least = 0
	for _, t := range tokens {
		s, e := pos, pos+len(t.Text)
		pos = e
		if e <= start || s >= end {
			continue
		}
		k++
		sum += t.Logprob
		least = math.Min(least, t.Logprob)
	}
	if pos != len(reply) || k == 0 {
		return 0, 0, from, false
	}
	return sum / float64(k), least, end, true
}

// ReasonModelUnsure marks the sentences of an answer whose "found": true
// the model wrote with a probability below Asker.MinFoundProb.
const ReasonModelUnsure = "model_unsure"

// foundProb returns the probability, in [0, 1], that the model gave the
// first token of the value of the reply's last "found" field (a structured
// reply): its own estimate, after writing the sentences, that the passages
// hold the answer, read as P(True) is by Kadavath et al. ("Language Models
// (Mostly) Know What They Know", 2022). ok is false when the tokens do
// not spell the reply or it has no "found" field.
func foundProb(reply string, tokens []llm.Token) (p float64, ok bool) {
	k := strings.LastIndex(reply, `"found"`)
	if k < 0 || len(tokens) == 0 {
		return 0, false
	}
	rest := reply[k+len(`"found"`):]
	v := len(reply) - len(strings.TrimLeft(rest, ": \t\r\n"))
	if v == len(reply) {
		return 0, false
	}
	pos, lp, hit := 0, 0.0, false
	for _, t := range tokens {
		s, e := pos, pos+len(t.Text)
		pos = e
		if !hit && s <= v && v < e {
			lp, hit = t.Logprob, true
		}
	}
	if pos != len(reply) || !hit {
		return 0, false
	}
	return math.Exp(lp), true
}

// unsure withholds every shown sentence of res when the model wrote its
// "found": true with a probability below min (ReasonModelUnsure).
func unsure(min, p float64, res *Result) {
	if p >= min {
		return
	}
	for i := range res.Sentences {
		if s := &res.Sentences[i]; s.Shown {
			s.Shown, s.Reason = false, ReasonModelUnsure
			s.Detail = fmt.Sprintf("the model wrote that the passages hold the answer with a probability of %.3f, below RAG_MIN_FOUND_PROB=%g", p, min)
		}
	}
}

// confidence sets each draft sentence's Logprob from the reply's tokens
// (spanLogprob), in order, and the draft's foundProb.
func confidence(reply string, tokens []llm.Token, d *draft) {
	if d.found != nil && *d.found {
		if p, ok := foundProb(reply, tokens); ok {
			d.foundProb = &p
		}
	}
	from := 0
	for i := range d.sentences {
		s := &d.sentences[i]
		if mean, least, end, ok := spanLogprob(reply, tokens, s.text, from); ok {
			s.logprob, s.minLogprob, from = &mean, &least, end
		}
	}
}

// lowConfidence removes the shown sentences whose mean token
// log-probability is below min (ReasonLowConfidence); sentences without
// one (the server sent no logprobs) are kept.
func lowConfidence(min float64, res *Result) {
	for i := range res.Sentences {
		s := &res.Sentences[i]
		if s.Shown && s.Logprob != nil && *s.Logprob < min {
			s.Shown, s.Reason = false, ReasonLowConfidence
			s.Detail = fmt.Sprintf("the model wrote it with a mean token log-probability of %.2f, below RAG_MIN_LOGPROB=%g", *s.Logprob, min)
		}
	}
}
