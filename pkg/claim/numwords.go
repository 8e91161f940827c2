package claim

import (
	"strings"
	"unicode/utf8"
)

// numberAtoms are the words numbers are spelled with in English, German,
// French, Spanish, Italian, Portuguese and Dutch, and their values; 100
// and the powers of 1000 multiply what comes before them (numberPhrase).
var numberAtoms = map[string]float64{}

// atomStarts holds the first two bytes of every atom: a word that starts
// otherwise is no number written as one word (splitNumberWord).
var atomStarts = map[string]bool{}

// numberJoins are the words that join the parts of a spelled number
// ("one hundred and twenty", "sechsundzwanzig", "vingt et un", "cuarenta y
// cinco", "quarenta e cinco", "vijfenveertig").
var numberJoins = map[string]bool{"and": true, "und": true, "et": true, "y": true, "e": true, "en": true}

func init() {
	add := func(v float64, words string) {
		for _, w := range strings.Fields(words) {
			numberAtoms[w] = v
			atomStarts[w[:2]] = true
		}
	}
	for i, ws := range []string{
		"zero null zéro cero nul", "one ein eins eine un une uno una um één een", "two zwei deux dos due dois duas twee",
		"three drei trois tres tre três drie", "four vier quatre cuatro quattro quatro", "five fünf cinq cinco cinque vijf",
		"six sechs seis sei zes", "seven sieben sept siete sette sete zeven", "eight acht huit ocho otto oito",
		"nine neun neuf nueve nove negen", "ten zehn dix diez dieci dez tien", "eleven elf onze once undici",
		"twelve zwölf douze doce dodici doze twaalf", "thirteen dreizehn treize trece tredici treze dertien",
		"fourteen vierzehn quatorze catorce quattordici catorze veertien", "fifteen fünfzehn quinze quince quindici vijftien",
		"sixteen sechzehn seize dieciséis sedici dezasseis dezesseis zestien", "seventeen siebzehn diecisiete diciassette dezassete dezessete zeventien",
		"eighteen achtzehn dieciocho diciotto dezoito achttien", "nineteen neunzehn diecinueve diciannove dezanove dezenove negentien",
	} {
		add(float64(i), ws)
	}
	for i, ws := range []string{
		"twenty zwanzig vingt veinte venti vinte twintig", "thirty dreißig dreissig trente treinta trenta trinta dertig",
		"forty vierzig quarante cuarenta quaranta quarenta veertig", "fifty fünfzig cinquante cincuenta cinquanta cinquenta vijftig",
		"sixty sechzig soixante sesenta sessanta sessenta zestig", "seventy siebzig septante setenta settanta zeventig",
		"eighty achtzig huitante ochenta ottanta oitenta tachtig quatre-vingt quatre-vingts", "ninety neunzig nonante noventa novanta negentig",
	} {
		add(float64(20+10*i), ws)
	}
	add(21, "veintiuno veintiún ventuno")
	add(22, "veintidós")
	add(23, "veintitrés")
	add(24, "veinticuatro")
	add(25, "veinticinco")
	add(26, "veintiséis")
	add(27, "veintisiete")
	add(28, "veintiocho ventotto")
	add(29, "veintinueve")
	add(100, "hundred hundert cent cents cien ciento cento cem honderd")
	for i, ws := range []string{"doscientos doscientas duzentos duzentas", "trescientos trescientas trezentos trezentas",
		"cuatrocientos cuatrocientas quatrocentos quatrocentas", "quinientos quinientas quinhentos quinhentas",
		"seiscientos seiscientas seiscentos seiscentas", "setecientos setecientas setecentos setecentas",
		"ochocientos ochocientas oitocentos oitocentas", "novecientos novecientas novecentos novecentas"} {
		add(float64(200+100*i), ws)
	}
	add(1000, "thousand tausend mille mil mila duizend")
	add(1e6, "million millions millionen millón millones milione milioni milhão milhões miljoen")
}

// place is the order of magnitude an additive part v fills: after it only
// smaller parts may follow ("forty five": 40 fills the tens).
func place(v float64) float64 {
	switch {
	case v >= 100:
		return 100
	case v >= 20:
		return 10
	}
	return 1
}

// numberPhrase reads the parts of a spelled number, its atoms and joins
// in order (lower case), and returns its value; ok is false when the parts
// do not make one number ("two three", "five and six") or make a number a
// single word already gives. A number of two parts or more needs a
// multiplier (hundred, mille), tens with units or a half ("two and a half").
func numberPhrase(parts []string) (v float64, ok bool) {
	var total, current, last float64 // last: the latest additive part since a multiplier
	joined, combined := false, false
	atoms := 0
	for i, p := range parts {
		if numberJoins[p] {
			if i == 0 || joined {
				return 0, false
			}
			joined = true
			continue
		}
		a, isAtom := numberAtoms[p]
		switch {
		case p == "half" || p == "halb" || p == "demi" || p == "demie" || p == "medio" || p == "media" || p == "mezzo" || p == "meio":
			if atoms == 0 {
				return 0, false
			}
			current += 0.5
			combined = true
		case !isAtom:
			return 0, false
		case a == 100:
			current = max(current, 1) * 100
			last, combined = 100, combined || atoms > 0
		case a >= 1000:
			total += max(current, 1) * a
			current, last, combined = 0, 0, combined || atoms > 0
		case (last == 60 || last == 80) && a >= 10 && a < 20: // soixante-dix, quatre-vingt-onze
			current += a
			last, combined = last+a, true
		case last == 0 || a < place(last):
			current += a
			combined = combined || last != 0
			last = a
		case joined && last < 10 && a >= 20 && a < 100: // sechsundzwanzig, vijfenveertig: units, and, tens
			current += a
			last, combined = a+last, true
		default:
			return 0, false
		}
		atoms++
		joined = false
	}
	if joined || atoms < 2 || !combined {
		return 0, false
	}
	return total + current, true
}

// splitNumberWord cuts a word written as one (German, Dutch and Italian
// write numbers so: "zweitausendvierhundertsechzig", "vijfenveertig",
// "centoventisei") into atoms and joins, longest first; nil when it is no
// such word.
func splitNumberWord(w string) []string {
	if len(w) < 6 || !atomStarts[w[:2]] {
		return nil
	}
	var parts []string
	for w != "" {
		best := 0
		for n := min(len(w), 16); n > 0; n-- {
			if n < len(w) && !utf8.RuneStart(w[n]) {
				continue
			}
			if _, ok := numberAtoms[w[:n]]; ok || numberJoins[w[:n]] && n > 1 || w[:n] == "einhalb" {
				best = n
				break
			}
		}
		if best == 0 {
			return nil
		}
		if w[:best] == "einhalb" { // zweieinhalb: two and a half
			parts = append(parts, "half")
		} else {
			parts = append(parts, w[:best])
		}
		w = w[best:]
	}
	if len(parts) < 2 {
		return nil
	}
	return parts
}

// findNumberPhrases returns the numbers of text spelled out in words of
// more than one part ("two thousand four hundred and sixty", "quarante-cinq",
// "zweitausendvierhundertsechzig", "two and a half"), with the unit after
// them ("… Euro"), as Number facts like findNumbers' ("2460 eur").
func findNumberPhrases(text string) []Fact {
	words := wordSpans(text)
	var out []Fact
	for i := 0; i < len(words); {
		// The longest run of words that are atoms, joins or a half,
		// separated by a space or a hyphen ("a" only in "and a half").
		j := i
		var parts []string
		for j < len(words) {
			w := strings.ToLower(text[words[j][0]:words[j][1]])
			if j > i && strings.Trim(text[words[j-1][1]:words[j][0]], " -") != "" {
				break
			}
			if w == "a" && len(parts) > 0 && parts[len(parts)-1] == "and" && j+1 < len(words) && strings.EqualFold(text[words[j+1][0]:words[j+1][1]], "half") {
				j++
				continue
			}
			if w == "vingt" || w == "vingts" {
				if n := len(parts); n > 0 && parts[n-1] == "quatre" && text[words[j-1][1]:words[j][0]] == "-" {
					parts[n-1] = "quatre-vingt"
					j++
					continue
				}
			}
			if _, ok := numberAtoms[w]; ok || numberJoins[w] || w == "half" || w == "demi" || w == "demie" || w == "medio" || w == "media" || w == "mezzo" || w == "meio" {
				parts = append(parts, w)
			} else if sub := splitNumberWord(w); sub != nil {
				parts = append(parts, sub...)
			} else {
				break
			}
			j++
		}
		// Trailing joins are no part of the number ("forty and").
		for j > i && len(parts) > 0 && numberJoins[parts[len(parts)-1]] {
			parts, j = parts[:len(parts)-1], j-1
		}
		if j > i {
			if v, ok := numberPhrase(parts); ok {
				s, e := words[i][0], words[j-1][1]
				unit, ue := unitAfter(text, e)
				end := max(e, ue)
				out = append(out, Fact{Kind: Number, Text: text[s:end], Start: s, End: end, values: []string{fmtValue(v) + " " + unit}})
				i = j
				continue
			}
		}
		i++
	}
	return out
}
