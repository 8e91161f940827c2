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
