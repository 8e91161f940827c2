package cmd

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"

	"github.com/hrag-dev/hrag/internal/eval"
	"github.com/hrag-dev/hrag/pkg/llm/llmtest"
)

// shownPassage is a passage as the prompt shows it to the model.
type shownPassage struct {
	n            int
	source, text string
}

var passageRe = regexp.MustCompile(`(?s)<passage-[a-z]+ n="(\d+)" source="([^"]+)"[^\n]*>\n(.*?)\n</passage-[a-z]+>`) // a section may hold quotes and ">"

// promptPassages returns the passages of a request's last message.
func promptPassages(req llmtest.Request) []shownPassage {
	var out []shownPassage
	for _, m := range passageRe.FindAllStringSubmatch(req.Messages[len(req.Messages)-1].Content, -1) {
		n, _ := strconv.Atoi(m[1])
		out = append(out, shownPassage{n, m[2], m[3]})
	}
	return out
}

// holding returns the number of the first shown passage that holds every
// phrase (eval.PhraseFound), 0 when none does.
func holding(ps []shownPassage, phrases ...string) int {
	for _, p := range ps {
		all := true
		for _, ph := range phrases {
			all = all && eval.PhraseFound(p.text, ph)
		}
		if all {
			return p.n
		}
	}
	return 0
}

// structured is a reply of the structured protocol: found, then for each
// sentence its text and cited passage numbers, and optionally its quote.
func structured(found bool, sentences ...any) string {
	type s struct {
		Passages []int  `json:"passages"`
		Quote    string `json:"quote,omitempty"`
		Text     string `json:"text"`
	}
	ss := []s{}
	for i := 0; i+1 < len(sentences); i += 2 {
		ss = append(ss, s{Text: sentences[i].(string), Passages: sentences[i+1].([]int)})
		if i+2 < len(sentences) {
			if q, ok := sentences[i+2].(quoted); ok {
				ss[len(ss)-1].Quote = string(q)
				i++
			}
		}
	}
	b, _ := json.Marshal(map[string]any{"found": found, "sentences": ss})
	return string(b)
}

// withVerdict adds a yes/no question's verdict to a structured reply, as
// the verdict schema (answer.VerdictSchema) has it.
func withVerdict(reply, verdict string) string {
	var m map[string]any
	json.Unmarshal([]byte(reply), &m)
	m["verdict"] = verdict
	b, _ := json.Marshal(m)
	return string(b)
}

// quoted is a sentence's quote among structured's arguments, after its
// passages.
type quoted string

// lineWith returns the line of passage n of ps that holds phrase
// (eval.PhraseFound), trimmed of list and table marks: what a model that
// copies its evidence quotes. "" when none does.
func lineWith(ps []shownPassage, n int, phrase string) quoted {
	for _, p := range ps {
		if p.n != n {
			continue
		}
		for _, l := range strings.Split(p.text, "\n") {
			if eval.PhraseFound(l, phrase) {
				return quoted(strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "-*|")))
			}
		}
	}
	return ""
}

// citing is a model that answers sentence, citing the shown passage that
// holds all of phrases and quoting its line holding the first; it says
// found=false when no passage does.
func citing(sentence string, phrases ...string) llmtest.Reply {
	return llmtest.Reply{Respond: func(req llmtest.Request) string {
		ps := promptPassages(req)
		if n := holding(ps, phrases...); n > 0 {
			return structured(true, sentence, []int{n}, lineWith(ps, n, phrases[0]))
		}
		return structured(false)
	}}
}
