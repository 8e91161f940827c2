package cmd

import (
	"context"
	"errors"
	"fmt"

	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/config"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/iostreams"
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
}

// Config loads the configuration: flags, then environment, then .env file,
// then defaults.
func (f *Factory) Config() (config.Config, error) {
	lookup := f.LookupEnv
	if f.EnvFile != "" {
		lookup = func(k string) (string, bool) {
			if k == "RAG_ENV_FILE" {
				return f.EnvFile, true
			}
			return f.LookupEnv(k)
		}
	}
	c, err := config.Load(lookup)
	if err != nil {
		return c, err
	}
	if f.Collection != "" {
		c.Collection = f.Collection
	}
	return c, nil
}

// OpenStore connects to the database within cfg.DBTimeout and migrates it.
// Failures name RAG_DATABASE_URL.
func (f *Factory) OpenStore(ctx context.Context, cfg config.Config) (*store.Store, error) {
	cctx, cancel := context.WithTimeout(ctx, cfg.DBTimeout)
	defer cancel()
	s, err := store.Open(cctx, cfg.DatabaseURL)
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
		FTSConfig: cfg.FTSConfig, Include: cfg.Include, Exclude: cfg.Exclude, MaxBytes: cfg.MaxFileBytes,
		Chunk: chunk.Options{ContentTokens: cfg.ChunkTokens, OverlapTokens: cfg.ChunkOverlapTokens,
			BreadcrumbTokens: cfg.ChunkBreadcrumbTokens},
		WarnLowered:    cfg.ChunkTokensSet,
		DocumentPrefix: cfg.EmbedDocumentPrefix, QueryPrefix: cfg.EmbedQueryPrefix, BatchSize: cfg.EmbedBatchSize,
		Store: st, Embedder: emb, Tokenizer: tk,
	}
}

// OpenEmbedder loads the embedding model and its tokenizer. Failures name
// RAG_EMBED_MODEL or RAG_ONNXRUNTIME_LIB.
func (f *Factory) OpenEmbedder(cfg config.Config) (embed.Embedder, *tokenize.Tokenizer, error) {
	dir, err := embed.Resolve(cfg.EmbedModel, cfg.ModelCache)
	if err != nil {
		return nil, nil, err
	}
	m, err := embed.Inspect(dir)
	if err != nil {
		return nil, nil, err
	}
	tk, err := tokenize.Load(m.Tokenizer)
	if err != nil {
		return nil, nil, fmt.Errorf("RAG_EMBED_MODEL=%s: %w", cfg.EmbedModel, err)
	}
	e, err := embed.Open(embed.Options{Dir: dir, ONNXRuntimeLib: cfg.ONNXRuntimeLib, BatchSize: cfg.EmbedBatchSize})
	if err != nil {
		tk.Close()
		return nil, nil, err
	}
	return e, tk, nil
}
