package language

import (
	"strings"
	"unicode"

	"github.com/abadojack/whatlanggo"
)

// functionWords are closed-class words of the Latin-script languages the
// answer checks meet most (question words, articles, pronouns,
// prepositions, auxiliaries), the ones a question is built from whatever
// it asks. Character trigrams need more text than a question has
// (whatlanggo takes "¿Cuánta agua gasta el programa Eco 50 del
// lavavajillas?" for Esperanto at 0.08); its function words tell it.
// A word several languages share counts for each.
var functionWords = map[whatlanggo.Lang]string{
	whatlanggo.Eng: `what which who whom whose when where why how is are was were do does did the a an of to in on at for with from my your our their this that these those have has had can could should would will much many`,
	whatlanggo.Deu: `was welche welcher welches welchen wer wem wen wann wo warum wie ist sind war waren hat haben hatte der die das den dem des ein eine einen einem einer ich mein meine meinen meinem wir unser unsere für mit auf bei vom zum zur im am viel viele wurde wurden`,
	whatlanggo.Fra: `quel quelle quels quelles qui que quoi quand où pourquoi comment combien est sont était le la les l un une des du de au aux mon ma mes notre nos pour avec sur dans je nous ai avons a ont`,
	whatlanggo.Spa: `qué cuál cuáles quién quiénes cuándo dónde por porqué cómo cuánto cuánta cuántos cuántas es son era fue el la los las un una del al de mi mis nuestro nuestra para con en yo tengo hay está están`,
	whatlanggo.Ita: `che cosa quale quali chi quando dove perché come quanto quanta quanti quante è sono era il lo la gli le un uno una del della dei delle di al alla mio mia miei nostro nostra per con su nel nella ho abbiamo`,
	whatlanggo.Por: `que qual quais quem quando onde porque como quanto quanta quantos quantas é são era foi o a os as um uma do da dos das de no na nos nas ao meu minha nosso nossa para com em eu tenho temos`,
	whatlanggo.Nld: `wat welke welk wie wanneer waar waarom hoe hoeveel is zijn was waren heeft hebben had de het een van voor met op bij in mijn onze ik we wij`,
}

// functionWordSets is functionWords as sets.
var functionWordSets = func() map[whatlanggo.Lang]map[string]bool {
	out := map[whatlanggo.Lang]map[string]bool{}
	for l, ws := range functionWords {
		out[l] = map[string]bool{}
		for _, w := range strings.Fields(ws) {
			out[l][w] = true
		}
	}
	return out
}()

// MinFunctionWords is the fewest function words of one language a
// question must hold for QuestionLanguage to tell its language.
const MinFunctionWords = 2

// QuestionLanguage returns the language of a short Latin-script question
// told by its function words (functionWords): the language with the most
// of them, at least MinFunctionWords and more than any other; ok is false
// when none leads so ("Eco 50 E22?"), and the caller falls back on
// trigrams. Words are compared in lower case; the elided French "l'" and
// "qu'" count as "l" and "que".
func QuestionLanguage(question string) (lang whatlanggo.Lang, ok bool) {
	count := map[whatlanggo.Lang]int{}
	for _, w := range strings.FieldsFunc(strings.ToLower(question), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if w == "qu" {
			w = "que"
		}
		for l, set := range functionWordSets {
			if set[w] {
				count[l]++
			}
		}
	}
	first, second := whatlanggo.Lang(-1), whatlanggo.Lang(-1)
	for l, n := range count {
		switch {
		case first < 0 || n > count[first]:
			first, second = l, first
		case second < 0 || n > count[second]:
			second = l
		}
	}
	if first < 0 || count[first] < MinFunctionWords || second >= 0 && count[second] == count[first] {
		return -1, false
	}
	return first, true
}
