package cmd

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hrag-dev/hrag/internal/eval"
)

// EvalInjectionOptions are the flags of `hrag eval injection`.
type EvalInjectionOptions struct {
	Factory  *Factory
	Lines    []string // JSONL line sets
	Text     []string // files or folders of real text, all benign
	Patterns []string // file name globs under Text
	Show     int      // examples printed per set
	JSON     bool
}

// NewCmdEvalInjection builds `hrag eval injection`.
func NewCmdEvalInjection(f *Factory) *cobra.Command {
	opts := &EvalInjectionOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "injection [--lines FILE]... [--text PATH]...",
		Short: "Count what the prompt-injection rules mask and flag on line sets and real text",
		Long: `Injection runs the prompt-injection detector (what hrag masks before a passage
reaches the model, and what it flags) over labelled line sets and over real text,
and counts lines:

  --lines FILE  a JSONL line set, one {"text": "...", "attack": true|false} per line
                (testdata/injection/tune.jsonl, testdata/injection/heldout.jsonl);
                each text is detected on its own
  --text PATH   a file or folder of documents taken as benign (manuals, READMEs);
                each block as hrag extracts it is detected as a whole, and a
                non-blank line counts as masked or flagged when a span overlaps it
  --name GLOB   only files under --text whose name matches (repeatable)

It needs no database and no model. Exit status: 0 done, 1 failed, 2 usage, 130 interrupted.`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			if len(opts.Lines)+len(opts.Text) == 0 {
				return usageError{fmt.Errorf("give at least one --lines FILE or --text PATH")}
			}
			return evalInjectionRun(c.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVar(&opts.Lines, "lines", nil, "JSONL line set (repeatable)")
	fl.StringArrayVar(&opts.Text, "text", nil, "file or folder of benign documents (repeatable)")
	fl.StringArrayVar(&opts.Patterns, "name", nil, "file name glob under --text (repeatable)")
	fl.IntVar(&opts.Show, "show", 10, "examples printed per set (benign lines masked or flagged, attacks missed)")
	fl.BoolVar(&opts.JSON, "json", false, "print the counts as JSON")
	return cmd
}

func evalInjectionRun(ctx context.Context, opts *EvalInjectionOptions) error {
	out := opts.Factory.IO.Out
	var counts []eval.InjectionCount
	for _, file := range opts.Lines {
		c, err := eval.InjectionLines(file)
		if err != nil {
			return err
		}
		counts = append(counts, c)
	}
	for _, root := range opts.Text {
		c, err := eval.InjectionText(ctx, root, opts.Patterns)
		if err != nil {
			return err
		}
		counts = append(counts, c)
	}
	if opts.JSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(counts)
	}
	pct := func(n, d int) string {
		if d == 0 {
			return "-"
		}
		return fmt.Sprintf("%.2f%%", 100*float64(n)/float64(d))
	}
	for _, c := range counts {
		fmt.Fprintf(out, "%s\n  benign lines %d: masked %d (%s), flagged %d (%s)\n", c.Name, c.Benign, c.BenignMasked, pct(c.BenignMasked, c.Benign), c.BenignFlagged, pct(c.BenignFlagged, c.Benign))
		if c.Attacks > 0 {
			fmt.Fprintf(out, "  attacks %d: masked %d, flagged %d, missed %d\n", c.Attacks, c.AttacksMasked, c.AttacksFlagged, c.Attacks-c.AttacksMasked-c.AttacksFlagged)
		}
		for i, ex := range c.Examples {
			if i == opts.Show {
				fmt.Fprintf(out, "    … %d more\n", len(c.Examples)-i)
				break
			}
			fmt.Fprintf(out, "    %s\n", ex)
		}
	}
	return nil
}
