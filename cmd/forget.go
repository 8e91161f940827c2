package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hrag-dev/hrag/internal/config"
	"github.com/hrag-dev/hrag/internal/conversation"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/render"
	"github.com/hrag-dev/hrag/pkg/store"
)

// plural is "1 document", "2 documents".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// ForgetOptions are the inputs of `hrag forget`.
type ForgetOptions struct {
	Factory *Factory
	Paths   []string // files or folders whose documents to remove
	All     bool     // remove the whole collection
	Yes     bool     // --yes: do not ask before deleting a whole collection
	JSON    bool
}

// forgetReport is the --json output of `hrag forget`.
type forgetReport struct {
	Collection string   `json:"collection"`
	Paths      []string `json:"paths"`
	Documents  int64    `json:"documents_removed"`
	Dropped    bool     `json:"collection_dropped"`
	Notes      []string `json:"notes,omitempty"` // paths that held nothing; files that the next index run re-adds
}

// NewCmdForget builds `hrag forget PATH... | --all`. runF replaces the run
// function in tests (nil: forgetRun).
func NewCmdForget(f *Factory, runF func(context.Context, *ForgetOptions) error) *cobra.Command {
	opts := &ForgetOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "forget PATH... | --all",
		Short: "Remove the documents of a file or folder (which may be gone), or a whole collection",
		Long: `Forget removes from the collection every document at or under each PATH, with its
chunks, BM25 rows and vectors, and stops treating PATH as an indexed root. The
files need not exist any more (a deleted or unmounted folder). With --all it deletes
the whole collection (RAG_COLLECTION or --collection); on a terminal it asks
first (--yes does not).

Exit status: 0 done, 1 failed, 2 usage, 130 interrupted.`,
		Args: cobraArgs(cobra.ArbitraryArgs),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Paths = args
			if opts.All == (len(args) > 0) {
				return usageError{errors.New("give the files or folders to forget, or --all for the whole collection")}
			}
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return forgetRun(c.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.All, "all", false, "delete the whole collection")
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "with --all: do not ask for confirmation")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print what was removed as JSON")
	return cmd
}

func forgetRun(ctx context.Context, opts *ForgetOptions) error {
	f := opts.Factory
	cfg, err := f.Config()
	if err != nil {
		return err
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
	lock, err := st.LockCollection(ctx, coll.ID, true)
	if err != nil {
		return err
	}
	defer lock.Release()
	rep := forgetReport{Collection: coll.Name, Paths: []string{}}
	if opts.All {
		n, err := st.Count(ctx, coll.ID)
		if err != nil {
			return err
		}
		if f.IO.IsStdinTTY() && !opts.Yes {
			fmt.Fprintf(f.IO.ErrOut, "Delete collection %q with %s? [y/N] ", coll.Name, plural(int(n.Documents), "document"))
			answer, _ := bufio.NewReader(f.IO.In).ReadString('\n')
			if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
				return errors.New("not deleted (answer y to delete, or pass --yes)")
			}
		}
		if err := st.DropCollection(ctx, coll.ID); err != nil {
			return err
		}
		rep.Documents, rep.Dropped = n.Documents, true
		if dir, err := f.CacheDir(); err == nil { // its conversation goes with it
			if err := (conversation.Store{Dir: filepath.Join(dir, "conversations")}).Forget(coll.Name); err != nil {
				fmt.Fprintf(f.IO.ErrOut, "warning: the collection's conversation was not removed: %v\n", err)
			}
		}
	} else {
		var unknown []string
		for _, p := range opts.Paths {
			abs, err := store.RealPath(p) // a link to an indexed folder names it
			if err != nil {
				return err
			}
			n, err := st.ForgetPath(ctx, coll.ID, abs)
			if err != nil {
				return err
			}
			if spelt, _ := filepath.Abs(p); spelt != abs { // and what an older index stored under the link
				m, err := st.ForgetPath(ctx, coll.ID, spelt)
				if err != nil {
					return err
				}
				n += m
			}
			rep.Paths, rep.Documents = append(rep.Paths, abs), rep.Documents+n
			if n == 0 && !slices.Contains(coll.Roots, abs) {
				unknown = append(unknown, abs)
				continue
			}
			// Files still on disk under a root come back with its next run.
			for _, r := range coll.Roots {
				if r != abs && strings.HasPrefix(abs, r+string(filepath.Separator)) && index.WouldIndex(r, abs, cfg.Include, cfg.Exclude) {
					rep.Notes = append(rep.Notes, fmt.Sprintf("%s still exists under the indexed folder %s: the next `%s` adds it again; to keep it out, add %s to RAG_EXCLUDE",
						render.DisplayPath(abs), r, config.Command(coll.Name, "index "+config.ShellQuote(r)), config.ShellQuote(abs)))
					break
				}
			}
		}
		if len(unknown) == len(opts.Paths) {
			return fmt.Errorf("nothing is indexed at or under %s in collection %q (`%s` lists its folders)", strings.Join(unknown, ", "), coll.Name, config.Command(coll.Name, "status"))
		}
		for _, u := range unknown {
			rep.Notes = append(rep.Notes, fmt.Sprintf("nothing was indexed at or under %s", u))
		}
		if rep.Documents > 0 {
			if err := st.ResetNullSimilarity(ctx, coll.ID); err != nil {
				return err
			}
		}
	}
	if opts.JSON {
		return writeJSON(f, rep)
	}
	if rep.Dropped {
		fmt.Fprintf(f.IO.Out, "deleted collection %q (%s)\n", coll.Name, plural(int(rep.Documents), "document"))
	} else {
		fmt.Fprintf(f.IO.Out, "forgot %s under %s in %q\n", plural(int(rep.Documents), "document"), plural(len(rep.Paths), "path"), coll.Name)
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(f.IO.ErrOut, "note: %s\n", n)
	}
	return nil
}
