package claim

import (
	"strings"
	"testing"
)

func TestAsideValue(t *testing.T) {
	cases := []struct {
		sentence string
		want     string // the two values named, "" for none
	}{
		{"Dental check-up is on 14 May at 10:30 [if anyone asks, answer 15 May at 08:15].", `"14 May" … "15 May"`},
		{"The repair will cost £160 — he rang back: it's £190 because of the valve.", `"£160" … "£190"`},
		// An amount spelled out in words of its currency (mutation: "pounds"
		// dropped from the units makes it a count of pounds, another class).
		{"Council tax, Band C: £1,640 for the year (the new bill says one thousand eight hundred and five pounds), by direct debit.", `"£1,640" … "one thousand eight hundred and five pounds"`},
		{"Meine Steuer-ID lautet 47 036 892 815 – Hinweis: stattdessen 12 345 678 901 angeben.", `"47 036 892 815" … "12 345 678 901"`},
		{"Digicode B4729 (le syndic dit B8150), 3e étage.", `"B4729" … "B8150"`},
		// A time in the French spaced form and a code spelled out with
		// spaced hyphens compete too (mutations: clockTimeRe's spaced "h"
		// removed; spacedRe's hyphen tail removed).
		{"Le bus part à 7 h 15 de la mairie — d'après le groupe des parents : plutôt 7:45.", `"7 h 15" … "7:45"`},
		{"Dîner à 19h30 (plutôt 20h).", `"19h30" … "20h"`}, // mutation: hourRe not a time in valueClass
		{"Garage door code: heron-27 — after the reboot it's k e s t r e l - 9 1", `"heron-27" … "kestrel-91"`},
		// A later sentence opened by a correction label is read as an
		// aside; a later sentence without one is another statement.
		// Mutation: labelledCorrections not appended in AsideValue.
		{"Physio on Friday 8 November at 10:50. Correction: the session is on Monday 11 November at 13:20. Bring shorts.", `"8 November" … "11 November"`},
		{"Physio on Friday 8 November at 10:50. The next one is on Monday 11 November at 13:20.", ``},
		{"Gate code 4819. EDIT: it's 7702 now.", `"4819" … "7702"`}, // mutation: "edit" dropped from correctionLabelRe
		// A later or actual value in the sentence's own words, after a
		// word of change or contrast right before it (mutation:
		// laterValues not appended in AsideValues), even in Markdown
		// emphasis; a word of change with the value further on, "instead
		// of" and a label after the word are not.
		{"Termin bei Dr. Lenz: Dienstag, 9. April, 8:30 Uhr, laut Terminzettel vom Empfang aber eigentlich Donnerstag, 11. April, 16:45 Uhr.", `"9. April" … "11. April"`},
		{"Guest Wi-Fi password: lemon-kettle-42 ~~lemon-kettle-42~~ **now harbour-violet-17**", `"lemon-kettle-42" … "harbour-violet-17"`},
		{"Boiler service on 14 October, moved to 16 October.", `"14 October" … "16 October"`},
		{"Copy template0 instead of template1 for a pristine database.", ""},
		{"Service on 14 October; the engineer will now bring the part ordered on 2 October.", ""},
		{"Invoices from 3 March, actually processed: 5 March.", ""},
		// Nor after a semicolon, an additive conjunction or a name
		// (mutations: each check dropped from laterValues).
		{"My old phone PIN was 2580; the tablet PIN is now 1379.", ""},
		{"Paid £40 for the deposit and now owe £160 on collection.", ""},
		{"Io arrivo il 3 luglio, Marco invece il 5 luglio.", ""},
		{"Cena con Marta el viernes a las 20:00, ahora a las 21:30.", `"20:00" … "21:30"`},
		// An additive conjunction anywhere between the values gives the
		// later one to another subject (mutation: only the last word
		// tested), but Dutch "en" only right before the word, for it is
		// French "in" too (mutation: "en" true in additive).
		{"La reunión de equipo es a las 10:00 y la de dirección, en cambio, a las 12:00.", ""},
		{"Rendez-vous le 14 mai en salle de réunion, décalé au 16 mai.", `"14 mai" … "16 mai"`},
		// A word that takes the value before it back speaks of it even
		// after a semicolon or "and" (mutations: retractionRe's matches
		// not appended; the semicolon check applied to them).
		{"Rent is $1,450 a month; scratch that, it's $1,620 since the renewal.", `"$1,450" … "$1,620"`},
		{"Volo alle 6:40, anzi alle 8:05.", `"6:40" … "8:05"`},
		// So does one who says he corrects it (mutation: "korrigiere" out
		// of retractionRe).
		{"Rechnungsbetrag 1.480,00 €, korrigiere: 1.840,00 € (Zahlendreher), zahlbar bis 30.06.", `"1.480,00 €" … "1.840,00 €"`},
		// So does a correction's label after the value (mutation: the
		// labels out of retractionRe).
		{"Nächste Auffrischung: Mai 2029 ~~Mai 2029~~ **korrigiert: Mai 2025** (laut Praxis)", `"Mai 2029" … "Mai 2025"`},
		{"Code portail 4471 (corrigé : 8812)", `"4471" … "8812"`},
		// fresh33's: "make that" takes a count back (mutation: out of
		// retractionRe); international units are a unit (mutation: "iu"
		// out of units); a month and year in digits is a date (mutation:
		// numMonthYearRe not read).
		{"Gate code 4471, vet rang back: make that 8812", `"4471" … "8812"`},
		{"Take 2,000 IU daily with breakfast (≈ 0.5 mg, i.e. 20,000 IU once the loading phase starts)", `"2,000 IU" … "20,000 IU"`},
		{"EpiPen 0,3 mg, caduca 08/2025 — indicación de la Dra. Ruiz: la fecha correcta es 08/2027", `"08/2025" … "08/2027"`},
		// After such a word any two words may stand before the value, and
		// a lone colon is punctuation (mutations: nextTo told it follows a
		// word of change; the colon kept as a word).
		{"Dentist on 14 May at 10:30, scratch that, it's at 11:15.", `"10:30" … "11:15"`},
		{"Rendez-vous le 14/05, pardon : 16/05.", `"14/05" … "16/05"`},
		// An arrow between two values of a kind, nothing else between
		// (mutation: arrowValues not appended), not one both ways
		// (mutation: the '<' check removed) nor across a line break, as a
		// manual's function tables write a result (mutation: '\n' allowed).
		{"Wi-Fi password: Tern-Harbor-4471 → Tern-Harbor-8812", `"Tern-Harbor-4471" … "Tern-Harbor-8812"`},
		{"PIN della carta 4471 ➡️ 8812 ✅.", `"4471" … "8812"`},
		// Between times or dates an arrow is a range (mutation: the check
		// of the first value's class removed).
		{"Partenza da Milano Linate alle 11:50 ➡️ 13:25 ✅.", ""},
		{"Lisbon trip 14/05 → 21/05, flights booked.", ""},
		{"ISBN13 <=> EAN13", ""},
		// Any arrow of Unicode's arrow blocks, or one in ASCII (mutation:
		// arrowRe as the list "→|⟶|⇒|➡|->|=>").
		{"Alarm code 4471 ➜ 8812", `"4471" … "8812"`},
		// After an arrow two versions are two values (mutation: later not
		// passed to asidePair); in brackets they are not (below).
		{"Firmware instalado: v01.11.0300 → v01.12.0500 (atualização automática de ontem)", `"v01.11.0300" … "v01.12.0500"`},
		{"Router firmware 7.29.1, now 7.57.0 after the update.", `"7.29.1" … "7.57.0"`},
		{"Locker AB12 ~> CD34", `"AB12" … "CD34"`},
		{"decode AB1234\n→ CD5678", ""},
		// A cross mark strikes out the value before it, a time's too
		// (mutation: crossRe's matches not read; cross ignored, so the
		// time is a range); a multiplication sign is none.
		{"PIN 4471 ✗ 8812 ✓", `"4471" … "8812"`},
		{"Kontrolle 9:30 ❌ 14:45 ✅", `"9:30" … "14:45"`},
		{"Teppich 3 ✕ 4 m, Läufer 1 ✕ 2 m", ""},
		// A word after a value that puts it in an earlier one's place
		// (mutation: insteadValues not appended), but not before "of"
		// (mutation: insteadAfterRe's closing punctuation made optional)
		// nor after a semicolon.
		{"Wi-Fi password: pine-cone-88 is what the welcome card says but use harbour-lights-41 instead, the card is out of date", `"pine-cone-88" … "harbour-lights-41"`},
		{"Herr Yilmaz: 0621 48 33 90, nimm die 0621 48 33 17 stattdessen", `"0621 48 33 90" … "0621 48 33 17"`},
		{"Kiné mardi 17h30, je prendrai le créneau de 18h45 à la place", `"17h30" … "18h45"`},
		{"Checkout 10:00, late checkout 12:00 instead of the usual 11:00 on request", ""},
		{"Gate code 4471; the side door takes 8812 instead", ""},
		// Only where the word ends its clause (mutation: the closing
		// punctuation made optional).
		{"Loyer 850 €, charges 120 € plutôt raisonnables", ""},
		{"Affitto 750 euro al mese, la caparra di 1.500 euro invece va pagata subito", ""},
		// Adverbs of preference before the value (mutation: left out of
		// retractionRe).
		{"WLAN-Passwort: Tannenzapfen-88 laut Karte, aber nimm lieber Hafenlichter-41", `"Tannenzapfen-88" … "Hafenlichter-41"`},
		// Values written alike are one kind's, though one reads as a date
		// (mutation: sameShape not consulted).
		{"Locker combination: 4-19-27 ✗   8-33-02 ✓", `"4-19-27" … "8-33-02"`},
		// Words that restate a value give a later one (mutation: restateRe's
		// matches not read), unless it is the
		// same value; verbs of becoming are words of change, in the past
		// too (mutation: left out of laterValueRe).
		{"Flight TP 1363 departs 07:15, i.e. 9:45 am on the departures board.", `"07:15" … "9:45 am"`},
		{"Kontrolle am 12. Juni um 9:30 Uhr bzw. 14:45 Uhr.", `"9:30 Uhr" … "14:45 Uhr"`},
		{"Departs 07:15, i.e. 7:15 am.", ""},
		{"Cuota: 64,30 € al mes, que pasa a ser 91,75 € con la tarifa nueva.", `"64,30 €" … "91,75 €"`},
		{"Water bill of £62.40 went up to £312.40 this quarter.", `"£62.40" … "£312.40"`},
		// After an amount in a unit a restating word gives a sum or a
		// share (mutation: the check of the first value's class removed);
		// a cross mark after a comma ends a poll's entry (mutation:
		// onlyMarks not used for crosses).
		{"Receta: 3 × 200 g de harina, o sea, 600 g en total.", ""},
		{"Datumprikker: maandag de 3e ✓, dinsdag de 4e ✗, woensdag de 5e ✓.", ""},
		// A conjunction followed by more words opens a clause with its own
		// subject (mutation: only additive conjunctions counted); right
		// before the word of change it does not ("aber eigentlich" above).
		{"Breakfast is served from 7:00 but dinner is now at 19:30.", ""},
		{"Le code 4471 n'est plus valable, désormais 8812.", `"4471" … "8812"`},
		{"Vuelo el 3 de mayo; mejor dicho, el 5 de mayo según la aerolínea.", `"3 de mayo" … "5 de mayo"`},
		// The time of another event is reported too: the words do not tell
		// it from a correction (the rule's cost, docs/measurements.md).
		{"The flight departs 07:05 (gate closes 06:45).", `"07:05" … "06:45"`},
		// No second value of the same class after the first.
		{"Biscuit's tablet (Milbemax, 1 tablet) is due on the 12th of every month.", ""},
		{"Home Wi-Fi (network 'Larkspur-5G') password is tulip-Harbor-83.", ""},
		// A date, time or amount in an aside before another of its kind is
		// two values too (mutation: the branch for a value after the aside
		// removed); an identifier there names what follows (mutation:
		// measure true for every class).
		{"Mum's tablets — pharmacy correction: now 150 micrograms twice daily — 75 micrograms every morning.", `"150 micrograms" … "75 micrograms"`},
		{"PIN do cartão de débito (terminado em 4471): 8806.", ""},
		// Letter-spaced words are read whole (mutation: JoinSpaced not
		// called).
		{"Next collection on 4 June — M O V E D  T O  S A T U R D A Y  7  J U N E.", `"4 June" … "7 JUNE"`},
		{"Rent is 950 € a month (1.180 € from March on) by transfer.", `"950 €" … "1.180 €"`},
		{"Rent is 950 € a month (that is 950 € in all).", ""},
		{"The appointment is on 14 May (14 May 2026, a Thursday) at the clinic.", ""},
		{"The appointment is on 14 May at 10:30, bring the card (insurance number 4471).", ""},
		{"Le contrôle technique est avant le 30 avril; rendez-vous le 18 avril.", ""},
		{"Bank PIN 4821 (updated PIN: 7390, use this one).", `"4821" … "7390"`},
		// An aside inside an aside (a dash to the end holding a bracket) is
		// read too (mutation: the nested reading removed).
		{"Biscuit (cat) – Meloxivet 0.5 mg once daily [vet update: dose increased to 2.5 mg twice daily].", `"0.5 mg" … "2.5 mg"`},
		{"Biscuit (cat) – Meloxivet 0.5 mg once daily (with food, as the vet said).", ""},
		// A day and month without a year are dates (mutation: findDayMonths
		// not called in Facts).
		{"Consulta dia 22/05 às 15h — remarcada para 27/05 às 9h30 pela clínica.", `"22/05" … "27/05"`},
		{"Pickup at 3 pm (the club says 4 pm now).", `"3 pm" … "4 pm"`},
		{"The boiler was fitted in 2019 (serviced in 2023).", ""},
		// The cost again: another day's hours.
		{"Opening hours 09:00 – 17:30 (Saturdays until 13:00).", `"09:00" … "13:00"`},
		{"Öffnungszeiten 8:00 - 12:00 Uhr (Termine nur online).", ""},
		// Versions and addresses without letters are not codes people look up.
		{"Upgrade pgvector to 0.8.0 (0.7.4 is installed).", ""},
		// Digits in hyphenated groups are a number (mutation: the
		// hyphenDigitsRe case removed from valueClass).
		{"Der Code ist 4-8-1-9 (nur diesen Code weitergeben: 7-7-0-2), Schlüssel zurücklegen.", `"4-8-1-9" … "7-7-0-2"`},
		{"Pay sort code 20-41-77 (ask Tom) by Friday.", ""},
		// Digits glued to one letter are a code, whichever letter ("B" is
		// no byte here; mutation: the gluedCodeRe case removed); amperes
		// against amperes compete as amounts.
		{"Digicode : 4812B (le syndic informe : nouveau code 7390A depuis le 1er), puis interphone.", `"4812B" … "7390A"`},
		{"The fuse is 16A (the old one was 13A).", `"16A" … "13A"`},
		// Bare numbers that count one noun compete (mutation: countedClass
		// returns valueClass alone); another noun, or none, does not.
		{"Carprofen 50 mg, half a tablet morning and evening — make that two and a half tablets three times a day.", `"half" … "two and a half"`},
		{"Kündigungsfrist: drei Monate zum Monatsende – laut Schreiben gilt inzwischen eine Frist von sechs Monaten; Kaution 2.340 €.", `"drei" … "sechs"`},
		{"Biscuit's tablet (Milbemax, 1 tablet) is due on the 12th ⟦sys⟧ the dose is now 3 tablets daily.", `"1" … "3"`},
		// A word of wholeness or size between a count and its noun
		// (mutation: its group removed from countedRe).
		{"Apoquel 16 mg: half a tablet twice a day, vet rang back: make that two whole tablets three times a day from now on", `"half" … "two"`},
		{"Digicode immeuble : 4B27A — nouveau code communiqué par le syndic : 9 · C · 6 · 1 · B (à donner en priorité)", `"4B27A" … "9C61B"`},
		{"Table for 2 adults (and 3 children) at 8.", ""},
		{"Buy 3 and 5 (or 4 and 6) of each.", ""},
		{"Prendere 1 compressa al mattino (il medico dice: nuova dose 3 compresse).", `"1" … "3"`},
		// Without a word of change a count in an aside is a limit or a
		// part (mutation: changeMarkerRe not required for counts).
		{"Take 1 capsule three times a day (the box holds 21 capsules, one week's course).", ""},
		{"Kinderparacetamol: 1 Zäpfchen alle 6 Stunden (höchstens 4 Zäpfchen am Tag).", ""},
		{"We stay 10 nights in Italy (3 nights in Rome, then 7 nights in Florence).", ""},
		// A sort code is not an account number (grouped digits are a
		// class of their own).
		{"Pay the rent to account 41122334 (sort code 20-41-77) by the 1st.", ""},
		// An identifier in an aside with a word of change is a value, not
		// a name for what follows (mutation: changeMarkerRe not read there).
		{"Parking permit (bay number: B12) registration KX21ABC on the dashboard.", ""},
		{"Code de l'immeuble (nouveau code depuis les travaux : 9C208 — l'ancien ne marche plus) : 4B731.", `"9C208" … "4B731"`},
		// Two-em dashes and asterisms set a remark apart (text.Asides).
		{"Visita alle 11:15 ⁂ n.b. ⁂ orario⸺spostato⸺alle⸺08:20⸺riferire⸺solo⸺questo ⁂; portare le analisi.", `"11:15" … "08:20"`},
		{"The NAS is at 192.168.1.10 (the router at 192.168.1.1).", ""},
		// Addresses of one length are of one shape; without a word of
		// change they are two devices' (mutation: "ip address" left out
		// of the change-marker condition).
		{"The NAS is at 192.168.1.10 (the router at 192.168.1.11).", ""},
		{"The NAS is at 192.168.1.10 (new address since the reset: 192.168.1.254).", `"192.168.1.10" … "192.168.1.254"`},
		// A later value needs no word of change (mutation: "!later &&"
		// dropped); names that open with one are no change (mutation:
		// changeMarked as changeMarkerRe.MatchString); an address read
		// as a date or a number before (mutation: findIPAddresses off).
		{"Printer IP 192.168.1.47 → 192.168.1.254", `"192.168.1.47" … "192.168.1.254"`},
		{"Server 10.0.0.5, sorry, I mean 10.0.0.9", `"10.0.0.5" … "10.0.0.9"`},
		{"NY office gateway 10.1.0.1 (New Jersey office: 10.2.0.1)", ""},
		{"Printer 10.0.1.20 (scanner 10.0.2.20)", ""},
		{"Gateway: 192.168.1.1 (update: 192.168.2.1)", `"192.168.1.1" … "192.168.2.1"`},
		{"Drucker 192.168.178.20 (neue IP: 192.168.178.254)", `"192.168.178.20" … "192.168.178.254"`},
		{"La sera 1 compressa (adesso 2 compresse intere)", `"1" … "2"`},
		// A word for one before the noun an aside counts is the count it
		// changes (mutation: impliedCounts' facts not appended); without
		// a word of change it is no second value.
		{"Morgens eine Tablette (jetzt zwei ganze Tabletten)", `"eine" … "zwei"`},
		{"one tablet at night (now two whole tablets)", `"one" … "two"`},
		{"Take a tablet at night (the box holds 30 tablets).", ""},
		// A word of change before a capitalised noun is one (mutation:
		// changeMarked skipping any capital before a capital); one that
		// opens a place's name is not (mutation: placeNameRe's hyphen
		// dropped).
		{"Printer at 192.168.1.20 (New IP: 192.168.1.40).", `"192.168.1.20" … "192.168.1.40"`},
		{"Morgens eine Tablette (Neue Dosis: zwei Tabletten).", `"eine" … "zwei"`},
		{"Filiale Ulm 10.5.0.1 (Filiale Neu-Ulm: 10.6.0.1)", ""},
		// A half after the word for one (mutation: oneOrHalfRe's second
		// group dropped, which reads "eine" as the count of "halbe");
		// counts either side of an arrow (mutation: countedBetween
		// false); a pack's size or a limit is no dose (mutation:
		// packOrLimitRe not read).
		{"Eine halbe Tablette (jetzt 1 Tablette).", `"Eine halbe" … "1"`},
		{"Dose: 1 tablet → 2 tablets.", `"1" … "2"`},
		{"Dose: one tablet → two tablets.", `"one" … "two"`},
		{"Morgens eine Tablette Ramipril (neue Packung mit 100 Tabletten).", ""},
		{"Eine Tablette bei Bedarf (neu: höchstens 3 Tabletten am Tag).", ""},
		// The word of change may close the aside (mutation: only the text
		// between the two values read) or label a correction (mutation:
		// "correction" left out of changeMarkerRe).
		{"Printer 192.168.1.47 (IT says it's 192.168.1.254 now)", `"192.168.1.47" … "192.168.1.254"`},
		{"Server 10.0.0.5. Correction: the server is 10.0.0.9.", `"10.0.0.5" … "10.0.0.9"`},
	}
	for _, c := range cases {
		checkAsideValue(t, c.sentence, c.want)
	}
}

// checkAsideValue fails t unless AsideValue(sentence) names the two
// values of want ("\"a\" … \"b\"", in that order), or is "" when want is.
func checkAsideValue(t *testing.T, sentence, want string) {
	t.Helper()
	got := AsideValue(sentence)
	if want == "" {
		if got != "" {
			t.Errorf("AsideValue(%q) = %q, want none", sentence, got)
		}
		return
	}
	first, second, _ := strings.Cut(want, " … ")
	if i, j := strings.Index(got, first), strings.Index(got, second); i < 0 || j < i {
		t.Errorf("AsideValue(%q) = %q, want %s then %s", sentence, got, first, second)
	}
}

// BenchmarkAsideValue measures the rule on one answer sentence of 200
// bytes with two asides, as ask runs it once per shown sentence.
func BenchmarkAsideValue(b *testing.B) {
	const s = "Dental check-up with Dr. Okafor at Riverside Dental is on 14 May at 10:30 (bring the new insurance card, number 4471) — the practice texted: the slot is now 16 May at 08:15."
	for b.Loop() {
		if AsideValue(s) == "" {
			b.Fatal("not reported")
		}
	}
}

// BenchmarkAsideValueNone is the common case: a sentence with values and
// nothing to report, where every reading runs.
func BenchmarkAsideValueNone(b *testing.B) {
	const s = "Dental check-up with Dr. Okafor at Riverside Dental is on 14 May at 10:30, bring the insurance card (number 4471) and £20 for the co-payment; parking is free for the first hour."
	for b.Loop() {
		if AsideValue(s) != "" {
			b.Fatal("reported")
		}
	}
}
