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

// confidence sets each draft sentence's Logprob from the reply's tokens
// (spanLogprob), in order.
func confidence(reply string, tokens []llm.Token, d *draft) {
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
