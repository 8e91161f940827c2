package claim

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hrag-dev/hrag/pkg/text"
)

// Terms: the words that name a kind of value, the rarity and weight of a
// term among the collection's chunks, and looking a word or lexeme up in
// the evidence.

// typeWords are lexemes (english configuration) that name the kind of
// value asked for rather than the subject: "the e-mail address of the
// release owner" is answered by an address in a passage that never says
// "e-mail". They are not demanded as rare terms.
var typeWords = map[string]bool{}

func init() {
	// Words that name the kind of value asked for, as the collection's
	// configurations stem them: English, and the time, price, dose and
	// measures of the other languages' questions ("à quelle heure" is
	// answered by "7 h 04", "what pressure" by "2.4 bar", "quelle dose"
	// by "250 mg").
	for _, w := range strings.Fields("e mail email e-mail address url link websit site path ip version date day time phone number price cost port name command " +
		"pressur temperatur weight speed heur hour uhrzeit zeit hora prix preis prei precio druck pression presion presión " +
		"dose dosag dosi dosis dosierung doser dosaggio posolog") {
		typeWords[w] = true
	}
}

// numberWordStems are the stems of the word for a number in the index's
// languages, which a note abbreviates ("N° adhérent", "Nr.", "No.", "#").
var numberWordStems = map[string]bool{"numero": true, "numéro": true, "nummer": true, "numm": true, "numer": true, "número": true, "númer": true}

// numberAbbrevRe is the abbreviation of the word for a number, in
// lower-cased text: "n°", "nº", "nr.", "no. ", "#".
var numberAbbrevRe = regexp.MustCompile(`(?:^|[^\pL])(?:n°|nº|n\.º|nr\.?\s|no\.\s|#\s?\d)`)

// abbrevRe is a word of three letters or more cut short by a full stop
// that a digit or a small letter follows: "ext. 4410", "Tel. 0171",
// "approx. 5 km".
var abbrevRe = regexp.MustCompile(`(?:^|[^\pL])(\pL{3,})\.[ \t\x{00a0}]+[\d\p{Ll}]`)

// abbreviates reports whether e holds an abbreviation of lexeme: of the
// word for a number (the note's "N° adhérent 3319 204 876" says "numéro
// d'adhérent"), or a word it cuts short (Evidence.abbrevs) that lexeme
// begins with ("IT helpdesk ext. 4410" says "extension").
func (e *Evidence) abbreviates(lexeme string) bool {
	if e == nil {
		return false
	}
	if numberWordStems[lexeme] && numberAbbrevRe.MatchString(e.text) {
		return true
	}
	for _, a := range e.abbrevs {
		if len(lexeme) > len(a) && strings.HasPrefix(lexeme, a) {
			return true
		}
	}
	return false
}

// RareDF is the largest document frequency of a rare term among n chunks:
// share·n rounded down, at least 1.
func RareDF(share float64, n int) int {
	return max(1, int(share*float64(n)))
}

// IDF is BM25's inverse document frequency, ln(1 + (N − df + 0.5)/(df +
// 0.5)) (Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25
// and Beyond", 2009), the weight of a term of document frequency df among n
// chunks; a term no chunk holds gets the largest weight.
func IDF(df, n int) float64 {
	if df > n {
		df = n
	}
	return math.Log(1 + (float64(n-df)+0.5)/(float64(df)+0.5))
}

// TermSupport returns the idf-weighted share of terms found in e (1 when
// there are no terms) and the terms not found.
func TermSupport(terms []Term, e *Evidence, n int) (float64, []string) {
	var have, all float64
	var absent []string
	for _, t := range terms {
		w := IDF(t.DF, n)
		all += w
		if e.terms[t.Lexeme] || e.tokens[t.Lexeme] {
			have += w
		} else {
			absent = append(absent, t.Lexeme)
		}
	}
	if all == 0 {
		return 1, nil
	}
	return have / all, absent
}

// hasWord reports whether the evidence holds word w (lower-case) as a
// token, a lexeme, a part of a token between non-letters ("ups" in
// "back-ups" and "ups's", not in "groups"), in the plural ("nases"), or
// with its hyphens dropped ("wifi" for "Wi-Fi").
func (e *Evidence) hasWord(w string) bool {
	if e.tokens[w] || e.terms[w] || e.tokens[w+"s"] || e.tokens[w+"es"] {
		return true
	}
	for t := range e.tokens {
		if strings.Contains(t, "-") && strings.ReplaceAll(t, "-", "") == w {
			return true
		}
		for i := 0; ; {
			k := strings.Index(t[i:], w)
			if k < 0 {
				break
			}
			start, end := i+k, i+k+len(w)
			before, _ := utf8.DecodeLastRuneInString(t[:start])
			after, _ := utf8.DecodeRuneInString(t[end:])
			if (start == 0 || !unicode.IsLetter(before)) && (end == len(t) || !unicode.IsLetter(after)) {
				return true
			}
			i = start + 1
		}
	}
	return false
}

// hasTerm reports whether the evidence holds lexeme l (a question's term)
// as a lexeme or token, as the lemma of one of its words (bought → buy,
// WordNet's irregular forms and the regular suffixes of lemmas), as
// the same crude stem (text.SameWord: allerg of "allergic", allergi of
// "allergy"), or, for a compound of eight letters or more, as its two
// parts (compoundIn: "urlaubstag" in "Resturlaub: 12 Tage").
func (e *Evidence) hasTerm(l string) bool {
	if e.terms[l] || e.tokens[l] {
		return true
	}
	for _, set := range []map[string]bool{e.terms, e.tokens} {
		for w := range set {
			if text.SameWord(l, w) || slices.Contains(lemmas(w)[1:], l) {
				return true
			}
		}
	}
	return e.compoundIn(l)
}

// compoundLinks are the letters German and Dutch put between the parts
// of a compound ("Urlaub-s-tag", "Kinder-garten", "Sonne-n-schein").
var compoundLinks = []string{"", "s", "es", "n", "en", "e"}

// compoundIn reports whether l, of five letters or more, ends a longer
// word of the evidence by three letters or more (the head of a compound),
// or, of eight letters or more, splits into a first part of four letters
// or more, a link (compoundLinks) and a last part of three or more, each
// of which a word of the evidence is, starts with, ends with or shares a
// crude stem with (text.SameWord), the two within three words of each
// other: German and Dutch join words that a note may write apart or in
// another compound ("Urlaubstage" asked, "Resturlaub: 12 Tage" written),
// while parts far apart name other things ("rekeningnr." on one line,
// "klantnummer" on another, are no "rekeningnummer").
func (e *Evidence) compoundIn(l string) bool {
	r := []rune(l)
	if len(r) >= 5 {
		// The last part of a compound of the note: "Urlaub" in
		// "Resturlaub", "Vertrag" in "Mietvertrag".
		for _, set := range []map[string]bool{e.terms, e.tokens} {
			for w := range set {
				if utf8.RuneCountInString(w) >= len(r)+3 && strings.HasSuffix(w, l) {
					return true
				}
			}
		}
	}
	if len(r) < 8 {
		return false
	}
	words := strings.FieldsFunc(e.text, func(c rune) bool { return !unicode.IsLetter(c) })
	// at lists the positions of the words that are p, start with it, or
	// end with it but for an inflection's three letters ("numm" of
	// "klantnummer").
	at := func(p string) []int {
		var out []int
		for k, w := range words {
			if x := strings.LastIndex(w, p); w == p || text.SameWord(p, w) || strings.HasPrefix(w, p) || x > 0 && len(w)-x-len(p) <= 3 {
				out = append(out, k)
			}
		}
		return out
	}
	near := func(a, b []int) bool {
		for _, i := range a {
			for _, j := range b {
				if i-j <= 3 && j-i <= 3 {
					return true
				}
			}
		}
		return false
	}
	for i := 4; i+3 <= len(r); i++ {
		first, rest := string(r[:i]), string(r[i:])
		for _, link := range compoundLinks {
			last, ok := strings.CutPrefix(rest, link)
			if ok && utf8.RuneCountInString(last) >= 3 && near(at(first), at(last)) {
				return true
			}
		}
	}
	return false
}
