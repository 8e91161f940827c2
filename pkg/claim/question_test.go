package claim

import "testing"

// TestUnasked: the question's own words are no answer to it, but a unit
// after a number is, and a sentence in another language keeps every word.
func TestUnasked(t *testing.T) {
	for _, c := range []struct {
		t     AnswerType
		q, s  string
		gives bool
	}{
		{Duration, "How long can I borrow the van for the weekend?", "You can borrow the van for the weekend.", false},
		{Duration, "How long can I borrow the van for the weekend?", "You can borrow the van for 48 hours over the weekend.", true},
		{Duration, "How long, in minutes, is the drive to the coast?", "The drive to the coast is 45 minutes.", true},
		{Duration, "How long, in years, is the warranty?", "The warranty is two years.", true},
		{Duration, "Wie lange darf ich über Nacht vor dem Haus parken?", "Sie dürfen über Nacht vor dem Haus parken.", false},
		{Duration, "How long does the course last?", "Der Kurs dauert drei Tage.", true},
		{PhoneNumber, "What is the phone number of the clinic at 112 High Street?", "The clinic is at 112 High Street.", false},
		{PhoneNumber, "What is the phone number of the clinic at 112 High Street?", "The clinic at 112 High Street is on 020 7946 0321.", true},
	} {
		u := Unasked(c.q, c.s)
		if len(u) != len(c.s) {
			t.Errorf("Unasked(%q, %q) = %q: length %d, want %d", c.q, c.s, u, len(u), len(c.s))
		}
		if !Gives(c.t, c.s) {
			t.Errorf("Gives(%s, %q) = false before blanking; the case tests nothing", c.t, c.s)
		}
		if got := Gives(c.t, u); got != c.gives {
			t.Errorf("Gives(%s, Unasked(%q, %q) = %q) = %v, want %v", c.t, c.q, c.s, u, got, c.gives)
		}
	}
}

// TestAsksInOtherScripts: Russian, Chinese and Japanese questions get the
// answer type their Latin-script translations get, and a sentence in
// those languages gives it.
func TestAsksInOtherScripts(t *testing.T) {
	for _, c := range []struct {
		q     string
		want  AnswerType
		gives string // a sentence that gives the type
		not   string // a sentence on the same subject that does not
	}{
		{"Сколько мы потратили на топливо во время поездки?", Money, "На топливо ушло 310 евро.", "Мы заправлялись в Рейкьявике."},
		{"Сколько стоит годовое обслуживание котла?", Money, "Обслуживание стоит 189 ₽ в год.", "Обслуживание проводится ежегодно."},
		{"Как долго можно хранить фарш в морозилке?", Duration, "Фарш хранится до трёх месяцев.", "Фарш хранится в морозилке."},
		{"На каком порту у меня работает Uptime Kuma?", PortNumber, "Uptime Kuma работает на порту 3001.", "Uptime Kuma работает в Docker."},
		{"В каком году был куплен котёл?", Year, "Котёл куплен в 2019.", "Котёл куплен у соседа."},
		{"При какой температуре печь хлеб?", Quantity, "Хлеб пекут при 250 °C.", "Хлеб пекут в духовке."},
		{"汽车换机油要加多少升机油？", Quantity, "换机油需要4.3升机油。", "换机油时也要换滤清器。"},
		{"洗碗机花了多少钱？", Money, "洗碗机花了499欧元。", "洗碗机是博世的。"},
		{"冷冻的生肉可以保存多久？", Duration, "生肉可以冷冻保存6个月。", "生肉要用保鲜袋包好。"},
		{"ホームサーバーの固定IPアドレスは何ですか？", IPAddress, "固定IPアドレスは192.168.50.20です。", "ホームサーバーはNASです。"},
		{"食洗機はいくらでしたか？", Money, "食洗機は499ユーロでした。", "食洗機はボッシュ製です。"},
		{"生肉は冷凍庫で何ヶ月もちますか？", Duration, "生肉は6ヶ月もちます。", "生肉は冷凍庫に入れます。"},
		{"病院の電話番号は何ですか？", PhoneNumber, "電話番号は030 1234567です。", "病院は駅の近くです。"},
		{"Какая версия Caddy установлена на сервере?", Version, "Caddy 2.8.4 runs on the server.", "Caddy terminates TLS with its own CA."},
		{"Quelle version de Grafana tourne sur le serveur ?", Version, "Grafana 11.4.0 tourne sur le serveur.", "Grafana tourne dans Docker."},
		{"Which version of Python does the release need?", Version, "Release 2.3 needs Python 3.11.", "The release needs a newer Python."},
		{"一个月房租多少？", Money, "房租每月3500块。", "房租每月初付。"},
		{"Ремонт сколько стоил?", Money, "Ремонт стоил 200 долларов.", "Ремонт сделали быстро."},
		{"Quanto dura la garanzia?", Quantity, "La garanzia dura 2 anni.", "La garanzia è del produttore."},
		{"Quanto tempo dura a garantia?", Duration, "A garantia dura 2 anos.", "A garantia é do fabricante."},
		{"Hoe lang duurt de garantie?", Duration, "De garantie duurt 2 jaar.", "De garantie is van de fabrikant."},
	} {
		if got := Asks(c.q); got != c.want {
			t.Errorf("Asks(%q) = %q, want %q", c.q, got, c.want)
			continue
		}
		if !Gives(c.want, c.gives) {
			t.Errorf("Gives(%s, %q) = false, want true", c.want, c.gives)
		}
		if Gives(c.want, c.not) {
			t.Errorf("Gives(%s, %q) = true, want false", c.want, c.not)
		}
	}
	for _, q := range []string{"Кто написал «Войну и мир»?", "谁画了这幅画？", "誰がこの絵を描きましたか？", "誰が家賃を払いましたか？"} {
		if got := Asks(q); got != "" {
			t.Errorf("Asks(%q) = %q, want none", q, got)
		}
	}
}

// TestCount: "how many <things>" asks for a number that measures nothing,
// so a sentence whose every number is a measure, a price, a date or a
// time of day gives none (the flapjacks answered with the recipe's grams);
// "how many <unit>" stays a quantity. Mutations: Count's row dropped from
// asksTable (the first half fails), or Gives(Count) accepting a number
// with any unit (the "not" sentences pass), or the Italian, Portuguese
// and Dutch words left out of numberWords ("tre", "três", "drie" fail),
// or "ën" out of numberJoins ("Tweeëntwintig" fails), or a bare number in
// a list of measures counted (the crêpe batter's eggs pass).
func TestCount(t *testing.T) {
	for q, want := range map[string]AnswerType{
		"How many scones does the recipe make?":       Count,
		"Combien de crêpes donne la recette ?":        Count,
		"Combien d'enfants sont invités à la fête ?":  Count,
		"Wie viele Gäste kommen zur Feier?":           Count,
		"¿Cuántas personas caben en la mesa?":         Count,
		"Quanti bambini sono invitati?":               Count,
		"Quantos quartos tem a casa?":                 Count,
		"Hoeveel kinderen komen er op het feest?":     Count,
		"How many kilos of courgettes did I harvest?": Quantity,
		"How many days does the course last?":         Quantity,
		"How many times a day do I give the drops?":   Quantity,
		"How many calories does a portion have?":      Quantity,
		"How many of the chairs are broken?":          Quantity,
		"Quanti anni ha il gatto?":                    Quantity,
		"Hoeveel zorgtoeslag krijg ik per maand?":     Quantity,
		"How many euros did the taxi cost?":           Money,
		"How many miles are on the Skoda?":            Distance,
		"Combien de farine faut-il ?":                 Quantity,
		"Wie viele Urlaubstage habe ich noch?":        Quantity,
	} {
		if got := Asks(q); got != want {
			t.Errorf("Asks(%q) = %q, want %q", q, got, want)
		}
	}
	for s, want := range map[string]bool{
		"The recipe makes 12 scones.": true,
		"Makes about twenty.":         true,
		"Serves 4.":                   true,
		"Six people.":                 true,
		"80 % of the pupils.":         true,
		"Invités : 14 enfants.":       true,
		"Biscuit gets one tablet.":    true,
		"Lemons x4.":                  true,
		"Vengono tre bambini.":        true,
		"A casa tem três quartos.":    true,
		"Het huis heeft drie kamers.": true,
		"Tweeëntwintig kinderen.":     true,
		"The rent is due on Monday.":  false,
		"250 g de farine, 4 œufs, 50 cl de lait, une pincée de sel.":                       false,
		"The recipe makes 250 g oats, 125 g butter, 75 g brown sugar.":                     false,
		"85 g cold butter, 3 tbsp caster sugar, 175 ml milk. Bake at 220C for 12 minutes.": false,
		"Budget 35 €.":                         false,
		"The party is on 3 June at 15:00.":     false,
		"The flat has a balcony and a cellar.": false,
	} {
		if got := Gives(Count, s); got != want {
			t.Errorf("Gives(Count, %q) = %v, want %v (facts %q)", s, got, want, factTexts(Facts(s)))
		}
	}
}

// TestCountMeasured: a measure of the counted thing itself answers how
// many (potatoes bought by the kilo); a measure of something else does
// not. Mutation: measuresCounted returning false (the first two fail:
// two measures are a list, unless one is of the counted thing).
func TestCountMeasured(t *testing.T) {
	for _, c := range []struct {
		q, s string
		want bool
	}{
		{"Hoeveel aardappelen heb ik nodig voor stamppot?", "Voor stamppot: 1,5 kg aardappelen en 500 g boerenkool.", true},
		{"Combien de moules faut-il acheter pour samedi ?", "Acheter 2 kg de moules et 1 kg de frites.", true},
		{"How many flapjacks does the recipe make?", "The recipe makes 250 g oats, 125 g butter.", false},
		{"How many scones does the recipe make?", "12 scones: 250 g flour, 125 g butter.", true},
		{"How many scones does the recipe make?", "Mix 250 g flour and 250 g butter for the scones.", false},
		{"How many scones does the recipe make?", "Bake the scones at 220C for 12 minutes.", false},
	} {
		if got := GivesAnswer(c.q, Asks(c.q), c.s); got != c.want {
			t.Errorf("GivesAnswer(%q (%s), %q) = %v, want %v", c.q, Asks(c.q), c.s, got, c.want)
		}
	}
}

// TestDurationSpan: a date with its time, or a time of day after "at",
// says when, not for how long; a date alone (since when, a range within a
// month), two times, an end ("until") or a clock span do. Mutations: a
// date counting with a time (the first two fail), clockAtRe dropped (the
// flight fails), a date alone not counting (June and March fail).
func TestDurationSpan(t *testing.T) {
	for s, want := range map[string]bool{
		"Intervention prévue le 3 juillet, 8:00.":            false,
		"We stayed 12–15 June.":                              true,
		"Seit März 2019.":                                    true,
		"Appointment at the passport office: 3 June, 10:20.": false,
		"The flight lands at 13:25.":                         false,
		"From 1 March to 31 May.":                            true,
		"Open 9:00–17:00.":                                   true,
		"The warranty expires on 3 July 2027.":               true,
		"Until 15 May 2027.":                                 true,
		"The film runs 2:15.":                                true,
	} {
		if got := Gives(Duration, s); got != want {
			t.Errorf("Gives(Duration, %q) = %v, want %v (facts %q)", s, got, want, factTexts(Facts(s)))
		}
	}
}

// Questions that name a kind of value in another sense, and answers that
// give a time or an address in other words than the plainest. Mutation: a
// bare "B" back among the units of bytes ("Maple Court 4B" is an amount).
func TestAnswerTypeOtherSenses(t *testing.T) {
	for q, want := range map[string]AnswerType{
		"Which port does the ferry to Mallorca leave from?":     "",
		"De quel port part le ferry pour la Corse ?":            "",
		"¿De qué puerto sale el ferry a Ibiza?":                 "",
		"What port did we dock at in Greece?":                   "",
		"Which port does the IP camera stream on?":              PortNumber,
		"What IP rating does the garden camera have?":           "",
		"What is the admin password of the IP camera?":          "",
		"How long is the DHCP lease for an IP address?":         Duration,
		"Why is my phone no longer charging?":                   "",
		"¿Qué teléfono compré el año pasado?":                   "",
		"¿A qué hora pasa el correo?":                           TimeOfDay,
		"What's Anna's email?":                                  MailAddress,
		"What was the subject of the last email?":               "",
		"What was the sender address of the suspicious email?":  "",
		"Quelle est son adresse courriel ?":                     MailAddress,
		"What is the phone number for emergencies in Portugal?": PhoneNumber,
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
		{Duration, "About 2 yrs.", true},
		{Duration, "For 2 wks.", true},
		{Duration, "A fortnight.", true},
		{Duration, "Until 2026.", true},
		{Duration, "Let it rise until it has doubled in size.", true},
		{Duration, "7.5 mi.", true},
		{Duration, "25 yards.", true},
		{Duration, "A 5-metre cable.", true},
		{Duration, "The drive takes 2h15.", true},
		{PhoneNumber, "Call 112 for emergencies.", true},
		{IPAddress, "It listens on ::1.", true},
		{IPAddress, "The backup ran at 10:30:00.", false},
		{IPAddress, "Its MAC is 00:1a:2b:3c:4d:5e.", false},
		{Amount, "Flat rent – Maple Court 4B", false}, // a flat, not 4 bytes
		{Amount, "The key is 256 bytes long.", true},
	} {
		if got := Gives(c.t, c.s); got != c.want {
			t.Errorf("Gives(%s, %q) = %v, want %v", c.t, c.s, got, c.want)
		}
	}
	if got := acronyms("Is it OK to call after 6 PM?"); got != nil {
		t.Errorf("OK and PM are no names: %q", got)
	}
	if got := acronyms("WHAT IS THE WIFI PASSWORD?"); got != nil {
		t.Errorf("a shouted question has no acronyms: %q", got)
	}
	wifi := NewEvidence("Wi-Fi › Guest network\nBoth NASes run TrueNAS.", nil)
	if !wifi.hasWord("wifi") || !wifi.hasWord("nas") {
		t.Error("Wi-Fi is wifi, NASes holds NAS")
	}
}

// The word for a number in a question is said by its abbreviation in the
// quote ("N° adhérent 3319 204 876" for "numéro d'adhérent"), and a number
// in words in a question ("dos", Portuguese "of the" and Spanish two) is
// no value the answer must hold. Mutations: Evidence.abbreviates returning
// false (missing_term on "numero"); spelled numbers kept among the
// question's facts (missing_term on "dos").
func TestCheckNumberWordsInQuestion(t *testing.T) {
	opts := Options{MinQuestionCoverage: -1, MinTermSupport: -1, MaxRareShare: 0.02}
	for _, c := range []struct {
		q, s, ev string
		terms    []Term
		evTerms  []string
	}{
		{"Quel est mon numéro d'adhérent à la mutuelle ?", "N° adhérent 3319 204 876", "Mutuelle\nN° adhérent 3319 204 876",
			[]Term{{"numero", 2}, {"adherent", 1}, {"mutuell", 2}}, []string{"mutuell", "adherent", "3319", "204", "876"}},
		{"Qual é a pressão dos pneus da frente do Clio?", "Pressão pneus dianteiros: 2,3 bar", "Clio\nPressão pneus dianteiros: 2,3 bar",
			[]Term{{"pressão", 1}, {"pneus", 1}, {"clio", 1}}, []string{"clio", "pressão", "pneus", "dianteir", "2,3", "bar"}},
		// A word cut short before a number (mutation: abbrevs not read in
		// abbreviates).
		{"What's the IT helpdesk extension?", "IT helpdesk ext. 4410", "Work laptop\nIT helpdesk ext. 4410",
			[]Term{{"it", 3}, {"helpdesk", 1}, {"extens", 2}}, []string{"it", "helpdesk", "ext", "4410"}},
	} {
		q := Question{Text: c.q, N: 200, Terms: c.terms}
		if v := Check(q, Sentence{Text: c.s, Evidence: NewEvidence(c.ev, c.evTerms)}, opts); !v.Supported {
			t.Errorf("%q: %+v", c.q, v)
		}
	}
}
