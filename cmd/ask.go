package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/config"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/render"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

// AskOptions are the inputs of `hrag ask`.
type AskOptions struct {
	Factory  *Factory
	Question string
	Raw      bool
	HyDE     bool
	retrievalFlags
}

// NewCmdAsk builds `hrag ask QUESTION`. runF replaces the run function in
// tests (nil: askRun).
func NewCmdAsk(f *Factory, runF func(context.Context, *AskOptions) error) *cobra.Command {
	opts := &AskOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "ask QUESTION",
		Short: "Answer a question from your notes, with citations",
		Long: `Ask retrieves passages (BM25 + vector search, fused with RRF) and has the LLM at
RAG_LLM_BASE_URL answer only from them, citing them as [n]. When nothing relevant
is found, or the model finds no answer in the passages, it says so instead of
guessing. Without RAG_LLM_BASE_URL it shows the passages (search only).

Exit status: 0 answered, 1 failed, 2 usage, 4 no grounded answer (not in the
notes, or the answer cited no passage).`,
		Args: cobraArgs(cobra.MinimumNArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			var err error
			if opts.Question, err = questionArg(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return askRun(c.Context(), opts)
		},
	}
	cmd.Flags().IntVarP(&opts.TopK, "top-k", "k", 0, "passages given to the LLM (RAG_TOP_K, default 6)")
	cmd.Flags().StringVar(&opts.Path, "path", "", "only files under this folder or matching this glob")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print {answer, abstained, reason, citations, passages} as JSON")
	cmd.Flags().BoolVar(&opts.Raw, "raw", false, "print raw Markdown even on a terminal")
	cmd.Flags().BoolVar(&opts.HyDE, "hyde", false, "let the LLM write a hypothetical passage to drive the vector search (HyDE)")
	return cmd
}

func askRun(ctx context.Context, opts *AskOptions) error {
	f := opts.Factory
	cfg, ro, r, closeAll, err := f.setUpRetrieval(ctx, opts.retrievalFlags)
	if err != nil {
		return err
	}
	defer closeAll()

	asker := newAsker(cfg, r)
	asker.HyDE = opts.HyDE

	var stream *render.Stream
	onDelta := func(string) {}
	if !opts.JSON {
		var md *render.Markdown
		if f.IO.IsStdoutTTY() && !opts.Raw {
			md, _ = render.NewMarkdown(f.IO.TerminalWidth())
		}
		stream = render.NewStream(f.IO.Out, md, terminalHeight())
		onDelta = stream.Write
	}
	res, err := asker.Ask(ctx, opts.Question, ro, onDelta)
	if err != nil {
		return err
	}

	if opts.JSON {
		enc := json.NewEncoder(f.IO.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return err
		}
	} else {
		for _, w := range res.Warnings {
			fmt.Fprintf(f.IO.ErrOut, "warning: %s\n", w)
		}
		switch res.Reason {
		case answer.ReasonNoLLM:
			fmt.Fprintln(f.IO.ErrOut, "note: search only: no LLM configured (set RAG_LLM_BASE_URL and RAG_LLM_MODEL); these are the passages an LLM would get")
			printPassages(f, res.Passages)
			return nil
		case answer.ReasonNoRelevantPassages:
			fmt.Fprintln(f.IO.Out, res.Answer)
			fmt.Fprintf(f.IO.ErrOut, "note: the LLM was not asked: %s\n", res.Detail)
		case answer.ReasonEmptyAnswer:
			stream.Finish("") // nothing was streamed
			fmt.Fprintln(f.IO.Out, res.Answer)
			fmt.Fprintf(f.IO.ErrOut, "note: %s (RAG_LLM_MODEL=%s), so there is no grounded answer\n", res.Detail, cfg.LLMModel)
		default:
			stream.Finish(res.Answer)
			switch res.Reason {
			case answer.ReasonNoValidCitations:
				fmt.Fprintf(f.IO.ErrOut, "warning: unsupported answer: %s\n", res.Detail)
			case answer.ReasonModelAbstained:
				fmt.Fprintln(f.IO.ErrOut, "note: the model found no answer in the passages it was shown (`hrag sources` lists them)")
			}
			if len(res.Citations) > 0 {
				fmt.Fprint(f.IO.Out, "\n"+render.SourcesList(res.Citations))
			}
		}
	}
	if res.Abstained {
		return withCode(ExitAbstained, errQuiet)
	}
	return nil
}

// newAsker builds the answer pipeline of `ask` and `eval answers` over r:
// the LLM of RAG_LLM_BASE_URL (none when it is empty: search only),
// RAG_LLM_MAX_TOKENS, and source paths shown relative to the working
// directory.
func newAsker(cfg config.Config, r *retrieve.Retriever) *answer.Asker {
	asker := &answer.Asker{Retriever: r, MaxTokens: cfg.LLMMaxTokens}
	if cfg.LLMBaseURL != "" {
		asker.LLM = llm.New(llm.Options{BaseURL: cfg.LLMBaseURL, APIKey: cfg.LLMAPIKey, Model: cfg.LLMModel, Timeout: cfg.LLMTimeout})
	}
	return asker
}

func terminalHeight() int {
	if _, h, err := term.GetSize(int(os.Stdout.Fd())); err == nil && h > 0 {
		return h
	}
	return 24
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
