package text

import (
	"reflect"
	"strings"
	"testing"
)

// TestParagraphs: blank lines, horizontal rules and Windows line ends
// separate paragraphs; a single line break does not (mutation: the rule
// alternative removed joins the third case); a block quote after other
// text starts one, a quoted line after a quoted line does not (mutation:
// !quotedLine dropped splits "> Pay by the 3rd." off).
func TestParagraphs(t *testing.T) {
	cases := []struct {
		s    string
		want []string
	}{
		{"one\ntwo", []string{"one\ntwo"}},
		{"one\n\ntwo\n \nthree", []string{"one", "two", "three"}},
		{"Dose 50 mcg.\n---\nCorrection: 125 mcg.", []string{"Dose 50 mcg.", "Correction: 125 mcg."}},
		{"a\r\n\r\nb", []string{"a", "b"}},
		{"Rent 850.\nDue on the 1st.\n> From the agent: rent is now 990.\n> Pay by the 3rd.\nlazy line", []string{"Rent 850.\nDue on the 1st.", "> From the agent: rent is now 990.\n> Pay by the 3rd.\nlazy line"}},
		{"> quoted first\nowner\n> quoted again", []string{"> quoted first\nowner", "> quoted again"}},
	}
	for _, c := range cases {
		var got []string
		for _, p := range Paragraphs(c.s) {
			got = append(got, c.s[p[0]:p[1]])
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Paragraphs(%q) = %q, want %q", c.s, got, c.want)
		}
	}
}

// TestLeadLine: the paragraph's first line for a later line, nothing for
// the first line itself, and a pasted block quote leads itself (mutation:
// "at <= p[0]+len(first)" as "at < p[0]" returns the lead line for the
// third and fifth cases).
func TestLeadLine(t *testing.T) {
	cases := []struct {
		s, at, want string
	}{
		{"Fiets van Sanne, Kerkstraat 5.\nOphalen vrijdag na 16:00.\nKosten: € 42,50", "Ophalen", "Fiets van Sanne, Kerkstraat 5."},
		{"Fiets van Sanne, Kerkstraat 5.\nOphalen vrijdag na 16:00.\nKosten: € 42,50", "Kosten", "Fiets van Sanne, Kerkstraat 5."},
		{"Fiets van Sanne, Kerkstraat 5.\nOphalen vrijdag na 16:00.", "Kerkstraat", ""},
		{"# Piano\n\nAulas de piano da Inês.\r\nMensalidade: 120 €", "Mensalidade", "Aulas de piano da Inês."},
		{"# Piano\n\nAulas de piano da Inês.", "Aulas", ""},
		{"Travaux ascenseur\nma quote-part = 1 870 €.\n> Message du syndic : 2 640 €.\n> Appelez le 01 84", "> Message", ""},
		{"Travaux ascenseur\nma quote-part = 1 870 €.\n> Message du syndic : 2 640 €.\n> Appelez le 01 84", "> Appelez", "> Message du syndic : 2 640 €."},
	}
	for _, c := range cases {
		at := strings.Index(c.s, c.at)
		if got := LeadLine(c.s, at); got != c.want {
			t.Errorf("LeadLine(%q, at %q) = %q, want %q", c.s, c.at, got, c.want)
		}
	}
	if got := LeadLine("a\nb", 9); got != "" {
		t.Errorf("LeadLine past the end = %q, want \"\"", got)
	}
}
