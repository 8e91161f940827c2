package answer

import (
	"strings"
	"unicode"
)

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
