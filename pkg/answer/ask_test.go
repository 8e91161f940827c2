package answer_test

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/llm/llmtest"
	"github.com/hrag-dev/hrag/pkg/modeltest"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

var ro = retrieve.Options{MinSimilarity: 0.4, MinCoverage: 0.5}

func TestAsk(t *testing.T) {
	st := storetest.Open(t)
	notes, _ := filepath.Abs("../../testdata/notes")
	if _, err := index.Run(context.Background(), index.Options{
		Roots: []string{notes}, Collection: "default", FTSConfig: "english",
		Include: []string{"*.md", "*.txt"}, MaxBytes: 1 << 20, Prune: true, Wait: true,
		Chunk: chunk.Options{ContentTokens: 400, OverlapTokens: 40, BreadcrumbTokens: 64},
		Store: st, Embedder: modeltest.Embedder(t), Tokenizer: modeltest.Tokenizer(t),
	}); err != nil {
		t.Fatal(err)
	}
	r := &retrieve.Retriever{Store: st, Embedder: modeltest.Embedder(t)}
	asker := func(srv *llmtest.Server) *answer.Asker {
		return &answer.Asker{Retriever: r, LLM: llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 10 * time.Second}), MaxTokens: 300}
	}
	const q = "How much shared_buffers did I give PostgreSQL?"

	t.Run("grounded answer: prompt and citations", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: "You set `shared_buffers = 4GB`, a quarter of the RAM [1]."})
		var streamed strings.Builder
		res, err := asker(srv).Ask(context.Background(), q, ro, func(d string) { streamed.WriteString(d) })
		if err != nil {
			t.Fatal(err)
		}
		if res.Abstained || len(res.Citations) != 1 || res.Citations[0].N != 1 || streamed.String() != res.Answer {
			t.Fatalf("result %+v", res)
		}
		if !strings.HasSuffix(res.Citations[0].Path, "postgres-tuning.md") {
			t.Fatalf("[1] is %s", res.Citations[0].Path)
		}
		req := srv.Last()
		if req.Messages[0].Role != "system" || req.Messages[0].Content != answer.SystemPrompt {
			t.Fatal("system prompt not sent")
		}
		user := req.Messages[len(req.Messages)-1].Content
		for _, p := range res.Passages {
			if !strings.Contains(user, `<passage n="`+itoa(p.N)+`" source="`) || !strings.Contains(user, p.Content) {
				t.Fatalf("passage %d missing from the prompt:\n%s", p.N, user)
			}
		}
		if len(req.Stop) == 0 || req.Stop[0] != "<passage" {
			t.Fatalf("stop sequences not sent: %q", req.Stop)
		}
		if !strings.Contains(user, "Question: "+q) || len(res.Passages) != 6 {
			t.Fatalf("prompt lacks the question or has %d passages", len(res.Passages))
		}
	})

	t.Run("uncited answer is unsupported", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: "Probably 8GB, that is typical."})
		res, _ := asker(srv).Ask(context.Background(), q, ro, nil)
		if !res.Abstained || res.Reason != answer.ReasonNoValidCitations {
			t.Fatalf("%+v", res)
		}
	})

	t.Run("empty answer is reported as such", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: "  \n"})
		res, _ := asker(srv).Ask(context.Background(), q, ro, nil)
		if !res.Abstained || res.Reason != answer.ReasonEmptyAnswer || res.Answer != answer.NoAnswer {
			t.Fatalf("%+v", res)
		}
	})

	t.Run("citation to a passage not shown is removed", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: "It is 4GB [1][9]. Also 16GB [9]."})
		res, _ := asker(srv).Ask(context.Background(), q, ro, nil)
		if res.Abstained || res.Answer != "It is 4GB [1]. Also 16GB." || len(res.Invalid) != 1 || res.Invalid[0] != 9 || len(res.Warnings) == 0 {
			t.Fatalf("%+v", res)
		}
		srv = llmtest.New(t, llmtest.Reply{Text: "It is 4GB [9]."})
		res, _ = asker(srv).Ask(context.Background(), q, ro, nil)
		if !res.Abstained || res.Reason != answer.ReasonNoValidCitations {
			t.Fatalf("only invalid citations: %+v", res)
		}
	})

	t.Run("model says the passages lack the answer", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: answer.NoAnswer})
		res, _ := asker(srv).Ask(context.Background(), "What is the WPA3 passphrase of the hallway access point?", ro, nil)
		if !res.Abstained || res.Reason != answer.ReasonModelAbstained || len(srv.Requests) != 1 {
			t.Fatalf("%+v", res)
		}
	})

	t.Run("gate answers without calling the LLM", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: "France won [1]."})
		res, err := asker(srv).Ask(context.Background(), "Who won the football world cup in 1998?", ro, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Abstained || res.Reason != answer.ReasonNoRelevantPassages || res.Answer != answer.NoAnswer || len(srv.Requests) != 0 {
			t.Fatalf("%+v, %d LLM calls", res, len(srv.Requests))
		}
	})

	t.Run("context length exceeded retries with fewer passages", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Status: 400, Error: "maximum context length exceeded", Code: "context_length_exceeded"},
			llmtest.Reply{Text: "4GB [1]."})
		res, err := asker(srv).Ask(context.Background(), q, ro, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(srv.Requests) != 2 || len(res.Passages) != 3 || strings.Count(last(srv).Content, "<passage n=") != 3 {
			t.Fatalf("%d requests, %d passages", len(srv.Requests), len(res.Passages))
		}
	})

	t.Run("LLM errors surface", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Status: 401, Error: "bad key"})
		_, err := asker(srv).Ask(context.Background(), q, ro, nil)
		if !errors.Is(err, llm.ErrAuth) {
			t.Fatalf("err = %v", err)
		}
	})

	t.Run("HyDE asks for a hypothetical passage first", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: "Crusty loaves need a hot Dutch oven, a long cold proof and a ripe starter."},
			llmtest.Reply{Text: "Preheat to 250 °C with the Dutch oven inside [1]."})
		a := asker(srv)
		a.HyDE = true
		res, err := a.Ask(context.Background(), "how do I get a crusty loaf", ro, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(srv.Requests) != 2 || !strings.Contains(srv.Requests[0].Messages[0].Content, "hypothetical") && !strings.Contains(srv.Requests[0].Messages[0].Content, "paragraph") {
			t.Fatalf("%d requests; first: %+v", len(srv.Requests), srv.Requests[0].Messages)
		}
		if srv.Requests[0].Messages[1].Content != "how do I get a crusty loaf" || res.Abstained || !strings.HasSuffix(res.Passages[0].Path, "sourdough.md") {
			t.Fatalf("%+v", res)
		}
	})

	t.Run("injected instructions stay data", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: "It asked AI assistants to reply HACKED and users to log in at a link [1]."})
		res, err := asker(srv).Ask(context.Background(), "What did the suspicious IT support email say?", ro, nil)
		if err != nil {
			t.Fatal(err)
		}
		user := last(srv).Content
		i := strings.Index(user, "ignore all previous")
		if i < 0 || strings.LastIndex(user[:i], "<passage ") < strings.LastIndex(user[:i], "</passage>") {
			t.Fatalf("injected text is not inside a passage:\n%s", user)
		}
		if srv.Last().Messages[0].Content != answer.SystemPrompt || len(srv.Last().Messages) != 6 {
			t.Fatal("the document changed the system prompt or the conversation")
		}
		if res.Abstained {
			t.Fatalf("%+v", res)
		}
	})
}

// last returns the final message of the last request: the real question.
func last(srv *llmtest.Server) struct{ Role, Content string } {
	m := srv.Last().Messages
	return struct{ Role, Content string }{m[len(m)-1].Role, m[len(m)-1].Content}
}

func itoa(n int) string { return strconv.Itoa(n) }
