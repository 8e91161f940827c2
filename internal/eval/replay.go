package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/llm"
)

// ErrNotRecorded reports a request a Replay has no recorded reply for.
var ErrNotRecorded = errors.New("no recorded reply")

// Replay is an llm.Streamer that answers from a recorded QA run (an
// AnswersReport written by --report): each question gets the model's
// recorded reply, and each verification request (answer.VerifyMessages)
// the recorded verdict of that sentence with its probability. It lets the
// answer checks be re-run, switched off one by one or given other
// thresholds, on the very replies a model gave, without the model.
type Replay struct {
	replies  map[string]recorded
	verdicts map[string]verdict // question + "\x00" + sentence text
	// Live, when set, answers the verification requests the recording
	// holds no verdict for (a run recorded without --verify-all), so that
	// verification can be measured on recorded answers.
	Live llm.Streamer
	mu   sync.Mutex // guards replies' first-reply state
}

type verdict struct {
	yes bool
	p   *float64 // the recorded probability of yes (Sentence.VerifyYes)
}

type recorded struct {
	text   string
	usage  llm.Usage
	tokens []llm.Token
	// first is the first reply of a question asked twice
	// (QuestionResult.FirstReply), with its tokens (none in reports
	// written before they were recorded), served to its first request;
	// asked tells whether that request was made.
	first       string
	firstTokens []llm.Token
	asked       bool
}

// LoadReplay reads a report written by `hrag eval answers --report`.
// Errors: the file cannot be read or is not a report with replies.
func LoadReplay(file string) (*Replay, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var rep AnswersReport
	if err := json.Unmarshal(b, &rep); err != nil {
		return nil, fmt.Errorf("%s: not an eval answers report: %w", file, err)
	}
	r := &Replay{replies: map[string]recorded{}, verdicts: map[string]verdict{}}
	for _, q := range rep.Questions {
		if q.LLM == nil {
			continue // the gate stopped it: no reply to replay
		}
		r.replies[q.Question] = recorded{text: q.Reply, usage: llm.Usage{PromptTokens: q.LLM.PromptTokens, CompletionTokens: q.LLM.CompletionTokens},
			tokens: llmTokens(q.ReplyTokens), first: q.FirstReply, firstTokens: llmTokens(q.FirstReplyTokens)}
		for _, s := range q.Sentences {
			if s.Confirmed != nil {
				r.verdicts[q.Question+"\x00"+s.Text] = verdict{*s.Confirmed, s.VerifyYes}
			}
		}
	}
	if len(r.replies) == 0 {
		return nil, fmt.Errorf("%s: the report holds no model reply", file)
	}
	return r, nil
}

// Stream answers req from the recording. onDelta sees the reply token by
// token when the request asks for log-probabilities and the recording has
// tokens that spell the reply, else whole at once. A question or sentence
// that was not recorded fails with ErrNotRecorded.
func (r *Replay) Stream(ctx context.Context, req llm.Request, onDelta func(llm.Delta)) (llm.Response, error) {
	last := req.Messages[len(req.Messages)-1].Content
	out := llm.Response{FinishReason: "stop", Duration: time.Millisecond}
	if req.Messages[0].Content == answer.VerifySystemPrompt {
		q := between(last, "Question: ", "\n")
		s := between(last, "Proposed answer: ", "\n")
		for _, v := range []string{answer.VerdictYes, answer.VerdictNo, answer.VerdictBoth} {
			s = strings.TrimPrefix(s, answer.VerdictText(v)+" ") // a yes/no answer is proposed with its verdict
		}
		v, found := r.verdicts[q+"\x00"+s]
		if !found {
			if r.Live != nil {
				return r.Live.Stream(ctx, req, onDelta)
			}
			return out, fmt.Errorf("%w: verification of %q", ErrNotRecorded, s)
		}
		word, p := "no", 0.0
		if v.yes {
			word = "yes"
		}
		out.Text = `{"verdict": "` + word + `"}`
		if v.p != nil && req.Logprobs { // the verdict token with its recorded probability
			if p = *v.p; !v.yes {
				p = 1 - p
			}
			out.Tokens = []llm.Token{{Text: `{"verdict": "`}, {Text: word, Logprob: math.Log(p)}, {Text: `"}`}}
		}
		return out, nil
	}
	i := strings.LastIndex(last, "Question: ")
	if i < 0 {
		return out, fmt.Errorf("%w: the request has no question", ErrNotRecorded)
	}
	q := strings.TrimSpace(strings.SplitN(last[i+len("Question: "):], "\n", 2)[0])
	r.mu.Lock()
	rec, ok := r.replies[q]
	if ok && rec.first != "" && !rec.asked { // a question asked twice: its first reply first
		r.replies[q] = recorded{text: rec.text, usage: rec.usage, tokens: rec.tokens, first: rec.first, firstTokens: rec.firstTokens, asked: true}
		rec = recorded{text: rec.first, tokens: rec.firstTokens}
	}
	r.mu.Unlock()
	if !ok {
		return out, fmt.Errorf("%w: question %q", ErrNotRecorded, q)
	}
	out.Text, out.Usage = rec.text, rec.usage
	if req.Logprobs {
		out.Tokens = rec.tokens
	}
	if onDelta == nil {
		return out, nil
	}
	spelled := ""
	for _, t := range out.Tokens {
		spelled += t.Text
	}
	if len(out.Tokens) == 0 || spelled != rec.text {
		onDelta(llm.Delta{Text: rec.text})
		return out, nil
	}
	for _, t := range out.Tokens {
		onDelta(llm.Delta{Text: t.Text, Tokens: []llm.Token{t}})
	}
	return out, nil
}

// between returns the text of s after prefix up to the next end (or the
// end of s), "" when prefix is not in s.
func between(s, prefix, end string) string {
	i := strings.Index(s, prefix)
	if i < 0 {
		return ""
	}
	s = s[i+len(prefix):]
	if j := strings.Index(s, end); j >= 0 {
		s = s[:j]
	}
	return s
}

// ReplyToken is one token of a recorded reply, written as the JSON array
// [text, logprob].
type ReplyToken llm.Token

// replyTokens converts a reply's tokens for a report; nil for none.
func replyTokens(ts []llm.Token) []ReplyToken {
	var out []ReplyToken
	for _, t := range ts {
		out = append(out, ReplyToken(t))
	}
	return out
}

// llmTokens converts a report's reply tokens back; nil for none.
func llmTokens(ts []ReplyToken) []llm.Token {
	var out []llm.Token
	for _, t := range ts {
		out = append(out, llm.Token(t))
	}
	return out
}

// MarshalJSON writes the token as [text, logprob].
func (t ReplyToken) MarshalJSON() ([]byte, error) {
	return json.Marshal([]any{t.Text, t.Logprob})
}

// UnmarshalJSON reads [text, logprob]. Errors: another shape.
func (t *ReplyToken) UnmarshalJSON(b []byte) error {
	var pair []json.RawMessage
	if err := json.Unmarshal(b, &pair); err != nil || len(pair) != 2 {
		return fmt.Errorf("a reply token is [text, logprob], not %s", b)
	}
	if err := json.Unmarshal(pair[0], &t.Text); err != nil {
		return err
	}
	return json.Unmarshal(pair[1], &t.Logprob)
}
