package language

import (
	"strings"
	"unicode"
	"unicode/utf8"

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
	whatlanggo.Eng: `and not no it what which who whom whose when where why how is are was were do does did the a an of to in on at for with from my your our their this that these those have has had can could should would will much many`,
	whatlanggo.Deu: `und nicht von zu es was welche welcher welches welchen wer wem wen wann wo warum wie ist sind war waren hat haben hatte der die das den dem des ein eine einen einem einer ich mir mich dir dich sich uns mein meine meinen meinem wir unser unsere für mit auf bei vom zum zur im am viel viele wurde wurden`,
	whatlanggo.Fra: `et pas ne en quel quelle quels quelles qui que quoi quand où pourquoi comment combien est sont était le la les l un une des du de au aux mon ma mes notre nos pour avec sur dans je nous ai avons a ont`,
	whatlanggo.Spa: `y no qué cuál cuáles quién quiénes cuándo dónde por porqué cómo cuánto cuánta cuántos cuántas es son era fue el la los las un una del al de mi mis me esta este estos estas nuestro nuestra para con en yo tengo hay está están`,
	whatlanggo.Ita: `e non che cosa quale quali chi quando dove perché come quanto quanta quanti quante è sono era il lo la gli le un una del della dei delle di al alla mio mia miei nostro nostra per con su nel nella ho abbiamo`,
	whatlanggo.Por: `e não que qual quais quem quando onde porque como quanto quanta quantos quantas é são era foi o a os as um uma do da dos das de no na nos nas ao meu minha nosso nossa para com em eu tenho temos`,
	whatlanggo.Nld: `en niet wat welke welk wie wanneer waar waarom hoe hoeveel is zijn was waren heeft hebben had de het een van voor met op bij in aan naar om uit dat dit deze mijn onze ik we wij`,
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

// MinFunctionWordScore is the least score (functionWordScores) a text's
// leading language needs for FunctionWordLanguage to tell it: two words
// of that language alone, or one and a few it shares.
const MinFunctionWordScore = 1.5

// FunctionWordLanguage returns the language of a short Latin-script text
// (a question, a quoted sentence) told by its function words
// (functionWordScores): the language with the highest score, at least
// MinFunctionWordScore and higher than any other; ok is false when none
// leads so ("Eco 50 E22?"), and the caller falls back on trigrams.
func FunctionWordLanguage(text string) (lang whatlanggo.Lang, ok bool) {
	return lead(functionWordScores(text))
}

// QuestionLanguage returns the language of a short Latin-script text as
// FunctionWordLanguage tells it, a lower-case English name ("german"), or
// "" when its function words tell none.
func QuestionLanguage(text string) string {
	if l, ok := FunctionWordLanguage(text); ok {
		return strings.ToLower(l.String())
	}
	return ""
}

// FunctionWords returns a test of whether a lower-case word is a function
// word (functionWords) of text's language as FunctionWordLanguage tells
// it: a text-search configuration drops only its own language's, and the
// English one keeps the "aan" of "Hoeveel betaal ik aan Eneco?" as a
// term, while "nas" in "The NAS is at …" is no Portuguese word. The test
// reports false for every word when the language is not told.
func FunctionWords(text string) func(w string) bool {
	lang, ok := FunctionWordLanguage(text)
	if !ok {
		return func(string) bool { return false }
	}
	set := functionWordSets[lang]
	return func(w string) bool { return set[w] }
}

// functionWordScores scores, per language, the words of text that are
// its function words: each counts 1/k for the k languages that list it
// ("cuándo" 1 for Spanish; "de" 1/4 for French, Spanish, Portuguese and
// Dutch), and an inverted question or exclamation mark counts 1 for
// Spanish. Words are compared in lower case; the elided French "qu'"
// counts as "que".
func functionWordScores(text string) map[whatlanggo.Lang]float64 {
	score := map[whatlanggo.Lang]float64{}
	if strings.ContainsAny(text, "¿¡") {
		score[whatlanggo.Spa]++
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if w == "qu" {
			w = "que"
		}
		var in []whatlanggo.Lang
		for l, set := range functionWordSets {
			if set[w] {
				in = append(in, l)
			}
		}
		for _, l := range in {
			score[l] += 1 / float64(len(in))
		}
	}
	return score
}

// lead returns the language with the highest score, when it has at least
// MinFunctionWordScore and more than any other.
func lead(score map[whatlanggo.Lang]float64) (whatlanggo.Lang, bool) {
	first, second := whatlanggo.Lang(-1), whatlanggo.Lang(-1)
	for l, n := range score {
		switch {
		case first < 0 || n > score[first]:
			first, second = l, first
		case second < 0 || n > score[second]:
			second = l
		}
	}
	if first < 0 || score[first] < MinFunctionWordScore || second >= 0 && score[second] == score[first] {
		return -1, false
	}
	return first, true
}

// QuoteAgrees compares the language of a quotation (its sentence or
// units, short) with its question's, both told by function words: agree
// when the question's language is told (FunctionWordLanguage) and the
// quotation holds at least one of its function words and no more of any
// other language's ("Meine Steuer-ID lautet 47 036 892 815" agrees with
// "Wie lautet meine Steuer-ID?"); not agree when the quotation's own
// function words tell another language; agree too when the quotation's
// function words tell nothing but it shares a word with the question
// (SharesWord).
// Table rows are left out (their
// cells are names and values more than prose). decided is false
// otherwise (a line of values without function words, a question they do
// not tell), and the caller reads the passage instead.
func QuoteAgrees(question, quote string) (agree, decided bool) {
	ql, ok := FunctionWordLanguage(question)
	if !ok {
		return false, false
	}
	if agree, told := functionWordsAgree(ql, quote); told {
		return agree, true
	}
	if SharesWord(question, quote) {
		return true, true
	}
	return false, false
}

// functionWordsAgree compares a quotation's own function words (table rows
// left out) with the question's language ql: agree when it holds at least
// one of ql's and no more of any other language's, not agree when another
// language leads; told is false when they tell neither. QuoteAgrees then
// decides by a shared word at most, which may be a name ("Marco",
// "Keflavík") written alike in every language.
func functionWordsAgree(ql whatlanggo.Lang, quote string) (agree, told bool) {
	score := functionWordScores(prose(quote))
	if score[ql] > 0 {
		agree = true
		for _, n := range score {
			agree = agree && n <= score[ql]
		}
		if agree {
			return true, true
		}
	}
	if tl, ok := lead(score); ok && tl != ql {
		return false, true
	}
	return false, false
}

// SharesWord reports whether quote (any text) holds a word of question
// of at least four letters that is no function word ("Passport expires 11 November
// 2026." for "When does my passport expire?"): a line of values and names
// has few function words, and the question's own word tells that it is in
// the question's language, or is a name both share, which the word checks
// read alike (when they are wrongly applied across languages, they refuse
// an answer rather than pass one).
func SharesWord(question, quote string) bool {
	words := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) })
	}
	q := map[string]bool{}
	for _, w := range words(question) {
		if utf8.RuneCountInString(w) >= 4 && !functionWord(w) {
			q[w] = true
		}
	}
	for _, w := range words(quote) {
		if q[w] {
			return true
		}
	}
	return false
}

// functionWord reports whether w is a function word of any language.
func functionWord(w string) bool {
	for _, set := range functionWordSets {
		if set[w] {
			return true
		}
	}
	return false
}
