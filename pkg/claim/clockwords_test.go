package claim

import (
	"slices"
	"strings"
	"testing"
)

// TestFindClockWords: times of day in words in the index's languages read
// as their text and their readings on the 24-hour clock; counts, ranges and
// durations in words are none. Mutations: before() not going back an
// hour reads "quarter to one" as 01:45; the follower test (followed)
// dropped reads "two to three days"; the preposition test dropped reads
// "dans deux heures"; romanceMinutes' "moins" case removed loses "midi
// moins le quart"; spaced as tight reads "one-to-one".
func TestFindClockWords(t *testing.T) {
	cases := []struct {
		text string
		want []string // the fact's text, then its readings; nil for none
	}{
		{"Departs at quarter to one.", []string{"quarter to one", "t00:45", "t12:45"}},
		{"doch erst um Viertel nach acht", []string{"Viertel nach acht", "t08:15", "t20:15"}},
		{"ab halb neun", []string{"halb neun", "t08:30", "t20:30"}},
		{"Beginn acht Uhr dreißig", []string{"acht Uhr dreißig", "t08:30", "t20:30"}},
		{"Training um neunzehn Uhr", []string{"neunzehn Uhr", "t19:00"}},
		{"enfin plutôt vers neuf heures dix d'après le garage", []string{"neuf heures dix", "t09:10", "t21:10"}},
		{"rendez-vous à deux heures et demie", []string{"deux heures et demie", "t02:30", "t14:30"}},
		{"à dix-sept heures", []string{"dix-sept heures", "t17:00"}},
		{"livraison midi moins le quart", []string{"midi moins le quart", "t11:45", "t23:45"}},
		{"quedamos a las ocho y media", []string{"las ocho y media", "t08:30", "t20:30"}},
		{"llega la una menos cuarto", []string{"la una menos cuarto", "t00:45", "t12:45"}},
		{"ci vediamo alle otto e mezza", []string{"alle otto e mezza", "t08:30", "t20:30"}},
		{"chega às oito e meia", []string{"às oito e meia", "t08:30", "t20:30"}},
		{"almoço ao meio-dia", []string{"meio-dia", "t12:00", "t00:00"}},
		{"sorry ik bedoel kwart over twee", []string{"kwart over twee", "t02:15", "t14:15"}},
		{"we eten om acht uur", []string{"acht uur", "t08:00", "t20:00"}},
		{"the call is at ten past nine tomorrow", []string{"ten past nine", "t09:10", "t21:10"}},
		{"see you at two o'clock", []string{"two o'clock", "t02:00", "t14:00"}},
		// A word for the half of the day joins the time and picks its
		// reading (mutation: dayPartAt not read keeps both readings and
		// leaves "abends" out), German "am" before a word is no a.m.
		// (mutation: the "am" test dropped).
		{"Elternabend um acht Uhr abends", []string{"acht Uhr abends", "t20:00"}},
		{"a las siete de la tarde", []string{"las siete de la tarde", "t19:00"}},
		{"om tien uur ’s avonds", []string{"tien uur ’s avonds", "t22:00"}},
		{"call at quarter past nine in the morning", []string{"quarter past nine in the morning", "t09:15"}},
		{"um acht Uhr am Montag", []string{"acht Uhr", "t08:00", "t20:00"}},
		// None: counts, ranges and durations in words.
		{"It takes two to three days.", nil},
		{"dans deux heures", nil},
		{"Une heure et demie.", nil},
		{"deux heures trente de route", nil},
		{"las dos hermanas", nil},
		{"half a tablet twice a day", nil},
		{"ten to fifteen people came", nil},
		{"no one-to-one or one-to-many mapping", nil},
		{"eight hours of sleep", nil},
	}
	for _, c := range cases {
		fs := findClockWords(c.text, strings.ToLower(c.text))
		if c.want == nil {
			if len(fs) != 0 {
				t.Errorf("findClockWords(%q) = %q %v, want none", c.text, fs[0].Text, fs[0].values)
			}
			continue
		}
		if len(fs) != 1 {
			t.Errorf("findClockWords(%q) = %d facts, want 1", c.text, len(fs))
			continue
		}
		got := append([]string{fs[0].Text}, fs[0].values[1:]...)
		if !slices.Equal(got, c.want) {
			t.Errorf("findClockWords(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// BenchmarkFacts reads the facts of a note's paragraph of about 500 bytes
// with one time in words among times, dates and amounts in digits: the
// cost findClockWords adds to every text the checks read.
func BenchmarkFacts(b *testing.B) {
	const p = "Elternabend Klasse 3b, Grundschule am Lindenpark. Beginn am Dienstag, 16. September, um 19:00 Uhr; " +
		"laut Frau Berger geht es erst um Viertel nach acht richtig los. Raum 12, erster Stock. Themen: Klassenfahrt " +
		"nach Hamburg (Kosten 185 €, Anzahlung 50 € bis 30.09.), Schwimmunterricht ab Oktober, Elternbeirat. " +
		"Bitte den Zettel mit der Unterschrift bis Freitag zurückgeben; bei Fragen Frau Berger unter 0176 2284 119."
	for b.Loop() {
		if len(Facts(p)) == 0 {
			b.Fatal("no facts")
		}
	}
}
