package claim

import (
	"regexp"
	"strings"
)

// The answer types of when something happens, narrower than "when" (which
// "in May", "after the service" or "every two years" answer): a time of
// day and a day.
const (
	TimeOfDay AnswerType = "time of day" // what time, à quelle heure, hoe laat: a time of day, or a part of the day
	Day       AnswerType = "day"         // which day, what date, quel jour: a weekday, a date with its day, or a day named relatively
)

var (
	// timeOfDayQRe finds a question for the time of day in the index's
	// languages ("what time", "um wie viel Uhr", "quelle heure", "a qué
	// hora", "a che ora", "a que horas", "hoe laat", "во сколько", 几点,
	// 何時). timeOfDayQuestion leaves out "what time zone" and the like.
	timeOfDayQRe = regexp.MustCompile(`(?i)\b(what|which) time\b(\s+(\pL+)(\s+(\pL+))?)?|\bum wie ?viel uhr\b|\bquelle heure\b|\bqu[eé] hora\b|\b(che|quale) ora\b|\bque horas\b|\bhoe laat\b|во сколько|в котором часу|几点|何時`)
	// notTimeOfDay are the words after "what time" that make it ask for
	// something else: a zone, a season, a limit.
	notTimeOfDay = map[string]bool{"zone": true, "zones": true, "limit": true, "limits": true, "frame": true, "period": true, "span": true, "difference": true, "signature": true}
	// dayQRe finds a question for a day in the index's languages ("which
	// day", "what date", "an welchem Tag", "quel jour", "qué día", "che
	// giorno", "que dia", "welke dag", "какого числа", 哪天, 何曜日).
	dayQRe = regexp.MustCompile(`(?i)\b(what|which) (day|date)\b(\s+(\pL+))?|\bwelche[nmrs]? (wochen)?tag\b|\ban welchem (wochen)?tag\b|\bwelches datum\b|\bquel(le)? (jour|date)\b|\bqu[eé] (d[ií]a|fecha)\b|\b(che|quale) (giorno|data)\b|\bque (dia|data)\b|\bqual (o |a )?(dia|data)\b|\bwelke (dag|datum)\b|какого числа|в какой день|哪天|星期几|几号|何曜日|何日`)
	// notDay are the words after "which day" that make it a thing of a
	// day: a pass, a trip.
	notDay = map[string]bool{"pass": true, "passes": true, "trip": true, "trips": true, "ticket": true, "tickets": true, "care": true, "rate": true, "rates": true, "job": true, "tour": true, "tours": true, "centre": true, "center": true, "cream": true, "bag": true, "nursery": true, "shift": true, "shifts": true, "surgery": true, "clinic": true, "off": true}

	// dayPartRe is a part of the day, which answers "what time" loosely
	// ("in the morning", "abends", "le soir", "por la tarde").
	dayPartRe = regexp.MustCompile(`(?i)\b(morning|mornings|afternoon|afternoons|evening|evenings|noon|midday|midnight|night|tonight|lunchtime|morgens|vormittags?|nachmittags?|abends?|mittags?|mitternacht|nachts|matin|matinée|après-midi|soir|soirée|midi|minuit|ma[nñ]ana|tarde|noche|mediod[ií]a|medianoche|mattina|mattino|pomeriggio|sera|mezzogiorno|mezzanotte|manh[aã]|noite|meio-dia|meia-noite|ochtend|middag|avond|'s avonds|'s ochtends|'s middags|nacht)\b`)
	// relativeDayRe is a day named relatively or a day that recurs
	// ("tomorrow", "every day", "on weekdays", "täglich", "demain").
	relativeDayRe = regexp.MustCompile(`(?i)\b(today|tomorrow|tonight|yesterday|daily|every day|each day|weekdays?|weekends?|heute|morgen|übermorgen|gestern|täglich|werktags|wochenends?|aujourd'hui|demain|hier|tous les jours|en semaine|hoy|ma[nñ]ana|ayer|cada d[ií]a|todos los d[ií]as|a diario|oggi|domani|ieri|ogni giorno|tutti i giorni|hoje|amanh[aã]|ontem|todos os dias|vandaag|gisteren|dagelijks|elke dag|doordeweeks)\b`)
	// dayOrdinalRe is a day of the month alone ("the 1st", "le 5", "am
	// 3.", "el 12", "il 4", "dia 7", "de 5e").
	dayOrdinalRe = regexp.MustCompile(`(?i)\b\d{1,2}(st|nd|rd|th|er|ème|e|º|ª)\b|\b(the|le|am|el|il|dia|de) \d{1,2}\b`)
)

// timeOfDayQuestion reports whether question asks for a time of day
// (timeOfDayQRe), not a time zone, a limit or a time of year.
func timeOfDayQuestion(question string) bool {
	m := timeOfDayQRe.FindStringSubmatch(question)
	if m == nil {
		return false
	}
	next, after := strings.ToLower(m[3]), strings.ToLower(m[5])
	return !notTimeOfDay[next] && !(next == "of" && after != "day")
}

// dayQuestion reports whether question asks for a day (dayQRe), not a
// thing of a day ("which day pass").
func dayQuestion(question string) bool {
	m := dayQRe.FindStringSubmatch(question)
	return m != nil && !notDay[strings.ToLower(m[4])]
}

// givesTimeOfDay reports whether sentence gives a time of day: a time
// ("14:30", "half past four", "3 pm", "um 9") or a part of the day.
func givesTimeOfDay(sentence string) bool {
	for _, f := range Facts(sentence) {
		for _, v := range f.values {
			if len(v) == 6 && v[0] == 't' && v[3] == ':' {
				return true
			}
		}
	}
	return dayPartRe.MatchString(sentence)
}

// givesDay reports whether sentence gives a day: a date with its day, a
// weekday (its plural or adverb too: "Thursdays", "dienstags"), a day of
// the month alone, or a day named relatively.
func givesDay(sentence string) bool {
	for _, f := range Facts(sentence) {
		if f.Kind == Date && !strings.HasSuffix(f.values[0], "-0") {
			return true
		}
	}
	lower := strings.ToLower(sentence)
	for _, w := range weekdayNames {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return dayOrdinalRe.MatchString(sentence) || relativeDayRe.MatchString(sentence)
}
