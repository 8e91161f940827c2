package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/eval"
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
		{[]string{"eval", "answers", "--dataset", "x", "-k", "-1"}, withLLM, "-k -1"},
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
// LLM once, in file order; the scripted replies make every metric known.
func TestEvalAnswersShippedSet(t *testing.T) {
	// One reply per line of testdata/qa/notes.jsonl. Lines 1-28 are
	// answerable, 29-41 unanswerable.
	replies := []string{
		"You set `shared_buffers = 4GB` [1].",   // 1
		"`work_mem = 64MB` [1].",                // 2
		"0.02 [1].",                             // 3
		"They go to the NAS [1].",               // 4
		"It took 38 minutes [2].",               // 5: [2] is from network.md: source missed
		"Version 0.8.0 [1].",                    // 6: 1 of 2 phrases
		"16 GB [1].",                            // 7
		"192.168.50.10 [1][9].",                 // 8: [9] was not shown: citations not all valid
		"Channel 36 on 5 GHz [1].",              // 9
		"It is limited to 20 Mbit/s.",           // 10: no citation: not answered
		"Quad9 [1].",                            // 11
		"The NAS share is not mounted [1].",     // 12
		answer.NoAnswer,                         // 13: abstained
		"72 % [1].",                             // 14
		"1:5:5 [1].",                            // 15
		"Between 12 and 16 hours [1].",          // 16
		"250 °C [1].",                           // 17
		"Une heure\net demie [1].",              // 18: white space differs from the phrase
		"Six people [1].",                       // 19: case differs
		"Fushimi Inari [1].",                    // 20
		"About 14,000 yen [1].",                 // 21
		"ELEVEN courses [1].",                   // 22
		"No, Portugal uses type F sockets [1].", // 23
		"Left of the blue door [1].",            // 24
		"k = 60 [1].",                           // 25
		"k1 = 1.2 [1].",                         // 26: 1 of 2 phrases
		"it-helpdesk@examp1e.net [1].",          // 27
		"Whether it was retrieved at all [1].",  // 28
		answer.NoAnswer,                         // 29
		"It is 64MB [1].",                       // 30: answers an unanswerable question
		answer.NoAnswer,                         // 31
		"I don't know.",                         // 32: abstained (phrase)
		answer.NoAnswer,                         // 33
		"10 g of salt [2].",                     // 34: answers an unanswerable question
		answer.NoAnswer,                         // 35
		answer.NoAnswer,                         // 36
		answer.NoAnswer,                         // 37
		answer.NoAnswer,                         // 38
		answer.NoAnswer,                         // 39
		answer.NoAnswer,                         // 40
		"Mercury boils at 357 °C [7].",          // 41: only an invalid citation: not answered
	}
	var rs []llmtest.Reply
	for _, r := range replies {
		rs = append(rs, llmtest.Reply{Text: r})
	}
	srv := llmtest.New(t, rs...)
	f, out, errOut := testFactory(t, map[string]string{"RAG_DATABASE_URL": storetest.SchemaURL(t), "RAG_LLM_BASE_URL": srv.BaseURL(), "RAG_LLM_MODEL": "m"})
	opts := &EvalAnswersOptions{Factory: f, Dataset: "../testdata/qa/notes.jsonl", Notes: "../testdata/notes", NoGate: true, JSON: true}
	if err := evalAnswersRun(context.Background(), opts); err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	var rep eval.AnswersReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(srv.Requests) != 41 || len(rep.Questions) != 41 {
		t.Fatalf("%d LLM requests, %d questions; want 41 each (gate off)", len(srv.Requests), len(rep.Questions))
	}
	notes, _ := filepath.Abs("../testdata/notes")
	if rep.Gate || rep.MinSimilarity != -1 || rep.MinCoverage != -1 || rep.Collection != "eval-qa-notes-c148" || rep.Notes != notes ||
		rep.Model != "m" || rep.TopK != 6 || rep.Index == nil || rep.Index.Added != 11 {
		t.Errorf("report settings: gate %v %g/%g, collection %q, notes %q, model %q, top %d, index %+v",
			rep.Gate, rep.MinSimilarity, rep.MinCoverage, rep.Collection, rep.Notes, rep.Model, rep.TopK, rep.Index)
	}

	// The QA set's promise: each answerable question's answer is in one
	// passage of its source, and retrieval shows that passage to the model.
	items, _ := eval.LoadQA(opts.Dataset)
	passage := regexp.MustCompile(`(?s)<passage n="\d+" source="([^"]+)"[^\n]*>\n(.*?)\n</passage>`) // a section may hold quotes and ">"
	for i, it := range items {
		if !it.Answerable {
			continue
		}
		prompt := srv.Requests[i].Messages[len(srv.Requests[i].Messages)-1].Content
		if !strings.Contains(prompt, "Question: "+it.Question) {
			t.Fatalf("request %d is not about line %d", i, it.Line)
		}
		found := false
		for _, m := range passage.FindAllStringSubmatch(prompt, -1) {
			// Prompt sources are relative to the passages' common folder.
			shown := m[1][:strings.LastIndex(m[1], ":")]
			all := it.Sources[0] == shown || strings.HasSuffix(it.Sources[0], "/"+shown)
			for _, p := range it.KeyPhrases {
				all = all && eval.PhraseFound(m[2], p)
			}
			found = found || all
		}
		if !found {
			t.Errorf("line %d %q: no shown passage of %s holds all of %q", it.Line, it.Question, it.Sources[0], it.KeyPhrases)
		}
	}

	m := rep.Metrics
	check := func(name string, r eval.Ratio, num float64, den int) {
		t.Helper()
		if r.Num != num || r.Den != den {
			t.Errorf("%s = %g/%d, want %g/%d", name, r.Num, r.Den, num, den)
		}
	}
	if m.Questions != 41 || m.Answerable != 28 || m.Unanswerable != 13 || m.Answered != 28 {
		t.Errorf("counts: %d questions, %d answerable, %d unanswerable, %d answered", m.Questions, m.Answerable, m.Unanswerable, m.Answered)
	}
	check("answer rate", m.AnswerRate, 26, 28)         // all but lines 10 and 13
	check("abstention rate", m.AbstentionRate, 11, 13) // all but lines 30 and 34
	check("citations valid", m.CitationsValid, 27, 28) // 28 answers; line 8 cited [9]
	check("source hit", m.SourceHit, 25, 26)           // 26 answers with sources; line 5 cited network.md
	check("phrase recall", m.PhraseRecall, 25, 26)     // lines 6 and 26 found half their phrases
	if m.AbstainedAnswerable[answer.ReasonNoValidCitations] != 1 || m.AbstainedAnswerable[answer.ReasonModelAbstained] != 1 || len(m.AbstainedAnswerable) != 2 ||
		m.AbstainedUnanswerable[answer.ReasonModelAbstained] != 10 || m.AbstainedUnanswerable[answer.ReasonNoValidCitations] != 1 || len(m.AbstainedUnanswerable) != 2 {
		t.Errorf("abstentions %v / %v", m.AbstainedAnswerable, m.AbstainedUnanswerable)
	}
	q5, q8, q41 := rep.Questions[4], rep.Questions[7], rep.Questions[40]
	if q5.Line != 5 || !q5.Answered || *q5.SourceHit || strings.Join(q5.Cited, ",") != "homelab/network.md" {
		t.Errorf("line 5: %+v", q5)
	}
	if q8.Line != 8 || !q8.Answered || *q8.CitationsValid || len(q8.InvalidCitations) != 1 || q8.InvalidCitations[0] != 9 || !*q8.SourceHit {
		t.Errorf("line 8: %+v", q8)
	}
	if q41.Answered || q41.Reason != answer.ReasonNoValidCitations || q41.CitationsValid != nil || len(q41.InvalidCitations) != 1 {
		t.Errorf("line 41: %+v", q41)
	}
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
	srv := llmtest.New(t, llmtest.Reply{Text: "You set shared_buffers = 4GB [1]."}, llmtest.Reply{Text: "Channel 36 [1]."}, llmtest.Reply{Text: answer.NoAnswer})
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
	for _, want := range []string{
		`collection "eval-qa-mini-c148", model "m", 6 passages per question, gate on (cosine similarity ≥ 0.40 or term coverage ≥ 50%)`,
		"5 questions (2 answerable, 3 unanswerable)",
		"abstained: no_relevant_passages",
		"abstained: model_abstained",
		"answer rate (answerable questions)            1.000  2/2",
		"abstention rate (unanswerable questions)      1.000  3/3",
		"citations all valid (answers)                 1.000  2/2",
		"expected source cited (answers with sources)  1.000  2/2",
		"key-phrase recall (answers with key phrases)  0.750  mean of 2",
		"not answered, answerable: none\nnot answered, unanswerable: model_abstained 1, no_relevant_passages 2\n",
	} {
		if !strings.Contains(table, want) {
			t.Errorf("report lacks %q:\n%s", want, table)
		}
	}
	if !regexp.MustCompile(`(?m)^3 +Which Wi-Fi channel does the hallway access point… +yes +answered +yes +yes +0\.50$`).MatchString(table) {
		t.Errorf("row of line 3:\n%s", table)
	}
	if !strings.Contains(errOut.String(), `indexed "eval-qa-mini-c148": 11 added`) {
		t.Errorf("stderr: %s", errOut)
	}
	var saved eval.AnswersReport
	if b, err := os.ReadFile(reportFile); err != nil || json.Unmarshal(b, &saved) != nil {
		t.Fatalf("--report file: %v\n%s", err, b)
	}
	if len(saved.Questions) != 5 || saved.Metrics.PhraseRecall != (eval.Ratio{Num: 1.5, Den: 2}) || !saved.Gate || saved.Questions[2].Answer != "Channel 36 [1]." {
		t.Errorf("--report file: %+v", saved)
	}

	// Again without --notes (the collection is indexed) and without the
	// gate: all five questions reach the LLM, which abstains.
	srv = llmtest.New(t, llmtest.Reply{Text: answer.NoAnswer})
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
