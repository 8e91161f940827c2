package embed

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// RemoteOptions configures an embedder that calls an OpenAI-compatible
// embeddings endpoint (POST {BaseURL}/embeddings: OpenAI, Ollama, TEI, vLLM,
// llama.cpp's llama-server --embedding).
type RemoteOptions struct {
	BaseURL   string // RAG_EMBED_BASE_URL, e.g. http://127.0.0.1:11434/v1
	APIKey    string // RAG_EMBED_API_KEY; may be empty for local servers; never printed
	Model     string // model name at the server (RAG_EMBED_MODEL)
	Tokenizer string // tokenizer.json of the same model (RAG_EMBED_TOKENIZER), for chunking
	MaxTokens int    // the model's input limit in tokens, special tokens included (RAG_EMBED_MAX_TOKENS); ≤ 0: 512
	// Dim is the vector dimension; 0 asks the server with one probe request
	// in OpenRemote.
	Dim int
	// Multilingual says the served model is multilingual (Model.Multilingual,
	// from its local directory when RAG_EMBED_MODEL names one).
	Multilingual bool
	BatchSize    int           // texts per request (RAG_EMBED_BATCH_SIZE); ≤ 0: 32
	Timeout      time.Duration // limit for one request attempt; ≤ 0: 60 s
	MaxRetries   int           // retries of a failed request (429, 408, 409, 5xx, connection errors); < 0: none; 0: 4
	// ProbePrefix is put before the probe text (the document prefix), so
	// that servers which read prefixes see one as in real use.
	ProbePrefix string
}

// Remote embeds through an OpenAI-compatible embeddings endpoint with
// openai-go, which retries with exponential backoff and honours the
// server's Retry-After header. openai-go types stay inside this file.
type Remote struct {
	opts        RemoteOptions
	client      openai.Client
	model       Model
	probeTokens int // usage.prompt_tokens of the probe request (0: no probe, or not reported)
}

// probeText is embedded by OpenRemote to learn the dimension; its token
// count, as the server reports it, checks the client's tokenizer.
const probeText = "Dimension probe: Köln, naïve café, 3.14159 and pg_stat_statements."

// ProbeTokens returns the probe text (with ProbePrefix) and the number of tokens the server
// reported for it (usage.prompt_tokens), or 0 when there was no probe or
// the server reports no usage. Servers count with or without the special
// tokens.
func (r *Remote) ProbeTokens() (string, int) { return r.opts.ProbePrefix + probeText, r.probeTokens }

// ErrRemote is wrapped by every error of the embeddings server (HTTP status,
// wrong number or dimension of vectors, unreachable server).
var ErrRemote = errors.New("embedding server failed")

// OpenRemote returns a remote embedder. When opts.Dim is 0 it embeds one
// probe text to learn the dimension, so a wrong URL, key or model name fails
// here, before any work. Errors wrap ErrRemote and name the RAG_EMBED_*
// setting to check.
func OpenRemote(ctx context.Context, opts RemoteOptions) (*Remote, error) {
	if opts.MaxTokens <= 0 {
		opts.MaxTokens = 512
	}
	if opts.BatchSize <= 0 {
		opts.BatchSize = 32
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 60 * time.Second
	}
	switch {
	case opts.MaxRetries == 0:
		opts.MaxRetries = 4
	case opts.MaxRetries < 0:
		opts.MaxRetries = 0
	}
	key := opts.APIKey
	if key == "" {
		key = "none" // local servers ignore it; openai-go requires one
	}
	r := &Remote{opts: opts,
		client: openai.NewClient(option.WithBaseURL(opts.BaseURL), option.WithAPIKey(key),
			option.WithMaxRetries(opts.MaxRetries), option.WithRequestTimeout(opts.Timeout)),
		model: Model{ID: opts.Model, Tokenizer: opts.Tokenizer, Dim: opts.Dim, MaxTokens: opts.MaxTokens,
			Pooling: "server", Normalize: false, Multilingual: opts.Multilingual},
	}
	if r.model.Dim == 0 {
		v, usage, err := r.request(ctx, []string{opts.ProbePrefix + probeText})
		if err != nil {
			return nil, err
		}
		r.model.Dim, r.probeTokens = len(v[0]), usage
	}
	return r, nil
}

// Model describes the remote model: ID is the server's model name, Dir is
// empty.
func (r *Remote) Model() Model { return r.model }

// Close releases nothing; it exists to satisfy Embedder.
func (r *Remote) Close() error { return nil }

// Embed returns one vector of Model().Dim float32s per text, in order,
// sending BatchSize texts per request and checking ctx between requests. A
// response with another number of vectors, a vector of another dimension or
// a NaN is an error (wrapping ErrRemote); nothing is returned for a failed
// call, so callers never store part of a batch.
func (r *Remote) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, 0, len(texts))
	for i := 0; i < len(texts); i += r.opts.BatchSize {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		vs, err := r.call(ctx, texts[i:min(i+r.opts.BatchSize, len(texts))])
		if err != nil {
			return nil, err
		}
		for _, v := range vs {
			if len(v) != r.model.Dim {
				return nil, fmt.Errorf("%w: %s returned a vector of %d dimensions for model %q, expected %d (is RAG_EMBED_MODEL the model this index was built with?)",
					ErrRemote, r.opts.BaseURL, len(v), r.opts.Model, r.model.Dim)
			}
		}
		out = append(out, vs...)
	}
	return out, nil
}

// call sends one request and returns its vectors in input order.
func (r *Remote) call(ctx context.Context, texts []string) ([][]float32, error) {
	v, _, err := r.request(ctx, texts)
	return v, err
}

// request sends one request and returns its vectors in input order and the
// prompt tokens the server reported.
func (r *Remote) request(ctx context.Context, texts []string) ([][]float32, int, error) {
	resp, err := r.client.Embeddings.New(ctx, openai.EmbeddingNewParams{
		Model:          openai.EmbeddingModel(r.opts.Model),
		Input:          openai.EmbeddingNewParamsInputUnion{OfArrayOfStrings: texts},
		EncodingFormat: openai.EmbeddingNewParamsEncodingFormatFloat,
	})
	if err != nil {
		return nil, 0, r.classify(ctx, err)
	}
	if len(resp.Data) != len(texts) {
		return nil, 0, fmt.Errorf("%w: %s returned %d vectors for %d inputs", ErrRemote, r.opts.BaseURL, len(resp.Data), len(texts))
	}
	out := make([][]float32, len(texts))
	for _, d := range resp.Data {
		i := int(d.Index)
		if i < 0 || i >= len(texts) || out[i] != nil {
			return nil, 0, fmt.Errorf("%w: %s returned a vector with index %d for %d inputs", ErrRemote, r.opts.BaseURL, d.Index, len(texts))
		}
		v := make([]float32, len(d.Embedding))
		for k, x := range d.Embedding {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, 0, fmt.Errorf("%w: %s returned a non-finite value for input %d", ErrRemote, r.opts.BaseURL, i)
			}
			v[k] = float32(x)
		}
		if len(v) == 0 {
			return nil, 0, fmt.Errorf("%w: %s returned an empty vector for input %d", ErrRemote, r.opts.BaseURL, i)
		}
		out[i] = v
	}
	return out, int(resp.Usage.PromptTokens), nil
}

// classify turns transport and API errors into messages that say what to
// check; they never contain the API key.
func (r *Remote) classify(ctx context.Context, err error) error {
	base := r.opts.BaseURL
	var apiErr *openai.Error
	switch {
	case errors.Is(err, context.Canceled) && ctx.Err() != nil:
		return err
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("%w: %s did not answer within %s (after %d retries): try a smaller RAG_EMBED_BATCH_SIZE", ErrRemote, base, r.opts.Timeout, r.opts.MaxRetries)
	case errors.As(err, &apiErr):
		msg := r.redact(apiErr.Message)
		switch {
		case apiErr.StatusCode == 401 || apiErr.StatusCode == 403:
			return fmt.Errorf("%w: %s answered %d (%s): check RAG_EMBED_API_KEY", ErrRemote, base, apiErr.StatusCode, msg)
		case apiErr.StatusCode == 404:
			return fmt.Errorf("%w: %s answered 404 (%s): check RAG_EMBED_MODEL=%s and that RAG_EMBED_BASE_URL ends in /v1", ErrRemote, base, msg, r.opts.Model)
		case apiErr.StatusCode == 429 || apiErr.StatusCode >= 500:
			return fmt.Errorf("%w: %s answered %d (%s), still after %d retries: try again later, or lower RAG_EMBED_BATCH_SIZE", ErrRemote, base, apiErr.StatusCode, msg, r.opts.MaxRetries)
		}
		return fmt.Errorf("%w: %s answered %d: %s", ErrRemote, base, apiErr.StatusCode, msg)
	}
	var opErr *net.OpError
	var urlErr *url.Error
	if errors.Is(err, syscall.ECONNREFUSED) || errors.As(err, &opErr) || errors.As(err, &urlErr) {
		return fmt.Errorf("%w: cannot reach %s (%s): is the server running? Check RAG_EMBED_BASE_URL", ErrRemote, base, r.redact(err.Error()))
	}
	return fmt.Errorf("%w: %s: %s", ErrRemote, base, r.redact(err.Error()))
}

func (r *Remote) redact(s string) string {
	if r.opts.APIKey != "" {
		s = strings.ReplaceAll(s, r.opts.APIKey, "[redacted]")
	}
	return s
}
