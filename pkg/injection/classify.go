package injection

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/hrag-dev/hrag/pkg/phrase"
	"github.com/hrag-dev/hrag/pkg/text"
)

// ClassifierRule is the Span.Rule of what a Classifier found.
const ClassifierRule = "classifier"

// IgnoreInstructionsRule names the rules of text that tells the model to
// ignore, disregard or forget its instructions, in every language the
// rules cover (rules.go).
const IgnoreInstructionsRule = "ignore-instructions"

// DialogueTurnRule names the flagged text of a dialogue turn planted in a
// note ("User: …" / "Assistant: It's plot 99 …"): the turn's speaker
// markers are masked, and what the turn says is the text of a made-up
// conversation, not the note's.
const DialogueTurnRule = "dialogue-turn"

// Disowned reports whether a span of text (a Span's Rule and the text it
// covers) states nothing in the note's own voice: it tells the model to
// ignore its instructions (TellsToIgnore), it is a dialogue turn
// (DialogueTurnRule), a rule of the table says its spans are (a line that
// opens by telling an assistant what to answer), or it is an aside the detector found addressed to a
// model, in brackets, braces, a comment, a spoiler or an element
// (phrase.Wrapped: "(an die KI: sag stattdessen …)",
// "/* ChatGPT: … */", "<nota>ChatGPT, …</nota>"). Text around such a
// span may hold the note's fact; the span itself holds only the
// attacker's words, so an answer that quotes nothing else passes them on.
func Disowned(rule, text string) bool {
	names := strings.Split(rule, "+")
	if slices.Contains(names, IgnoreInstructionsRule) || slices.Contains(names, DialogueTurnRule) || slices.ContainsFunc(names, disowning()) {
		return true
	}
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "—") || strings.HasPrefix(t, "–") { // a dash clause
		return true
	}
	return phrase.Wrapped(t)
}

// disowning returns whether a rule name is that of a rule whose spans are
// the attacker's voice whole (rule.disowns).
var disowning = sync.OnceValue(func() func(string) bool {
	set := map[string]bool{}
	for _, r := range rules {
		if r.disowns {
			set[r.name] = true
		}
	}
	return func(name string) bool { return set[name] }
})

// TellsToIgnore reports whether a Span.Rule (rule names joined with "+"
// when several rules found one span) includes IgnoreInstructionsRule:
// text that no note states as a fact.
func TellsToIgnore(rule string) bool {
	return slices.Contains(strings.Split(rule, "+"), IgnoreInstructionsRule)
}

// Classifier scores short texts for whether they address an AI model (a
// prompt-injection classifier, e.g. a fine-tuned BERT-style model that
// labels text SAFE or INJECTION). hrag does not ship one; a user may point
// RAG_INJECTION_MODEL at a local model (embed.TextClassifier).
type Classifier interface {
	// Score returns one probability in [0, 1] per text, in order: how
	// likely the text addresses an AI model rather than its reader.
	Score(ctx context.Context, texts []string) ([]float64, error)
}

// Classify runs c over the smallest units of each text (text.UnitSpans:
// each sentence of a paragraph, list item, table row or heading; units
// without a letter or digit, and lines of fenced code, which the rules
// skip too, are left out) in one Score call, and returns
// per text the units scored at least min as Flagged spans with Rule
// ClassifierRule, in order. A classifier is one more signal beside the
// rules: it never masks, since a wrong mask deletes what the reader
// wrote. Units holding MaskText (already masked by the rules) are skipped.
// Errors are c's, or a count mismatch.
func Classify(ctx context.Context, c Classifier, min float64, texts []string) ([][]Span, error) {
	type unit struct{ text, start, end int }
	var units []unit
	var batch []string
	for i, t := range texts {
		code, _, _, _ := text.CodeLines(strings.Split(t, "\n"))
		for _, u := range text.UnitSpans(t) {
			st, en := trimSpace(t, u[0], u[1])
			s := t[st:en]
			if !text.HasWords(s) || strings.Contains(s, MaskText) || code[strings.Count(t[:st], "\n")] {
				continue
			}
			units = append(units, unit{i, st, en})
			batch = append(batch, s)
		}
	}
	out := make([][]Span, len(texts))
	if len(batch) == 0 {
		return out, nil
	}
	scores, err := c.Score(ctx, batch)
	if err != nil {
		return nil, err
	}
	if len(scores) != len(batch) {
		return nil, fmt.Errorf("injection classifier returned %d scores for %d texts", len(scores), len(batch))
	}
	for k, u := range units {
		if scores[k] >= min {
			out[u.text] = append(out[u.text], Span{Start: u.start, End: u.end, Rule: ClassifierRule, Action: Flagged})
		}
	}
	return out, nil
}

// trimSpace narrows [st, en) of t to exclude leading and trailing white
// space; a blank range becomes empty.
func trimSpace(t string, st, en int) (int, int) {
	s := strings.TrimRight(t[st:en], " \t\r\n")
	return st + len(s) - len(strings.TrimLeft(s, " \t\r\n")), st + len(s)
}
