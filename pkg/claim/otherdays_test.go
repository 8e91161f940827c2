package claim

import "testing"

// TestOtherDays: a sentence that names only other days of the week than
// the question's is reported; one that names the day, a span or every
// day, or no day, is not. Mutations: OtherDays without its allDaysRe test
// reports the Mon–Fri and "täglich" lines; weekdaysIn without the plural
// cut misses "Sundays"; short forms read in lower case report "in the
// sun"; "-feira" dropped from dayWordRe reads no day in "quarta-feira".
func TestOtherDays(t *testing.T) {
	for _, c := range []struct {
		q, s   string
		report bool
	}{
		{"What time does the gym open on Sundays?", "Classes: spin Tue 7 pm, yoga Sat 10 am", true},
		{"What time does the gym open on Sundays?", "Sundays 9 am to 5 pm", false},
		{"What time does the gym open on Sundays?", "Open Mon–Sun 6 am to 10 pm", false},
		{"What time does the gym open on Sundays?", "The gym opens at 6 am.", false},
		{"Wann hat die Apotheke sonntags offen?", "Die Apotheke hat täglich von 8 bis 20 Uhr offen, samstags bis 14 Uhr.", false},
		{"Wann hat die Apotheke sonntags offen?", "Samstags 9–14 Uhr", true},
		{"Quel jour passe le jardinier ?", "Le jardinier passe le mardi.", false},
		{"Le jardinier passe-t-il le lundi ?", "Le jardinier passe le mardi.", true},
		{"Where do I put the basil on Saturday?", "Put it in the sun by the window.", false},
		{"A que horas é a reunião de quarta-feira?", "A reunião de sexta-feira é às 10h.", true},
		{"A que horas é a reunião de quarta-feira?", "A reunião de quarta-feira é às 10h.", false},
	} {
		if got := OtherDays(c.q, c.s); (got != "") != c.report {
			t.Errorf("OtherDays(%q, %q) = %q, want reported %v", c.q, c.s, got, c.report)
		}
	}
}
