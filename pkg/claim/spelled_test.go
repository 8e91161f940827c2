package claim

import (
	"testing"
)

// TestSpelledCodes: three digit words or more in a row are a code with
// their digits, found in evidence that writes it in digits and the other
// way round, and two such codes in a line and its aside are two values;
// counts and lists are not codes. Mutations: minSpelledDigits 2 reads
// "one two-year-old" as a code; the comma allowed between words reads
// the list; the bare-number
// reading left out loses "4719" in the spelled evidence; spelled codes
// without a class (valueClass) lose the two values of the Spanish line.
func TestSpelledCodes(t *testing.T) {
	codes := func(s string) (out []string) {
		for _, f := range Facts(s) {
			if spelled(f) {
				out = append(out, f.values[0])
			}
		}
		return out
	}
	for s, want := range map[string]string{
		"Door code four-seven-one-nine.":    "4719",
		"Clave: uno-nueve-cero-cuatro.":     "1904",
		"PIN sei sette otto due, non dirlo": "6782",
		// Portuguese words of its own (mutation: "quatro" dropped).
		"Portão: dois-nove-quatro-um.": "2941",
		"Count: one, two, three.":      "",
		"I have one two-year-old.":     "",
		"two or three days":            "",
	} {
		got := codes(s)
		if want == "" && len(got) != 0 || want != "" && (len(got) != 1 || got[0] != want) {
			t.Errorf("spelled codes of %q = %q, want %q", s, got, want)
		}
	}
	for _, c := range []struct{ evidence, sentence string }{
		{"Door code four-seven-one-nine.", "The code is 4719."},
		{"The code is 4719.", "The code is four seven one nine."},
	} {
		e := NewEvidence(c.evidence, nil)
		for _, f := range Facts(c.sentence) {
			if !e.Has(f) {
				t.Errorf("evidence %q lacks %q of %q", c.evidence, f.Text, c.sentence)
			}
		}
	}
	if d := AsideValue("Clave del trastero: uno-nueve-cero-cuatro (la comunidad la cambió: ahora es siete siete dos uno), candado de la izquierda."); d == "" {
		t.Error("two spelled codes in a line and its aside are two values")
	}
}
