package claim

import (
	"strings"
	"testing"
)

// A number a label names an identifier is no amount: a price built from
// a customer number is unsupported (mutation: identifierSlot not read in
// NewEvidence), while the same number bare in a table or after a price's
// label still states an amount whose unit a header gives.
func TestIdentifierNumberIsNoAmount(t *testing.T) {
	opts := Options{MinQuestionCoverage: -1, MinTermSupport: -1, MaxRareShare: -1}
	q := Question{Text: "Wie viel kostet die jährliche Wartung?", N: 200}
	for _, c := range []struct {
		sentence, evidence string
		want               bool
	}{
		{"Die Wartung kostet 30 77 14 €.", "Wartung jährlich im September\nKundennummer: 30-4471 – seit der Umstellung gilt 30 77 14 (also 307714)", false},
		{"Die Wartung kostet 4471 €.", "Wartung jährlich im September\nPay to account 4471", false},
		{"Die Wartung kostet 4471 €.", "Wartung jährlich im September\nTelefon: 4471", false},
		{"Die Wartung kostet 120 €.", "Wartung jährlich im September\nKosten: 120", true},
		// Grouped digits where a label names an identifier are one number
		// (mutation: findGroupedIdentifiers not called in Facts), and its
		// groups still state themselves without the label (mutation: the
		// groups' digit runs not added to withAny).
		{"Die Kundennummer ist 30-4471.", "Kundennummer: 30-4471", true},
		{"Es ist 30-4471.", "Kundennummer: 30-4471", true},
		{"Die Kundennummer ist 30-4472.", "Kundennummer: 30-4471", false},
		{"Die Wartung kostet 120 €.", "Rechnungsnummer: 4471, Wartung 120", true},
		{"Die Wartung kostet 120 €.", "| Posten | Preis (€) |\n|---|---|\n| Wartung | 120 |", true},
	} {
		v := Check(q, Sentence{Text: c.sentence, Evidence: NewEvidence(c.evidence, nil)}, opts)
		if v.Supported != c.want {
			t.Errorf("%q from %q: supported %v, want %v (%s %s)", c.sentence, c.evidence, v.Supported, c.want, v.Reason, v.Detail)
		}
	}
}

func TestIdentifierSlot(t *testing.T) {
	for _, c := range []struct {
		text, number string
		want         bool
	}{
		{"Kundennummer: 30-4471 – seit der Umstellung gilt 30 77 14", "30 77 14", true},
		{"Account no.: 63019284", "63019284", true},
		{"PIN 4471", "4471", true},
		{"N° adhérent 3319", "3319", true},
		// Compounds in "nr", three words back, a phone's long group
		// (mutations: the suffixes left out; a window of two words; groups
		// of six digits at most).
		{"Kundennr. 1234567", "1234567", true},
		{"Meine Kundennummer ist jetzt 4471", "4471", true},
		{"Handwerker Tel. 0171 2233445", "0171 2233445", true},
		{"Monthly rent: 1150, due on the 1st", "1150", false},
		{"Invoice number: 4471, total 1200", "1200", false}, // mutation: the comma check removed
		{"Pacht: 2450 pro Jahr", "2450", false},
		{"Notes on the order for the garden: 2500", "2500", false}, // a long label is no identifier's
		// A label or clause with a number of its own names a numbered item
		// (mutations: the label's digit check removed; the clause not cut
		// after its last number).
		{"Invoice no. 113: 4500", "4500", false},
		{"Order #4471 – 1200 pieces", "1200", false},
		// A word of amount beside the identifier's (mutation: amountWords
		// not read), and numbers of three digits or fewer, or decimal ones
		// (mutation: the length check removed), are amounts.
		{"Account fee 1200", "1200", false},
		{"Booking deposit: 2000", "2000", false},
		{"Telefon: 30 monatlich", "30", false},
		{"Order: 37.50", "37.50", false},
	} {
		var got bool
		found := false
		for _, f := range Facts(c.text) {
			if f.Text == c.number {
				got, found = identifierSlot(c.text, f), true
			}
		}
		if !found {
			t.Fatalf("%q: no fact %q in %v", c.text, c.number, Facts(c.text))
		}
		if got != c.want {
			t.Errorf("identifierSlot(%q, %q) = %v, want %v", c.text, c.number, got, c.want)
		}
	}
}

// Two identifiers written in groups on one labelled line are two values
// of one kind (mutation: findGroupedIdentifiers not called in Facts: the
// groups are small numbers of no class).
func TestTwoGroupedIdentifiers(t *testing.T) {
	const q = "Wie lautet meine Kundennummer bei der Heizungsfirma?"
	if got := TwoValues(q, "Kundennummer: 30-4471 – seit der Systemumstellung gilt 30 77 14 (also 307714)"); !strings.Contains(got, `"30-4471" and "30 77 14"`) {
		t.Errorf("TwoValues = %q, want 30-4471 and 30 77 14", got)
	}
	if got := TwoValues(q, "Kundennummer: 30-4471, Techniker: Herr Yilmaz"); got != "" {
		t.Errorf("TwoValues = %q, want none", got)
	}
}

// BenchmarkNewEvidence measures indexing one passage of about 700 bytes
// with labelled identifiers, amounts, dates and abbreviations, as ask
// does once per cited passage.
func BenchmarkNewEvidence(b *testing.B) {
	const p = "Heating › Contract\nFirma: Wärmetechnik Brandl, Hauptstraße 12, 80331 München\nKundennummer: 30-4471 – seit der Systemumstellung gilt 30 77 14\n" +
		"Wartung jährlich im September, zuletzt am 14.09.2025 (Techniker: Herr Yilmaz)\nKosten: 189,00 € pro Jahr, Anfahrt 35 € extra\n" +
		"Notdienst: 0171 5538 902, ext. 44 (24/7)\nVertrag Nr. 2024-113: Laufzeit 24 Monate, Kündigung 3 Monate zum Jahresende\n" +
		"Brenner: Viessmann Vitodens 200-W, 19 kW, Baujahr 2016\nDruck: 1,5 bar (22 psi), Vorlauf 55 °C\nIBAN: DE89 3704 0044 0532 0130 00\n"
	for b.Loop() {
		if NewEvidence(p, nil) == nil {
			b.Fatal("no evidence")
		}
	}
}
