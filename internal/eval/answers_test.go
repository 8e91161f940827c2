package eval

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

func TestPhraseRecall(t *testing.T) {
	for _, c := range []struct {
		text    string
		phrases []string
		want    float64
		ok      bool
	}{
		{"You set `shared_buffers = 4GB` [1].", []string{"4gb"}, 1, true},       // case-insensitive
		{"Une heure\net   demie [1].", []string{"une heure et demie"}, 1, true}, // white space runs
		{"ELEVEN courses [1].", []string{"eleven"}, 1, true},
		{"k1 = 1.2 [1].", []string{"1.2", "0.75"}, 0.5, true},
		{"k1 = 1.2, again 1.2 [1].", []string{"1.2", "0.75", "b ="}, 1.0 / 3, true}, // a phrase counts once
		{"nothing", []string{"4GB"}, 0, true},
		{"anything", nil, 0, false}, // no phrases: undefined
		{"", []string{"x"}, 0, true},
		{"It is 192.168.50.20 [1].", []string{"192.168.50.2"}, 0, true},         // not a prefix of another address
		{"About 14000 yen each [1].", []string{"14,000 yen"}, 1, true},          // another spelling of the number
		{"Between 12 and 16 h [1].", []string{"16 hours"}, 1, true},             // unit spellings
		{"It had 11 courses [1].", []string{"eleven"}, 1, true},                 // digits for words
		{"It is 4 GB of 16 GB [1].", []string{"shared_buffers = 4GB"}, 0, true}, // a number inside a longer phrase is not the phrase
		{"Der Druck beträgt 2,9 bar [1].", []string{"2.9 bar"}, 1, true},        // a decimal comma
		{"Il pèse 14,2 kg [1].", []string{"14.2"}, 1, true},
		{"It is 29 bar [1].", []string{"2.9 bar"}, 0, true},
		{"It costs 1,140 € [1].", []string{"1.14"}, 0, true},        // a thousands comma is no decimal comma of another number
		{"work_mem = 64MB is enough [1].", []string{"64"}, 1, true}, // a number glued to its unit
		{"Error E22 again [1].", []string{"2"}, 0, true},            // not a digit inside a code
		{"It is 4GB [1].", []string{"4G"}, 0, true},                 // nor part of a unit
	} {
		got, ok := PhraseRecall(c.text, c.phrases)
		if got != c.want || ok != c.ok {
			t.Errorf("PhraseRecall(%q, %q) = %v, %v; want %v, %v", c.text, c.phrases, got, ok, c.want, c.ok)
		}
	}
}

func TestSourceHitAndRelPath(t *testing.T) {
	if !SourceHit([]string{"a.md", "homelab/network.md"}, []string{"homelab/network.md"}) {
		t.Error("hit not found")
	}
	if SourceHit([]string{"network.md"}, []string{"homelab/network.md"}) || SourceHit(nil, []string{"a.md"}) || SourceHit([]string{"a.md"}, nil) {
		t.Error("false hit")
	}
	for _, c := range [][3]string{
		{"/n", "/n/homelab/network.md", "homelab/network.md"},
		{"/n", "/other/x.md", "/other/x.md"},
		{"/n", "/nx/y.md", "/nx/y.md"},
		{"", "/n/a.md", "/n/a.md"},
	} {
		if got := RelPath(c[0], c[1]); got != c[2] {
			t.Errorf("RelPath(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

// result builds an ask result over passages from the files in shown (root
// /n), citing the 1-based numbers in cited.
func result(answerText string, shown []string, cited []int, invalid []int, abstained bool, reason string) answer.Result {
	r := answer.Result{Answer: answerText, Abstained: abstained, Reason: reason, Citations: []answer.Citation{}, Invalid: invalid}
	for i, f := range shown {
		r.Passages = append(r.Passages, retrieve.Passage{N: i + 1, Path: "/n/" + f, StartLine: 1, EndLine: 2})
	}
	for _, n := range cited {
		r.Citations = append(r.Citations, answer.Citation{N: n, Path: "/n/" + shown[n-1]})
	}
	return r
}

func TestScoreQuestion(t *testing.T) {
	item := QAItem{Line: 7, Question: "q", Answerable: true, KeyPhrases: []string{"4GB", "quarter"}, Sources: []string{"pg.md"}}

	// Answered, one invalid citation removed, [2] from the expected source.
	q := ScoreQuestion(item, result("It is 4GB [1][2].", []string{"net.md", "pg.md", "pg.md"}, []int{1, 2}, []int{9}, false, ""), "/n", nil)
	if !q.Answered || q.Reason != "" || q.Line != 7 || *q.CitationsValid || !*q.SourceHit || *q.PhraseRecall != 0.5 ||
		strings.Join(q.MissingPhrases, ",") != "quarter" || strings.Join(q.Cited, ",") != "net.md,pg.md" ||
		strings.Join(q.Passages, ",") != "net.md:1-2,pg.md:1-2,pg.md:1-2" || len(q.InvalidCitations) != 1 {
		t.Errorf("answered: %+v", q)
	}

	// Cited twice from one file: listed once; source missed.
	q = ScoreQuestion(item, result("4GB, a quarter [1][2].", []string{"net.md", "net.md"}, []int{1, 2}, nil, false, ""), "/n", nil)
	if !q.Answered || !*q.CitationsValid || *q.SourceHit || *q.PhraseRecall != 1 || strings.Join(q.Cited, ",") != "net.md" {
		t.Errorf("source missed: %+v", q)
	}

	// Abstentions have no scores, even with citations, invalid ones or
	// key phrases in the text.
	for _, r := range []answer.Result{
		result(answer.NoAnswer+" 4GB [1]", []string{"pg.md"}, []int{1}, []int{3}, true, answer.ReasonModelAbstained),
		result(answer.NoAnswer, []string{"pg.md"}, nil, nil, true, answer.ReasonNoRelevantPassages),
		result("4GB probably", []string{"pg.md"}, nil, nil, true, answer.ReasonNoValidCitations),
		result("", []string{"pg.md"}, nil, nil, false, answer.ReasonNoLLM), // search only is no answer
	} {
		q := ScoreQuestion(item, r, "/n", nil)
		if q.Answered || q.Reason != r.Reason || q.CitationsValid != nil || q.SourceHit != nil || q.PhraseRecall != nil {
			t.Errorf("%s: %+v", r.Reason, q)
		}
	}

	// No sources and no phrases: those scores stay undefined.
	q = ScoreQuestion(QAItem{Question: "q", Answerable: true}, result("x [1]", []string{"a.md"}, []int{1}, nil, false, ""), "/n", nil)
	if !q.Answered || q.CitationsValid == nil || q.SourceHit != nil || q.PhraseRecall != nil {
		t.Errorf("no sources or phrases: %+v", q)
	}
}

func ptr[T any](v T) *T { return &v }

func TestSummarizeAnswers(t *testing.T) {
	yes, no := ptr(true), ptr(false)
	rs := []QuestionResult{
		// Answerable, answered: citations valid, source hit, recall 1.
		{Answerable: true, Answered: true, CitationsValid: yes, SourceHit: yes, PhraseRecall: ptr(1.0)},
		// Answerable, answered: an invalid citation, source missed, recall 0.5.
		{Answerable: true, Answered: true, CitationsValid: no, SourceHit: no, PhraseRecall: ptr(0.5)},
		// Answerable, answered, no sources or phrases in the QA set; asked
		// twice (flagged text masked the second time).
		{Answerable: true, Answered: true, CitationsValid: yes, LLM: &answer.Generation{}, Retry: &answer.Retry{Masked: 1}},
		// Answerable, stopped by the gate; answerable, model abstained,
		// once asked twice.
		{Answerable: true, Reason: answer.ReasonNoRelevantPassages},
		{Answerable: true, Reason: answer.ReasonModelAbstained, LLM: &answer.Generation{}, Retry: &answer.Retry{Masked: 2}},
		// Unanswerable: two abstentions, one (wrong) answer with valid citations.
		{Reason: answer.ReasonModelAbstained},
		{Reason: answer.ReasonNoValidCitations},
		{Answered: true, CitationsValid: yes},
	}
	m := SummarizeAnswers(rs)
	if m.Questions != 8 || m.Answerable != 5 || m.Unanswerable != 3 || m.Answered != 4 {
		t.Errorf("counts %+v", m)
	}
	check := func(name string, r Ratio, num float64, den int) {
		t.Helper()
		if r.Num != num || r.Den != den {
			t.Errorf("%s = %g/%d, want %g/%d", name, r.Num, r.Den, num, den)
		}
	}
	check("answer rate", m.AnswerRate, 3, 5) // 3 of 5 answerable answered
	check("asked again", m.AskedAgain, 2, 2) // both questions that reached the model (LLM set) were asked twice
	if m.AnsweredAgain != 1 {
		t.Errorf("answered again %d, want 1", m.AnsweredAgain)
	}
	check("abstention rate", m.AbstentionRate, 2, 3) // 2 of 3 unanswerable not answered
	check("citations valid", m.CitationsValid, 3, 4) // over all 4 answers, the unanswerable one too
	check("source hit", m.SourceHit, 1, 2)           // over the 2 answers with sources
	check("phrase recall", m.PhraseRecall, 1.5, 2)   // (1 + 0.5) / 2 answers with phrases
	if v, _ := m.PhraseRecall.Value(); v != 0.75 {
		t.Errorf("phrase recall value %v", v)
	}
	if m.AbstainedAnswerable[answer.ReasonNoRelevantPassages] != 1 || m.AbstainedAnswerable[answer.ReasonModelAbstained] != 1 ||
		len(m.AbstainedAnswerable) != 2 || m.AbstainedUnanswerable[answer.ReasonModelAbstained] != 1 ||
		m.AbstainedUnanswerable[answer.ReasonNoValidCitations] != 1 || len(m.AbstainedUnanswerable) != 2 {
		t.Errorf("abstentions %v / %v", m.AbstainedAnswerable, m.AbstainedUnanswerable)
	}
}

func TestSummarizeAnswersEdgeCases(t *testing.T) {
	// No answerable questions, and every unanswerable one abstained: the
	// answer rate and all answer metrics are undefined, not 0.
	m := SummarizeAnswers([]QuestionResult{{Reason: answer.ReasonModelAbstained}, {Reason: answer.ReasonNoRelevantPassages}})
	for name, r := range map[string]Ratio{"answer rate": m.AnswerRate, "citations": m.CitationsValid, "source": m.SourceHit, "phrases": m.PhraseRecall} {
		if _, ok := r.Value(); ok || r.Den != 0 {
			t.Errorf("%s defined: %+v", name, r)
		}
	}
	if v, ok := m.AbstentionRate.Value(); !ok || v != 1 {
		t.Errorf("abstention rate %v %v", v, ok)
	}

	// Only answerable questions, none with phrases, all abstained: answer
	// rate 0 (defined), abstention rate undefined.
	m = SummarizeAnswers([]QuestionResult{{Answerable: true, Reason: answer.ReasonModelAbstained}})
	if v, ok := m.AnswerRate.Value(); !ok || v != 0 {
		t.Errorf("answer rate %v %v", v, ok)
	}
	if _, ok := m.AbstentionRate.Value(); ok {
		t.Error("abstention rate defined without unanswerable questions")
	}

	// Answers without phrases or sources: only the citation share is defined.
	m = SummarizeAnswers([]QuestionResult{{Answerable: true, Answered: true, CitationsValid: ptr(true)}})
	if m.CitationsValid != (Ratio{1, 1}) || m.SourceHit.Den != 0 || m.PhraseRecall.Den != 0 {
		t.Errorf("%+v", m)
	}

	// Nothing at all.
	m = SummarizeAnswers(nil)
	if m.Questions != 0 || m.AnswerRate.Den != 0 || m.AbstentionRate.Den != 0 || m.AbstainedAnswerable == nil {
		t.Errorf("%+v", m)
	}
}

func TestRatioJSON(t *testing.T) {
	for r, want := range map[Ratio]string{
		{3, 4}:   `{"num":3,"den":4,"value":0.75}`,
		{0, 0}:   `{"num":0,"den":0,"value":null}`,
		{1.5, 2}: `{"num":1.5,"den":2,"value":0.75}`,
	} {
		b, err := json.Marshal(r)
		if err != nil || string(b) != want {
			t.Errorf("%+v: %s (%v), want %s", r, b, err, want)
		}
		var back Ratio
		if err := json.Unmarshal(b, &back); err != nil || back != r {
			t.Errorf("round trip %+v: %+v %v", r, back, err)
		}
	}
}

// TestSummarizeAnswersTiming: the medians of the cached share and of the
// time to the first token are over the questions the LLM was asked.
// Mutation: the share computed as cached / completion tokens.
func TestSummarizeAnswersTiming(t *testing.T) {
	rs := []QuestionResult{
		{LLM: &answer.Generation{PromptTokens: 1000, CompletionTokens: 50, CachedPromptTokens: 500, FirstToken: 8}},
		{LLM: &answer.Generation{PromptTokens: 1000, CompletionTokens: 50, CachedPromptTokens: 250, FirstToken: 12}},
		{LLM: &answer.Generation{PromptTokens: 800, CompletionTokens: 40, CachedPromptTokens: 0, FirstToken: 10}},
		{Reason: answer.ReasonNoRelevantPassages}, // the gate: no LLM call
	}
	m := SummarizeAnswers(rs)
	if m.MedianCachedShare != 0.25 || m.MedianFirstToken != 10 {
		t.Fatalf("cached share %v, first token %v", m.MedianCachedShare, m.MedianFirstToken)
	}
}

// TestMedianPromptParts: each part's median is taken over the questions
// that have parts, field by field. Mutation: reading Examples for System
// in SummarizeAnswers gives 270 instead of 262.
func TestMedianPromptParts(t *testing.T) {
	q := func(pp *answer.PromptParts) QuestionResult {
		return QuestionResult{Answerable: true, LLM: &answer.Generation{PromptTokens: 100, PromptParts: pp}}
	}
	m := SummarizeAnswers([]QuestionResult{
		q(&answer.PromptParts{System: 262, Examples: 270, Passages: 900, Question: 10, Template: 30}),
		q(&answer.PromptParts{System: 262, Examples: 270, Passages: 1200, Question: 14, Template: 34}),
		q(&answer.PromptParts{System: 262, Examples: 270, Passages: 1500, Question: 20, Template: 36}),
		q(nil),
	})
	want := answer.PromptParts{System: 262, Examples: 270, Passages: 1200, Question: 14, Template: 34}
	if m.MedianPromptParts == nil || *m.MedianPromptParts != want {
		t.Fatalf("median parts %+v, want %+v", m.MedianPromptParts, want)
	}
	if SummarizeAnswers([]QuestionResult{q(nil)}).MedianPromptParts != nil {
		t.Fatal("parts without any counted question")
	}
}
