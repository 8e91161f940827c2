package claim

import "testing"

// TestDoseUnits: a dose in micrograms or milligrams is the same value
// however the unit is spelled, and another unit or value is not; the
// unit gives the number a value class, so a second dose in an aside is
// two values. Mutation: the dose spellings left out of units fails the
// two cases of another unit (a bare number then matches any) and the
// aside.
func TestDoseUnits(t *testing.T) {
	e := NewEvidence("Levothyroxine 150 µg every morning; ibuprofen 200 mg.", nil)
	for s, want := range map[string]bool{
		"150 micrograms.":    true,
		"150 mcg.":           true,
		"150 μg (Greek mu).": true,
		"75 micrograms.":     false,
		"150 milligrams.":    false,
		"200 milligrams.":    true,
		"200 Milligramm.":    true,
		"200 microgrammes.":  false,
	} {
		fs := Facts(s)
		if len(fs) == 0 || e.Has(fs[0]) != want {
			t.Errorf("%q in the evidence: got facts %v, want %v", s, fs, want)
		}
	}
	if AsideValue("Take 75 micrograms (the pharmacy says 150 mcg) each morning.") == "" {
		t.Error("a second dose in an aside must be reported")
	}
}
