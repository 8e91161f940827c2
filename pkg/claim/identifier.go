package claim

import (
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
// ("account 63019284", "PIN 4471", "N° adhérent 3319").
// Such a number is no amount: "30 77 14 €" is not a price the line
// states.
func identifierSlot(text string, f Fact) bool {
	ls := strings.LastIndexByte(text[:f.Start], '\n') + 1
	before := text[ls:f.Start]
	words := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && r != '°' && r != 'º' })
	}
	if head := strings.TrimRight(before, " \t:#.\u00a0"); head != before {
		// The last two words, in the number's own clause.
		head = head[strings.LastIndexAny(head, ",;")+1:]
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
	if len(lw) == 0 || len(lw) > 4 || strings.ContainsAny(rest, ",;:") {
		return false
	}
	for _, w := range lw {
		if identifierWord(w) {
			return true
		}
	}
	return false
}
