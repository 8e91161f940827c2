package claim

import (
	"strings"
	"unicode/utf8"
)

// The languages of spelled numbers, as bits: a number is spelled in one.
const (
	langEN = 1 << iota
	langDE
	langFR
	langES
	langIT
	langPT
	langNL
)

// numberAtom is a word numbers are spelled with: its value and the
// languages that spell it so ("sei" is 6 in Italian, "um" 1 in
// Portuguese, "cent" 100 in French only).
type numberAtom struct {
	v     float64
	langs int
}

// numberAtoms are the words numbers are spelled with in English, German,
// French, Spanish, Italian, Portuguese and Dutch; 100 and the powers of
// 1000 multiply what comes before them (numberPhrase).
var numberAtoms = map[string]numberAtom{}

// atomStarts holds the first two bytes of every atom: a word that starts
// otherwise is no number written as one word (splitNumberWord).
var atomStarts = map[string]bool{}

// numberJoins are the words that join the parts of a spelled number, by
// language: "one hundred and twenty", "mille et un", "cuarenta y cinco",
// "quarenta e cinco", "centoventi e tre"; German "und" and Dutch "en"
// join units to tens inside one word only ("sechsundzwanzig",
// "vijfenveertig", "tweeëntwintig" with its diaeresis), as two words they
// may join a range.
var numberJoins = map[string]int{"and": langEN, "et": langFR, "y": langES, "e": langIT | langPT, "und": langDE, "en": langNL, "ën": langNL}

// halves are the words for a half after a join ("two and a half", "y medio").
var halves = map[string]int{"half": langEN | langNL, "halb": langDE, "demi": langFR, "demie": langFR, "medio": langES, "media": langES, "mezzo": langIT, "mezza": langIT, "meio": langPT, "meia": langPT}

func init() {
	tables := []struct {
		lang  int
		words [][]string // words[i] spells i for i < 20; then tens 20..90
	}{
		{langEN, [][]string{{"zero"}, {"one"}, {"two"}, {"three"}, {"four"}, {"five"}, {"six"}, {"seven"}, {"eight"}, {"nine"}, {"ten"}, {"eleven"}, {"twelve"}, {"thirteen"}, {"fourteen"}, {"fifteen"}, {"sixteen"}, {"seventeen"}, {"eighteen"}, {"nineteen"},
			{"twenty"}, {"thirty"}, {"forty"}, {"fifty"}, {"sixty"}, {"seventy"}, {"eighty"}, {"ninety"}}},
		{langDE, [][]string{{"null"}, {"ein", "eins", "eine"}, {"zwei"}, {"drei"}, {"vier"}, {"fünf"}, {"sechs"}, {"sieben"}, {"acht"}, {"neun"}, {"zehn"}, {"elf"}, {"zwölf"}, {"dreizehn"}, {"vierzehn"}, {"fünfzehn"}, {"sechzehn"}, {"siebzehn"}, {"achtzehn"}, {"neunzehn"},
			{"zwanzig"}, {"dreißig", "dreissig"}, {"vierzig"}, {"fünfzig"}, {"sechzig"}, {"siebzig"}, {"achtzig"}, {"neunzig"}}},
		{langFR, [][]string{{"zéro"}, {"un", "une"}, {"deux"}, {"trois"}, {"quatre"}, {"cinq"}, {"six"}, {"sept"}, {"huit"}, {"neuf"}, {"dix"}, {"onze"}, {"douze"}, {"treize"}, {"quatorze"}, {"quinze"}, {"seize"}, {"dix-sept"}, {"dix-huit"}, {"dix-neuf"},
			{"vingt"}, {"trente"}, {"quarante"}, {"cinquante"}, {"soixante"}, {"septante"}, {"quatre-vingt", "quatre-vingts", "huitante", "octante"}, {"nonante"}}},
		{langES, [][]string{{"cero"}, {"uno", "una", "un"}, {"dos"}, {"tres"}, {"cuatro"}, {"cinco"}, {"seis"}, {"siete"}, {"ocho"}, {"nueve"}, {"diez"}, {"once"}, {"doce"}, {"trece"}, {"catorce"}, {"quince"}, {"dieciséis", "dieciseis"}, {"diecisiete"}, {"dieciocho"}, {"diecinueve"},
			{"veinte"}, {"treinta"}, {"cuarenta"}, {"cincuenta"}, {"sesenta"}, {"setenta"}, {"ochenta"}, {"noventa"}}},
		{langIT, [][]string{{"zero"}, {"uno", "una", "un"}, {"due"}, {"tre", "tré"}, {"quattro"}, {"cinque"}, {"sei"}, {"sette"}, {"otto"}, {"nove"}, {"dieci"}, {"undici"}, {"dodici"}, {"tredici"}, {"quattordici"}, {"quindici"}, {"sedici"}, {"diciassette"}, {"diciotto"}, {"diciannove"},
			{"venti", "vent"}, {"trenta", "trent"}, {"quaranta", "quarant"}, {"cinquanta", "cinquant"}, {"sessanta", "sessant"}, {"settanta", "settant"}, {"ottanta", "ottant"}, {"novanta", "novant"}}},
		{langPT, [][]string{{"zero"}, {"um", "uma"}, {"dois", "duas"}, {"três"}, {"quatro"}, {"cinco"}, {"seis"}, {"sete"}, {"oito"}, {"nove"}, {"dez"}, {"onze"}, {"doze"}, {"treze"}, {"catorze", "quatorze"}, {"quinze"}, {"dezasseis", "dezesseis"}, {"dezassete", "dezessete"}, {"dezoito"}, {"dezanove", "dezenove"},
			{"vinte"}, {"trinta"}, {"quarenta"}, {"cinquenta"}, {"sessenta"}, {"setenta"}, {"oitenta"}, {"noventa"}}},
		{langNL, [][]string{{"nul"}, {"een", "één"}, {"twee"}, {"drie"}, {"vier"}, {"vijf"}, {"zes"}, {"zeven"}, {"acht"}, {"negen"}, {"tien"}, {"elf"}, {"twaalf"}, {"dertien"}, {"veertien"}, {"vijftien"}, {"zestien"}, {"zeventien"}, {"achttien"}, {"negentien"},
			{"twintig"}, {"dertig"}, {"veertig"}, {"vijftig"}, {"zestig"}, {"zeventig"}, {"tachtig"}, {"negentig"}}},
	}
	put := func(w string, v float64, lang int) {
		a := numberAtoms[w]
		if a.langs != 0 && a.v != v {
			return // a word with two values (none today) keeps the first
		}
		numberAtoms[w] = numberAtom{v, a.langs | lang}
		atomStarts[w[:2]] = true
	}
	for _, t := range tables {
		for i, ws := range t.words {
			v := float64(i)
			if i >= 20 {
				v = float64(20 + 10*(i-20))
			}
			for _, w := range ws {
				put(w, v, t.lang)
			}
		}
	}
	for w, v := range map[string]float64{"veintiuno": 21, "veintiún": 21, "veintidós": 22, "veintidos": 22, "veintitrés": 23, "veintitres": 23, "veinticuatro": 24,
		"veinticinco": 25, "veintiséis": 26, "veintiseis": 26, "veintisiete": 27, "veintiocho": 28, "veintinueve": 29} {
		put(w, v, langES)
	}
	for lang, ws := range map[int]string{langEN: "hundred", langDE: "hundert", langFR: "cent cents", langES: "cien ciento", langIT: "cento", langPT: "cem cento", langNL: "honderd"} {
		for _, w := range strings.Fields(ws) {
			put(w, 100, lang)
		}
	}
	for i, ws := range []string{"doscientos doscientas", "trescientos trescientas", "cuatrocientos cuatrocientas", "quinientos quinientas",
		"seiscientos seiscientas", "setecientos setecientas", "ochocientos ochocientas", "novecientos novecientas"} {
		for _, w := range strings.Fields(ws) {
			put(w, float64(200+100*i), langES)
		}
	}
	for i, ws := range []string{"duzentos duzentas", "trezentos trezentas", "quatrocentos quatrocentas", "quinhentos quinhentas",
		"seiscentos seiscentas", "setecentos setecentas", "oitocentos oitocentas", "novecentos novecentas"} {
		for _, w := range strings.Fields(ws) {
			put(w, float64(200+100*i), langPT)
		}
	}
	for lang, ws := range map[int]string{langEN: "thousand", langDE: "tausend", langFR: "mille", langES: "mil", langIT: "mille mila", langPT: "mil", langNL: "duizend"} {
		for _, w := range strings.Fields(ws) {
			put(w, 1000, lang)
		}
	}
	for lang, ws := range map[int]string{langEN: "million millions", langDE: "million millionen", langFR: "million millions", langES: "millón millones",
		langIT: "milione milioni", langPT: "milhão milhões", langNL: "miljoen"} {
		for _, w := range strings.Fields(ws) {
			put(w, 1e6, lang)
		}
	}
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

// numberPhrase reads the parts of a spelled number, its atoms, joins and
// halves in order (lower case; inWord: the parts of one word), and returns
// its value; ok is false when the parts do not make one number in one
// language: "two three", "five and twenty" (a range), "tres y veinte" (a
// time), "twenty-five cents", "two thousand and three thousand". A
// number of two parts or more needs a multiplier, tens with units or a
// half after a join ("two and a half"), or a part after a thousand.
func numberPhrase(parts []string, inWord bool) (v float64, ok bool) {
	var total, current, last, lastMult float64 // last: the latest additive part since a multiplier
	langs := langEN | langDE | langFR | langES | langIT | langPT | langNL
	join := 0 // the languages of a pending join, 0 when none
	combined := false
	atoms := 0
	for i, p := range parts {
		if l, ok := numberJoins[p]; ok {
			if i == 0 || join != 0 {
				return 0, false
			}
			join = l
			continue
		}
		if l, ok := halves[p]; ok {
			if join == 0 || atoms == 0 || langs&l&join == 0 {
				return 0, false
			}
			if current == 0 && lastMult != 0 {
				total += lastMult / 2 // a million and a half
			} else {
				current += 0.5
			}
			langs &= l & join
			join, combined = 0, true
			atoms++
			continue
		}
		a, isAtom := numberAtoms[p]
		if !isAtom || langs&a.langs == 0 {
			return 0, false
		}
		langs &= a.langs
		switch {
		case a.v == 100:
			if current >= 100 || join != 0 {
				return 0, false
			}
			current = max(current, 1) * 100
			last, combined = 100, combined || atoms > 0
		case a.v >= 1000:
			if lastMult != 0 && a.v >= lastMult || join != 0 {
				return 0, false // two thousand and three thousand
			}
			total += max(current, 1) * a.v
			current, last, lastMult = 0, 0, a.v
			combined = combined || atoms > 0
		case join != 0:
			switch {
			case last == 0 && lastMult != 0 || last >= 100: // one hundred and twenty, mille et un
				if last >= 100 && a.v >= place(last) {
					return 0, false
				}
			case last >= 20 && last < 100 && int(last)%10 == 0 && a.v < 10 && join&(langFR|langES|langIT|langPT) != 0: // vingt et un, cuarenta y cinco
			case inWord && last < 10 && a.v >= 20 && a.v < 100 && int(a.v)%10 == 0 && join&(langDE|langNL) != 0: // sechsundzwanzig, vijfenveertig
			default:
				return 0, false // five and twenty, tres y veinte
			}
			langs &= join
			current += a.v
			last, combined = last+a.v, true
		case (last == 60 || last == 80) && a.v >= 10 && a.v < 20 && langs&langFR != 0: // soixante-dix, quatre-vingt-onze
			current += a.v
			last, combined = last+a.v, true
		case last == 0 || a.v < place(last):
			if a.v == 0 && atoms > 0 {
				return 0, false // one zero: a code
			}
			current += a.v
			combined = combined || last != 0 || lastMult != 0
			last = a.v
		default:
			return 0, false
		}
		atoms++
		join = 0
	}
	if atoms == 1 && len(parts) == 1 && current >= 13 && current < 100 && !elided[parts[0]] {
		return current, true // dreizehn, quarante, veintitrés: one word, one number
	}
	if join != 0 || atoms < 2 || !combined || langs == 0 {
		return 0, false
	}
	return total + current, true
}

// elided are the Italian tens cut before a vowel ("ventuno", "trentotto"):
// parts of a word, never a number alone ("vent" is a word of its own).
var elided = map[string]bool{"vent": true, "trent": true, "quarant": true, "cinquant": true, "sessant": true, "settant": true, "ottant": true, "novant": true}

// splitNumberWord cuts a word written as one (German, Dutch and Italian
// write numbers so: "zweitausendvierhundertsechzig", "vijfenveertig",
// "centoventisei") into atoms and joins, trying the longest piece first
// and backtracking; nil when it is no such word.
func splitNumberWord(w string) []string {
	if len(w) < 6 || !atomStarts[w[:2]] {
		return nil
	}
	var split func(rest string) []string
	split = func(rest string) []string {
		if rest == "" {
			return []string{}
		}
		for n := min(len(rest), 16); n > 0; n-- {
			if n < len(rest) && !utf8.RuneStart(rest[n]) {
				continue
			}
			piece := rest[:n]
			_, atom := numberAtoms[piece]
			_, join := numberJoins[piece]
			if !atom && !(join && n > 1) && piece != "einhalb" {
				continue
			}
			if tail := split(rest[n:]); tail != nil {
				if piece == "einhalb" { // zweieinhalb: two and a half
					return append([]string{"und", "halb"}, tail...)
				}
				return append([]string{piece}, tail...)
			}
		}
		return nil
	}
	parts := split(w)
	if len(parts) < 2 {
		return nil
	}
	return parts
}

// findNumberPhrases returns the numbers of text spelled out in words of
// more than one part ("two thousand four hundred and sixty", "quarante-cinq",
// "zweitausendvierhundertsechzig", "two and a half"), with the unit after
// them ("… Euro"), as Number facts like findNumbers' ("2460 eur"). A run
// of number words that makes no one number gives none, not a part of it
// ("nineteen eighty-four", "between five and twenty"); neither does one
// followed by an ordinal ("one hundred and twenty-first").
func findNumberPhrases(text string) []Fact {
	words := wordSpans(text)
	var out []Fact
	for i := 0; i < len(words); {
		j := i
		var parts []string
		var counts []int // the parts each word of the run gave
		inWord := false
		for j < len(words) {
			w := strings.ToLower(text[words[j][0]:words[j][1]])
			sep := ""
			if j > i {
				sep = text[words[j-1][1]:words[j][0]]
				if strings.Trim(sep, " -") != "" {
					break
				}
			}
			if w == "a" && len(parts) > 0 && parts[len(parts)-1] == "and" && j+1 < len(words) && strings.EqualFold(text[words[j+1][0]:words[j+1][1]], "half") {
				counts = append(counts, 0)
				j++
				continue
			}
			if n := len(parts); n > 0 && sep == "-" {
				if _, ok := numberAtoms[parts[n-1]+"-"+w]; ok && counts[len(counts)-1] == 1 { // quatre-vingt, dix-sept
					parts[n-1] += "-" + w
					counts = append(counts, 0)
					j++
					continue
				}
			}
			_, atom := numberAtoms[w]
			_, join := numberJoins[w]
			_, half := halves[w]
			if atom || join || half {
				parts = append(parts, w)
				counts = append(counts, 1)
			} else if sub := splitNumberWord(w); sub != nil {
				parts = append(parts, sub...)
				counts = append(counts, len(sub))
				inWord = inWord || j == i
			} else {
				break
			}
			j++
		}
		// A run does not end with a join ("forty and", "zwanzig achten":
		// acht-en): the word that holds it goes, whole.
		for j > i && len(parts) > 0 {
			if _, ok := numberJoins[parts[len(parts)-1]]; !ok {
				break
			}
			for j > i && counts[len(counts)-1] == 0 {
				counts, j = counts[:len(counts)-1], j-1
			}
			parts, counts, j = parts[:len(parts)-counts[len(counts)-1]], counts[:len(counts)-1], j-1
		}
		if j > i {
			if v, ok := numberPhrase(parts, inWord && j == i+1); ok && !ordinalAfter(text, words, j) {
				s, e := words[i][0], words[j-1][1]
				unit, ue := unitAfter(text, e)
				out = append(out, Fact{Kind: Number, Text: text[s:max(e, ue)], Start: s, End: max(e, ue), values: []string{fmtValue(v) + " " + unit}})
			}
			i = j // a run that makes no number gives none of its parts either
			continue
		}
		i++
	}
	return out
}

// ordinalAfter reports whether the word at index j of words, joined to the
// one before by a space or a hyphen, is an English ordinal ("twenty-first",
// "hundred and fifth"): the run before it then names a rank.
func ordinalAfter(text string, words [][2]int, j int) bool {
	if j >= len(words) || strings.Trim(text[words[j-1][1]:words[j][0]], " -") != "" {
		return false
	}
	w := strings.ToLower(text[words[j][0]:words[j][1]])
	switch w {
	case "first", "second", "third", "fifth", "eighth", "ninth", "twelfth":
		return true
	}
	return strings.HasSuffix(w, "th") && len(w) > 4
}
