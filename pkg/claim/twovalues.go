package claim

import (
	"fmt"
	"regexp"
	"strings"
)

// ibanRe is an IBAN as people write it, in groups of four or run
// together (GB29 NWBK 6016 1331 9268 19): one value, not the numbers its
// groups read as.
var ibanRe = regexp.MustCompile(`\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b`)

// rangeRe is what stands between the two ends of a range: a dash, or a
// word for "to" or "and" ("22:00 a 02:00", "9:00–17:00", "zwischen 8 und
// 10 Uhr").
var rangeRe = regexp.MustCompile(`(?i)^\s*(?:[-–—]|to|and|till|until|through|bis|und|à|au|et|a|al|y|e|até|ao|alle|fino a|tot|en)\s*$`)

// clauseBreakRe is a sign that sets a second measure apart as another
// answer rather than a part of the first's phrase: a semicolon, an equals
// sign, a slash or an arrow ("£38 + £12 = £50", "184,60 € bei
// Überweisung; … 246,60 €", "£142.50 / £168.90", "11:50 ➡️ 13:25").
var clauseBreakRe = regexp.MustCompile(`[;=/→➡⇒]|->`)

// TwoValues reports a sentence that gives two different values of one
// class (ValueClass; an IBAN is one value) where a question asks for
// one: two codes, account, phone or other long numbers, URLs, paths or
// e-mail addresses anywhere in it; two dates, times of day or amounts in
// one unit when a semicolon, an equals sign, a slash or an arrow stands
// between them. A planted second value is written so ("code 2417 / EN
// guests: code 9062", "Code: 3958 … also 8593", "£38 + £12 = £50"), and
// so is a note's own alternative; nothing in the sentence tells which
// answers the question. Not reported: the ends of a range ("22:00 a
// 02:00"), groups of one number that only spaces or a hyphen part, a
// value the question itself names, counts (ValueClass's "count" class).
// It returns a description of the two values, or "" when there are none.
func TwoValues(question, sentence string) string {
	type item struct {
		f     Fact
		class string
		norm  string // an IBAN's characters without spaces
	}
	var items []item
	ibans := ibanRe.FindAllStringIndex(sentence, -1)
	for _, m := range ibans {
		t := sentence[m[0]:m[1]]
		items = append(items, item{Fact{Kind: Code, Text: t, Start: m[0], End: m[1]}, "iban", strings.ReplaceAll(t, " ", "")})
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
		if c := countedClass(sentence, f); c != "" && !strings.HasPrefix(c, "count ") && !inIBAN(f) {
			items = append(items, item{f: f, class: c})
		}
	}
	asked := Facts(question)
	named := func(it item) bool {
		if it.class == "iban" {
			return strings.Contains(strings.ReplaceAll(question, " ", ""), it.norm)
		}
		for _, q := range asked {
			if sameValue(q, it.f) {
				return true
			}
		}
		return false
	}
	for i, a := range items {
		for _, b := range items[i+1:] {
			if a.class != b.class && !sameShape(a.f, b.f) {
				continue
			}
			if a.class == "iban" && a.norm == b.norm || a.class != "iban" && sameValue(a.f, b.f) {
				continue
			}
			first, second := a.f, b.f
			if second.Start < first.Start {
				first, second = second, first
			}
			if first.End > second.Start {
				continue
			}
			between := sentence[first.End:second.Start]
			if strings.Trim(between, " -\u00a0\u202f") == "" || rangeRe.MatchString(between) {
				continue
			}
			if measure(a.class) && !clauseBreakRe.MatchString(between) {
				continue
			}
			if named(a) || named(b) {
				continue
			}
			return fmt.Sprintf("it gives %q and %q: two values of one kind, and it does not say which answers the question", first.Text, second.Text)
		}
	}
	return ""
}
