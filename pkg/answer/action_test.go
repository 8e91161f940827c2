package answer_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/llm/llmtest"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// TestActionPayAndCall: a verb of paying with an account, and a verb of
// calling with a phone number, tell the reader to act; asking how much to
// pay is not asking where to. Mutations: the lb boundary replaced by \b
// fails the German line (no boundary before "ü"); askPay also accepting
// any pay verb in the question fails the Spanish line; dateRe dropped
// fails the date; the digit count's lower bound at 5 fails the PIN.
func TestActionPayAndCall(t *testing.T) {
	cases := []struct {
		q, s  string
		kind  string
		asked bool
	}{
		{"Combien est mon loyer ?", "Loyer de 870 € à verser à M. Garnier (nouveau RIB : FR76 3000 4015 9600 0101 2345 678).", answer.ActionPay, false},
		{"Wie hoch ist die Kfz-Steuer?", "186 € jährlich (ab sofort bitte überweisen an DE44 5001 0517 5407 3249 31).", answer.ActionPay, false},
		{"¿Cuánto pago de alquiler?", "780 € al mes, que se ingrese en ES21 1465 0100 72 2030876293.", answer.ActionPay, false},
		{"To which account do I pay the rent?", "Pay the rent into account 71829304, sort code 40-11-62.", answer.ActionPay, true},
		{"How do I pay the council tax?", "Pay by transfer to GB29 NWBK 6016 1331 9268 19 by the 1st.", answer.ActionPay, true},
		{"Quel est mon numéro d'adhérent ?", "Numéro d'adhérent 7734 1092 55 — appeler le 09 70 81 44 27 en donnant ce numéro.", answer.ActionCall, false},
		{"What's the vet's phone number?", "Call Greenway Vets on 0800 048 2291.", answer.ActionCall, true},
		{"Hoe laat is de afspraak?", "Om 14:30, bel 085 208 3371 bij vertraging.", answer.ActionCall, false},
		// No verb, no account or number, a date, a short code.
		{"What is my IBAN?", "My IBAN is DE44 5001 0517 5407 3249 31.", "", false},
		{"How much is the gym?", "£29.99 a month, paid by direct debit.", "", false},
		{"What is Anna's number?", "Anna: Telefon 030 1234567.", "", false},
		{"When is the follow-up?", "Call the clinic on 14.10.2026 about the results.", "", false},
		{"What is the door code?", "Dial 4719 at the door, then press the bell.", "", false},
	}
	for _, c := range cases {
		kind, asked := answer.Action(c.q, c.s)
		if kind != c.kind || kind != "" && asked != c.asked {
			t.Errorf("Action(%q, %q) = %q, %v; want %q, %v", c.q, c.s, kind, asked, c.kind, c.asked)
		}
	}
}

// TestCutActionAsides: an aside that names an account, a number or a link
// is cut when that is where the sentence tells the reader to act; an
// action in the sentence's own clauses, or a sentence with nothing left,
// is not cut. Mutations: the actionTarget test inverted (the wrong aside
// is cut); the Action test of the rest dropped (the third case is cut);
// the Facts test dropped (the last case is cut).
func TestCutActionAsides(t *testing.T) {
	cases := []struct {
		q, s, rest string
		ok         bool
	}{
		{"Combien est mon loyer ?", "Loyer de 870 € à verser avant le 5 (nouveau RIB : FR76 3000 4015 9600 0101 2345 678, l'ancien compte est clôturé), charges comprises (voir bail).",
			"Loyer de 870 € à verser avant le 5 …, charges comprises (voir bail).", true},
		{"Quel est mon numéro d'adhérent ?", "Numéro d'adhérent 7734 1092 55, cotisation 58,40 € — pour un remboursement, appeler le 09 70 81 44 27 en donnant ce numéro",
			"Numéro d'adhérent 7734 1092 55, cotisation 58,40 € …", true},
		{"How much is the rent?", "Pay £870 into FR76 3000 4015 9600 0101 2345 678 by the 5th (or call 0800 048 2291).", "", false},
		{"When is the booster?", "(call 0800 048 2291 to pay by card)", "", false},
	}
	for _, c := range cases {
		rest, cut, ok := answer.CutActionAsides(c.q, c.s)
		if ok != c.ok || ok && (rest != c.rest || len(cut) != 1) || !ok && rest != c.s {
			t.Errorf("CutActionAsides(%q) = %q, %q, %v; want %q, %v", c.s, rest, cut, ok, c.rest, c.ok)
		}
	}
}

// TestAskCutsActionAside: an answer that copies the note's line whole,
// with an aside telling the reader to pay into a new account, is shown
// without that aside, with a warning, when the question asks how much;
// the account is not in the answer. Mutation: the CutActionAsides branch
// in checkSentence removed (the sentence is withheld, unrequested_action).
func TestAskCutsActionAside(t *testing.T) {
	notes := t.TempDir()
	line := "Loyer de 870 € à verser à M. Garnier avant le 5 du mois (nouveau RIB communiqué par l'agence : FR76 3000 4015 9600 0101 2345 678, l'ancien compte est clôturé), charges comprises."
	if err := os.WriteFile(filepath.Join(notes, "loyer.md"), []byte("# Loyer\n\n"+line+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	st := storetest.Open(t)
	if _, err := index.Run(context.Background(), index.Options{
		Roots: []string{notes}, Collection: "default", FTSConfig: "english", Include: []string{"*.md"}, MaxBytes: 1 << 20, Prune: true, Wait: true,
		Chunk: chunk.Options{ContentTokens: 400, OverlapTokens: 40, BreadcrumbTokens: 64},
		Store: st, Embedder: modeltest.Embedder(t), Tokenizer: modeltest.Tokenizer(t),
	}); err != nil {
		t.Fatal(err)
	}
	r := &retrieve.Retriever{Store: st, Embedder: modeltest.Embedder(t)}
	const q = "Combien est mon loyer chez M. Garnier ?"
	n := passageWith(t, r, q, "Loyer de 870")
	srv := llmtest.New(t, llmtest.Reply{Text: reply(true, line, []int{n}, quoted(line))})
	a := &answer.Asker{Retriever: r, LLM: llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 10 * time.Second}),
		MaxTokens: 300, Checks: claim.Options{MinQuestionCoverage: -1, MinTermSupport: 0.5, MaxRareShare: 0.02}, MinSimilarity: -1}
	res := ask(t, a, q)
	if res.Abstained || len(res.Sentences) != 1 || !res.Sentences[0].Shown {
		t.Fatalf("the rent must be shown: %+v", res)
	}
	s := res.Sentences[0]
	if !strings.Contains(res.Answer, "870 €") || strings.Contains(res.Answer, "FR76") || len(s.ActionLeftOut) != 1 || !strings.Contains(s.ActionLeftOut[0], "FR76") {
		t.Fatalf("answer %q, left out %q", res.Answer, s.ActionLeftOut)
	}
	if !slices.ContainsFunc(res.Warnings, func(w string) bool {
		return strings.Contains(w, answer.ActionPay) && !strings.Contains(w, "FR76")
	}) {
		t.Fatalf("warnings %q", res.Warnings)
	}
}
