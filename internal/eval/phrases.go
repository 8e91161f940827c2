package eval

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// normPhrase lower-cases s and collapses runs of white space to one space,
// so that a phrase matches across line breaks and case.
func normPhrase(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// PhraseFound reports whether phrase occurs in text as whole words,
// ignoring case (Unicode lower-casing), treating any run of white space as
// one space, and writing numbers one way in both (thousands separators
// dropped, no space between a number and the word after it: "14,000 yen"
// is "14000yen" in both); a phrase's decimal point may be a decimal comma
// in text ("2.9 bar" is in "2,9 bar", as German or French write it). It uses none of the answer checks' extractors:
// the evaluation does not grade the checks with their own rules.
func PhraseFound(text, phrase string) bool {
	t, p := normPhrase(text), normPhrase(phrase)
	if containsWord(t, p) || containsWord(t, decimalComma.ReplaceAllString(p, "$1,$2")) {
		return true
	}
	// A number glued to its unit ("64MB") states the number ("64").
	if numberPhrase.MatchString(p) && containsWord(gluedUnit.ReplaceAllString(t, "$1 $2"), p) {
		return true
	}
	ct, cp := canonicalWords(t), canonicalWords(p)
	for _, units := range []bool{false, true} {
		if containsWord(normNumbers(ct, units), normNumbers(cp, units)) {
			return true
		}
	}
	return false
}

// canonical maps number words and unit spellings to one form each, for
// PhraseFound's last comparison ("eleven" is "11", "16 hours" is "16 h").
var canonical = map[string]string{
	"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10",
	"eleven": "11", "twelve": "12", "thirteen": "13", "fourteen": "14", "fifteen": "15", "sixteen": "16", "seventeen": "17", "eighteen": "18",
	"nineteen": "19", "twenty": "20", "thirty": "30", "forty": "40", "fifty": "50", "hundred": "100",
	"hours": "h", "hour": "h", "hrs": "h", "hr": "h", "minutes": "min", "minute": "min", "mins": "min",
	"seconds": "s", "second": "s", "secs": "s", "sec": "s", "kilometres": "km", "kilometers": "km", "metres": "m", "meters": "m",
	"grams": "g", "gram": "g", "kilograms": "kg", "litres": "l", "liters": "l", "percent": "%", "euros": "€", "euro": "€", "eur": "€",
}

// canonicalWords rewrites the words of s (a normPhrase'd string) found in
// canonical.
func canonicalWords(s string) string {
	ws := strings.Split(s, " ")
	for i, w := range ws {
		core := strings.TrimRight(w, ".,;:!?)")
		if c, ok := canonical[core]; ok {
			ws[i] = c + w[len(core):]
		}
	}
	return strings.Join(ws, " ")
}

// normNumbers drops the ',' of thousands between digits ("14,000") and,
// with units, the space between a digit and a letter ("16 h"), in a
// normPhrase'd string.
func normNumbers(s string, units bool) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		digitBefore := i > 0 && unicode.IsDigit(rs[i-1])
		if digitBefore && i+1 < len(rs) && (r == ',' && unicode.IsDigit(rs[i+1]) || units && r == ' ' && unicode.IsLetter(rs[i+1])) {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// containsWord reports whether phrase occurs in text without a letter or
// digit glued to either end ("192.168.50.2" is not in "192.168.50.20").
func containsWord(text, phrase string) bool {
	if phrase == "" {
		return false
	}
	for i := 0; ; {
		j := strings.Index(text[i:], phrase)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(phrase)
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if !(start > 0 && alnum(before) && alnum(firstRune(phrase))) && !(end < len(text) && alnum(after) && alnum(lastRune(phrase))) {
			return true
		}
		i = start + 1
	}
}

func alnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func firstRune(s string) rune { r, _ := utf8.DecodeRuneInString(s); return r }

func lastRune(s string) rune { r, _ := utf8.DecodeLastRuneInString(s); return r }

// PhraseRecall returns the share of phrases found in text (PhraseFound), in
// [0, 1], and true; with no phrases it returns 0 and false (undefined).
// Each phrase counts once, however often it occurs.
func PhraseRecall(text string, phrases []string) (float64, bool) {
	if len(phrases) == 0 {
		return 0, false
	}
	found := 0
	for _, p := range phrases {
		if PhraseFound(text, p) {
			found++
		}
	}
	return float64(found) / float64(len(phrases)), true
}

// decimalComma matches a decimal point between digits, for PhraseFound's
// decimal-comma spelling of a phrase.
var decimalComma = regexp.MustCompile(`([0-9])\.([0-9])`)

// gluedUnit is a number's last digit and the letter of a unit glued to
// it ("64MB"); numberPhrase a phrase that is a number alone ("64", "9,5").
var (
	gluedUnit    = regexp.MustCompile(`(\d)(\pL)`)
	numberPhrase = regexp.MustCompile(`^[\d.,]+$`)
)
