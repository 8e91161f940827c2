package claim

import (
	"regexp"
	"strings"
	"unicode"
)

// identifierWords name a number that identifies rather than measures,
// in the index's languages: an account, a contract, a telephone, a
// booking ("customer" alone is more often a name's label). German and Dutch compounds of "nummer"
// ("Kundennummer", "klantnummer") are read by identifierWord.
var identifierWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`number no nr id code pin account iban bic swift sort ref reference booking order policy contract serial phone tel telephone mobile fax ext extension ticket confirmation vin plate registration tracking postcode zip passport licence license
		konto vertrag telefon handy aktenzeichen buchung bestellung kennzeichen plz ausweis
		numéro n° réf référence compte contrat police dossier commande réservation tél téléphone portable immatriculation cp digicode
		número nº núm referencia código cuenta póliza pedido reserva teléfono móvil matrícula expediente
		numero codice conto polizza ordine prenotazione telefono cellulare targa pratica
		conta apólice encomenda telefone telemóvel celular processo
		rekening polis bestelling reservering boeking telefoon mobiel kenteken`) {
		identifierWords[w] = true
	}
}

// identifierWord reports whether lower-cased w names an identifier
// (identifierWords, or a compound of "nummer").
func identifierWord(w string) bool {
	return identifierWords[w] || strings.HasSuffix(w, "nummer") || strings.HasSuffix(w, "nummern")
}

// identifierSlot reports whether fact f of text stands where a line
// gives an identifier: after a label of four words or fewer that names
// one ("Kundennummer: 30-4471 – seit der Umstellung gilt 30 77 14",
// "Account no.: 63019284"), with no comma, semicolon or other label
// between, or right after such a word or one word later in its clause
// ("account 63019284", "PIN 4471", "N° adhérent 3319"), with no other
// number between. A label that holds a number names a numbered item
// ("Invoice no. 113: 450"), whose value is no identifier.
// Such a number is no amount: "30 77 14 €" is not a price the line
// states.
func identifierSlot(text string, f Fact) bool {
	ls := strings.LastIndexByte(text[:f.Start], '\n') + 1
	before := text[ls:f.Start]
	words := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && r != '°' && r != 'º' })
	}
	if head := strings.TrimRight(before, " \t:#.\u00a0"); head != before {
		// The last two words, in the number's own clause, after any
		// other number ("Order #4471 total 120" gives no identifier 120).
		head = head[strings.LastIndexAny(head, ",;")+1:]
		head = head[strings.LastIndexFunc(head, unicode.IsDigit)+1:]
		w := words(head)
		for _, x := range w[max(0, len(w)-2):] {
			if identifierWord(x) {
				return true
			}
		}
	}
	label, rest, ok := strings.Cut(before, ":")
	if !ok {
		return false
	}
	lw := words(label)
	if len(lw) == 0 || len(lw) > 4 || strings.ContainsAny(rest, ",;:") || strings.IndexFunc(label, unicode.IsDigit) >= 0 {
		// A label with a number of its own names a numbered item, whose
		// value follows: "Invoice no. 113: 450".
		return false
	}
	for _, w := range lw {
		if identifierWord(w) {
			return true
		}
	}
	return false
}

// groupedDigitsRe matches digits in two groups or more parted by one
// space, hyphen, dot or slash each ("30 77 14", "30-4471", "4711/0815").
var groupedDigitsRe = regexp.MustCompile(`(?:^|[^\p{L}\p{N}_.,/+:-])(\d{1,6}(?:[ .\-/\x{00a0}]\d{1,6})+)`)

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
