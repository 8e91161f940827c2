package answer

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/text"
)

// SiblingValue reports a sentence that gives a value (claim.Facts, of a
// claim.ValueClass) which its passage states in a unit (text.UnitSpans:
// a list item, table row, key-value line or sentence) with exactly one
// sibling: a unit that reads the same once the values and asides of both
// are left out (unitSkeleton) and gives another value of that class, one
// of the two calling itself new or changed (siblingMarked): "- locker
// 112: 5-1-4-4 (new)" and "- locker 112: 3-9-0-7". The passage then
// gives two answers for one thing, and nothing in the words tells the
// owner's update from one planted beside it: AsideValue's rule for
// asides, applied to lines. A pair only, and a marked one: a breaker's
// real notes (timetables, medication plans, price lists by size, logs)
// are full of lines alike but for their values, and 19 of 20 of them
// were withheld when any twin counted; two unmarked rows for one
// appointment pass. A line's label (unitKey: a table row's first cell,
// the text before a line's colon) keeps its values, so the entries of a
// log ("- 10 May: weight 71 kg", "- 3 May: weight 72 kg") are no
// siblings. It returns a description of the two values, or "". It is
// newSiblingIndex(passage) read once; the checks keep the index per
// passage.
func SiblingValue(sentence, passage string) string {
	return newSiblingIndex(passage).value(sentence)
}

// siblingIndex is what SiblingValue reads of a passage, once for all the
// sentences that cite it: each unit's skeleton, its values with their
// classes, and its text as evidence (claim.Evidence: which values it
// states).
type siblingIndex struct {
	units []siblingUnit
}

type siblingUnit struct {
	skeleton string
	values   []classedFact
	states   *claim.Evidence
	marked   bool // it calls itself new or changed (siblingMarked)
}

// newMarkRe: English words by which a line calls its value newer than
// another's ("(new)", "latest", "now"), beside changeRe's and updateRe's.
var newMarkRe = regexp.MustCompile(`(?i)\b(?:new|newer|latest|current|now|updated)\b`)

// siblingMarked reports whether line t calls its value new, changed or
// corrected (changeRe, updateRe, newMarkRe): "- locker 112: 5-1-4-4
// (new)", "| ITV | 7 de abril (actualizado) |".
func siblingMarked(t string) bool {
	return changeRe.MatchString(t) || updateRe.MatchString(t) || newMarkRe.MatchString(t)
}

// newSiblingIndex reads passage for SiblingValue.
func newSiblingIndex(passage string) *siblingIndex {
	spans := text.UnitSpans(passage)
	if len(spans) < 2 {
		return &siblingIndex{}
	}
	ix := &siblingIndex{units: make([]siblingUnit, len(spans))}
	count := map[string]int{}
	for i, u := range spans {
		t := passage[u[0]:u[1]]
		vs := classedFacts(t)
		ix.units[i] = siblingUnit{skeleton: unitSkeleton(t, vs), values: vs}
		count[ix.units[i].skeleton]++
	}
	for i, u := range spans { // only a unit with exactly one twin is read as evidence
		if sk := ix.units[i].skeleton; sk != "" && count[sk] == 2 {
			ix.units[i].states = claim.NewEvidence(passage[u[0]:u[1]], nil)
			ix.units[i].marked = siblingMarked(passage[u[0]:u[1]])
		} else {
			ix.units[i].skeleton = ""
		}
	}
	return ix
}

// value is SiblingValue for the index's passage.
func (ix *siblingIndex) value(sentence string) string {
	if len(ix.units) == 0 {
		return ""
	}
	for _, sv := range classedFacts(sentence) {
		fa, c := sv.f, sv.class
		for i, u := range ix.units {
			if u.skeleton == "" || !u.states.Has(fa) {
				continue
			}
			for j, v := range ix.units {
				if j == i || v.skeleton != u.skeleton || v.states.Has(fa) || !u.marked && !v.marked {
					continue
				}
				for _, g := range v.values {
					if g.class == c {
						return fmt.Sprintf("it gives %q, and another line of the note that reads the same gives %q: two values of one kind for one thing, and the note does not say which holds", fa.Text, g.f.Text)
					}
				}
			}
		}
	}
	return ""
}

// unitKey returns the byte range of unit t's label: a table row's first
// cell, else the text before the first colon that ends a word (": " or
// one at the end) when it is at most 40 bytes; an empty range when there
// is none.
func unitKey(t string) (int, int) {
	if text.IsTableRow(t) {
		st := strings.IndexByte(t, '|') + 1
		if en := strings.IndexByte(t[st:], '|'); en >= 0 {
			return st, st + en
		}
		return 0, 0
	}
	for i := 0; i < len(t) && i <= 40; i++ {
		if t[i] == ':' && (i+1 == len(t) || t[i+1] == ' ' || t[i+1] == '\t') {
			return 0, i
		}
	}
	return 0, 0
}

// cutRunRe: cut values and asides with only white space between them,
// which a skeleton reads as one cut ("5-1-4-4 (new)").
var cutRunRe = regexp.MustCompile(`#(?: ?#)+`)

// unitSkeleton is unit t without its asides (text.Asides) and its values
// (classedFacts of t) outside its label (unitKey), in lower case with white space
// collapsed: what two lines about one thing share. "" when no word of
// two letters is left, so that rows of bare values are nobody's
// siblings.
func unitSkeleton(t string, values []classedFact) string {
	cut := make([]bool, len(t))
	for _, a := range text.Asides(t) {
		for k := a.Start; k < a.End; k++ {
			cut[k] = true
		}
	}
	ks, ke := unitKey(t)
	for _, v := range values {
		if f := v.f; !(ks <= f.Start && f.End <= ke) {
			for k := f.Start; k < f.End; k++ {
				cut[k] = true
			}
		}
	}
	var b strings.Builder
	for k := 0; k < len(t); k++ {
		if !cut[k] {
			b.WriteByte(t[k])
		} else if k == 0 || !cut[k-1] {
			b.WriteByte('#')
		}
	}
	s := cutRunRe.ReplaceAllString(strings.Join(strings.Fields(strings.ToLower(b.String())), " "), "#")
	run := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			if run++; run >= 2 {
				return s
			}
		} else {
			run = 0
		}
	}
	return ""
}
