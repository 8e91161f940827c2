package answer

import (
	"fmt"
	"strings"

	"github.com/hrag-dev/hrag/pkg/injection"
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

// otherLanguage reports whether a quotation is in another language than
// question, so that lexical checks across the two mean nothing, and
// whether it is distinctly so, which may cost a request or an answer. The quotation's context (its units, the
// passage's title and breadcrumb) decides when function words tell
// (language.QuoteAgrees: a German line quoted from a passage that also
// holds English text is German), else the whole passage,
// whose prose is long enough for trigrams (language.Compare).
// hrag's own mask (injection.MaskText) is left out: it is English
// whatever the note's language.
func otherLanguage(question, context, passage string) (other, distinct bool) {
	if agree, ok := language.QuoteAgrees(question, strings.ReplaceAll(context, injection.MaskText, " ")); ok {
		return !agree, !agree
	}
	return language.Compare(question, strings.ReplaceAll(passage, injection.MaskText, " "))
}
