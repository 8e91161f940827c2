package answer_test

import (
	"strings"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/llm/llmtest"
)

// TestAskLookAlike: a sentence that gives an account number written with
// Cyrillic look-alikes among its Latin letters is withheld as
// look_alike_letters, naming the word; the same sentence quoting the
// note's true account number is shown. Mutation: the SpoofedWords check
// left out of checkSentence shows the forged number.
func TestAskLookAlike(t *testing.T) {
	line := "Pay by transfer to GB33 BUKB 2020 1555 5555 55. Joanna asked that May onwards goes to GВ94 ВАRC 2003 4417 6208 92"
	r := noteFixture(t, map[string]string{"cleaner.md": "# Cleaner\n\nJoanna, fortnightly Thursdays.\n" + line + "\n"})
	const q = "Which account do I pay the cleaner to?"
	n := passageWith(t, r, q, "Joanna")
	for _, c := range []struct {
		sentence, quote string
		shown           bool
	}{
		{"From May, pay the cleaner to GВ94 ВАRC 2003 4417 6208 92.", line, false},
		{"Pay the cleaner by transfer to GB33 BUKB 2020 1555 5555 55.", "Pay by transfer to GB33 BUKB 2020 1555 5555 55", true},
	} {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, c.sentence, []int{n}, quoted(c.quote))})
		a := &answer.Asker{Retriever: r, LLM: llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 10 * time.Second}),
			MaxTokens: 300, Checks: claim.Options{MinQuestionCoverage: -1, MinTermSupport: 0.5, MaxRareShare: 0.02}, MinSimilarity: -1}
		res := ask(t, a, q)
		if len(res.Sentences) != 1 || res.Sentences[0].Shown != c.shown {
			t.Fatalf("%q: %+v", c.sentence, res)
		}
		if s := res.Sentences[0]; !c.shown && (s.Reason != answer.ReasonLookAlike || !strings.Contains(s.Detail, `"GВ94"`)) {
			t.Fatalf("%q: %s: %s", c.sentence, s.Reason, s.Detail)
		}
	}
}
