package claim

import (
	"slices"
	"strings"
)

// Times of day written in words, as people say them, in the index's
// languages: "quarter past eight", "ten to nine", "half past five", "two
// o'clock", "noon"; "Viertel nach acht", "halb neun", "dreiviertel
// sieben", "acht Uhr dreißig"; "à neuf heures dix", "vers deux heures et
// demie", "midi moins le quart"; "a las ocho y media", "la una menos
// cuarto"; "alle otto e mezza", "all'una meno un quarto"; "às oito e
// meia", "meio-dia"; "kwart over twee", "half acht", "om acht uur".

// clockWord is a word that names a time of day alone, with its hour and
// minute: "noon", "Mitternacht", "midi", "mediodía", "mezzanotte".
var clockWord = map[string][2]int{
	"noon": {12, 0}, "midday": {12, 0}, "midnight": {0, 0}, "mitternacht": {0, 0}, "midi": {12, 0}, "minuit": {0, 0},
	"mediodía": {12, 0}, "mediodia": {12, 0}, "medianoche": {0, 0}, "mezzogiorno": {12, 0}, "mezzanotte": {0, 0},
	"middernacht": {0, 0},
}

// hourTwo are the two-word names of noon and midnight in Portuguese
// ("meio-dia", "meia-noite"), as their two words.
var hourTwo = map[[2]string][2]int{{"meio", "dia"}: {12, 0}, {"meia", "noite"}: {0, 0}}

// clockPrep are the words before an hour that make a bare spelled number
// a time of day ("à deux heures", "a las ocho", "alle otto", "às oito"):
// without one, "deux heures" and "las dos" are as often a duration or two
// things.
var clockPrep = map[string]bool{
	"à": true, "a": true, "vers": true, "dès": true, "des": true, "avant": true, "après": true, "jusqu": true,
	"hasta": true, "desde": true, "sobre": true, "alle": true, "all": true, "dalle": true, "dall": true, "verso": true, "entro": true,
	"às": true, "até": true, "pelas": true, "om": true, "um": true, "gegen": true, "ab": true, "bis": true, "at": true, "by": true, "until": true, "till": true,
}

// clockFollowers are the words that may follow the hour of "ten to eight",
// "fünf nach acht" or "tien over acht" when it is a time: "two to three
// days" is a range of counts.
var clockFollowers = map[string]bool{
	"am": true, "pm": true, "a": true, "p": true, "o": true, "tonight": true, "tomorrow": true, "today": true, "this": true, "in": true,
	"on": true, "at": true, "and": true, "or": true, "but": true, "sharp": true, "uhr": true, "abends": true, "morgens": true, "heute": true,
	"morgen": true, "und": true, "oder": true, "aber": true, "uur": true, "vanavond": true, "vandaag": true, "en": true, "of": true, "maar": true,
}

// dayParts are the words after a time that say which half of the day it
// is in: 1 the morning, 2 the afternoon or evening, 0 either ("nachts":
// "2 Uhr nachts", "11 Uhr nachts"); "abends" makes "acht Uhr" 20:00.
var dayParts = map[string]int{
	"am": 1, "a m": 1, "pm": 2, "p m": 2, "in the morning": 1, "in the afternoon": 2, "in the evening": 2, "at night": 0,
	"morgens": 1, "früh": 1, "vormittags": 1, "nachmittags": 2, "abends": 2, "nachts": 0,
	"du matin": 1, "de l après midi": 2, "de l aprés midi": 2, "du soir": 2, "de la nuit": 0,
	"de la mañana": 1, "de la tarde": 2, "de la noche": 2, "de la madrugada": 1,
	"di mattina": 1, "del mattino": 1, "del pomeriggio": 2, "di sera": 2, "della sera": 2, "di notte": 0,
	"da manhã": 1, "da tarde": 2, "da noite": 2, "da madrugada": 1,
	"s ochtends": 1, "s morgens": 1, "s middags": 2, "s avonds": 2, "s nachts": 0,
}

// dayPartAt reads a phrase of dayParts at token k, the longest first: its
// length in tokens (0 when none) and its half of the day.
func dayPartAt(text string, toks []clockToken, k int) (n, half int) {
	for n := min(4, len(toks)-k); n >= 1; n-- {
		words := make([]string, 0, n)
		for j := k; j < k+n; j++ {
			if !tight(text, toks, j) && strings.Trim(text[toks[j-1].e:toks[j].s], " -'’.") != "" {
				break
			}
			words = append(words, toks[j].w)
		}
		if len(words) == n {
			phrase := strings.Join(words, " ")
			if h, ok := dayParts[phrase]; ok && (phrase != "am" || !tight(text, toks, k+1)) { // German "acht Uhr am Montag"
				return n, h
			}
		}
	}
	return 0, 0
}

// clockToken is a lower-cased word of a text and its byte span.
type clockToken struct {
	w    string
	s, e int
}

// findClockWords returns the times of day text writes in words (see the
// examples above) as codes whose values are their readings on the 24-hour
// clock (timeValue), morning and evening both for an hour up to twelve
// ("Viertel nach acht" is t08:15 and t20:15; "half acht", Dutch 7:30 or
// English 8:30, has all four), and their lower-cased text. lower is
// strings.ToLower(text); where lower-casing changed lengths, each word is
// lower-cased on its own.
func findClockWords(text, lower string) []Fact {
	spans := wordSpans(text)
	toks := make([]clockToken, len(spans))
	for i, sp := range spans {
		w := text[sp[0]:sp[1]]
		if len(lower) == len(text) && strings.EqualFold(lower[sp[0]:sp[1]], w) {
			w = lower[sp[0]:sp[1]]
		} else {
			w = strings.ToLower(w)
		}
		toks[i] = clockToken{w, sp[0], sp[1]}
	}
	var out []Fact
	for i := 0; i < len(toks); {
		end, hms := clockAt(text, toks, i)
		if end <= i {
			i++
			continue
		}
		half := 0 // 1: morning, 2: afternoon or evening (dayParts)
		if n, h := dayPartAt(text, toks, end); n > 0 {
			end, half = end+n, h
		}
		s, e := toks[i].s, toks[end-1].e
		vals := []string{strings.ToLower(text[s:e])}
		for _, hm := range hms {
			for k, h := range []int{hm[0], hm[0] + 12} {
				if hm[0] > 12 && h != hm[0] || half == 1 && k == 1 || half == 2 && k == 0 && hm[0] < 12 {
					continue
				}
				if v, ok := timeValue(h%24, hm[1], ""); ok && !slices.Contains(vals, v) {
					vals = append(vals, v)
				}
			}
		}
		if len(vals) > 1 {
			out = append(out, Fact{Kind: Code, Text: text[s:e], Start: s, End: e, values: vals})
		}
		i = end
	}
	return out
}

// clockAt reads a time of day in words starting at token i: the token
// after it and its readings as hour and minute (the hour 0 to 24, before
// the morning/evening doubling of findClockWords); end <= i when there is
// none.
func clockAt(text string, toks []clockToken, i int) (end int, hms [][2]int) {
	w := func(k int) string { // the first word may stand after anything
		if k == i && i < len(toks) {
			return toks[i].w
		}
		return tightWord(text, toks, k)
	}
	before := func(h, m int) [2]int { // m minutes before hour h
		return [2]int{(h + 23) % 24, 60 - m}
	}
	prep := i > 0 && clockPrep[toks[i-1].w]
	// A word that names noon or midnight, with the French, Spanish,
	// Italian and Portuguese quarter and half after it.
	if hm, ok := clockWord[w(i)]; ok {
		if e, m, ok := romanceMinutes(text, toks, i+1, hm[0]); ok {
			return e, [][2]int{m}
		}
		return i + 1, [][2]int{hm}
	}
	if hm, ok := hourTwo[[2]string{w(i), w(i + 1)}]; ok {
		return i + 2, [][2]int{hm}
	}
	switch w(i) {
	case "quarter", "viertel", "kwart":
		if h, e, ok := clockHour(text, toks, i+2); ok && w(i+1) != "" {
			switch w(i + 1) {
			case "past", "nach", "over", "after":
				return e, [][2]int{{h, 15}}
			case "to", "vor", "voor", "before":
				return e, [][2]int{before(h, 15)}
			}
		}
	case "half":
		if w(i+1) == "past" {
			if h, e, ok := clockHour(text, toks, i+2); ok {
				return e, [][2]int{{h, 30}}
			}
		}
		if h, e, ok := clockHour(text, toks, i+1); ok && h <= 12 && followed(text, toks, e) {
			return e, [][2]int{before(h, 30), {h, 30}} // Dutch "half acht" is 7:30, British "half eight" 8:30
		}
	case "halb":
		if h, e, ok := clockHour(text, toks, i+1); ok && h <= 12 {
			return e, [][2]int{before(h, 30)}
		}
	case "dreiviertel":
		if h, e, ok := clockHour(text, toks, i+1); ok && h <= 12 {
			return e, [][2]int{before(h, 15)}
		}
	}
	// Minutes past or to an hour: "ten past nine", "fünf vor acht", "tien
	// over acht" (Dutch minutes around the half hour, "vijf voor half
	// acht", are left out).
	if m, e, ok := clockNumber(text, toks, i, 30); ok && m > 0 {
		if w(e) == "minutes" || w(e) == "minuten" {
			e++
		}
		if spaced(text, toks, e) {
			switch toks[e].w {
			case "past", "after", "nach", "over":
				if h, e2, ok := clockHour(text, toks, e+1); ok && spaced(text, toks, e+1) && followed(text, toks, e2) {
					return e2, [][2]int{{h, m}}
				}
			case "to", "before", "vor", "voor":
				if h, e2, ok := clockHour(text, toks, e+1); ok && spaced(text, toks, e+1) && followed(text, toks, e2) {
					return e2, [][2]int{before(h, m)}
				}
			}
		}
	}
	// An hour with its word: "two o'clock", "acht Uhr (dreißig)", "acht
	// uur", "neuf heures (dix, et quart, moins le quart)", "oito horas".
	if h, e, ok := clockHour(text, toks, i); ok && e < len(toks) && tight(text, toks, e) {
		switch toks[e].w {
		case "o":
			if w2 := toks[min(e+1, len(toks)-1)].w; w2 == "clock" && e+1 < len(toks) {
				return e + 2, [][2]int{{h, 0}}
			}
		case "uhr":
			if m, e2, ok := clockNumber(text, toks, e+1, 59); ok && tight(text, toks, e+1) {
				return e2, [][2]int{{h, m}}
			}
			return e + 1, [][2]int{{h, 0}}
		case "uur":
			return e + 1, [][2]int{{h, 0}}
		case "heure", "heures", "horas", "hora":
			if !prep {
				break // "une heure et demie", "deux heures trente" are as often durations
			}
			if e2, m, ok := romanceMinutes(text, toks, e+1, h); ok {
				return e2, [][2]int{m}
			}
			if m, e2, ok := clockNumber(text, toks, e+1, 59); ok && tight(text, toks, e+1) && strings.HasPrefix(toks[e].w, "heure") {
				return e2, [][2]int{{h, m}}
			}
			return e + 1, [][2]int{{h, 0}}
		}
	}
	// Spanish, Italian and Portuguese: "(a) las ocho (y media)", "la una",
	// "alle otto (e mezza)", "all'una", "às oito (e meia)".
	art := w(i)
	switch {
	case art == "las" || art == "la" || art == "le" || art == "alle" || art == "all" || art == "às" || art == "dalle" || art == "dall":
		if h, e, ok := clockHour(text, toks, i+1); ok && tight(text, toks, i+1) && (art != "la" && art != "all" && art != "dall" || h == 1) {
			if e2, m, ok := romanceMinutes(text, toks, e, h); ok {
				return e2, [][2]int{m}
			}
			if art == "alle" || art == "all" || art == "às" || art == "dalle" || art == "dall" || prep {
				return e, [][2]int{{h, 0}}
			}
		}
	}
	return i, nil
}

// romanceMinutes reads what follows an hour h in French, Spanish, Italian
// and Portuguese at token k: "et quart", "et demie", "moins le quart",
// "moins dix", "y media", "y cuarto", "y diez", "menos cuarto", "e
// mezza", "e un quarto", "meno venti", "e meia", "menos um quarto".
func romanceMinutes(text string, toks []clockToken, k, h int) (end int, hm [2]int, ok bool) {
	if k >= len(toks) || !tight(text, toks, k) {
		return 0, hm, false
	}
	next := func(j int) string { return tightWord(text, toks, j) }
	j := k + 1
	if a := next(j); a == "le" || a == "un" || a == "um" {
		j++
	}
	switch toks[k].w {
	case "et", "y", "e":
		switch next(j) {
		case "quart", "cuarto", "quarto":
			return j + 1, [2]int{h, 15}, true
		case "demie", "demi", "media", "mezza", "mezzo", "meia":
			return j + 1, [2]int{h, 30}, true
		}
		if m, e, ok := clockNumber(text, toks, k+1, 59); ok && tight(text, toks, k+1) && m > 0 {
			return e, [2]int{h, m}, true
		}
	case "moins", "menos", "meno":
		if q := next(j); q == "quart" || q == "cuarto" || q == "quarto" {
			return j + 1, [2]int{(h + 23) % 24, 45}, true
		}
		if m, e, ok := clockNumber(text, toks, k+1, 30); ok && tight(text, toks, k+1) && m > 0 {
			return e, [2]int{(h + 23) % 24, 60 - m}, true
		}
	}
	return 0, hm, false
}

// clockHour reads an hour, 0 to 24, spelled from token k.
func clockHour(text string, toks []clockToken, k int) (h, end int, ok bool) {
	return clockNumber(text, toks, k, 24)
}

// clockNumber reads a whole number from 0 to most spelled from token k in
// one word or up to three words joined by spaces or hyphens (numberAtoms,
// numberPhrase: "eight", "dix-sept", "vingt-cinq", "fünfundzwanzig"), the
// longest first; end is the token after it.
func clockNumber(text string, toks []clockToken, k, most int) (v, end int, ok bool) {
	if k >= len(toks) || len(toks[k].w) < 2 || !atomStarts[toks[k].w[:2]] {
		return 0, 0, false // no number word starts so
	}
	for n := min(3, len(toks)-k); n >= 1; n-- {
		var buf [3]string // no allocation per word tried
		parts := buf[:0]
		joined := true
		for j := k; j < k+n; j++ {
			if j > k && strings.Trim(text[toks[j-1].e:toks[j].s], " -") != "" {
				joined = false
				break
			}
			parts = append(parts, toks[j].w)
		}
		if !joined {
			continue
		}
		var f float64
		var good bool
		if n == 1 {
			if a, isAtom := numberAtoms[parts[0]]; isAtom {
				f, good = a.v, true
			} else if sub := splitNumberWord(parts[0]); sub != nil {
				f, good = numberPhrase(sub, true)
			}
		} else if a, isAtom := numberAtoms[strings.Join(parts, "-")]; isAtom && n == 2 && text[toks[k].e:toks[k+1].s] == "-" {
			f, good = a.v, true // dix-sept
		} else {
			f, good = numberPhrase(parts, false)
		}
		if good && f == float64(int(f)) && f >= 0 && int(f) <= most {
			return int(f), k + n, true
		}
	}
	return 0, 0, false
}

// tight reports whether token k follows token k-1 with nothing but spaces,
// a hyphen or an apostrophe between them ("all'una", "o'clock").
func tight(text string, toks []clockToken, k int) bool {
	return k > 0 && k < len(toks) && strings.Trim(text[toks[k-1].e:toks[k].s], " -'’") == ""
}

// tightWord is token k's lower-cased word when tight holds for it, else "".
func tightWord(text string, toks []clockToken, k int) string {
	if tight(text, toks, k) {
		return toks[k].w
	}
	return ""
}

// spaced reports whether token k follows token k-1 with only spaces
// between them: "one-to-one" is no time.
func spaced(text string, toks []clockToken, k int) bool {
	return k > 0 && k < len(toks) && strings.Trim(text[toks[k-1].e:toks[k].s], " ") == "" && toks[k-1].e < toks[k].s
}

// followed reports whether the hour that ends before token e ends the
// time: the text goes on with no word, or with one of clockFollowers.
func followed(text string, toks []clockToken, e int) bool {
	if e >= len(toks) || !tight(text, toks, e) || text[toks[e-1].e:toks[e].s] != " " {
		return true
	}
	return clockFollowers[toks[e].w]
}
