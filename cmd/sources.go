package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/spf13/cobra"

	"github.com/hrag-dev/hrag/pkg/render"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

// SourcesOptions are the inputs of `hrag sources`.
type SourcesOptions struct {
	Factory  *Factory
	Question string
	retrievalFlags
}

// NewCmdSources builds `hrag sources QUESTION`. runF replaces the run
// function in tests (nil: sourcesRun).
func NewCmdSources(f *Factory, runF func(context.Context, *SourcesOptions) error) *cobra.Command {
	opts := &SourcesOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "sources QUESTION",
		Short: "Show the passages retrieval finds for a question (no LLM)",
		Long: `Sources runs the same hybrid retrieval as ask (BM25 and vector search fused with
Reciprocal Rank Fusion) and prints the passages as the LLM would get them: number,
file and lines, breadcrumb, fused score and each retriever's rank.

Exit status: 0 passages found, 1 failed, 2 usage, 4 nothing relevant found, 130 interrupted.`,
		Args:       requireArgs("QUESTION"),
		SuggestFor: []string{"search", "find", "query", "retrieve", "grep"},
		RunE: func(c *cobra.Command, args []string) error {
			var err error
			if opts.Question, err = questionArg(args); err != nil {
				return err
			}
			if err := checkFilters(c, opts.retrievalFlags); err != nil {
				return err
			}
			overrideTopK(c, f, opts.TopK)
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return sourcesRun(c.Context(), opts)
		},
	}
	cmd.Flags().IntVarP(&opts.TopK, "top-k", "k", 0, "number of passages (RAG_TOP_K, default 6)")
	addFilterFlags(cmd, &opts.retrievalFlags)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the passages as JSON")
	return cmd
}

// sourcesJSON is the --json shape of `hrag sources`.
type sourcesJSON struct {
	Question string             `json:"question"`
	Relevant bool               `json:"relevant"`
	Reason   string             `json:"reason"` // a stable code: retrieve.GateCodes
	Detail   string             `json:"detail"` // the reason in a sentence, with the numbers
	Passages []retrieve.Passage `json:"passages"`
	Warnings []string           `json:"warnings,omitempty"`
	Timing   map[string]float64 `json:"timing_ms"`
}

func sourcesRun(ctx context.Context, opts *SourcesOptions) error {
	f := opts.Factory
	_, ro, r, closeAll, err := f.setUpRetrieval(ctx, opts.retrievalFlags)
	if err != nil {
		return err
	}
	defer closeAll()
	res, err := r.Retrieve(ctx, opts.Question, ro)
	if err != nil {
		return err
	}
	if opts.JSON {
		out := sourcesJSON{Question: opts.Question, Relevant: res.Relevant, Reason: res.Code, Detail: res.Reason, Passages: res.Passages, Warnings: res.Warnings,
			Timing: map[string]float64{"bm25": ms(res.BM25Time), "vector": ms(res.VectorTime), "total": ms(res.Total)}}
		if out.Passages == nil {
			out.Passages = []retrieve.Passage{}
		}
		enc := json.NewEncoder(f.IO.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		for _, w := range res.Warnings {
			fmt.Fprintf(f.IO.ErrOut, "warning: %s\n", w)
		}
		printPassages(f, res.Passages)
		switch {
		case slices.Contains(retrieve.FilterCodes, res.Code): // nothing was searched
			fmt.Fprintf(f.IO.ErrOut, "note: %s\n", res.Reason)
		case !res.Relevant:
			fmt.Fprintf(f.IO.ErrOut, "note: nothing relevant enough to answer from: %s\n", res.Reason)
		}
	}
	if !res.Relevant {
		return withCode(ExitAbstained, errQuiet)
	}
	return nil
}

func printPassages(f *Factory, ps []retrieve.Passage) {
	if f.IO.IsStdoutTTY() {
		if md, err := render.NewMarkdown(f.IO.TerminalWidth()); err == nil {
			fmt.Fprint(f.IO.Out, md.Passages(ps))
			return
		}
	}
	fmt.Fprint(f.IO.Out, render.PassagesPlain(ps))
}
