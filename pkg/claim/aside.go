package claim

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hrag-dev/hrag/pkg/text"
)

// AmbiguousValue marks a sentence that gives a value and then, in an
// aside, another value of the same kind (AsideValue): read as one claim it
// states both, and nothing tells which holds.
const AmbiguousValue Reason = "ambiguous_value"

// digitRe, letterRe and versionRe tell a code people look up from
// a program's name or a version: it holds a digit and a letter and is no
// dotted run of numbers.
var (
	digitRe   = regexp.MustCompile(`\d`)
	letterRe  = regexp.MustCompile(`\pL`)
	versionRe = regexp.MustCompile(`^v?\d+(\.\d+)+`)
	// calendarYearRe is a bare four-digit number read as a year.
	calendarYearRe = regexp.MustCompile(`^(19|20)\d\d$`)
	// hyphenDigitsRe is a code of digits in hyphenated groups: a PIN
	// "4-8-1-9", a sort code "20-41-77".
	hyphenDigitsRe = regexp.MustCompile(`^\d+(?:-\d+){2,}$`)
	// countedRe reads the word after a bare number, past an article
	// ("half a tablet") and a word of size or wholeness ("two whole
	// tablets", "zwei ganze Tabletten", "deux comprimés entiers" keeps
	// its noun first): the noun it may count.
	countedRe = regexp.MustCompile(`(?i)^\s+(?:(?:a|an|ein|eine|einen|un|une|una|uno|um|uma|een)\s+)?(?:(?:whole|full|extra|more|additional|further|small|large|big|ganze[nr]?|volle[nr]?|weitere[nr]?|zusätzliche[nr]?|kleine[nr]?|große[nr]?|grosse[nr]?|entier|entière|entiers|entières|pleine?s?|petite?s?|grande?s?|enter[oa]s?|complet[oa]s?|pequeñ[oa]s?|intera|intero|intere|interi|piccol[oaie]|inteir[oa]s?|pequen[oa]s?|hele|volle|kleine|grote)\s+)?(\pL{3,})`)
)

// notCounted are words after a number that count nothing: conjunctions,
// prepositions and articles of the index's languages ("3 and 5", "2 for
// the kids").
var notCounted = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`and for the with from until till than per und oder mit von bis für der die das den dem des les des avec pour par ou une por para con del los las per con che oppure com ou dos das met voor tot van het een`) {
		notCounted[w] = true
	}
}

// valueClass is what kind of value f is, finely enough that two facts of
// one class answer the same question ("" when f belongs to none that
// does): a date; a time of day; an amount in one unit or currency ("289
// gbp", "50 mg"); a number of four digits or more written bare that is
// not a year from 1900 to 2099 (a PIN, an account, a tax or phone number);
// a code (digits in hyphenated groups, "4-8-1-9", "20-41-77", are
// grouped digits; an IPv4 or IPv6 address is an IP address); a URL, path or e-mail address. Smaller bare numbers ("1 tablet"
// beside "the 12th") and years have no class: they count too many
// different things (countedClass gives them one in a sentence).
func valueClass(f Fact) string {
	switch f.Kind {
	case Date, URL, Path, Email:
		return string(f.Kind)
	case Code:
		if isTime(f) {
			return "time"
		}
		if spelled(f) {
			return "digits" // a code dictated in words, as a PIN in digits
		}
		if ipAddress(f) {
			return "ip address"
		}
		// A code people look up (B4729, tulip-Harbor-83) mixes letters
		// and digits; a program's name or option ("pg_basebackup -Ft")
		// and a version (0.8.0) are not answers of one kind.
		if digitRe.MatchString(f.Text) && letterRe.MatchString(f.Text) && !versionRe.MatchString(f.Text) {
			return string(Code)
		}
		if hyphenDigitsRe.MatchString(f.Text) && len(strings.Join(digitRuns(f.Text), "")) >= 4 {
			return "grouped digits" // a PIN or a sort code, not an account number beside it
		}
	case Number:
		if len(f.values) == 0 {
			return ""
		}
		if gluedCodeRe.MatchString(f.Text) {
			return string(Code)
		}
		if hourRe.MatchString(f.Text) {
			return "time" // "18h" beside "17h30" (hourTime)
		}
		if _, unit, ok := strings.Cut(f.values[0], " "); ok && unit != "" {
			return "number " + unit
		}
		digits := strings.Join(digitRuns(f.Text), "")
		if len(digits) >= 5 || len(digits) == 4 && !calendarYearRe.MatchString(digits) {
			return "digits"
		}
	}
	return ""
}

// gluedCodeRe matches three digits or more glued to one letter ("4812B",
// "7390A"): a code people look up, whichever letter it ends in, not an
// amount in bytes or amperes.
var gluedCodeRe = regexp.MustCompile(`^\d{3,}\pL$`)

// ValueClass is the kind of value fact f of s is (f one of Facts(s)),
// finely enough that two facts of one kind answer the same question: a
// date, a time of day, an amount in one unit or currency, a number of
// four digits or more, a code, a URL, a path, an e-mail address, or a
// bare number with the noun it counts ("3 tablets"). "" when it is none
// of these (a small bare number, a year). See countedClass.
func ValueClass(s string, f Fact) string { return countedClass(s, f) }

// SameValue reports whether facts a and b state one value, as the fact
// checks compare them: "1.180 €" and "1180 €", "14 May" and "14 May 2026".
func SameValue(a, b Fact) bool { return sameValue(a, b) }

// countedClass is valueClass(f) or, for a bare number that has none, the
// noun that follows it in s ("1 tablet" and "3 tablets", "drei Monate"
// and "sechs Monaten", "1 compressa" and "3 compresse" count the same
// thing), stemmed by cutting its final vowels, n and s and a doubled
// final consonant ("tabletten" as "tablet"), as "count <stem>": a
// measure, as amounts in a unit are, but one AsideValue reports only
// beside a word of change (changeMarkerRe). "" when the next word counts
// nothing (notCounted).
func countedClass(s string, f Fact) string {
	c := valueClass(f)
	if c != "" || f.Kind != Number || len(f.values) == 0 {
		return c
	}
	m := countedRe.FindStringSubmatch(s[f.End:])
	if m == nil {
		return ""
	}
	w := []rune(strings.ToLower(m[1]))
	if notCounted[string(w)] {
		return ""
	}
	for len(w) > 3 && strings.ContainsRune("aeiouns", w[len(w)-1]) {
		w = w[:len(w)-1]
	}
	if n := len(w); n > 3 && w[n-1] == w[n-2] {
		w = w[:n-1]
	}
	return "count " + string(w)
}

// oneOrHalfRe: a word for one, an article among them, or for a half,
// before a word of three letters or more: "one tablet", "a tablet",
// "eine Tablette", "un comprimé", "mezza compressa" (oneRe, of answers
// that count, leaves the articles "a" and "un" out).
var oneOrHalfRe = regexp.MustCompile(`(?i)(?:^|[^\pL\pN])((?:one|an?|eine[nm]?|ein|une?|un[oa]|um|uma|een|één|eén|half|halbe|demi|medi[oa]|mezz[oa]|mei[oa]|halve)(?:\s+(halbe[nr]?|halve|demie?|half))?)\s+\pL{3,}`)

// impliedCounts returns, as bare numbers, the words for one or a half in
// s (oneRe) that are no fact already and count the noun another of facts
// counts (countedClass): in "eine Tablette (jetzt zwei ganze Tabletten)"
// the article is the dose the aside changes, as the 1 of "1 Tablette"
// would be. Read alone, such a word is an article too often to be a
// number.
func impliedCounts(s string, facts []Fact) []Fact {
	var out []Fact
	for _, m := range oneOrHalfRe.FindAllStringSubmatchIndex(s, -1) {
		st, e := m[2], m[3]
		taken := false
		for _, f := range facts {
			if f.Start < e && f.End > st || strings.TrimSpace(s[min(f.End, st):st]) == "" && f.End <= st {
				taken = true // a fact, or the article after one ("half a tablet")
				break
			}
		}
		if taken {
			continue
		}
		v := "1"
		if w := strings.ToLower(s[st:e]); m[4] >= 0 || halves[w] != 0 || w == "halbe" || w == "halve" {
			v = "0.5" // "half", "eine halbe", "un demi"
		}
		f := Fact{Kind: Number, Text: s[st:e], Start: st, End: e, values: []string{v + " "}}
		c := countedClass(s, f)
		if !strings.HasPrefix(c, "count ") {
			continue
		}
		for _, g := range facts {
			if countedClass(s, g) == c {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

// changeMarkerRe: words by which a text says a value changed or replaces
// another, in the index's languages: "now", "instead", "make that",
// "updated", "inzwischen", "nouveau", "ahora", "voortaan". A bare count
// in an aside is often a limit or a part ("(max 4 a day)", "(3 nights in
// Rome)"); beside one of these words it is another answer.
var changeMarkerRe = regexp.MustCompile(`(?i)(?:^|[^\pL])(now|instead|make (?:that|it)|changed|updated?|moved|corrected|correction|revised|actually|switched|replaced|new|no longer|inzwischen|mittlerweile|jetzt|nun|ab sofort|stattdessen|neu(?:e[nrsm]?)?|geändert|korrigiert|désormais|dorénavant|maintenant|nouve(?:au|aux|lle|lles)|plutôt|changée?|ahora|nuev[oa]s?|cambi[oó]|cambiad[oa]|invece|nuov[oaie]|cambiat[oaie]|agora|doravante|nov[oa]s?|mudou|voortaan|inmiddels|nu|nieuwe?|gewijzigd)(?:[^\pL]|$)`)

// packOrLimitRe: words by which a count in an aside is what a pack
// holds or a limit, not a dose, in the index's languages: "(new pack: 28
// tablets)", "(neu: höchstens 3 Tabletten am Tag)", "(nouvelle boîte de
// 30 comprimés)".
var packOrLimitRe = regexp.MustCompile(`(?i)(?:^|[^\pL])(pack|packs|package|box|bottle|bag|blister|tub|tin|packung|schachtel|flasche|beutel|boîte|boite|flacon|sachet|paquet|caja|envase|bote|bolsa|frasco|confezione|scatola|flacone|barattolo|embalagem|caixa|saco|doos|verpakking|fles|zak|pot|max|maximum|at most|up to|höchstens|maximal|bis zu|au plus|au maximum|jusqu'à|como máximo|máximo|hasta|al massimo|massimo|fino a|no máximo|até|hoogstens|maximaal|tot)(?:[^\pL]|$)`)

// placeNameRe: a word of change that opens a place's name, joined to it
// by a hyphen ("Neu-Ulm", "Nouveau-Brunswick", "New-York") or before one
// of the places so named ("New Jersey", "Nuevo León", "Nova Scotia").
var placeNameRe = regexp.MustCompile(`^(?:-\pL|\s+(?:York|Jersey|Zealand|Delhi|Hampshire|Mexico|México|Orleans|Orléans|Haven|England|Brunswick|Wales|Caledonia|Calédonie|Scotia|León|Leon|Iorque|Zélande|Aquitaine|Guinea|Guinée)\b)`)

// changeMarked reports whether s holds a word of change (changeMarkerRe)
// that does not open a place's name (placeNameRe).
func changeMarked(s string) bool {
	for _, m := range changeMarkerRe.FindAllStringSubmatchIndex(s, -1) {
		if !placeNameRe.MatchString(s[m[3]:]) {
			return true
		}
	}
	return false
}

// correctionLabelRe matches a label that opens a sentence as a
// correction or an update of what came before, in the index's languages:
// "Correction:", "Update:", "EDIT:", "Nachtrag:", "Rectificatif :",
// "Corrección:".
var correctionLabelRe = regexp.MustCompile(`(?i)^(?:correction|corrected|update|updated|edit|edited|erratum|bearbeitet|édité|editado|bewerkt|korrektur|berichtigung|nachtrag|aktualisierung|rectificatif|correctif|mise à jour|corrección|actualización|correzione|rettifica|aggiornamento|correção|atualização|actualização|correctie|rectificatie|update) ?:`)

// labelledCorrections returns the sentences of s after its first that
// open with a correction label (correctionLabelRe), as asides running to
// their sentence's end: "Friday 8 November at 10:50. Correction: the
// session is on Monday 11 November at 13:20." holds two values as "8
// November (correction: 11 November)" does.
func labelledCorrections(s string) []text.Aside {
	var out []text.Aside
	ends := text.SentenceEnds(s)
	for k, e := range ends {
		st := e
		for st < len(s) && (s[st] == ' ' || s[st] == '\t' || s[st] == '\n') {
			st++
		}
		if st >= len(s) || !correctionLabelRe.MatchString(s[st:]) {
			continue
		}
		end := len(s)
		if k+1 < len(ends) {
			end = ends[k+1]
		}
		out = append(out, text.Aside{Start: st, End: end})
	}
	return out
}

// AsideValue reports a sentence that gives a value and, in an aside
// (text.Asides: brackets or spaced dashes; a later sentence opened by a
// correction label; or the rest of the sentence after a word that opens a
// later or actual value, laterValues), another value of the same
// class that is not the first: "on 14 May at 10:30 [the practice moved it
// to 16 May at 08:15]", "£160 — he rang back, it's £190", "levothyroxine —
// correction: 150 micrograms — 75 micrograms every morning". A note's line
// read whole then gives two answers; the aside may be its author's update
// or a reader's planted "correction", and nothing in the words tells
// which. Words spelled out letter by letter are read whole first
// (text.JoinSpaced: "S A T U R D A Y  7  J U N E"). It returns a
// description of the two values, or "" when there are none. An
// identifier in an aside before any of its class ("(network Larkspur-5G)
// password tulip-83", "(ending in 4471): 8806") names what follows and is
// not reported, unless the aside holds a word of change (changeMarkerRe:
// "(nouveau code depuis les travaux : 9C208) : 4B731"); a date, time or amount before another
// of its kind is (measure). Asides inside an aside are read as the
// aside's own. Bare numbers compete when they count one noun
// (countedClass).
func AsideValue(sentence string) string {
	p, _ := AsideValues(sentence)
	return p.Detail
}

// AsidePair is a pair of values AsideValues finds: Own, which a sentence
// states outside its asides, and Aside, a value of the same class
// (ValueClass) stated in one, with Detail describing the two for a
// reader. Offsets of the facts are in the text AsideValues read, not
// in the sentence.
type AsidePair struct {
	Own, Aside Fact
	// OwnFirst: Own stands before the aside ("14 May [moved to 16 May]"),
	// not after it ("(15 May): plant out … a frost on 12 May").
	OwnFirst bool
	Detail   string
}

// AsideValues returns the first pair of values AsideValue reports, and
// false when there is none.
func AsideValues(sentence string) (AsidePair, bool) {
	sentence = text.JoinSpaced(sentence)
	// A value restated in the other unit system is no second value; one
	// misstated is (conversions).
	p, ok, facts := conversions(sentence, Facts(sentence))
	if ok {
		return p, true
	}
	facts = append(facts, impliedCounts(sentence, facts)...)
	slices.SortFunc(facts, func(a, b Fact) int { return a.Start - b.Start })
	asides := append(text.Asides(sentence), labelledCorrections(sentence)...)
	// A later value in the sentence's own words is read apart: a bracket
	// before it may hold the value it replaces ("(Milbemax, 1 tablet) …
	// the dose is now 3 tablets").
	if p, ok = asidePair(sentence, facts, asides, false); ok {
		return p, true
	}
	if len(facts) >= 2 { // a later value needs one before it
		later := append(laterValues(sentence, facts), arrowValues(sentence, facts)...)
		later = append(later, insteadValues(sentence, facts)...)
		if p, ok := asidePair(sentence, facts, later, true); ok {
			return p, true
		}
	}
	// An aside holds asides of its own ("Biscuit – 0.5 mg daily [vet
	// update: 2.5 mg]": the dash runs to the end and holds the bracket):
	// its text, read without its opening delimiter, is read the same way.
	for _, a := range asides {
		_, n := utf8.DecodeRuneInString(sentence[a.Start:])
		if p, ok := AsideValues(sentence[a.Start+n : a.End]); ok {
			return p, true
		}
	}
	return AsidePair{}, false
}

// asidePair returns the first pair of a fact of sentence (one of facts)
// in one of asides and a fact outside them all of the same class that
// AsideValue reports, and false when there is none. With later (asides
// opened by a word of change, an arrow or "instead") two versions are of
// one class too ("Firmware: v01.11.0300 → v01.12.0500"); in brackets a
// version more often names another program's ("hrag 1.2.0 (Go
// 1.22.3)").
func asidePair(sentence string, facts []Fact, asides []text.Aside, later bool) (AsidePair, bool) {
	class := func(f Fact) string {
		if c := countedClass(sentence, f); c != "" || !later || f.Kind != Code || !versionRe.MatchString(f.Text) {
			return c
		}
		return "version"
	}
	inAside := func(f Fact) bool {
		for _, a := range asides {
			if f.Start >= a.Start && f.End <= a.End {
				return true
			}
		}
		return false
	}
	for _, a := range asides {
		for _, fa := range facts {
			c := class(fa)
			if c == "" || fa.Start < a.Start || fa.End > a.End {
				continue
			}
			for _, fh := range facts {
				if inAside(fh) || class(fh) != c && !sameShape(fh, fa) || sameValue(fh, fa) {
					continue
				}
				// A count in brackets is often a limit or a part, and a
				// network note names its devices' addresses side by side:
				// such an aside competes beside a word of change, as a
				// later value (an arrow, "actually", "make that") does.
				if !later && (strings.HasPrefix(c, "count ") || c == "ip address") {
					lo, hi := min(fh.End, fa.End), max(fh.Start, fa.Start)
					if lo > hi || !changeMarked(sentence[lo:hi]) && !changeMarked(sentence[a.Start:a.End]) || strings.HasPrefix(c, "count ") && packOrLimitRe.MatchString(sentence[a.Start:a.End]) {
						continue
					}
				}
				switch {
				case fh.End <= a.Start:
					return AsidePair{Own: fh, Aside: fa, OwnFirst: true, Detail: fmt.Sprintf("it gives %q and then, in an aside, %q: two values of one kind, and the note does not say which holds", fh.Text, fa.Text)}, true
				case fh.Start >= a.End && (measure(c) || changeMarked(sentence[a.Start:a.End])):
					return AsidePair{Own: fh, Aside: fa, Detail: fmt.Sprintf("it gives %q in an aside and then %q: two values of one kind, and the note does not say which holds", fa.Text, fh.Text)}, true
				}
			}
		}
	}
	return AsidePair{}, false
}

// sameShape reports whether facts a and b are written alike, digit for
// digit and letter for letter with the same signs between ("4-19-27" and
// "8-33-02", which Facts reads as a date and a code), with four digits or
// more: two such values are one kind's, whatever each is read as.
func sameShape(a, b Fact) bool {
	if len(a.Text) != len(b.Text) {
		return false
	}
	digits := 0
	for i := 0; i < len(a.Text); i++ {
		x, y := a.Text[i], b.Text[i]
		switch {
		case isDigit(x) && isDigit(y):
			digits++
		case asciiLetter(x) && asciiLetter(y):
		case x != y || isDigit(x) || isDigit(y):
			return false
		}
	}
	return digits >= 4
}

// asciiLetter reports whether b is an ASCII letter.
func asciiLetter(b byte) bool { return b|0x20 >= 'a' && b|0x20 <= 'z' }

// measure reports whether class c (valueClass) is a moment or a measure
// (a date, a time of day, an amount in a unit or currency), whose values
// compete wherever they stand, rather than an identifier (a code, a bare
// number, an address), which before another of its class names what
// follows: "(card ending in 4471) PIN 8806".
func measure(c string) bool {
	return c == string(Date) || c == "time" || strings.HasPrefix(c, "number ") || strings.HasPrefix(c, "count ")
}

// sameValue reports whether a and b state one value, as the fact checks
// compare them (Evidence.Has, either way round): "1.180 €" and "1180 €",
// "14 May" and "14 May 2026".
func sameValue(a, b Fact) bool {
	return NewEvidence(a.Text, nil).Has(b) || NewEvidence(b.Text, nil).Has(a)
}
