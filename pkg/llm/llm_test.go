package llm_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
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
	}, func(d llm.Delta) { deltas = append(deltas, d.Text) })
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
		{rep: llmtest.Reply{Status: 401, Error: "Incorrect API key provided: sk-secret"}, kind: llm.ErrAuth, says: "answered 40"},
		{rep: llmtest.Reply{Status: 403, Error: "forbidden"}, kind: llm.ErrAuth, says: "answered 40"},
		{rep: llmtest.Reply{Status: 404, Error: "The model `tiny` does not exist", Code: "model_not_found"}, kind: llm.ErrModelNotFound, says: `does not know model "tiny"`},
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

// TestNotAChatAPI: a server that is no OpenAI-compatible API (a plain 404
// for a base URL without /v1, a 501 error page) is ErrNotChatAPI, with the
// page's words and not its HTML. Mutation: the 404 case back in
// ErrModelNotFound (the user would check the model name).
func TestNotAChatAPI(t *testing.T) {
	for _, c := range []struct {
		status int
		ctype  string
		body   string
		says   string
	}{
		{404, "text/plain", "404 page not found", "answered 404 (404 page not found)"},
		{501, "text/html", "<!DOCTYPE HTML>\n<html><head><title>Error response</title></head><body><h1>Error response</h1><p>Error code: 501</p><p>Message: Unsupported method ('POST').</p></body></html>", "answered 501 (Error response Error response Error code: 501 Message: Unsupported method ('POST').)"},
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", c.ctype)
			w.WriteHeader(c.status)
			io.WriteString(w, c.body)
		}))
		cl := llm.New(llm.Options{BaseURL: srv.URL, Model: "m", Timeout: 5 * time.Second})
		_, err := cl.Stream(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Content: "q"}}}, nil)
		srv.Close()
		if !errors.Is(err, llm.ErrNotChatAPI) || !strings.Contains(err.Error(), c.says) || strings.Contains(err.Error(), "<") {
			t.Errorf("%d: err = %v", c.status, err)
		}
	}
}

func TestUnreachableAndTimeout(t *testing.T) {
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	cl := llm.New(llm.Options{BaseURL: "http://" + addr + "/v1", Model: "m", Timeout: 5 * time.Second})
	_, err := cl.Stream(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Content: "q"}}}, nil)
	if !errors.Is(err, llm.ErrUnreachable) || !strings.Contains(err.Error(), "cannot reach the LLM") || !strings.Contains(err.Error(), addr) {
		t.Fatalf("unreachable: %v", err)
	}
	srv := llmtest.New(t, llmtest.Reply{Text: "late", Delay: 3 * time.Second})
	cl = llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 200 * time.Millisecond})
	_, err = cl.Stream(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Content: "q"}}}, nil)
	if !errors.Is(err, llm.ErrTimeout) || !strings.Contains(err.Error(), "did not finish within 200ms") {
		t.Fatalf("timeout: %v", err)
	}
}

func TestStructuredRequestUsageAndTiming(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Text: `{"found": true, "sentences": []}`, CachedTokens: 2})
	c := llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "tiny", Timeout: 5 * time.Second})
	schema := &llm.Schema{Name: "grounded_answer", Schema: json.RawMessage(`{"type": "object", "properties": {"z": {"type": "string"}, "a": {"type": "boolean"}}}`)}
	resp, err := c.Stream(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Content: "one two three"}}, Schema: schema}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := srv.Last()
	var rf struct {
		Type       string `json:"type"`
		JSONSchema struct {
			Name   string         `json:"name"`
			Strict bool           `json:"strict"`
			Schema map[string]any `json:"schema"`
		} `json:"json_schema"`
	}
	if err := json.Unmarshal(r.ResponseFormat, &rf); err != nil || rf.Type != "json_schema" || rf.JSONSchema.Name != "grounded_answer" || rf.JSONSchema.Schema["type"] != "object" {
		t.Fatalf("response_format %s (%v)", r.ResponseFormat, err)
	}
	if z, a := strings.Index(string(r.ResponseFormat), `"z"`), strings.Index(string(r.ResponseFormat), `"a"`); z < 0 || a < z {
		t.Fatalf("property order not kept: %s", r.ResponseFormat)
	}
	if !r.StreamOptions.IncludeUsage {
		t.Fatal("usage not requested")
	}
	// The fake counts words: 3 prompt words, 4 pieces of the reply; 2 of
	// the prompt's from its cache (prompt_tokens_details.cached_tokens).
	if resp.Usage.PromptTokens != 3 || resp.Usage.CompletionTokens != 4 || resp.Usage.CachedPromptTokens != 2 || resp.FinishReason != "stop" {
		t.Fatalf("usage %+v finish %q", resp.Usage, resp.FinishReason)
	}
	if resp.FirstToken <= 0 || resp.Duration < resp.FirstToken {
		t.Fatalf("timing first %v total %v", resp.FirstToken, resp.Duration)
	}
	// Without a schema, no response_format is sent.
	if _, err := c.Stream(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Content: "q"}}}, nil); err != nil {
		t.Fatal(err)
	}
	if f := srv.Last().ResponseFormat; len(f) != 0 && string(f) != "null" {
		t.Fatalf("response_format sent without a schema: %s", f)
	}
}

func TestBrokenStreamsAndRejectedFormat(t *testing.T) {
	ask := func(rep llmtest.Reply, schema bool) (llm.Response, error) {
		srv := llmtest.New(t, rep)
		c := llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 5 * time.Second})
		req := llm.Request{Messages: []llm.Message{{Role: "user", Content: "q"}}}
		if schema {
			req.Schema = &llm.Schema{Name: "a", Schema: json.RawMessage(`{"type": "object"}`)}
		}
		return c.Stream(context.Background(), req, nil)
	}
	text := "one two three four five six"
	// A 500 error event in the middle of the stream.
	resp, err := ask(llmtest.Reply{Text: text, FailAfter: 2}, false)
	if !errors.Is(err, llm.ErrServer) || !strings.Contains(err.Error(), "middle of its answer (500 the model crashed)") || resp.Text != "one two" {
		t.Fatalf("error event: %q, %v", resp.Text, err)
	}
	// The connection closes mid-answer.
	resp, err = ask(llmtest.Reply{Text: text, CutAfter: 3}, false)
	if !errors.Is(err, llm.ErrServer) || !strings.HasPrefix(resp.Text, "one two three") || len(resp.Text) == len(text) {
		t.Fatalf("cut: %q, %v", resp.Text, err)
	}
	// max_tokens reached: not an error, the finish reason says so.
	resp, err = ask(llmtest.Reply{Text: text, Finish: "length"}, false)
	if err != nil || resp.FinishReason != "length" || resp.Text != text {
		t.Fatalf("length: %+v, %v", resp, err)
	}
	// A server without structured outputs.
	_, err = ask(llmtest.Reply{Text: text, RejectFormat: true}, true)
	if !errors.Is(err, llm.ErrFormatUnsupported) || !strings.Contains(err.Error(), "response_format") {
		t.Fatalf("rejected format: %v", err)
	}
	if _, err = ask(llmtest.Reply{Text: text, RejectFormat: true}, false); err != nil {
		t.Fatalf("the same server without a schema: %v", err)
	}
}

// Servers that do not speak OpenAI's error shape: the message still says
// what they answered, and a rejected response_format is still recognised.
func TestForeignErrorBodies(t *testing.T) {
	for _, c := range []struct {
		status int
		ctype  string
		body   string
		kind   error
		says   string
	}{
		{422, "application/json", `{"detail":[{"loc":["body","response_format"],"msg":"extra fields not permitted"}]}`, llm.ErrFormatUnsupported, "extra fields not permitted"},
		{400, "application/json", `{"error":{"message":"Invalid response format"}}`, llm.ErrFormatUnsupported, "Invalid response format"},
		{500, "text/html", "<html><body><h1>502 Bad Gateway</h1></body></html>", llm.ErrServer, "502 Bad Gateway"},
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", c.ctype)
			w.WriteHeader(c.status)
			w.Write([]byte(c.body))
		}))
		cl := llm.New(llm.Options{BaseURL: srv.URL + "/v1", Model: "m", Timeout: 5 * time.Second})
		_, err := cl.Stream(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Content: "q"}},
			Schema: &llm.Schema{Name: "a", Schema: json.RawMessage(`{"type": "object"}`)}}, nil)
		if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%d %s: err = %v", c.status, c.body, err)
		}
		srv.Close()
	}
}

// TestLogprobs: with Request.Logprobs the client asks for them and returns
// each streamed token with its log-probability, in order, their texts
// making up the reply; without it, it asks for none. Mutation: not
// setting params.Logprobs, or not reading choice.Logprobs.Content.
func TestLogprobs(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Text: "Yes it is.", Logprob: func(p string) float64 { return -float64(len(p)) / 10 }},
		llmtest.Reply{Text: "Yes it is.", Logprob: func(string) float64 { return -1 }})
	c := llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 5 * time.Second})
	var deltas []llm.Delta
	out, err := c.Stream(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Content: "q"}}, Logprobs: true}, func(d llm.Delta) { deltas = append(deltas, d) })
	if err != nil {
		t.Fatal(err)
	}
	if !srv.Last().Logprobs || len(out.Tokens) != 3 || out.Tokens[0] != (llm.Token{Text: "Yes", Logprob: -0.3}) || out.Tokens[2] != (llm.Token{Text: " is.", Logprob: -0.4}) {
		t.Fatalf("logprobs requested %v; tokens %+v", srv.Last().Logprobs, out.Tokens)
	}
	// Each piece carries the tokens that came with it (mutation: passing
	// the Delta without its tokens).
	var streamed []llm.Token
	for _, d := range deltas {
		joined := ""
		for _, tk := range d.Tokens {
			joined += tk.Text
		}
		if joined != d.Text {
			t.Errorf("delta %q carries tokens %+v", d.Text, d.Tokens)
		}
		streamed = append(streamed, d.Tokens...)
	}
	if len(streamed) != len(out.Tokens) || len(deltas) < 2 {
		t.Errorf("deltas %+v carry %d of %d tokens", deltas, len(streamed), len(out.Tokens))
	}
	out, err = c.Stream(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Content: "q"}}}, nil)
	if err != nil || srv.Last().Logprobs || out.Tokens != nil {
		t.Fatalf("not asked: requested %v, tokens %+v, err %v", srv.Last().Logprobs, out.Tokens, err)
	}
}

// TestCountTokens: the server's /tokenize counts the text (the fake counts
// words, as its usage does); a server without the endpoint is
// ErrTokenizeUnsupported. Mutation: posting to BaseURL+"/tokenize" (under
// /v1) fails the first case with a 404.
func TestCountTokens(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Text: "x"})
	c := llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "tiny"})
	n, err := c.CountTokens(context.Background(), "Passages from the notes: one two")
	if err != nil || n != 6 {
		t.Fatalf("n = %d, err = %v", n, err)
	}
	plain := httptest.NewServer(http.NotFoundHandler())
	defer plain.Close()
	c = llm.New(llm.Options{BaseURL: plain.URL + "/v1", Model: "tiny"})
	if _, err := c.CountTokens(context.Background(), "text"); !errors.Is(err, llm.ErrTokenizeUnsupported) {
		t.Fatalf("err = %v", err)
	}
}
