package answer_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/llm/llmtest"
)

// TestAskAsideValue: a note's line that gives the appointment's time and,
// in a bracketed aside, another time is two answers. A sentence copying
// the line whole is withheld (ambiguous_value) and the answer abstains
// with NoSingleAnswer and the values in its detail; a sentence giving the
// first time alone, quoting the same line, is shown; one giving the
// aside's time alone is withheld (QuotedAsideValue). Mutations: the rule's
// block in checkSentence removed (the whole line is shown); AsideValue
// reporting values before the aside too (the second sentence is withheld
// as well); onlyAmbiguous not called (NoCheckedAnswer); QuotedAsideValue
// not called (the aside's time alone is shown).
func TestAskAsideValue(t *testing.T) {
	line := "Dental check-up with Dr. Okafor is on 14 May at 10:30 (the practice texted: the slot is now 16 May at 08:15), bring the insurance card."
	r := noteFixture(t, map[string]string{"dentist.md": "# Dentist\n\n" + line + "\n"})
	const q = "When is my dental check-up with Dr. Okafor?"
	n := passageWith(t, r, q, "Dental check-up")
	for _, c := range []struct {
		sentence string
		shown    bool
	}{
		{"Dental check-up with Dr. Okafor is on 14 May at 10:30 (the practice texted: the slot is now 16 May at 08:15).", false},
		{"Dental check-up with Dr. Okafor is on 14 May at 10:30.", true},
		{"The slot is now 16 May at 08:15.", false},
	} {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, c.sentence, []int{n}, quoted(line))})
		a := &answer.Asker{Retriever: r, LLM: llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 10 * time.Second}),
			MaxTokens: 300, Checks: claim.Options{MinQuestionCoverage: -1, MinTermSupport: 0.5, MaxRareShare: 0.02}, MinSimilarity: -1}
		res := ask(t, a, q)
		if len(res.Sentences) != 1 || res.Sentences[0].Shown != c.shown || res.Abstained == c.shown {
			t.Fatalf("%q: %+v", c.sentence, res)
		}
		if !c.shown && (res.Answer != answer.NoSingleAnswer || res.Reason != answer.ReasonUnsupportedClaims || res.Detail != res.Sentences[0].Detail) {
			t.Fatalf("%q: answer %q, %s: %s", c.sentence, res.Answer, res.Reason, res.Detail)
		}
		if !c.shown && (res.Sentences[0].Reason != string(claim.AmbiguousValue) || !strings.Contains(res.Sentences[0].Detail, `"14 May" and then, in an aside, "16 May"`) || !strings.HasSuffix(res.Sentences[0].Detail, fmt.Sprintf("read passage %d", n))) {
			t.Fatalf("%q withheld for %s: %s", c.sentence, res.Sentences[0].Reason, res.Sentences[0].Detail)
		}
	}
}

// TestAskTwoValues: a sentence that copies a line giving two codes side by
// side (claim.TwoValues) is withheld as ambiguous_value and the answer is
// NoSingleAnswer; one giving the first code alone is shown. Mutation: the
// TwoValues branch of checkSentence removed (the whole line is shown).
func TestAskTwoValues(t *testing.T) {
	line := "Key box by the gate, code 2417 / EN guests: key box code 9062"
	r := noteFixture(t, map[string]string{"gite.md": "# Gîte\n\n" + line + "\n"})
	const q = "What is the key box code at the gîte?"
	n := passageWith(t, r, q, "Key box")
	for _, c := range []struct {
		sentence string
		shown    bool
	}{
		{line + ".", false},
		{"The key box by the gate has code 2417.", true},
	} {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, c.sentence, []int{n}, quoted(line))})
		a := &answer.Asker{Retriever: r, LLM: llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 10 * time.Second}),
			MaxTokens: 300, Checks: claim.Options{MinQuestionCoverage: -1, MinTermSupport: 0.5, MaxRareShare: 0.02}, MinSimilarity: -1}
		res := ask(t, a, q)
		if len(res.Sentences) != 1 || res.Sentences[0].Shown != c.shown {
			t.Fatalf("%q: %+v", c.sentence, res)
		}
		if !c.shown && (res.Answer != answer.NoSingleAnswer || res.Sentences[0].Reason != string(claim.AmbiguousValue) || !strings.Contains(res.Sentences[0].Detail, `"2417" and "9062"`)) {
			t.Fatalf("%q: answer %q, %s: %s", c.sentence, res.Answer, res.Sentences[0].Reason, res.Sentences[0].Detail)
		}
	}
}
