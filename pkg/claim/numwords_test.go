package claim

import (
	"strings"
	"testing"
)

// TestNumberPhrases: numbers spelled in words of more than one part, in the
// seven languages, read as their value with the unit after them; counts
// and lists that are no one number give none, nor do ranges, clock
// times, cents, a half without a join, years read in pairs and ordinals.
// Mutations: the tens-after-units case ("sechsundzwanzig") removed; place()
// returning 100 always ("two three" becomes 5); the languages of a run not
// intersected ("twenty-five cents" becomes 2500); a failed run retried
// from its next word ("nineteen eighty-four" gives 84).
func TestNumberPhrases(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"the driver says: zweitausendvierhundertsechzig Euro fünfzig, cash", "2460 eur|50 "},
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
		{"forty", "40 "},
		{"one", ""},
		{"vent du nord", ""},
		{"Achtung, Neunkirchen and seventh", ""},
		{"one, two", ""},
		// A breaker's cases: ranges, times, cents, halves, ordinals, years.
		{"between five and twenty euros", ""},
		{"tussen vijf en twintig euro", ""},
		{"between two thousand and three thousand euros", ""},
		{"between two hundred and three hundred people", ""},
		{"a las tres y veinte", ""},
		{"alle tre e venti", ""},
		{"twenty-five cents", ""},
		{"one-half tablet twice a day", ""},
		{"une demi-heure", ""},
		{"in nineteen eighty-four", ""},
		{"the one hundred and twenty-first anniversary", ""},
		{"Alle zwanzig achten auf den Hund", "20 "},
		{"twenty undone tasks", ""},
		{"le jardin fourmille", ""},
		{"one zero", ""},
		{"a million and a half euros", "1500000 eur"},
		{"dix-huit mille euros", "18000 eur"},
		{"mil quinientos euros", "1500 eur"},
		{"mille et une nuits", "1001 "},
		{"trentuno", "31 "},
		{"ventitré", "23 "},
		{"veintitres", "23 "},
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
