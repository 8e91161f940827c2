package claim

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

func factTexts(fs []Fact) []string {
	var out []string
	for _, f := range fs {
		out = append(out, string(f.Kind)+":"+f.Text)
	}
	return out
}

func TestFacts(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"Set shared_buffers to 4GB, a quarter of the RAM.", []string{"code:shared_buffers", "number:4GB"}},
		{"The NAS is at 192.168.50.10.", []string{"code:192.168.50.10"}},
		// IP addresses are read before dates and numbers (mutation:
		// findIPAddresses not called in Facts reads a date, a number and
		// the number 2001).
		{"Printer 10.0.1.20, Drucker 192.168.178.20, Server 2001:db8::10.", []string{"code:10.0.1.20", "code:192.168.178.20", "code:2001:db8::10"}},
		{"Web UI on 10.0.0.5:8080, LAN 10.0.0.0/24.", []string{"code:10.0.0.5:8080", "code:10.0.0.0/24"}},
		// A telephone number or a C++ name is no address (mutations: the
		// leading-zero test dropped from octets; the digit test dropped
		// from findIPAddresses' IPv6).
		{"Tel. 044.123.45.67", []string{"number:044.123.45.67"}},
		{"Use std::deque here.", nil},
		{"Call A::B first.", nil},
		{"Use Vec::1 here.", []string{"code:Vec::1"}},
		{"About 14,000 yen each, or ¥14000.", []string{"number:14,000 yen", "number:¥14000"}},
		{"Received on 3 March 2025; the drill took 38 minutes.", []string{"date:3 March 2025", "number:38 minutes"}},
		{"On March 3, 2025 and 2025-03-04 and 04/03/2025.", []string{"date:March 3, 2025", "date:2025-03-04", "date:04/03/2025"}},
		{"pgvector 0.8.0 and v1.2; WPA3; E_BKP_0042.", []string{"code:0.8.0", "code:v1.2", "code:WPA3", "code:E_BKP_0042"}},
		{"Mail it-helpdesk@examp1e.net or see https://example.org/a/b.", []string{"email:it-helpdesk@examp1e.net", "url:https://example.org/a/b"}},
		{"Run `mount /mnt/nas` and check ~/backups/log.txt.", []string{"code:mount /mnt/nas", "path:~/backups/log.txt"}},
		{"It has eleven courses and serves six.", []string{"number:eleven", "number:six"}},
		{"Feed at 1:5:5, limited to 20 Mbit/s on 5 GHz, 72 % hydration.", []string{"code:1:5:5", "number:20 Mbit/s", "number:5 GHz", "number:72 %"}},
		{"No facts in this one, e.g. none.", nil},
		{"Use the --jinja flag and postgresql.conf.", []string{"code:--jinja", "code:postgresql.conf"}},
		{"Version 1.000 costs 0,02 €.", []string{"number:1.000", "number:0,02 €"}},
		// Italian, Portuguese and Dutch month names.
		{"Dal dentista il 14 maggio, poi il 3 dicembre 2025.", []string{"date:14 maggio", "date:3 dicembre 2025"}},
		{"Consulta a 2 de junho de 2026; renda em 3 de março.", []string{"date:2 de junho de 2026", "date:3 de março"}},
		{"Afspraak op 3 maart, APK voor 1 augustus.", []string{"date:3 maart", "date:1 augustus"}},
	}
	for _, c := range cases {
		if got := factTexts(Facts(c.in)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Facts(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

func TestEvidenceHas(t *testing.T) {
	passage := `Memory settings: shared_buffers = 4 GB (a quarter of the 16 GB of RAM),
work_mem 64MB. The NAS is 192.168.50.10; the error E_BKP_0042 means the share is not mounted,
run ` + "`mount /mnt/nas`" + `. Tickets cost 14000 yen. Received on 3 March 2025.
It took eleven courses. Restore drill: 38 min for 120 GB. Channel 36 on 5 GHz.
| host | port |
| web  | 8080 |
Sender: it-helpdesk@examp1e.net, see https://Example.org/help/. Erstattung 1.286,40 €.`
	e := NewEvidence(passage, nil)
	cases := []struct {
		sentence string
		ok       bool
	}{
		{"It is 4GB.", true},                      // unit without a space
		{"It is 4 GB.", true},                     // as written
		{"It is 4 MB.", false},                    // another unit
		{"It is 8GB.", false},                     // another value
		{"Tickets cost 14,000 yen.", true},        // thousands separator
		{"Tickets cost 14 000 yen.", true},        // thin-space separator
		{"Es kamen 1286,40 € zurück.", true},      // German grouping dot and decimal comma in the note
		{"Es kamen 1.286 € zurück.", false},       // its first group alone
		{"Tickets cost 14,000 euros.", false},     // another currency
		{"On March 3, 2025.", true},               // month first
		{"On 2025-03-03.", true},                  // ISO
		{"On 3 March.", true},                     // no year
		{"On 4 March 2025.", false},               // another day
		{"On 3 March 2024.", false},               // another year
		{"The error is E_BKP_0042.", true},        // code
		{"The error is E_BKP_0043.", false},       // one digit off
		{"The error is e_bkp_0042.", true},        // case
		{"The NAS is 192.168.50.1.", false},       // an address that is a prefix of the real one
		{"The NAS is 192.168.50.10.", true},       //
		{"Run `mount /mnt/nas` first.", true},     // code in backticks
		{"Run `mount /mnt/nas --force`.", false},  // a command the notes do not give
		{"It had 11 courses.", true},              // digits for a spelled-out number
		{"It had twelve courses.", false},         // spelled out, wrong
		{"It took 38 minutes.", true},             // minutes = min
		{"The web port is 8080.", true},           // a table cell
		{"Mail IT-Helpdesk@examp1e.net.", true},   // e-mail, case
		{"See https://example.org/help.", true},   // URL: host case, trailing slash
		{"See https://example.org/login.", false}, // another URL
		{"Use channel 36.", true},
		{"Use channel 37.", false},
		{"It took 38.", true}, // a bare number matches the value with any unit
	}
	for _, c := range cases {
		ok := true
		var bad []string
		for _, f := range Facts(c.sentence) {
			if !e.Has(f) {
				ok = false
				bad = append(bad, f.Text)
			}
		}
		if ok != c.ok {
			t.Errorf("%q: supported = %v (unsupported: %q), want %v; facts %q", c.sentence, ok, bad, c.ok, factTexts(Facts(c.sentence)))
		}
	}
}

func TestCheck(t *testing.T) {
	nas := NewEvidence("| nas | 192.168.50.10 | file server |", []string{"nas", "192.168.50.10", "file", "server"})
	codes := NewEvidence("E_BKP_0042: the NAS share is not mounted; run mount /mnt/nas.", []string{"e", "bkp", "0042", "nas", "share", "mount", "run", "/mnt/nas"})
	q := func(text string) Question { return Question{Text: text, N: 60} }
	opts := Options{MinTermSupport: 0.6}
	cases := []struct {
		name   string
		q      Question
		s      Sentence
		reason Reason
	}{
		{"no citation", q("What is the IP of the NAS?"), Sentence{Text: "It is 192.168.50.10."}, NoCitation},
		{"supported", q("What is the IP of the NAS?"), Sentence{Text: "The NAS is at 192.168.50.10.",
			Terms: []Term{{"nas", 2}, {"192.168.50.10", 1}}, Evidence: nas}, ""},
		{"a number the passage lacks", q("What is the IP of the NAS?"), Sentence{Text: "The NAS is at 192.168.50.11.",
			Terms: []Term{{"nas", 2}, {"192.168.50.11", 0}}, Evidence: nas}, UnsupportedFact},
		{"the question's code is in another passage", q("What does E_BKP_0050 mean?"), Sentence{Text: "The NAS share is not mounted.",
			Terms: []Term{{"nas", 2}, {"share", 1}, {"mount", 1}}, Evidence: codes}, MissingTerm},
		{"the printer is not the NAS", q("What IP address does the printer have?"), Sentence{Text: "The printer's IP address is 192.168.50.10.",
			Terms: []Term{{"printer", 0}, {"ip", 0}, {"address", 2}, {"192.168.50.10", 1}}, Evidence: nas}, LowTermSupport},
	}
	for _, c := range cases {
		v := Check(c.q, c.s, opts)
		if v.Reason != c.reason || v.Supported != (c.reason == "") {
			t.Errorf("%s: %+v, want reason %q", c.name, v, c.reason)
		}
		if c.reason != "" && v.Detail == "" {
			t.Errorf("%s: no detail", c.name)
		}
	}
	v := Check(q("What does E_BKP_0050 mean?"), Sentence{Text: "It means X.", Evidence: codes}, opts)
	if !strings.Contains(v.Detail, `"E_BKP_0050"`) {
		t.Errorf("detail %q does not name the code", v.Detail)
	}
}

// The rare-term rule: a question term that few chunks hold (but some do)
// must be in the cited passages; a term no chunk holds is not demanded.
func TestCheckRareTerms(t *testing.T) {
	road := NewEvidence("Road bike: brake pads replaced in March 2022.", []string{"road", "bike", "brake", "pad", "replac", "march", "2022"})
	sentence := Sentence{Text: "The brake pads were replaced in March 2022.", Terms: []Term{{"brake", 1}, {"pad", 1}, {"replac", 3}}, Evidence: road}
	opts := Options{MinQuestionCoverage: -1, MinTermSupport: -1, MaxRareShare: 0.02}
	gravel := Question{Text: "When did I last replace the brake pads on the gravel bike?", N: 200,
		Terms: []Term{{"last", 9}, {"replac", 3}, {"brake", 1}, {"pad", 1}, {"gravel", 2}, {"bike", 5}}}
	v := Check(gravel, sentence, opts)
	if v.Supported || v.Reason != MissingTerm || !strings.Contains(v.Detail, `"gravel"`) || strings.Contains(v.Detail, "bike") {
		t.Errorf("gravel held by 2 of 200 chunks (rare at 2%%): %+v", v)
	}
	// Held by 5 of 200 chunks, "gravel" is not rare: not demanded.
	gravel.Terms[4].DF = 5
	if v := Check(gravel, sentence, opts); !v.Supported {
		t.Errorf("no rare term missing: %+v", v)
	}
	// A word no note holds is the reader's, not the notes'.
	gravel.Terms[4].DF = 0
	if v := Check(gravel, sentence, opts); !v.Supported {
		t.Errorf("a term no chunk holds must not be demanded: %+v", v)
	}
	// Another language, compared by meaning: not checked; without a
	// comparison by meaning (an English-only model) it is; off: not
	// checked.
	gravel.Terms[4].DF, gravel.CrossLanguage = 2, true
	if v := Check(gravel, sentence, opts); v.Supported || v.Reason != MissingTerm {
		t.Errorf("cross-language, no meaning check: %+v", v)
	}
	opts.MeaningAcrossLanguages = true
	if v := Check(gravel, sentence, opts); !v.Supported {
		t.Errorf("cross-language: %+v", v)
	}
	gravel.CrossLanguage, opts.MaxRareShare, opts.MeaningAcrossLanguages = false, -1, false
	if v := Check(gravel, sentence, opts); !v.Supported {
		t.Errorf("off: %+v", v)
	}
	// The sentence's own rare terms: a name the cited passage lacks.
	household := NewEvidence("Electricity: customer number FN-2231-8840.", []string{"electr", "custom", "number", "fn-2231-8840"})
	marco := Sentence{Text: "Marco Bianchi's phone number is FN-2231-8840.", Terms: []Term{{"marco", 2}, {"bianchi", 1}, {"phone", 3}, {"number", 9}, {"fn-2231-8840", 1}}, Evidence: household}
	mq := Question{Text: "What is Marco's phone number?", N: 95, Terms: []Term{{"marco", 2}, {"phone", 3}, {"number", 9}}}
	if v := Check(mq, marco, Options{MinQuestionCoverage: -1, MinTermSupport: -1, MaxRareShare: 0.02}); v.Supported || v.Reason != LowTermSupport || !strings.Contains(v.Detail, `"bianchi"`) {
		t.Errorf("a rare name of the sentence missing from its passage: %+v", v)
	}
	// A word that names the kind of value asked for ("heure": a time,
	// answered by "7 h 04") is not demanded, rare or not; nor are a
	// question's light verbs (está, tiene), which TopicText drops.
	// Mutations: "heur" out of typeWords; "tiene" out of phrasing.
	train := NewEvidence("Le train pour Marseille part de Lyon Part-Dieu à 7 h 04.", []string{"train", "marseill", "part", "lyon", "part-dieu", "7", "04"})
	tq := Question{Text: "À quelle heure part le train pour Marseille ?", N: 200, Terms: []Term{{"heur", 1}, {"part", 3}, {"train", 2}, {"marseill", 1}}}
	if v := Check(tq, Sentence{Text: "Le train part à 7 h 04.", Terms: []Term{{"train", 2}, {"part", 3}}, Evidence: train}, Options{MinQuestionCoverage: -1, MinTermSupport: -1, MaxRareShare: 0.02}); !v.Supported {
		t.Errorf("a kind-of-value word demanded: %+v", v)
	}
	// "dose" names the kind of value too: "250 mg" answers "quelle dose".
	// Mutation: "dose" out of typeWords.
	lea := NewEvidence("Léa : amoxicilline 250 mg, 3 fois par jour pendant 7 jours.", []string{"lea", "amoxicillin", "250", "mg", "3", "fois", "jour", "7"})
	dq := Question{Text: "Quelle dose d'amoxicilline pour Léa ?", N: 200, Terms: []Term{{"dose", 2}, {"amoxicillin", 1}, {"lea", 1}}}
	if v := Check(dq, Sentence{Text: "Léa : amoxicilline 250 mg, 3 fois par jour.", Terms: []Term{{"lea", 1}, {"amoxicillin", 1}}, Evidence: lea}, Options{MinQuestionCoverage: -1, MinTermSupport: -1, MaxRareShare: 0.02}); !v.Supported {
		t.Errorf("a dose asked for by name: %+v", v)
	}
	if RareDF(0.02, 200) != 4 || RareDF(0.02, 10) != 1 || RareDF(0.02, 0) != 1 {
		t.Errorf("RareDF: %d %d %d", RareDF(0.02, 200), RareDF(0.02, 10), RareDF(0.02, 0))
	}
}

func TestAnswerType(t *testing.T) {
	for q, want := range map[string]AnswerType{
		"How much did the winter tyres cost?":               Money,
		"What is the price of the ryokan per night?":        Money,
		"How much did I pay for the rental car?":            Money,
		"Combien coûte le billet ?":                         Money,
		"Was kostet der Ersatzakku?":                        Money,
		"Quanto custa a consulta no oftalmologista?":        Money,
		"Quanto costa il biglietto per Milano?":             Money,
		"Wat kost de APK bij Garage Bakker?":                Money,
		"Hoeveel premie betaal ik voor de zorgverzekering?": Money, // a verb of paying after the amount word (mutation: the pattern for it removed)
		"Wie viel Miete zahle ich im Monat?":                Money,
		"How much did the plumber quote for the leak?":      Money,
		"Combien la mutuelle a-t-elle remboursé ?":          Money,
		"Wie viel hat die Kasse erstattet?":                 Money,
		"Was hat die Fahrkarte nach Hamburg gekostet?":      Money,
		"Wie viel habe ich für die Reparatur bezahlt?":      Money,
		"Combien ai-je payé pour la réparation ?":           Money,
		"¿Cuánto he pagado por el arreglo?":                 Money,
		"How many miles are on the Skoda?":                  Distance,
		"Wie viele Kilometer hat der Golf?":                 Distance,
		"Quanti anni ha il gatto?":                          Quantity,
		"Quanto è la bolletta del gas di marzo?":            Amount,
		"¿Cuánto es la cuota de la comunidad?":              Amount,
		"Wie hoch ist die Rechnung vom Malerbetrieb?":       Amount, // a price or a measure (mutation: "hoch" dropped from amountRe makes it Quantity, which no amount of money gives)
		"Hoe hoog is de borg?":                              Amount,
		"How much shared_buffers did I give PostgreSQL?":    Quantity,
		"How much salt goes into the ratatouille?":          Quantity,
		"What does the backup error E_BKP_0050 mean?":       "",
		"How many kilos of courgettes did I harvest?":       Quantity,
		// A measure asked by "which" (mutation: the "which <measure>"
		// forms dropped from quantityRe).
		"Welchen Reifendruck brauchen die Hinterräder?":   Quantity,
		"Which tyre pressure does the trailer need?":      Quantity,
		"Quelle température pour le rôti ?":               Quantity,
		"¿Qué presión llevan las ruedas de la bici?":      Quantity,
		"Wie lange dauert das Eco-Programm?":              Duration,
		"How long does Prometheus keep its metrics?":      Duration,
		"Combien de temps faut-il laisser mijoter ?":      Duration,
		"What is my landlord's e-mail address?":           MailAddress,
		"Quelle est l'adresse e-mail du propriétaire ?":   MailAddress,
		"What is the IP address of the NAS?":              IPAddress,
		"Which IP does the printer have?":                 IPAddress,
		"What is the phone number of my dentist?":         PhoneNumber,
		"Qual é o número de telefone da Securitas?":       PhoneNumber,
		"Qual è il numero di telefono dell'idraulico?":    PhoneNumber,
		"Wat is het telefoonnummer van de huisarts?":      PhoneNumber,
		"Quanto tempo dura la garanzia?":                  Duration,
		"Hoe lang duurt de APK-keuring?":                  Duration,
		"In che anno è stata costruita la casa?":          Year,
		"Em que ano comprei o carro?":                     Year,
		"In welk jaar is het dak vernieuwd?":              Year,
		"Qual è l'indirizzo email di Marco?":              MailAddress,
		"Wat is het e-mailadres van de verhuurder?":       MailAddress,
		"Qual é o endereço de e-mail da escola?":          MailAddress,
		"Which port does Jellyfin run on?":                PortNumber,
		"Sur quel port tourne Home Assistant ?":           PortNumber,
		"Which address and port do I open for Grafana?":   "",
		"How much does the warranty extension cost?":      Money,
		"Which ship did we take?":                         "",
		"How often does the scrub run?":                   "",
		"Which costing method did the accountant choose?": "",
	} {
		if got := Asks(q); got != want {
			t.Errorf("Asks(%q) = %q, want %q", q, got, want)
		}
	}
	for s, want := range map[string]bool{
		"It cost about 14,000 yen each.":             true,
		"The front brake pads and discs cost 438 €.": true,
		"$5 per month.":                                 true,
		"Entry was free.":                               true,
		"The tour cost 12,990 ISK per person.":          true,
		"The replacement battery is the APCRBC154.":     false,
		"The Backblaze B2 backup costs 300 Mbit/s.":     false,
		"The winter tyres are stored at the tyre shop.": false,
		"Storage is 40 € per season.":                   true, // an amount, if not the asked one
		"Der Akku kostet 89 Euro.":                      true,
		"It took 2 × 389 minutes.":                      false,
	} {
		if got := Gives(Money, s); got != want {
			t.Errorf("Gives(Money, %q) = %v, want %v (facts %q)", s, got, want, factTexts(Facts(s)))
		}
	}
	for s, want := range map[string]bool{
		"It took 38 minutes.":                     true,
		"Six people.":                             true,
		"Une heure et demie.":                     true,
		"Eco 50 dauert 3:55 h.":                   true,
		"Prometheus keeps its metrics on disk.":   false,
		"The UPS is connected by USB to the NAS.": false,
	} {
		if got := Gives(Quantity, s); got != want {
			t.Errorf("Gives(Quantity, %q) = %v, want %v (facts %q)", s, got, want, factTexts(Facts(s)))
		}
	}
	for _, c := range []struct {
		t    AnswerType
		s    string
		want bool
	}{
		{Duration, "It took 38 minutes.", true},
		{Duration, "Prometheus keeps its metrics for 30 days.", true},
		{Duration, "Prometheus keeps its metrics for 9090.", false},
		{Duration, "It shuts down at 30 % battery.", false},
		{Duration, "It retards overnight in the fridge.", true},
		{Duration, "Une heure et demie.", true},
		{Duration, "Eco 50 dauert 3:55 h.", true},
		{Duration, "Drei Stunden.", true},
		{Duration, "The passages are 100 words long.", true},
		{Duration, "Until 15 May 2027.", true},
		{MailAddress, "Write to thomas.keller@keller-immobilien.example.", true},
		{MailAddress, "The release owner is Priya.", false},
		{IPAddress, "The NAS is at 192.168.50.10.", true},
		{IPAddress, "It is at fd7a:115c:a1e0::1.", true},
		{IPAddress, "The NAS is the file server.", false},
		{PhoneNumber, "Call +49 30 1234567.", true},
		{PhoneNumber, "The dentist is Dr. Weber, room 12.", false},
		{PhoneNumber, "Dr. Jonas Weber, check-up every six months; the latest was on 6 February 2025.", false},
		{PhoneNumber, "The clinic opened in 2019 and has 250 m² of rooms.", false},
		{PhoneNumber, "Dr. Weber: (030) 123-456, since 2019.", true},
		{PortNumber, "It runs on port 8123.", true},
		{PortNumber, "Home Assistant is updated last.", false},
	} {
		if got := Gives(c.t, c.s); got != c.want {
			t.Errorf("Gives(%s, %q) = %v, want %v (facts %q)", c.t, c.s, got, c.want, factTexts(Facts(c.s)))
		}
	}
	if !Gives("", "anything") {
		t.Error("no answer type: anything goes")
	}
}

func TestRestates(t *testing.T) {
	cases := []struct {
		q, s   string
		qt, st []string
		want   bool
	}{
		{"Which tomato variety splits after heavy rain?", "The tomato variety splits after heavy rain.",
			[]string{"tomato", "varieti", "split", "heavi", "rain"}, []string{"tomato", "varieti", "split", "heavi", "rain"}, true},
		{"Which tomato variety splits after heavy rain?", "Black Krim splits after heavy rain.",
			[]string{"tomato", "varieti", "split", "heavi", "rain"}, []string{"black", "krim", "split", "heavi", "rain"}, false},
		{"What does it mean when the UPS chirps once every five hours?", "The UPS chirps once every five hours.",
			[]string{"mean", "up", "chirp", "everi", "five", "hour"}, []string{"up", "chirp", "everi", "five", "hour"}, true},
		// Numbers in digits restate the question's numbers in words.
		// Mutation: compare number terms as words.
		{"What does it mean when the UPS chirps once every five hours?", "one chirp every 5 hours",
			[]string{"mean", "up", "chirp", "everi", "five", "hour"}, []string{"one", "chirp", "everi", "5", "hour"}, true},
		{"What does it mean when the UPS chirps once every five hours?", "one chirp every 6 hours",
			[]string{"mean", "up", "chirp", "everi", "five", "hour"}, []string{"one", "chirp", "everi", "6", "hour"}, false},
		// A new fact is an answer, even in the question's words.
		{"How much coconut milk goes into the green curry?", "400 ml of coconut milk goes into the green curry.",
			[]string{"much", "coconut", "milk", "goe", "green", "curri"}, []string{"400", "ml", "coconut", "milk", "goe", "green", "curri"}, false},
		{"How much coconut milk goes into the green curry?", "Coconut milk goes into the curry: 400 ml.",
			[]string{"much", "coconut", "milk", "goe", "green", "curri"}, []string{"coconut", "milk", "goe", "curri"}, false},
		{"Is it on?", "Yes.", []string{}, []string{}, false},
	}
	for _, c := range cases {
		if got := Restates(c.q, c.s, c.qt, c.st); got != c.want {
			t.Errorf("Restates(%q, %q) = %v, want %v", c.q, c.s, got, c.want)
		}
	}
}

func TestUnits(t *testing.T) {
	e := NewEvidence("Gravel bike: 40 mm tyres at 2.5 bar. Road bike: 28 mm. Flour: 500 g.", nil)
	for s, want := range map[string]bool{
		"The tyres are 40 mm wide.":      true,
		"The tyres are 28 inches wide.":  false,
		"Pump them to 2.5 psi.":          false,
		"Pump them to 2.5 bar.":          true,
		"Use 500 grams of flour.":        true,
		"Use 500 kilos of flour.":        false,
		"The road bike has 28 mm tyres.": true,
	} {
		ok := true
		for _, f := range Facts(s) {
			ok = ok && e.Has(f)
		}
		if ok != want {
			t.Errorf("%q: supported %v, want %v (facts %q)", s, ok, want, factTexts(Facts(s)))
		}
	}
}

// An acronym of the question names a thing: its passages must name it too.
func TestCheckAcronyms(t *testing.T) {
	if got := acronyms("Did the NAS's UPS (and ZFS) get an IP, WPA3 and a URL? I ask."); !reflect.DeepEqual(got, []string{"NAS", "UPS", "ZFS"}) {
		t.Errorf("acronyms: %q", got)
	}
	decisions := NewEvidence("Home lab › Decisions\nDecided against k3s for the home lab: docker compose is enough.", nil)
	ups := NewEvidence("APC Back-UPS BX950MI\nAlarms\nPress the power button briefly to mute the alarm.", nil)
	opts := Options{MinQuestionCoverage: -1, MinTermSupport: -1, MaxRareShare: -1}
	zfs := Question{Text: "What did I decide about moving the NAS to ZFS?"}
	v := Check(zfs, Sentence{Text: "I decided against k3s for the home lab.", Evidence: decisions}, opts)
	if v.Supported || v.Reason != MissingTerm || !strings.Contains(v.Detail, `"NAS", "ZFS"`) {
		t.Errorf("acronyms the passage lacks: %+v", v)
	}
	if v := Check(Question{Text: "How do I silence the UPS alarm?"}, Sentence{Text: "Press the power button briefly.", Evidence: ups}, opts); !v.Supported {
		t.Errorf("an acronym inside a hyphenated name of the passage's title: %+v", v)
	}
	if v := Check(Question{Text: "How do I mount the DUPS share?"}, Sentence{Text: "Press the power button briefly.", Evidence: ups}, opts); v.Supported {
		t.Errorf("DUPS is not UPS: %+v", v)
	}
	if v := Check(Question{Text: "What does the PS alarm mean?"}, Sentence{Text: "Press the power button briefly.", Evidence: ups}, opts); v.Supported || !strings.Contains(v.Detail, `"PS"`) {
		t.Errorf("PS is not a part of UPS: %+v", v)
	}
	zfs.CrossLanguage = true
	if v := Check(zfs, Sentence{Text: "I decided against k3s for the home lab.", Evidence: decisions}, opts); v.Supported {
		t.Errorf("cross-language without a meaning check keeps the acronyms: %+v", v)
	}
	opts.MeaningAcrossLanguages = true
	if v := Check(zfs, Sentence{Text: "I decided against k3s for the home lab.", Evidence: decisions}, opts); !v.Supported {
		t.Errorf("cross-language: %+v", v)
	}
}

// TestBindQuote checks the holes of the lexical checks that reading a
// sentence against its quotation closes: values bound to the wrong
// setting, and negation. Mutations that make it fail: Bind returning ""
// always (first three cases), Negated() ignoring "n't" (the fourth),
// bindValues skipping the identifier's own clause (the router case),
// bindValues counting a number inside the identifier as its own rival (recall@10),
// bindValues dropping numbers inside other identifiers (Zimmer#214),
// text.Clauses cutting at every line break (the wrapped quotes), or
// joining label lines or labels after a semicolon (gpu1, vm2), or not
// cutting at a spaced slash (eth1 10.0.0.9); valueAside returning false
// (eth1 (10.0.0.9)).
func TestBindQuote(t *testing.T) {
	const conf = "shared_buffers = 4GB\nwork_mem = 64MB\nmaintenance_work_mem = 1GB"
	for _, c := range []struct {
		sentence, quote string
		want            Reason
	}{
		{"work_mem is 4GB and shared_buffers is 64MB.", conf, UnboundValue},
		{"shared_buffers is not 4GB.", conf, NegationMismatch},
		{"The backup runs on Sundays.", "The backup does not run on Sundays; it runs on Saturdays.", NegationMismatch},
		{"The printer isn't on the guest network.", "The printer is on the guest network.", NegationMismatch},
		{"shared_buffers is 4GB and work_mem is 64MB.", conf, ""},
		{"The backup does not run on Sundays.", "The backup does not run on Sundays; it runs on Saturdays.", ""},
		{"It runs on Saturdays.", "The backup does not run on Sundays; it runs on Saturdays.", ""},
		{"Type F.", "An adapter is not needed because Portugal uses the same type F sockets.", ""},
		{"Backups are compressed.", "Backups are encrypted with AES-256 but not compressed.", NegationMismatch},
		// The next field's negation is another line's (text.Clauses).
		{"Digicode porte d'entrée : 4B271.", "Digicode porte d'entrée : 4B271\nBoîte aux lettres : pas de code, clé jaune", ""},
		{"The backup goes to the cloud.", "The backup goes to the NAS, not to the cloud.", NegationMismatch},
		{"Der Server hat eine SSD.", "Der Server hat 32 GB RAM, aber keine SSD.", NegationMismatch},
		{"Pets are allowed.", "Pets: not allowed", NegationMismatch},
		{"The backup goes to the NAS.", "The backup goes to the NAS, not to the cloud.", ""},
		{"Root login is not permitted.", "Root login: not permitted", ""},
		{"The script encrypts the files.", "The script not only compresses the files but also encrypts them.", ""},
		{"The script compresses the files.", "The script not only compresses the files but also encrypts them.", ""},
		{"Invoice 4711 was paid.", "Invoice No. 4711 was paid on 3 May.", ""},
		{"Le service accepte les connexions locales.", "Le service n'accepte que les connexions locales.", ""},
		{"Port 23 is not open.", "Port 22 is open, port 23 is not.", ""},
		{"The Normans conquered England in 1066.", "In 1066, the Normans, led by William, conquered England with 7,000 men.", ""},
		{"No, the notes say the disk is not encrypted.", "The disk is not encrypted.", ""},
		{"The router at 10.0.0.1 uses eth0.", "| nas | 10.0.0.5 | eth1 |\n| router | 10.0.0.1 | eth0 |", ""},
		// A metric's own number ("recall@10") is its name, not a value a
		// table's header gives it.
		{"The recall@10 for 128 token chunks is 0.81.", "| chunk size (tokens) | overlap | recall@10 | MRR |\n|---|---|---|---|\n| 128 | 16 | 0.81 | 0.62 |", ""},
		{"The recall@10 for 128 token chunks is 0.62.", "recall@10 is 0.81 for 128 token chunks", UnboundValue},
		// A number inside another identifier is a value that tells two
		// entries apart (room 214 of one booking, 215 of the other).
		{"Buchung HX7731 hat Zimmer#215.", "Buchung HX7731: Zimmer#214; Buchung HX7732: Zimmer#215", UnboundValue},
		{"The recall@20 of bge_m3 is 0.81.", "bge_m3: recall@10 0.81", UnboundValue},
		// Fields of numbered names, one per line or after a semicolon,
		// keep their own values (text.Clauses).
		{"gpu1 has 24 GB of memory.", "gpu0: 24 GB\ngpu1: 12 GB", UnboundValue},
		{"gpu0 has 24 GB of memory.", "gpu0: 24 GB\ngpu1: 12 GB", ""},
		{"vm2 was snapshotted on 3 May.", "vm1 snapshot: 3 May; vm2 snapshot: 9 May", UnboundValue},
		{"vm2 was snapshotted on 9 May.", "vm1 snapshot: 3 May; vm2 snapshot: 9 May", ""},
		{"eth1 has the address 10.0.0.5.", "eth0 (10.0.0.5), eth1 (10.0.0.9)", UnboundValue},
		{"eth0 has the address 10.0.0.5.", "eth0 (10.0.0.5), eth1 (10.0.0.9)", ""},
		{"eth1 has the address 10.0.0.5.", "eth0 10.0.0.5 / eth1 10.0.0.9", UnboundValue},
		{"eth1 has the address 10.0.0.9.", "eth0 10.0.0.5 / eth1 10.0.0.9", ""},
		{"gpu1 has 24 GB.", "gpu0 - 24 GB\ngpu1 - 12 GB", UnboundValue},
		{"gpu1 has 12 GB.", "gpu0 - 24 GB\ngpu1 - 12 GB", ""},
		{"node4.lan has IP 10.0.0.3.", "node3.lan: 10.0.0.3\nnode4.lan: 10.0.0.4", UnboundValue},
		// Wrapped prose whose lines look like labels, a label after a
		// comma, and a capitalised conjunction keep their clauses (a
		// breaker's cases; mutations: sameLabels comparing nothing but the
		// shape of a line, the colon's label measured from a comma,
		// strings.ToLower's offsets on "WÄHREND").
		{"All 3 volumes were remounted.", "The server was restarted, no data lost: all 3 volumes were remounted.", ""},
		{"The staging database is not reachable.", "Heads-up: the staging database is\nnot reachable: firewall rule missing.", ""},
		{"Der Server ist erreichbar.", "Der Server ist erreichbar WÄHREND das Backup NICHT läuft", ""},
		// A negation inside an aside is the aside's (text.Clauses).
		{"El código de la taquilla es 3817.", "El código de la taquilla es 3817 (si mañana no abre la taquilla, lo pregunto en recepción)", ""},
		{"The locker code is 3817.", "The locker code is not 3817 (that was the old locker code).", NegationMismatch},
		// A quote wrapped over lines reads as one text (text.Clauses'
		// soft wraps): the negation and the value stay in their clause.
		{"The end of each chunk was never embedded.", "The model reads 256 word pieces, so the end of each chunk was\nnever embedded.", ""},
		{"The logs table gets toast_tuple_target = 512 so rows wider than thirty percent of a page move out instead of the default ten percent.",
			"The logs table gets\n`toast_tuple_target = 512` so rows wider than thirty percent of\na page move out instead of the default ten percent", ""},
	} {
		if got, d := Bind(c.sentence, c.quote); got != c.want {
			t.Errorf("Bind(%q) = %q (%s), want %q", c.sentence, got, d, c.want)
		}
	}
}

// TestCheckQuoteEvidence: with a quotation, facts must be in the quote,
// not merely somewhere in the passage, while the question's words may be
// in the quote's context. Mutation: Check reading facts from Context.
func TestCheckQuoteEvidence(t *testing.T) {
	opts := Options{MinQuestionCoverage: 0.5, MinTermSupport: -1, MaxRareShare: -1}
	passage := "PostgreSQL tuning › Memory\nshared_buffers = 4GB\nwork_mem = 64MB"
	q := Question{Text: "What is work_mem set to?", Terms: []Term{{Lexeme: "work_mem", DF: 1}}}
	quoted := func(sentence, quote string) Verdict {
		return Check(q, Sentence{Text: sentence, Evidence: NewEvidence(quote, nil), Context: NewEvidence(passage, nil), Quote: quote}, opts)
	}
	if v := quoted("work_mem is 64MB.", "work_mem = 64MB"); !v.Supported {
		t.Errorf("the quote states it: %+v", v)
	}
	if v := quoted("work_mem is 4GB.", "work_mem = 64MB"); v.Supported || v.Reason != UnsupportedFact {
		t.Errorf("4GB is in the passage but not in the quote: %+v", v)
	}
	if got := Asks("How much is the RAM in the NAS?"); got != Amount || !Gives(got, "The NAS has 16 GB of RAM.") {
		t.Errorf("how much is the RAM: %q", got)
	}
}

// TestCoverage: a question term counts as found when the evidence holds
// it, an irregular or regular inflection of it (bought for buy), or the
// same crude stem (allergi of "allergy" for allerg of "allergic"); words
// naming the kind of value asked for are not counted. Lexemes are given as
// PostgreSQL's english configuration writes them. Mutation: drop the
// lemma lookup in hasTerm (the UPS case falls to 1/2), or count typeWords
// (the e-mail case falls to 1/4).
func TestCoverage(t *testing.T) {
	for _, c := range []struct {
		terms    []string
		evidence string
		lexemes  []string
		want     float64
	}{
		{[]string{"antibiot", "allerg"}, "Penicillin: rash in 2009, confirmed by an allergy test.", []string{"penicillin", "rash", "confirm", "allergi", "test"}, 0.5},
		{[]string{"buy", "up"}, "Bought an APC Back-UPS after the power cut.", []string{"bought", "apc", "back-up", "back", "up", "power", "cut"}, 1},
		{[]string{"landlord", "e-mail", "e", "mail", "address"}, "Landlord: thomas.keller@example.org", []string{"landlord", "thomas.keller@example.org"}, 1},
		{[]string{"salt", "ratatouill"}, "100 g ripe starter and 10 g salt", []string{"100", "g", "ripe", "starter", "10", "salt"}, 0.5},
	} {
		var terms []Term
		for _, l := range c.terms {
			terms = append(terms, Term{Lexeme: l, DF: 1})
		}
		got, missing := Coverage(terms, NewEvidence(c.evidence, c.lexemes))
		if math.Abs(got-c.want) > 1e-9 {
			t.Errorf("Coverage(%q, %q) = %v (missing %q), want %v", c.terms, c.evidence, got, missing, c.want)
		}
	}
}

// A code in a sentence without spaces is only the code: Chinese and
// Japanese words around it are not part of it. Mutation: tokens not
// splitting where CJK meets another script (the whole question is one
// "code" that no quote holds).
func TestCodesInCJK(t *testing.T) {
	for text, want := range map[string]string{
		"交換用バッテリーはAPCRBC154です。":   "apcrbc154",
		"路由器的IP是192.168.50.1吗？":   "192.168.50.1",
		"電気料金はWPA3のルーターと関係ありますか？": "wpa3",
		"我的服务器用的是pg_basebackup。":  "pg_basebackup",
	} {
		var got []string
		for _, f := range findCodes(text) {
			got = append(got, f.values[0])
		}
		if len(got) != 1 || got[0] != want {
			t.Errorf("findCodes(%q) = %q, want [%q]", text, got, want)
		}
	}
}
