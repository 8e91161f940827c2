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
		{"Next meeting: 14 January 2025, 10:00.", "下次会议是2025年1月14日。"},
		{"Next meeting: 14 January 2025, 10:00.", "次の会議は1月14日です。"},
		{"Next meeting: 14 January 2025, 10:00.", "Следующая встреча 14 января 2025."},
	} {
		e := NewEvidence(c.evidence, nil)
		fs := Facts(c.sentence)
		if len(fs) == 0 || fs[0].Kind != Date || !e.Has(fs[0]) {
			t.Errorf("%q: facts %v not in %q", c.sentence, fs, c.evidence)
		}
	}
}

// TestDateOfOtherDayDiffers: a Chinese or Russian date is compared by its
// day, not only found. Mutation: cjkDateRe's day group made optional and
// unread (every 1月 date equal).
func TestDateOfOtherDayDiffers(t *testing.T) {
	e := NewEvidence("Next meeting: 14 January 2025, 10:00.", nil)
	for _, s := range []string{"下次会议是2025年1月24日。", "Следующая встреча 24 января 2025."} {
		fs := Facts(s)
		if len(fs) == 0 || fs[0].Kind != Date || e.Has(fs[0]) {
			t.Errorf("%q: facts %v, want a date not in the evidence", s, fs)
		}
	}
}
