package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hrag-dev/hrag/internal/config"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/store"
)

// ReembedOptions are the inputs of `hrag reembed`.
type ReembedOptions struct {
	Factory  *Factory
	Drop     []string // model ids whose vectors to remove instead of embedding
	PruneOld bool     // after a complete run, remove every other model's vectors
	NoWait   bool
	JSON     bool
}

// reembedReport is the --json output: the run's summary (absent with --drop)
// and what was removed.
type reembedReport struct {
	*index.ReembedSummary
	Dropped []droppedVectors `json:"dropped"`
}

type droppedVectors struct {
	Model   string   `json:"model"`
	Tables  []string `json:"tables"`
	Vectors int64    `json:"vectors"`
}

// NewCmdReembed builds `hrag reembed`. runF replaces the run function in
// tests (nil: reembedRun).
func NewCmdReembed(f *Factory, runF func(context.Context, *ReembedOptions) error) *cobra.Command {
	opts := &ReembedOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "reembed",
		Short: "Embed the indexed chunks with the configured model (switch models without the files)",
		Long: `Reembed gives every chunk of the collection a vector of the configured embedding
model (RAG_EMBED_MODEL, RAG_EMBED_DOCUMENT_PREFIX, local or RAG_EMBED_BASE_URL),
in that model's own vector table. It reads the text stored in the database: the
original files are not needed. Chunks that already have such a vector are
skipped, so an interrupted run is finished by running it again. A document whose
stored chunks are too long for the new model's input is re-chunked from its
stored text (chunks, BM25 rows and vectors replaced in one transaction).

The previous model's vectors stay, so switching RAG_EMBED_MODEL back is instant,
until you remove them with --drop MODEL or --prune-old. ` + "`hrag status`" + ` lists
the models of each collection.

Exit status: 0 done, 1 failed, 2 usage, 130 interrupted (committed vectors are kept).`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			if len(opts.Drop) > 0 && opts.PruneOld {
				return usageError{errors.New("--drop and --prune-old do not go together: --drop only removes, --prune-old embeds and then removes the others")}
			}
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return reembedRun(c.Context(), opts)
		},
	}
	cmd.Flags().StringArrayVar(&opts.Drop, "drop", nil, "remove the vectors of `model` from the collection: its name as hrag status shows it, or its directory (repeatable; nothing is embedded)")
	cmd.Flags().BoolVar(&opts.PruneOld, "prune-old", false, "after a complete run, remove the vectors of every other model from the collection")
	cmd.Flags().BoolVar(&opts.NoWait, "no-wait", false, "fail at once if another hrag is writing the collection")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the summary as JSON")
	return cmd
}

func reembedRun(ctx context.Context, opts *ReembedOptions) error {
	f := opts.Factory
	cfg, err := f.Config()
	if err != nil {
		return err
	}
	if len(opts.Drop) > 0 {
		return dropRun(ctx, opts, cfg)
	}
	emb, tk, st, closeAll, err := f.openModelAndStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeAll()

	prog := f.IO.NewProgress("re-embedding", "chunks", !f.Quiet)
	prog.Explain = Message
	iopts := indexOptions(cfg, st, emb, tk)
	iopts.Collection, iopts.Wait, iopts.Reporter = cfg.Collection, !opts.NoWait, prog
	sum, err := index.Reembed(ctx, iopts)
	prog.Finish()
	if err != nil && !errors.Is(err, index.ErrInterrupted) {
		if n := sum.Embedded + sum.Reused; n > 0 {
			return fmt.Errorf("%w (the %d vectors stored before the failure are kept; run `%s` again to resume)", err, n, config.Command(cfg.Collection, "reembed"))
		}
		return err
	}
	rep := reembedReport{ReembedSummary: &sum, Dropped: []droppedVectors{}}
	if err == nil && opts.PruneOld && sum.Complete() {
		coll, e := st.Collection(ctx, cfg.Collection)
		if e != nil {
			return e
		}
		tables, e := st.CollectionVectorTables(ctx, coll.ID)
		if e != nil {
			return e
		}
		seen := map[string]bool{sum.Model: true}
		for _, t := range tables {
			if seen[t.Model] {
				continue
			}
			seen[t.Model] = true
			d, e := drop(ctx, st, coll.ID, t.Model)
			if e != nil {
				return e
			}
			rep.Dropped = append(rep.Dropped, d)
		}
	}
	if opts.JSON {
		if e := writeJSON(f, rep); e != nil {
			return e
		}
	} else {
		fmt.Fprintln(f.IO.Out, reembedLine(sum))
		for _, d := range rep.Dropped {
			fmt.Fprintln(f.IO.Out, dropLine(cfg.Collection, d))
		}
	}
	if err != nil {
		return withCode(ExitInterrupted, fmt.Errorf("interrupted; the vectors stored so far are kept: run `%s` again to finish", config.Command(cfg.Collection, "reembed")))
	}
	return nil
}

// dropRun removes the vectors of the --drop models; the configured model
// cannot be dropped.
func dropRun(ctx context.Context, opts *ReembedOptions, cfg config.Config) error {
	f := opts.Factory
	current := f.EmbedModelID(cfg)
	for i, m := range opts.Drop {
		if md, err := embed.Inspect(m); err == nil { // a model directory, as in RAG_EMBED_MODEL
			m, opts.Drop[i] = md.ID, md.ID
		}
		if m == current {
			return usageError{fmt.Errorf("--drop %s: that is the configured model (RAG_EMBED_MODEL); switch RAG_EMBED_MODEL first", m)}
		}
	}
	st, err := f.OpenStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	coll, err := st.Collection(ctx, cfg.Collection)
	if err != nil {
		return err
	}
	tables, err := st.CollectionVectorTables(ctx, coll.ID)
	if err != nil {
		return err
	}
	var known []string
	for _, t := range tables {
		known = append(known, t.Model)
	}
	lock, err := st.LockCollection(ctx, coll.ID, !opts.NoWait)
	if err != nil {
		return err
	}
	defer lock.Release()
	rep := reembedReport{Dropped: []droppedVectors{}}
	for _, m := range opts.Drop {
		d, err := drop(ctx, st, coll.ID, m)
		if err != nil {
			return err
		}
		if len(d.Tables) == 0 {
			return usageError{fmt.Errorf("--drop %s: collection %q has no vectors of that model (it has %s)", m, coll.Name, strings.Join(known, ", "))}
		}
		rep.Dropped = append(rep.Dropped, d)
	}
	if opts.JSON {
		return writeJSON(f, rep)
	}
	for _, d := range rep.Dropped {
		fmt.Fprintln(f.IO.Out, dropLine(coll.Name, d))
	}
	return nil
}

func drop(ctx context.Context, st *store.Store, collectionID int, model string) (droppedVectors, error) {
	tables, n, err := st.DropVectors(ctx, collectionID, model)
	if tables == nil {
		tables = []string{}
	}
	return droppedVectors{Model: model, Tables: tables, Vectors: n}, err
}

func reembedLine(s index.ReembedSummary) string {
	line := fmt.Sprintf("re-embedded %q with %s: %d chunks embedded, %d reused, %d already had a vector, %d documents re-chunked; %d of %d chunks have a vector (table %s) in %.1fs",
		s.Collection, s.Model, s.Embedded, s.Reused, s.Skipped, s.Rechunked, s.Vectors, s.Chunks, s.Table, s.Seconds)
	if s.Interrupted {
		line += " (interrupted: run it again to finish)"
	}
	return line
}

func dropLine(coll string, d droppedVectors) string {
	return fmt.Sprintf("dropped %d vectors of %s from %q (%s)", d.Vectors, d.Model, coll, strings.Join(d.Tables, ", "))
}

func writeJSON(f *Factory, v any) error {
	enc := json.NewEncoder(f.IO.Out)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
