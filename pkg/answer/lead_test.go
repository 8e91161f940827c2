package answer_test

import (
	"testing"
	"time"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/llm/llmtest"
)

// TestAskLeadLineNamesSubject: a note names the subject of a block of
// short lines on its first line; a quoted later line that holds one of
// the question's words ("pick up") answers about that subject ("bike",
// which only the first line holds), and is shown. A later line that holds
// none of the question's words ("Departs Gatwick North at 14:05" for when
// the return flight lands) gets no subject from the line above and is
// withheld for the question's rare term (missing_term). Mutations:
// withLead never adding the lead line withholds the bike; withLead not
// asking claim.SharesTerm shows the flight.
func TestAskLeadLineNamesSubject(t *testing.T) {
	r := noteFixture(t, map[string]string{
		"repairs.md": "# Repairs\n\nSanne's bike at Bakker Cycles, Church Street 5.\nPick up on Friday after 16:00.\nCost: 42.50 euros for new brake pads.\n",
		"trip.md":    "# Lisbon trip\n\nFlight EZY 8417 to Lisbon on Friday 5 September.\nDeparts Gatwick North at 14:05.\nHotel Alfama Rio, booking ref LX-55210.\n",
		"garden.md":  "# Garden\n\nThe tomatoes need water every second day; the roses are pruned in March.\n",
	})
	for _, c := range []struct {
		q, sentence, in string
		shown           bool
	}{
		{"When can I pick up the bike?", "Pick up on Friday after 16:00.", "Pick up on Friday", true},
		{"What time does my return flight from Lisbon land?", "Departs Gatwick North at 14:05.", "Departs Gatwick", false},
	} {
		n := passageWith(t, r, c.q, c.in)
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, c.sentence, []int{n}, quoted(c.sentence))})
		a := &answer.Asker{Retriever: r, LLM: llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 10 * time.Second}),
			MaxTokens: 300, Checks: claim.Options{MinQuestionCoverage: -1, MinTermSupport: 0.5, MaxRareShare: 0.02}, MinSimilarity: -1}
		res := ask(t, a, c.q)
		if len(res.Sentences) != 1 || res.Sentences[0].Shown != c.shown {
			t.Fatalf("%q: %+v", c.q, res.Sentences)
		}
		if !c.shown && res.Sentences[0].Reason != string(claim.MissingTerm) {
			t.Fatalf("%q: withheld for %s: %s", c.q, res.Sentences[0].Reason, res.Sentences[0].Detail)
		}
	}
}
