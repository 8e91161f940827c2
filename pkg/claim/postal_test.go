package claim

import "testing"

// TestPostalAddress: a question for a place's or a person's address asks
// for one, not one for a web, e-mail or network address (mutations:
// postalNotRe not read types the Grafana and Wi-Fi questions; the row
// left out of asksTable types none); a street, a postcode or a house
// number gives one and a telephone number alone does not (mutation:
// the digit bound dropped from Gives' PostalAddress case).
func TestPostalAddress(t *testing.T) {
	for q, want := range map[string]AnswerType{
		"Quelle est l'adresse de Camille ?":             PostalAddress,
		"What's the address of the vet?":                PostalAddress,
		"Wie lautet die Anschrift der Hausverwaltung?":  PostalAddress,
		"¿Cuál es la dirección del gimnasio?":           PostalAddress,
		"Wat is het adres van de tandarts?":             PostalAddress,
		"What is the router's web address?":             "",
		"Wie lautet die E-Mail-Adresse der Schule?":     MailAddress,
		"Which address and port do I open for Grafana?": "",
		"What is the MAC address of the printer?":       "",
	} {
		if got := Asks(q); got != want {
			t.Errorf("Asks(%q) = %q, want %q", q, got, want)
		}
	}
	const q = "Quelle est l'adresse de Camille ?"
	for s, want := range map[string]bool{
		"Camille's address is 06 42 17 88 03.":     false,
		"Camille, 06 42 17 88 03, 12 € de l'heure": false,
		"Camille habite 14 rue des Lilas.":         true,
		"Camille: Flat 3, Rosebank House":          true,
		"Camille wohnt in der Gartenstraße 5.":     true,
		"Camille, 75011 Paris":                     true,
		"Camille lives at 27 Elmwood":              true,
	} {
		if got := GivesAnswer(q, PostalAddress, s); got != want {
			t.Errorf("GivesAnswer(%q, address, %q) = %v, want %v", q, s, got, want)
		}
	}
}
