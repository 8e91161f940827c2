package claim

import (
	"slices"
	"testing"
)

// TestTimesAndDayMonths: times of day in the forms notes use are one fact
// each, read on the 24-hour clock, and a day and month without a year is a
// date; what only looks like one is not. Mutations: meridiemRe dropped
// leaves "3 pm" the bare number 3; the pm hour not moved by 12 reads
// "3 pm" as 03:00; uhrRe dropped leaves "19.30 Uhr" the number 19.3;
// clockTimeRe's guard on a following colon dropped reads "10:30:00" as a
// time; dayMonthNumRe accepting one digit reads "1/2 cup" as a date; the
// month-first reading dropped loses "05/06" as 6 May; the currency code
// before a number not read leaves "CHF 520" bare; numDateRe without the
// hyphen leaves "14-10-2026" no date; clockTimeRe without spaces around
// its "h" leaves "8 h 04" two numbers; spanRe dropped reads "2 h 15 min"
// as a time.
func TestTimesAndDayMonths(t *testing.T) {
	cases := []struct {
		text string
		want [][]string // each fact's kind, text and values, in order
	}{
		{"at 3 pm on Friday", [][]string{{"code", "3 pm", "t15:00"}}},
		{"8.15 am", [][]string{{"code", "8.15 am", "t08:15"}}},
		{"12 a.m.", [][]string{{"code", "12 a.m.", "t00:00"}}},
		{"um 19.30 Uhr", [][]string{{"code", "19.30 Uhr", "t19:30"}}},
		{"um 10 Uhr", [][]string{{"code", "10 Uhr", "t10:00"}}},
		{"à 17h30", [][]string{{"code", "17h30", "17h30", "t17:30"}}},
		{"at 10:30", [][]string{{"code", "10:30", "10:30", "t10:30"}}},
		{"départ 8 h 04 de Gare de Lyon", [][]string{{"code", "8 h 04", "8 h 04", "t08:04"}}},
		{"en 2 h 15 min", [][]string{{"number", "2 h", "2 h"}, {"number", "15 min", "15 min"}}},
		{"(trajet 1 h 30)", [][]string{{"number", "1 h", "1 h"}, {"number", "30", "30 "}}},
		{"Fahrzeit: 2:15", [][]string{{"code", "2:15", "2:15"}}},
		{"toutes les 6 h 30 mg", [][]string{{"number", "6 h", "6 h"}, {"number", "30 mg", "30 mg"}}},
		{"às 15h", [][]string{{"number", "15h", "15 h", "t15:00"}}},
		{"10:30:00", [][]string{{"code", "10:30:00", "10:30:00"}}},
		{"dia 22/05", [][]string{{"date", "22/05", "0-5-22"}}},
		{"am 22.05. um 9", [][]string{{"date", "22.05.", "0-5-22"}, {"number", "9", "9 "}}},
		{"le 05/06", [][]string{{"date", "05/06", "0-6-5", "0-5-6"}}},
		{"1/2 cup", [][]string{{"number", "1", "1 "}}},
		{"am 14-10-2026", [][]string{{"date", "14-10-2026", "2026-10-14"}}},
		{"CHF 520 a month", [][]string{{"number", "CHF 520", "520 chf"}}},
		{"12 giu", [][]string{{"date", "12 giu", "0-6-12"}}},
	}
	for _, c := range cases {
		var got [][]string
		for _, f := range Facts(c.text) {
			got = append(got, append([]string{string(f.Kind), f.Text}, f.values...))
		}
		if !slices.EqualFunc(got, c.want, slices.Equal) {
			t.Errorf("Facts(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestTimesAcrossForms: a sentence's time is found in evidence that
// writes it another way, and another time is not. Mutation: timeValue's
// value left out of the clock's values (its text only) fails the first
// two.
func TestTimesAcrossForms(t *testing.T) {
	cases := []struct {
		evidence, sentence string
		has                bool
	}{
		{"Pickup at 15:00 at gate B.", "at 3 pm", true},
		{"Abholung um 15 Uhr.", "15h00", true},
		{"Pickup at 3 pm.", "at 4 pm", false},
		{"Le rendez-vous est le 22 mai.", "le 22/05", true},
		{"Le rendez-vous est le 22 mai.", "le 27/05", false},
	}
	for _, c := range cases {
		e := NewEvidence(c.evidence, nil)
		fs := Facts(c.sentence)
		if len(fs) != 1 || e.Has(fs[0]) != c.has {
			t.Errorf("evidence %q has %q (%+v): want %v", c.evidence, c.sentence, fs, c.has)
		}
	}
}
