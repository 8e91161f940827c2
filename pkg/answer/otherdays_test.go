package answer_test

import (
	"testing"
	"time"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/llm/llmtest"
)

// TestAskOtherDays: asked about Sundays, a sentence that gives Tuesday's
// and Saturday's classes is withheld as off_question and the answer
// abstains; one that gives Sunday's hours is shown. Mutation: otherDays
// not called in checkAnswer (the classes are shown).
func TestAskOtherDays(t *testing.T) {
	r := noteFixture(t, map[string]string{"gym.md": "# Gym\n\nClasses: spin Tue 7 pm, yoga Sat 10 am\nSundays 9 am to 5 pm\n"})
	const q = "What time does the gym open on Sundays?"
	n := passageWith(t, r, q, "Classes")
	for _, c := range []struct {
		sentence, quote string
		shown           bool
	}{
		{"Classes: spin Tue 7 pm, yoga Sat 10 am", "Classes: spin Tue 7 pm, yoga Sat 10 am", false},
		{"The gym is open on Sundays from 9 am to 5 pm.", "Sundays 9 am to 5 pm", true},
	} {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, c.sentence, []int{n}, quoted(c.quote))})
		a := &answer.Asker{Retriever: r, LLM: llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 10 * time.Second}),
			MaxTokens: 300, Checks: claim.Options{MinQuestionCoverage: -1, MinTermSupport: 0.5, MaxRareShare: 0.02}, MinSimilarity: -1}
		res := ask(t, a, q)
		if len(res.Sentences) != 1 || res.Sentences[0].Shown != c.shown || res.Abstained == c.shown {
			t.Fatalf("%q: %+v", c.sentence, res)
		}
		if !c.shown && res.Sentences[0].Reason != string(claim.OffQuestion) {
			t.Fatalf("%q withheld for %s: %s", c.sentence, res.Sentences[0].Reason, res.Sentences[0].Detail)
		}
	}
}
