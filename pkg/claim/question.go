package claim

import (
	"strings"
	"unicode"
)

// phrasing are words that shape a question without naming its subject:
// question words, light verbs, the degree word of "how much / how long /
// how fast", and the articles and prepositions of French, German and Spanish
// (which English stop-word lists keep). A passage that answers a
// question need not contain them ("How long did it take?" - "38 minutes").
var phrasing = map[string]bool{}

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
		el los las una del al para con y o cuesta dura hay tengo`) {
		phrasing[w] = true
	}
}

// TopicText returns question without its phrasing words (see phrasing):
// the words that name what the question is about. Code-like tokens and
// words in other case are kept as written.
func TopicText(question string) string {
	var keep []string
	for _, w := range strings.FieldsFunc(question, func(r rune) bool { return unicode.IsSpace(r) }) {
		core := strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' }))
		if phrasing[core] {
			continue
		}
		keep = append(keep, w)
	}
	return strings.Join(keep, " ")
}

// Coverage returns the share of terms (the question's topical terms: the
// lexemes of TopicText) found in e, in [0, 1], and the terms not found; 1
// when there are no terms.
func Coverage(terms []Term, e *Evidence) (float64, []string) {
	if len(terms) == 0 {
		return 1, nil
	}
	have := 0
	var absent []string
	for _, t := range terms {
		if e.terms[t.Lexeme] || e.tokens[t.Lexeme] {
			have++
		} else {
			absent = append(absent, t.Lexeme)
		}
	}
	return float64(have) / float64(len(terms)), absent
}
