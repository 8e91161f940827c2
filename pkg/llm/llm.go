// Package llm talks to any OpenAI-compatible chat-completions server
// (OpenAI, Ollama, LM Studio, llama.cpp's llama-server) through openai-go.
// openai-go types stay inside this package; callers see Message, Request and
// typed errors that say what to fix.
package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"syscall"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/ssestream"
	"github.com/openai/openai-go/v3/shared"
)

// Message is one chat message. Role is "system", "user" or "assistant".
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Request is one chat completion.
type Request struct {
	Messages    []Message
	MaxTokens   int      // 0: server default
	Temperature float64  // 0 for the most deterministic answer
	Stop        []string // up to 4 sequences that end the answer
	// Schema, when set, asks for a JSON reply that follows it: OpenAI's
	// structured outputs (response_format {"type": "json_schema"}), which
	// llama.cpp, Ollama, vLLM, LM Studio and OpenAI accept. A server that
	// rejects it fails with ErrFormatUnsupported.
	Schema *Schema
	// Logprobs asks for the log-probability of every generated token
	// (OpenAI's logprobs, which llama.cpp, vLLM and OpenAI return;
	// Response.Tokens). Servers that ignore it return none.
	Logprobs bool
}

// Token is one generated token with its natural-log probability (<= 0).
type Token struct {
	Text    string
	Logprob float64
}

// Schema is a named JSON Schema (draft 2020-12 subset understood by
// structured-output servers) for Request.Schema.
type Schema struct {
	Name string // a-z, A-Z, 0-9, '_' and '-', at most 64 characters
	// Schema is the schema object as raw JSON, sent as it is: the order of
	// its properties is kept, and servers that constrain decoding with a
	// grammar (llama.cpp) make the model write them in that order.
	Schema json.RawMessage
}

// Usage is what the server reported about a completion, in tokens. Zero
// when it reported nothing.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	// CachedPromptTokens are the prompt tokens the server took from its
	// prompt cache instead of reading them (usage.prompt_tokens_details.
	// cached_tokens, which llama.cpp, vLLM and OpenAI report).
	CachedPromptTokens int `json:"cached_prompt_tokens,omitempty"`
}

// Response is a finished completion.
type Response struct {
	Text         string
	FinishReason string // "stop", "length", ...
	Usage        Usage
	// FirstToken is the time from sending the request to the first piece of
	// text (on a local server mostly prompt processing); Duration is the
	// whole request. Both are measured by the client.
	FirstToken time.Duration
	Duration   time.Duration
	// Tokens are the generated tokens with their log-probabilities when
	// Request.Logprobs asked for them and the server sent them (their
	// texts joined are Text); nil otherwise.
	Tokens []Token
}

// GenerationRate is completion tokens per second after the first token
// (0 when unknown).
func (r Response) GenerationRate() float64 {
	d := (r.Duration - r.FirstToken).Seconds()
	if r.Usage.CompletionTokens <= 1 || d <= 0 {
		return 0
	}
	return float64(r.Usage.CompletionTokens-1) / d
}

// Delta is one piece of a streamed completion: its text and, when
// Request.Logprobs asked for them, the tokens that arrived with it (their
// texts joined are, over the whole stream, Response.Text).
type Delta struct {
	Text   string
	Tokens []Token
}

// Streamer produces a completion, calling onDelta with each piece of text
// (and its tokens) as it arrives (never concurrently). Implemented by
// *Client.
type Streamer interface {
	Stream(ctx context.Context, req Request, onDelta func(Delta)) (Response, error)
}

// Options configures a Client.
type Options struct {
	BaseURL string        // RAG_LLM_BASE_URL, e.g. http://127.0.0.1:11434/v1
	APIKey  string        // RAG_LLM_API_KEY; may be empty for local servers
	Model   string        // RAG_LLM_MODEL
	Timeout time.Duration // RAG_LLM_TIMEOUT: limit for a whole answer
}

// Client is an OpenAI-compatible chat client.
type Client struct {
	opts   Options
	client openai.Client
}

// New returns a client for opts. It does not contact the server.
func New(opts Options) *Client {
	key := opts.APIKey
	if key == "" {
		key = "none" // local servers ignore it; openai-go requires one
	}
	c := openai.NewClient(option.WithBaseURL(opts.BaseURL), option.WithAPIKey(key), option.WithMaxRetries(1))
	return &Client{opts: opts, client: c}
}

// Error kinds returned (wrapped in *Error) by Stream.
var (
	ErrUnreachable   = errors.New("LLM server unreachable")
	ErrAuth          = errors.New("LLM server rejected the API key")
	ErrModelNotFound = errors.New("LLM model not found")
	// ErrNotChatAPI: the server answered 404, 405 or 501 without naming
	// the model: the base URL is not an OpenAI-compatible API (a missing
	// /v1, another service on that port).
	ErrNotChatAPI    = errors.New("no OpenAI chat completions endpoint")
	ErrTimeout       = errors.New("LLM timed out")
	ErrContextLength = errors.New("prompt longer than the model's context")
	ErrServer        = errors.New("LLM server error")
	// ErrFormatUnsupported: the server rejected Request.Schema
	// (response_format); the caller may retry without it.
	ErrFormatUnsupported = errors.New("LLM server does not support response_format")
)

// Error is a failure of the LLM call: Kind is one of the Err* values above and
// Error() says what happened, with the server's address and words (the
// caller adds which setting to check). It never contains the API key.
type Error struct {
	Kind   error
	Detail string
}

func (e *Error) Error() string { return e.Detail }

// Is makes errors.Is(err, ErrAuth) and friends work.
func (e *Error) Is(target error) bool { return e.Kind == target }

// Stream sends req and streams the answer (server-sent events), asking for
// the token usage in the last event. The whole answer must arrive within
// Options.Timeout. A stream that breaks off (an error event, or the
// connection closed before the server said why it stopped) is an ErrServer
// error; the text received so far is in the Response.
func (c *Client) Stream(ctx context.Context, req Request, onDelta func(Delta)) (Response, error) {
	began := time.Now()
	if c.opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.opts.Timeout)
		defer cancel()
	}
	params := openai.ChatCompletionNewParams{Model: c.opts.Model, Temperature: openai.Float(req.Temperature),
		StreamOptions: openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)}}
	if req.MaxTokens > 0 {
		params.MaxTokens = openai.Int(int64(req.MaxTokens))
	}
	if req.Schema != nil {
		params.ResponseFormat = openai.ChatCompletionNewParamsResponseFormatUnion{OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
			JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{Name: req.Schema.Name, Schema: req.Schema.Schema, Strict: openai.Bool(true)}}}
	}
	if req.Logprobs {
		params.Logprobs = openai.Bool(true)
	}
	if len(req.Stop) > 0 {
		params.Stop = openai.ChatCompletionNewParamsStopUnion{OfStringArray: req.Stop}
	}
	for _, m := range req.Messages {
		switch m.Role {
		case "system":
			params.Messages = append(params.Messages, openai.SystemMessage(m.Content))
		case "assistant":
			params.Messages = append(params.Messages, openai.AssistantMessage(m.Content))
		default:
			params.Messages = append(params.Messages, openai.UserMessage(m.Content))
		}
	}
	stream := c.client.Chat.Completions.NewStreaming(ctx, params)
	defer stream.Close()
	var b strings.Builder
	var resp Response
	for stream.Next() {
		ch := stream.Current()
		if ch.Usage.PromptTokens > 0 || ch.Usage.CompletionTokens > 0 {
			resp.Usage = Usage{PromptTokens: int(ch.Usage.PromptTokens), CompletionTokens: int(ch.Usage.CompletionTokens),
				CachedPromptTokens: int(ch.Usage.PromptTokensDetails.CachedTokens)}
		}
		for _, choice := range ch.Choices {
			var tokens []Token
			for _, t := range choice.Logprobs.Content {
				tokens = append(tokens, Token{Text: t.Token, Logprob: t.Logprob})
			}
			resp.Tokens = append(resp.Tokens, tokens...)
			if d := choice.Delta.Content; d != "" || len(tokens) > 0 {
				if b.Len() == 0 && d != "" {
					resp.FirstToken = time.Since(began)
				}
				b.WriteString(d)
				if onDelta != nil {
					onDelta(Delta{Text: d, Tokens: tokens})
				}
			}
			if choice.FinishReason != "" {
				resp.FinishReason = string(choice.FinishReason)
			}
		}
	}
	resp.Text = b.String()
	resp.Duration = time.Since(began)
	if err := stream.Err(); err != nil {
		return resp, c.classify(ctx, err)
	}
	if ctx.Err() != nil {
		return resp, c.classify(ctx, ctx.Err())
	}
	if resp.FinishReason == "" {
		return resp, &Error{ErrServer, fmt.Sprintf("the LLM at %s stopped sending after %d characters without saying why (connection closed mid-answer?); try again", c.opts.BaseURL, len(resp.Text))}
	}
	return resp, nil
}

// errorText is what an API error says: its message, else the raw JSON of
// the error (a FastAPI-style {"detail": ...}), else the start of the
// response body (the words of an HTML error page, without its tags), at
// most 300 bytes on one line.
// htmlTag is a tag of an HTML error page.
var htmlTag = regexp.MustCompile(`(?s)<!--.*?-->|<[^>]*>`)

func errorText(e *openai.Error) string {
	text := e.Message
	if text == "" {
		text = e.RawJSON()
	}
	if text == "" && e.Response != nil {
		dump := string(e.DumpResponse(true))
		if i := strings.Index(dump, "\r\n\r\n"); i >= 0 {
			text = dump[i+4:]
		}
	}
	if strings.HasPrefix(strings.TrimSpace(text), "<") {
		text = htmlTag.ReplaceAllString(text, " ") // an error page: its words
	}
	text = strings.Join(strings.Fields(text), " ")
	if len(text) > 300 {
		text = strings.ToValidUTF8(text[:300], "") + "…"
	}
	return text
}

// classify turns transport and API errors into actionable *Error values.
func (c *Client) classify(ctx context.Context, err error) error {
	base := c.opts.BaseURL
	var apiErr *openai.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		return &Error{ErrTimeout, fmt.Sprintf("the LLM at %s did not finish within %s", base, c.opts.Timeout)}
	case errors.Is(err, context.Canceled):
		return err
	case errors.As(err, &apiErr):
		msg := c.redact(errorText(apiErr))
		low := strings.ToLower(msg + " " + apiErr.Code)
		switch {
		case apiErr.StatusCode >= 400 && apiErr.StatusCode < 500 && apiErr.StatusCode != 401 && apiErr.StatusCode != 403 &&
			(strings.Contains(low, "response_format") || strings.Contains(low, "response format") || strings.Contains(low, "json_schema") || strings.Contains(low, "json schema") ||
				strings.Contains(low, "grammar") || strings.Contains(low, "structured output")):
			return &Error{ErrFormatUnsupported, fmt.Sprintf("the LLM at %s rejected the JSON answer format (response_format): %d %s", base, apiErr.StatusCode, msg)}
		case apiErr.StatusCode == 401 || apiErr.StatusCode == 403:
			return &Error{ErrAuth, fmt.Sprintf("the LLM at %s answered %d (%s)", base, apiErr.StatusCode, msg)}
		case strings.Contains(low, "context") && (strings.Contains(low, "length") || strings.Contains(low, "size") || strings.Contains(low, "exceed")) ||
			strings.Contains(low, "too many tokens") || strings.Contains(low, "maximum context"):
			return &Error{ErrContextLength, fmt.Sprintf("the prompt is too long for model %s (%s)", c.opts.Model, msg)}
		case strings.Contains(low, "model") && (apiErr.StatusCode == 404 || strings.Contains(low, "not found") || strings.Contains(low, "does not exist")):
			return &Error{ErrModelNotFound, fmt.Sprintf("the LLM at %s does not know model %q (%s)", base, c.opts.Model, msg)}
		case apiErr.StatusCode == 404 || apiErr.StatusCode == 405 || apiErr.StatusCode == 501:
			return &Error{ErrNotChatAPI, fmt.Sprintf("the server at %s has no OpenAI chat completions endpoint: it answered %d (%s)", base, apiErr.StatusCode, msg)}
		}
		return &Error{ErrServer, fmt.Sprintf("the LLM at %s answered %d: %s", base, apiErr.StatusCode, msg)}
	}
	var sErr *ssestream.StreamError
	if errors.As(err, &sErr) {
		msg := string(sErr.Event.Data)
		var body struct {
			Error struct {
				Message string `json:"message"`
				Code    any    `json:"code"`
			} `json:"error"`
		}
		if json.Unmarshal(sErr.Event.Data, &body) == nil && body.Error.Message != "" {
			msg = body.Error.Message
			if body.Error.Code != nil {
				msg = fmt.Sprintf("%v %s", body.Error.Code, msg)
			}
		}
		return &Error{ErrServer, fmt.Sprintf("the LLM at %s failed in the middle of its answer (%s); try again", base, c.redact(msg))}
	}
	var opErr *net.OpError
	var urlErr *url.Error
	if errors.Is(err, syscall.ECONNREFUSED) || errors.As(err, &opErr) || errors.As(err, &urlErr) {
		return &Error{ErrUnreachable, fmt.Sprintf("cannot reach the LLM at %s (%s)", base, c.redact(rootCause(err)))}
	}
	return &Error{ErrServer, fmt.Sprintf("the LLM at %s failed: %s", base, c.redact(err.Error()))}
}

func rootCause(err error) string {
	for {
		u := errors.Unwrap(err)
		if u == nil {
			return err.Error()
		}
		err = u
	}
}

func (c *Client) redact(s string) string {
	if c.opts.APIKey != "" {
		s = strings.ReplaceAll(s, c.opts.APIKey, "[redacted]")
	}
	return s
}

// ErrTokenizeUnsupported: the server has no tokenize endpoint (only
// llama.cpp's llama-server and vLLM have one; OpenAI and Ollama do not).
var ErrTokenizeUnsupported = errors.New("LLM server cannot count tokens")

// CountTokens returns how many tokens the server's model makes of text,
// without special tokens, from the server's /tokenize endpoint (at the root
// of the base URL, without its /v1): llama.cpp's {"content"} and vLLM's
// {"model", "prompt"} requests, both answered with {"tokens": [...]}.
// Errors: ErrTokenizeUnsupported when the server has no such endpoint
// (404, 405, or a reply without tokens); transport errors as they are.
func (c *Client) CountTokens(ctx context.Context, text string) (int, error) {
	root := strings.TrimSuffix(strings.TrimSuffix(c.opts.BaseURL, "/"), "/v1")
	body, err := json.Marshal(map[string]any{"content": text, "prompt": text, "model": c.opts.Model, "add_special": false, "add_special_tokens": false})
	if err != nil {
		return 0, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, root+"/tokenize", bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	if c.opts.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.opts.APIKey)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("%w: %s/tokenize answered %d", ErrTokenizeUnsupported, root, resp.StatusCode)
	}
	var out struct {
		Tokens []json.RawMessage `json:"tokens"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 64<<20)).Decode(&out); err != nil || out.Tokens == nil {
		return 0, fmt.Errorf("%w: %s/tokenize sent no tokens", ErrTokenizeUnsupported, root)
	}
	return len(out.Tokens), nil
}
