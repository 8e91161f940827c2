package cmd

import (
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/hrag-dev/hrag/internal/eval"
)

// printAnswersReport prints the settings, one row per question and the
// metrics with their denominators.
func printAnswersReport(f *Factory, r *eval.AnswersReport) {
	m := r.Metrics
	w := f.IO.Out
	gate := "off (--no-gate)"
	if r.Gate {
		gate = fmt.Sprintf("on (cosine similarity ≥ %.2f or term coverage ≥ %.0f%%)", r.MinSimilarity, 100*r.MinCoverage)
	}
	fmt.Fprintf(w, "%s: %d questions (%d answerable, %d unanswerable) over %s\n", r.Dataset, m.Questions, m.Answerable, m.Unanswerable, r.Notes)
	fmt.Fprintf(w, "collection %q, model %q, %d passages per question, gate %s\n\n", r.Collection, r.Model, r.TopK, gate)

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "line\tquestion\tanswerable\toutcome\tcitations valid\tsource cited\tphrase recall")
	yesNo := func(b *bool) string {
		switch {
		case b == nil:
			return "-"
		case *b:
			return "yes"
		}
		return "no"
	}
	for _, q := range r.Questions {
		outcome := "answered"
		if !q.Answered {
			outcome = "abstained: " + q.Reason
		}
		recall := "-"
		if q.PhraseRecall != nil {
			recall = fmt.Sprintf("%.2f", *q.PhraseRecall)
		}
		answerable := "no"
		if q.Answerable {
			answerable = "yes"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", q.Line, truncateRunes(q.Question, 50), answerable, outcome,
			yesNo(q.CitationsValid), yesNo(q.SourceHit), recall)
	}
	tw.Flush()

	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "metric\tvalue\tover")
	row := func(name string, x eval.Ratio, count bool) {
		v, ok := x.Value()
		val := "-"
		if ok {
			val = fmt.Sprintf("%.3f", v)
		}
		over := fmt.Sprintf("%g/%d", x.Num, x.Den)
		if !count {
			over = fmt.Sprintf("mean of %d", x.Den)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", name, val, over)
	}
	row("answer rate (answerable questions)", m.AnswerRate, true)
	row("abstention rate (unanswerable questions)", m.AbstentionRate, true)
	row("citations all valid (answers)", m.CitationsValid, true)
	row("expected source among the passages (answerable with sources)", m.SourceRetrieved, true)
	row("expected source cited (answers with sources)", m.SourceHit, true)
	row("key-phrase recall (answers with key phrases)", m.PhraseRecall, false)
	row("correct (answerable with gold answers, a verdict or key phrases)", m.Correct, true)
	row("wrong shown: wrong answers and answers to unanswerables (all questions)", m.WrongShown, true)
	row("sentences shown (sentences the model wrote)", m.SupportedSentences, true)
	row("shown sentences with a located quote", m.QuotedShown, true)
	fmt.Fprintf(tw, "unsupported sentences shown (must be 0)\t%d\t\n", m.UnsupportedShown)
	fmt.Fprintf(tw, "sentences shown while the model wrote, then removed (must be 0)\t%d\t\n", m.Retracted)
	if m.AskedAgain.Num > 0 {
		row("asked again with flagged text masked (questions the model was asked)", m.AskedAgain, true)
		fmt.Fprintf(tw, "answered when asked again\t%d\t\n", m.AnsweredAgain)
	}
	row("without claim checks: answer rate", m.AnswerRateNoChecks, true)
	row("without claim checks: abstention rate", m.AbstentionRateNoChecks, true)
	fmt.Fprintf(tw, "without claim checks: unsupported sentences shown\t%d\t\n", m.UnsupportedNoChecks)
	tw.Flush()
	if len(m.ByKind) > 0 {
		kinds := make([]string, 0, len(m.ByKind))
		for k := range m.ByKind {
			kinds = append(kinds, k)
		}
		sort.Strings(kinds)
		var parts []string
		for _, k := range kinds {
			parts = append(parts, fmt.Sprintf("%s %g/%d", k, m.ByKind[k].Num, m.ByKind[k].Den))
		}
		fmt.Fprintf(w, "\nby kind (answered if answerable, abstained if not): %s\n", strings.Join(parts, ", "))
	}
	fmt.Fprintf(w, "\nnot answered, answerable: %s\nnot answered, unanswerable: %s\n", reasonCounts(m.AbstainedAnswerable), reasonCounts(m.AbstainedUnanswerable))
	fmt.Fprintf(w, "median per question asked: %.1f s (p90 %.1f s; first token after %.1f s; first shown sentence after %.1f s), %.0f prompt tokens (passages %.0f; %.0f%% from the server's prompt cache), %.1f tokens/s generated\n",
		m.MedianSeconds, m.P90Seconds, m.MedianFirstToken, m.MedianFirstShown, m.MedianPromptTokens, m.MedianPassageTokens, 100*m.MedianCachedShare, m.MedianTokensPerSecond)
	if pp := m.MedianPromptParts; pp != nil {
		fmt.Fprintf(w, "median prompt parts in the model's tokens: system %d, examples %d, passages %d, question %d, chat template %d\n",
			pp.System, pp.Examples, pp.Passages, pp.Question, pp.Template)
	}
	fmt.Fprintf(w, "%d questions in %.1fs\n", m.Questions, r.Seconds)
}
