package claim

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// ibanRe is an IBAN as people write it, in groups of four or run
// together (GB29 NWBK 6016 1331 9268 19): one value, not the numbers its
// groups read as.
var ibanRe = regexp.MustCompile(`(?i)\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b`)

// rangeRe is what stands between the two ends of a range: a dash, or a
// word for "to" ("22:00 a 02:00", "9:00–17:00", "tickets 40417 to
// 40420"); not "and", which joins two values ("the code is 1234 and
// 5678").
var rangeRe = regexp.MustCompile(`(?i)^\s*(?:[-–—]|to|till|until|through|bis|à|au|a|al|até|ao|alle|fino a|tot)\s*$`)

// clauseBreakRe is a sign that sets a second measure apart as another
// answer rather than a part of the first's phrase: a semicolon, an equals
// sign, a slash or an arrow ("£38 + £12 = £50", "184,60 € bei
// Überweisung; … 246,60 €", "£142.50 / £168.90", "11:50 ➡️ 13:25").
var clauseBreakRe = regexp.MustCompile(`[;=→➡⇒]|->|\s/|/\s`)

// postcodeRe is what follows a postal code of four or five digits in an
// address: the town's name ("10115 Berlin"), a Dutch code's two letters
// ("1015 CJ"), a Portuguese code's second part ("1100-053"). A postcode
// is no second answer beside a phone number or a PIN.
var postcodeRe = regexp.MustCompile(`^(?:-\d{3})?[ \x{00a0}]+\p{Lu}`)

// TwoValues reports a sentence that gives two different values of one
// class (ValueClass; an IBAN is one value) where a question asks for
// one: two codes, account, phone or other long numbers, URLs, paths or
// e-mail addresses anywhere in it; two dates, times of day or amounts in
// one unit when a semicolon, an equals sign, a slash or an arrow stands
// between them. Where the question asks for a time, a day, a price, an
// amount, an e-mail address or a telephone number, only values of that
// kind count (askedClass). A planted second value is written so ("code 2417 / EN
// guests: code 9062", "Code: 3958 … also 8593", "£38 + £12 = £50"), and
// so is a note's own alternative; nothing in the sentence tells which
// answers the question. Not reported: the ends of a range ("22:00 a
// 02:00"), groups of one number that only spaces or a hyphen part, a
// value the question itself names, counts (ValueClass's "count" class),
// IP addresses (a network note lists its devices').
// It returns a description of the two values, or "" when there are none.
func TwoValues(question, sentence string) string {
	first, second, ok := twoValues(question, sentence)
	if !ok {
		return ""
	}
	return fmt.Sprintf("it gives %q and %q: two values of one kind, and it does not say which answers the question", first.f.Text, second.f.Text)
}

// QuotedTwoValues reports a sentence that gives only the second of two
// values its quoted unit gives side by side (TwoValues): "The code is
// 8593" quoting "Code: 3958, laut Rezeption … also 8593". The line gives
// two answers and the sentence picked the later one, as QuotedAsideValue
// (package answer) reports for an aside's; one giving the first alone is
// not reported. It returns a description of the two values, or "".
func QuotedTwoValues(question, sentence, unit string) string {
	first, second, ok := twoValues(question, unit)
	if !ok || first.in(sentence) || !second.in(sentence) {
		return ""
	}
	return fmt.Sprintf("its quoted line gives %q and %q: two values of one kind, and it does not say which answers the question", first.f.Text, second.f.Text)
}

// valueItem is a value twoValues compares: a fact of the sentence, or an
// IBAN read whole.
type valueItem struct {
	f     Fact
	class string
	norm  string // an IBAN's characters without spaces
}

// in reports whether text states v: holds the IBAN, or a fact of the
// same value (sameValue).
func (v valueItem) in(text string) bool {
	if v.class == "iban" {
		return strings.Contains(strings.ReplaceAll(text, " ", ""), v.norm)
	}
	for _, f := range Facts(text) {
		if sameValue(f, v.f) {
			return true
		}
	}
	return false
}

// twoValues returns the first pair of values of sentence that TwoValues
// reports, in the order they stand, and false when there is none.
func twoValues(question, sentence string) (valueItem, valueItem, bool) {
	var items []valueItem
	ibans := ibanRe.FindAllStringIndex(sentence, -1)
	for _, m := range ibans {
		t := sentence[m[0]:m[1]]
		items = append(items, valueItem{Fact{Kind: Code, Text: t, Start: m[0], End: m[1]}, "iban", strings.ReplaceAll(t, " ", "")})
	}
	inIBAN := func(f Fact) bool {
		for _, m := range ibans {
			if f.Start < m[1] && f.End > m[0] {
				return true
			}
		}
		return false
	}
	for _, f := range Facts(sentence) {
		if c := countedClass(sentence, f); c != "" && !strings.HasPrefix(c, "count ") && c != "ip address" && !inIBAN(f) && !postcode(sentence, f) {
			items = append(items, valueItem{f: f, class: c})
		}
	}
	if asked := askedClass(Asks(question)); asked != nil {
		// Values of another kind than the one asked for answer nothing:
		// "Flight TP1363 from Heathrow T2 departs 06:40" gives one time.
		items = slices.DeleteFunc(items, func(v valueItem) bool { return !asked(v.class) })
	}
	slices.SortFunc(items, func(a, b valueItem) int { return a.f.Start - b.f.Start })
	// Values that only spaces or a hyphen part are groups of one number
	// ("4711 0815 2342 1337 9876", "07700 900461"): one group each.
	group := make([]int, len(items))
	for i := 1; i < len(items); i++ {
		group[i] = group[i-1]
		if between := sentence[min(items[i-1].f.End, items[i].f.Start):items[i].f.Start]; strings.Trim(between, " -\u00a0\u202f") != "" {
			group[i]++
		}
	}
	for i, a := range items {
		for j, b := range items[i+1:] {
			if group[i] == group[i+1+j] || samePhone(a.f, b.f) {
				continue
			}
			if a.class != b.class && !sameShape(a.f, b.f) {
				continue
			}
			if a.class == "iban" && a.norm == b.norm || a.class != "iban" && sameValue(a.f, b.f) {
				continue
			}
			first, second := a, b
			if first.f.End > second.f.Start {
				continue
			}
			between := sentence[first.f.End:second.f.Start]
			if strings.Contains(between, "\n") || rangeRe.MatchString(between) {
				continue // two lines, each with its label; a range
			}
			if measure(a.class) && !clauseBreakRe.MatchString(between) {
				continue
			}
			if a.in(question) || b.in(question) || disowns(between) {
				continue
			}
			return first, second, true
		}
	}
	return valueItem{}, valueItem{}, false
}

// disownRe: the whole text between two values when it disowns the
// second: a comma, dash or bracket (after up to four words: "4410 gilt
// jetzt, nicht mehr 6105"), a conjunction or none, a negation,
// and at most an article, a word for old and a word for the value's kind
// before it ("«Madrid-2», no el antiguo «Madrid-1»", "4410, not 4401",
// "6150, nicht mehr die alte 0815", "7734, et non l’ancien 7743").
// Spanish and Italian "no" needs such a word after it, for "no" before a
// number is also its abbreviation. Other words ("if not 5521", "geht
// nicht, 7731 nehmen", "not valid, use 9876") say something else than
// that the value is not the answer.
var disownRe = regexp.MustCompile(`(?i)^[\s»"'”’›)\]]*(?:(?:\s*\pL+){1,4}\s*[,;–—(/]|[,;–—(/]?)\s*(?:(?:and|und|et|y|e|en|but|aber|mais|pero|ma|mas|maar)\s+)?` +
	`(?:(?:not|nicht(?: mehr)?|kein\pL*|pas|non(?: più)?|não|nao|niet(?: meer)?|geen|never|nooit|nie|jamais|nunca|mai)\s+` + disownedArticle + `?` + disownedOld + `?` + disownedKind + `?` +
	`|no\s+(?:` + disownedArticle + disownedOld + `?|` + disownedOld + `)` + disownedKind + `?)[\s«"'“„‹‘’»›]*$`)

const (
	disownedArticle = `(?:(?:the|der|die|das|den|le|la|les|el|los|las|il|lo|gli|quell[oa]|os|as|de|het|een|a|an|o|i)\s+|l['’])`
	disownedOld     = `(?:(?:old|former|previous|earlier|outdated|obsolete|alte[nrs]?|frühere[nrs]?|vorherige[nrs]?|veraltete[nrs]?|ancien(?:ne)?s?|précédente?s?|obsolètes?|antigu[oa]s?|anterior(?:es)?|obsolet[oa]s?|vecchi[oa]|precedente|antig[oa]s?|oude?|vorige)\s+)`
	disownedKind    = `(?:(?:code|number|one|pin|nummer|numéro|número|numero|codice|código)\s+(?:(?:old|former|previous|alte[nrs]?|ancien(?:ne)?|antigu[oa]|vecchi[oa]|antig[oa]|oude?)\s+)?)`
)

// disowns reports whether between, the text from one value to the next,
// disowns the next one (disownRe).
func disowns(between string) bool {
	return disownRe.MatchString(between)
}

// askedClass returns a test of the classes (ValueClass) whose values
// answer a question of type t, or nil when t is not one class's: a time
// of day, a day (a date), a price (an amount in a currency), an amount
// (in any unit), an e-mail address, a telephone number (digits).
func askedClass(t AnswerType) func(class string) bool {
	switch t {
	case TimeOfDay:
		return func(c string) bool { return c == "time" }
	case Day:
		return func(c string) bool { return c == string(Date) }
	case Money:
		return func(c string) bool { u, ok := strings.CutPrefix(c, "number "); return ok && currencies[u] }
	case Amount:
		return func(c string) bool { return strings.HasPrefix(c, "number ") }
	case MailAddress:
		return func(c string) bool { return c == string(Email) }
	case PhoneNumber:
		return func(c string) bool { return c == "digits" }
	}
	return nil
}

// postcode reports whether f, a number of four or five digits in
// sentence, is a postal code: it opens an address's last part, after a
// comma or at a line's start, and the town follows (postcodeRe).
func postcode(sentence string, f Fact) bool {
	d := strings.Join(digitRuns(f.Text), "")
	before := strings.TrimRight(sentence[:f.Start], " \u00a0")
	return f.Kind == Number && (len(d) == 4 || len(d) == 5) && d == f.Text &&
		(before == "" || strings.HasSuffix(before, ",") || strings.HasSuffix(before, "\n")) && postcodeRe.MatchString(sentence[f.End:])
}

// samePhone reports whether a and b are one telephone number written
// for home and for abroad ("021 123 4567", "+351 21 123 4567"): the
// digits of one, without its leading zero, end the other's, six or more.
func samePhone(a, b Fact) bool {
	x, y := strings.Join(digitRuns(a.Text), ""), strings.Join(digitRuns(b.Text), "")
	x, y = strings.TrimLeft(x, "0"), strings.TrimLeft(y, "0")
	if len(x) > len(y) {
		x, y = y, x
	}
	return len(x) >= 6 && strings.HasSuffix(y, x)
}
