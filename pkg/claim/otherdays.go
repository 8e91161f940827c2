package claim

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// weekdayOf maps the names of the days of the week in the index's
// languages (weekdayNames, a plural or adverbial s cut: "Sundays",
// "sonntags", "dimanches", "domingos") and the English short forms to the
// day, 0 for Monday to 6 for Sunday. Portuguese "segunda" … "sexta" are
// days only before "-feira" (weekdaysIn), for alone they are ordinals.
var weekdayOf = func() map[string]int {
	m := map[string]int{}
	for day, row := range []string{
		"monday montag lundi lunes lunedi lunedì maandag mon segunda-feira",
		"tuesday dienstag mardi martes martedi martedì dinsdag tue tues terça-feira terca-feira",
		"wednesday mittwoch mercredi miercoles miércoles mercoledi mercoledì woensdag wed quarta-feira",
		"thursday donnerstag jeudi jueves giovedi giovedì donderdag thu thur thurs quinta-feira",
		"friday freitag vendredi viernes venerdi venerdì vrijdag fri sexta-feira",
		"saturday samstag sonnabend samedi sabado sábado sabato zaterdag sat",
		"sunday sonntag dimanche domingo domenica zondag sun",
	} {
		for _, w := range strings.Fields(row) {
			m[w] = day
		}
	}
	return m
}()

// shortDays are the English short forms of weekdayOf.
var shortDays = map[string]bool{"mon": true, "tue": true, "tues": true, "wed": true, "thu": true, "thur": true, "thurs": true, "fri": true, "sat": true, "sun": true}

var (
	// dayWordRe is a word, with a Portuguese "-feira" if one follows.
	dayWordRe = regexp.MustCompile(`\pL+(?:-feira)?`)
	// allDaysRe: words by which a text covers every day or a span of
	// days, in the index's languages: "daily", "every day", "7 days a
	// week", "weekdays", "weekend", "täglich", "tous les jours", "todos
	// los días", "tutti i giorni", "todos os dias", "dagelijks", and a
	// range of days ("Mon–Fri", "Mo-Fr", "lundi au vendredi", "de lunes a
	// viernes", "maandag t/m vrijdag").
	allDaysRe = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:daily|every ?day|each day|7 days|seven days|weekdays?|week-?ends?|täglich|jeden tag|alle tage|werktags|wochenende|wochentags|tous les jours|chaque jour|en semaine|todos los d[ií]as|cada d[ií]a|diario|diariamente|laborables|fin(?:es)? de semana|tutti i giorni|ogni giorno|feriali|fine settimana|todos os dias|dias úteis|fim de semana|dagelijks|elke dag|iedere dag|werkdagen|doordeweeks)(?:[^\pL]|$)|` +
		`(?:^|[^\pL])(?:` + dayAlt + `)s?\.?(?:\s?[-–]\s?|\s+(?:to|till|until|through|bis|au|à|a|al|t/m|tot)\s+)(?:` + dayAlt + `)(?:[^\pL]|$)`)
)

// dayAlt is the names and short forms of the days, as alternatives.
var dayAlt = strings.Join(weekdayNames, "|") + `|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|mo|di|mi|do|fr|sa|so|lu|ma|me|je|ve|ju|vi|gi|zo|za|wo|vr`

// weekdaysIn returns the days of the week s names (weekdayOf), in order,
// each once.
func weekdaysIn(s string) []int {
	var out []int
	for _, m := range dayWordRe.FindAllString(s, -1) {
		w := strings.ToLower(m)
		if len(w) <= 5 && shortDays[strings.TrimSuffix(w, "s")] && !unicode.IsUpper([]rune(m)[0]) {
			continue // "in the sun", "sat down": a short form is a day with its capital
		}
		d, ok := weekdayOf[w]
		if !ok && len(w) > 4 && strings.HasSuffix(w, "s") {
			d, ok = weekdayOf[strings.TrimSuffix(w, "s")]
		}
		if ok && !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out
}

// NamesWeekday reports whether s names a day of the week (weekdaysIn) or
// covers a span of days or every day (allDaysRe).
func NamesWeekday(s string) bool {
	return len(weekdaysIn(s)) > 0 || allDaysRe.MatchString(s)
}

// OtherDays reports a sentence that answers for other days of the week
// than the one question asks about: the question names one or more days
// (weekdaysIn: "What time does the gym open on Sundays?"), the sentence
// names days and none of them ("Classes: spin Tue 7 pm, yoga Sat 10 am"),
// and covers no span or every day (allDaysRe: "daily", "Mon–Fri",
// "weekends"). A sentence that names no day is not reported. It returns
// a description of the days, or "" when there is nothing to report.
func OtherDays(question, sentence string) string {
	asked := weekdaysIn(question)
	if len(asked) == 0 || allDaysRe.MatchString(sentence) {
		return ""
	}
	given := weekdaysIn(sentence)
	if len(given) == 0 || slices.ContainsFunc(given, func(d int) bool { return slices.Contains(asked, d) }) {
		return ""
	}
	return "the question asks about " + dayNames(asked) + " and the sentence gives " + dayNames(given)
}

// dayNames lists days (0 Monday … 6 Sunday) by their English names.
func dayNames(days []int) string {
	names := []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}
	var out []string
	for _, d := range days {
		out = append(out, names[d])
	}
	return strings.Join(out, ", ")
}
