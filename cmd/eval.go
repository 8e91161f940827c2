package cmd

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/hrag-dev/hrag/internal/config"
	"github.com/hrag-dev/hrag/internal/eval"
	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

// EvalOptions are the inputs of `hrag eval retrieval`.
type EvalOptions struct {
	Factory  *Factory
	Dataset  string   // BEIR folder
	Split    string   // qrels/<split>.tsv ["test"]
	JSON     bool     // print the report as JSON
	PerQuery string   // CSV file for per-query scores ("" = none)
	Run      string   // TREC run file of the document rankings ("" = none)
	Modes    []string // bm25, vector, hybrid [all three]
	// Retrieval settings; a Set flag says the flag was given (else the
	// RAG_* setting applies).
	Candidates, Depth, LimitQueries int
	RRFK, WeightBM25, WeightVector  float64
	CandidatesSet, RRFKSet          bool
	WeightBM25Set, WeightVectorSet  bool
}

// NewCmdEval builds `hrag eval` with its `retrieval` subcommand and the
// `answers` subcommand of NewCmdEvalAnswers. runF replaces the run function
// of `retrieval` in tests (nil: evalRun).
func NewCmdEval(f *Factory, runF func(context.Context, *EvalOptions) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "eval",
		Short: "Measure retrieval and answer quality on test sets",
		Args:  cobraArgs(cobra.NoArgs),
	}
	opts := &EvalOptions{Factory: f}
	ret := &cobra.Command{
		Use:   "retrieval --dataset DIR",
		Short: "Evaluate BM25, vector and hybrid retrieval on a BEIR dataset",
		Long: `Retrieval evaluates hrag's retrieval on a BEIR-format folder (corpus.jsonl,
queries.jsonl, qrels/test.tsv). It writes the corpus as one Markdown file per
document under $HRAG_CACHE/eval (default ~/.cache/hrag/eval), indexes it with the
configured model and chunk settings into its own collection
"eval-<dataset>-c<chunk tokens>" (never RAG_COLLECTION; a re-run re-uses it), runs
each judged query sequentially in bm25, vector and hybrid mode, keeps the best
chunk of each document (max-passage) and reports nDCG@10, recall@10, recall@100
and MRR@10 as trec_eval computes them, with latency percentiles.

Single-retriever modes rank --depth chunks; hybrid fuses --candidates chunks from
each retriever (RAG_CANDIDATES), so its list holds at most twice that many chunks
and its recall@100 is capped when --candidates is small.

Exit status: 0 done, 1 failed, 2 usage, 130 interrupted.`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Dataset == "" {
				return usageError{fmt.Errorf("--dataset is required")}
			}
			fl := c.Flags()
			opts.CandidatesSet, opts.RRFKSet = fl.Changed("candidates"), fl.Changed("rrf-k")
			opts.WeightBM25Set, opts.WeightVectorSet = fl.Changed("weight-bm25"), fl.Changed("weight-vector")
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return evalRun(c.Context(), opts)
		},
	}
	fl := ret.Flags()
	fl.StringVar(&opts.Dataset, "dataset", "", "BEIR folder: corpus.jsonl, queries.jsonl, qrels/<split>.tsv")
	fl.StringVar(&opts.Split, "split", "test", "qrels file to evaluate (qrels/<split>.tsv)")
	fl.BoolVar(&opts.JSON, "json", false, "print the report as JSON")
	fl.StringVar(&opts.PerQuery, "per-query", "", "write each query's scores and latency to this CSV file")
	fl.StringVar(&opts.Run, "run", "", "write the document rankings as a TREC run file (for trec_eval)")
	fl.StringSliceVar(&opts.Modes, "modes", []string{"bm25", "vector", "hybrid"}, "retrieval modes to evaluate")
	fl.IntVar(&opts.Candidates, "candidates", 0, "hybrid: candidates per retriever before fusion (RAG_CANDIDATES, default 50)")
	fl.IntVar(&opts.Depth, "depth", eval.DefaultDepth, "chunks retrieved per query (enough for 100 distinct documents)")
	fl.Float64Var(&opts.RRFK, "rrf-k", 0, "Reciprocal Rank Fusion constant k (RAG_RRF_K, default 60)")
	fl.Float64Var(&opts.WeightBM25, "weight-bm25", 0, "RRF weight of BM25 (RAG_RRF_WEIGHT_BM25, default 1)")
	fl.Float64Var(&opts.WeightVector, "weight-vector", 0, "RRF weight of vector search (RAG_RRF_WEIGHT_VECTOR, default 1)")
	fl.IntVar(&opts.LimitQueries, "limit-queries", 0, "evaluate only the first N judged queries (0: all)")
	cmd.AddCommand(ret, NewCmdEvalAnswers(f, nil), NewCmdEvalInjection(f))
	return cmd
}

func evalRun(ctx context.Context, opts *EvalOptions) error {
	f := opts.Factory
	cfg, err := f.Config()
	if err != nil {
		return err
	}
	var modes []retrieve.Mode
	for _, m := range opts.Modes {
		switch mode := retrieve.Mode(strings.TrimSpace(m)); mode {
		case retrieve.BM25Only, retrieve.VectorOnly, retrieve.Hybrid:
			modes = append(modes, mode)
		default:
			return usageError{fmt.Errorf("--modes: unknown mode %q (want bm25, vector or hybrid)", m)}
		}
	}
	if opts.Candidates < 0 || opts.Depth < 0 || opts.LimitQueries < 0 || opts.RRFK < 0 || opts.WeightBM25 < 0 || opts.WeightVector < 0 {
		return usageError{fmt.Errorf("--candidates, --depth, --limit-queries, --rrf-k and the weights must not be negative")}
	}
	cand, rrfK, wb, wv := cfg.Candidates, cfg.RRFK, cfg.WeightBM25, cfg.WeightVector
	if opts.CandidatesSet {
		cand = opts.Candidates
	}
	if opts.RRFKSet {
		rrfK = opts.RRFK
	}
	if opts.WeightBM25Set {
		wb = opts.WeightBM25
	}
	if opts.WeightVectorSet {
		wv = opts.WeightVector
	}
	ds, err := eval.LoadBEIR(opts.Dataset, opts.Split)
	if err != nil {
		return fmt.Errorf("--dataset: %w", err)
	}

	emb, tk, st, closeAll, err := f.openModelAndStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeAll()

	iopts := indexOptions(cfg, st, emb, tk)
	coll := eval.CollectionName(ds.Name, iopts)
	if f.Collection != "" {
		fmt.Fprintf(f.IO.ErrOut, "note: eval uses its own collection %q; --collection is ignored\n", coll)
	}
	cache, err := f.CacheDir()
	if err != nil {
		return err
	}
	prog := f.IO.NewProgress("indexing "+ds.Name, "chunks", !f.Quiet)
	prog.Explain = Message
	iopts.Reporter = prog
	qprog := f.IO.NewProgress("querying", "queries", !f.Quiet)
	qprog.Explain = Message
	res, err := eval.RunRetrieval(ctx, eval.RetrievalOptions{
		Dataset: ds, Index: iopts, Collection: coll, DocsDir: filepath.Join(cache, "eval", coll),
		Retriever: &retrieve.Retriever{Store: st, Embedder: emb, QueryPrefix: cfg.EmbedQueryPrefix, DocPrefix: cfg.EmbedDocumentPrefix, Command: config.CommandWords},
		Modes:     modes, Candidates: cand, Depth: opts.Depth, RRFK: rrfK, WeightBM25: wb, WeightVector: wv,
		LimitQueries: opts.LimitQueries, Progress: qprog,
	})
	prog.Finish()
	qprog.Finish()
	if err != nil {
		if ctx.Err() != nil {
			return withCode(ExitInterrupted, err)
		}
		return err
	}
	if opts.PerQuery != "" {
		if err := writePerQuery(opts.PerQuery, res.PerQuery); err != nil {
			return fmt.Errorf("--per-query: %w", err)
		}
	}
	if opts.Run != "" {
		if err := writeRun(opts.Run, res.PerQuery); err != nil {
			return fmt.Errorf("--run: %w", err)
		}
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(f.IO.ErrOut, "warning: %s\n", w)
	}
	if opts.JSON {
		enc := json.NewEncoder(f.IO.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	fmt.Fprintln(f.IO.ErrOut, summaryLine(res.Index, false))
	printEvalTable(f, res)
	return nil
}

// printEvalTable prints the report: a heading with the settings, one row per
// mode, and the timings.
func printEvalTable(f *Factory, r *eval.RetrievalResult) {
	fmt.Fprintf(f.IO.Out, "%s (%s): %d queries, %d documents; collection %q (%d-token chunks)\n",
		r.Dataset, r.Split, r.Queries, r.CorpusDocs, r.Collection, r.ChunkTokens)
	fmt.Fprintf(f.IO.Out, "depth %d chunks; hybrid: %d candidates per retriever, RRF k=%g, weights bm25 %g / vector %g\n\n",
		r.Depth, r.Candidates, r.RRFK, r.WeightBM25, r.WeightVector)
	tw := tabwriter.NewWriter(f.IO.Out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "mode\tnDCG@10\tR@10\tR@100\tMRR@10\tp50 ms\tp95 ms\tdocs/query\t")
	for _, m := range r.Modes {
		fmt.Fprintf(tw, "%s\t%.4f\t%.4f\t%.4f\t%.4f\t%.1f\t%.1f\t%.0f\t\n",
			m.Mode, m.NDCG10, m.Recall10, m.Recall100, m.MRR10, m.P50MS, m.P95MS, m.MeanDocs)
	}
	tw.Flush()
	fmt.Fprintf(f.IO.Out, "\nindexing %.1fs, querying %.1fs\n", r.IndexSeconds, r.QuerySeconds)
	for _, m := range r.Modes {
		if m.Capped > 0 {
			fmt.Fprintf(f.IO.Out, "note: %s: %d of %d queries had their list cut before 100 distinct documents (recall@100 is underestimated; raise --depth or --candidates)\n",
				m.Mode, m.Capped, m.Queries)
		}
	}
}

// writePerQuery writes one CSV row per query and mode.
func writePerQuery(path string, rows []eval.QueryResult) error {
	file, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(file)
	_ = w.Write([]string{"query_id", "mode", "ndcg@10", "recall@10", "recall@100", "mrr@10", "docs", "chunks", "latency_ms"})
	g := func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }
	for _, r := range rows {
		_ = w.Write([]string{r.QueryID, string(r.Mode), g(r.NDCG10), g(r.Recall10), g(r.Recall100), g(r.MRR10),
			strconv.Itoa(r.Docs), strconv.Itoa(r.Chunks), strconv.FormatFloat(r.LatencyMS, 'f', 3, 64)})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}

// writeRun writes the rankings in TREC run format, "qid Q0 docid rank score
// tag", tag "hrag-<mode>". Scores descend strictly (n+1-rank for a list of
// n), so trec_eval, which sorts by score, sees the same order.
func writeRun(path string, rows []eval.QueryResult) error {
	file, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(file)
	for _, r := range rows {
		for i, d := range r.Ranking {
			fmt.Fprintf(w, "%s Q0 %s %d %d hrag-%s\n", r.QueryID, d, i+1, len(r.Ranking)-i, r.Mode)
		}
	}
	if err := w.Flush(); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}

// EvalAnswersOptions are the inputs of `hrag eval answers`.
type EvalAnswersOptions struct {
	Factory *Factory
	Dataset string // QA set: JSONL file (eval.LoadQA)
	Notes   string // notes folder to index ("": use the already indexed collection)
	JSON    bool   // print the whole report as JSON
	Report  string // also write the whole report as JSON to this file ("" = none)
	NoGate  bool   // switch the relevance gate off: every question reaches the LLM
	TopK    int    // passages given to the LLM (0: RAG_TOP_K)
	Split   string // "tune" or "holdout": only the questions of that part ("": all)
	// Replay answers from a recorded report instead of the LLM ("": ask
	// the LLM); Skip lists checks to switch off (answer.SkipNames);
	// VerifyAll asks the verification question of every located sentence
	// (recorded for replays; enforced only with RAG_VERIFY=true).
	Replay    string
	Skip      []string
	VerifyAll bool
	// NoRewrite asks follow-up questions (field "context") alone, as typed.
	NoRewrite bool
}

// NewCmdEvalAnswers builds `hrag eval answers`. runF replaces the run
// function in tests (nil: evalAnswersRun).
func NewCmdEvalAnswers(f *Factory, runF func(context.Context, *EvalAnswersOptions) error) *cobra.Command {
	opts := &EvalAnswersOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "answers --dataset FILE [--notes DIR]",
		Short: "Evaluate ask's answers, citations and abstentions on a QA set",
		Long: `Answers asks every question of a QA set exactly as ` + "`hrag ask`" + ` would (retrieval,
relevance gate, the LLM at RAG_LLM_BASE_URL, claim checks) and reports:

  answer rate        answered answerable questions / answerable questions
  abstention rate    unanswerable questions not answered / unanswerable questions
  citations valid    answers citing only shown passages / answers
  source cited       answers citing an expected source / answers to questions with sources
  key-phrase recall  mean share of key phrases found in the answer (case-insensitive),
                     over answers to questions with key phrases
  correct            answerable questions answered correctly: matching a gold answer
                     ("answers", SQuAD normalisation, contained or token F1 >= 0.5),
                     settling a yes/no question as its "verdict" says, else holding
                     every key phrase; a negated answer is not correct
  wrong shown        questions with a wrong answer shown (answered and not correct,
                     or any answer to an unanswerable question) / all questions
  sentences shown    sentences that passed the claim checks / sentences written
  unsupported shown  shown sentences answering an unanswerable question, or with a
                     digit run (number, date, version, code) in none of the
                     question's sources (must be 0)
  without checks     answer and abstention rates and unsupported sentences as if
                     every sentence citing a shown passage were shown
  by kind, the abstention reasons, and medians of seconds, prompt tokens and
  tokens/s per question (every question's figures are in --json and --report).

"Answered" means what exit code 0 of ask means: not abstained, with at least one
shown sentence citing a shown passage. Abstentions (the gate stopped the question,
the model said the notes lack the answer, its answer cited no shown passage, no
sentence passed the claim checks, or it was empty) are excluded from the answer
metrics.

The QA set is a JSONL file, one object per line:
  {"question": "...", "answerable": true, "answer": "...", "answers": ["gold", "..."],
   "key_phrases": ["..."], "sources": ["folder/file.md"], "note": "...",
   "verdict": "yes|no", "split": "tune|holdout"}
"answerable" is required; sources are paths relative to the notes folder.

--notes DIR is indexed into the evaluation's own collection
"eval-qa-<dataset file name>-c<chunk tokens>" (never RAG_COLLECTION; a re-run only
re-indexes changed files). Without --notes that collection must already be indexed.
--no-gate switches the relevance gate off, so every question reaches the LLM;
run with and without it to see what the gate contributes.

A question with "context": ["earlier question", ...] follows up on them: they are
asked first as a conversation (not graded), then the question as ask --follow-up
asks it (rewritten into a standalone question). --no-rewrite asks it alone, as
typed, to measure what the rewrite does. "source retrieved" is the share of
answerable questions with sources whose passages include one of them.

Exit status: 0 done, 1 failed, 2 usage (also: RAG_LLM_BASE_URL not set), 130 interrupted.`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Dataset == "" {
				return usageError{fmt.Errorf("--dataset is required")}
			}
			overrideTopK(c, f, opts.TopK)
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return evalAnswersRun(c.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Dataset, "dataset", "", "QA set: JSONL file of questions")
	fl.StringVar(&opts.Notes, "notes", "", "notes folder the questions are about (indexed into the evaluation's own collection)")
	fl.BoolVar(&opts.JSON, "json", false, "print the whole report (settings, metrics, every question) as JSON")
	fl.StringVar(&opts.Report, "report", "", "also write the whole report as JSON to this file (keeps the answers of a long run with the table)")
	fl.BoolVar(&opts.NoGate, "no-gate", false, "switch the relevance gate off: every question goes to the LLM")
	fl.IntVarP(&opts.TopK, "top-k", "k", 0, "passages given to the LLM (RAG_TOP_K, default 6)")
	fl.StringVar(&opts.Split, "split", "", `ask only the questions of one part of the set: "tune" or "holdout" (field "split")`)
	fl.StringVar(&opts.Replay, "replay", "", "answer from the model replies recorded in a --report file instead of the LLM (re-runs the checks on the same replies); verifications it lacks go to the configured LLM")
	fl.StringSliceVar(&opts.Skip, "skip-check", nil, "switch answer checks off to measure them: "+strings.Join(answer.SkipNames, ", "))
	fl.BoolVar(&opts.NoRewrite, "no-rewrite", false, `ask follow-up questions (field "context") alone, as typed: the baseline of the rewrite`)
	fl.BoolVar(&opts.VerifyAll, "verify-all", false, "ask the verification question (RAG_VERIFY) for every sentence whose quote was found, so that a replay can use it; enforced only with RAG_VERIFY=true")
	return cmd
}

// qaDatasetName is the QA file's base name without its extension, which
// names the evaluation collection.
func qaDatasetName(file string) string {
	base := filepath.Base(file)
	if ext := filepath.Ext(base); ext != "" && ext != base {
		base = strings.TrimSuffix(base, ext)
	}
	return base
}

func evalAnswersRun(ctx context.Context, opts *EvalAnswersOptions) error {
	f := opts.Factory
	cfg, err := f.Config()
	if err != nil {
		return err
	}
	var replay *eval.Replay
	if opts.Replay != "" {
		if replay, err = eval.LoadReplay(opts.Replay); err != nil {
			return usageError{fmt.Errorf("--replay (a report written by eval answers --report): %w", err)}
		}
	} else if cfg.LLMBaseURL == "" {
		return usageError{fmt.Errorf("eval answers needs an LLM: set RAG_LLM_BASE_URL and RAG_LLM_MODEL (an OpenAI-compatible server; see the README), or --replay a report")}
	}
	for _, name := range opts.Skip {
		if !slices.Contains(answer.SkipNames, name) {
			return usageError{fmt.Errorf("--skip-check %q: want one of %s", name, strings.Join(answer.SkipNames, ", "))}
		}
	}
	items, err := eval.LoadQA(opts.Dataset)
	if err != nil {
		return fmt.Errorf("--dataset: %w", err)
	}
	if opts.Split != "" {
		if opts.Split != eval.SplitTune && opts.Split != eval.SplitHoldout {
			return usageError{fmt.Errorf("--split %q: want %s or %s", opts.Split, eval.SplitTune, eval.SplitHoldout)}
		}
		var part []eval.QAItem
		for _, it := range items {
			if it.Split == opts.Split {
				part = append(part, it)
			}
		}
		if len(part) == 0 {
			return usageError{fmt.Errorf("--split %s: %s has no question of that part (field \"split\")", opts.Split, opts.Dataset)}
		}
		items = part
	}
	if opts.Notes != "" {
		if st, err := os.Stat(opts.Notes); err != nil || !st.IsDir() {
			return usageError{fmt.Errorf("--notes %s: not a folder", opts.Notes)}
		}
	}
	ro, err := retrieveOptions(cfg, retrievalFlags{TopK: opts.TopK})
	if err != nil {
		return err
	}

	emb, tk, st, closeAll, err := f.openModelAndStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeAll()
	r, err := newRetriever(cfg, st, emb)
	if err != nil {
		return err
	}

	iopts := indexOptions(cfg, st, emb, tk)
	coll := eval.CollectionName("qa-"+qaDatasetName(opts.Dataset), iopts)
	if f.Collection != "" {
		fmt.Fprintf(f.IO.ErrOut, "note: eval uses its own collection %q; --collection is ignored\n", coll)
	}
	prog := f.IO.NewProgress("indexing notes", "chunks", !f.Quiet)
	prog.Explain = Message
	iopts.Reporter = prog
	root, sum, err := eval.PrepareNotes(ctx, iopts, opts.Notes, coll)
	prog.Finish()
	switch {
	case errors.Is(err, eval.ErrNotIndexed):
		return usageError{fmt.Errorf("--notes DIR is required: %w", err)}
	case errors.Is(err, index.ErrInterrupted):
		return withCode(ExitInterrupted, err)
	case err != nil:
		return err
	}
	if sum != nil && !opts.JSON {
		fmt.Fprintln(f.IO.ErrOut, summaryLine(*sum, false))
	}
	if err := eval.CheckSources(ctx, st, coll, root, items); err != nil {
		return fmt.Errorf("--dataset %s: %w", opts.Dataset, err)
	}

	ro.Collection = coll
	if opts.NoGate {
		// Negative thresholds switch the gate's signals off (retrieve.Gate);
		// a reranker's scores lie in (0, 1), so -1 lets everything through.
		ro.MinSimilarity, ro.MinCoverage, ro.RerankMinScore = -1, -1, -1
	}
	qprog := f.IO.NewProgress("asking", "questions", !f.Quiet)
	qprog.Explain = Message
	asker := newAsker(f, cfg, r)
	asker.MeasureSimilarity = true // recorded per sentence, to set RAG_CLAIM_MIN_SIMILARITY from measurements
	asker.MeasureVerify = opts.VerifyAll
	asker.MeasureLogprobs = true // recorded with the reply, to set RAG_MIN_LOGPROB from measurements
	if c, ok := asker.LLM.(interface {
		CountTokens(context.Context, string) (int, error)
	}); ok && replay == nil {
		asker.CountTokens = c.CountTokens // prompt_parts, where the server counts tokens
	}
	if replay != nil {
		replay.Live = asker.LLM // verifications the recording lacks go to the configured LLM, if any
		asker.LLM = replay
	}
	asker.Skip = map[string]bool{}
	for _, name := range opts.Skip {
		asker.Skip[name] = true
	}
	rep, err := eval.RunAnswers(ctx, eval.AnswersOptions{Items: items, Asker: asker, Retrieve: ro, Root: root, Progress: qprog, NoRewrite: opts.NoRewrite})
	qprog.Finish()
	if err != nil {
		if ctx.Err() != nil {
			return withCode(ExitInterrupted, err)
		}
		return err
	}
	rep.Dataset, rep.Model, rep.Index, rep.Gate = opts.Dataset, cfg.LLMModel, sum, !opts.NoGate
	if opts.Report != "" {
		b, err := json.MarshalIndent(rep, "", "  ")
		if err == nil {
			err = os.WriteFile(opts.Report, append(b, '\n'), 0o644)
		}
		if err != nil {
			return fmt.Errorf("--report: %w", err)
		}
	}
	if opts.JSON {
		enc := json.NewEncoder(f.IO.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	printAnswersReport(f, rep)
	return nil
}

// reasonCounts formats abstentions by reason, sorted by reason: "reason n,
// ...", or "none".
func reasonCounts(c map[string]int) string {
	if len(c) == 0 {
		return "none"
	}
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, c[k])
	}
	return strings.Join(parts, ", ")
}

// truncateRunes shortens s to at most n runes, ending with "…" when cut.
func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
