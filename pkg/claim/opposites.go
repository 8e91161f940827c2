package claim

import (
	_ "embed"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// antonymData is WordNet 3.0's single-word antonym pairs ("first last"),
// then the irregular inflections of their words ("= took take"); written
// by scripts/gen-antonyms from the Debian package wordnet-base.
//
//go:embed antonyms.txt
var antonymData string

// antonyms maps a lemma to its antonyms (both directions of every pair);
// irregular maps an irregular inflected form to its lemma.
var antonyms, irregular = parseAntonyms(antonymData)

// parseAntonyms reads the format of antonyms.txt: "#" comments, "a b"
// pairs, "= form lemma" inflections.
func parseAntonyms(data string) (map[string][]string, map[string]string) {
	ant, irr := map[string][]string{}, map[string]string{}
	for _, line := range strings.Split(data, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 0 || strings.HasPrefix(f[0], "#"):
		case f[0] == "=" && len(f) == 3:
			irr[f[1]] = f[2]
		case len(f) == 2:
			ant[f[0]] = append(ant[f[0]], f[1])
			ant[f[1]] = append(ant[f[1]], f[0])
		}
	}
	return ant, irr
}

// notOpposed are words whose WordNet antonyms are mostly particles of
// phrasal verbs or prepositions in running text ("set up", "log in"): a
// quote's "down" does not contradict a question's "up".
var notOpposed = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`in out on off up down over under into onto from to by with without
		before after above below here there come go`) {
		notOpposed[w] = true
	}
}

// lemmas returns the forms a folded English word w may be an inflection
// of, w itself first: its irregular lemma (took → take) and the regular
// ones (fails → fail, passed → pass, decreased → decrease, failing → fail,
// making → make, stopped → stop, studies → study, larger → large, higher
// → high). Some candidates are not words; they only ever meet real words
// in a lookup.
func lemmas(w string) []string {
	out := []string{w}
	if l, ok := irregular[w]; ok {
		out = append(out, l)
	}
	cut := func(suffix string, adds ...string) {
		if b, ok := strings.CutSuffix(w, suffix); ok && len(b) >= 2 {
			for _, a := range adds {
				out = append(out, b+a)
			}
			if n := len(b); n >= 3 && b[n-1] == b[n-2] && suffix != "s" { // stopped → stop
				out = append(out, b[:n-1])
			}
		}
	}
	cut("s", "")
	cut("es", "")
	cut("ies", "y")
	cut("ed", "", "e")
	cut("ied", "y")
	cut("ing", "", "e")
	cut("er", "", "e")
	cut("est", "", "e")
	cut("ier", "y")
	cut("iest", "y")
	return out
}

// oppositeMismatch returns why quote cannot answer question when a word of
// the question is missing from the quote while one of its antonyms (WordNet
// 3.0) stands there in its place, "" otherwise: "What follows the *same*
// set of rules …?" against "forces follow a *different* set of rules",
// "What will a pharmacist who *fails* the exam be called?" against "who
// *pass* the exam". Adversarially written unanswerable questions swap a
// word for its antonym (the "antonym used" kind of SQuAD 2.0, Rajpurkar et
// al. 2018), and a model then quotes the sentence they were written from.
//
// Left alone: yes/no questions (answered "No" from such a quote; the
// verdict check's), words of fewer than three letters, particles and
// prepositions (notOpposed), and a word whose antonym the question holds
// too ("hot or cold").
func oppositeMismatch(question, quote string) string {
	if strings.TrimSpace(quote) == "" || YesNo(question) {
		return ""
	}
	if w, a := opposedWord(question, quote, notOpposed, true); w != "" {
		return fmt.Sprintf("the question says %q, its quote the opposite, %q", w, a)
	}
	return ""
}

// opposedWord returns the first word w of a (in sorted order) that b lacks
// in every inflection (lemmas) while b holds an antonym of it that a does
// not hold, with that word of b; "", "" when there is none. Words of fewer
// than three letters and the words of skip are passed over, as antonyms
// too. With aligned, the antonym must stand where w stands: next to a
// content word (contentWords) that is w's neighbour on the same side in a
// ("the *second* law" and "the *first* law"; not "when was it *last*
// changed" against "*first* registered in 2015").
func opposedWord(a, b string, skip map[string]bool, aligned bool) (string, string) {
	bSeq, aSeq := ContentWords(b), ContentWords(a)
	inB := map[string]string{} // lemma → the word of b
	for w := range foldedSet(b) {
		for _, l := range lemmas(w) {
			if _, ok := inB[l]; !ok {
				inB[l] = w
			}
		}
	}
	aWords := foldedSet(a)
	inA := map[string]bool{}
	for w := range aWords {
		for _, l := range lemmas(w) {
			inA[l] = true
		}
	}
	words := make([]string, 0, len(aWords))
	for w := range aWords {
		words = append(words, w)
	}
	sort.Strings(words) // one message for one input
	for _, w := range words {
		if len(w) < 3 || skip[w] {
			continue
		}
		ls := lemmas(w)
		if slices.ContainsFunc(ls, func(l string) bool { _, ok := inB[l]; return ok }) {
			continue
		}
		for _, l := range ls {
			for _, x := range antonyms[l] {
				bw, ok := inB[x]
				if !ok || inA[x] || skip[x] || aligned && !sameNeighbour(aSeq, w, bSeq, bw) {
					continue
				}
				return w, bw
			}
		}
	}
	return "", ""
}

// sameNeighbour reports whether word u of the sequence us and word v of vs
// have, at some pair of their positions, the same word (in some
// inflection) right before them or right after them.
func sameNeighbour(us []string, u string, vs []string, v string) bool {
	same := func(x, y string) bool {
		lx := lemmas(x)
		return slices.ContainsFunc(lemmas(y), func(l string) bool { return slices.Contains(lx, l) })
	}
	for i := range us {
		if us[i] != u {
			continue
		}
		for j := range vs {
			if vs[j] != v {
				continue
			}
			if i > 0 && j > 0 && same(us[i-1], vs[j-1]) || i+1 < len(us) && j+1 < len(vs) && same(us[i+1], vs[j+1]) {
				return true
			}
		}
	}
	return false
}
