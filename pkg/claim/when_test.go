package claim

import "testing"

// TestTimeOfDayAndDay: "what time" and "which day" questions, in the
// index's languages, ask for a time of day and a day; a time zone, a time
// of year and a day pass do not. A month, a year or a duration answers
// neither; a time, a part of the day, a weekday, a date with its day, a
// day of the month or "tomorrow" does. Mutations: the TimeOfDay or Day
// row dropped from asksTable (their questions read as ""); notTimeOfDay
// emptied ("what time zone" reads as a time of day); givesDay accepting
// any date ("in September 2027" passes); namesWhen returning false
// ("around the clock", "the end of the month" fail); prices counted as
// times ("£12" passes); clockAtRe with \b before "à" ("à 9 heures" is a
// span and fails).
func TestTimeOfDayAndDay(t *testing.T) {
	for q, want := range map[string]AnswerType{
		"What time is my dentist appointment?":      TimeOfDay,
		"At what time does the pool open?":          TimeOfDay,
		"Um wie viel Uhr kommt der Techniker?":      TimeOfDay,
		"À quelle heure part le train ?":            TimeOfDay,
		"¿A qué hora es la revisión?":               TimeOfDay,
		"A che ora apre la farmacia?":               TimeOfDay,
		"A que horas é a consulta?":                 TimeOfDay,
		"Hoe laat begint de les?":                   TimeOfDay,
		"What time of day should I water the figs?": TimeOfDay,
		"What time zone is the Lisbon office in?":   "",
		"What time of year do the swifts arrive?":   "",
		"Which day is the garden waste collected?":  Day,
		"On what date does the lease end?":          Day,
		"An welchem Tag kommt die Müllabfuhr?":      Day,
		"Quel jour passe le jardinier ?":            Day,
		"¿Qué día abre el mercado?":                 Day,
		"Che giorno è la riunione?":                 Day,
		"Em que dia é a consulta?":                  Day,
		"Welke dag komt de glazenwasser?":           Day,
		"Which day pass covers the zoo?":            "",
		"How long does the course last?":            Duration,
	} {
		if got := Asks(q); got != want {
			t.Errorf("Asks(%q) = %q, want %q", q, got, want)
		}
	}
	for _, c := range []struct {
		t    AnswerType
		s    string
		want bool
	}{
		{TimeOfDay, "Tuesday 11 June at 14:30.", true},
		{TimeOfDay, "Dr Patel can see you at half past four.", true},
		{TimeOfDay, "Der Techniker kommt um 9 Uhr.", true},
		{TimeOfDay, "Water them in the evening.", true},
		{TimeOfDay, "La revisión es en noviembre.", false},
		{TimeOfDay, "The appointment is on Tuesday 11 June.", false},
		{Day, "Recycling (blue bin) on Thursdays.", true},
		{Day, "Die Müllabfuhr kommt dienstags.", true},
		{Day, "The lease ends on 30 September 2027.", true},
		{Day, "Rent is due on the 1st of each month.", true},
		{Day, "The market opens tomorrow.", true},
		{Day, "Garden waste subscription ends in November.", false},
		{Day, "The lease ends in September 2027.", false},
		{Day, "The course lasts six weeks.", false},
	} {
		if got := Gives(c.t, c.s); got != c.want {
			t.Errorf("Gives(%q, %q) = %v, want %v (facts %q)", c.t, c.s, got, c.want, factTexts(Facts(c.s)))
		}
	}
	// A time or a day is written in too many ways to list: any number that
	// is not a price, a span, a year or a date without its day may be one,
	// and phrases are read with their small words.
	for _, c := range []struct {
		q, s string
		want bool
	}{
		{"What time does the shop open?", "It is open around the clock.", true},
		{"À quelle heure ouvre-t-il ?", "Il ouvre à 9 heures.", true},
		{"A che ora è la visita?", "La visita è alle 15.", true},
		{"What time does the pool open?", "It opens at nine.", true},
		{"Which day is the invoice due?", "At the end of the month.", true},
		{"Welke dag komt de glazenwasser?", "Over 3 dagen.", true},
		{"What day is the pool open?", "The pool is open Mo–Fr.", true},
		{"What time is the yoga class?", "The yoga class costs £12.", false},
		{"What time is the call with Sarah?", "The call will last 30 minutes.", false},
		{"What date is Anna's wedding?", "Anna's wedding is in 2026.", false},
		{"What day is the plumber coming?", "The plumber is coming at 3pm.", false},
		// A code of letters and digits is no time (mutation: its case
		// dropped from digitBesideDates); a time so written is.
		{"What time do I pick Maya up on Fridays?", "Maya's class: 3B, teacher Mrs Patel", false},
		{"What time does flight TP1363 leave?", "Flight TP1363 leaves at 6pm.", true},
		// Times and days written with letters are times and days
		// (mutation: nonTimeCodeRe as any code with a letter).
		{"Hoe laat begint de les?", "Les begint om 8u30.", true},
		{"¿A qué hora sale?", "Sale a las 21hs.", true},
		{"What time is pickup?", "Pickup 8a, drop-off 5p.", true},
		{"Welke dag is de vergadering?", "Vergadering op de 21ste.", true},
	} {
		if got := GivesAnswer(c.q, Asks(c.q), c.s); got != c.want {
			t.Errorf("GivesAnswer(%q, %q) = %v, want %v", c.q, c.s, got, c.want)
		}
	}
}

// TestWhen: a question that opens with "when" (or "seit wann", "c'est
// quand") asks when, and any time answers it loosely: a date, a digit, a
// month, a season, a frequency, "after …", a clause of condition; a
// sentence with none gives no answer. "When" inside a question is a
// condition and asks nothing of the kind. Mutations: the When row dropped
// from asksTable (the review is shown); whenQRe matching "when" anywhere
// (the alarm question reads as When); namesWhen ignoring When (the
// watering answer fails: Unasked drops its "when").
func TestWhen(t *testing.T) {
	for q, want := range map[string]AnswerType{
		"When is the Q3 review?":                         When,
		"Wann kommt der Schornsteinfeger?":               When,
		"C'est quand le concert de Noël de la chorale ?": When,
		"Le concert, c'est quand ?":                      When,
		"¿Cuándo vence el seguro del coche?":             When,
		"Seit wann habe ich den Vertrag?":                When,
		"What do I do when the alarm beeps?":             "",
		"How many tablets when I have a fever?":          Count,
		"When does the pharmacy open, what time?":        TimeOfDay,
		// A breaker's: "when" before a word of price, after "but", inside
		// "do you know", "for when"; an opening clause of condition
		// (mutations: the When row after Money; whenClauseQRe not read).
		"Ab wann gilt der neue Tarif?":               When,
		"Aber wann ist die Party?":                   When,
		"Weißt du, wann der Elternabend ist?":        When,
		"Für wann ist der Tisch reserviert?":         When,
		"Pero ¿cuándo es la fiesta?":                 When,
		"Quantos dias faltam para quando ele volta?": Quantity,
		"When I'm in Paris, where should I eat?":     "",
		"Quand même, qui apporte le vin ?":           "",
	} {
		if got := Asks(q); got != want {
			t.Errorf("Asks(%q) = %q, want %q", q, got, want)
		}
	}
	for _, c := range []struct {
		q, s string
		want bool
	}{
		{"When is the Q3 review?", "Q3 review with Priya and the finance team", false},
		{"When is the Q3 review?", "The Q3 review is on Thursday 9 October, 14:00.", true},
		{"When should I water the tomatoes?", "Water them when the soil is dry.", true},
		{"When do I change the filter?", "Change the filter every two years.", true},
		{"When do I change the filter?", "After the boiler service.", true},
		{"Wann kommt der Schornsteinfeger?", "Der Schornsteinfeger kommt im Herbst.", true},
		{"When is rent due?", "Rent is due on the first of each month.", true},
		{"Wann ist das Sommerfest?", "Das Sommerfest ist nach den Ferien.", true},
		{"¿Cuándo vamos al pueblo?", "Vamos al pueblo en Semana Santa.", true},
		{"When did Grandpa move to Leeds?", "Grandpa moved to Leeds in the sixties.", true},
		{"C'est quand le concert de Noël de la chorale ?", "Le concert a lieu à l'église Saint-Jean.", false},
		{"¿Cuándo vence el seguro del coche?", "El seguro del coche es con Mapfre.", false},
	} {
		if got := GivesAnswer(c.q, When, c.s); got != c.want {
			t.Errorf("GivesAnswer(%q, when, %q) = %v, want %v", c.q, c.s, got, c.want)
		}
	}
}
