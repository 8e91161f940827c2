package claim

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hrag-dev/hrag/pkg/text"
)

// Reasons of the binding checks (Bind), which read an answer sentence
// against the quotation that states it, clause by clause.
const (
	// NegationMismatch: a clause of the sentence and the clause of the
	// quote it restates disagree in polarity ("shared_buffers is not 4GB"
	// from "shared_buffers = 4GB").
	NegationMismatch Reason = "negation_mismatch"
	// UnboundValue: the sentence gives an identifier a value that the
	// quote gives another identifier, while it gives this one another
	// value ("work_mem is 4GB" from "shared_buffers = 4GB, work_mem =
	// 64MB").
	UnboundValue Reason = "unbound_value"
	// OppositeWord: a word of the question is missing from the quote, which
	// holds one of its antonyms instead ("the same set of rules" asked,
	// "a different set of rules" quoted; oppositeMismatch).
	OppositeWord Reason = "opposite_word"
)

// Bind checks sentence against quote, the passage text that states it
// (the located quotation, or its unit), clause by clause (text.Clauses):
//
//   - polarity: a plain clause of the sentence may not use a word (three
//     letters or more) that the quote uses only in negated clauses
//     ("Backups are compressed" from "encrypted, but not compressed");
//     each clause of the sentence with content words is matched
//     with the quote's clause that shares the most of them (at least half,
//     and at least one for a negated clause, two for a plain one); a
//     negation cue (not, no, never, n't, nicht, kein, pas,
//     jamais, nunca, ...) in one and not the other fails
//     (NegationMismatch);
//   - values bound to identifiers: a value (a fact of Facts) that the
//     sentence's clause gives next to an identifier (a code-like token:
//     shared_buffers, eth0, E_BKP_0042) must not sit in the quote in clauses
//     without that identifier while the identifier's own clause in the
//     quote holds another value of the same kind (UnboundValue).
//
// It returns "" and "" when the sentence passes. Values missing from the
// quote altogether are the fact check's to report (Check), not Bind's.
func Bind(sentence, quote string) (Reason, string) {
	qcs := text.Clauses(quote)
	qwords := make([][]string, len(qcs))
	// inNegated: words of three letters or more that the quote says only in
	// negated clauses ("not compressed", "keine SSD").
	inNegated, inPlain := map[string]bool{}, map[string]bool{}
	for i, c := range qcs {
		qwords[i] = ContentWords(c.Text)
		for _, w := range qwords[i] {
			if Negated(c.Text) {
				inNegated[w] = true
			} else {
				inPlain[w] = true
			}
		}
	}
	for _, sc := range text.Clauses(sentence) {
		sw := ContentWords(sc.Text)
		if !Negated(sc.Text) {
			for _, w := range sw {
				if utf8.RuneCountInString(w) >= 3 && !unicode.IsDigit([]rune(w)[0]) && inNegated[w] && !inPlain[w] {
					return NegationMismatch, fmt.Sprintf("it says %q, which its quote says only negated: %q", sc.Text, quote)
				}
			}
		}
		if len(sw) > 0 {
			best, overlap, tie := -1, 0, false
			for i, qw := range qwords {
				n := shared(sw, qw)
				switch {
				case n > overlap:
					best, overlap, tie = i, n, false
				case n == overlap && n > 0 && Negated(qcs[i].Text) != Negated(qcs[best].Text):
					tie = true
				}
			}
			// A negated sentence needs one shared word to be held to its
			// clause; a plain one that restates a negated clause two: a
			// fragment ("type F.") of "no adapter is needed: Portugal uses
			// type F sockets" restates no negation.
			need := 1
			if !Negated(sc.Text) {
				need = 2
			}
			if best >= 0 && !tie && overlap >= need && 2*overlap >= len(sw) && Negated(sc.Text) != Negated(qcs[best].Text) {
				if Negated(sc.Text) {
					return NegationMismatch, fmt.Sprintf("it says %q where its quote says %q", sc.Text, qcs[best].Text)
				}
				return NegationMismatch, fmt.Sprintf("it says %q where its quote negates it: %q", sc.Text, qcs[best].Text)
			}
		}
		if r, d := bindValues(sc.Text, quote, qcs); r != "" {
			return r, d
		}
	}
	return "", ""
}

// BindValues is Bind's second rule alone, for a sentence in another
// language than its quote: numbers, dates and codes are written alike in
// both, so a value that the sentence gives next to an identifier must not
// be one the quote gives another identifier (UnboundValue). It returns ""
// and "" when the sentence passes.
func BindValues(sentence, quote string) (Reason, string) {
	qcs := text.Clauses(quote)
	for _, sc := range text.Clauses(sentence) {
		if r, d := bindValues(sc.Text, quote, qcs); r != "" {
			return r, d
		}
	}
	return "", ""
}

// bindValues is Bind's second rule for one clause of the sentence; qcs
// are the clauses of quote.
func bindValues(clause, quote string, qcs []text.Clause) (Reason, string) {
	var ids []string
	for _, f := range findCodes(clause) {
		if !isValueCode(f) {
			ids = append(ids, f.values[0])
		}
	}
	if len(ids) == 0 {
		return "", ""
	}
	qfacts := make([][]Fact, len(qcs))
	qcodes := make([][]Fact, len(qcs))
	qev := make([]*Evidence, len(qcs))
	for i, c := range qcs {
		qfacts[i], qcodes[i] = Facts(c.Text), findCodes(c.Text)
		named := c.Text
		if i > 0 && valueAside(quote, qcs[i-1], c, qcodes[i]) {
			named = qcs[i-1].Text + " " + c.Text
		}
		qev[i] = NewEvidence(named, nil)
	}
	for _, f := range Facts(clause) {
		if f.Kind != Number && f.Kind != Date && !(f.Kind == Code && isValueCode(f)) {
			continue
		}
		for _, id := range ids {
			if f.Kind == Code && f.values[0] == id {
				continue
			}
			boundHere, rival := false, ""
			for i := range qcs {
				if !qev[i].tokens[id] {
					continue
				}
				if qev[i].Has(f) {
					boundHere = true
					break
				}
				for _, g := range qfacts[i] {
					if g.Kind == f.Kind && !(g.Kind == Code && !isValueCode(g)) && !insideName(qcodes[i], id, g) {
						rival = g.Text
					}
				}
			}
			if !boundHere && rival != "" {
				return UnboundValue, fmt.Sprintf("it gives %s the value %q, which its quote gives %s %q", id, f.Text, id, rival)
			}
		}
	}
	return "", ""
}

// valueAside reports whether clause c of quote is a bracketed aside
// right after clause prev that names no identifier of its own (codes, its
// findCodes, are all values): "eth1 (10.0.0.9)" gives eth1 that address.
func valueAside(quote string, prev, c text.Clause, codes []Fact) bool {
	if prev.End > c.Start {
		return false
	}
	if gap := strings.TrimSpace(quote[prev.End:c.Start]); gap != "(" && gap != "[" {
		return false
	}
	for _, f := range codes {
		if !isValueCode(f) {
			return false
		}
	}
	return true
}

// insideName reports whether fact g lies inside an occurrence, among a
// text's codes (findCodes), of the identifier id (normalised, as
// Fact.values[0]) after its first character: the 10 of "recall@10" is part of that metric's name,
// not a value the text gives it. A number inside another identifier
// ("Zimmer#214" beside booking HX7731) stays a rival.
func insideName(codes []Fact, id string, g Fact) bool {
	for _, c := range codes {
		if c.values[0] == id && g.Start > c.Start && g.End <= c.End {
			return true
		}
	}
	return false
}

// isValueCode: a code that is a value rather than a name: it holds a
// digit and no letter beyond a unit-like tail (10.0.0.5, 0.8.0, 1:5:5).
func isValueCode(f Fact) bool {
	letters, digits := 0, 0
	for _, r := range f.Text {
		switch {
		case unicode.IsLetter(r):
			letters++
		case unicode.IsDigit(r):
			digits++
		}
	}
	return digits > 0 && letters <= 1
}

// negationCues are the words that negate a clause (folded, see text.Fold).
var negationCues = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`not no never none nobody nothing neither nor cannot without
		nicht kein keine keinen keinem keiner keines nie niemals ohne
		ne pas jamais aucun aucune rien sans
		nunca ningún ninguna ningun tampoco sin`) {
		negationCues[w] = true
	}
}

// Negated reports whether a clause holds a negation cue (negationCues, a
// word ending in n't, or French n' before a verb).
func Negated(clause string) bool {
	ts := text.Tokens(text.Fold(clause).S)
	restrictive := false // French ne ... que: "n'accepte que" (only), no negation
	for _, t := range ts {
		restrictive = restrictive || t.Text == "que" || t.Text == "qu'"
	}
	for i, t := range ts {
		w := t.Text
		next := ""
		if i+1 < len(ts) {
			next = ts[i+1].Text
		}
		switch {
		case (w == "not" || w == "nicht") && (next == "only" || next == "nur" || next == "just"):
			continue // not only ... but also
		case w == "no" && next != "" && unicode.IsDigit([]rune(next)[0]):
			continue // No. 4711
		case restrictive && (w == "ne" || strings.HasPrefix(w, "n'")):
			continue
		}
		if negationCues[w] || strings.HasSuffix(w, "n't") || strings.HasPrefix(w, "n'") {
			return true
		}
	}
	return false
}

// stopWords are function words of English, German, French and Spanish,
// which say nothing of what a clause is about.
var stopWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the of to in on at by for from with as is are was were be been being it its this that these those
		there here and or but if then than so do does did has have had will would can could should may might must i you he she we they
		my your his her our their me him us them which who whom whose what when where why how also only just about into over under
		der die das den dem des ein eine einen einem einer und oder ist sind war waren im in am an auf aus bei mit von zu zum zur für es
		le la les un une des du de et ou est sont était à au aux en dans sur par pour avec il elle ce cette
		el los las una del y o es son era en con por para al lo se`) {
		stopWords[w] = true
	}
}

// ContentWords returns the folded words and numbers of s (text.Fold,
// text.Tokens) of two characters or more that are neither function words
// of English, German, French or Spanish nor negation cues, in order.
func ContentWords(s string) []string {
	var out []string
	for _, t := range text.Tokens(text.Fold(s).S) {
		w := t.Text
		if utf8.RuneCountInString(w) < 2 || stopWords[w] || negationCues[w] || strings.HasSuffix(w, "n't") {
			continue
		}
		out = append(out, w)
	}
	return out
}

// shared counts the words of a found in b, a word matching another that
// it equals or shares its first five letters with (conquer, conquered).
func shared(a, b []string) int {
	n := 0
	for _, x := range a {
		for _, y := range b {
			if x == y || len(x) >= 5 && len(y) >= 5 && x[:5] == y[:5] {
				n++
				break
			}
		}
	}
	return n
}
