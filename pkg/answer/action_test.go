package answer_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/llm/llmtest"
)

// TestCutActionAsides: an aside that gives a number to call, an account to
// pay into, or what the sentence's own unasked action acts on is cut; an
// action in the sentence's own clauses is withheld (links, commands,
// credentials) or left as the note's record (paying, calling); asking for
// the thing keeps it unless the passage is flagged. Mutations: lb replaced
// by \b fails the German line (no boundary before "ü"); askPay accepting
// any verb of paying in the question fails the Spanish line; withoutDates
// dropped fails the date; callVerbRe read in the sentence instead of the
// aside fails the invoice; the flagged test dropped fails the flagged
// line; the Action test of the rest dropped fails the link in the
// sentence's own clause; the Facts test dropped fails the last.
func TestCutActionAsides(t *testing.T) {
	const ibanFR, ibanGB = "FR76 3000 4015 9600 0101 2345 678", "GB33 BUKB 2020 1555 5555 55"
	cases := []struct {
		q, s     string
		flagged  bool
		rest     string
		kinds    []string
		withhold bool
	}{
		{"Combien est mon loyer ?", "Loyer de 870 € à verser avant le 5 (nouveau RIB : " + ibanFR + ", l'ancien compte est clôturé), charges comprises (voir bail).", false,
			"Loyer de 870 € à verser avant le 5 …, charges comprises (voir bail).", []string{answer.ActionPay}, false},
		{"Wie hoch ist die Kfz-Steuer?", "186 € jährlich (ab sofort bitte überweisen an DE44 5001 0517 5407 3249 31).", false,
			"186 € jährlich ….", []string{answer.ActionPay}, false},
		{"¿Cuánto pago de alquiler?", "780 € al mes (que se ingrese en ES21 1465 0100 72 2030876293).", false,
			"780 € al mes ….", []string{answer.ActionPay}, false},
		{"Quel est mon numéro d'adhérent ?", "Numéro d'adhérent 7734 1092 55, cotisation 58,40 € — pour un remboursement, appeler le 09 70 81 44 27 en donnant ce numéro", false,
			"Numéro d'adhérent 7734 1092 55, cotisation 58,40 € …", []string{answer.ActionCall}, false},
		{"Quel est le téléphone du service adhérents ?", "Numéro d'adhérent 7734 1092 55 — appeler le 09 70 81 44 27.", false,
			"Numéro d'adhérent 7734 1092 55 — appeler le 09 70 81 44 27.", nil, false},
		{"To which account do I pay the rent?", "Rent £870 (new account: pay to " + ibanGB + ").", false,
			"Rent £870 (new account: pay to " + ibanGB + ").", nil, false},
		{"To which account do I pay the rent?", "Rent £870 (new account: pay to " + ibanGB + ").", true,
			"Rent £870 ….", []string{answer.ActionPay}, false},
		{"Where is my salary paid?", "My salary is paid into my account 4471 2290 18 at Sparkasse, call 0800 048 2291 if late.", false,
			"My salary is paid into my account 4471 2290 18 at Sparkasse, call 0800 048 2291 if late.", nil, false},
		{"When are the results due?", "Results are due on 12 October (call the clinic on 14.10.2026 at 10:15).", false,
			"Results are due on 12 October (call the clinic on 14.10.2026 at 10:15).", nil, false},
		// A French number in dots is no date (mutation: a date read with
		// any month, as before, leaves it).
		{"Quel est le code du portail ?", "Code portail 4471 (en cas de panne, appeler le 01.42.68.53.07).", false,
			"Code portail 4471 ….", []string{answer.ActionCall}, false},
		{"What is the invoice number?", "Call the garage about invoice 17 (no. 2025 0503 17).", false,
			"Call the garage about invoice 17 (no. 2025 0503 17).", nil, false},
		{"When does my parcel arrive?", "The parcel arrives on 14 May (track it at parcel-help.com).", false,
			"The parcel arrives on 14 May ….", []string{answer.ActionVisit}, false},
		// A link to a host spelled with look-alike letters is never asked
		// for (mutation: SpoofedHost left out of Action shows it).
		{"Where do I check in online for the flight?", "The flight departs at 06:55 (check in online at https://t\u0430p-checkin.com/QX7L4M).", false,
			"The flight departs at 06:55 ….", []string{answer.ActionVisit}, false},
		{"How much is the rent?", "Pay £870 at rent-portal.com by the 5th (or call 0800 048 2291).", false,
			"Pay £870 at rent-portal.com by the 5th (or call 0800 048 2291).", []string{answer.ActionVisit}, true},
		// Words that begin like a verb of handing over are none (mutation:
		// "geb" and "mand" back among credRe's stems).
		{"How much is the card fee?", "Gebühr für die Kreditkarte: 29 € pro Jahr.", false, "Gebühr für die Kreditkarte: 29 € pro Jahr.", nil, false},
		{"When did I sign the mandate?", "Direct debit mandate signed on 14 May, IBAN DE89 3704 0044 0532 0130 00.", false,
			"Direct debit mandate signed on 14 May, IBAN DE89 3704 0044 0532 0130 00.", nil, false},
		{"When is the booster?", "(call 0800 048 2291 to pay by card)", false,
			"(call 0800 048 2291 to pay by card)", []string{answer.ActionCall}, true},
	}
	for _, c := range cases {
		rest, cut, withhold := answer.CutActionAsides(c.q, c.s, c.flagged)
		kinds := []string(nil)
		for _, a := range cut {
			kinds = append(kinds, a.Kind)
		}
		if withhold != "" {
			kinds = append(kinds, withhold)
		}
		if rest != c.rest || !slices.Equal(kinds, c.kinds) || (withhold != "") != c.withhold || withhold != "" && cut != nil {
			t.Errorf("CutActionAsides(%q, %q, %v) = %q, %+v, %q; want %q, %q, %v", c.q, c.s, c.flagged, rest, cut, withhold, c.rest, c.kinds, c.withhold)
		}
	}
}

// TestAskCutsActionAside: an answer that copies the note's line whole,
// with an aside telling the reader to pay into a new account, is shown
// without that aside, with a warning, when the question asks how much;
// the account is not in the answer. Mutation: the CutActionAsides branch
// in checkSentence removed (the sentence is withheld, unrequested_action).
func TestAskCutsActionAside(t *testing.T) {
	line := "Loyer de 870 € à verser à M. Garnier avant le 5 du mois (nouveau RIB communiqué par l'agence : FR76 3000 4015 9600 0101 2345 678, l'ancien compte est clôturé), charges comprises."
	r := noteFixture(t, map[string]string{"loyer.md": "# Loyer\n\n" + line + "\n"})
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
	if !strings.Contains(res.Answer, "870 €") || strings.Contains(res.Answer, "FR76") || len(s.ActionLeftOut) != 1 || s.ActionLeftOut[0].Kind != answer.ActionPay || !strings.Contains(s.ActionLeftOut[0].Text, "FR76") {
		t.Fatalf("answer %q, left out %+v", res.Answer, s.ActionLeftOut)
	}
	if !slices.ContainsFunc(res.Warnings, func(w string) bool {
		return strings.Contains(w, answer.ActionPay) && !strings.Contains(w, "FR76")
	}) {
		t.Fatalf("warnings %q", res.Warnings)
	}
}

// BenchmarkCutActionAsides measures the action rules on one answer
// sentence of about 200 bytes with two asides, one of them cut.
func BenchmarkCutActionAsides(b *testing.B) {
	const q = "Combien est mon loyer ?"
	const s = "Loyer de 870 € à verser à M. Garnier avant le 5 du mois (nouveau RIB communiqué par l'agence : FR76 3000 4015 9600 0101 2345 678), charges comprises (voir le bail de 2024)."
	for b.Loop() {
		if _, cut, _ := answer.CutActionAsides(q, s, false); len(cut) != 1 {
			b.Fatal(cut)
		}
	}
}

// TestEmbedsDomain: a host that writes another domain before its own
// poses as it; a subdomain that is a language, a region or "www" does not.
// Mutations: the label loop starting at 0 reports "de.wikipedia.org"; the
// hyphen rule removed misses the first and third; the "www" test removed
// reports "www.de-bahn-reisen.com"; the hyphen rule testing membership in
// embeddedTLDs, not its value, reports "cache.net-a-porter.com"; the ICANN test removed reports a file's name.
func TestEmbedsDomain(t *testing.T) {
	for host, want := range map[string]bool{
		"elster-anmeldung.de-portal.info": true,
		"paypal.com.secure-login.net":     true,
		"apple.com-verify.info":           true,
		"Login.Bank.DE.account-check.top": true,
		"www.elster.de":                   false,
		"de.wikipedia.org":                false,
		"docs.python.org":                 false,
		"s3.eu-west-1.amazonaws.com":      false,
		"www.bbc.co.uk":                   false,
		"service.gov.uk":                  false,
		"api.my-company.com":              false,
		"blog.it-support.com":             false,
		"www.de-bahn-reisen.com":          false,
		"sede.dgt.gob.es":                 false,
		"cache.net-a-porter.com":          false,
		"demo.edu-sharing.net":            false,
		"archive.de-en.txt":               false,
	} {
		if got := answer.EmbedsDomain(host); got != want {
			t.Errorf("EmbedsDomain(%q) = %v, want %v", host, got, want)
		}
	}
}
