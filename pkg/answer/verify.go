package answer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/hrag-dev/hrag/pkg/llm"
)

// ReasonNotConfirmed marks a sentence that passed the claim checks but
// that the LLM, asked again with nothing but the question, the quote and
// the sentence (Asker.Verify), did not confirm.
const ReasonNotConfirmed = "not_confirmed"

// VerifySchema is the JSON Schema of a verification reply:
// {"verdict": "yes" | "no"}.
var VerifySchema = &llm.Schema{Name: "quote_verdict", Schema: json.RawMessage(`{
  "type": "object",
  "properties": {"verdict": {"type": "string", "enum": ["yes", "no"]}},
  "required": ["verdict"],
  "additionalProperties": false
}`)}

// VerifySystemPrompt is the system message of a verification request.
const VerifySystemPrompt = `You check an answer against a quotation from a person's notes.

Reply with a JSON object {"verdict": "yes"} only if the quotation itself states the proposed answer to the question exactly as asked: the same person, thing, place, time and relation the question names. Otherwise reply {"verdict": "no"}: when the quotation is about something else, says something different, or does not settle the question.`

// VerifyMessages is the chat of one verification: the question, where the
// quotation stands in the notes (its section), the quotation, and the
// sentence to confirm. It holds no other passage, so the model judges only
// what the quotation says.
func VerifyMessages(question, section, quote, sentence string) []llm.Message {
	var b strings.Builder
	fmt.Fprintf(&b, "Question: %s\n\n", question)
	if section != "" {
		fmt.Fprintf(&b, "Section of the notes: %s\n", section)
	}
	fmt.Fprintf(&b, "Quotation: \"%s\"\n\nProposed answer: %s\n\nDoes the quotation state this answer to the question?", strings.ReplaceAll(quote, `"`, `'`), sentence)
	return []llm.Message{{Role: "system", Content: VerifySystemPrompt}, {Role: "user", Content: b.String()}}
}

// parseVerdict reads a verification reply: true only for a clear yes (JSON
// verdict "yes", or a reply whose first word is yes); anything else,
// unreadable replies included, is no.
func parseVerdict(reply string) bool {
	var v struct {
		Verdict string `json:"verdict"`
	}
	if i := strings.IndexByte(reply, '{'); i >= 0 && json.Unmarshal([]byte(reply[i:strings.LastIndexByte(reply, '}')+1]), &v) == nil {
		return strings.EqualFold(strings.TrimSpace(v.Verdict), "yes")
	}
	first := strings.ToLower(strings.Trim(strings.SplitN(strings.TrimSpace(reply)+" ", " ", 2)[0], `."',!`))
	return first == "yes"
}

// yesProbability is the probability of "yes" that a verification reply's
// tokens give: the probability of the first token that spells the verdict
// ("yes" or "no", after any JSON around it), or one minus it for a no,
// taking the two as the only choices. nil when tokens hold no verdict
// token (the server returned no log-probabilities).
func yesProbability(tokens []llm.Token, yes bool) *float64 {
	want := "no"
	if yes {
		want = "yes"
	}
	seen := ""
	for _, t := range tokens {
		word := strings.ToLower(strings.TrimLeft(t.Text, ` "'{:`))
		// the verdict token follows the key ("verdict": "yes") or opens a
		// plain-text reply; a "no" inside the key's spelling is not it.
		if word != "" && strings.HasPrefix(want, word) || strings.HasPrefix(word, want) {
			if strings.Contains(seen, "verdict") || strings.TrimSpace(seen) == "" {
				p := math.Exp(t.Logprob)
				if !yes {
					p = 1 - p
				}
				return &p
			}
		}
		seen += t.Text
	}
	return nil
}

// verify asks the LLM to confirm shown sentences against their quote's
// units (sc.unit): every one when all is set (each located one with
// a.MeasureVerify), else those that quote what is certainly another
// language than the question (language.Compare, with
// a.VerifyAcrossLanguages). It
// removes the shown sentences it does not confirm (ReasonNotConfirmed)
// with a.Verify, and the cross-language ones with
// a.VerifyAcrossLanguages. The answer to a yes/no question is proposed
// with its verdict ("No. The router has 4 LAN ports."). The requests and
// their time are added to res.LLM. A server that rejects the schema is
// asked in plain text.
func (a *Asker) verify(ctx context.Context, question, verdict string, sents []*sentenceCheck, res *Result, all bool) error {
	for i, sc := range sents {
		s := &res.Sentences[i]
		across := a.VerifyAcrossLanguages && s.distinctLanguage
		if sc.n == 0 || !s.Shown && !a.MeasureVerify || !all && !(across && s.Shown) {
			continue
		}
		proposed := s.Text
		if verdict != "" { // the answer to a yes/no question is its verdict
			proposed = VerdictText(verdict) + " " + s.Text
		}
		msgs := VerifyMessages(question, strings.Trim(sc.section, "[]"), sc.unit, proposed)
		start := time.Now()
		out, err := a.LLM.Stream(ctx, llm.Request{Messages: msgs, MaxTokens: 12, Schema: VerifySchema, Logprobs: true}, nil)
		if errors.Is(err, llm.ErrFormatUnsupported) {
			out, err = a.LLM.Stream(ctx, llm.Request{Messages: msgs, MaxTokens: 4, Logprobs: true}, nil)
		}
		if err != nil {
			return fmt.Errorf("verifying an answer sentence: %w", err)
		}
		if res.LLM != nil {
			res.LLM.VerifyCalls++
			res.LLM.VerifySeconds += time.Since(start).Seconds()
			res.LLM.VerifyPromptTokens += out.Usage.PromptTokens
		}
		ok := parseVerdict(out.Text)
		s.Confirmed = &ok
		s.VerifyYes = yesProbability(out.Tokens, ok)
		if !s.Shown || !a.Verify && !across {
			continue
		}
		switch {
		case !ok:
			s.Shown, s.Reason = false, ReasonNotConfirmed
			s.Detail = "asked again with only the question and its quote, the model did not confirm it"
			if s.VerifyYes != nil {
				s.Detail += fmt.Sprintf(" (its probability of yes: %.2f)", *s.VerifyYes)
			}
		case s.VerifyYes != nil && *s.VerifyYes < a.MinVerifyYes:
			s.Shown, s.Reason = false, ReasonNotConfirmed
			s.Detail = fmt.Sprintf("asked again with only the question and its quote, the model confirmed it with probability %.2f, below %.2f (RAG_VERIFY_MIN_YES)", *s.VerifyYes, a.MinVerifyYes)
		}
	}
	return nil
}
