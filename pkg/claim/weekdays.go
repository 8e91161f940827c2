package claim

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// weekdayNames are the days of the week in English, German, French,
// Spanish, Italian, Portuguese and Dutch, lower case, with and without
// their accents.
var weekdayNames = strings.Fields(`monday tuesday wednesday thursday friday saturday sunday
	montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag
	lundi mardi mercredi jeudi vendredi samedi dimanche
	lunes martes miercoles miércoles jueves viernes sabado sábado domingo
	lunedi lunedì martedi martedì mercoledi mercoledì giovedi giovedì venerdi venerdì sabato domenica
	segunda terça terca quarta quinta sexta
	maandag dinsdag woensdag donderdag vrijdag zaterdag zondag`)

// weekdayStems are the first five letters of every name of weekdayNames
// (every name has as many): a text whose lower-cased form holds none has no
// weekday.
var weekdayStems = func() []string {
	var out []string
	for _, w := range weekdayNames {
		st := string([]rune(w)[:5])
		if !slices.Contains(out, st) {
			out = append(out, st)
		}
	}
	return out
}()

// weekdayDayRe is a weekday followed by a day of the month without the
// month: "Wednesday the 4th", "Mittwoch, den 4.", "mercredi 4", "el
// miércoles 4", "mercoledì 4", "quarta-feira, dia 4", "woensdag 4".
var weekdayDayRe = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:` + strings.Join(weekdayNames, "|") + `)(?:-feira)?,?(?: (?:the|den|le|el|il|dia|de))? (\d{1,2})(?:st|nd|rd|th|er|e|º|ª|\.)?`)

// dayFollowers are the words that may follow such a day when it is a
// date: a time's preposition or a conjunction ("mercoledì 4 alle 10",
// "Friday 6th or Monday 9th"); "Tuesday 3 tablets" counts tablets.
var dayFollowers = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`at and or from to until till by in on
		um und oder ab bis von im am
		à a et ou de dès vers jusqu au
		y o desde hasta en por
		alle ore e o dalle fino entro
		às e ou até pelas
		om en of tot vanaf van`) {
		dayFollowers[w] = true
	}
}

// findWeekdayDays returns the days of the month text gives with their
// weekday and without a month (weekdayDayRe), as dates whose value has
// neither year nor month ("0-0-4"): a later "anzi entro mercoledì 4"
// competes with "venerdì 6 giugno". A day followed by a month, a time or a
// word that is no date's (dayFollowers) is none. lower is
// strings.ToLower(text).
func findWeekdayDays(text, lower string) []Fact {
	if !slices.ContainsFunc(weekdayStems, func(st string) bool { return strings.Contains(lower, st) }) {
		return nil // no weekday: the regular expression need not run
	}
	var out []Fact
	for _, m := range weekdayDayRe.FindAllStringSubmatchIndex(text, -1) {
		d, _ := strconv.Atoi(text[m[2]:m[3]])
		if d < 1 || d > 31 || !dayEnds(text[m[1]:]) {
			continue
		}
		s := m[0]
		if r, size := utf8.DecodeRuneInString(text[s:]); !unicode.IsLetter(r) {
			s += size
		}
		out = append(out, Fact{Kind: Date, Text: text[s:m[1]], Start: s, End: m[1], values: []string{date{0, 0, d}.String()}})
	}
	return out
}

// dayEnds reports whether rest, the text after a weekday's day, lets the
// day stand alone: the text ends, or goes on with punctuation that starts
// no number ("4.06", "4/6", "4:30"), or with one of dayFollowers; not with
// a month ("mercoledì 4 giugno" is a whole date) or another word.
func dayEnds(rest string) bool {
	if rest == "" {
		return true
	}
	r, size := utf8.DecodeRuneInString(rest)
	switch {
	case unicode.IsDigit(r) || unicode.IsLetter(r):
		return false
	case r == ':' || r == '/' || r == '.' || r == '-':
		next, _ := utf8.DecodeRuneInString(rest[size:])
		return !unicode.IsDigit(next)
	case r != ' ':
		return true
	}
	w := strings.TrimLeft(rest, " ")
	end := strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) })
	if end < 0 {
		end = len(w)
	}
	if end == 0 {
		next, _ := utf8.DecodeRuneInString(w)
		return !unicode.IsDigit(next)
	}
	word := strings.ToLower(w[:end])
	return dayFollowers[word] && months[word] == 0
}
