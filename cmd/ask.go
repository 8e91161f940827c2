package cmd

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/hrag-dev/hrag/internal/config"
	"github.com/hrag-dev/hrag/internal/conversation"
	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/render"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

// AskOptions are the inputs of `hrag ask`.
type AskOptions struct {
	Factory  *Factory
	Question string
	Raw      bool
	HyDE     bool
	// FollowUp continues the collection's last conversation (--follow-up).
	FollowUp bool
	// Verbose prints on stderr what was searched (a follow-up's standalone
	// question, even when it is the question as typed) and what the LLM
	// read and wrote (--verbose).
	Verbose bool
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

Each sentence comes with a quote: the words of a passage that state it, which
hrag finds in the passage itself (or, when the model paraphrased them, the
sentence, list item or table row of the passage that holds the sentence's facts).
Nothing the model writes is shown before every sentence has passed the claim
checks against those words: its numbers, dates, codes, URLs, paths and e-mail
addresses must be in the quote, it may not negate what the quote says (or the
reverse) nor give one setting another's value, and the question's identifiers
and rare words must be in the quoted units of the answer. Sentences that fail are
listed on stderr with the reason. On a terminal each sentence is followed by its
quote with file and line; piped or with --raw only the answer is printed, and
--json carries every sentence with its quote and verdict. RAG_VERIFY=true also
asks the model to confirm each sentence against its quote. Passages reach the
model inside tags it cannot forge, as data; control tokens, hidden text and
"ignore previous instructions" in them are masked, other text that may address
an AI assistant is flagged.

Every ask starts a conversation (kept per collection under the cache folder);
--follow-up continues it: the LLM rewrites the question into a standalone one
from the last turns ("and in 2023?" → "How much did the car insurance cost in
2023?"), which is searched together with the question as typed (RRF) and with
the passages the last answer cited, then answered and checked like any other.
The standalone question is printed on stderr and is "question" in --json
("asked" is what you typed).

Exit status: 0 answered, 1 failed, 2 usage, 4 no grounded answer (not in the
notes, the model found no answer, or no sentence passed the claim checks),
130 interrupted.`,
		Args: requireArgs("QUESTION"),
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
			return askRun(c.Context(), opts)
		},
	}
	cmd.Flags().IntVarP(&opts.TopK, "top-k", "k", 0, "passages given to the LLM (RAG_TOP_K, default 6)")
	addFilterFlags(cmd, &opts.retrievalFlags)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print {answer, abstained, reason, citations, sentences (with their quotes and verdicts), passages, llm} as JSON")
	cmd.Flags().BoolVar(&opts.Raw, "raw", false, "print raw Markdown even on a terminal")
	cmd.Flags().BoolVar(&opts.HyDE, "hyde", false, "let the LLM write a hypothetical passage to drive the vector search (HyDE)")
	cmd.Flags().BoolVarP(&opts.FollowUp, "follow-up", "f", false, "continue the last conversation of the collection: the question may lean on the earlier ones")
	cmd.Flags().BoolVarP(&opts.Verbose, "verbose", "v", false, "print on stderr the question searched (a follow-up's rewrite) and the LLM's prompt and answer tokens and seconds")
	return cmd
}

func askRun(ctx context.Context, opts *AskOptions) error {
	f := opts.Factory
	cfg, ro, r, closeAll, err := f.setUpRetrieval(ctx, opts.retrievalFlags)
	if err != nil {
		return err
	}
	defer closeAll()

	asker := newAsker(f, cfg, r)
	asker.HyDE = opts.HyDE

	// Nothing of the answer is shown before the claim checks have passed
	// it, so a terminal gets a spinner while the model writes, and each
	// sentence as soon as the checks have settled it (answer.Watch.Ready);
	// piped output and --json get the whole answer at the end.
	desc := "searching the notes"
	if cfg.LLMBaseURL != "" {
		// Retrieval takes milliseconds; the wait is the model reading the
		// prompt (or a busy server's queue).
		desc = fmt.Sprintf("searching the notes, then waiting for %s to read the passages", cfg.LLMModel)
	}
	spin := f.IO.NewSpinner(desc, !opts.JSON)
	pieces := 0
	w := answer.Watch{Delta: func(string) {
		pieces++
		if pieces == 1 || pieces%8 == 0 {
			spin.Describe(fmt.Sprintf("%s is writing (%d tokens so far; each sentence is shown once checked)", cfg.LLMModel, pieces))
		}
	}}
	// printed are the sentences already on the terminal, by index.
	printed := map[int]bool{}
	if md := terminalMarkdown(f, opts); md != nil && !opts.JSON {
		w.Ready = func(i int, s answer.Sentence, cs []answer.Citation) {
			spin.Stop()
			fmt.Fprint(f.IO.Out, md.Sentence(s, cs))
			printed[i] = true
			spin = f.IO.NewSpinner(fmt.Sprintf("%s is writing the rest of the answer", cfg.LLMModel), true)
		}
	}
	convs, turns := conversations(f, cfg, opts)
	res, err := asker.FollowUp(ctx, turns, opts.Question, ro, w)
	spin.Stop()
	if err != nil {
		return err
	}
	saveTurn(f, convs, cfg.Collection, opts.FollowUp, opts.Question, res)
	if res.Asked != "" && !opts.JSON && (res.Asked != res.Question || opts.Verbose) {
		fmt.Fprintf(f.IO.ErrOut, "note: follow-up searched and answered as %q\n", res.Question)
	}
	if opts.Verbose {
		printGeneration(f.IO.ErrOut, res)
	}

	if opts.JSON {
		enc := json.NewEncoder(f.IO.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return err
		}
	} else {
		printAnswer(f, cfg, res, opts.Raw, sourcesCommand(cfg, opts), printed)
		if res.Reason == answer.ReasonNoLLM {
			return nil
		}
	}
	if res.Abstained {
		return withCode(ExitAbstained, errQuiet)
	}
	return nil
}

// conversations opens the store of ask's conversations and, for
// --follow-up, loads the collection's last turns: none, with a note on
// stderr, when there are none or they cannot be read (the question is then
// asked as a first one).
func conversations(f *Factory, cfg config.Config, opts *AskOptions) (*conversation.Store, []answer.Turn) {
	dir, err := f.CacheDir()
	if err != nil {
		fmt.Fprintf(f.IO.ErrOut, "warning: the conversation is not kept: %v\n", err)
		return nil, nil
	}
	s := &conversation.Store{Dir: filepath.Join(dir, "conversations")}
	if !opts.FollowUp {
		return s, nil
	}
	turns, _, err := s.Load(cfg.Collection)
	switch {
	case err != nil:
		fmt.Fprintf(f.IO.ErrOut, "note: %v: asked as a first question (it starts a new conversation)\n", err)
	case len(turns) == 0:
		fmt.Fprintf(f.IO.ErrOut, "note: no earlier question in collection %q to follow up: asked as a first question\n", cfg.Collection)
	}
	return s, turns
}

// saveTurn keeps the question and its answer as the collection's
// conversation: for a follow-up, the next turn of the conversation as it
// is on disk now (the first, when there is none), else the first of a new
// one. The
// filters' "no match" answers are not turns. A failure is a warning: the
// answer stands.
func saveTurn(f *Factory, s *conversation.Store, collection string, followUp bool, asked string, res answer.Result) {
	if s == nil || slices.Contains(retrieve.FilterCodes, res.Reason) {
		return
	}
	t := answer.TurnOf(asked, res)
	var err error
	if followUp {
		err = s.Append(collection, t) // onto the conversation as it is now, even if another ask -f began it
	} else {
		err = s.Start(collection, t)
	}
	if err != nil {
		fmt.Fprintf(f.IO.ErrOut, "warning: the conversation is not kept (a --follow-up will not see this question): %v\n", err)
	}
}

// terminalMarkdown is the glamour renderer of ask's answer: nil when
// stdout is no terminal or --raw asks for Markdown as it is.
func terminalMarkdown(f *Factory, opts *AskOptions) *render.Markdown {
	if !f.IO.IsStdoutTTY() || opts.Raw {
		return nil
	}
	md, err := render.NewMarkdown(f.IO.TerminalWidth())
	if err != nil {
		return nil
	}
	return md
}

// printAnswer writes an ask result for a person: the answer on stdout
// (Markdown rendered with glamour on a terminal unless raw; without the
// sentences already printed, by index), its sources, and on stderr the
// warnings, why there is no answer, and every sentence the claim checks
// removed.
func printAnswer(f *Factory, cfg config.Config, res answer.Result, raw bool, sources string, printed map[int]bool) {
	for _, w := range res.Warnings {
		fmt.Fprintf(f.IO.ErrOut, "warning: %s\n", w)
	}
	for _, t := range res.Retracted {
		fmt.Fprintf(f.IO.ErrOut, "warning: disregard %q, shown above while the model was writing: the checks of the whole answer removed it\n", t)
	}
	switch res.Reason {
	case answer.ReasonNoLLM:
		fmt.Fprintln(f.IO.ErrOut, "note: search only: no LLM configured (set RAG_LLM_BASE_URL and RAG_LLM_MODEL); these are the passages an LLM would get")
		printPassages(f, res.Passages)
		return
	case answer.ReasonNoPathMatch, answer.ReasonNoTagMatch, answer.ReasonNoDateMatch:
		fmt.Fprintf(f.IO.ErrOut, "note: %s\n", res.Detail)
		return
	case answer.ReasonNoRelevantPassages:
		fmt.Fprintln(f.IO.Out, res.Answer)
		fmt.Fprintf(f.IO.ErrOut, "note: the LLM was not asked: %s\n", res.Detail)
		return
	}
	text := res.Answer
	if f.IO.IsStdoutTTY() && !raw {
		if md, err := render.NewMarkdown(f.IO.TerminalWidth()); err == nil {
			rest, more := res, false // the sentences not printed yet
			rest.Sentences = nil
			for i, s := range res.Sentences {
				if !printed[i] {
					rest.Sentences = append(rest.Sentences, s)
					more = more || s.Shown
				}
			}
			text = md.Answer(rest)
			if len(printed) > 0 && !more {
				text = ""
			}
		}
	}
	if text = strings.TrimRight(text, "\n"); text != "" {
		fmt.Fprintln(f.IO.Out, text)
	}
	if len(res.Citations) > 0 {
		fmt.Fprint(f.IO.Out, "\n"+render.SourcesList(res.Citations))
	}
	if removed := res.Removed(); len(removed) > 0 {
		fmt.Fprint(f.IO.ErrOut, render.RemovedList(removed))
	}
	switch res.Reason {
	case answer.ReasonModelAbstained:
		fmt.Fprintf(f.IO.ErrOut, "note: the model found no answer in the passages it was shown (`%s` lists them)\n", sources)
	case answer.ReasonEmptyAnswer:
		fmt.Fprintf(f.IO.ErrOut, "note: %s (RAG_LLM_MODEL=%s), so there is no grounded answer\n", res.Detail, cfg.LLMModel)
	case answer.ReasonUnsupportedClaims, answer.ReasonNoValidCitations:
		fmt.Fprintf(f.IO.ErrOut, "note: no grounded answer: %s\n", res.Detail)
	}
}

// newAsker builds the answer pipeline of `ask` and `eval answers` over r:
// the LLM of f.NewLLM (none without RAG_LLM_BASE_URL: search only),
// RAG_LLM_MAX_TOKENS, the passage budget RAG_PASSAGE_TOKENS and the claim
// checks' thresholds (RAG_CLAIM_*), comparing sentences across languages by
// meaning when RAG_EMBED_MODEL is multilingual (embed.Model.Multilingual).
func newAsker(f *Factory, cfg config.Config, r *retrieve.Retriever) *answer.Asker {
	asker := &answer.Asker{Retriever: r, MaxTokens: cfg.LLMMaxTokens, PassageTokens: cfg.PassageTokens, ExcerptTokens: cfg.ExcerptTokens, Datamark: cfg.Datamark, RetryWithoutFlagged: cfg.InjectionRetry, VerifyAcrossLanguages: cfg.VerifyAcrossLanguages,
		Checks: claim.Options{MinQuestionCoverage: cfg.ClaimMinQuestionCoverage, MinTermSupport: cfg.ClaimMinTermSupport, MaxRareShare: cfg.ClaimMaxRareShare}, MinSimilarity: cfg.ClaimMinSimilarity, Verify: cfg.Verify, MinVerifyYes: cfg.VerifyMinYes, MinLogprob: cfg.MinLogprob, MinFoundProb: cfg.MinFoundProb}
	if c := f.NewLLM(cfg); c != nil { // a nil *Client in the interface would not be nil
		asker.LLM = c
	}
	// A multilingual model compares a sentence with its quote in another
	// language by meaning (Asker.crossLanguage) where words cannot.
	if m, ok := r.Embedder.(interface{ Model() embed.Model }); ok {
		asker.Checks.MeaningAcrossLanguages = m.Model().Multilingual
	}
	return asker
}

// sourcesCommand is the `hrag sources` command that lists the passages an
// ask was given: same collection, -k and filters, shell-quoted.
func sourcesCommand(cfg config.Config, opts *AskOptions) string {
	args := "sources"
	if opts.TopK > 0 {
		args += fmt.Sprintf(" -k %d", opts.TopK)
	}
	if opts.Path != "" {
		args += " --path " + config.ShellQuote(opts.Path)
	}
	for _, t := range opts.Tags {
		args += " --tag " + config.ShellQuote(t)
	}
	if opts.Since != "" {
		args += " --since " + config.ShellQuote(opts.Since)
	}
	if opts.Until != "" {
		args += " --until " + config.ShellQuote(opts.Until)
	}
	return config.Command(cfg.Collection, args+" "+config.ShellQuote(opts.Question))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// printGeneration writes ask --verbose's line about the LLM call: passages
// shown, prompt tokens (cached), answer tokens and seconds.
func printGeneration(w io.Writer, res answer.Result) {
	g := res.LLM
	if g == nil {
		fmt.Fprintf(w, "note: %d passage(s) retrieved; the LLM was not asked (%s)\n", len(res.Passages), cmp.Or(res.Reason, "no LLM configured"))
		return
	}
	fmt.Fprintf(w, "note: %d passage(s) (%d tokens) sent; %d prompt tokens (%d from the server's cache), %d written in %.1f s (first token after %.1f s)\n",
		len(res.Passages), g.PassageTokens, g.PromptTokens, g.CachedPromptTokens, g.CompletionTokens, g.Seconds, g.FirstToken)
}
