package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/internal/eval"
	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/llm/llmtest"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

func TestEvalAnswersFlags(t *testing.T) {
	f, _, _ := testFactory(t, nil)
	var got *EvalAnswersOptions
	cmd := NewCmdEvalAnswers(f, func(_ context.Context, o *EvalAnswersOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"--dataset", "qa.jsonl", "--notes", "n", "--no-gate", "--json", "-k", "3", "--report", "r.json"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.Dataset != "qa.jsonl" || got.Notes != "n" || !got.NoGate || !got.JSON || got.TopK != 3 || got.Report != "r.json" {
		t.Fatalf("options %+v", got)
	}
	if n := qaDatasetName("../testdata/qa/notes.jsonl"); n != "notes" {
		t.Errorf("dataset name %q", n)
	}
}

func TestEvalAnswersUsageErrors(t *testing.T) {
	db := storetest.SchemaURL(t)
	withLLM := map[string]string{"RAG_DATABASE_URL": db, "RAG_LLM_BASE_URL": "http://127.0.0.1:1/v1", "RAG_LLM_MODEL": "m"}
	for _, c := range []struct {
		args []string
		vars map[string]string
		want string
	}{
		{[]string{"eval", "answers"}, withLLM, "--dataset is required"},
		{[]string{"eval", "answers", "--dataset", "x", "extra"}, withLLM, "unknown command"},
		{[]string{"eval", "answers", "--dataset", "x", "-k", "-1"}, withLLM, `-k/--top-k="-1": want an integer ≥ 1`},
		{[]string{"eval", "answers", "--dataset", "../testdata/qa/notes.jsonl"}, map[string]string{"RAG_DATABASE_URL": db}, "RAG_LLM_BASE_URL"},
		{[]string{"eval", "answers", "--dataset", "../testdata/qa/notes.jsonl", "--notes", "../testdata/nowhere"}, withLLM, "--notes ../testdata/nowhere: not a folder"},
		// Never indexed, and no --notes to index.
		{[]string{"eval", "answers", "--dataset", "../testdata/qa/notes.jsonl"}, withLLM, `--notes DIR is required: collection "eval-qa-notes-c148" is not indexed yet`},
	} {
		f, _, _ := testFactory(t, c.vars)
		root := NewCmdRoot(f)
		root.SetArgs(c.args)
		root.SetOut(&bytes.Buffer{})
		err := root.Execute()
		if code := ExitCode(err); code != ExitUsage || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: exit %d (%v), want %d and %q", c.args, code, err, ExitUsage, c.want)
		}
	}
}

// TestEvalAnswersShippedSet runs the shipped QA set over the real index of
// testdata/notes with the gate off, so that every question reaches the fake
// LLM once, in file order. The fake answers every answerable question from
// the shown passage of its source that holds its key phrases, abstains on
// the unanswerable ones, and deviates on a few lines to exercise each
// metric; so every metric is known.
func TestEvalAnswersShippedSet(t *testing.T) {
	items, err := eval.LoadQA("../testdata/qa/notes.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	line := func(n int) eval.QAItem {
		if items[n-1].Line != n {
			t.Fatalf("line %d is item %d", n, items[n-1].Line)
		}
		return items[n-1]
	}
	if line(30).Answerable || line(34).Answerable || line(41).Answerable || !line(5).Answerable {
		t.Fatal("the deviations below assume lines 5 (answerable), 30, 34 and 41 (unanswerable)")
	}
	// cites returns, for each key phrase, a shown passage of the question's
	// sources holding it; nil when one is not shown.
	cites := func(it eval.QAItem, ps []shownPassage) []int {
		var ns []int
		for _, ph := range it.KeyPhrases {
			n := 0
			for _, p := range ps {
				if n == 0 && eval.PhraseFound(p.text, ph) && fromSources(p.source, it.Sources) {
					n = p.n
				}
			}
			if n == 0 {
				return nil
			}
			if len(ns) == 0 || ns[len(ns)-1] != n {
				ns = append(ns, n)
			}
		}
		return ns
	}
	var rs []llmtest.Reply
	written := 0 // sentences the fake model wrote
	for _, it := range items {
		it := it
		rs = append(rs, llmtest.Reply{Respond: func(req llmtest.Request) string {
			ps := promptPassages(req)
			// The ideal answer: one sentence per key phrase, citing the
			// shown passage of the question's sources that holds it and
			// quoting the line there that holds it.
			ideal := func() []any {
				var args []any
				for _, ph := range it.KeyPhrases {
					for _, p := range ps {
						if eval.PhraseFound(p.text, ph) && fromSources(p.source, it.Sources) {
							args = append(args, ph+".", []int{p.n}, lineWith(ps, p.n, ph))
							break
						}
					}
				}
				return args
			}
			switch it.Line {
			case 5: // the right fact, cited from a passage that lacks it
				for _, p := range ps {
					if !eval.PhraseFound(p.text, "38 minutes") {
						n := holding(ps, "38 minutes")
						return structured(true, "It took 38 minutes.", []int{p.n}, lineWith(ps, n, "38 minutes"))
					}
				}
			case 6: // half of the key phrases
				return structured(true, "Version 0.8.0.", cites(it, ps)[:1], lineWith(ps, cites(it, ps)[0], "0.8.0"))
			case 8: // a citation to a passage that was not shown
				args := ideal()
				written += len(args) / 3
				args[1] = append(args[1].([]int), 9)
				return structured(true, args...)
			case 10: // no citation
				return structured(true, strings.Join(it.KeyPhrases, " and ")+".", []int{})
			case 13: // the model finds no answer
				return structured(false)
			case 30: // maintenance_work_mem answered with work_mem's value
				return structured(true, "It is 64MB.", []int{holding(ps, "64MB")}, lineWith(ps, holding(ps, "64MB"), "64MB"))
			case 34: // the sourdough's salt for the ratatouille: the checks cannot tell (ratatouille is in 2 of 95 chunks: not rare at 2%)
				return structured(true, "10 g of salt.", []int{holding(ps, "10 g salt")}, lineWith(ps, holding(ps, "10 g salt"), "10 g salt"))
			case 41: // only an invalid citation
				return structured(true, "Mercury boils at 357 °C.", []int{7})
			}
			if !it.Answerable {
				return structured(false)
			}
			if cites(it, ps) != nil {
				args := ideal()
				written += len(args) / 3
				if it.Verdict != "" {
					return withVerdict(structured(true, args...), it.Verdict)
				}
				return structured(true, args...)
			}
			return structured(false)
		}})
	}
	srv := llmtest.New(t, rs...)
	// One request per question: no second request for flagged text (the
	// suspicious e-mail), no confirmation across languages.
	f, out, errOut := testFactory(t, map[string]string{"RAG_DATABASE_URL": storetest.SchemaURL(t), "RAG_LLM_BASE_URL": srv.BaseURL(), "RAG_LLM_MODEL": "m",
		"RAG_INJECTION_RETRY": "false", "RAG_VERIFY_ACROSS_LANGUAGES": "false"})
	opts := &EvalAnswersOptions{Factory: f, Dataset: "../testdata/qa/notes.jsonl", Notes: "../testdata/notes", NoGate: true, JSON: true}
	if err := evalAnswersRun(context.Background(), opts); err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	var rep eval.AnswersReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(srv.Requests) != len(items) || len(rep.Questions) != len(items) {
		t.Fatalf("%d LLM requests, %d questions; want %d each (gate off)", len(srv.Requests), len(rep.Questions), len(items))
	}
	notes, _ := filepath.Abs("../testdata/notes")
	if rep.Gate || rep.MinSimilarity != -1 || rep.MinCoverage != -1 || rep.Collection != "eval-qa-notes-c148" || rep.Notes != notes ||
		rep.Model != "m" || rep.TopK != 6 || rep.Index == nil || rep.Index.Added != 29 {
		t.Errorf("report settings: gate %v %g/%g, collection %q, notes %q, model %q, top %d, index %+v",
			rep.Gate, rep.MinSimilarity, rep.MinCoverage, rep.Collection, rep.Notes, rep.Model, rep.TopK, rep.Index)
	}

	// The QA set's promise: each answerable question's key phrases are in
	// shown passages of its sources. Not promised for questions asked in
	// another language than their note: the English-only embedding model
	// may miss those; they are abstentions of the fake model.
	missed := 0
	var answerable, unanswerable int
	for i, it := range items {
		if !it.Answerable {
			unanswerable++
			continue
		}
		answerable++
		prompt := srv.Requests[i].Messages[len(srv.Requests[i].Messages)-1].Content
		if !strings.Contains(prompt, "Question: "+it.Question) {
			t.Fatalf("request %d is not about line %d", i, it.Line)
		}
		if cites(it, promptPassages(srv.Requests[i])) == nil {
			missed++
			if it.Kind != eval.KindCrossLanguage {
				t.Errorf("line %d %q: no shown passage of %s holds %q", it.Line, it.Question, strings.Join(it.Sources, " or "), it.KeyPhrases)
			}
		}
	}

	// A sentence for each of an answerable question's key phrases, cited
	// from the passage of its source that holds it and quoting the line
	// there, mostly passes the claim checks; some do not (their passages
	// say it in other words than the question, or a rare question term
	// stands outside the quoted unit: docs/measurements.md). Which ones is
	// the claim package's business (its own tests); here they are counted
	// from the report, each must be an ideal answer removed as
	// unsupported, and their share is the checks' cost on ideal answers,
	// held under a budget.
	deviating := map[int]bool{5: true, 6: true, 8: true, 10: true, 13: true}
	removed, ideal := 0, 0
	for i, q := range rep.Questions {
		it := items[i]
		if !it.Answerable || deviating[it.Line] || cites(it, promptPassages(srv.Requests[i])) == nil {
			continue
		}
		ideal++
		if q.Reason == answer.ReasonUnsupportedClaims {
			removed++
		} else if !q.Answered {
			t.Errorf("line %d %q: an ideal answer abstained with %s", it.Line, it.Question, q.Reason)
		}
	}
	if ideal == 0 || float64(removed) > 0.15*float64(ideal) {
		t.Errorf("the checks removed %d of %d ideal answers; the budget is 15%%", removed, ideal)
	}

	m := rep.Metrics
	check := func(name string, r eval.Ratio, num float64, den int) {
		t.Helper()
		if r.Num != num || r.Den != den {
			t.Errorf("%s = %g/%d, want %g/%d", name, r.Num, r.Den, num, den)
		}
	}
	// Answered: every answerable question but lines 10 (no citation), 13
	// (found=false), those whose passage was not shown and those whose
	// sentence the checks remove. Line 5 is answered: its sentence is
	// re-cited from the passage that holds it. Unanswerable line 34 is
	// answered too.
	okAnswerable := answerable - 2 - missed - removed
	if m.Questions != len(items) || m.Answerable != answerable || m.Unanswerable != unanswerable || m.Answered != okAnswerable+1 {
		t.Errorf("counts: %d questions, %d answerable, %d unanswerable, %d answered", m.Questions, m.Answerable, m.Unanswerable, m.Answered)
	}
	check("answer rate", m.AnswerRate, float64(okAnswerable), answerable)
	check("abstention rate", m.AbstentionRate, float64(unanswerable-1), unanswerable) // line 34 is answered
	check("citations valid", m.CitationsValid, float64(okAnswerable), okAnswerable+1) // line 8 cited [9]
	check("source hit", m.SourceHit, float64(okAnswerable), okAnswerable)
	for _, q := range rep.Questions {
		if q.Answered && q.SourceHit != nil && !*q.SourceHit {
			t.Errorf("line %d: cites %v, not its source: %q", q.Line, q.Cited, q.Answer)
		}
	}
	check("phrase recall", m.PhraseRecall, float64(okAnswerable)-0.5, okAnswerable) // line 6 found half its phrases
	check("correct", m.Correct, float64(okAnswerable-1), answerable)
	// Sentences written: one per key phrase of an answer attempt, and one
	// for each of lines 5, 6, 10, 30, 34 and 41 (line 8 writes its ideal ones).
	if m.SupportedSentences.Den != written+6 || m.SupportedSentences.Num < float64(okAnswerable+1) {
		t.Errorf("sentences shown %g of %d written, want %d written and at least %d shown", m.SupportedSentences.Num, m.SupportedSentences.Den, written+6, okAnswerable+1)
	}
	check("answer rate without checks", m.AnswerRateNoChecks, float64(okAnswerable+removed), answerable)
	check("abstention rate without checks", m.AbstentionRateNoChecks, float64(unanswerable-2), unanswerable)
	if m.UnsupportedShown != 1 || m.UnsupportedNoChecks != 2 {
		t.Errorf("unsupported shown %d, without checks %d; want 1 (line 34) and 2 (lines 30, 34)", m.UnsupportedShown, m.UnsupportedNoChecks)
	}
	wantAnswerable := map[string]int{answer.ReasonNoValidCitations: 1, answer.ReasonModelAbstained: 1 + missed}
	if removed > 0 {
		wantAnswerable[answer.ReasonUnsupportedClaims] = removed
	}
	if fmt.Sprint(m.AbstainedAnswerable) != fmt.Sprint(wantAnswerable) ||
		m.AbstainedUnanswerable[answer.ReasonModelAbstained] != unanswerable-3 || m.AbstainedUnanswerable[answer.ReasonUnsupportedClaims] != 1 ||
		m.AbstainedUnanswerable[answer.ReasonNoValidCitations] != 1 || len(m.AbstainedUnanswerable) != 3 {
		t.Errorf("abstentions %v / %v; want %v for the answerable ones", m.AbstainedAnswerable, m.AbstainedUnanswerable, wantAnswerable)
	}
	if k := m.ByKind[eval.KindNearMiss]; k.Den == 0 || k.Num != float64(k.Den-1) { // line 34 is a near miss
		t.Errorf("near misses %+v", k)
	}
	q5, q8, q30, q34 := rep.Questions[4], rep.Questions[7], rep.Questions[29], rep.Questions[33]
	if !q5.Answered || len(q5.Sentences) != 1 || len(q5.Sentences[0].CitedByModel) != 1 || !containsAny(q5.Warnings, "cited instead") {
		t.Errorf("line 5: %+v", q5)
	}
	if !q8.Answered || *q8.CitationsValid || len(q8.InvalidCitations) != 1 || q8.InvalidCitations[0] != 9 || !*q8.SourceHit {
		t.Errorf("line 8: %+v", q8)
	}
	if q30.Answered || q30.Sentences[0].Reason != string(claim.MissingTerm) || q30.UnsupportedNoChecks != 1 {
		t.Errorf("line 30: %+v", q30)
	}
	if !q34.Answered || q34.Unsupported != 1 {
		t.Errorf("line 34: %+v", q34)
	}
	if m.MedianSeconds <= 0 || m.MedianPromptTokens <= 0 || m.MedianPassageTokens <= 0 {
		t.Errorf("medians %+v", m)
	}
	// Sentences settled while the model wrote: every answer of one
	// sentence (not to a yes/no question) had it settled before the reply
	// ended (its prefix up to that sentence is the whole answer), and no
	// settled sentence was taken back (mutation: settlesEarly false, or no
	// "found" test before settling).
	single, early := 0, 0
	for _, q := range rep.Questions {
		if q.Answered && !claim.YesNo(q.Question) && len(q.Sentences) == 1 {
			single++
			if q.LLM.FirstSentence > 0 {
				early++
			} else {
				t.Errorf("line %d: its one sentence was not settled early: %+v", q.Line, q.Sentences[0])
			}
		}
	}
	if single == 0 || m.Retracted != 0 || m.MedianFirstShown <= 0 || m.P90Seconds < m.MedianSeconds {
		t.Errorf("%d of %d one-sentence answers settled early, %d retracted; first shown %g s, p90 %g s", early, single, m.Retracted, m.MedianFirstShown, m.P90Seconds)
	}
}

// containsAny says whether one of ws contains sub.
func containsAny(ws []string, sub string) bool {
	for _, w := range ws {
		if strings.Contains(w, sub) {
			return true
		}
	}
	return false
}

// fromSources says whether a prompt source (relative to the passages'
// common folder) is one of the QA sources (relative to the notes root).
func fromSources(source string, sources []string) bool {
	for _, s := range sources {
		if s == source || strings.HasSuffix(s, "/"+source) {
			return true
		}
	}
	return false
}

// TestEvalAnswersGate runs a small QA set with the gate on (off-topic
// questions never reach the LLM), prints the table, then re-uses the indexed
// collection without --notes and with the gate off.
func TestEvalAnswersGate(t *testing.T) {
	dir := t.TempDir()
	qa := filepath.Join(dir, "mini.jsonl")
	os.WriteFile(qa, []byte(`{"question": "How much shared_buffers did I give PostgreSQL?", "answerable": true, "key_phrases": ["4GB"], "sources": ["homelab/postgres-tuning.md"]}
{"question": "Who won the football world cup in 1998?", "answerable": false}
{"question": "Which Wi-Fi channel does the hallway access point use?", "answerable": true, "key_phrases": ["36", "5 GHz"], "sources": ["homelab/network.md"]}
{"question": "What is the WPA3 passphrase of the hallway access point?", "answerable": false}
{"question": "What is the boiling point of mercury?", "answerable": false}
`), 0o644)
	db := storetest.SchemaURL(t)
	srv := llmtest.New(t, citing("You set shared_buffers to 4GB.", "4GB"), citing("Channel 36.", "channel 36"), llmtest.Reply{Text: structured(false)})
	vars := map[string]string{"RAG_DATABASE_URL": db, "RAG_LLM_BASE_URL": srv.BaseURL(), "RAG_LLM_MODEL": "m"}
	f, out, errOut := testFactory(t, vars)
	reportFile := filepath.Join(dir, "report.json")
	if err := evalAnswersRun(context.Background(), &EvalAnswersOptions{Factory: f, Dataset: qa, Notes: "../testdata/notes", Report: reportFile}); err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	if len(srv.Requests) != 3 {
		t.Fatalf("%d LLM requests; want 3 (the gate stops the two off-topic questions)", len(srv.Requests))
	}
	table := out.String()
	squeezed := regexp.MustCompile(` {2,}`).ReplaceAllString(table, "  ")
	for _, want := range []string{
		`collection "eval-qa-mini-c148", model "m", 6 passages per question, gate on (cosine similarity ≥ 0.40 or term coverage ≥ 50%)`,
		"5 questions (2 answerable, 3 unanswerable)",
		"abstained: no_relevant_passages",
		"abstained: model_abstained",
		// Metric rows: label, value and count, columns as wide as the longest label.
		"answer rate (answerable questions)  1.000  2/2",
		"abstention rate (unanswerable questions)  1.000  3/3",
		"citations all valid (answers)  1.000  2/2",
		"expected source cited (answers with sources)  1.000  2/2",
		"key-phrase recall (answers with key phrases)  0.750  mean of 2",
		"not answered, answerable: none\nnot answered, unanswerable: model_abstained 1, no_relevant_passages 2\n",
	} {
		if !strings.Contains(squeezed, want) {
			t.Errorf("report lacks %q:\n%s", want, table)
		}
	}
	if !regexp.MustCompile(`(?m)^3 +Which Wi-Fi channel does the hallway access point… +yes +answered +yes +yes +0\.50$`).MatchString(table) {
		t.Errorf("row of line 3:\n%s", table)
	}
	if !strings.Contains(errOut.String(), `indexed "eval-qa-mini-c148": 29 added`) {
		t.Errorf("stderr: %s", errOut)
	}
	var saved eval.AnswersReport
	if b, err := os.ReadFile(reportFile); err != nil || json.Unmarshal(b, &saved) != nil {
		t.Fatalf("--report file: %v\n%s", err, b)
	}
	if len(saved.Questions) != 5 || saved.Metrics.PhraseRecall != (eval.Ratio{Num: 1.5, Den: 2}) || !saved.Gate || !strings.HasPrefix(saved.Questions[2].Answer, "Channel 36 [") {
		t.Errorf("--report file: %+v", saved)
	}

	// Again without --notes (the collection is indexed) and without the
	// gate: all five questions reach the LLM, which abstains.
	srv = llmtest.New(t, llmtest.Reply{Text: structured(false)})
	vars["RAG_LLM_BASE_URL"] = srv.BaseURL()
	f, out, _ = testFactory(t, vars)
	if err := evalAnswersRun(context.Background(), &EvalAnswersOptions{Factory: f, Dataset: qa, NoGate: true, JSON: true}); err != nil {
		t.Fatal(err)
	}
	var rep eval.AnswersReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	m := rep.Metrics
	if len(srv.Requests) != 5 || rep.Gate || rep.Index != nil || m.AnswerRate != (eval.Ratio{Num: 0, Den: 2}) || m.AbstentionRate != (eval.Ratio{Num: 3, Den: 3}) ||
		m.CitationsValid.Den != 0 || m.AbstainedUnanswerable[answer.ReasonModelAbstained] != 3 || m.AbstainedAnswerable[answer.ReasonModelAbstained] != 2 {
		t.Errorf("%d requests, gate %v, index %v, metrics %+v", len(srv.Requests), rep.Gate, rep.Index, m)
	}
	if !strings.Contains(out.String(), `"citations_valid": {
      "num": 0,
      "den": 0,
      "value": null
    }`) {
		t.Errorf("undefined metric not null in JSON:\n%s", out)
	}

	// The collection holds these notes: other notes, or a source that is
	// not indexed, are errors.
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "a.md"), []byte("# A\n\ntext\n"), 0o644)
	f, _, _ = testFactory(t, vars)
	err := evalAnswersRun(context.Background(), &EvalAnswersOptions{Factory: f, Dataset: qa, Notes: other})
	if ExitCode(err) != ExitError || !strings.Contains(err.Error(), "holds notes from") {
		t.Errorf("other notes: %v", err)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(`{"question": "q", "answerable": true, "sources": ["misc/router-firmware.txt"]}`+"\n"), 0o644)
	err = evalAnswersRun(context.Background(), &EvalAnswersOptions{Factory: f, Dataset: bad, Notes: "../testdata/notes"})
	if ExitCode(err) != ExitError || !strings.Contains(err.Error(), `line 1: source "misc/router-firmware.txt" is not an indexed document`) {
		t.Errorf("unindexed source: %v", err)
	}
}
