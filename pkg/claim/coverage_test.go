package claim

import "testing"

// TestCheckAcrossLanguagesWithoutMeaning: a sentence that quotes a note in
// another language than the question is held to the word checks unless
// the caller compares meanings (an English-only model cannot): an Italian
// question about an electricity supply code answered with a French gate
// code shares no word with it. Mutation: skip the word checks whenever
// q.CrossLanguage (the sentence is shown).
func TestCheckAcrossLanguagesWithoutMeaning(t *testing.T) {
	q := Question{Text: "Qual è il mio codice di fornitura della luce?", N: 40, Terms: []Term{{"codic", 1}, {"fornitur", 1}, {"luc", 2}}, CrossLanguage: true}
	s := Sentence{Text: "Le code du portail de la résidence est 5B19.", Terms: []Term{{"code", 2}, {"portail", 1}, {"résident", 1}, {"5b19", 1}},
		Evidence: NewEvidence("Le code du portail de la résidence est 5B19.", []string{"code", "portail", "résident", "5b19"})}
	opts := Options{MinQuestionCoverage: 0.3, MinTermSupport: 0.5, MaxRareShare: -1}
	if v := Check(q, s, opts); v.Supported || v.Reason != OffQuestion {
		t.Errorf("English-only model: %+v, want %s", v, OffQuestion)
	}
	opts.MeaningAcrossLanguages = true
	if v := Check(q, s, opts); !v.Supported {
		t.Errorf("compared by meaning (the caller's): %+v", v)
	}
}

// TestCheckOwnCoverage: coverage counts the whole answer's quoted text
// (each part of a question about two things may come from its own note),
// but a sentence whose own quoted text holds none of the question's terms
// answers nothing of it. Mutation: drop the own-coverage rule (the alarm
// code is shown).
func TestCheckOwnCoverage(t *testing.T) {
	appt := NewEvidence("A consulta da Beatriz com a pediatra é no dia 19 de fevereiro.", []string{"consult", "beatriz", "pediatr", "dia", "19", "fevereir"})
	alarm := NewEvidence("O código do alarme da casa de Sintra é 7314.", []string{"códig", "alarm", "cas", "sintr", "7314"})
	q := Question{Text: "Quando é a consulta da Beatriz na pediatra?", N: 40, Terms: []Term{{"consult", 2}, {"beatriz", 1}, {"pediatr", 1}}}
	opts := Options{MinQuestionCoverage: 0.3, MinTermSupport: 0.5, MaxRareShare: -1}
	whole := Merge(appt, alarm)
	if v := Check(q, Sentence{Text: "O código do alarme da casa de Sintra é 7314.", Terms: []Term{{"códig", 2}, {"alarm", 1}, {"sintr", 1}, {"7314", 1}}, Evidence: alarm, Answer: whole}, opts); v.Supported || v.Reason != OffQuestion {
		t.Errorf("a sentence on another note, riding on the answer's coverage: %+v", v)
	}
	if v := Check(q, Sentence{Text: "A consulta é no dia 19 de fevereiro.", Terms: []Term{{"consult", 2}, {"dia", 3}, {"19", 1}, {"fevereir", 1}}, Evidence: appt, Answer: whole}, opts); !v.Supported {
		t.Errorf("the answer's own sentence: %+v", v)
	}
	// A question about two things: each sentence holds its part.
	two := Question{Text: "What are the alarm code and the date of Beatriz's appointment?", N: 40, Terms: []Term{{"alarm", 1}, {"code", 2}, {"beatriz", 1}, {"appoint", 2}}}
	if v := Check(two, Sentence{Text: "O código do alarme é 7314.", Terms: []Term{{"alarm", 1}, {"7314", 1}}, Evidence: alarm, Answer: whole}, opts); !v.Supported {
		t.Errorf("one part of a question about two things: %+v", v)
	}
}

// A compound of the question is covered by its parts in other words of
// the note (mutation: compoundIn returning false), but not by one part
// alone, nor by a short word's prefix (mutation: parts of one letter).
func TestCoverageCompound(t *testing.T) {
	e := NewEvidence("Resturlaub 2025: 12 Tage", []string{"resturlaub", "2025", "12", "tag"})
	for l, want := range map[string]bool{"urlaubstag": true, "urlaubsgeld": false, "tag": true, "urlaub": true, "tagesgeld": false} {
		if got := e.hasTerm(l); got != want {
			t.Errorf("hasTerm(%q) = %v, want %v", l, got, want)
		}
	}
	// Parts far apart name other things (mutation: near always true).
	bill := NewEvidence("Overmaken naar NL91 ABNA 0417 1643 00 o.v.v. klantnummer 5540218.\n[scan bijlage p.2] Te betalen: € 87,50 | rekeningnr. NL44 RABO 0123 4567 89", []string{"klantnumm", "rekeningnr"})
	if bill.hasTerm("rekeningnumm") {
		t.Error(`"rekeningnr." and a "klantnummer" two lines apart cover "rekeningnummer"`)
	}
}

// TestTopicText drops the phrasing of questions in the index's languages.
// Mutations: "tiene", "che", "mein" or "laat" out of phrasing; no hyphen
// cut (the French inversion keeps "elle", which a note may hold).
func TestTopicText(t *testing.T) {
	for q, want := range map[string]string{
		"¿Cuánta RAM tiene el portátil de casa?":               "RAM portátil casa?",
		"A che ora parte il Frecciarossa per Milano?":          "ora parte Frecciarossa Milano?",
		"Quanto custa a consulta no oftalmologista?":           "consulta oftalmologista?",
		"Hoeveel kost de APK bij Garage Bakker?":               "APK Garage Bakker?",
		"Jusqu'à quelle heure Inès garde-t-elle les enfants ?": "Jusqu'à heure Inès garde enfants ?",
		"Which e-mail address did the check-in desk give?":     "e-mail address the check-in desk",
		"Combien de jours peut-on garder le pain ?":            "jours garder pain ?",
		"Wie hoch ist mein monatlicher Stromabschlag?":         "monatlicher Stromabschlag?",
		"À quelle heure part mon train pour Lyon ?":            "heure part train Lyon ?",
		"Hoe laat vertrekt onze trein naar Utrecht?":           "vertrekt trein Utrecht?",
		"Qual é o número da minha apólice?":                    "número apólice?",
		"Quanto costa il mio abbonamento?":                     "abbonamento?",
		"Wie lautet meine Kundennummer bei der Heizungsfirma?": "Kundennummer Heizungsfirma?", // mutation: "lautet" out of phrasing
		"Wie viele Urlaubstage habe ich noch übrig?":           "Urlaubstage",                 // mutation: "noch" out of phrasing
		"¿Cuánto puede pesar cada maleta facturada?":           "pesar maleta facturada?",
	} {
		if got := TopicText(q); got != want {
			t.Errorf("TopicText(%q) = %q, want %q", q, got, want)
		}
	}
}
