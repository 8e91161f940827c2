package answer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hrag-dev/hrag/pkg/claim"
	htext "github.com/hrag-dev/hrag/pkg/text"
)

// distinct drops sentences that repeat an earlier one word for word (case
// and spaces aside), or that an earlier one holds whole as its closing
// words ("… a quarter of the RAM. Going higher did not help" then "Going
// higher did not help"): small models repeat a sentence once per passage
// that holds it, and write a quote's last sentence again on its own.
func distinct(ss []draftSentence) []draftSentence {
	var kept []string
	out := ss[:0:0]
	for _, s := range ss {
		k := strings.Join(strings.Fields(strings.ToLower(s.text)), " ")
		if slices.ContainsFunc(kept, func(e string) bool { return e == k || strings.HasSuffix(e, " "+k) }) {
			continue
		}
		kept = append(kept, k)
		out = append(out, s)
	}
	return out
}

// Compose writes the shown sentences of ss as an answer, each followed by
// its citations: "It is 4GB [1]. It was set in May [1, 2]." (Result.Answer).
func Compose(ss []Sentence) string {
	var b strings.Builder
	for _, s := range ss {
		if !s.Shown {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		text := strings.TrimSpace(s.Text)
		end := ""
		if n := len(text); n > 0 && strings.ContainsRune(".!?", rune(text[n-1])) {
			text, end = text[:n-1], text[n-1:]
			if end == "." && htext.AbbreviationBefore(text) {
				text += "." // "at 2 a.m." keeps its abbreviation's period: "at 2 a.m. [1]."
			}
		}
		nums := make([]string, len(s.Passages))
		for i, n := range s.Passages {
			nums[i] = fmt.Sprint(n)
		}
		fmt.Fprintf(&b, "%s [%s]%s", text, strings.Join(nums, ", "), end)
	}
	return b.String()
}

func joinText(ss []Sentence) string {
	var parts []string
	for _, s := range ss {
		parts = append(parts, s.Text)
	}
	return strings.Join(parts, " ")
}

func cites(ss []Sentence) bool {
	for _, s := range ss {
		if len(s.Passages) > 0 {
			return true
		}
	}
	return false
}

// onlyAmbiguous reports whether every sentence of ss that cites a passage
// was withheld as claim.AmbiguousValue, with the first one's Detail.
func onlyAmbiguous(ss []Sentence) (detail string, ok bool) {
	for _, s := range ss {
		if len(s.Passages) == 0 {
			continue
		}
		if s.Shown || s.Reason != string(claim.AmbiguousValue) {
			return "", false
		}
		if detail == "" {
			detail = s.Detail
		}
	}
	return detail, detail != ""
}
