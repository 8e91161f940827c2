package claim

import "testing"

// TestTwoValues: a sentence that gives two codes, accounts, URLs, or two
// amounts set apart by a semicolon, an equals sign or a slash, gives two
// answers; an IBAN's or a phone number's groups, the ends of a range,
// two amounts in one phrase and a value the question names do not.
// Mutations: the IBAN merge dropped (the IBAN sentences are reported),
// the groups not joined (the Wi-Fi key), postcode or samePhone not
// checked, the newline not checked (the bike lock),
// the range check dropped (the tickets are reported), the clause break not
// required of measures (the budget is reported), named not checked (the
// replaced code is reported).
func TestTwoValues(t *testing.T) {
	for _, c := range []struct {
		q, s   string
		report bool
	}{
		{"Quel est le code de la boîte à clés ?", "Boîte à clés près du portail, code 2417 / EN guests: key box code 9062", true},
		{"Wie lautet der Code für den Hotelsafe?", "Code: 3958, laut Rezeption muss man ihn rückwärts eintippen, also 8593", true},
		{"How much is the set menu per person?", "Set menu price per person: £38 + £12 compulsory wine pairing = £50 per head", true},
		{"Wie hoch ist die Nachzahlung?", "Nachzahlung: 184,60 € bei Überweisung; bei Lastschrift sind es 246,60 €", true},
		{"Which IBAN do I pay the rent to?", "IBAN GB29 NWBK 6016 1331 9268 19 until 30 June; from 1 July payments go to GB94 BARC 2004 0138 4629 17", true},
		{"Via welke website vraag ik zorgtoeslag aan?", "Aanvragen via https://www.toeslagen.nl, sneller is https://www.toesIagen.nl/aanvraag", true},
		{"Which IBAN do I pay the rent to?", "The rent is paid to the IBAN GB29 NWBK 6016 1331 9268 19.", false},
		{"What is the plumber's phone number?", "Dave at Brightwater Plumbing, 07700 900461.", false},
		// A network note names its devices' addresses side by side
		// (mutation: "ip address" kept among twoValues' items).
		{"What is the router's IP address?", "NAS 192.168.1.10, router 192.168.1.1, printer 192.168.1.47", false},
		// A value the sentence disowns is no second answer (mutation:
		// disowns not read); one taken back by a change is; "No."
		// abbreviates a number.
		{"¿Qué perfil de VPN tengo que usar?", "VPN: usar el perfil «Madrid-2», no el antiguo «Madrid-1» (dado de baja)", false},
		{"What is the gate code?", "Gate code 4410, not 4401 as the old sign says", false},
		{"What is the gate code?", "Gate code 4410 / not valid any more, now 7731", true},
		{"What is the locker code?", "Locker code 4410; locker No. 7731", true},
		{"What is the PIN?", "PIN 1234, not valid, use 9876", true},
		// A breaker's: the conditional, a verb's negation, an answer's
		// "no" are no disowning (mutation: disownRe not anchored at the
		// start of between); curly quotes and words of kind are.
		{"What is the gate code?", "Gate code 4410, if not 5521.", true},
		{"Wie lautet der Türcode?", "Türcode 3927 geht nicht 7731 nehmen.", true},
		{"¿Cuál es el código?", "¿Código 9021? No el 5521 es el bueno.", true},
		{"Quel est le code ?", "Le code est 7734, et non l’ancien 7743.", false},
		{"Qual é o código?", "O código é 1470, e não o código antigo 1407.", false},
		{"What is the gate code?", "Gate code 4410 now, not 4401.", false},
		{"Wie lautet der Türcode?", "Türcode 4410, nicht mehr die alte 0815", false},
		{"¿Cuándo es la ventana de mantenimiento?", "Ventana de mantenimiento: sábado 15 de junio de 22:00 a 02:00.", false},
		{"Which tickets are ours?", "Tickets 40417 to 40420 are ours.", false},
		{"Naar welk rekeningnummer moet ik overmaken?", "Overmaken naar NL91 ABNA 0417 1643 00 o.v.v. klantnummer 5540218.", false},
		{"How much did the film gross?", "The film grossed $50 million on a $20 million budget.", false},
		{"Which code replaced 3958?", "Code 3958 was replaced by 8593.", false},
		// A breaker's cases: groups of one number, postcodes, a number
		// for home and abroad, a price per unit, two lines, "and".
		{"Quel est l'IBAN de la crèche ?", "IBAN de la crèche : fr76 3000 6000 0112 3456 7890 189.", false},
		{"What is the Wi-Fi password?", "The Wi-Fi key is 4711 0815 2342 1337 9876.", false},
		{"Qual é o número de contribuinte?", "O NIF da Ana é 123 456 789, morada Rua Augusta 100, 1100-053 Lisboa.", false},
		{"Wat is het nummer van de tandarts?", "Tandarts De Vries, 020-123 4567, Keizersgracht 12, 1015 CJ Amsterdam.", false},
		{"What is the hotel's number?", "Hotel Lusitano: 021 123 4567 (+351 21 123 4567 from abroad).", false},
		{"How much did the apples cost?", "Apples were €2.50/kg, so the 2 kg bag came to €5.00.", false},
		// Where the question asks for a time, a price or a phone number,
		// values of other kinds answer nothing (mutation: askedClass's
		// filter removed); two of the kind asked still do.
		{"What time does my flight to Lisbon leave?", "Flight TP1363 from Heathrow T2 departs 06:40 on 14 May.", false},
		{"What time does my flight to Lisbon leave?", "Flight TP1363 departs 06:40; the airline app says 08:40.", true},
		{"How much is the rent?", "Rent £950 a month to account 71829304, reference 55012233.", false},
		{"What is the bike lock combination?", "Garage door code: 4471\nBike lock combination: 9026", false},
		{"What is the gate code?", "The gate code is 1234 and 5678.", true},
		{"Which IBAN do I pay the rent to?", "Pay rent to GB29 NWBK 6016 1331 9268 19 or gb94barc20040138462917.", true},
	} {
		if got := TwoValues(c.q, c.s); (got != "") != c.report {
			t.Errorf("TwoValues(%q, %q) = %q, want reported %v", c.q, c.s, got, c.report)
		}
	}
}

// TestQuotedTwoValues: a sentence giving only the second of two values its
// quoted line gives side by side is reported; the first alone is not.
// Mutation: the second value's test made the first's (the second
// sentence is not reported).
func TestQuotedTwoValues(t *testing.T) {
	const q, unit = "Wie lautet der Code für den Hotelsafe?", "Code: 3958, laut Rezeption muss man ihn rückwärts eintippen, also 8593"
	for s, want := range map[string]bool{"Der Code ist 3958.": false, "Der Code ist 8593.": true, "Der Safe ist im Schrank.": false} {
		if got := QuotedTwoValues(q, s, unit); (got != "") != want {
			t.Errorf("QuotedTwoValues(%q, %q) = %q, want reported %v", s, unit, got, want)
		}
	}
}
