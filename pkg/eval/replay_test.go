package eval

import (
	"context"
	"encoding/json"
	"errors"
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
		LLM:       &answer.Generation{PromptTokens: 900},
		Sentences: []answer.Sentence{{Text: "It is 4GB.", Confirmed: &no}},
	}}}
	b, _ := json.Marshal(rep)
	file := filepath.Join(t.TempDir(), "r.json")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := LoadReplay(file)
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.Stream(context.Background(), llm.Request{Messages: answer.JSONMessages("How much shared_buffers?", nil)}, nil)
	if err != nil || out.Text != rep.Questions[0].Reply || out.Usage.PromptTokens != 900 {
		t.Fatalf("%+v, %v", out, err)
	}
	out, err = r.Stream(context.Background(), llm.Request{Messages: answer.VerifyMessages("How much shared_buffers?", "", "shared_buffers = 4GB", "It is 4GB.")}, nil)
	if err != nil || out.Text != `{"verdict": "no"}` {
		t.Fatalf("verdict %+v, %v", out, err)
	}
	if _, err := r.Stream(context.Background(), llm.Request{Messages: answer.JSONMessages("Another question?", nil)}, nil); !errors.Is(err, ErrNotRecorded) {
		t.Fatalf("err = %v", err)
	}
}
