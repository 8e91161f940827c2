package claim

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// identifierWords name a number that identifies rather than measures,
// in the index's languages: an account, a contract, a telephone, a
// booking ("customer" alone is more often a name's label). Compounds
// ending in "nummer", "nr", "code" or "konto" ("Kundennummer", "Kundennr.",
// "Buchungscode", "Kundenkonto") are read by identifierWord.
var identifierWords = map[string]bool{}

// amountWords name an amount ("fee", "price", "total", "Gebühr",
// "frais", "cuota", "prezzo", "preço", "bedrag"): beside one, an
// identifier's word names what the amount is for ("account fee 1200",
// "Booking deposit: 2000").
var amountWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`number no nr id code pin puk account iban bic swift sort ref reference booking order policy contract serial phone tel telephone mobile cell fax ext extension ticket confirmation vin plate registration tracking postcode zip passport licence license
		konto vertrag telefon handy durchwahl aktenzeichen buchung bestellung kennzeichen plz postleitzahl ausweis
		numéro n° réf référence compte contrat police dossier commande réservation tél téléphone portable poste immatriculation cp digicode
		número nº núm referencia código cuenta póliza pedido reserva teléfono móvil matrícula expediente contrato
		numero codice conto polizza ordine prenotazione telefono cellulare interno targa pratica contratto
		conta apólice encomenda telefone telemóvel celular processo referência
		rekening polis bestelling reservering boeking telefoon mobiel toestel kenteken`) {
		identifierWords[w] = true
	}
	for _, w := range strings.Fields(`fee fees price cost costs total bill deposit premium charge charges rate rent amount balance payment sum
		gebühr gebühren preis kosten betrag summe rechnung miete beitrag kaution gesamt
		frais prix coût montant tarif total loyer cotisation caution facture
		precio coste costo importe cuota tarifa alquiler fianza factura
		prezzo importo tariffa affitto canone quota fattura
		preço custo valor taxa renda fatura
		prijs kosten bedrag tarief huur borg factuur totaal`) {
		amountWords[w] = true
	}
}

// identifierWord reports whether lower-cased w names an identifier
// (identifierWords, or a compound of "nummer", "nr", "code" or "konto").
func identifierWord(w string) bool {
	if identifierWords[w] {
		return true
	}
	for _, end := range []string{"nummer", "nummern", "nr", "code", "konto"} {
		if len(w) > len(end)+2 && strings.HasSuffix(w, end) {
			return true
		}
	}
	return false
}

// identifierSlot reports whether fact f of text, a whole number of four
// digits or more, stands where a line gives an identifier: after a label
// of four words or fewer that names one ("Kundennummer: 30-4471 – seit
// der Umstellung gilt 30 77 14", "Account no.: 63019284"), with no comma,
// semicolon or other label between, or after such a word within the last
// three words of its clause ("account 63019284", "PIN 4471", "N°
// adhérent 3319", "Kundennummer ist jetzt 4471"), with no other number
// between. Such a number is no amount: "30 77 14 €" is not a price the
// line states. A smaller number or a decimal one is an amount as often
// ("Telefon: 30 monatlich", "Order: 37.50"), and so is a number a word
// of amount stands beside ("Account fee 1200", amountWords); a label
// that holds a number names a numbered item ("Invoice no. 113: 4500"),
// whose value is no identifier either.
func identifierSlot(text string, f Fact) bool {
	if digits := digitRuns(f.Text); len(strings.Join(digits, "")) < 4 || len(digits) == 2 && strings.ContainsAny(f.Text, ".,") && !strings.ContainsAny(f.Text, " -/") {
		return false // "19,99", "214": an amount as often
	}
	ls := strings.LastIndexByte(text[:f.Start], '\n') + 1
	before := text[ls:f.Start]
	words := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && r != '°' && r != 'º' })
	}
	names := func(w []string) bool {
		return slices.ContainsFunc(w, identifierWord) && !slices.ContainsFunc(w, func(x string) bool { return amountWords[x] })
	}
	if head := strings.TrimRight(before, " \t:#.\u00a0"); head != before {
		// The last three words, in the number's own clause, after any
		// other number ("Order #4471 total 1200" gives no identifier 1200).
		head = head[strings.LastIndexAny(head, ",;")+1:]
		head = head[strings.LastIndexFunc(head, unicode.IsDigit)+1:]
		w := words(head)
		if names(w[max(0, len(w)-3):]) {
			return true
		}
	}
	label, rest, ok := strings.Cut(before, ":")
	if !ok {
		return false
	}
	lw := words(label)
	if len(lw) == 0 || len(lw) > 4 || strings.ContainsAny(rest, ",;:") || strings.IndexFunc(label, unicode.IsDigit) >= 0 {
		return false
	}
	return names(append(lw, words(rest)...))
}

// groupedDigitsRe matches digits in two groups or more parted by one
// space, hyphen, dot or slash each ("30 77 14", "30-4471", "4711/0815").
var groupedDigitsRe = regexp.MustCompile(`(?:^|[^\p{L}\p{N}_.,/+:-])(\d{1,8}(?:[ .\-/\x{00a0}]\d{1,8})+)`)

// findGroupedIdentifiers returns the runs of grouped digits of text that
// stand where a line gives an identifier (identifierSlot) as one number
// each, whose value is its digits, when they hold five digits or more and
// no letter, digit or decimal part follows: "Kundennummer: 30-4471 … gilt
// 30 77 14" gives 304471 and 307714, two customer numbers, not the
// numbers 30, 4471, 30, 77 and 14.
func findGroupedIdentifiers(text string) []Fact {
	var out []Fact
	for _, m := range groupedDigitsRe.FindAllStringSubmatchIndex(text, -1) {
		s, e := m[2], m[3]
		if !valueEnds(text, e) {
			continue
		}
		digits := strings.Join(digitRuns(text[s:e]), "")
		f := Fact{Kind: Number, Text: text[s:e], Start: s, End: e, values: []string{digits + " "}}
		if len(digits) >= 5 && identifierSlot(text, f) {
			out = append(out, f)
		}
	}
	return out
}
