package llm_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/llm/llmtest"
)

func TestStreamDeliversDeltasAndSendsTheRequest(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Text: "Set shared_buffers to 4GB [1]."})
	c := llm.New(llm.Options{BaseURL: srv.BaseURL(), APIKey: "sk-secret", Model: "tiny", Timeout: 5 * time.Second})
	var deltas []string
	resp, err := c.Stream(context.Background(), llm.Request{
		Messages:  []llm.Message{{Role: "system", Content: "sys"}, {Role: "user", Content: "q"}},
		MaxTokens: 99,
	}, func(d string) { deltas = append(deltas, d) })
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "Set shared_buffers to 4GB [1]." || strings.Join(deltas, "") != resp.Text || len(deltas) < 3 || resp.FinishReason != "stop" {
		t.Fatalf("resp %+v deltas %q", resp, deltas)
	}
	r := srv.Last()
	if !r.Stream || r.Model != "tiny" || r.MaxTokens != 99 || r.Temperature != 0 || len(r.Messages) != 2 ||
		r.Messages[0].Role != "system" || r.Messages[1].Content != "q" || r.Auth != "Bearer sk-secret" {
		t.Fatalf("request %+v", r)
	}
}

func TestErrorsAreActionableAndHideTheKey(t *testing.T) {
	cases := []struct {
		rep  llmtest.Reply
		kind error
		says string
	}{
		{rep: llmtest.Reply{Status: 401, Error: "Incorrect API key provided: sk-secret"}, kind: llm.ErrAuth, says: "RAG_LLM_API_KEY"},
		{rep: llmtest.Reply{Status: 403, Error: "forbidden"}, kind: llm.ErrAuth, says: "RAG_LLM_API_KEY"},
		{rep: llmtest.Reply{Status: 404, Error: "The model `tiny` does not exist", Code: "model_not_found"}, kind: llm.ErrModelNotFound, says: "RAG_LLM_MODEL"},
		{rep: llmtest.Reply{Status: 400, Error: "This model's maximum context length is 2048 tokens", Code: "context_length_exceeded"}, kind: llm.ErrContextLength, says: "too long"},
		{rep: llmtest.Reply{Status: 400, Error: "the request exceeds the available context size, try increasing it"}, kind: llm.ErrContextLength, says: "too long"},
		{rep: llmtest.Reply{Status: 500, Error: "boom"}, kind: llm.ErrServer, says: "500"},
	}
	for _, c := range cases {
		srv := llmtest.New(t, c.rep)
		cl := llm.New(llm.Options{BaseURL: srv.BaseURL(), APIKey: "sk-secret", Model: "tiny", Timeout: 5 * time.Second})
		_, err := cl.Stream(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Content: "q"}}}, nil)
		if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.says) || strings.Contains(err.Error(), "sk-secret") {
			t.Errorf("%d %q: err = %v", c.rep.Status, c.rep.Error, err)
		}
	}
}

func TestUnreachableAndTimeout(t *testing.T) {
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	cl := llm.New(llm.Options{BaseURL: "http://" + addr + "/v1", Model: "m", Timeout: 5 * time.Second})
	_, err := cl.Stream(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Content: "q"}}}, nil)
	if !errors.Is(err, llm.ErrUnreachable) || !strings.Contains(err.Error(), "is the server running") || !strings.Contains(err.Error(), addr) {
		t.Fatalf("unreachable: %v", err)
	}
	srv := llmtest.New(t, llmtest.Reply{Text: "late", Delay: 3 * time.Second})
	cl = llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 200 * time.Millisecond})
	_, err = cl.Stream(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Content: "q"}}}, nil)
	if !errors.Is(err, llm.ErrTimeout) || !strings.Contains(err.Error(), "RAG_LLM_TIMEOUT") {
		t.Fatalf("timeout: %v", err)
	}
}
