package language

import (
	"testing"

	"github.com/abadojack/whatlanggo"
)

// TestFunctionWordLanguage: short questions whose trigrams whatlanggo
// misreads are told by their function words, and a question with too few
// of them is left undecided. Mutation: MinFunctionWordScore = 1 (the last
// case reads as English).
func TestFunctionWordLanguage(t *testing.T) {
	for _, c := range []struct {
		q    string
		want whatlanggo.Lang
		ok   bool
	}{
		{"Quel est le numéro de téléphone de mon médecin généraliste ?", whatlanggo.Fra, true},
		{"¿Cuánta agua gasta el programa Eco 50 del lavavajillas?", whatlanggo.Spa, true},
		{"¿Cuántas horas reposa la masa de pan de masa madre en la nevera?", whatlanggo.Spa, true},
		{"Welchen Wert hat work_mem in PostgreSQL auf dem Heimserver?", whatlanggo.Deu, true},
		{"¿Cuándo le toca a Luna la vacuna de la rabia?", whatlanggo.Spa, true}, // le, a, la, de are French too
		{"Which port does Jellyfin run on?", whatlanggo.Eng, true},
		{"How many people does the recipe serve?", whatlanggo.Eng, true},
		{"Quanto custa o seguro da bicicleta?", whatlanggo.Por, true},
		{"Quanto costa l'assicurazione della bici?", whatlanggo.Ita, true},
		{"Hoeveel kost het onderhoud van de ketel?", whatlanggo.Nld, true},
		{"Port of Jellyfin?", -1, false},
	} {
		got, ok := FunctionWordLanguage(c.q)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("FunctionWordLanguage(%q) = %v, %v; want %v, %v", c.q, got, ok, c.want, c.ok)
		}
	}
}

// TestUntold: a row of names and values whose function words tell nothing,
// agreeing with a question in another language only by a shared name, is
// untold; so is one whose passage has no prose to tell. A row in the
// question's language within prose in that language is not, nor is a
// quotation whose function words tell. Mutations: Untold ignoring the
// passage's language (the German and English rows in their own prose are
// untold); functionWordsAgree never telling (the German sentence is
// untold).
func TestUntold(t *testing.T) {
	team := "Team\nThe platform team is spread over three time zones, so the on-call rota hands over at the start of each working day.\n\n| name | role | time zone |\n|---|---|---|\n| Marco Bianchi | databases | Europe/Zurich |"
	costs := "Iceland 2023: costs\n| item | cost |\n|---|---|\n| flights Frankfurt–Keflavík, return | 2 × 389 € |"
	docs := "Dokumente\nDie Pässe liegen im Schrank im Flur, und die Kopien sind in der Cloud, damit wir sie auf Reisen immer dabei haben.\nReisepass: gültig bis 11.11.2026"
	trip := "Lisbon\nWe stayed four nights in Alfama and walked almost everywhere, which was the best part of the trip.\nAirbnb Lisbon: 412 €"
	for _, c := range []struct {
		question, quote, passage string
		want                     bool
	}{
		{"Dans quel fuseau horaire travaille Marco, notre collègue des bases de données ?", "| Marco Bianchi | databases | Europe/Zurich |", team, true},
		{"Combien a coûté mon billet d'avion aller-retour Francfort–Keflavík ?", "| flights Frankfurt–Keflavík, return | 2 × 389 € |", costs, true},
		{"Wann läuft mein Reisepass ab?", "Reisepass: gültig bis 11.11.2026", docs, false},
		{"How much was the Airbnb in Lisbon?", "Airbnb Lisbon: 412 €", trip, false},
		{"Wann läuft mein Reisepass ab?", "Die Pässe liegen im Schrank im Flur", trip, false},
		{"Сколько стоили билеты?", "| flights Frankfurt–Keflavík, return | 2 × 389 € |", costs, false},
	} {
		if got := Untold(c.question, c.quote, c.passage); got != c.want {
			t.Errorf("Untold(%q, %q) = %v, want %v", c.question, c.quote, got, c.want)
		}
	}
}
