package answer

import (
	"fmt"

	"github.com/hrag-dev/hrag/pkg/language"
)

// languageMismatch returns a warning when the answer is, reliably, in
// another language than the question (language.AnswerLanguages, which
// abstains on text too short to tell); "" otherwise. The claim checks have
// run already: this only tells the reader.
func languageMismatch(question, answer string) string {
	q, a := language.AnswerLanguages(question, answer)
	if q == "" {
		return ""
	}
	return fmt.Sprintf("the model answered in %s, another language than the question (%s)", a, q)
}

// otherLanguage reports whether text (passages) is in another language
// than question (language.OtherThanQuestion): lexical checks across
// languages mean nothing.
func otherLanguage(question, text string) bool { return language.OtherThanQuestion(question, text) }
