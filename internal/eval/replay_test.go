package eval

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/llm"
)

// TestReplay: a recorded run answers the same question with the same
// reply and the same sentence's verification with its recorded verdict;
// anything else is ErrNotRecorded. Mutation: Stream keyed on the whole
// last message (the passages change the key) fails the first case.
func TestReplay(t *testing.T) {
	no := false
	rep := AnswersReport{Questions: []QuestionResult{{
		Question: "How much shared_buffers?", Reply: `{"sentences": [], "found": false}`,
		LLM:         &answer.Generation{PromptTokens: 900},
		Sentences:   []answer.Sentence{{Text: "It is 4GB.", Confirmed: &no}},
		ReplyTokens: []ReplyToken{{Text: `{"sentences": [], `, Logprob: -0.25}, {Text: `"found": false}`, Logprob: -1.5}},
	}}}
	r := loadReplay(t, rep)
	out, err := r.Stream(context.Background(), llm.Request{Messages: answer.JSONMessages("How much shared_buffers?", nil)}, nil)
	if err != nil || out.Text != rep.Questions[0].Reply || out.Usage.PromptTokens != 900 {
		t.Fatalf("%+v, %v", out, err)
	}
	if out.Tokens != nil {
		t.Fatalf("tokens given without being asked for: %+v", out.Tokens)
	}
	// The tokens come back as recorded ([text, logprob] in the file) when
	// asked for. Mutation: ReplyToken's MarshalJSON writing only the text.
	out, err = r.Stream(context.Background(), llm.Request{Messages: answer.JSONMessages("How much shared_buffers?", nil), Logprobs: true}, nil)
	if err != nil || len(out.Tokens) != 2 || out.Tokens[1] != (llm.Token{Text: `"found": false}`, Logprob: -1.5}) {
		t.Fatalf("tokens %+v, %v", out.Tokens, err)
	}
	// A yes/no answer's sentence is proposed with its verdict.
	out, err = r.Stream(context.Background(), llm.Request{Messages: answer.VerifyMessages("How much shared_buffers?", "", "shared_buffers = 4GB", "No. It is 4GB.")}, nil)
	if err != nil || out.Text != `{"verdict": "no"}` {
		t.Fatalf("verdict with a yes/no prefix %+v, %v", out, err)
	}
	out, err = r.Stream(context.Background(), llm.Request{Messages: answer.VerifyMessages("How much shared_buffers?", "", "shared_buffers = 4GB", "It is 4GB.")}, nil)
	if err != nil || out.Text != `{"verdict": "no"}` {
		t.Fatalf("verdict %+v, %v", out, err)
	}
	if _, err := r.Stream(context.Background(), llm.Request{Messages: answer.JSONMessages("Another question?", nil)}, nil); !errors.Is(err, ErrNotRecorded) {
		t.Fatalf("err = %v", err)
	}
	// A verification the recording lacks goes to Live when set.
	// Mutation: returning ErrNotRecorded before looking at Live.
	if _, err := r.Stream(context.Background(), llm.Request{Messages: answer.VerifyMessages("How much shared_buffers?", "", "x", "Another sentence.")}, nil); !errors.Is(err, ErrNotRecorded) {
		t.Fatalf("without Live: err = %v", err)
	}
	r.Live = fixedStreamer(`{"verdict": "yes"}`)
	if out, err := r.Stream(context.Background(), llm.Request{Messages: answer.VerifyMessages("How much shared_buffers?", "", "x", "Another sentence.")}, nil); err != nil || out.Text != `{"verdict": "yes"}` {
		t.Fatalf("with Live: %+v, %v", out, err)
	}
}

// fixedStreamer answers every request with its text.
type fixedStreamer string

func (f fixedStreamer) Stream(_ context.Context, _ llm.Request, _ func(llm.Delta)) (llm.Response, error) {
	return llm.Response{Text: string(f)}, nil
}

// TestReplayVerifyYes: a recorded verdict probability comes back as the
// verdict token's log-probability, so a replay applies RAG_VERIFY_MIN_YES
// as the run did. Mutation: writing the yes probability as the no token's.
func TestReplayVerifyYes(t *testing.T) {
	yes, no := true, false
	py, pn := 0.7, 0.1
	rep := AnswersReport{Questions: []QuestionResult{{
		Question: "Q?", Reply: `{}`, LLM: &answer.Generation{},
		Sentences: []answer.Sentence{{Text: "A.", Confirmed: &yes, VerifyYes: &py}, {Text: "B.", Confirmed: &no, VerifyYes: &pn}},
	}}}
	r := loadReplay(t, rep)
	for _, c := range []struct {
		sentence, word string
		p              float64
	}{{"A.", "yes", 0.7}, {"B.", "no", 0.9}} {
		out, err := r.Stream(context.Background(), llm.Request{Messages: answer.VerifyMessages("Q?", "", "x", c.sentence), Logprobs: true}, nil)
		if err != nil || len(out.Tokens) != 3 || out.Tokens[1].Text != c.word || math.Abs(math.Exp(out.Tokens[1].Logprob)-c.p) > 1e-9 {
			t.Fatalf("%s: %+v, %v", c.sentence, out, err)
		}
	}
}

// TestReplayRetry: a question the run asked twice (the second time with
// the flagged text masked) gets its first reply first, then the second
// for every later request, each with its own tokens. Mutations: LoadReplay
// not reading FirstReply serves the second reply to the first request; not
// reading FirstReplyTokens serves the first reply without its tokens.
func TestReplayRetry(t *testing.T) {
	first, second := `{"sentences": [], "found": false}`, `{"sentences": [{"text": "It is 3 March.", "passages": [1]}], "found": true}`
	rep := AnswersReport{Questions: []QuestionResult{{Question: "When?", Reply: second, FirstReply: first, LLM: &answer.Generation{},
		ReplyTokens: []ReplyToken{{Text: second, Logprob: -0.2}}, FirstReplyTokens: []ReplyToken{{Text: first, Logprob: -0.1}},
		Retry: &answer.Retry{Masked: 1, FirstReason: answer.ReasonModelAbstained}}}}
	r := loadReplay(t, rep)
	for i, want := range []string{first, second, second} {
		out, err := r.Stream(context.Background(), llm.Request{Messages: answer.JSONMessages("When?", nil), Logprobs: true}, nil)
		if err != nil || out.Text != want || len(out.Tokens) != 1 || out.Tokens[0].Text != want {
			t.Fatalf("request %d: %q %+v, %v", i+1, out.Text, out.Tokens, err)
		}
	}
}

// loadReplay writes rep to a report file and loads it with LoadReplay.
func loadReplay(t *testing.T, rep AnswersReport) *Replay {
	t.Helper()
	b, _ := json.Marshal(rep)
	file := filepath.Join(t.TempDir(), "r.json")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := LoadReplay(file)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
