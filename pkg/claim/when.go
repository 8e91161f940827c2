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
	When      AnswerType = "when"        // when, wann, quand, cuándo: any time: a date, a month, a season, a frequency, an event before or after
)

var (
	// timeOfDayQRe finds a question for the time of day in the index's
	// languages ("what time", "um wie viel Uhr", "quelle heure", "a qué
	// hora", "a che ora", "a que horas", "hoe laat", "во сколько", 几点,
	// 何時). timeOfDayQuestion leaves out "what time zone" and the like.
	timeOfDayQRe = regexp.MustCompile(`(?i)\b(what|which) time\b(\s+(\pL+)(\s+(\pL+))?)?|\bum wie ?viel uhr\b|\bquelle heure\b|\bqu[eé] hora\b|\b(che|quale) ora\b|\bque horas\b|\bhoe laat\b|во сколько|в котором часу|几点|何時`)
	// notTimeOfDay are the words after "what time" that make it ask for
	// something else: a zone, a season, a limit.
	notTimeOfDay = map[string]bool{"zone": true, "zones": true, "limit": true, "limits": true, "frame": true, "period": true, "span": true, "difference": true, "signature": true, "trial": true, "trials": true, "capsule": true, "capsules": true}
	// dayQRe finds a question for a day in the index's languages ("which
	// day", "what date", "an welchem Tag", "quel jour", "qué día", "che
	// giorno", "que dia", "welke dag", "какого числа", 哪天, 何曜日).
	dayQRe = regexp.MustCompile(`(?i)\b(what|which) (day|date)\b(\s+(\pL+))?|\bwelche[nmrs]? (wochen)?tag\b|\ban welchem (wochen)?tag\b|\bwelches datum\b|\bquel(le)? (jour|date)\b|\bqu[eé] (d[ií]a|fecha)\b|\b(che|quale) (giorno|data)\b|\bque (dia|data)\b|\bqual (o |a )?(dia|data)\b|\bwelke (dag|datum)\b|какого числа|в какой день|哪天|星期几|几号|何曜日|何日`)
	// timeAndDayRe is a question for a time and a day together.
	timeAndDayRe = regexp.MustCompile(`(?i)\b(time|uhr|heure|hora|ora|horas)\b.*\b(and|or|und|oder|et|ou|y|o|e|en)\b.*\b(day|date|tag|datum|jour|date|d[ií]a|fecha|giorno|data|dia|dag)\b`)
	// notDay are the words after "which day" that make it a thing of a
	// day: a pass, a trip.
	notDay = map[string]bool{"pass": true, "passes": true, "trip": true, "trips": true, "ticket": true, "tickets": true, "care": true, "rate": true, "rates": true, "job": true, "tour": true, "tours": true, "centre": true, "center": true, "cream": true, "bag": true, "nursery": true, "shift": true, "shifts": true, "surgery": true, "clinic": true, "off": true, "format": true, "formats": true, "spa": true, "spas": true, "night": true, "one": true}

	// dayPartRe is a part of the day, which answers "what time" loosely
	// ("in the morning", "abends", "le soir", "por la tarde", "'s avonds",
	// "at dusk").
	dayPartRe = wordsRe(`mornings?|afternoons?|evenings?|noon|midday|midnight|night|tonight|lunchtime|dawn|dusk|sunrise|sunset|o'clock|` +
		`morgens|früh|vormittags?|nachmittags?|abends?|mittags?|mitternacht|nachts|matin|matinée|après-midi|soir|soirée|midi|minuit|` +
		`ma[nñ]ana|tarde|noche|mediod[ií]a|medianoche|madrugada|mattin[ao]|pomeriggio|sera|serata|mezzogiorno|mezzanotte|` +
		`manh[aã]|noite|meio-dia|meia-noite|ochtend|middag|avond|nacht|'s (?:ochtends|middags|avonds|nachts)`)
	// allDayRe says a place is open all day or closed, which answers "what
	// time does it open" ("closed on Sundays", "24/7").
	allDayRe = wordsRe(`closed|shut|24/7|24 ?h(?:ours)?|all day|around the clock|geschlossen|rund um die uhr|ganztägig|fermée?s?|24h/24|toute la journée|` +
		`cerrad[oa]s?|todo el d[ií]a|chius[oa]|tutto il giorno|fechad[oa]s?|o dia todo|gesloten|de hele dag|hele dag`)
	// relativeDayRe is a day named relatively or a day that recurs
	// ("tomorrow", "every day", "on weekdays", "übermorgen", "amanhã").
	relativeDayRe = wordsRe(`today|tomorrow|tonight|yesterday|daily|every day|each day|weekdays?|weekends?|` +
		`heute|morgen|übermorgen|gestern|täglich|werktags|wochenends?|aujourd'hui|demain|après-demain|hier|tous les jours|en semaine|` +
		`hoy|ma[nñ]ana|pasado ma[nñ]ana|ayer|cada d[ií]a|todos los d[ií]as|a diario|oggi|domani|dopodomani|ieri|ogni giorno|tutti i giorni|` +
		`hoje|amanh[aã]|depois de amanh[aã]|ontem|todos os dias|vandaag|overmorgen|gisteren|dagelijks|elke dag|doordeweeks`)
	// namedDayRe is a day named by what happens on it (a holiday, a
	// birthday, the end of a month) or by how far off it is ("in 3 days").
	namedDayRe = wordsRe(`christmas|xmas|easter|new year'?s?|halloween|thanksgiving|boxing day|birthday|payday|end of the month|last day|first day|` +
		`weihnachten|heiligabend|silvester|ostern|neujahr|geburtstag|monatsende|noël|pâques|nouvel an|anniversaire|fin du mois|` +
		`navidad|nochebuena|nochevieja|pascua|a[nñ]o nuevo|cumplea[nñ]os|fin de mes|natale|vigilia|pasqua|capodanno|compleanno|fine mese|` +
		`natal|páscoa|ano novo|anivers[aá]rio|fim do m[eê]s|kerst(?:mis)?|pasen|oud en nieuw|oudejaarsavond|nieuwjaar|verjaardag|einde? van de maand|` +
		`mid-month|mitte des monats|mi-mois|mediados de mes|met[aà] mese|meados do m[eê]s|midden van de maand|` +
		`(?:in|dans|en|tra|fra|over|em|binnen) \S+ (?:days?|tagen|jours|d[ií]as|giorni|dias|dagen)`)
	// weekdayShortRe is a weekday's short form ("Tue", "Mon–Fri", "Mo-Fr").
	weekdayShortRe = regexp.MustCompile(`(?i)(?:^|[^\pL\pN])(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:$|[^\pL\pN])|(?:mo|di|mi|do|fr|sa|so|lu|ma|me|je|ve|ju|vi|gi)\.?\s?[-–])`)
)

// whenQRe finds a question that asks when, in the index's languages:
// one that opens with "when", "wann", "quand", "cuándo", "quando",
// "wanneer" or "когда" (after "and", "but", "ok" too), or with "since
// when", "bis wann", "jusqu'à quand", "for when", "para cuándo" and the
// like, or "how soon"; "c'est pour quand" anywhere; a "when" after "do you
// know", "remind me", "weißt du" and the like; "c'est quand" or a final
// "quand ?"; 什么时候, いつ. "When" inside a question is a condition
// ("what do I do when the alarm beeps"), which a time does not answer,
// and so is an opening "when" clause followed by another question word
// (whenClauseQRe).
var whenQRe = regexp.MustCompile(`(?i)^[\s¿¡"'“«]*(?:(?:and|so|but|ok|okay|also|und|aber|et|mais|y|pero|e|ma|en|maar)[,]?\s+[¿¡]?)?(?:(?:since|until|till|by|from|for|seit|bis|ab|für|depuis|jusqu'à|pour|desde|hasta|para|da|fino a|per|até|sinds|tot|vanaf|voor)\s+)?(?:when|wann|quand|cu[aá]ndo|quando|wanneer|когда)(?:[^\pL]|$)|` +
	`^[\s¿¡"'“«]*how soon(?:[^\pL]|$)|(?:^|[^\pL])(?:c'est (?:pour )?quand|prévue? pour quand)(?:[^\pL]|$)|` +
	`(?:^|[^\pL])(?:know|tell me|remind me|weißt du|wissen sie|sais|savez|sabes|sabe|sai|sapete|weet je|weet u)[,]?\s+(?:when|wann|quand|cu[aá]ndo|quando|wanneer)(?:[^\pL]|$)|` +
	`(?:^|[^\pL])quand\s*\?\s*$|什么时候|何时|いつ`)

// whenClauseQRe is what makes an opening "when" a clause of condition:
// another question word after a comma ("When I'm in Paris, where should
// I eat?", "Quand il pleut, où …"), or French "quand même" ("still").
var whenClauseQRe = regexp.MustCompile(`(?i),\s*[¿¡]?(?:where|who|what|which|how|wo|wer|was|welche[nmrs]?|wie|où|qui|que|quoi|quel(?:le)?s?|d[oó]nde|qui[eé]n|qu[eé]|cu[aá]l|dove|chi|cosa|quale|onde|quem|qual|waar|wat|welke|hoe)(?:[^\pL]|$)|quand même`)

// whenQuestion reports whether question asks when (whenQRe) and not
// for a time of day or a day, which narrow it, nor with an opening
// clause of condition (whenClauseQRe). Asks tries it first: "Ab wann
// gilt der neue Tarif?" asks when, though "Tarif" names a price.
func whenQuestion(question string) bool {
	return whenQRe.MatchString(question) && !whenClauseQRe.MatchString(question) && !timeOfDayQuestion(question) && !dayQuestion(question)
}

// whenWordRe is a word that places something in time, loosely: a month,
// a season, a frequency, a word of order in time ("before", "until",
// "next", "ago") or of condition ("when the soil is dry"), in the index's
// languages. Common prepositions that more often place things in space
// ("vor", "nach", "voor", "na") are left out.
var whenWordRe = wordsRe(`january|february|march|april|may|june|july|august|september|october|november|december|` +
	`januar|jänner|februar|märz|juni|juli|oktober|dezember|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|` +
	`enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|` +
	`janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro|januari|februari|maart|mei|augustus|` +
	`spring|summer|autumn|fall|winter|frühling|frühjahr|sommer|herbst|printemps|été|automne|hiver|primavera|verano|otoño|invierno|estate|autunno|inverno|verão|outono|lente|zomer|herfst|` +
	`before|after|until|till|since|during|once|soon|later|now|ago|next|last|every|each|weekly|monthly|yearly|annually|quarterly|fortnightly|when|whenever|as soon as|` +
	`weekends?|term|holidays?|vacation|christmas|easter|advent|lent|twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties|` +
	`bis|seit|während|sobald|wenn|jährlich|monatlich|wöchentlich|nächste[nmrs]?|letzte[nmrs]?|jede[nmrs]?|bald|später|jetzt|(?:vor|nach) (?:de[mnr]|die|das)|wochenenden?|ferien|urlaub|` +
	`avant|après|jusqu'?(?:à|au)?|depuis|pendant|dès|quand|lorsque|prochaine?|derni[eè]re?|chaque|annuel(?:le)?|mensuel(?:le)?|hebdomadaire|bientôt|week-ends?|vacances|rentrée|` +
	`antes|después|hasta|desde|durante|cuando|próxim[oa]|pasad[oa]|anual|mensual|semanal|pronto|cada|fin de semana|vacaciones|semana santa|` +
	`prima|dopo|fino|quando|prossim[oa]|scors[oa]|annuale|mensile|settimanale|presto|ogni|fine settimana|vacanze|ferie|` +
	`depois|até|próxim[oa]|passad[oa]|mensal|logo|todas|todos|fim de semana|férias|` +
	`tot|sinds|tijdens|wanneer|zodra|volgende|vorige|jaarlijks|maandelijks|wekelijks|binnenkort|elke|(?:na|voor) (?:de|het)|vakantie`)

// whenClauseRe is a clause that says when by a condition or an event:
// "when the soil is dry", "sobald es friert", "dès que", "en cuanto".
var whenClauseRe = wordsRe(`(?:when|whenever|once|as soon as|wenn|sobald|quand|lorsque|dès que|cuando|en cuanto|quando|appena|assim que|wanneer|zodra)\s+\pL+`)

// givesWhen reports whether sentence may say when: a digit, a number in
// words, a day or a time of day in words (namesDay, namesTimeOfDay), or a
// word that places it in time (whenWordRe). A sentence with none of them
// ("Q3 review with Priya and the finance team") is no answer.
func givesWhen(sentence string) bool {
	if strings.ContainsAny(sentence, "0123456789") || namesDay(sentence) || namesTimeOfDay(sentence) || whenWordRe.MatchString(sentence) {
		return true
	}
	for _, f := range Facts(sentence) {
		if f.Kind == Number || f.Kind == Date {
			return true
		}
	}
	return false
}

// wordsRe matches one of the alternatives alts as whole words, in any
// case: between non-letters, which \b does not tell for letters outside
// ASCII ("übermorgen", "amanhã").
func wordsRe(alts string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:^|[^\pL\pN])(?:` + alts + `)(?:$|[^\pL\pN])`)
}

// timeOfDayQuestion reports whether question asks for a time of day
// (timeOfDayQRe), not a time zone, a limit or a time of year, nor a time
// and a day together ("what time and day": a weekday answers it too).
func timeOfDayQuestion(question string) bool {
	m := timeOfDayQRe.FindStringSubmatch(question)
	if m == nil {
		return false
	}
	next, after := strings.ToLower(m[3]), strings.ToLower(m[5])
	return !notTimeOfDay[next] && !(next == "of" && after != "day") && !timeAndDayRe.MatchString(question)
}

// dayQuestion reports whether question asks for a day (dayQRe), not a
// thing of a day ("which day pass").
func dayQuestion(question string) bool {
	m := dayQRe.FindStringSubmatch(question)
	return m != nil && !notDay[strings.ToLower(m[4])]
}

// givesTimeOfDay reports whether sentence may give a time of day: a time
// ("14:30", "half past four"), a digit outside its dates (a time is
// written in too many ways to list: "9-17", "alle 15", "om 9 uur"), a
// part of the day, or that the place is closed or open all day. A sentence
// with none of them is no answer ("en noviembre", "on Tuesday 11 June").
func givesTimeOfDay(sentence string) bool {
	facts := Facts(sentence)
	for _, f := range facts {
		if hasTimeValue(f) {
			return true
		}
	}
	return digitBesideDates(sentence, facts, false) || namesTimeOfDay(sentence)
}

// hasTimeValue reports whether f reads as a time of day: a time (isTime)
// or a number that is an hour ("um 9", hourTime).
func hasTimeValue(f Fact) bool {
	for _, v := range f.values {
		if len(v) == 6 && v[0] == 't' && v[3] == ':' {
			return true
		}
	}
	return false
}

// nonTimeCodeRe is a code that names a place, a seat or a vehicle, not a
// time or a day: letters then digits ("TP1363", "B12", "A4"), or digits
// then one letter that no time or ordinal ends in ("3B", "2E", "4c"; not
// "8a", "5p", "9h", "8u", "0600Z").
var nonTimeCodeRe = regexp.MustCompile(`^(?:\pL{1,3}\d+\pL?|\d{1,4}[B-GI-OQ-TV-Yb-gi-oq-tv-y])$`)

// digitBesideDates reports whether sentence holds a digit that may be a
// time or a day: one outside its facts, or a fact other than a date, a
// code that is no time (nonTimeCodeRe: "3B", "TP1363"), an
// amount of money, a span of time ("30 minutes", but "om 9 uur" is a
// time), a year alone ("in 2019") and, when withDay, a time of day (which
// says at what time, not on which day); with withDay, a date that gives
// its day counts.
func digitBesideDates(sentence string, facts []Fact, withDay bool) bool {
	b := []byte(sentence)
	for _, f := range facts {
		if withDay && f.Kind == Date && !strings.HasSuffix(f.values[0], "-0") {
			return true
		}
		if f.Kind != Number && !strings.ContainsAny(f.Text, "0123456789") {
			continue // a number in words ("at nine") counts; a link does not
		}
		u := numberUnit(f)
		switch {
		case f.Kind == Date, f.Kind == Number && currencies[u],
			f.Kind == Code && nonTimeCodeRe.MatchString(f.Text), // a class "3B", a flight "TP1363"
			f.Kind == Number && timeUnits[u] && !(u == "h" && clockAtRe.MatchString(sentence[:f.Start])),
			f.Kind == Number && u == "" && yearRe.MatchString(f.Text) && len(strings.Trim(f.Text, "0123456789")) == 0 && len(f.Text) == 4,
			withDay && isTime(f):
		default:
			return true
		}
		for i := f.Start; i < f.End; i++ {
			b[i] = ' '
		}
	}
	return strings.ContainsAny(string(b), "0123456789")
}

// givesDay reports whether sentence may give a day: a date with its day,
// a digit outside its dates ("the 1st", "dia 10"), or a day in words
// (namesDay: "Thursdays", "dienstags", "Mo–Fr", "übermorgen", "Christmas
// Eve", "payday").
// A sentence with none of them is no answer ("ends in November",
// "September 2027").
func givesDay(sentence string) bool {
	return digitBesideDates(sentence, Facts(sentence), true) || namesDay(sentence)
}

// namesTimeOfDay reports whether s names a time of day in words: hours
// after "at" ("à 9 heures", "om 9 uur"), a part of the day, or that a
// place is closed or open all day.
func namesTimeOfDay(s string) bool {
	for _, f := range Facts(s) {
		if f.Kind == Number && numberUnit(f) == "h" && clockAtRe.MatchString(s[:f.Start]) {
			return true
		}
	}
	return dayPartRe.MatchString(s) || allDayRe.MatchString(s)
}

// namesDay reports whether s names a day in words: a weekday (its plural,
// adverb and short forms too), a day named relatively or by what happens
// on it.
func namesDay(s string) bool {
	lower := strings.ToLower(s)
	for _, w := range weekdayNames {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return weekdayShortRe.MatchString(s) || relativeDayRe.MatchString(s) || namedDayRe.MatchString(s)
}

// namesWhen reports whether sentence names a time of day (t TimeOfDay: a
// part of the day, open all day or closed, hours after "at") or a day (t Day: a weekday, a
// day named relatively or by what happens on it) in words that question
// does not use itself: read on the whole sentence, as the phrases
// ("around the clock", "at the end of the month") need their small words;
// for t When, a clause of condition or event ("when the soil is dry",
// whenClauseRe), whose word the question uses too.
func namesWhen(t AnswerType, question, sentence string) bool {
	if t == When {
		return whenClauseRe.MatchString(sentence) // the question's "when" is the clause's word too
	}
	names := namesDay
	if t == TimeOfDay {
		names = namesTimeOfDay
	} else if t != Day {
		return false
	}
	return names(sentence) && !names(question)
}
