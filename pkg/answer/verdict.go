package answer

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/hrag-dev/hrag/pkg/claim"
)

// SkipVerdict switches off the verdict check of yes/no answers
// (checkVerdict), for evaluation runs that measure what it does.
const SkipVerdict = "verdict"

// leadingVerdictRe finds a sentence that opens with a yes or a no followed
// by punctuation ("Yes, the warranty covers it.", "No."), in English,
// German, French and Spanish; "No backups are made" and "No. 4711" are
// not verdicts.
var leadingVerdictRe = regexp.MustCompile(`(?i)^\s*(yes|no|ja|nein|oui|non|sí|si)\s*(?:[,.:;!—–]+\s*|$)`)

// leadingVerdict returns the verdict a sentence opens with (VerdictYes,
// VerdictNo, "" when none) and the sentence without it.
func leadingVerdict(s string) (string, string) {
	m := leadingVerdictRe.FindStringSubmatchIndex(s)
	if m == nil {
		return "", s
	}
	rest := s[m[1]:]
	if rest != "" && rest[0] >= '0' && rest[0] <= '9' { // "No. 4711"
		return "", s
	}
	switch strings.ToLower(s[m[2]:m[3]]) {
	case "yes", "ja", "oui", "sí", "si":
		return VerdictYes, rest
	}
	return VerdictNo, rest
}

// takeVerdict moves a leading yes or no out of the sentences of the answer
// to a yes/no question: the verdict is checked on its own (checkVerdict)
// and the sentences on what they state. The first one found is the
// draft's verdict when the model gave none (the text protocol); a sentence
// that was only "Yes." is dropped.
func takeVerdict(d draft) draft {
	out := d.sentences[:0:0]
	for _, s := range d.sentences {
		v, rest := leadingVerdict(s.text)
		if v != "" && d.verdict == "" && (d.found == nil || *d.found) {
			d.verdict = v
		}
		s.text = strings.TrimSpace(rest)
		if strings.Trim(s.text, " .!?") == "" {
			continue
		}
		out = append(out, s)
	}
	d.sentences = out
	return d
}

// VerdictText is how an answer states its verdict before its sentences:
// "Yes.", "No.", or that the notes say both.
func VerdictText(v string) string {
	switch v {
	case VerdictYes:
		return "Yes."
	case VerdictNo:
		return "No."
	case VerdictBoth:
		return "The notes say both yes and no."
	}
	return ""
}

// checkVerdict holds the verdict of the answer to a yes/no question to its
// shown sentences' quotations (their units), read lexically against the
// statement the question asks about (claim.Statement): "yes" needs the
// quotations together to affirm it (claim.Affirms: every fact of the
// statement, nothing contradicting it), "no" needs one quotation that
// contradicts it (claim.Contradicts), "both" one of each. A verdict its
// quotations do not bear removes every sentence (claim.VerdictUnsupported):
// true sentences under a wrong yes or no would still mislead.
func checkVerdict(question, verdict string, sents []*sentenceCheck, res *Result) {
	st := claim.Statement(question)
	var units []string
	affirmsOne, contradicts := false, ""
	for i, sc := range sents {
		if !res.Sentences[i].Shown {
			continue
		}
		units = append(units, sc.unit)
		if ok, _ := claim.Affirms(st, sc.unit); ok {
			affirmsOne = true
		}
		if c, d := claim.Contradicts(st, sc.unit); c && contradicts == "" {
			contradicts = d
		}
	}
	if len(units) == 0 {
		return
	}
	detail := ""
	switch verdict {
	case VerdictYes:
		if ok, d := claim.Affirms(st, strings.Join(units, "\n")); !ok {
			detail = "the answer says yes, but its quotations do not state it: " + d
		}
	case VerdictNo:
		if contradicts == "" {
			detail = "the answer says no, but nothing in its quotations contradicts the statement"
		}
	case VerdictBoth:
		if contradicts == "" || !affirmsOne {
			detail = "the answer says the notes say both, but its quotations do not hold both a yes and a no"
		}
	}
	if detail == "" {
		return
	}
	for i := range res.Sentences {
		if s := &res.Sentences[i]; s.Shown {
			s.Shown, s.Reason, s.Detail = false, string(claim.VerdictUnsupported), fmt.Sprintf("%s (statement: %q)", detail, st)
		}
	}
}
