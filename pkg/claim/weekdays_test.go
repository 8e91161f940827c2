package claim

import (
	"strings"
	"testing"
)

// TestFindWeekdayDays: a weekday with a day of the month and no month is a
// date of that day in any month; followed by a month, a time or a counted
// noun it is none of its own. Mutations: dayEnds always true reads
// "Tuesday 3 tablets" and the whole date "mercoledì 4 giugno"; the
// "(?: (?:the|den|…))?" part of weekdayDayRe removed loses "Wednesday the
// 4th" and "Mittwoch, den 4.".
func TestFindWeekdayDays(t *testing.T) {
	cases := map[string]string{ // text: the fact's text, "" for none
		"anzi entro mercoledì 4":            "mercoledì 4",
		"see you Wednesday the 4th.":        "Wednesday the 4th",
		"Termin am Mittwoch, den 4. um 9":   "Mittwoch, den 4.",
		"rendez-vous mercredi 4 à 10 h":     "mercredi 4",
		"el miércoles 4 y el jueves 5":      "miércoles 4",
		"quarta-feira, dia 4":               "quarta-feira, dia 4",
		"woensdag 4 of donderdag 5":         "woensdag 4",
		"mercoledì 4 giugno":                "",
		"Tuesday 3 tablets":                 "",
		"Friday 4.06.2025":                  "",
		"vrijdag 12/06":                     "",
		"a sunday 10k run and monday 32 km": "",
	}
	for text, want := range cases {
		fs := findWeekdayDays(text, strings.ToLower(text))
		got := ""
		if len(fs) > 0 {
			got = fs[0].Text
		}
		if got != want {
			t.Errorf("findWeekdayDays(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestWeekdayDayAgainstDates: a weekday's day agrees with a date of that
// day in the evidence and competes, in an aside, with another date; a whole
// date is not stated by a weekday's day (it adds the month). Mutation: the
// day-only clause of Evidence.Has removed withholds the first.
func TestWeekdayDayAgainstDates(t *testing.T) {
	if !NewEvidence("Ritiro entro mercoledì 4 giugno.", nil).Has(Facts("entro mercoledì 4")[0]) {
		t.Error(`"mercoledì 4" not stated by "mercoledì 4 giugno"`)
	}
	if NewEvidence("Ritiro entro mercoledì 4.", nil).Has(Facts("entro il 4 giugno")[0]) {
		t.Error(`"4 giugno" stated by "mercoledì 4"`)
	}
	if AsideValue("Da ritirare entro venerdì 6 giugno, anzi entro mercoledì 4.") == "" {
		t.Error("the weekday's day after \"anzi\" is not a later date")
	}
}

// TestWeekdayStems: every weekday of the seven languages passes the
// prefilter (mutation: the prefilter searching text for the stems, not its
// lower-cased form, loses "Monday" and "VENERDÌ").
func TestWeekdayStems(t *testing.T) {
	for _, w := range strings.Split("Monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|"+
		"lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miercoles|miércoles|jueves|viernes|sabado|sábado|domingo|"+
		"lunedi|lunedì|martedi|martedì|mercoledi|mercoledì|giovedi|giovedì|venerdi|VENERDÌ|sabato|domenica|segunda|terça|terca|quarta|quinta|sexta|"+
		"maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag", "|") {
		if fs := findWeekdayDays(w+" 4", strings.ToLower(w+" 4")); len(fs) != 1 {
			t.Errorf("findWeekdayDays(%q) = %d facts, want 1", w+" 4", len(fs))
		}
	}
}
