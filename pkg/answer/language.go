package answer

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/abadojack/whatlanggo"
)

// languageMismatch returns a warning when the answer is, reliably, in
// another language than the question (whatlanggo's trigram detector, which
// abstains on text too short to tell); "" otherwise. The claim checks have
// run already: this only tells the reader.
func languageMismatch(question, answer string) string {
	q, a := whatlanggo.Detect(question), whatlanggo.Detect(answer)
	if !q.IsReliable() || !a.IsReliable() || q.Lang == a.Lang {
		return ""
	}
	return fmt.Sprintf("the model answered in %s, another language than the question (%s)", a.Lang.String(), q.Lang.String())
}

// otherLanguage reports whether text (passages) is in another language
// than question: lexical checks across languages mean nothing. The
// passages' language is read from their prose (table rows left out: a
// table of names, numbers and addresses has none, and trigrams of
// "Weber | +49 30 5552841" read as German) and must be reliable, from
// at least minProseLetters letters; a question is short, so its best
// guess counts from a confidence of 0.3 ("How many people does the recipe
// serve?" is English at 0.59, which whatlanggo calls unreliable).
func otherLanguage(question, text string) bool {
	var prose []string
	letters := 0
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "|") {
			continue
		}
		prose = append(prose, line)
		for _, r := range line {
			if unicode.IsLetter(r) {
				letters++
			}
		}
	}
	if letters < minProseLetters {
		return false
	}
	q, t := whatlanggo.Detect(question), whatlanggo.Detect(strings.Join(prose, "\n"))
	return t.IsReliable() && q.Confidence >= 0.3 && q.Lang != t.Lang
}

// minProseLetters is the least prose, in letters, whose language is told
// (about two sentences).
const minProseLetters = 80
