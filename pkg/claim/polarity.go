package claim

import (
	"fmt"
	"strings"

	"github.com/hrag-dev/hrag/pkg/text"
)

// negativeWords say that something is not, or is left out, without a
// negation cue (negationCues): a quote that answers a negated question may
// use them ("all members except the chair").
var negativeWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`except excepting excluding exclude excludes excluded lack lacks lacked lacking absent absence
		fail fails failed failure unable instead rather neither nor other besides apart
		außer ausser ohne fehlt fehlen sauf excepté hormis manque excepto salvo falta`) {
		negativeWords[w] = true
	}
}

// negativePrefixes turn a word into its opposite (consistent,
// inconsistent; legal, illegal).
var negativePrefixes = []string{"non", "un", "in", "im", "ir", "il", "dis"}

// polarityMismatch returns why quote cannot answer question when their
// polarity differs, "" when it can (or when quote is empty):
//   - the question asks about what is not (negated: "Where are no hospital
//     pharmacies located?", "What can it not bring together?") and the
//     quote says nothing negative: no negation cue, no word of
//     negativeWords, no prefixed opposite of a question word ("illegal"
//     for "not legal");
//   - the question holds a prefixed opposite ("inconsistent") whose base
//     ("consistent") the quote holds while it lacks the word itself.
//
// Adversarially written unanswerable questions are made this way from a
// sentence of the notes, and a model then quotes that sentence.
//
// A yes/no question is left to the verdict check: "Is the disk not
// mirrored?" is answered "No" from an affirmative quote.
func polarityMismatch(question, quote string) string {
	if strings.TrimSpace(quote) == "" || YesNo(question) {
		return ""
	}
	qWords := foldedSet(question)
	quoteWords := foldedSet(quote)
	if questionNegated(question) && !Negated(quote) && !negativeQuote(quoteWords, qWords) {
		return "the question asks about what is not; its quote states nothing negative"
	}
	for w := range qWords {
		if b := prefixBase(w); b != "" && quoteWords[b] && !quoteWords[w] {
			return fmt.Sprintf("the question says %q, its quote %q", w, b)
		}
	}
	return ""
}

// noAfter are the words after which "no" negates what follows in a
// question ("Where are no pharmacies?", "What do no members vote for?");
// elsewhere a question's "no" is most often a spoken repair ("How many
// members no sorry how many seats ...?", "What was the public no the um
// triad?").
var noAfter = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`is are was were be been has have had do does did there can could will would should may might must
		ist sind war waren hat haben gibt es est sont a y hay`) {
		noAfter[w] = true
	}
}

// questionNegated reports whether a question asks about what is not: a
// negation cue (negated), "no" counting only after a form of be, have, do,
// "there" or a modal verb and not before another "no".
func questionNegated(question string) bool {
	ts := text.Tokens(text.Fold(question).S)
	var kept []string
	for i, t := range ts {
		if t.Text == "no" {
			prev, next := "", ""
			if i > 0 {
				prev = ts[i-1].Text
			}
			if i+1 < len(ts) {
				next = ts[i+1].Text
			}
			if !noAfter[prev] || next == "no" || prev == "no" {
				continue
			}
		}
		kept = append(kept, t.Text)
	}
	return Negated(strings.Join(kept, " "))
}

// negativeQuote reports whether the quote's words hold a word of
// negativeWords or a prefixed opposite of a question word.
func negativeQuote(quoteWords, qWords map[string]bool) bool {
	for w := range quoteWords {
		if negativeWords[w] {
			return true
		}
		if b := prefixBase(w); b != "" && qWords[b] {
			return true
		}
	}
	return false
}

// prefixBase returns the word w without a negative prefix when what is
// left has five letters or more ("inconsistent" → "consistent"), else "".
func prefixBase(w string) string {
	for _, p := range negativePrefixes {
		if b, ok := strings.CutPrefix(w, p); ok && len(b) >= 5 {
			return b
		}
	}
	return ""
}

// foldedSet returns the set of folded words of s.
func foldedSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, t := range text.Tokens(text.Fold(s).S) {
		out[t.Text] = true
	}
	return out
}
