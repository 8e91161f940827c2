package claim

import (
	"regexp"
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

// AnswerType is the kind of value a question asks for, when it asks for one
// the checks can recognise: the expected answer type of question
// classification (Li & Roth, "Learning Question Classifiers", COLING 2002),
// restricted to the types whose absence from an answer is unambiguous.
type AnswerType string

// Answer types (Asks).
const (
	Money    AnswerType = "price"    // how much did X cost: an amount of money
	Quantity AnswerType = "quantity" // how many / how much / how long / at what temperature: a number
)

var (
	// costRe finds a question about a price (English, French, German, Spanish).
	costRe = regexp.MustCompile(`(?i)\b(cost|costs|costed|price|prices|priced|fee|fees)\b|\bhow much (did|do|does|will|would) .*\b(pay|paid|spend|spent|charge|charged)\b|\bcombien (co[uû]t|pay)|\b(prix|tarif)\b|\b(kostet|kosteten|kostete|preis|gebühr)\b|\bcu[aá]nto (cuesta|cost[oó]|pag)|\bprecio\b`)
	// quantityRe finds a question about a quantity. "How often" is not one:
	// "quarterly" answers it.
	quantityRe = regexp.MustCompile(`(?i)\bhow (many|much|long|old|far|big|heavy|high|fast|large|tall|deep|wide)\b|\bwhat (temperature|percentage)\b|\bcombien\b|\bwie (viel|viele|lange|alt|hoch|weit|schwer)\b|\bcu[aá]nt[oa]s?\b`)
)

// Asks returns the answer type question asks for, or "" when it asks for
// none the checks recognise.
func Asks(question string) AnswerType {
	switch {
	case costRe.MatchString(question):
		return Money
	case quantityRe.MatchString(question):
		return Quantity
	}
	return ""
}

// Gives reports whether sentence gives a value of type t: for Money, a
// number with a currency (14,000 yen, 438 €, $5) or the word "free"; for
// Quantity, a number (digits or a number word: "38 minutes", "six") or a
// date.
func Gives(t AnswerType, sentence string) bool {
	switch t {
	case Money:
		for _, f := range Facts(sentence) {
			if f.Kind != Number {
				continue
			}
			for _, v := range f.values {
				switch v[strings.LastIndexByte(v, ' ')+1:] {
				case "eur", "usd", "gbp", "jpy", "chf", "isk", "sek", "nok", "dkk", "kr", "cad", "aud":
					return true
				}
			}
		}
		return freeRe.MatchString(sentence)
	case Quantity:
		for _, f := range Facts(sentence) {
			if f.Kind == Number || f.Kind == Date {
				return true
			}
		}
		return strings.ContainsAny(sentence, "0123456789")
	}
	return true
}

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
		if !q[t] {
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
