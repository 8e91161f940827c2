package claim

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// phrasing are words that shape a question without naming its subject:
// question words, light verbs, the degree word of "how much / how long /
// how fast" (German "wie hoch", Dutch "hoe laat" too), and the articles,
// possessives and prepositions of French, German, Spanish, Italian,
// Portuguese and Dutch (which English stop-word lists keep). A passage
// that answers a question need not contain them ("How long did it take?" -
// "38 minutes"; "Wie hoch ist mein Abschlag?" - "Abschlag 87 € monatlich").
var phrasing = map[string]bool{}

// invertedSubject are the French subject pronouns written after a verb in
// a question, and the euphonic t ("a-t-il").
var invertedSubject = map[string]bool{"je": true, "tu": true, "il": true, "elle": true, "on": true, "nous": true, "vous": true, "ils": true, "elles": true, "ce": true, "t": true}

func init() {
	for _, w := range strings.Fields(`
		how what which who whom whose when where why whether
		much many long often far big large small old high low fast slow quickly soon late early deep wide heavy tall
		is are was were be been being am do does did done have has had having
		give gives gave given take takes took taken use uses used using get gets got need needs needed
		make makes made put puts mean means meant tell tells told say says said call calls called
		go goes went come comes came keep keeps kept know knows knew want wants let lets try allow allowed
		should could would can may might must will shall
		combien comment quel quelle quels quelles où quand pourquoi faut faut-il doit dois est-ce est sont
		le la les l un une des du de d à au aux pour avec et ou il elle je j on qu que coûte dure
		wie viel viele lange welche welcher welches wann wo warum muss soll ist sind war
		der die das den dem des ein eine einen einem beim im am vom zum zur für mit und oder von zu auf bei nach
		dauert dauern kostet hat habe haben wird werden gibt ich wir man
		cuánto cuánta cuántos cuántas cómo cuál cuáles dónde cuándo qué es son
		el los las una del al para con y o cuesta dura hay tengo
		está están estaba tiene tienen tenía lleva llevan hace puede pueden debe
		a ai as avons ont était fait peut peuvent
		kann können gilt lautet lauten lautete noch übrig jede jeder jedes jeden
		each every still chaque encore cada puedo podemos todavía ogni ancora posso possiamo ainda elke elk nog
		quanto quanta quanti quante come quale quali dove quando perché che chi cosa cos è sono era
		il lo gli i un uno del della dello dei degli delle alla allo agli alle per con e di da in su
		costa costano dura serve servono bisogna devo deve posso può c'è ci
		quantos quantas qual quais onde porque porquê quem o os um uma umas uns da dos das no na nos nas ao à às
		em é são custa custam preciso pode tem têm há
		hoeveel hoe wat welke welk wie waar wanneer waarom zijn heeft hebben het de een van op voor met en of te bij naar
		kost kosten duurt moet moeten kan kunnen ik we je
		my your our their his her its
		mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs
		mein meine meinen meinem meiner meines dein deine deinen deinem deiner sein seine seinen seinem seiner ihr ihre ihren ihrem ihrer unser unsere unseren unserem unserer
		mi mis tu tus su sus nuestro nuestra nuestros nuestras
		mio mia miei mie tuo tua tuoi tue suo suoi sue nostro nostra nostri nostre
		meu minha meus minhas teu seu seus suas nosso nossa nossos nossas
		mijn jouw uw zijn haar ons onze hun
		hoch weit groß gross alt oft spät früh schnell tief breit schwer
		hoog ver groot oud vaak laat vroeg snel diep breed zwaar`) {
		phrasing[w] = true
	}
}

// TopicText returns question without its phrasing words (see phrasing):
// the words that name what the question is about. Code-like tokens and
// words in other case are kept as written. A French question's verb
// loses the subject pronoun hyphenated after it, with the euphonic "t"
// ("garde-t-elle" is "garde"; "peut-on", phrasing, is left out).
func TopicText(question string) string {
	var keep []string
	for _, w := range strings.FieldsFunc(question, func(r rune) bool { return unicode.IsSpace(r) }) {
		core := strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' }))
		if phrasing[core] {
			continue
		}
		parts := strings.Split(w, "-")
		k := len(parts)
		for ; k > 1; k-- {
			p := strings.ToLower(strings.TrimFunc(parts[k-1], func(r rune) bool { return !unicode.IsLetter(r) }))
			if !invertedSubject[p] {
				break
			}
		}
		if k < len(parts) {
			w = strings.Join(parts[:k], "-")
			if phrasing[strings.ToLower(w)] {
				continue
			}
		}
		keep = append(keep, w)
	}
	return strings.Join(keep, " ")
}

// Coverage returns the share of terms (the question's topical terms: the
// lexemes of TopicText, words that name a kind of value such as "e-mail
// address" or "price" left out) found in e (Evidence.hasTerm: as a lexeme
// or token, an inflection of one, or the same crude stem), in [0, 1], and
// the terms not found; 1 when there are no terms.
func Coverage(terms []Term, e *Evidence) (float64, []string) {
	have, all := 0, 0
	var absent []string
	for _, t := range terms {
		if typeWords[t.Lexeme] {
			continue
		}
		all++
		if e.hasTerm(t.Lexeme) {
			have++
		} else {
			absent = append(absent, t.Lexeme)
		}
	}
	if all == 0 {
		return 1, nil
	}
	return float64(have) / float64(all), absent
}

// AnswerType is the kind of value a question asks for, when it asks for one
// the checks can recognise: the expected answer type of question
// classification (Li & Roth, "Learning Question Classifiers", COLING 2002),
// restricted to the types whose absence from an answer is unambiguous.
type AnswerType string

// Answer types (Asks).
const (
	Money         AnswerType = "price"          // how much did X cost: an amount of money
	MailAddress   AnswerType = "e-mail address" // what is X's e-mail address: an address
	IPAddress     AnswerType = "IP address"     // what is the IP (address) of X: an IPv4 or IPv6 address
	PhoneNumber   AnswerType = "phone number"   // what is X's phone number: three digits or more (112)
	PostalAddress AnswerType = "address"        // what is X's (home, postal) address: a street, a postcode or a number with words, not a phone number alone
	PortNumber    AnswerType = "port"           // which port does X run on: a number
	Version       AnswerType = "version"        // which version of X: a number or a code with a digit (11.4.0, v2)
	Duration      AnswerType = "duration"       // how long does X take, keep, last: a time or a length
	Distance      AnswerType = "mileage"        // the mileage or odometer reading: a distance, or a number without a unit
	Count         AnswerType = "count"          // how many scones, combien d'enfants: a number that measures nothing
	Quantity      AnswerType = "quantity"       // how many / how much / at what temperature: a number
	Amount        AnswerType = "amount"         // how much is X: a price or a quantity with a unit (the ticket, the RAM)
	Year          AnswerType = "year"           // in what year did X: a year (a date, or a number of three or four digits)
)

// amountRe finds "how much is X" (and "how high is X"), which asks for a
// price (the ticket, the painter's bill) or a quantity (the RAM in the
// NAS, the fence) alike, in the index's languages.
var amountRe = regexp.MustCompile(`(?i)^(how (much|high) (is|are|was|were)|combien (est|sont|fait|font)|wie (viel|hoch) (ist|sind|war|waren|macht)|¿?cu[aá]nto (es|son|era|fue)|quanto (è|sono|era|fa)|quanto (é|são|era|foi)|hoe(veel| hoog) (is|zijn|was|waren))(\s|$)`)

var (
	// costRe finds a question about a price, or what was paid, in the
	// index's seven languages ("gekostet", "combien ai-je payé").
	costRe = regexp.MustCompile(`(?i)\b(cost|costs|costed|price|prices|priced|fee|fees)\b|\bhow much (did|do|does|will|would|was|were|is|are) .*\b(quote|quoted|charge|charged|bill|billed|refund|refunded|reimburse|reimbursed|owe|owed)\b|\bhow much (did|do|does|will|would) .*\b(pay|paid|spend|spent|charge|charged)\b|\bhow many (euros?|dollars?|pounds?|yen|francs?|kronur|kronor|kroner)\b|\bcombien (co[uû]t|pay)|\b(prix|tarif)\b|\b(kostet|kosteten|kostete|preis|gebühr)\b|\bcu[aá]nto (cuesta|cost[oó]|pag)|\bprecio\b|\bquanto (costa|cost[oò]|custa|custou|pag)|\b(prezzo|preço|prijs|tarifa|tariffa)\b|\bwat (kost|kostte|kosten)\b|\bhoeveel (kost|betaal)|\b(hoeveel|wie ?viel|combien|cu[aá]nto|quanto)\b.*\b(betaal|betaalt|betalen|zahle|zahlst|zahlt|zahlen|paie|paies|payons|payez|paient|payer|pago|pagas|paga|pagamos|pagan|pagam|pagar|paghi|paghiamo|pagano|pagare)\b` +
		`|\bgekostet\b|\b(wie ?viel|combien|cu[aá]nto|quanto|hoeveel)\b.*\b(bezahlt|gezahlt|erstattet|berechnet|pay[ée]e?s?|rembours[ée]e?s?|factur[ée]e?s?|pagad[oa]|pagu[eé]|pago|reembolsad[oa]|cobrad[oa]|pagato|rimborsat[oa]|pagou|betaald|terugbetaald|vergoed)([\s?.,!]|$)`)
	// quantityRe finds a question about a quantity. "How often" is not one:
	// "quarterly" answers it.
	quantityRe = regexp.MustCompile(`(?i)\bhow (many|much|long|old|far|big|heavy|high|fast|large|tall|deep|wide)\b|\b(what|which) (temperature|percentage|pressure|tyre pressure|tire pressure)\b|\bwelche[nmrs]? \pL*(druck|temperatur)\b|\bquelle (pression|température)\b|\bqu[eé] (presi[oó]n|temperatura)\b|\b(quale|che) (pressione|temperatura)\b|\bqual (a )?(press[aã]o|temperatura)\b|\bwelke (druk|bandenspanning|temperatuur)\b|\bcombien\b|\bwie (viel|viele|lange|alt|hoch|weit|schwer)\b|\bcu[aá]nt[oa]s?\b|\bquant[oaie]s?\b|\bhoeveel\b`)
)

var (
	// An address asked for by name; "email" alone only as whose e-mail
	// ("What's Anna's email?"), not as the message ("What was the
	// subject of the last email?").
	emailQRe = regexp.MustCompile(`(?i)\b(e-?mail|mail) address\b|\badresse (e-?mail|mail|électronique|electronique|courriel)\b|\be-?mail-?adresse\b|\bmailadresse\b|\bcorreo electr[oó]nico\b|\bdirecci[oó]n de correo\b|\bindirizzo (e-?mail|di posta)|\bendere[çc]o de (e-?mail|correio)|\be-?mail-?adres\b|^(what|which)('s|\s+is|\s+was)\s+(\S+'s|my|his|her|their|our|the \S+'s)\s+e-?mail\s*\?*\s*$`)
	// "IP address", or "IP" asked of something ("which IP does the
	// printer have"); not an IP rating or an IP camera.
	ipQRe = regexp.MustCompile(`(?i)\bIP(v4|v6)?[- ]?(address|adresse)\b|\badresse IP\b|\bdirecci[oó]n IP\b|\b(what|which)('s| is| was)?( the)? IP(v4|v6)?\b\s*(of|does|do|did|has|have|is|for)\b`)
	// postalQRe finds a question for where someone lives or a place is
	// (an address by its name in the index's languages); postalNotRe the
	// addresses that are no place's (web, e-mail, IP, MAC, a wallet's).
	postalQRe   = regexp.MustCompile(`(?i)(?:^|[^\pL-])(address|adresse|anschrift|wohnadresse|postadresse|dirección|direccion|domicilio|indirizzo|endereço|endereco|morada|adres|woonadres|postadres)(?:[^\pL-]|$)`)
	postalNotRe = regexp.MustCompile(`(?i)(?:^|[^\pL])(web|website|url|site|mac|bitcoin|wallet|server|network|port|host|hostname|dns|router|gateway|vpn|api|endpoint|netzwerk|réseau|red|rete|rede|netwerk|ip|ipv[46]|e-?mail|mail|courriel|correo|posta elettronica|e-?mail-?adresse)(?:[^\pL]|$)`)
	// streetRe names a street, a building's part or a postcode in the
	// index's languages: "Elm Lane", "Flat 3", "Gartenstraße 5", "rue des
	// Lilas", "calle Mayor", "via Roma", "rua Augusta", "Prinsengracht",
	// "75011 Paris", "SW1A 1AA", "1012 AB".
	streetRe = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:street|st\.|road|rd\.?|avenue|ave\.?|lane|way|drive|close|court|crescent|place|square|terrace|gardens|flat|apt\.?|apartment|house|building|floor|` +
		`\pL*stra(?:ß|ss)e|\pL*str\.|\pL*weg|\pL*gasse|\pL*platz|\pL*allee|\pL*ring|\pL*damm|wohnung|stock|` +
		`rue|av\.|boulevard|bd|chemin|impasse|allée|quai|bâtiment|étage|appartement|` +
		`calle|c/|avda\.?|avenida|plaza|paseo|camino|piso|portal|via|viale|piazza|corso|vicolo|largo|interno|scala|rua|travessa|praça|alameda|andar|` +
		`\pL*straat|\pL*laan|\pL*plein|\pL*gracht|\pL*kade|\pL*singel|\pL*dreef|\pL*steeg)(?:[^\pL]|$)|` +
		`\b\d{4,5}\s+\p{Lu}\pL+|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b|\b\d{4}\s?[A-Z]{2}\b`)
	// phoneRunRe is a run of digits with the separators phone numbers
	// are written with (+49 30 1234567, (030) 123-45, 0176/1234567).
	phoneRunRe = regexp.MustCompile(`\+?\(?\d[\d ()/.\-]*\d`)
	// bareYearRe is a year alone, which is no phone number.
	bareYearRe = regexp.MustCompile(`^(1[89]|20)\d\d$`)
	phoneQRe   = regexp.MustCompile(`(?i)\b(phone|telephone|mobile|cell) (number|no\.|#)|\btelefonnummer\b|\bhandynummer\b|\bnum[ée]ro de (t[ée]l[ée]phone|portable)\b|\bn[uú]mero de (tel[ée]fono|m[oó]vil|celular)\b|\bnumero di (telefono|cellulare)\b|\bn[uú]mero de (telefone|telem[oó]vel|celular)\b|\b(telefoon|gsm|mobiel)nummer\b`)
	// A network port: asked with "on which port", "port number", or a
	// verb of serving ("which port does Jellyfin run on"); not a harbour
	// ("which port does the ferry leave from").
	portQRe = regexp.MustCompile(`(?i)\bport number\b|\bon (which|what) port\b|\b(which|what) port (does|do|did|is|should|will)\b.*\b(run|runs|running|listen|listens|serve|serves|use|uses|expose|exposes|bind|binds|open|reach|stream|streams)\b|\bsur quel port\b|\bauf welche[mn]? port\b|\ben qu[eé] puerto\b`)
	// distanceQRe finds a question about a mileage or odometer reading, or
	// how many miles or kilometres.
	distanceQRe = regexp.MustCompile(`(?i)\b(mileage|odometer|kilometerstand|kilom[ée]trage|kilometraje)\b|\bhow many (miles|kilomet(re|er)s|km)\b|\bwie viele kilometer\b|\bcombien de (kilom[èe]tres|km)\b|\bcu[aá]ntos (kil[oó]metros|km)\b|\bquanti (chilometri|km)\b|\bquantos (quil[oó]metros|km)\b|\bhoeveel (kilometer|km)\b`)
	// yearQRe finds a question for a year: "in what year", "which year",
	// in the index's seven languages.
	yearQRe = regexp.MustCompile(`(?i)\b(what|which) year(\s|\?|$)|\ben quelle année\b|\bin welchem jahr\b|\ben qu[eé] año\b|\bin (che|quale) anno\b|\bem que ano\b|\bin welk jaar\b`)
	// yearRe is a number that can be a year: three or four digits, not
	// part of a longer number (476, 1066, 2025).
	yearRe = regexp.MustCompile(`(^|[^\d.,])\d{3,4}([^\d.,]|[.,](\D|$)|$)`)
	// durationQRe finds "how long" (a time, or a length: "how long are the
	// passages" is answered by "100 words").
	durationQRe = regexp.MustCompile(`(?i)\bhow long\b|\bwie lange\b|\bcombien de temps\b|\bpendant combien\b|\bcu[aá]nto tiempo\b|\bquanto tempo\b|\bhoe lang\b`)
)

// postalQuestion reports whether question asks for a place's or a
// person's address (postalQRe), not a web, e-mail or network one
// (postalNotRe).
func postalQuestion(question string) bool {
	return postalQRe.MatchString(question) && !postalNotRe.MatchString(question)
}

// Asks returns the answer type question asks for, or "" when it asks for
// none the checks recognise: the first type of asksTable one of whose
// patterns matches (English, French, German, Spanish, Italian,
// Portuguese, Dutch, Russian, Chinese and Japanese questions).
func Asks(question string) AnswerType {
	for _, row := range asksTable {
		if row.is != nil && row.is(question) {
			return row.t
		}
		for _, re := range row.res {
			if re.MatchString(question) {
				return row.t
			}
		}
	}
	return ""
}

// timeUnits are the normalised units (units) of time.
var timeUnits = map[string]bool{"ms": true, "s": true, "min": true, "h": true, "d": true, "wk": true, "mo": true, "yr": true}

// lengthUnits are the normalised units of length, which answer "how long"
// too.
var lengthUnits = map[string]bool{"km": true, "m": true, "cm": true, "mm": true, "in": true, "ft": true}

var (
	// untilRe: a time given by its end ("until it has doubled", "until
	// 2026", "bis Ende März").
	untilRe = regexp.MustCompile(`(?i)\b(until|till|through|bis|jusqu'?(à|au|en)|hasta)\b`)
	// timeWords name a span of time (and "overnight"), in English,
	// French, German, Spanish, Italian, Portuguese and Dutch.
	timeWordRe = regexp.MustCompile(`(?i)\b(seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|nights?|overnight|weeks?|wks?|weekends?|fortnights?|months?|mos|years?|yrs?|decades?|` +
		`secondes?|heures?|jours?|nuits?|semaines?|mois|ans|années?|` +
		`sekunden?|minuten?|stunden?|tage?n?|nächte|nacht|wochen?|monate?n?|jahre?n?|` +
		`segundos?|minutos?|horas?|días?|noches?|semanas?|mes(es)?|años?|` +
		`secondi|minuti|ore|giorni|notti|settimane|mesi|anni|dias|noites|anos|` +
		`seconden|minuten|uur|uren|dagen|nachten|weken|maanden|jaar|jaren)\b`)
	// lengthAfter is a count of something a length is measured in,
	// written after a number ("100 words").
	lengthAfter = regexp.MustCompile(`(?i)^[\s-]?(words?|tokens?|characters?|chars?|letters?|pages?|lines?|sentences?|paragraphs?|metres?|meters?|miles?|mi|yards?|yd|inches?|feet|foot)\b`)
	// clockSpan is a span written like a clock: 2h15, 1h, 3:55 h.
	clockSpan = regexp.MustCompile(`(?i)\b\d+h\d*\b|\b\d+:\d{2}\s?h\b`)
)

// Gives reports whether sentence gives a value of type t: for Money, a
// number with a currency (14,000 yen, 438 €, $5) or the word "free"; for
// Quantity, a number (digits or a number word: "38 minutes", "six") or a
// date, but not only amounts of money; for Distance a number without a
// unit or with one of distance; for MailAddress an e-mail address; for IPAddress an IPv4 or IPv6
// address; for PhoneNumber three digits or more; for PortNumber a digit;
// for Duration a word of time ("minutes", "overnight", "heures"), an end
// ("until it has doubled"), a date, a number with a unit of time or length,
// a number of words, pages or the like, or a clock span ("3:55 h",
// "2h15").
func Gives(t AnswerType, sentence string) bool {
	switch t {
	case Money:
		for _, f := range Facts(sentence) {
			if f.Kind != Number {
				continue
			}
			for _, v := range f.values {
				if currencies[v[strings.LastIndexByte(v, ' ')+1:]] {
					return true
				}
			}
		}
		return freeRe.MatchString(sentence)
	case Count:
		// A count is a number that measures nothing ("12 scones", "one
		// tablet") outside a list of measures, or one measure alone
		// (potatoes bought by the kilo):
		// not an amount of money, a time, a temperature, a date or a time
		// of day, nor a list of measures ("250 g oats, 125 g butter" does
		// not say how many flapjacks). GivesAnswer also takes a measure of
		// the counted thing itself.
		measures, bare := 0, false
		for _, f := range Facts(sentence) {
			if f.Kind != Number {
				continue
			}
			switch u := numberUnit(f); {
			case u == "" || u == "%" || u == "k":
				bare = true
			case !currencies[u] && !timeUnits[u] && u != "°c" && u != "°f" && u != "°":
				measures++
			}
		}
		// In a list of measures a bare number counts another ingredient
		// ("250 g de farine, 4 œufs, 50 cl de lait" for how many crêpes);
		// GivesAnswer takes it when the counted noun follows it.
		return (bare || oneRe.MatchString(sentence)) && measures < 2 || measures == 1 || timesRe.MatchString(sentence)
	case Quantity:
		// An amount of money answers a price, not a quantity ("34 €" for
		// how many people).
		money := false
		for _, f := range Facts(sentence) {
			switch {
			case f.Kind == Number && currencies[numberUnit(f)]:
				money = true
			case f.Kind == Number || f.Kind == Date:
				return true
			}
		}
		return !money && strings.ContainsAny(sentence, "0123456789")
	case Distance:
		for _, f := range Facts(sentence) {
			if f.Kind != Number {
				continue
			}
			switch numberUnit(f) {
			case "", "km", "m", "ft":
				return true
			}
		}
		return false
	case MailAddress:
		for _, f := range Facts(sentence) {
			if f.Kind == Email {
				return true
			}
		}
		return false
	case IPAddress:
		return ipv4Re.MatchString(sentence) || ipv6Re.MatchString(sentence)
	case PostalAddress:
		// A street, a building's part or a postcode, or a number that is
		// no telephone number, date, time or amount (a house number);
		// a telephone number alone is no address.
		if streetRe.MatchString(sentence) {
			return true
		}
		for _, f := range Facts(sentence) {
			if f.Kind == Number && numberUnit(f) == "" && len(strings.Join(digitRuns(f.Text), "")) <= 5 {
				return true
			}
		}
		return false
	case PhoneNumber:
		// Three digits or more (112) in one run that is not a date, a
		// year or a number with a unit: "the latest was on 6 February
		// 2025" gives no phone number.
		for _, f := range Facts(sentence) {
			if f.Kind == Date || f.Kind == Number && numberUnit(f) != "" {
				sentence = strings.ReplaceAll(sentence, f.Text, " ")
			}
		}
		for _, run := range phoneRunRe.FindAllString(sentence, -1) {
			digits := 0
			for _, r := range run {
				if r >= '0' && r <= '9' {
					digits++
				}
			}
			if digits >= 3 && !bareYearRe.MatchString(strings.TrimSpace(run)) {
				return true
			}
		}
		return false
	case PortNumber, Version:
		return strings.ContainsAny(sentence, "0123456789")
	case TimeOfDay:
		return givesTimeOfDay(sentence)
	case Day:
		return givesDay(sentence)
	case When:
		return givesWhen(sentence)
	case Year:
		for _, f := range Facts(sentence) {
			if f.Kind == Date && !strings.HasPrefix(f.values[0], "0-") {
				return true
			}
		}
		return yearRe.MatchString(sentence)
	case Amount:
		// A price, or a quantity with a unit (16 GB, 2 kg): a bare count
		// ("2 people" for the flights) answers neither.
		for _, f := range Facts(sentence) {
			if f.Kind == Number && numberUnit(f) != "" {
				return true
			}
		}
		return freeRe.MatchString(sentence)
	case Duration:
		// A time: a time word, an end (until when), a clock span (3:55 h),
		// a date (since when, "12–15 June"); a span between two times. A date with its time of day is when something
		// happens, not for how long ("3 June, 10:20"), and so is a time of
		// day after "at".
		if timeWordRe.MatchString(sentence) || timeWordScriptsRe.MatchString(sentence) || untilRe.MatchString(sentence) || clockSpan.MatchString(sentence) {
			return true
		}
		facts := Facts(sentence)
		dates, times := 0, 0
		for _, f := range facts {
			switch {
			case f.Kind == Date:
				dates++
			case isTime(f):
				times++
			}
		}
		if dates >= 2 || times >= 2 || dates == 1 && times == 0 {
			return true
		}
		dated := dates > 0
		for _, f := range facts {
			switch {
			case f.Kind == Number:
				if u := numberUnit(f); timeUnits[u] || lengthUnits[u] {
					return true
				}
				if lengthAfter.MatchString(sentence[f.End:]) {
					return true
				}
			case f.Kind == Code && strings.Contains(f.Text, ":") && strings.ContainsAny(f.Text, "0123456789"):
				// "2:15" is how long a film runs; at a date, or after "at",
				// it is when.
				if !dated && !clockAtRe.MatchString(sentence[:f.Start]) {
					return true
				}
			}
		}
		return false
	}
	return true
}

// clockAtRe is a word that puts a time of day after it: at, um, à,
// a las, alle, às, om, gegen, vers.
var clockAtRe = regexp.MustCompile(`(?i)(?:^|[^\pL\pN])(at|um|gegen|ab|à|vers|a las|a la|alle|all'|às|om)\s*$`)

var freeRe = regexp.MustCompile(`(?i)\b(free|for nothing|no charge|gratuit|gratis|kostenlos|umsonst)\b`)

// Restates reports whether sentence only repeats question ("The tomato
// variety splits after heavy rain." for "Which tomato variety splits after
// heavy rain?"): every lexeme of the sentence (sentenceTerms) is one of the
// question's (questionTerms), and it states no fact (Facts) the question
// does not. Small models write such echoes when they find no answer; they
// pass every support check, since the passage holds the question's words.
func Restates(question, sentence string, questionTerms, sentenceTerms []string) bool {
	if len(sentenceTerms) == 0 {
		return false
	}
	q := map[string]bool{}
	for _, t := range questionTerms {
		q[t] = true
	}
	for _, t := range sentenceTerms {
		// A number, in digits or words, is compared as a fact below
		// ("every 5 hours" restates "once every five hours").
		_, word := numberWords[t]
		if !q[t] && !word && t != "one" && t != "once" && strings.Trim(t, "0123456789.,") != "" {
			return false
		}
	}
	asked := NewEvidence(question, questionTerms)
	for _, f := range Facts(sentence) {
		if !asked.Has(f) {
			return false
		}
	}
	return true
}

// currencies are the normalised units (units) of money.
var currencies = map[string]bool{"eur": true, "usd": true, "gbp": true, "jpy": true, "chf": true, "isk": true, "sek": true,
	"nok": true, "dkk": true, "kr": true, "cad": true, "aud": true, "rub": true, "cny": true}

// yesNoRe finds a question that asks whether something holds: it starts
// with an auxiliary verb (English, German, French "est-ce que", Spanish
// questions start with the verb and are not recognised).
var yesNoRe = regexp.MustCompile(`(?i)^\s*(do|does|did|is|are|was|were|can|could|has|have|had|will|would|should|shall|may|might|must|isn't|aren't|doesn't|don't|didn't|ist|sind|hat|haben|kann|können|gibt es|war|wird|est-ce que?|est-il|sont-ils|peut-on)\b`)

// YesNo reports whether question asks whether something holds ("Does the
// warranty cover the battery?", "Do the notes support the claim that …?"):
// an answer to it repeats the question's words by design, so it is not
// judged as a restatement; its quotation must settle it.
// German "Was" (what) opens no yes/no question: a question that starts
// with "was" and holds a German function word (germanWords) is not one.
func YesNo(question string) bool {
	m := yesNoRe.FindStringSubmatch(question)
	if m == nil {
		return false
	}
	if strings.EqualFold(m[1], "was") {
		for _, w := range strings.FieldsFunc(strings.ToLower(question), func(r rune) bool { return !unicode.IsLetter(r) }) {
			if germanWords[w] {
				return false
			}
		}
	}
	return true
}

// germanWords are German function words that English does not use.
var germanWords = map[string]bool{"der": true, "die": true, "das": true, "den": true, "dem": true, "des": true, "ein": true,
	"eine": true, "einen": true, "ist": true, "bei": true, "beim": true, "mit": true, "und": true, "nicht": true, "ich": true,
	"mein": true, "meine": true, "wir": true, "für": true, "auf": true, "zum": true, "zur": true, "bedeutet": true, "kostet": true}

// Unasked returns sentence with each word the question also holds blanked
// out by as many spaces (so byte offsets stay), for the answer-type check:
// a value the question itself names is no answer to it ("for the weekend"
// gives no duration to "How long can I borrow the van for the weekend?").
// Words are runs of letters and digits, compared in lower case. A word
// right after a number stays (its unit: "45 minutes" still answers "How
// long, in minutes, is the drive?"), and so does every word when the
// question holds none of the sentence's (cross-language answers).
func Unasked(question, sentence string) string {
	isWord := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	asked := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(question), func(r rune) bool { return !isWord(r) }) {
		asked[w] = true
	}
	b := []byte(sentence)
	prev := ""
	for i := 0; i < len(sentence); {
		r, size := utf8.DecodeRuneInString(sentence[i:])
		if !isWord(r) {
			i += size
			continue
		}
		j := i + size
		for j < len(sentence) {
			r, size := utf8.DecodeRuneInString(sentence[j:])
			if !isWord(r) {
				break
			}
			j += size
		}
		w := strings.ToLower(sentence[i:j])
		_, spelled := numberWords[prev]
		if asked[w] && !spelled && strings.Trim(prev, "0123456789") == prev {
			for k := i; k < j; k++ {
				b[k] = ' '
			}
		}
		prev, i = w, j
	}
	return string(b)
}
