// Package cmd wires hrag's command line: the Cobra commands, the exit codes,
// signal handling and the construction of the pieces each verb needs.
package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/hrag-dev/hrag/internal/config"
	"github.com/hrag-dev/hrag/internal/iostreams"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/store"
)

// Exit codes. They are documented in the README; scripts rely on them.
const (
	ExitOK          = 0   // success
	ExitError       = 1   // the command failed (database down, model missing, bad configuration, ...)
	ExitUsage       = 2   // wrong flags or arguments
	ExitPartial     = 3   // finished, but some files failed
	ExitAbstained   = 4   // no grounded answer: the notes do not cover the question (ask, sources)
	ExitInterrupted = 130 // stopped by Ctrl-C or SIGTERM; committed work is kept
)

// ExitCodes lists every exit code with its name, for documentation tests:
// the README's table must list exactly these.
var ExitCodes = map[int]string{ExitOK: "ok", ExitError: "error", ExitUsage: "usage", ExitPartial: "partial",
	ExitAbstained: "no_answer", ExitInterrupted: "interrupted"}

// Main runs hrag with os.Args and returns the process exit code. The context
// is cancelled on SIGINT/SIGTERM (as restic's cleanup handler does); a
// second signal kills the process at once.
func Main() int {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	f := NewFactory(iostreams.System(), os.LookupEnv)
	go func() {
		<-sig
		cancel()
		<-sig
		fmt.Fprintln(f.IO.ErrOut, "hrag: interrupted again: stopped at once, without a summary; what was committed is kept")
		os.Exit(ExitInterrupted)
	}()
	f.Exiting = true
	return Run(ctx, f, os.Args[1:])
}

// Run runs hrag with args (without the program name) on f's streams and
// returns the exit code: Main without the signals, for tests. A failure is
// worded on stderr; with --json, a command that failed before printing
// anything also prints {"error", "exit_code", "exit"} on stdout, so a
// script reading stdout always gets one JSON document.
func Run(ctx context.Context, f *Factory, args []string) int {
	root := NewCmdRoot(f)
	root.SetArgs(args)
	c, err := root.ExecuteContextC(ctx)
	if perr := f.stopProfiles(); perr != nil && err == nil {
		err = perr
	}
	code := ExitCode(err)
	if ctx.Err() != nil && (code == ExitOK || code == ExitError) {
		code = ExitInterrupted // a failure caused by the interruption is the interruption
	}
	if err != nil && errors.Is(err, context.Canceled) && code == ExitInterrupted {
		err = errors.New("interrupted")
	}
	if err == nil || errors.Is(err, errQuiet) {
		return code
	}
	msg := Message(err)
	if code == ExitUsage {
		if hint := misplacedFlag(root, args); hint != "" {
			msg += " (" + hint + ")"
		}
	}
	fmt.Fprintf(f.IO.ErrOut, "hrag: %s\n", msg)
	if code == ExitUsage {
		path := "hrag"
		if c != nil {
			path = c.CommandPath()
		}
		fmt.Fprintf(f.IO.ErrOut, "Run '%s --help' for usage.\n", path)
	}
	if wantsJSON(c, args, err) && f.IO.OutBytes() == 0 {
		_ = writeJSON(f, map[string]any{"error": msg, "exit_code": code, "exit": ExitCodes[code]})
	}
	return code
}

// misplacedFlag returns a hint when args give, before the command's name,
// a flag that hrag itself lacks but that command has ("hrag --json sources
// x"): Cobra then reads the command's name as the flag's value and reports
// an unknown command or flag. "" otherwise.
func misplacedFlag(root *cobra.Command, args []string) string {
	for i, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			return ""
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if root.PersistentFlags().Lookup(name) != nil || len(a) == 2 && root.PersistentFlags().ShorthandLookup(name) != nil {
			continue
		}
		for _, rest := range args[i+1:] {
			sub, _, err := root.Find([]string{rest})
			if err == nil && sub != root {
				if sub.Flags().Lookup(name) != nil || len(a) == 2 && sub.Flags().ShorthandLookup(name) != nil {
					return fmt.Sprintf("%s is a flag of %s: put it after the command's name, as in `%s %s …`", a, sub.CommandPath(), sub.CommandPath(), a)
				}
				return ""
			}
		}
		return ""
	}
	return ""
}

// wantsJSON reports whether the command was asked for --json: its parsed
// flag, or, when parsing stopped at a bad flag (err) or the command found
// has no such flag ("hrag --json sources x" finds hrag), a --json or
// --json=BOOL among the arguments before "--".
func wantsJSON(c *cobra.Command, args []string, err error) bool {
	var fp flagParseError
	if c != nil && !errors.As(err, &fp) {
		if fl := c.Flags().Lookup("json"); fl != nil {
			return fl.Value.String() == "true"
		}
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "--json" {
			return true
		}
		if v, ok := strings.CutPrefix(a, "--json="); ok {
			b, err := strconv.ParseBool(v)
			return err == nil && b
		}
	}
	return false
}

// Message is what the user reads for err: its text, then the advice for
// the typed errors of the core packages (which name no command): the one
// table from errors to what to do.
func Message(err error) string {
	var empty *retrieve.EmptyIndexError
	var model *retrieve.ModelMismatchError
	var none *store.NoCollectionError
	var kept *index.KeptVersionError
	var fts *store.FTSConfigError
	switch {
	case errors.As(err, &fts) && fts.Have == "":
		return fmt.Sprintf("%v: set RAG_FTS_CONFIG to one of them", err)
	case errors.As(err, &fts):
		return fmt.Sprintf("%v (RAG_FTS_CONFIG): set RAG_FTS_CONFIG=%s, or index into a new --collection", err, fts.Have)
	case errors.As(err, &kept):
		return fmt.Sprintf("%v (`%s` removes it)", err, config.Command(kept.Collection, "forget "+config.ShellQuote(kept.Path)))
	case errors.As(err, &empty) && empty.Missing:
		return fmt.Sprintf("%v: run `%s` first", err, config.Command(empty.Collection, "index PATH"))
	case errors.As(err, &empty):
		return fmt.Sprintf("%v: run `%s`", err, config.Command(empty.Collection, "index PATH"))
	case errors.As(err, &model) && model.HaveDim > 0:
		return fmt.Sprintf("%v: run `%s`", err, config.Command(model.Collection, "reembed"))
	case errors.As(err, &model):
		return fmt.Sprintf("%v: run `%s` to embed its stored chunks with %s (RAG_EMBED_MODEL; the files are not needed), or set RAG_EMBED_MODEL back to one of those",
			err, config.Command(model.Collection, "reembed"), model.Model)
	case errors.As(err, &none):
		return fmt.Sprintf("%v (`hrag status` lists the collections; `%s` creates it)", err, config.Command(none.Name, "index PATH"))
	case errors.Is(err, llm.ErrTimeout):
		return fmt.Sprintf("%v: try again, raise RAG_LLM_TIMEOUT or use a smaller model", err)
	case errors.Is(err, llm.ErrAuth):
		return fmt.Sprintf("%v: check RAG_LLM_API_KEY", err)
	case errors.Is(err, llm.ErrModelNotFound):
		return fmt.Sprintf("%v: check RAG_LLM_MODEL", err)
	case errors.Is(err, llm.ErrNotChatAPI):
		return fmt.Sprintf("%v: check RAG_LLM_BASE_URL (an OpenAI-compatible API usually ends in /v1)", err)
	case errors.Is(err, llm.ErrUnreachable):
		return fmt.Sprintf("%v: is the server running? Check RAG_LLM_BASE_URL", err)
	case errors.Is(err, store.ErrLockLost):
		return fmt.Sprintf("%v: the run stopped; what it stored before is kept. Run the same command again (it waits for any run that took the lock since)", err)
	}
	return err.Error()
}

// exitError carries an exit code chosen by a command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// errQuiet is returned (with an exit code) when the user has already been
// told everything: Main prints nothing more.
var errQuiet = errors.New("")

// withCode returns err marked with an exit code.
func withCode(code int, err error) error { return &exitError{code, err} }

// ExitCode maps an error returned by a command to the process exit code: the
// one table for every verb.
func ExitCode(err error) int {
	var ee *exitError
	var ce *config.Error
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &ee):
		return ee.code
	case errors.Is(err, context.Canceled):
		return ExitInterrupted
	case errors.As(err, &ce):
		if ce.FromFlags {
			return ExitUsage // a bad flag value: the same check as its variable's
		}
		return ExitError
	case isUsage(err), strings.HasPrefix(err.Error(), "unknown command"):
		return ExitUsage
	}
	return ExitError
}

type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

// flagParseError is a failure to parse the flags: the command's flags
// after the bad one were not read.
type flagParseError struct{ error }

func (e flagParseError) Unwrap() error { return e.error }

func isUsage(err error) bool {
	var u usageError
	return errors.As(err, &u)
}

// NewCmdRoot builds the `hrag` command tree.
func NewCmdRoot(f *Factory) *cobra.Command {
	root := &cobra.Command{
		Use:   "hrag",
		Short: "Honest retrieval-augmented generation over your notes",
		Long: `hrag indexes folders of notes, manuals and papers into PostgreSQL (BM25 + pgvector)
and answers questions only from the retrieved passages, with citations.

Configuration comes from RAG_* variables (see .env.example); flags override them.`,
		Version:       Version(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usageError{flagParseError{flagError(c, err)}} })
	root.PersistentFlags().StringVar(&f.EnvFile, "env-file", "", "read RAG_* settings from this file (default ./.env, then ~/.config/hrag/env)")
	root.PersistentFlags().StringVarP(&f.Collection, "collection", "c", "", "collection to use (RAG_COLLECTION, default \"default\")")
	root.PersistentFlags().StringVar(&f.CPUProfile, "cpu-profile", "", "write a pprof CPU profile of the run to this file")
	root.PersistentFlags().StringVar(&f.MemProfile, "mem-profile", "", "write a pprof heap profile (Go heap only; ONNX Runtime allocates outside it) at the end of the run to this file")
	_ = root.PersistentFlags().MarkHidden("cpu-profile")
	_ = root.PersistentFlags().MarkHidden("mem-profile")
	_ = root.RegisterFlagCompletionFunc("collection", f.completeCollections)
	root.PersistentFlags().BoolVarP(&f.Quiet, "quiet", "q", false, "no progress output (warnings and the summary still print)")
	root.PersistentPreRunE = func(c *cobra.Command, _ []string) error {
		if c.Flags().Changed("collection") {
			f.Override("RAG_COLLECTION", "-c/--collection", f.Collection)
		}
		return f.startProfiles()
	}
	root.AddCommand(NewCmdIndex(f, nil), NewCmdSources(f, nil), NewCmdAsk(f, nil))
	root.AddCommand(NewCmdReembed(f, nil), NewCmdStatus(f, nil), NewCmdForget(f, nil), NewCmdEval(f, nil), NewCmdMCP(f, nil))
	return root
}

// flagError rewrites pflag's errors for people: a bad number says what is
// wanted instead of quoting strconv, and an unknown flag suggests the
// nearest one the command has.
func flagError(c *cobra.Command, err error) error {
	msg := err.Error()
	if m := badNumber.FindStringSubmatch(msg); m != nil {
		return fmt.Errorf("%s %q: want a whole number", strings.ReplaceAll(m[2], ", ", "/"), m[1])
	}
	if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		var names []string
		c.Flags().VisitAll(func(fl *pflag.Flag) {
			if !fl.Hidden {
				names = append(names, fl.Name)
			}
		})
		if best := config.Nearest(name, names, 2); best != "" {
			return fmt.Errorf("%s (did you mean --%s?)", msg, best)
		}
	}
	return err
}

var badNumber = regexp.MustCompile(`^invalid argument "(.*)" for "(.*)" flag: strconv\.Parse`)

// requireArgs accepts one or more positional arguments and says that name
// (QUESTION, PATH) is required when there is none: a usage error.
func requireArgs(name string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return usageError{fmt.Errorf("%s is required: %s", name, cmd.UseLine())}
		}
		return nil
	}
}

// cobraArgs wraps a positional-argument validator so that its errors map to
// ExitUsage.
func cobraArgs(v cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := v(cmd, args); err != nil {
			return usageError{err}
		}
		return nil
	}
}

// Version is hrag's version for --version: the module version when built
// from a tagged module, else the VCS revision the binary was built from (12
// hex digits, "+dirty" with uncommitted changes), else "devel".
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return rev
}
