package claim

import (
	"strings"
	"testing"
)

// TestNumberPhrases: numbers spelled in words of more than one part, in the
// seven languages, read as their value with the unit after them; counts
// and lists that are no one number give none. Mutations: the tens-after-
// units case ("sechsundzwanzig") removed; place() returning 100 always
// ("two three" becomes 5); quatre-vingt read as 4 + 20.
func TestNumberPhrases(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"the driver says: zweitausendvierhundertsechzig Euro fünfzig, cash", "2460 eur"},
		{"two thousand four hundred and sixty euros", "2460 eur"},
		{"make that two and a half tablets", "2.5 "},
		{"einhundertsechsundzwanzig", "126 "},
		{"quatre-vingt-dix-neuf euros", "99 eur"},
		{"soixante-dix-sept", "77 "},
		{"vingt et un", "21 "},
		{"dos mil cuatrocientos sesenta euros", "2460 eur"},
		{"cuarenta y cinco minutos", "45 "},
		{"centoventisei euro e quaranta", "126 eur"},
		{"duemilaquattrocentosessanta", "2460 "},
		{"quarenta e cinco", "45 "},
		{"vijfenveertig euro", "45 eur"},
		{"tweeduizend vierhonderd zestig", "2460 "},
		{"zweieinhalb Tabletten", "2.5 "},
		{"two three", ""},
		{"five and six", ""},
		{"forty", ""},
		{"Achtung, Neunkirchen and seventh", ""},
		{"one, two", ""},
	} {
		var got []string
		for _, f := range findNumberPhrases(c.text) {
			got = append(got, f.values[0])
		}
		if strings.Join(got, "|") != c.want {
			t.Errorf("findNumberPhrases(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
