package claim

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/hrag-dev/hrag/pkg/text"
)

// VerdictUnsupported: the answer to a yes/no question says yes (or no)
// while its quotations, read lexically, do not say so: a "yes" whose
// quotation lacks one of the statement's facts or contradicts it, a "no"
// whose quotation states the statement's facts with the same polarity and
// nothing that differs from it (Affirms, Contradicts).
const VerdictUnsupported Reason = "verdict_unsupported"

// statementRes turn a yes/no question into the statement it asks about:
// "Do the notes support the claim that X?" and "Is it true that X?" ask
// about X.
var statementRes = []*regexp.Regexp{
	regexp.MustCompile(`(?i)^\s*(?:do|does|did|can|could)(?:n't)?\s+(?:the\s+|my\s+|these\s+|our\s+)?(?:notes?|passages?|papers?|sources?|documents?|texts?|evidence|records?|files?)\s+(?:support|say|state|confirm|show|suggest|indicate|back(?:\s+up)?|contradict|refute)\s+(?:the\s+)?(?:claim|statement|idea|assertion|hypothesis)?\s*(?:that\s+)?(.+?)\s*\??\s*$`),
	regexp.MustCompile(`(?i)^\s*is\s+it\s+(?:true|correct|right|the\s+case)\s+that\s+(.+?)\s*\??\s*$`),
}

// Statement returns the statement a yes/no question (YesNo) asks about:
// the claim after "Do the notes support the claim that" or "Is it true
// that", else the question without its leading auxiliary verb and question
// mark ("Does the warranty cover the battery?" → "the warranty cover the
// battery"). Its facts and words are what a verdict is checked on.
func Statement(question string) string {
	for _, re := range statementRes {
		if m := re.FindStringSubmatch(question); m != nil {
			return strings.TrimSpace(m[1])
		}
	}
	s := strings.TrimSpace(question)
	if loc := yesNoRe.FindStringIndex(s); loc != nil {
		s = s[loc[1]:]
	}
	return strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), "?？¿"))
}

// WithoutValues returns s with its values (numbers, dates, and codes that
// are values, such as 10.0.0.5 or 0.8.0) blanked out: what a yes/no
// question's statement is about, which its answer's quotations must name,
// without the values its verdict judges (Affirms, Contradicts).
func WithoutValues(s string) string {
	b := []byte(s)
	for _, f := range Facts(s) {
		if f.Kind == Number || f.Kind == Date || f.Kind == Code && isValueCode(f) {
			for i := f.Start; i < f.End; i++ {
				b[i] = ' '
			}
		}
	}
	return strings.Join(strings.Fields(string(b)), " ")
}

// Contradicts reports whether quote, the located words of the notes, says
// something other than statement, read lexically, and how:
//
//   - Bind finds a clause of the statement negated in the quote (or the
//     reverse), or a value the quote binds to another identifier;
//   - a number or date of the statement is not in the quote while the
//     quote's clause closest to the statement's (the most shared content
//     words, at least two) gives another one of the same kind ("under 7
//     million" against "12 million");
//   - that clause holds the opposite (antonyms: more/less, before/after,
//     won/lost, …) of a word of the statement's and not the word itself.
//
// Names that differ (Canada for the United States) are not seen: a
// statement word missing from the quote may as well be a paraphrase.
func Contradicts(statement, quote string) (bool, string) {
	if r, d := Bind(statement, quote); r != "" {
		return true, d
	}
	qcs := text.Clauses(quote)
	for _, sc := range text.Clauses(statement) {
		sw := ContentWords(sc.Text)
		best, overlap := -1, 1
		for i, qc := range qcs {
			if n := shared(sw, ContentWords(qc.Text)); n > overlap {
				best, overlap = i, n
			}
		}
		if best < 0 {
			continue
		}
		qc := qcs[best].Text
		qev := NewEvidence(qc, nil)
		// Code in backticks is read without them: "`shared_buffers =
		// 4GB`" gives 4GB.
		qfacts := Facts(strings.ReplaceAll(qc, "`", " "))
		for _, f := range Facts(strings.ReplaceAll(sc.Text, "`", " ")) {
			if (f.Kind != Number && f.Kind != Date) || qev.Has(f) {
				continue
			}
			sev := NewEvidence(sc.Text, nil)
			for _, g := range qfacts {
				if g.Kind == f.Kind && !sev.Has(g) {
					return true, fmt.Sprintf("the statement says %q where its quote says %q", f.Text, g.Text)
				}
			}
		}
		if w, a := opposedWord(sc.Text, qc, nil, false); w != "" {
			return true, fmt.Sprintf("the statement says %q where its quote says %q", w, a)
		}
	}
	return false, ""
}

// Affirms reports whether quote states statement, read lexically: every
// fact of the statement (Facts) is in the quote and the quote does not
// contradict it (Contradicts). It says nothing of words: whether the quote
// is about what the statement names is the term checks' to judge.
func Affirms(statement, quote string) (bool, string) {
	ev := NewEvidence(quote, nil)
	for _, f := range Facts(statement) {
		if !ev.Has(f) {
			return false, fmt.Sprintf("the statement's %q is not in its quote", f.Text)
		}
	}
	if c, d := Contradicts(statement, quote); c {
		return false, d
	}
	return true, ""
}

// wordSet returns the folded words of s.
func wordSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, t := range text.Tokens(text.Fold(s).S) {
		out[t.Text] = true
	}
	return out
}

// comparisonOpposites are pairs of opposites in a comparison, an order or
// an outcome ("|"-separated) that WordNet's antonyms (antonyms.txt) lack or
// hold only for other senses; init adds them to antonyms.
const comparisonOpposites = `more less|more fewer|most least|most fewest|higher lower|highest lowest|larger smaller|largest smallest|bigger smaller|biggest smallest|greater lesser|longer shorter|longest shortest|older younger|oldest youngest|earlier later|earliest latest|before after|above below|over under|increase decrease|increased decreased|increases decreases|increasing decreasing|rise fall|rose fell|risen fallen|gain loss|gained lost|win lose|won lost|wins loses|winner loser|first last|majority minority|maximum minimum|up down|positive negative|success failure|succeeded failed|accepted rejected|approved rejected|allowed forbidden|alive dead|male female|open closed|opened closed|start end|started ended|began ended|true false|always never|all none|heavier lighter|faster slower|fastest slowest|cheaper dearer|richer poorer|better worse|best worst|top bottom|north south|east west|inside outside|ascending descending|import export|imported exported|buy sell|bought sold|birth death|born died`

func init() {
	for _, pair := range strings.Split(comparisonOpposites, "|") {
		w := strings.Fields(pair)
		antonyms[w[0]] = append(antonyms[w[0]], w[1])
		antonyms[w[1]] = append(antonyms[w[1]], w[0])
	}
}
