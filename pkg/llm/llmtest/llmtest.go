// Package llmtest is a fake OpenAI-compatible chat-completions server for
// tests. It speaks the real wire protocol (JSON requests, server-sent events
// for "stream": true, OpenAI error bodies), records what it receives and
// replies with scripted answers.
package llmtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// Reply is one scripted response.
type Reply struct {
	Text   string        // answer text, streamed in small pieces
	Status int           // non-zero: an HTTP error with this status
	Error  string        // error message (with Status)
	Code   string        // OpenAI error code, e.g. "context_length_exceeded"
	Delay  time.Duration // wait before answering (for timeouts)
	// Finish is the finish_reason of the last event ("" means "stop";
	// "length" is a reply cut at max_tokens).
	Finish string
	// FailAfter > 0 sends that many pieces of Text, then an error event
	// (status 500 in the body, as llama.cpp does) instead of the rest.
	FailAfter int
	// CutAfter > 0 sends that many pieces of Text, then closes the
	// connection without a finish reason or [DONE].
	CutAfter int
	// RejectFormat answers a request that carries response_format with a
	// 400 error naming it (a server without structured outputs); a request
	// without it gets Text.
	RejectFormat bool
	// Respond, when set, writes the answer text from the request (a model
	// that reads the prompt); it replaces Text.
	Respond func(Request) string
	// Logprob, when set and the request asks for logprobs, gives each
	// streamed piece's log-probability, sent as llama.cpp does: a
	// "logprobs": {"content": [{"token", "logprob", ...}]} object in the
	// piece's chunk.
	Logprob func(piece string) float64
	// CachedTokens is reported as usage.prompt_tokens_details.cached_tokens
	// (the prompt tokens a server's cache served).
	CachedTokens int
}

// Request is what the server received.
type Request struct {
	Model       string   `json:"model"`
	Stream      bool     `json:"stream"`
	MaxTokens   int      `json:"max_tokens"`
	Temperature float64  `json:"temperature"`
	Stop        []string `json:"stop"`
	Logprobs    bool     `json:"logprobs"`
	// ResponseFormat is the raw response_format object, nil when absent.
	ResponseFormat json.RawMessage `json:"response_format"`
	StreamOptions  struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	Auth string `json:"-"`
}

// Server is a running fake.
type Server struct {
	*httptest.Server
	mu       sync.Mutex
	replies  []Reply
	Requests []Request
}

// New starts a server answering with replies in order (the last one
// repeats). Its base URL for clients is URL()+"/v1".
func New(t testing.TB, replies ...Reply) *Server {
	s := &Server{replies: replies}
	s.Server = httptest.NewServer(http.HandlerFunc(s.handle))
	t.Cleanup(s.Close)
	return s
}

// BaseURL is the value for RAG_LLM_BASE_URL.
func (s *Server) BaseURL() string { return s.URL + "/v1" }

// Count returns how many requests the server received.
func (s *Server) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.Requests)
}

// Last returns the last request received.
func (s *Server) Last() Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.Requests[len(s.Requests)-1]
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/tokenize" && r.Method == http.MethodPost {
		// llama-server's tokenizer endpoint: here, as in usage, a word is a
		// token.
		var req struct {
			Content string `json:"content"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			writeErr(w, http.StatusBadRequest, err.Error(), "")
			return
		}
		tokens := make([]int, len(strings.Fields(req.Content)))
		for i := range tokens {
			tokens[i] = i + 1
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"tokens": tokens})
		return
	}
	if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
		writeErr(w, http.StatusNotFound, "no route "+r.URL.Path, "")
		return
	}
	var req Request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeErr(w, http.StatusBadRequest, err.Error(), "")
		return
	}
	req.Auth = r.Header.Get("Authorization")
	s.mu.Lock()
	s.Requests = append(s.Requests, req)
	rep := s.replies[min(len(s.Requests)-1, len(s.replies)-1)]
	s.mu.Unlock()
	if rep.Delay > 0 {
		select {
		case <-time.After(rep.Delay):
		case <-r.Context().Done():
			return
		}
	}
	if rep.RejectFormat && len(req.ResponseFormat) > 0 && string(req.ResponseFormat) != "null" {
		writeErr(w, http.StatusBadRequest, "response_format type json_schema is not supported by this server", "")
		return
	}
	if rep.Status != 0 {
		writeErr(w, rep.Status, rep.Error, rep.Code)
		return
	}
	if rep.Respond != nil {
		rep.Text = rep.Respond(req)
	}
	finish := rep.Finish
	if finish == "" {
		finish = "stop"
	}
	id := "chatcmpl-test"
	if !req.Stream {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"id": id, "object": "chat.completion", "created": time.Now().Unix(), "model": req.Model,
			"choices": []any{map[string]any{"index": 0, "finish_reason": finish,
				"message": map[string]any{"role": "assistant", "content": rep.Text}}},
			"usage": usage(req, rep.Text, rep.CachedTokens),
		})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	fl, _ := w.(http.Flusher)
	send := func(delta map[string]any, finish any) {
		choice := map[string]any{"index": 0, "delta": delta, "finish_reason": finish}
		if piece, ok := delta["content"].(string); ok && piece != "" && req.Logprobs && rep.Logprob != nil {
			lp := rep.Logprob(piece)
			bytes := make([]int, len(piece))
			for i := range piece {
				bytes[i] = int(piece[i])
			}
			choice["logprobs"] = map[string]any{"content": []any{map[string]any{"token": piece, "logprob": lp,
				"bytes": bytes, "top_logprobs": []any{map[string]any{"token": piece, "logprob": lp}}}}}
		}
		b, _ := json.Marshal(map[string]any{
			"id": id, "object": "chat.completion.chunk", "created": time.Now().Unix(), "model": req.Model,
			"choices": []any{choice},
		})
		fmt.Fprintf(w, "data: %s\n\n", b)
		if fl != nil {
			fl.Flush()
		}
	}
	send(map[string]any{"role": "assistant", "content": ""}, nil)
	for i, piece := range pieces(rep.Text) {
		if rep.FailAfter > 0 && i == rep.FailAfter {
			b, _ := json.Marshal(map[string]any{"error": map[string]any{"code": 500, "message": "the model crashed", "type": "server_error"}})
			fmt.Fprintf(w, "data: %s\n\n", b)
			return
		}
		if rep.CutAfter > 0 && i == rep.CutAfter {
			if hj, ok := w.(http.Hijacker); ok {
				if conn, _, err := hj.Hijack(); err == nil {
					conn.Close()
				}
			}
			return
		}
		send(map[string]any{"content": piece}, nil)
	}
	send(map[string]any{}, finish)
	if req.StreamOptions.IncludeUsage {
		b, _ := json.Marshal(map[string]any{
			"id": id, "object": "chat.completion.chunk", "created": time.Now().Unix(), "model": req.Model,
			"choices": []any{}, "usage": usage(req, rep.Text, rep.CachedTokens),
		})
		fmt.Fprintf(w, "data: %s\n\n", b)
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}

// usage reports token counts as a server would: here a word is a token.
func usage(req Request, text string, cached int) map[string]any {
	prompt := 0
	for _, m := range req.Messages {
		prompt += len(strings.Fields(m.Content))
	}
	completion := len(pieces(text))
	return map[string]any{"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
		"prompt_tokens_details": map[string]any{"cached_tokens": cached}}
}

// pieces splits text into word-sized chunks, as a model streams tokens.
func pieces(text string) []string {
	var out []string
	for len(text) > 0 {
		i := strings.IndexByte(text[1:], ' ')
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i+1])
		text = text[i+1:]
	}
	return out
}

func writeErr(w http.ResponseWriter, status int, msg, code string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{
		"message": msg, "type": "invalid_request_error", "param": nil, "code": code}})
}
