package answer_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/llm/llmtest"
)

// verdictReply is a structured answer to a yes/no question.
func verdictReply(verdict, text string, passage int, quote string) string {
	ss := []map[string]any{}
	if text != "" {
		ss = append(ss, map[string]any{"text": text, "passage": passage, "quote": quote})
	}
	b, _ := json.Marshal(map[string]any{"sentences": ss, "verdict": verdict})
	return string(b)
}

func TestAskVerdict(t *testing.T) {
	r := fixture(t)
	asker := func(srv *llmtest.Server) *answer.Asker {
		return &answer.Asker{Retriever: r, LLM: llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 10 * time.Second}),
			MaxTokens: 300, Checks: claim.Options{MinQuestionCoverage: -1, MinTermSupport: 0.5, MaxRareShare: 0.02}, MinSimilarity: -1}
	}
	const is4, is8 = "Is it true that shared_buffers is set to 4GB?", "Is it true that shared_buffers is set to 8GB?"
	n := passageWith(t, r, is4, "shared_buffers = 4GB")
	const sentence, quote = "shared_buffers is set to 4GB.", "Set `shared_buffers = 4GB`, a quarter of the RAM"

	for _, c := range []struct {
		name, question, verdict string
		wantAnswer, wantReason  string // wantReason: every sentence removed for it
	}{
		{"a yes its quote states", is4, "yes", fmt.Sprintf("Yes. shared_buffers is set to 4GB [%d].", n), ""},
		{"a no its quote contradicts (another value)", is8, "no", fmt.Sprintf("No. shared_buffers is set to 4GB [%d].", n), ""},
		{"a yes to a value its quote does not hold", is8, "yes", answer.NoCheckedAnswer, string(claim.VerdictUnsupported)},
		{"a no to what its quote states", is4, "no", answer.NoCheckedAnswer, string(claim.VerdictUnsupported)},
		{"both, from one quote that only says yes", is4, "both", answer.NoCheckedAnswer, string(claim.VerdictUnsupported)},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := llmtest.New(t, llmtest.Reply{Text: verdictReply(c.verdict, sentence, n, quote)})
			res := ask(t, asker(srv), c.question)
			if res.Answer != c.wantAnswer {
				t.Fatalf("answer %q, want %q; %+v", res.Answer, c.wantAnswer, res.Sentences)
			}
			if rf := string(srv.Last().ResponseFormat); !strings.Contains(rf, `"quoted_verdict"`) || srv.Last().Messages[0].Content != answer.VerdictSystemPrompt {
				t.Fatalf("request: response_format %s, system %q", rf, srv.Last().Messages[0].Content)
			}
			if c.wantReason == "" {
				if res.Verdict != c.verdict || res.Abstained {
					t.Fatalf("verdict %q abstained %v", res.Verdict, res.Abstained)
				}
				return
			}
			if res.Verdict != "" || !res.Abstained || len(res.Sentences) != 1 || res.Sentences[0].Reason != c.wantReason {
				t.Fatalf("verdict %q; sentences %+v", res.Verdict, res.Sentences)
			}
		})
	}

	t.Run("not_found abstains", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: verdictReply("not_found", "", 0, "")})
		res := ask(t, asker(srv), is8)
		if !res.Abstained || res.Reason != answer.ReasonModelAbstained || res.Answer != answer.NoAnswer {
			t.Fatalf("%+v", res)
		}
	})

	t.Run("verdict check off (evaluation): the wrong yes is shown", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: verdictReply("yes", sentence, n, quote)})
		a := asker(srv)
		a.Skip = map[string]bool{answer.SkipVerdict: true}
		if res := ask(t, a, is8); res.Abstained || res.Verdict != "yes" {
			t.Fatalf("%+v", res)
		}
	})

	t.Run("text protocol: the leading no is the verdict", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{RejectFormat: true, Text: fmt.Sprintf("No, shared_buffers is set to 4GB [%d].\n> %s", n, quote)})
		res := ask(t, asker(srv), is8)
		if res.Verdict != "no" || res.Answer != fmt.Sprintf("No. shared_buffers is set to 4GB [%d].", n) {
			t.Fatalf("%+v", res)
		}
		if last := srv.Last().Messages; !strings.Contains(last[len(last)-1].Content, `start your answer with "Yes." or "No."`) {
			t.Fatalf("text prompt %q", last[len(last)-1].Content)
		}
	})

	t.Run("other questions keep the answer schema", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, "You set shared_buffers to 4GB.", []int{n}, quoted(quote))})
		res := ask(t, asker(srv), "How much shared_buffers did I give PostgreSQL?")
		if res.Verdict != "" || !strings.Contains(string(srv.Last().ResponseFormat), `"quoted_answer"`) || res.Abstained {
			t.Fatalf("%+v", res)
		}
	})
}
