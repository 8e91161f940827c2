package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/hrag-dev/hrag/internal/config"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/render"
)

// IndexOptions are the inputs of `hrag index`.
type IndexOptions struct {
	Factory *Factory
	Paths   []string
	Include []string
	Exclude []string
	NoPrune bool
	NoWait  bool
	JSON    bool
	Verbose bool // list the files and folders left out by rule
	Verify  bool // hash files whose size and mtime did not move
}

// NewCmdIndex builds `hrag index PATH...`. runF replaces the run function in
// tests (nil: indexRun).
func NewCmdIndex(f *Factory, runF func(context.Context, *IndexOptions) error) *cobra.Command {
	opts := &IndexOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "index PATH...",
		Short: "Index files and folders of notes, manuals and papers (Markdown, text, Org, RST, HTML, PDF, DOCX, ODT)",
		Long: `Index walks the given files and folders, cuts new and changed files into chunks,
embeds the chunks with the local model and stores them in PostgreSQL, one
transaction per document. Unchanged files cost nothing; files deleted from an
indexed folder are removed from the index (unless --no-prune).

Files are chosen by name: RAG_INCLUDE (or --include) globs, minus RAG_EXCLUDE
(or --exclude). Hidden files and folders (".name") are left out, and
version-control folders are not looked into; name a hidden file or folder on
the command line to index it. The summary counts what was left out by these
rules; -v lists it. A file named on the command line that the globs leave out
is reported and not indexed. Documents whose files one-off --include/--exclude
flags leave out are kept; documents whose files the settings no longer match
are removed, as are those whose files are gone.

Progress on a terminal: a bar of chunks embedded, with the rate and the time
left. Piped or from cron: at most one progress line a minute on stderr (none
for a run shorter than that, none with --quiet), then the summary line on
stdout.

Exit status: 0 done, 1 failed, 2 usage, 3 done but some files failed, 130 interrupted.`,
		Args: requireArgs("PATH"),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Paths = args
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return indexRun(c.Context(), opts)
		},
	}
	cmd.Flags().StringSliceVar(&opts.Include, "include", nil, "file-name globs to index (RAG_INCLUDE, default *.md,*.markdown,*.txt,*.org,*.rst,*.html,*.htm,*.pdf,*.docx,*.odt)")
	cmd.Flags().StringSliceVar(&opts.Exclude, "exclude", nil, "globs of files or folders to skip (RAG_EXCLUDE)")
	cmd.Flags().BoolVar(&opts.NoPrune, "no-prune", false, "keep indexed documents whose file was deleted")
	cmd.Flags().BoolVar(&opts.NoWait, "no-wait", false, "fail at once if another hrag is indexing the collection")
	cmd.Flags().BoolVar(&opts.Verify, "verify", false, "also read files whose size and modification time did not change, and index them again if their content did (reads every file)")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the summary as JSON")
	cmd.Flags().BoolVarP(&opts.Verbose, "verbose", "v", false, "list the files and folders left out by rule (hidden, --include, --exclude)")
	return cmd
}

func indexRun(ctx context.Context, opts *IndexOptions) error {
	f := opts.Factory
	// --include/--exclude go through the checks of RAG_INCLUDE/RAG_EXCLUDE.
	oneOff := opts.Include != nil || opts.Exclude != nil
	if opts.Include != nil {
		f.Override("RAG_INCLUDE", "--include", strings.Join(opts.Include, ","))
	}
	if opts.Exclude != nil {
		f.Override("RAG_EXCLUDE", "--exclude", strings.Join(opts.Exclude, ","))
	}
	cfg, err := f.Config()
	if err != nil {
		return err
	}
	// Fail fast, before any work: model first (local), then the database.
	emb, tk, st, closeAll, err := f.openModelAndStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeAll()

	prog := f.IO.NewProgress("indexing", "chunks", !f.Quiet)
	prog.Explain = Message
	iopts := indexOptions(cfg, st, emb, tk)
	iopts.Roots, iopts.Collection, iopts.Prune, iopts.Wait, iopts.Reporter = opts.Paths, cfg.Collection, !opts.NoPrune, !opts.NoWait, prog
	iopts.OneOffRules, iopts.ListIgnored, iopts.Verify = oneOff, opts.Verbose, opts.Verify
	began := time.Now()
	sum, err := index.Run(ctx, iopts)
	prog.Finish()
	if errors.Is(err, index.ErrNothingToIndex) {
		return usageError{err}
	}
	// A run that failed after it began (the database gone for longer than
	// the retries, the lock lost) still prints what it stored.
	if err != nil && !errors.Is(err, index.ErrInterrupted) && !sum.Begun {
		return err
	}
	if sum.Seconds == 0 && sum.Begun {
		sum.Seconds = time.Since(began).Seconds()
	}
	if opts.Verbose && !opts.JSON {
		for _, sk := range sum.SkippedFiles {
			fmt.Fprintf(f.IO.ErrOut, "skipped: %s: %s\n", render.DisplayPath(sk.Path), strings.TrimSuffix(sk.Reason, "; skipped"))
		}
		for _, ig := range sum.IgnoredFiles {
			fmt.Fprintf(f.IO.ErrOut, "ignored: %s: %s\n", render.DisplayPath(ig.Path), ig.Describe(cfg.Include, func(args ...string) string { return config.CommandWords(cfg.Collection, args...) }))
		}
	}
	if opts.JSON {
		enc := json.NewEncoder(f.IO.Out)
		enc.SetIndent("", "  ")
		if e := enc.Encode(sum); e != nil {
			return e
		}
	} else {
		fmt.Fprintln(f.IO.Out, summaryLine(sum, opts.Verbose))
	}
	switch {
	case errors.Is(err, index.ErrInterrupted):
		return withCode(ExitInterrupted, err)
	case err != nil:
		return err
	case sum.Failed > 0:
		return withCode(ExitPartial, fmt.Errorf("%d file(s) could not be indexed (see the warnings above)", sum.Failed))
	}
	return nil
}

func summaryLine(s index.Summary, verbose bool) string {
	updated := fmt.Sprintf("%d updated", s.Updated)
	if s.Rechunked > 0 {
		updated = fmt.Sprintf("%d updated (%d cut again under new chunk settings)", s.Updated, s.Rechunked)
	}
	line := fmt.Sprintf("indexed %q: %d added, %s, %d unchanged, %d moved, %d deleted, %d skipped, %d failed; %d chunks written (%d embedded, %d reused) in %.1fs",
		s.Collection, s.Added, updated, s.Unchanged, s.Moved, s.Deleted, s.Skipped, s.Failed, s.Chunks, s.Embedded, s.Reused, s.Seconds)
	if s.Junk > 0 {
		line += fmt.Sprintf("; %d file(s) with machine data left out (see the warnings)", s.Junk)
	}
	if ig := s.Ignored.String(); ig != "" {
		line += "; left out by rule: " + ig
		if !verbose {
			line += " (-v lists them)"
		}
	}
	if s.Filled > 0 {
		line += fmt.Sprintf("; %d stored chunks got vectors of the configured model", s.Filled)
	}
	if s.Interrupted {
		line += " (interrupted)"
	}
	return line
}
