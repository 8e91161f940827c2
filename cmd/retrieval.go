package cmd

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hrag-dev/hrag/internal/config"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/injection"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/speech"
	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/text"
)

// retrievalFlags are the flags shared by `sources` and `ask`.
type retrievalFlags struct {
	TopK         int
	Path         string
	Tags         []string
	Since, Until string
	JSON         bool
}

// checkFilters returns a usage error for a filter flag that can filter
// nothing, before anything is opened: --since or --until given as "" (a
// script's unset variable), an empty --tag, a date hrag cannot read, a
// range that ends before it starts, an invalid --path glob.
func checkFilters(c *cobra.Command, fl retrievalFlags) error {
	for _, name := range []string{"since", "until"} {
		if f := c.Flags().Lookup(name); f != nil && f.Changed && strings.TrimSpace(f.Value.String()) == "" {
			return usageError{fmt.Errorf("--%s is empty: give a date (%s) or leave the flag out", name, text.DateFormats)}
		}
	}
	if f := c.Flags().Lookup("tag"); f != nil && f.Changed && len(fl.Tags) == 0 {
		return usageError{fmt.Errorf("--tag is empty: give a tag (hrag status lists them) or leave the flag out")}
	}
	_, err := retrieveOptions(config.Config{}, fl)
	return err
}

// addFilterFlags adds --path, --tag, --since and --until to a command that
// retrieves.
func addFilterFlags(cmd *cobra.Command, fl *retrievalFlags) {
	cmd.Flags().StringVar(&fl.Path, "path", "", "only these files: a folder or file, a name matched anywhere (user_guide.md, notes/linux), or a glob (* within a folder, ** across folders)")
	cmd.Flags().StringSliceVar(&fl.Tags, "tag", nil, "only documents with this front matter tag (repeat or separate with commas: every tag must be there)")
	cmd.Flags().StringVar(&fl.Since, "since", "", "only documents dated on or after this (2024, 2024-03, 2024-03-01, RFC 3339): front matter date, else file modification time")
	cmd.Flags().StringVar(&fl.Until, "until", "", "only documents dated on or before this (2024 means through 31 December 2024)")
}

// openRetriever loads the model and connects to the database, failing fast
// with messages that name the setting to fix. close releases both. The
// model, the database connection and the rule tables (the prompt-injection
// rules, which retrieval applies to every passage, and the directed-speech
// rules of the answer checks) are prepared at the same time: the first two
// wait mostly on native code and the network.
func (f *Factory) openRetriever(ctx context.Context, cfg config.Config) (r *retrieve.Retriever, close func(), err error) {
	go injection.Prepare()
	go speech.Prepare()
	type opened struct {
		st  *store.Store
		err error
	}
	stc := make(chan opened, 1)
	go func() {
		st, err := f.OpenStore(ctx, cfg)
		stc <- opened{st, err}
	}()
	emb, err := f.openQueryEmbedder(ctx, cfg)
	if err != nil { // reported at once, even while a down database times out
		go func() {
			if o := <-stc; o.st != nil {
				o.st.Close()
			}
		}()
		return nil, nil, err
	}
	o := <-stc
	if o.err != nil {
		emb.Close()
		return nil, nil, o.err
	}
	st := o.st
	if r, err = newRetriever(cfg, st, emb); err != nil {
		st.Close()
		emb.Close()
		return nil, nil, err
	}
	return r, func() {
		st.Close()
		if !f.Exiting {
			emb.Close()
		}
	}, nil
}

// newRetriever builds the retriever of `sources`, `ask` and `eval answers`
// over an opened store and embedder, with the cross-encoder of
// RAG_RERANK_MODEL and the classifier of RAG_INJECTION_MODEL when they are
// set (their load errors are returned). The caller keeps closing st and emb.
func newRetriever(cfg config.Config, st *store.Store, emb embed.Embedder) (*retrieve.Retriever, error) {
	r := &retrieve.Retriever{Store: st, Embedder: emb, QueryPrefix: cfg.EmbedQueryPrefix, DocPrefix: cfg.EmbedDocumentPrefix, Command: config.CommandWords}
	if cfg.RerankModel == "" && cfg.InjectionModel == "" {
		return r, nil
	}
	// Both share the embedder's runtime session.
	var local *embed.Local
	switch e := emb.(type) {
	case *embed.Local:
		local = e
	case *embed.Lazy:
		loaded, err := e.Load()
		if err != nil {
			return nil, err
		}
		if local, _ = loaded.(*embed.Local); local == nil {
			return nil, fmt.Errorf("%s runs in the local ONNX runtime, and the model in RAG_EMBED_MODEL (%s) runs in its own engine: choose an ONNX embedding model, or leave %s empty", rerankSettings(cfg), e.Model().ID, rerankSettings(cfg))
		}
	default:
		return nil, fmt.Errorf("%s runs in the local ONNX runtime, which a remote embeddings server (RAG_EMBED_BASE_URL) replaces: leave RAG_EMBED_BASE_URL empty, or leave %s empty", rerankSettings(cfg), rerankSettings(cfg))
	}
	if cfg.RerankModel != "" {
		ce, err := local.OpenReranker(cfg.RerankModel)
		if err != nil {
			return nil, err
		}
		r.Reranker = ce
	}
	if cfg.InjectionModel != "" {
		c, err := local.OpenClassifier(cfg.InjectionModel)
		if err != nil {
			if errors.Is(err, embed.ErrModelMissing) { // it names the setting
				return nil, err
			}
			return nil, fmt.Errorf("RAG_INJECTION_MODEL: %w", err)
		}
		r.Classifier, r.InjectionMinScore = c, cfg.InjectionMin
	}
	return r, nil
}

// retrieveOptions builds retrieval options from the configuration and flags.
func retrieveOptions(cfg config.Config, fl retrievalFlags) (retrieve.Options, error) {
	pf, err := store.NewPathFilter(fl.Path)
	if err != nil {
		return retrieve.Options{}, usageError{flagFilterError(err)}
	}
	mf, err := store.NewMetaFilter(fl.Tags, fl.Since, fl.Until)
	if err != nil {
		return retrieve.Options{}, usageError{flagFilterError(err)}
	}
	o := retrieve.Options{
		Collection: cfg.Collection, Candidates: cfg.Candidates, TopK: cfg.TopK, RRFK: cfg.RRFK,
		WeightBM25: cfg.WeightBM25, WeightVector: cfg.WeightVector, Path: pf, Meta: mf,
		MinSimilarity: cfg.MinSimilarity, MinCoverage: cfg.MinCoverage, RerankMinScore: cfg.RerankMin,
	}
	if fl.TopK > 0 {
		o.TopK = fl.TopK
	}
	return o, nil
}

// overrideTopK routes a given --top-k through the configuration's
// validation of RAG_TOP_K (config.LoadWith): -k 0 is the same error as
// RAG_TOP_K=0, exit 2.
func overrideTopK(c *cobra.Command, f *Factory, k int) {
	if c.Flags().Changed("top-k") {
		f.Override("RAG_TOP_K", "-k/--top-k", strconv.Itoa(k))
	}
}

// questionArg joins the positional arguments into the question. An empty
// question, or one without a letter or digit in any script ("?!", "...",
// "#"), is a usage error: it asks nothing that passages could answer, and
// its vector is not off-topic enough for the gate to say so (bge-small gave
// "?!.,;:" a cosine of 0.66 with a note about recipes).
func questionArg(args []string) (string, error) {
	q := strings.TrimSpace(strings.Join(args, " "))
	if q == "" {
		return "", usageError{fmt.Errorf("the question is empty")}
	}
	if !text.HasWords(q) {
		return "", usageError{fmt.Errorf("the question %q has no words (no letter or digit): ask about something in your notes", q)}
	}
	return q, nil
}

// setUpRetrieval loads the configuration, turns flags into retrieval options
// and opens the retriever: the common start of `sources` and `ask`.
func (f *Factory) setUpRetrieval(ctx context.Context, fl retrievalFlags) (config.Config, retrieve.Options, *retrieve.Retriever, func(), error) {
	cfg, err := f.Config()
	if err != nil {
		return cfg, retrieve.Options{}, nil, nil, err
	}
	ro, err := retrieveOptions(cfg, fl)
	if err != nil {
		return cfg, ro, nil, nil, err
	}
	r, closeAll, err := f.openRetriever(ctx, cfg)
	return cfg, ro, r, closeAll, err
}

// flagFilterError words a *store.FilterError with the flag that was given
// (--tag, --since, --path); other errors pass unchanged.
func flagFilterError(err error) error {
	var fe *store.FilterError
	if !errors.As(err, &fe) {
		return err
	}
	switch {
	case fe.Until != "":
		return fmt.Errorf("--since %q is after --until %q: %s", fe.Value, fe.Until, fe.Reason)
	case fe.Field == "tag":
		return fmt.Errorf("--tag %q: %s (hrag status lists the tags)", fe.Value, fe.Reason)
	}
	return fmt.Errorf("--%s %q: %s", fe.Field, fe.Value, fe.Reason)
}

// rerankSettings names the set ones of RAG_RERANK_MODEL and
// RAG_INJECTION_MODEL, the models that share the embedder's ONNX Runtime
// session, joined by "and".
func rerankSettings(cfg config.Config) string {
	var set []string
	for _, s := range []struct{ name, value string }{{"RAG_RERANK_MODEL", cfg.RerankModel}, {"RAG_INJECTION_MODEL", cfg.InjectionModel}} {
		if s.value != "" {
			set = append(set, s.name)
		}
	}
	return strings.Join(set, " and ")
}
