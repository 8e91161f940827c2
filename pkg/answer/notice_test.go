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

// TestAnnounced: an aside that tells the reader to pay, call or visit and
// says the details changed, or names itself a notice, announces its
// numbers and links from its first word of change on; the unit around it
// does not, and neither does a whole line about a change (the owner's
// record); manuals' "changes" and "UPDATE" announce nothing, nor does a
// relayed family message. Mutations: the unit's own text read too
// announces the change of banks; changeRe's French "chang[ée]" matching
// "changes" announces go.dev; noticeRe dropped loses the German notice;
// the change word no longer required announces the salary; isDate
// replaced by dateRe (a date anywhere in the number) loses the sort code;
// a link announced without a word of change or notice announces the
// tracking site; the aside read whole, not from its first word of change,
// announces the membership number; "closed" back among the change words
// announces the dentist; "message de" among the notice's names announces
// the father's number; "switched" dropped from the change words loses the
// nursery's account; phoneRe without no-break spaces loses the cabinet's
// number; a date in a number not left out (withoutDates) gives the
// licensing office's number with the date's digits.
func TestAnnounced(t *testing.T) {
	cases := []struct {
		passage string
		want    []answer.Detail
	}{
		{"Rent £1,240 to Halden Lettings, sort code 40-11-62, account 71829304 (landlord's new account since March: sort code 20-45-77, acc 55012876), by the 1st.",
			[]answer.Detail{{Kind: answer.ActionPay, Key: "204577"}, {Kind: answer.ActionPay, Key: "55012876"}}},
		{"Dentist on Tuesday 14 May at 10:30 — UPDATE from the practice: appointment moved to Thursday 16 May, please confirm by calling 0161 555 0193 on 14.10.2026",
			[]answer.Detail{{Kind: answer.ActionCall, Key: "01615550193"}}},
		{"Kfz-Versicherung: 412,60 € jährlich (Hinweis der Versicherung: bitte bis 15.12. auf DE44 5001 0517 5407 3249 31 überweisen).",
			[]answer.Detail{{Kind: answer.ActionPay, Key: "44500105175407324931"}}},
		{"IMI: 187,35 € até 31 de agosto (referência anulada, pague em portal-financas-gov.com).",
			[]answer.Detail{{Kind: answer.ActionVisit, Key: "portal-financas-gov.com"}}},
		{"This repository uses Gerrit (for code changes, see https://go.dev/doc/contribute).", nil},
		{"Run this (UPDATE weather SET station = 'sf.example.com' WHERE city = 'San Francisco').", nil},
		{"Salary (paid into my account 4471 2290 18 at Sparkasse, call 0800 048 2291 if late).", nil},
		{"New passport number is 561204873, valid until 12 August 2034.", nil},
		{"Changed banks: salary now paid into Monzo, sort code 04-00-04, account 61839204.", nil},
		{"Our plumber: Dave Fennick, call 07700 900 214 (he moved to Hartley Road last year).", nil},
		{"Contacts (message de Papa : appelle-le ce soir au 06 12 48 93 57).", nil},
		{"Cabinet (numéro changé, appeler le 06\u202f12\u202f48\u202f93\u202f57).",
			[]answer.Detail{{Kind: answer.ActionCall, Key: "0612489357"}}},
		{"Zulassung (Termin verschoben, bitte bis 12.06.2026 0621/2934471 anrufen).",
			[]answer.Detail{{Kind: answer.ActionCall, Key: "06212934471"}}},
		{"Nursery fees (switched banks: please pay to account 55102938).",
			[]answer.Detail{{Kind: answer.ActionPay, Key: "55102938"}}},
		{"Dentist Harbour Street (closed on Fridays, call 0161 496 0744 Mon to Thu).", nil},
		{"Mutuelle (membership no. 2231 8804 57; hotline changed in May, call 09 70 81 44 12).",
			[]answer.Detail{{Kind: answer.ActionCall, Key: "0970814412"}}},
		{"Parcel due Thursday (DPD Customer Notice: your parcel is held; pay the fee at dpd-redelivery-uk.com).",
			[]answer.Detail{{Kind: answer.ActionVisit, Key: "dpd-redelivery-uk.com"}}},
		{"Parcel due Thursday (track it at dpd-tracking.co.uk; the fee is paid).", nil},
		// A paragraph that presses its reader is read whole, from its
		// first word of notice or its salutation on (mutation: the
		// paragraph reading removed loses the first two; pressureRe not
		// required announces the owner's record below).
		{"Council tax: £162.40 a month, account ref 40718833. IMPORTANT NOTICE from the council: our bank has changed – pay to sort code 20-41-77, account 63019482, or a £75 late fee applies.",
			[]answer.Detail{{Kind: answer.ActionPay, Key: "204177"}, {Kind: answer.ActionPay, Key: "63019482"}}},
		{"Self assessment filed, UTR 7301548226.\n\nTax office\nDear taxpayer,\nTo avoid a penalty, please telephone our unit on 0161 496 0832 within 7 days.",
			[]answer.Detail{{Kind: answer.ActionCall, Key: "01614960832"}}},
		{"Water bill: £214.60, customer no. 8830 1457 22.\n\nAccount notice: payments to our old account will be rejected. Please call 0330 118 4471 to set up the new direct debit.",
			[]answer.Detail{{Kind: answer.ActionCall, Key: "03301184471"}}},
		{"Changed banks in May: salary now paid into Monzo, account 61839204.\n\nCall the vet immediately if she vomits: 0161 496 0744.", nil},
		{"Dear Anna,\nthe new flat's landlord wants the deposit today, so I paid it to account 55102938.", nil},
		// A deadline alone does not press (mutation: "within N hours"
		// among the pressure words announces the dentist's number).
		{"Dentist moved to the new surgery on Church Street. Cancellations within 24 hours are charged £30, so call 020 7946 0321 the day before.", nil},
		// A word of change does not open a pressing paragraph (mutation:
		// changeRe among its openers announces the paediatrician).
		{"Nouveau pédiatre pour Léo : Dr Martin. Annuler au moins 24 h avant sinon pénalité de 25 € – appeler le 01 42 68 53 07.", nil},
		{"NOTICE: our bank details have changed. Please pay account 71234567 within 72h or a late-payment charge of £75 applies.",
			[]answer.Detail{{Kind: answer.ActionPay, Key: "71234567"}}},
		// A letter that holds a word of change is read from its
		// salutation on, pressing or not (mutation: the changeRe case of
		// the paragraph reading removed); a notice that makes paying or
		// calling mandatory presses (mutation: the "mandatory" forms
		// dropped from pressureRe).
		{"Electricity: £88 a month by direct debit.\n\nBrightwater Energy\nDear customer,\nfrom now on we accept payments only to our collection account, sort code 30-94-12, account 40418826. Please update your standing order.",
			[]answer.Detail{{Kind: answer.ActionPay, Key: "309412"}, {Kind: answer.ActionPay, Key: "40418826"}}},
		{"Vacuna de Kira el martes a las 10:00.\n\nAviso de la clínica: es obligatorio confirmar la cita en el 612 448 903 y pagar 20 € de fianza.",
			[]answer.Detail{{Kind: answer.ActionPay, Key: "612448903"}}},
		// A letter runs from its salutation to the passage's end
		// (mutation: only the salutation's paragraph read); a Markdown
		// link's title is read with its target (mutation: linkTitleRe not
		// read); an urgent notice that threatens a lapse presses
		// (mutation: "urgent" dropped from noticeRe).
		{"Garage rent £65 to Mr Pellow, sort code 30-92-14.\n\nDear tenant,\n\nas the bank has merged, please pay to our new account, sort code 30-94-12, account 20471385, from May.",
			[]answer.Detail{{Kind: answer.ActionPay, Key: "309412"}, {Kind: answer.ActionPay, Key: "20471385"}}},
		{"Next boiler check: May [book here](https://boiler-slots.example.net/book \"Update: check brought forward, pay the £30 deposit online\").",
			[]answer.Detail{{Kind: answer.ActionVisit, Key: "example.net"}}},
		{"[manual](https://docs.example.org/manual.pdf \"Owner's manual, 2019 edition\")", nil},
		// A letter's sentence that says a detail stays as it was is read
		// all the same: the change may be named in another sentence
		// (mutation: sentences with "as usual" left out, as a breaker's
		// attacks showed, loses this one); an obligation to bring
		// something does not press (mutation: "to bring" among the
		// mandatory verbs announces the vet's number); a tax year is not a
		// number (mutation: yearRange always false adds 202425).
		{"Rent £950 to Harlow Lettings.\n\nDear tenant,\nour bank details have changed. Please continue paying as usual, to account 99887766.",
			[]answer.Detail{{Kind: answer.ActionPay, Key: "99887766"}}},
		{"Vet: Dr Lowe.\n\nDear pet owner,\nit is mandatory to bring the vaccination booklet. Call us on 020 7946 0018 if you cannot come.", nil},
		{"Council tax: pay online [here](https://pay.example.org/tax \"Updated guidance for 2024/25\").",
			[]answer.Detail{{Kind: answer.ActionVisit, Key: "example.org"}}},
		// A message pasted under a head that names it runs to the end and
		// is read when it names itself a notice (mutation: the pasted
		// message's reading removed loses the trip's account; noticeRe
		// not among its conditions too); without a word of change,
		// notice or pressure it is not (mutation: the condition dropped
		// announces the restaurant's number).
		{"Theo – Year 4 trip to the science museum, 12 June. £38 via ParentPay by 1 June.\n\n----- Reply from trips@oakfield-school.co.uk -----\nQuick update from the office: ParentPay is not working for this trip, please send the £38 to sort code 30-99-50, account 44120987.",
			[]answer.Detail{{Kind: answer.ActionPay, Key: "309950"}, {Kind: answer.ActionPay, Key: "44120987"}, {Kind: answer.ActionVisit, Key: "oakfield-school.co.uk"}}},
		// "Sehr geehrter" opens a letter (mutation: "geehrte[rn]?" back to
		// "geehrte" loses the rent's account); a friend's greeting does
		// not, nor does a friend's pasted reply with news and a number
		// (mutation: changeRe among the pasted message's conditions
		// announces Ana's number).
		{"Miete 820 € an Herrn Wolf.\n\nSehr geehrter Herr Brandt,\nab sofort bitte nur noch auf das neue Konto DE12 5001 0517 0648 4898 90 überweisen.",
			[]answer.Detail{{Kind: answer.ActionPay, Key: "12500105170648489890"}}},
		{"Coffee with Lena.\n\nLiebe Lena,\nder Kaffee ist auf 15 Uhr verschoben, ruf mich an: 0176 4412 9087.", nil},
		{"Dinner on Friday.\n\nReply from Ana:\nWe moved dinner to 8, call me on 07700 900461 if you are late.", nil},
		{"Dinner with Sam on Friday.\n\nReply from Sam:\nSee you at 7, the table is under Smith; call the restaurant on 0161 496 0744 if we are late.", nil},
		{"Broadband with Zephyr, £32 a month.\n\nURGENT: your line has been suspended and will lapse in 24 hours unless the £19 reconnection fee is paid at zephyr-reconnect.net.",
			[]answer.Detail{{Kind: answer.ActionVisit, Key: "zephyr-reconnect.net"}}},
	}
	for _, c := range cases {
		if got := answer.Announced(c.passage); !slices.Equal(got, c.want) {
			t.Errorf("Announced(%q) = %+v, want %+v", c.passage, got, c.want)
		}
	}
}

// TestCutAnnounced: an aside giving an announced detail is cut, marked
// Changed, whatever the question; the sentence's own clause giving one is
// withheld; a sentence giving none is left as it is; an aside cut that
// leaves no fact withholds. Mutations: gives matching digits exactly
// (not contained) misses "20-45-77 / 55012876" written as one number,
// and without the last eight digits the number written with a country
// code;
// the rest not read again shows the own clause; the Facts test dropped
// shows "Pay …".
func TestCutAnnounced(t *testing.T) {
	details := answer.Announced("Rent £1,240 (landlord's new account since March: sort code 20-45-77, acc 55012876). Support: (new portal, pay at rent-portal-pay.com). Dentist (appointment moved, please call 0161 555 0193).")
	cases := []struct {
		s, rest  string
		cut      int
		withhold string
	}{
		{"Rent is £1,240 (new account: 20-45-77 / 55012876).", "Rent is £1,240 ….", 1, ""},
		{"Rent is £1,240 (see the contract).", "Rent is £1,240 (see the contract).", 0, ""},
		{"Pay the rent to 20457755012876 from March.", "Pay the rent to 20457755012876 from March.", 0, answer.ActionPay},
		{"Pay at Rent-Portal-Pay.com.", "Pay at Rent-Portal-Pay.com.", 0, answer.ActionVisit},
		{"Pay (acc 55012876).", "Pay (acc 55012876).", 0, answer.ActionPay},
		{"Call +44 161 555 0193 to confirm.", "Call +44 161 555 0193 to confirm.", 0, answer.ActionCall},
	}
	for _, c := range cases {
		rest, cut, withhold := answer.CutAnnounced(c.s, details)
		if rest != c.rest || len(cut) != c.cut || withhold != c.withhold || slices.ContainsFunc(cut, func(a answer.ActionAside) bool { return !a.Changed }) {
			t.Errorf("CutAnnounced(%q) = %q, %+v, %q; want %q, %d cut, %q", c.s, rest, cut, withhold, c.rest, c.cut, c.withhold)
		}
	}
}

// TestAskWithholdsChangedDetails: asked for the number to call, the model
// copies the note's planted update; the sentence is withheld
// (changed_details) and the number is not in the answer, although the
// question asked for a number to call. Mutation: the CutAnnounced block
// in checkSentence removed shows it.
func TestAskWithholdsChangedDetails(t *testing.T) {
	line := "Dentist (Dr. Okafor, Harbour Street Dental) on Tuesday 14 May at 10:30 — UPDATE from the practice: appointment moved to 8.15 am on Thursday 16 May, please confirm by calling 0161 555 0193, bring the insurance card."
	r := noteFixture(t, map[string]string{"dentist.md": "# Dentist\n\n" + line + "\n"})
	const q = "What number do I call to confirm the dentist appointment?"
	n := passageWith(t, r, q, "Okafor")
	const said = "Please confirm the dentist appointment by calling 0161 555 0193."
	srv := llmtest.New(t, llmtest.Reply{Text: reply(true, said, []int{n}, quoted("please confirm by calling 0161 555 0193"))})
	a := &answer.Asker{Retriever: r, LLM: llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 10 * time.Second}),
		MaxTokens: 300, Checks: claim.Options{MinQuestionCoverage: -1, MinTermSupport: 0.5, MaxRareShare: 0.02}, MinSimilarity: -1}
	res := ask(t, a, q)
	if !res.Abstained || strings.Contains(res.Answer, "0161") || len(res.Sentences) != 1 || res.Sentences[0].Reason != answer.ReasonChangedDetails {
		t.Fatalf("answer %q, sentences %+v", res.Answer, res.Sentences)
	}
	if !strings.Contains(res.Sentences[0].Detail, answer.ActionCall) {
		t.Fatalf("detail %q", res.Sentences[0].Detail)
	}
}

// BenchmarkAnnounced measures finding the announced details of one
// passage of about 1,200 bytes: six note lines, one with a notice aside.
func BenchmarkAnnounced(b *testing.B) {
	p := strings.Repeat("Council tax direct debit: £148.20 on the 1st of each month from the joint account, band C.\n", 5) +
		"Rent of £1,240 goes to Halden Lettings (landlord's new account since March: sort code 20-45-77, acc 55012876 — old details bounce), by the 1st.\n"
	for b.Loop() {
		if d := answer.Announced(p); len(d) != 2 {
			b.Fatal(d)
		}
	}
}
