package answer

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Verification is the result of checking an answer's citations.
type Verification struct {
	Text    string // the answer with invalid citations removed
	Cited   []int  // valid passage numbers, in order of first citation
	Invalid []int  // cited numbers that name no shown passage, in order
}

var citeRe = regexp.MustCompile(`[ \t]*\[(\s*\d+\s*(?:[,;]\s*\d+\s*)*)\]`)

// Verify checks every citation "[n]" or "[n, m]" in text against the passages
// shown, numbered 1..shown. Citations to other numbers are removed from the
// text (a group keeps its valid numbers) and listed in Invalid.
func Verify(text string, shown int) Verification {
	var v Verification
	seen, bad := map[int]bool{}, map[int]bool{}
	v.Text = citeRe.ReplaceAllStringFunc(text, func(m string) string {
		lead := m[:strings.IndexByte(m, '[')]
		m = m[len(lead):]
		var keep []string
		for _, part := range strings.FieldsFunc(m[1:len(m)-1], func(r rune) bool { return r == ',' || r == ';' }) {
			n, err := strconv.Atoi(strings.TrimSpace(part))
			if err != nil {
				continue
			}
			if n < 1 || n > shown {
				if !bad[n] {
					bad[n] = true
					v.Invalid = append(v.Invalid, n)
				}
				continue
			}
			if !seen[n] {
				seen[n] = true
				v.Cited = append(v.Cited, n)
			}
			keep = append(keep, strconv.Itoa(n))
		}
		if len(keep) == 0 {
			return "" // with the space before it
		}
		return lead + "[" + strings.Join(keep, ", ") + "]"
	})
	return v
}

// abstainPhrases are ways models say the passages lack the answer.
var abstainPhrases = []string{
	"notes do not contain", "notes don't contain", "passages do not contain", "passages don't contain",
	"do not contain the answer", "does not contain the answer", "not contain information",
	"not mentioned in the", "not stated in the", "not provided in the", "no information about",
	"no information on", "cannot answer", "can't answer", "can not answer", "unable to answer",
	"not enough information", "i don't know", "i do not know", "does not mention", "do not mention",
	"don't mention", "doesn't mention", "not specified in the", "no mention of",
}

// IsAbstention reports whether an answer says the passages do not contain
// the answer: it holds the NoAnswer sentence, or it cites nothing and uses a
// typical "not in the passages" phrase. An answer that cites passages while
// saying part is missing is a (partial) answer, not an abstention.
func IsAbstention(text string, validCitations int) bool {
	norm := normalize(text)
	if strings.Contains(norm, normalize(NoAnswer)) {
		return true
	}
	if validCitations > 0 {
		return false
	}
	for _, p := range abstainPhrases {
		if strings.Contains(norm, normalize(p)) {
			return true
		}
	}
	return false
}

func normalize(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(strings.ReplaceAll(s, "’", "'")) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'':
			b.WriteRune(r)
			space = false
		case !space:
			b.WriteByte(' ')
			space = true
		}
	}
	return strings.TrimSpace(b.String())
}
