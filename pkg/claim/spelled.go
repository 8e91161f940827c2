package claim

import (
	"strings"
)

// digitWords are the words for the digits 0 to 9 in English, German,
// French, Spanish, Italian, Portuguese and Dutch, as a code, a PIN or a
// phone number is dictated ("siete siete dos uno", "four-seven-one-nine").
var digitWords = map[string]byte{
	"zero": '0', "oh": '0', "one": '1', "two": '2', "three": '3', "four": '4', "five": '5', "six": '6', "seven": '7', "eight": '8', "nine": '9',
	"null": '0', "eins": '1', "zwei": '2', "drei": '3', "vier": '4', "fünf": '5', "sechs": '6', "sieben": '7', "acht": '8', "neun": '9',
	"zéro": '0', "un": '1', "deux": '2', "trois": '3', "quatre": '4', "cinq": '5', "sept": '7', "huit": '8', "neuf": '9',
	"cero": '0', "uno": '1', "dos": '2', "tres": '3', "cuatro": '4', "cinco": '5', "seis": '6', "siete": '7', "ocho": '8', "nueve": '9',
	"due": '2', "tre": '3', "quattro": '4', "cinque": '5', "sei": '6', "sette": '7', "otto": '8', "nove": '9',
	"um": '1', "uma": '1', "dois": '2', "duas": '2', "três": '3', "quatro": '4', "sete": '7', "oito": '8',
	"nul": '0', "een": '1', "twee": '2', "drie": '3', "vijf": '5', "zes": '6', "zeven": '7', "negen": '9',
}

// minSpelledDigits is the shortest run of digit words read as a code:
// "two or three", "one, two" are counts, not codes.
const minSpelledDigits = 3

// findSpelledCodes returns the runs of minSpelledDigits digit words or
// more (digitWords), joined by spaces or hyphens, as codes whose value is
// their digits, read as a code and as a bare number: "uno-nueve-cero-cuatro"
// states 1904, as "1904" does. A list ("one, two, three") is none.
func findSpelledCodes(text string) []Fact {
	var out []Fact
	words := wordSpans(text)
	for i := 0; i < len(words); {
		j, digits := i, []byte{}
		for j < len(words) {
			d, ok := digitWords[strings.ToLower(text[words[j][0]:words[j][1]])]
			if !ok || j > i && strings.Trim(text[words[j-1][1]:words[j][0]], " -") != "" {
				break
			}
			digits = append(digits, d)
			j++
		}
		if len(digits) >= minSpelledDigits {
			s, e := words[i][0], words[j-1][1]
			out = append(out, Fact{Kind: Code, Text: text[s:e], Start: s, End: e, values: []string{string(digits), string(digits) + " "}})
		}
		if j == i {
			j++
		}
		i = j
	}
	return out
}

// spelled reports whether f is a code written in digit words
// (findSpelledCodes).
func spelled(f Fact) bool {
	return f.Kind == Code && len(f.values) > 0 && strings.Trim(f.values[0], "0123456789") == "" && !strings.ContainsAny(f.Text, "0123456789")
}
