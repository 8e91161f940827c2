package answer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/text"
)

// Turn is one earlier exchange of a conversation: what a follow-up
// question may lean on.
type Turn struct {
	// Question is the question as the user asked it; Standalone the
	// question that was searched and answered (its rewrite, or the same).
	Question   string `json:"question"`
	Standalone string `json:"standalone"`
	// Answer is the answer shown (NoAnswer, NoCheckedAnswer or NoSingleAnswer when there was
	// none); Cited the chunk ids of the passages it cited, in order.
	Answer string  `json:"answer"`
	Cited  []int64 `json:"cited"`
}

// TurnOf is the Turn that res, the answer to asked, adds to a
// conversation.
func TurnOf(asked string, res Result) Turn {
	t := Turn{Question: asked, Standalone: res.Question, Answer: res.Answer, Cited: []int64{}}
	for _, c := range res.Citations {
		if c.N >= 1 && c.N <= len(res.Passages) {
			t.Cited = append(t.Cited, res.Passages[c.N-1].ChunkID)
		}
	}
	return t
}

// RewriteSystemPrompt is the system prompt of the request that turns a
// follow-up question into a standalone one (Rewrite).
const RewriteSystemPrompt = `You rewrite the last question of a conversation so that it can be understood without the conversation.
Replace pronouns (it, they, that, there, this one) with what they stand for and add the words the question leaves out, taken from the earlier questions and answers.
Keep the user's own words otherwise. Do not answer the question and add nothing that was not said.
If the last question is already complete on its own, or asks about something else, repeat it unchanged.
Reply with the question only, on one line.`

// rewriteExamples are worked examples of RewriteSystemPrompt, on topics
// that are in no bundled note: one elliptical follow-up, one topic change.
var rewriteExamples = []llm.Message{
	{Role: "user", Content: "Conversation:\nQ: Which version of the printer driver is installed?\nA: Version 5.2 of the driver is installed [1].\n\nLast question: and on the laptop?"},
	{Role: "assistant", Content: "Which version of the printer driver is installed on the laptop?"},
	{Role: "user", Content: "Conversation:\nQ: When was the boiler last serviced?\nA: The boiler was serviced on 4 May [2].\n\nLast question: How do I bake rye bread?"},
	{Role: "assistant", Content: "How do I bake rye bread?"},
}

// maxRewriteRunes bounds an accepted rewrite; a longer reply is an answer
// or a ramble, not a question.
const maxRewriteRunes = 300

// RewriteMessages is the request of Rewrite: the system prompt, the worked
// examples, then the conversation (its last three turns) and question.
func RewriteMessages(turns []Turn, question string) []llm.Message {
	var b strings.Builder
	b.WriteString("Conversation:\n")
	for _, t := range turns[max(0, len(turns)-3):] {
		fmt.Fprintf(&b, "Q: %s\nA: %s\n", oneLine(t.Standalone), oneLine(clip(t.Answer, 400)))
	}
	fmt.Fprintf(&b, "\nLast question: %s", oneLine(question))
	msgs := []llm.Message{{Role: "system", Content: RewriteSystemPrompt}}
	msgs = append(msgs, rewriteExamples...)
	return append(msgs, llm.Message{Role: "user", Content: b.String()})
}

// oneLine collapses white space, so that no line of the notes or answer
// can pose as a turn of the conversation.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// Rewrite returns question as a standalone question, resolved against the
// earlier turns (oldest first) by the LLM (RewriteMessages). A question
// without turns, or whose rewrite is empty or longer than 300 characters,
// comes back unchanged. A rewrite that drops a content word of the
// question (claim.ContentWords: "work_mem" in "and work_mem?"; small
// models often repeat the previous question instead, or a worked example)
// is refused: the question comes back unchanged with ErrRewriteDropped.
// Other errors are the LLM's (*llm.Error); without an LLM it returns
// ErrNoLLM.
func (a *Asker) Rewrite(ctx context.Context, turns []Turn, question string) (string, error) {
	if len(turns) == 0 {
		return question, nil
	}
	if a.LLM == nil {
		return question, ErrNoLLM
	}
	out, err := a.LLM.Stream(ctx, llm.Request{Messages: RewriteMessages(turns, question), MaxTokens: 80}, nil)
	if err != nil {
		return question, err
	}
	rewrite := cleanRewrite(out.Text, question)
	if missing := droppedWords(rewrite, question); len(missing) > 0 {
		return question, &RewriteDroppedError{Rewrite: rewrite, Missing: missing}
	}
	return rewrite, nil
}

// replaceable are pronouns that claim.ContentWords keeps ("which one",
// "sie", "ella"): a rewrite replaces them with what they stand for.
var replaceable = map[string]bool{"one": true, "ones": true, "er": true, "sie": true, "ihn": true, "ihm": true, "ihr": true,
	"lui": true, "eux": true, "elles": true, "ella": true, "ellos": true, "ellas": true, "ello": true}

// ErrRewriteDropped: the LLM's rewrite of a follow-up left out words of the
// question (RewriteDroppedError).
var ErrRewriteDropped = errors.New("the rewrite dropped words of the question")

// RewriteDroppedError is a refused rewrite: Missing are the question's
// content words that Rewrite lacks. errors.Is(err, ErrRewriteDropped).
type RewriteDroppedError struct {
	Rewrite string
	Missing []string
}

func (e *RewriteDroppedError) Error() string {
	return fmt.Sprintf("the model's rewrite %q leaves out %s", clip(e.Rewrite, 80), strings.Join(e.Missing, ", "))
}

// Is makes errors.Is(err, ErrRewriteDropped) true.
func (e *RewriteDroppedError) Is(target error) bool { return target == ErrRewriteDropped }

// droppedWords are the content words of question (claim.ContentWords) that
// rewrite holds in no form (text.SameWord), then its numbers and one-letter
// names ("bay 6", "server B") that rewrite lacks, in order, and "not" when
// question is negated (claim.Negated) and rewrite is not; the pronouns a
// rewrite is there to replace do not count.
func droppedWords(rewrite, question string) []string {
	have := claim.ContentWords(rewrite)
	var missing []string
	for _, w := range claim.ContentWords(question) {
		if replaceable[w] {
			continue
		}
		if !slices.ContainsFunc(have, func(h string) bool { return text.SameWord(h, w) }) {
			missing = append(missing, w)
		}
	}
	tokens := map[string]bool{}
	for _, t := range text.Tokens(text.Fold(rewrite).S) {
		tokens[t.Text] = true
	}
	for _, t := range text.Tokens(text.Fold(question).S) {
		w := t.Text
		named := strings.ContainsFunc(w, unicode.IsDigit) || utf8.RuneCountInString(w) == 1 && w != "a" && w != "i" && unicode.IsLetter([]rune(w)[0])
		if named && !tokens[w] && !slices.Contains(missing, w) {
			missing = append(missing, w)
		}
	}
	if claim.Negated(question) && !claim.Negated(rewrite) {
		missing = append(missing, "not")
	}
	return missing
}

// cleanRewrite takes the first non-blank line of reply without a label
// ("Question:") or enclosing quotes; question when nothing usable is left.
func cleanRewrite(reply, question string) string {
	line := ""
	for _, l := range strings.Split(reply, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			line = l
			break
		}
	}
	for _, label := range []string{"standalone question:", "rewritten question:", "question:", "query:"} {
		if strings.HasPrefix(strings.ToLower(line), label) {
			line = strings.TrimSpace(line[len(label):])
		}
	}
	line = strings.TrimSpace(strings.Trim(line, "\"'“”«»`"))
	if line == "" || utf8.RuneCountInString(line) > maxRewriteRunes {
		return question
	}
	return line
}

// ErrNoLLM: Rewrite was asked for without an LLM configured.
var ErrNoLLM = fmt.Errorf("no LLM configured (RAG_LLM_BASE_URL)")

// FollowUp answers question as the next turn of a conversation (turns,
// oldest first): the question is rewritten into a standalone one
// (Rewrite), which is searched, answered and checked as Ask does. Two more
// queries are searched and fused in by RRF (retrieve.Options.AlsoQueries):
// the question as typed, and the previous standalone question followed by
// this one (the concatenation baseline of conversational search, TREC CAsT
// 2019: it carries the earlier subject when the model leaves a pronoun
// unresolved); the passages the last answer cited stay candidates
// (Pinned). Result.Question is the standalone question, Result.Asked the
// question as typed. Without an LLM, or when the rewrite fails (a warning
// says why), the question is searched as typed with those queries. Without
// turns it is Ask.
func (a *Asker) FollowUp(ctx context.Context, turns []Turn, question string, ro retrieve.Options, w Watch) (Result, error) {
	if len(turns) == 0 {
		return a.Ask(ctx, question, ro, w)
	}
	last := turns[len(turns)-1]
	standalone, err := a.Rewrite(ctx, turns, question)
	var warning string
	if err != nil {
		if ctx.Err() != nil {
			return Result{Question: question}, err
		}
		switch {
		case errors.Is(err, ErrRewriteDropped):
			warning = fmt.Sprintf("%v: the follow-up was searched as typed and together with the previous question", err)
		case a.LLM != nil:
			warning = fmt.Sprintf("the follow-up could not be rewritten (%v): searched as typed and together with the previous question", err)
		}
		standalone = question
	}
	if standalone != question {
		ro.AlsoQueries = append(ro.AlsoQueries, question)
	}
	ro.AlsoQueries = append(ro.AlsoQueries, last.Standalone+" "+question)
	ro.Pinned = append(ro.Pinned, last.Cited...)
	res, err := a.Ask(ctx, standalone, ro, w)
	res.Asked = question
	if warning != "" {
		res.Warnings = append([]string{warning}, res.Warnings...)
	}
	return res, err
}
