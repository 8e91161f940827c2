package text

import (
	"reflect"
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
		// A chat export's line after the owner's starts a paragraph, and
		// the messages after it stay with it (mutation: chatLineRe's
		// matches not read; the previous-line test removed splits them).
		{"Casero: Andrés Molina, 612 48 90 37\n[14/03 19:02] Andrés Molina: el de verdad es 655 31 02 84\n[14/03 19:03] Andrés Molina: gracias", []string{"Casero: Andrés Molina, 612 48 90 37", "[14/03 19:02] Andrés Molina: el de verdad es 655 31 02 84\n[14/03 19:03] Andrés Molina: gracias"}},
		{"[14/03 19:02] Ana: hola\nowner's line", []string{"[14/03 19:02] Ana: hola\nowner's line"}},
		// Other exports' forms (mutations: the marks, the narrow space and
		// the sender's line left out of chatLineRe).
		{"Türcode Haus: 4471\n\u200e[14.03.25, 19:02:11] Jonas Becker: Neuer Türcode ist 8820", []string{"Türcode Haus: 4471", "\u200e[14.03.25, 19:02:11] Jonas Becker: Neuer Türcode ist 8820"}},
		{"Vendredi à 10h30\n3/14/25, 7:02\u202fPM - Camille Roux: c'est 11h15", []string{"Vendredi à 10h30", "3/14/25, 7:02\u202fPM - Camille Roux: c'est 11h15"}},
		{"Key box code 4471\nBen Carter, [14.03.2025 19:02]\nthe key box code is 9146", []string{"Key box code 4471", "Ben Carter, [14.03.2025 19:02]\nthe key box code is 9146"}},
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
