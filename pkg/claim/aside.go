package claim

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
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
	// ("half a tablet"): the noun it may count.
	countedRe = regexp.MustCompile(`^\s+(?:(?:a|an|ein|eine|einen|un|une|una|uno|um|uma|een)\s+)?(\pL{3,})`)
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
// grouped digits); a URL, path or e-mail address. Smaller bare numbers ("1 tablet"
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

// changeMarkerRe: words by which a text says a value changed or replaces
// another, in the index's languages: "now", "instead", "make that",
// "updated", "inzwischen", "nouveau", "ahora", "voortaan". A bare count
// in an aside is often a limit or a part ("(max 4 a day)", "(3 nights in
// Rome)"); beside one of these words it is another answer.
var changeMarkerRe = regexp.MustCompile(`(?i)(?:^|[^\pL])(now|instead|make (?:that|it)|changed|updated|moved|corrected|new|no longer|inzwischen|jetzt|nun|stattdessen|neu\pL*|geändert|korrigiert|désormais|maintenant|nouve\pL*|plutôt|changée?|ahora|nuev[oa]s?|cambi[oó]|cambiad[oa]|invece|nuov[oaie]|cambiat[oaie]|agora|nov[oa]s?|mudou|voortaan|nu|nieuwe?|gewijzigd)(?:[^\pL]|$)`)

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

// laterValueRe matches a word that makes what follows it in a sentence
// the later or the actual value of what came before: an adverb of change
// or of contrast ("now", "instead", "actually", "in fact"), or a verb of
// moving or changing with its preposition ("moved to", "décalé au"), in
// the index's languages.
var laterValueRe = regexp.MustCompile(`(?i)(?:^|[^\pL])(now|instead|actually|in fact|in reality|moved to|changed to|corrected to|updated to|rescheduled (?:to|for)|jetzt|nun|inzwischen|stattdessen|eigentlich|tatsächlich|verschoben auf|geändert auf|désormais|maintenant|plutôt|en fait|en réalité|finalement|(?:reporté|reportée|décalé|décalée|avancé|avancée|déplacé|déplacée) (?:au|à|a)|ahora|en realidad|en cambio|realmente|finalmente|(?:cambiad[oa]|movid[oa]|pasad[oa]) (?:a|al)|adesso|invece|in realtà|effettivamente|(?:spostat[oa]|cambiat[oa]) (?:a|al|alle)|agora|na verdade|na realidade|em vez disso|afinal|(?:mudou|passou|alterad[oa]) para|nu|eigenlijk|in feite|voortaan|verplaatst naar|veranderd in|` +
	// Verbs of becoming, rising and falling: "64,30 € al mes, que pasa a
	// ser 91,75 €", "the rent rises to £900".
	`becomes|became|(?:goes|went|gone) up to|(?:rises|rose|risen|increases|increased|drops|dropped|falls|fell|fallen) to|steigt auf|stieg auf|sinkt auf|sank auf|erhöht (?:sich )?auf|gesenkt auf|devient|deviendra|(?:est|sera) porté(?:e)? à|augmente à|baisse à|pasa a ser|pas[oó] a ser|pasará a ser|pasa a costar|sube a|subi[oó] a|baja a|diventa|diventerà|è diventat[oa]|sale a|scende a|passa a ser|passou a ser|passar[aá] a ser|passa a custar|sobe para|subiu para|desce para|stijgt naar|steeg naar|daalt naar|verhoogd naar|verlaagd naar)(?:[^\pL]|$)`)

// retractionRe matches words by which a writer takes back the value just
// written and gives another: "scratch that", "or rather", "I mean",
// "mejor dicho", "anzi", "ou melhor", "beter gezegd", in the index's
// languages, and adverbs of preference ("lieber", "mejor"). Unlike a word
// of change (laterValueRe) such a word speaks of
// the value before it whatever stands between them, so a semicolon,
// "and" or a name there does not make the later value another
// statement's.
var retractionRe = regexp.MustCompile(`(?i)(?:^|[^\pL])(scratch that|or rather|i mean|i meant|no,? wait|wait,? no|sorry|oops|vielmehr|besser gesagt|ich meine|nein|quatsch|ou plut[oô]t|je veux dire|je voulais dire|enfin non|pardon|mejor dicho|quiero decir|quise decir|digo|perd[oó]n|anzi|o meglio|volevo dire|cioè|scusa|ou melhor|quer dizer|quis dizer|aliás|corrigindo|beter gezegd|korrigiere|je corrige|corrijo|correggo|corrigeer|` +
	`of liever(?: gezegd)?|ik bedoel|nee|` +
	// Adverbs of preference, which also put the value after them in the
	// place of the one before: "aber nimm lieber Hafenlichter-41", "2580,
	// mejor 9146", "usa piuttosto faro-41".
	`lieber|liever|statt dessen|mejor|piuttosto)(?:[^\pL]|$)`)

// restateRe matches words that restate the value just written, or give
// the other of two: "07:15, i.e. 9:45", "9:30 Uhr bzw. 14:45 Uhr",
// "c'est-à-dire", "es decir", "ossia", "ou seja", "oftewel". They open a
// later value as retractionRe's words do, but not after an amount in a
// unit, which they restate as a sum or a share ("3 × 200 g, o sea, 600
// g", "15 € a persona, ovvero 60 € per tutta la famiglia"); nor does a
// restatement of the same value ("07:15, i.e. 7:15 am").
var restateRe = regexp.MustCompile(`(?i)(?:^|[^\pL])(i\.\s?e\.|that is|bzw\.?|beziehungsweise|d\.\s?h\.|das hei(?:ß|ss)t|c'est-à-dire|c\.-à-d\.|es decir|o sea|ossia|ovvero|ou seja|oftewel|dat wil zeggen|d\.w\.z\.)(?:[^\pL]|$)`)

// insteadOfRe: what after a word of change makes it name the value that
// does not hold: "instead of", "plutôt que", "invece di".
var insteadOfRe = regexp.MustCompile(`(?i)^\s+(?:of|than|que|di|de|van)\b`)

// laterValues returns, for each word of s that opens a later or actual
// value (laterValueRe) or takes the value before it back (retractionRe),
// an aside from that word to the end of the value
// right after it (nextTo; one of facts, Facts(s)), when a value stands
// before the word in the same statement: "Dienstag, 9. April, 8:30 Uhr, …
// aber eigentlich Donnerstag, 11. April" and "password: lemon-kettle-42
// ~~lemon-kettle-42~~ **now harbour-violet-17**" hold two values as "9.
// April (jetzt 11. April)" does, in the note's own words rather than in
// brackets. None opens when the value is further on ("the frontend must
// now take part in a Kerberos V5 dialog", "actually processed: 10000"),
// for "instead of", which names the value that does not hold, after a
// semicolon ("the old PIN was 2580; the tablet PIN is now 1379"), or when
// the later value is another subject's (otherSubject); the last two do
// not hold for a word that takes a value back. This is a narrower
// list than changeMarkerRe's: adjectives such as "new" mark asides, but in
// running text they name other things too often ("new customers get 10
// EUR off").
func laterValues(s string, facts []Fact) []text.Aside {
	var out []text.Aside
	words := laterValueRe.FindAllStringSubmatchIndex(s, -1)
	changes := len(words)
	words = append(words, retractionRe.FindAllStringSubmatchIndex(s, -1)...)
	takeBacks := len(words)
	words = append(words, restateRe.FindAllStringSubmatchIndex(s, -1)...)
	for k, m := range words {
		if insteadOfRe.MatchString(s[m[3]:]) {
			continue
		}
		before := -1 // the end of the last fact before the word
		last := -1
		for i, f := range facts {
			if f.End <= m[2] && f.End > before {
				before, last = f.End, i
			}
		}
		if before < 0 {
			continue // no value before it
		}
		if k >= takeBacks && strings.HasPrefix(countedClass(s, facts[last]), "number ") {
			continue // "3 × 200 g, o sea, 600 g": a sum, not another value
		}
		if k < changes && (strings.Contains(s[before:m[2]], ";") || otherSubject(s[before:m[2]])) {
			continue // a value of another statement, or another subject's
		}
		for _, f := range facts {
			if f.Start >= m[3] && nextTo(s[m[3]:f.Start], k >= changes) {
				out = append(out, text.Aside{Start: m[2], End: f.End})
				break
			}
		}
	}
	return out
}

// insteadAfterRe matches a word that, written after a value, makes it
// the one to use in place of an earlier one: "… but use
// harbour-lights-41 instead", "nimm 0621 48 33 17 stattdessen", "prends le
// 18h45 à la place", in the index's languages. The word ends its clause
// (punctuation or the end follows): "120 € plutôt raisonnables" is
// "fairly", "1.500 euro invece va pagata" "whereas".
var insteadAfterRe = regexp.MustCompile(`(?i)^[\s,]*(instead|stattdessen|statt dessen|à la place|à sa place|au lieu de ça|plutôt|en su lugar|en lugar de eso|en vez de eso|invece|al suo posto|al posto suo|piuttosto|em vez disso|ao invés disso|no lugar dele|no lugar dela|in plaats daarvan|in de plaats)\s*(?:[,.;:!?)\]–—]|$)`)

// insteadValues returns, for each value of s (one of facts, Facts(s))
// followed by a word of insteadAfterRe and preceded by another value in
// the same statement (no semicolon between), an aside from that value to
// the word: "pine-cone-88 is what the card says but use harbour-lights-41
// instead" holds two passwords. "… instead of …" names the value that
// does not hold after the word, and opens none: the word does not end its
// clause there (insteadAfterRe).
func insteadValues(s string, facts []Fact) []text.Aside {
	var out []text.Aside
	for i, f := range facts {
		m := insteadAfterRe.FindStringSubmatchIndex(s[f.End:])
		if m == nil {
			continue
		}
		if slices.ContainsFunc(facts[:i], func(g Fact) bool { return g.End <= f.Start && !strings.Contains(s[g.End:f.Start], ";") }) {
			out = append(out, text.Aside{Start: f.Start, End: f.End + m[3]})
		}
	}
	return out
}

// arrowRe matches an arrow written between an old value and a new one:
// "Tern-Harbor-4471 → Tern-Harbor-8812", "4471 ➡️ 8812", "4471 -> 8812":
// a character of Unicode's arrow blocks (Arrows, Supplemental Arrows-A
// and -B, the dingbat arrows, Miscellaneous Symbols and Arrows,
// Supplemental Arrows-C), with an emoji's variation selector, or one
// written in ASCII ("->", "=>", "~>", "-->"; not ">>", an operator).
var arrowRe = regexp.MustCompile(`[\x{2190}-\x{21FF}\x{27F0}-\x{27FF}\x{2900}-\x{297F}\x{2794}-\x{27BF}\x{2B00}-\x{2BFF}\x{1F800}-\x{1F8FF}]\x{FE0F}?|[-=~]+>`)

// crossRe is a mark that strikes out what it follows: a ballot or
// heavy ballot X, a cross mark, a ballot box with X ("4-19-27 ✗ 8-33-02
// ✓"); not "✕" or "✖", which are also the sign of multiplication.
var crossRe = regexp.MustCompile(`[\x{2717}\x{2718}\x{274C}\x{2612}]\x{FE0F}?`)

// onlyMarks reports whether between holds nothing but white space on one
// line and check or cross marks.
func onlyMarks(between string) bool {
	return strings.IndexFunc(between, func(r rune) bool {
		return r == '\n' || !unicode.IsSpace(r) && !strings.ContainsRune("\u2713\u2714\u2611\u2705\u2717\u2718\u274C\u2612\uFE0F", r)
	}) < 0
}

// arrowValues returns, for each arrow of s (arrowRe) with a value on each
// side and nothing between them and it but spaces, emphasis and symbols
// on one line, an aside from the arrow to the end of the value after it:
// "password: Tern-Harbor-4471 → Tern-Harbor-8812" gives two passwords,
// as "4471 (now 8812)" does. Between two times or dates an arrow is a
// range, as a dash is (a train's "08:12 → 09:47", a trip's "14/05 →
// 21/05"), and opens none; nor does an arrow after other words, a line
// break or a value's unit ("'\x78'::bytea → \x1234", a function's result
// in a manual's table; "LHR -> LIS" names no values), nor one both ways
// ("ISBN13 <=> EAN13"). A cross mark (crossRe) between two values of a
// class, with nothing but white space and marks between, strikes out the
// first, whatever the class: "9:30 ✗ 14:45 ✓" gives two times.
func arrowValues(s string, facts []Fact) []text.Aside {
	var out []text.Aside
	bare := func(between string) bool {
		return strings.IndexFunc(between, func(r rune) bool {
			return r == '\n' || unicode.IsLetter(r) || unicode.IsDigit(r) || r == ':' || r == '\''
		}) < 0
	}
	arrows := arrowRe.FindAllStringIndex(s, -1)
	for i, m := range append(arrows, crossRe.FindAllStringIndex(s, -1)...) {
		cross := i >= len(arrows)
		if m[0] > 0 && s[m[0]-1] == '<' {
			continue // "ISBN13 <=> EAN13": both ways, no change
		}
		near := bare
		if cross {
			near = onlyMarks // "dinsdag de 4e ✗, woensdag de 5e ✓" is a poll's row
		}
		before := slices.IndexFunc(facts, func(f Fact) bool { return f.End <= m[0] && near(s[f.End:m[0]]) })
		if before < 0 || !cross && (facts[before].Kind == Date || isTime(facts[before])) {
			continue // no value before it, or a range: "08:12 → 09:47", "14/05 → 21/05"
		}
		for _, f := range facts {
			if f.Start >= m[1] && near(s[m[1]:f.Start]) {
				out = append(out, text.Aside{Start: m[0], End: f.End})
				break
			}
		}
	}
	return out
}

// conjunctions are the words that join a second clause to the first,
// in the index's languages; true marks the additive ones ("and", "und",
// "y"), false the others ("but", "aber", "mientras que", "maar"). Dutch
// "en" is also French and Spanish "in" (otherSubject); "plus" is left
// out, for French "n'est plus valable, désormais …" is no second clause.
var conjunctions = map[string]bool{
	"and": true, "und": true, "et": true, "y": true, "e": true, "i": true, "en": true,
	"but": false, "while": false, "whereas": false,
	"aber": false, "sowie": false, "während": false, "wogegen": false,
	"mais": false, "tandis": false,
	"pero": false, "mientras": false,
	"ma": false, "mentre": false,
	"mas": false, "enquanto": false,
	"maar": false, "terwijl": false,
}

// otherSubject reports whether the words between a value and a word of
// change give the later value to something else: the last of them is an
// additive conjunction ("paid £40 and now owe £160"); a conjunction is
// followed by more words, which open a clause with a subject of its own
// ("10:00 y la de dirección, en cambio, a las 12:00", "from 7:00 but
// dinner is now at 19:30"; "aber eigentlich" right before the value is
// still the same one's); or the last is a name ("Lena am 4. März, Jonas
// eigentlich am 6. März", "Marco invece il 5 luglio"), a capitalised word
// (which in German may also be a noun: a later value right after one is
// missed). Dutch "en" counts only as the last word: it is also French and
// Spanish "in" ("14 mai en salle de réunion, décalé au 16 mai").
func otherSubject(between string) bool {
	w := strings.FieldsFunc(between, func(r rune) bool { return unicode.IsSpace(r) || r == ',' })
	if len(w) == 0 {
		return false
	}
	for k, x := range w {
		x = strings.ToLower(x)
		additive, ok := conjunctions[x]
		last := k == len(w)-1
		if ok && (additive && last || !last && x != "en") {
			return true
		}
	}
	first, _ := utf8.DecodeRuneInString(w[len(w)-1])
	return unicode.IsUpper(first)
}

// nextTo reports whether the words between a word of change and a value
// let the value follow it: none, one that is no label ("eigentlich
// Donnerstag, 11. April", not "processed: 10000"), or two short ones ("a
// las 21:30", "op de 16e"). After a word that takes a value back
// (retraction) any two words that are no label do ("scratch that, it's
// at 11:15", "anzi, sarà il 16 maggio"): such a word announces the value
// that replaces the one before it.
func nextTo(between string, retraction bool) bool {
	w := strings.FieldsFunc(between, func(r rune) bool {
		return unicode.IsSpace(r) || r == ',' || r == '-' || r == '\u2013' || r == '\u2014'
	})
	w = slices.DeleteFunc(w, func(x string) bool { return x == ":" }) // French spacing, "pardon : 16/05"
	label := func(x string) bool { return strings.HasSuffix(x, ":") }
	switch {
	case len(w) == 0:
		return true
	case len(w) == 1:
		return !label(w[0])
	case len(w) == 2 && retraction:
		return !label(w[0]) && !label(w[1])
	case len(w) == 2:
		return utf8.RuneCountInString(w[0]) <= 3 && utf8.RuneCountInString(w[1]) <= 3 && !label(w[1])
	}
	return false
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
	facts := Facts(sentence)
	asides := append(text.Asides(sentence), labelledCorrections(sentence)...)
	// A later value in the sentence's own words is read apart: a bracket
	// before it may hold the value it replaces ("(Milbemax, 1 tablet) …
	// the dose is now 3 tablets").
	if p, ok := asidePair(sentence, facts, asides); ok {
		return p, true
	}
	if len(facts) >= 2 { // a later value needs one before it
		later := append(laterValues(sentence, facts), arrowValues(sentence, facts)...)
		later = append(later, insteadValues(sentence, facts)...)
		if p, ok := asidePair(sentence, facts, later); ok {
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
// AsideValue reports, and false when there is none.
func asidePair(sentence string, facts []Fact, asides []text.Aside) (AsidePair, bool) {
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
			c := countedClass(sentence, fa)
			if c == "" || fa.Start < a.Start || fa.End > a.End {
				continue
			}
			for _, fh := range facts {
				if inAside(fh) || countedClass(sentence, fh) != c && !sameShape(fh, fa) || sameValue(fh, fa) {
					continue
				}
				if strings.HasPrefix(c, "count ") {
					lo, hi := min(fh.End, fa.End), max(fh.Start, fa.Start)
					if lo > hi || !changeMarkerRe.MatchString(sentence[lo:hi]) {
						continue
					}
				}
				switch {
				case fh.End <= a.Start:
					return AsidePair{Own: fh, Aside: fa, OwnFirst: true, Detail: fmt.Sprintf("it gives %q and then, in an aside, %q: two values of one kind, and the note does not say which holds", fh.Text, fa.Text)}, true
				case fh.Start >= a.End && (measure(c) || changeMarkerRe.MatchString(sentence[a.Start:a.End])):
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
