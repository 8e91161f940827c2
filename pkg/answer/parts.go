package answer

import (
	"context"
	"strings"

	"github.com/hrag-dev/hrag/pkg/llm"
)

// PromptParts is where an answer's prompt tokens go, in the model's own
// tokens: the system prompt, the worked examples (their questions,
// passages and replies), the passages of the question, and the question
// with its instructions. Template is the rest of the server's count: the
// chat template's role markers around each message (negative if the
// server counted the parts differently). The first two are the same bytes
// in every request, so a server's prompt cache can keep them.
type PromptParts struct {
	System   int `json:"system"`
	Examples int `json:"examples"`
	Passages int `json:"passages"`
	Question int `json:"question"`
	Template int `json:"template"`
}

// promptParts counts the parts of msgs (as JSONMessages and Messages build
// them: system, example turns, then the passages and the question in the
// last message) with a.CountTokens; prompt is the server's whole count.
// nil when a count fails.
func (a *Asker) promptParts(ctx context.Context, msgs []llm.Message, prompt int) *PromptParts {
	if len(msgs) < 2 {
		return nil
	}
	count := func(text string) (int, bool) {
		n, err := a.CountTokens(ctx, text)
		return n, err == nil
	}
	var p PromptParts
	var ok bool
	if p.System, ok = count(msgs[0].Content); !ok {
		return nil
	}
	var examples strings.Builder
	for _, m := range msgs[1 : len(msgs)-1] {
		examples.WriteString(m.Content)
		examples.WriteString("\n")
	}
	if examples.Len() > 0 {
		if p.Examples, ok = count(examples.String()); !ok {
			return nil
		}
	}
	last := msgs[len(msgs)-1].Content
	passages, question := "", last
	if i := strings.LastIndex(last, "Question: "); i >= 0 {
		passages, question = last[:i], last[i:]
	}
	if passages != "" {
		if p.Passages, ok = count(passages); !ok {
			return nil
		}
	}
	if p.Question, ok = count(question); !ok {
		return nil
	}
	if prompt > 0 {
		p.Template = prompt - p.System - p.Examples - p.Passages - p.Question
	}
	return &p
}
