package claim

import "testing"

// TestDatesAcrossLanguages: a date written with another language's month
// name is the same fact ("14 May" is in "il 14 maggio"). Mutation: "maggio"
// left out of the month names (no date is read in the Italian text).
func TestDatesAcrossLanguages(t *testing.T) {
	for _, c := range []struct{ evidence, sentence string }{
		{"Visita dal dentista il 14 maggio alle 10:15.", "The dentist visit is on 14 May."},
		{"Consulta a 2 de junho às 11h20.", "La consulta es el 2 de junio."},
		{"Afspraak op 3 maart om 9:10.", "Der Termin ist am 3. März."},
	} {
		e := NewEvidence(c.evidence, nil)
		fs := Facts(c.sentence)
		if len(fs) == 0 || fs[0].Kind != Date || !e.Has(fs[0]) {
			t.Errorf("%q: facts %v not in %q", c.sentence, fs, c.evidence)
		}
	}
}
