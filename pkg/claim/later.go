package claim

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hrag-dev/hrag/pkg/text"
)

// laterValueRe matches a word that makes what follows it in a sentence
// the later or the actual value of what came before: an adverb of change
// or of contrast ("now", "instead", "actually", "in fact"), or a verb of
// moving or changing with its preposition ("moved to", "décalé au"), in
// the index's languages.
var laterValueRe = regexp.MustCompile(`(?i)(?:^|[^\pL])(now|instead|actually|in fact|in reality|moved to|changed to|corrected to|updated to|korrigiert auf|corrigée? (?:à|en)|corregid[oa] a|corrett[oa] (?:a|in)|corrigid[oa] para|gecorrigeerd naar|rescheduled (?:to|for)|jetzt|nun|inzwischen|stattdessen|eigentlich|tatsächlich|verschoben auf|geändert auf|désormais|maintenant|plutôt|en fait|en réalité|finalement|(?:reporté|reportée|décalé|décalée|avancé|avancée|déplacé|déplacée) (?:au|à|a)|ahora|en realidad|en cambio|realmente|finalmente|(?:cambiad[oa]|movid[oa]|pasad[oa]) (?:a|al)|adesso|invece|in realtà|effettivamente|(?:spostat[oa]|cambiat[oa]) (?:a|al|alle)|agora|na verdade|na realidade|em vez disso|afinal|(?:mudou|passou|alterad[oa]) para|nu|eigenlijk|in feite|voortaan|verplaatst naar|veranderd in|` +
	// Verbs of becoming, rising and falling: "64,30 € al mes, que pasa a
	// ser 91,75 €", "the rent rises to £900".
	`becomes|became|(?:goes|went|gone) up to|(?:rises|rose|risen|increases|increased|drops|dropped|falls|fell|fallen) to|steigt auf|stieg auf|sinkt auf|sank auf|erhöht (?:sich )?auf|gesenkt auf|devient|deviendra|(?:est|sera) porté(?:e)? à|augmente à|baisse à|pasa a ser|pas[oó] a ser|pasará a ser|pasa a costar|sube a|subi[oó] a|baja a|diventa|diventerà|è diventat[oa]|sale a|scende a|passa a ser|passou a ser|passar[aá] a ser|passa a custar|sobe para|subiu para|desce para|stijgt naar|steeg naar|daalt naar|verhoogd naar|verlaagd naar)(?:[^\pL]|$)`)

// retractionRe matches words by which a writer takes back the value just
// written and gives another: "scratch that", "or rather", "I mean",
// "mejor dicho", "anzi", "ou melhor", "beter gezegd", a correction's
// label ("korrigiert:"), in the index's languages, and adverbs of preference ("lieber", "mejor"). Unlike a word
// of change (laterValueRe) such a word speaks of
// the value before it whatever stands between them, so a semicolon,
// "and" or a name there does not make the later value another
// statement's.
var retractionRe = regexp.MustCompile(`(?i)(?:^|[^\pL])(scratch that|make that|make it|or rather|i mean|i meant|no,? wait|wait,? no|sorry|oops|vielmehr|besser gesagt|ich meine|nein|quatsch|ou plut[oô]t|je veux dire|je voulais dire|enfin non|pardon|mejor dicho|quiero decir|quise decir|digo|perd[oó]n|anzi|o meglio|volevo dire|cioè|scusa|ou melhor|quer dizer|quis dizer|aliás|corrigindo|beter gezegd|korrigiere|je corrige|corrijo|correggo|corrigeer|` +
	// A correction's label after the value it corrects: "Mai 2029
	// **korrigiert: Mai 2025**", "PIN 4471 (corrected: 8812)".
	`(?:korrigiert|berichtigt|korrektur|corrected|correction|corrigée?|corregid[oa]|corrección|corrett[oa]|correzione|corrigid[oa]|correção|gecorrigeerd|correctie) ?:|` +
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
		before := slices.IndexFunc(facts, func(f Fact) bool {
			return f.End <= m[0] && (near(s[f.End:m[0]]) || !cross && countedBetween(s, f, s[f.End:m[0]]))
		})
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

// countedBetween reports whether between, the text from fact f of s to
// an arrow, is the noun f counts and nothing else but a word of
// wholeness or size (countedRe): "1 tablet → 2 tablets", "one scoop ->
// two scoops".
func countedBetween(s string, f Fact, between string) bool {
	m := countedRe.FindStringSubmatchIndex(between)
	return m != nil && strings.HasPrefix(countedClass(s, f), "count ") && strings.TrimSpace(between[m[1]:]) == ""
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
