package claim

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// timesRe is a count written as a multiplier: "lemons x4", "2x tins",
// "filters ×2".
var timesRe = regexp.MustCompile(`(?i)(^|[^\pL\d])([x×]\s?\d+|\d+\s?[x×])([^\pL\d]|$)`)

// oneRe is the number one as a count ("one tablet", "eine Tablette").
var oneRe = regexp.MustCompile(`(?i)\b(one|a single|eine?n?|une?|uno|una|um|uma|één)\s+\pL`)

// GivesAnswer reports whether sentence gives a value of the type t that
// question asks for (Asks): Gives on the sentence without the question's
// own words (Unasked); for a time of day or a day, words that name one
// (namesWhen: "around the clock" reads so only with its "the"); for a
// count, a measure of the counted thing itself ("1,5 kg aardappelen" for
// "Hoeveel aardappelen heb ik nodig?").
func GivesAnswer(question string, t AnswerType, sentence string) bool {
	if Gives(t, Unasked(question, sentence)) || namesWhen(t, question, sentence) {
		return true
	}
	return t == Count && measuresCounted(question, sentence)
}

// measuresCounted reports whether a number in sentence (with a unit or
// none, not money) is followed, within three words, by the noun question
// counts (its first five letters): "2 kg de moules" measures the mussels,
// "12 scones, 250 g flour" counts the scones.
func measuresCounted(question, sentence string) bool {
	noun := countedNoun(question)
	if noun == "" {
		return false
	}
	stem := []rune(noun)
	if len(stem) > 5 {
		stem = stem[:5]
	}
	for _, f := range Facts(sentence) {
		if f.Kind != Number || currencies[numberUnit(f)] {
			continue
		}
		words := strings.FieldsFunc(strings.ToLower(sentence[f.End:]), func(r rune) bool { return !unicode.IsLetter(r) })
		for i := 0; i < len(words) && i < 3; i++ {
			if strings.HasPrefix(words[i], string(stem)) {
				return true
			}
		}
	}
	return false
}

// countQRe finds a question for a number of things, by the plural the
// languages ask it with: "how many scones", "combien de crêpes", "wie
// viele Gäste", "cuántas personas", "quanti bambini", "quantos quartos",
// "hoeveel kinderen"; group 1 (or a later one) is the counted noun.
var countQRe = regexp.MustCompile(`(?i)\bhow many\s+(\pL+)|\bcombien (?:de |d'|d’)(\pL+[sx])\b|\bwie viele\s+(\pL+)|\bcu[aá]nt[oa]s\s+(\pL+)|\bquant[ie]\s+(\pL+)|\bquant[oa]s\s+(\pL+)|\bhoeveel\s+(\pL+(?:en|s))\b`)

// uncountedNouns are the words after "how many" that name no countable thing
// of the notes: a function word ("how many of the chairs", "how many more
// days") or how often ("how many times").
var uncountedNouns = map[string]bool{"of": true, "more": true, "other": true, "are": true, "is": true, "do": true, "does": true,
	"did": true, "have": true, "has": true, "can": true, "will": true, "were": true, "was": true, "times": true,
	"fois": true, "mal": true, "male": true, "veces": true, "volte": true, "vezes": true, "keer": true, "keren": true,
}

// countQuestion reports whether question asks how many things of a kind
// there are (countQRe), a kind that is no unit ("how many kilos", "how
// many days", "how many calories" ask for a measure: Quantity).
func countQuestion(question string) bool {
	noun := countedNoun(question)
	if noun == "" || uncountedNouns[noun] || timeSuffix(noun) || distanceQRe.MatchString("how many "+noun) {
		return false
	}
	_, unit := units[noun]
	return !unit && !currencyWordRe.MatchString(noun) && !measureWordRe.MatchString(noun)
}

// countedNoun is the noun question counts (countQRe), in lower case; ""
// when it counts none.
func countedNoun(question string) string {
	m := countQRe.FindStringSubmatch(question)
	for _, g := range m {
		if g != "" && g != m[0] {
			return strings.ToLower(g)
		}
	}
	return ""
}

// timeSuffix reports whether noun is, or ends with, a word of time
// (timeWordRe): "Tage", and the compound "Urlaubstage".
func timeSuffix(noun string) bool {
	for i := range noun {
		if utf8.RuneCountInString(noun[i:]) >= 3 && timeWordRe.FindString(noun[i:]) == noun[i:] {
			return true
		}
	}
	return false
}

var (
	// currencyWordRe names a currency counted in a question ("how many
	// euros", "combien d'euros").
	currencyWordRe = regexp.MustCompile(`(?i)^(euros?|dollars?|pounds?|yen|francs?|cents?|pence|kronur|kronor|kroner|centimes|franken|euro's|dólares|dollari)$`)
	// measureWordRe names a unit spelled in full or a measured thing
	// ("how many litres", "wie viele Kalorien", "how many degrees").
	measureWordRe = regexp.MustCompile(`(?i)^(kilo\pL*|gram\pL*|gramm\pL*|litre\pL*|liter\pL*|litri|litros|calor\pL*|kalorien|degrees?|grad|degr[ée]s|grados|gradi|graus|graden|tablespoons?|teaspoons?|cups?|percent|pounds?|ounces?|inches|feet|yards|miles|metres|meters|metri|metros|watts?|volts?|amps?|bytes|megabytes|gigabytes|gb|mb|tb|points?|punkte)$`)
)
