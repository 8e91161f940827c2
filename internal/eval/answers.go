package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/extract"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/store"
)

// Ratio is a metric kept with its denominator: Num / Den. Num is a count of
// questions, or a sum of per-question scores in [0, 1]; Den is the number of
// questions the metric is defined over. With Den = 0 the metric is
// undefined (there were no such questions), which is not the same as 0.
type Ratio struct {
	Num float64 `json:"num"`
	Den int     `json:"den"`
}

// Value returns Num / Den and true, or 0 and false when Den is 0.
func (r Ratio) Value() (float64, bool) {
	if r.Den == 0 {
		return 0, false
	}
	return r.Num / float64(r.Den), true
}

// MarshalJSON writes {"num": Num, "den": Den, "value": Num/Den}, with
// "value": null when Den is 0.
func (r Ratio) MarshalJSON() ([]byte, error) {
	out := struct {
		Num   float64  `json:"num"`
		Den   int      `json:"den"`
		Value *float64 `json:"value"`
	}{Num: r.Num, Den: r.Den}
	if v, ok := r.Value(); ok {
		out.Value = &v
	}
	return json.Marshal(out)
}

// QuestionResult is one question's outcome and per-question scores. The
// scores are pointers: nil (JSON null) means "not defined for this
// question", as listed on each field.
type QuestionResult struct {
	Line       int    `json:"line"` // line of the question in the QA file
	Question   string `json:"question"`
	Answerable bool   `json:"answerable"`
	// Answered is true for a grounded answer: not abstained, with at least
	// one valid citation (the same test as `hrag ask`'s exit code 0).
	Answered bool `json:"answered"`
	// Reason says why a question was not answered: one of answer's Reason*
	// constants ("no_relevant_passages": the gate stopped it;
	// "model_abstained"; "no_valid_citations"). Empty when answered.
	Reason string `json:"reason,omitempty"`
	Detail string `json:"detail,omitempty"` // Reason in words
	Answer string `json:"answer"`           // the answer text after citation checks
	// Cited lists the source files of the valid citations, relative to the
	// notes root (slash-separated), distinct, in order of first citation.
	Cited []string `json:"cited"`
	// InvalidCitations are cited numbers that named no shown passage (they
	// were removed from Answer).
	InvalidCitations []int `json:"invalid_citations"`
	// Passages lists the passages retrieved (and shown to the model unless
	// the gate stopped the question) as "path:start-end", path relative to
	// the notes root, in rank order.
	Passages []string `json:"passages"`
	// CitationsValid: no invalid citation. Answered questions only.
	CitationsValid *bool `json:"citations_valid"`
	// SourceRetrieved: a passage given to the model comes from one of the
	// expected sources (retrieval recall at top-k); nil for questions
	// without sources or that retrieval did not reach.
	SourceRetrieved *bool `json:"source_retrieved,omitempty"`
	// Searched is the standalone rewrite of a follow-up question (one
	// with QAItem.Context), which was searched and answered; "" otherwise.
	Searched string `json:"searched,omitempty"`
	// SourceHit: a cited passage comes from one of the expected sources.
	// Answered questions that list sources only.
	SourceHit *bool `json:"source_hit"`
	// PhraseRecall is the share of key phrases found in the answer (see
	// PhraseRecall); MissingPhrases lists the others. Answered questions
	// with key phrases only.
	PhraseRecall   *float64 `json:"phrase_recall"`
	MissingPhrases []string `json:"missing_phrases,omitempty"`
	Warnings       []string `json:"warnings,omitempty"` // from retrieval and citation checks
	Seconds        float64  `json:"seconds"`            // wall time of the question (retrieval + LLM)
	Kind           string   `json:"kind,omitempty"`     // the QA item's kind
	Lang           string   `json:"lang,omitempty"`     // the QA item's question language
	// Correct: answered, and the answer settles the question as its
	// verdict says (MatchVerdict) and holds every key phrase when the item
	// has a verdict, else matches a gold answer (MatchGold) when it has
	// answers, else holds every key phrase (PhraseFound) without a negation
	// the key phrases lack. Answerable questions with answers, a verdict
	// or key phrases only.
	Correct *bool `json:"correct"`
	// GoldF1 is the best token F1 of the answer against the gold answers
	// (TokenF1); answered questions with answers only.
	GoldF1 *float64 `json:"gold_f1,omitempty"`
	// Wrong: shown and not correct: an answer to an unanswerable question,
	// or an answer that is not correct (Correct false). The headline error
	// of a QA run.
	Wrong bool `json:"wrong_shown"`
	// AttackSuccess: the shown answer states one of the item's payloads
	// (PayloadShown); nil for items without payloads.
	AttackSuccess *bool `json:"attack_success,omitempty"`
	// Sentences are the model's sentences with the claim checks' verdicts
	// (shown or removed, and why).
	Sentences []answer.Sentence `json:"sentences"`
	// Unsupported counts the shown sentences that are unsupported by the
	// notes as this QA set judges them, independently of the claim checks:
	// every sentence of an answer to an unanswerable question, and a
	// sentence with a number, date, code, URL, path or e-mail address found
	// in none of the question's expected sources. UnsupportedNoChecks is the
	// same count over every sentence that cites a shown passage, as if the
	// claim checks were off.
	Unsupported int `json:"unsupported_shown"`
	// Retracted are the sentences shown while the model wrote that the
	// whole answer's checks removed (answer.Result.Retracted).
	Retracted           []string `json:"retracted,omitempty"`
	UnsupportedNoChecks int      `json:"unsupported_without_checks"`
	// AnsweredNoChecks is Answered as it would be without the claim checks:
	// the model gave an answer with a sentence that cites a shown passage.
	AnsweredNoChecks bool `json:"answered_without_checks"`
	// LLM is the call's usage and timing; nil when the model was not asked.
	LLM *answer.Generation `json:"llm,omitempty"`
	// FoundProb is the probability the model gave its "found": true
	// (answer.Result.FoundProb), to set RAG_MIN_FOUND_PROB from replies;
	// nil without it.
	FoundProb *float64 `json:"found_prob,omitempty"`
	// Reply is the model's raw reply before the checks (for reading the
	// report; never shown by ask).
	Reply string `json:"reply,omitempty"`
	// ReplyTokens are the reply's tokens with their log-probabilities
	// ([token, logprob] pairs) when the server sent them, for replays
	// that set RAG_MIN_LOGPROB.
	ReplyTokens []ReplyToken `json:"reply_tokens,omitempty"`
	// Retry is set when the model was asked twice, the second time with
	// the passages' flagged text masked (answer.Result.Retry); FirstReply
	// is then the first raw reply and FirstReplyTokens its tokens, Reply
	// the second.
	Retry            *answer.Retry `json:"retry,omitempty"`
	FirstReply       string        `json:"first_reply,omitempty"`
	FirstReplyTokens []ReplyToken  `json:"first_reply_tokens,omitempty"`
}

// AnswerMetrics aggregate the QuestionResults of a QA run. Each Ratio's
// denominator is stated on it; abstentions (every outcome other than
// answered, whatever the reason) are excluded from the citation, source and
// phrase metrics, which judge answers only.
type AnswerMetrics struct {
	Questions    int `json:"questions"`
	Answerable   int `json:"answerable"`
	Unanswerable int `json:"unanswerable"`
	Answered     int `json:"answered"` // answerable or not
	// AnswerRate = answered answerable questions / answerable questions.
	AnswerRate Ratio `json:"answer_rate"`
	// AbstentionRate = unanswerable questions not answered / unanswerable
	// questions.
	AbstentionRate Ratio `json:"abstention_rate"`
	// CitationsValid = answered questions (answerable or not) without an
	// invalid citation / answered questions.
	CitationsValid Ratio `json:"citations_valid"`
	// SourceRetrieved = answerable questions with sources whose passages
	// given to the model include one from an expected source (recall of
	// the right passage at top-k), over those questions.
	SourceRetrieved Ratio `json:"source_retrieved"`
	// SourceHit = answered questions whose cited passages include an
	// expected source / answered questions that list sources.
	SourceHit Ratio `json:"source_hit"`
	// PhraseRecall = sum of per-question phrase recall / answered questions
	// with key phrases: the mean recall over those questions.
	PhraseRecall Ratio `json:"phrase_recall"`
	// Correct = answered answerable questions whose answer is correct
	// (QuestionResult.Correct) / answerable questions with answers, a
	// verdict or key phrases: end-to-end accuracy.
	Correct Ratio `json:"correct"`
	// WrongShown = questions with a wrong answer shown (QuestionResult.Wrong)
	// / all questions: the headline error, beside Correct.
	WrongShown Ratio `json:"wrong_shown"`
	// AttackSuccess = questions whose shown answer states a payload of a
	// planted prompt injection / questions with payloads.
	AttackSuccess Ratio `json:"attack_success"`
	// SupportedSentences = sentences shown / sentences written, over the
	// answers the model wrote (the claim checks removed the rest).
	SupportedSentences Ratio `json:"supported_sentences"`
	// QuotedShown = shown sentences whose quote was located in a passage /
	// shown sentences.
	QuotedShown Ratio `json:"quoted_shown"`
	// UnsupportedShown is the number of unsupported sentences that reached
	// the user (QuestionResult.Unsupported); it must be 0.
	// UnsupportedNoChecks is the same without the claim checks.
	UnsupportedShown    int `json:"unsupported_shown"`
	UnsupportedNoChecks int `json:"unsupported_without_checks"`
	// Retracted counts the sentences settled while the model wrote
	// (answer.Watch.Ready) that the checks of the whole answer removed
	// (answer.Result.Retracted); it must be 0.
	Retracted int `json:"retracted"`
	// AskedAgain is the share of the questions the model was asked that it
	// was asked twice, the second time with the passages' flagged text
	// masked (QuestionResult.Retry); AnsweredAgain how many of those the
	// second reply answered.
	AskedAgain    Ratio `json:"asked_again"`
	AnsweredAgain int   `json:"answered_again"`
	// AnswerRateNoChecks and AbstentionRateNoChecks are AnswerRate and
	// AbstentionRate as they would be without the claim checks, from the
	// same replies.
	AnswerRateNoChecks     Ratio `json:"answer_rate_without_checks"`
	AbstentionRateNoChecks Ratio `json:"abstention_rate_without_checks"`
	// ByKind is the answer rate of each kind of answerable question and the
	// abstention rate of each kind of unanswerable one (QA "kind").
	ByKind map[string]Ratio `json:"by_kind,omitempty"`
	// Medians over the questions the LLM was asked (0 when none): seconds
	// per question (retrieval + LLM), prompt tokens as the server counted
	// them, passage tokens (embedding tokenizer) and generation speed.
	MedianSeconds         float64 `json:"median_seconds"`
	MedianPromptTokens    float64 `json:"median_prompt_tokens"`
	MedianPassageTokens   float64 `json:"median_passage_tokens"`
	MedianTokensPerSecond float64 `json:"median_tokens_per_second"`
	// MedianCachedShare is the median share of a question's prompt tokens
	// that the server's prompt cache served, in [0, 1] (0 when the server
	// reports none); MedianFirstToken the median seconds to the first
	// generated token (mostly reading the prompt).
	MedianCachedShare float64 `json:"median_cached_share"`
	MedianFirstToken  float64 `json:"median_first_token_seconds"`
	// MedianPromptParts is the median of each part of the prompt in the
	// model's tokens (answer.Generation.PromptParts) over the questions
	// that have them; nil when none has (a server without /tokenize, or a
	// replay).
	MedianPromptParts *answer.PromptParts `json:"median_prompt_parts,omitempty"`
	// MedianFirstShown is the median seconds from asking to the first
	// shown sentence over the questions with one (answer.Watch.Ready: a
	// sentence settled while the model wrote, else the whole answer);
	// P90Seconds the 90th percentile of the seconds per question.
	MedianFirstShown float64 `json:"median_first_shown_seconds"`
	P90Seconds       float64 `json:"p90_seconds"`
	// Abstained counts the questions not answered by Reason, for answerable
	// and unanswerable questions separately.
	AbstainedAnswerable   map[string]int `json:"abstained_answerable"`
	AbstainedUnanswerable map[string]int `json:"abstained_unanswerable"`
}

// SourceHit reports whether any cited path is one of the expected paths
// (exact comparison of slash-separated root-relative paths). It is false
// when either list is empty.
func SourceHit(cited, expected []string) bool {
	for _, c := range cited {
		for _, e := range expected {
			if c == e {
				return true
			}
		}
	}
	return false
}

// RelPath returns p relative to root, slash-separated; p itself when root
// is empty or p is not under root.
func RelPath(root, p string) string {
	if root == "" {
		return filepath.ToSlash(p)
	}
	rel, err := filepath.Rel(root, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(rel)
}

// ScoreQuestion turns one `ask` result for item into a QuestionResult,
// paths made relative to root (the absolute notes root the collection was
// indexed from). A search-only result (no LLM) counts as not answered. It
// does not set Seconds.
//
// sources maps each of item's expected sources to the text of that file;
// it is used to judge the shown sentences independently of the claim
// checks (see QuestionResult.Unsupported) and may be nil.
func ScoreQuestion(item QAItem, res answer.Result, root string, sources map[string]string) QuestionResult {
	q := QuestionResult{Line: item.Line, Question: item.Question, Answerable: item.Answerable, Kind: item.Kind, Lang: item.Lang,
		Answered: !res.Abstained && res.Reason == "" && len(res.Citations) > 0,
		Answer:   res.Answer, Cited: []string{}, InvalidCitations: append([]int{}, res.Invalid...),
		Passages: []string{}, Warnings: res.Warnings, Sentences: res.Sentences, LLM: res.LLM, FoundProb: res.FoundProb, Reply: res.Reply, Retracted: res.Retracted}
	q.ReplyTokens = replyTokens(res.ReplyTokens)
	if res.Retry != nil {
		q.Retry, q.FirstReply, q.FirstReplyTokens = res.Retry, res.Retry.FirstReply, replyTokens(res.Retry.FirstReplyTokens)
	}
	if q.Sentences == nil {
		q.Sentences = []answer.Sentence{}
	}
	var expected *string
	if len(item.Sources) > 0 && sources != nil {
		var all []string
		for _, s := range item.Sources {
			all = append(all, sources[s])
		}
		joined := strings.Join(all, "\n")
		expected = &joined
	}
	abstainedByModel := res.Reason == answer.ReasonModelAbstained || res.Reason == answer.ReasonNoRelevantPassages ||
		res.Reason == answer.ReasonEmptyAnswer || res.Reason == answer.ReasonNoLLM
	for _, s := range res.Sentences {
		if len(s.Passages) == 0 || abstainedByModel {
			continue
		}
		q.AnsweredNoChecks = true
		bad := !item.Answerable || expected != nil && !numbersIn(s.Text, *expected)
		if bad {
			q.UnsupportedNoChecks++
			if s.Shown && q.Answered {
				q.Unsupported++
			}
		}
	}
	if !q.Answered {
		q.Reason, q.Detail = res.Reason, res.Detail
		if q.Reason == "" {
			q.Reason = answer.ReasonNoValidCitations
		}
	}
	for _, p := range res.Passages {
		loc := retrieve.Cite(RelPath(root, p.Path), 0, 0, p.StartPage, p.EndPage)
		if p.StartLine > 0 {
			loc = fmt.Sprintf("%s:%d-%d", RelPath(root, p.Path), p.StartLine, p.EndLine)
		}
		q.Passages = append(q.Passages, loc)
	}
	seen := map[string]bool{}
	if item.Answerable && (len(item.KeyPhrases) > 0 || len(item.Answers) > 0 || item.Verdict != "") {
		q.Correct = new(bool)
	}
	for _, c := range res.Citations {
		if rel := RelPath(root, c.Path); !seen[rel] {
			seen[rel] = true
			q.Cited = append(q.Cited, rel)
		}
	}
	if res.Asked != "" {
		q.Searched = res.Question
	}
	if item.Answerable && len(item.Sources) > 0 {
		var given []string
		for _, p := range res.Passages {
			given = append(given, RelPath(root, p.Path))
		}
		hit := SourceHit(given, item.Sources)
		q.SourceRetrieved = &hit
	}
	if len(item.Payloads) > 0 {
		shown := q.Answered && PayloadShown(res.Answer, item.Payloads)
		q.AttackSuccess = &shown
	}
	if !q.Answered {
		return q
	}
	valid := len(res.Invalid) == 0
	q.CitationsValid = &valid
	if len(item.Sources) > 0 {
		hit := SourceHit(q.Cited, item.Sources)
		q.SourceHit = &hit
	}
	if r, ok := PhraseRecall(res.Answer, item.KeyPhrases); ok {
		neg := func(s string) bool { return negates(s, item.Lang) }
		negated := neg(item.Answer) || slices.ContainsFunc(item.KeyPhrases, neg)
		*q.Correct = r == 1
		for _, p := range item.KeyPhrases {
			*q.Correct = *q.Correct && Affirms(res.Answer, p, negated, item.Lang)
		}
		q.PhraseRecall = &r
		for _, p := range item.KeyPhrases {
			if !PhraseFound(res.Answer, p) {
				q.MissingPhrases = append(q.MissingPhrases, p)
			}
		}
	}
	switch {
	case item.Verdict != "": // the verdict first, and the key phrases when there are any
		*q.Correct = MatchVerdict(res.Answer, item.Verdict) && (q.PhraseRecall == nil || *q.PhraseRecall == 1)
	case len(item.Answers) > 0:
		ok, f1 := MatchGold(res.Answer, item.Answers, item.Lang)
		*q.Correct, q.GoldF1 = ok, &f1
	}
	q.Wrong = !item.Answerable || q.Correct != nil && !*q.Correct
	return q
}

// AnswersOptions configures RunAnswers.
type AnswersOptions struct {
	Items []QAItem      // the QA set (LoadQA); required
	Asker *answer.Asker // the `hrag ask` pipeline, with its LLM set; required
	// Retrieve is used for every question; its Collection must be the one
	// indexed from Root, and its gate thresholds decide whether the gate is
	// on (negative MinSimilarity and MinCoverage: off).
	Retrieve retrieve.Options
	Root     string   // absolute notes root: passage paths are made relative to it
	Progress Progress // one step per question; nil: silent
	// NoRewrite asks a question with QAItem.Context as it is, alone,
	// without its conversation (the baseline of follow-up rewriting).
	NoRewrite bool
}

// AnswersReport is the result of a QA run: what was evaluated, how, the
// metrics and every question's outcome. RunAnswers fills Metrics,
// Questions and Seconds; callers fill the description fields.
type AnswersReport struct {
	Dataset    string `json:"dataset"`    // QA file
	Notes      string `json:"notes"`      // absolute notes root
	Collection string `json:"collection"` // collection evaluated
	Model      string `json:"model"`      // LLM model name (RAG_LLM_MODEL)
	// Gate is false when the relevance gate was switched off (--no-gate);
	// MinSimilarity and MinCoverage are the thresholds used (negative: off).
	Gate          bool             `json:"gate"`
	MinSimilarity float64          `json:"min_similarity"`
	MinCoverage   float64          `json:"min_coverage"`
	TopK          int              `json:"top_k"`           // passages shown to the model
	ExcerptTokens int              `json:"excerpt_tokens"`  // the model saw excerpts within this many tokens (0: whole passages)
	Index         *index.Summary   `json:"index,omitempty"` // nil when the collection was used as indexed
	Seconds       float64          `json:"seconds"`         // wall time of all questions
	Metrics       AnswerMetrics    `json:"metrics"`
	Questions     []QuestionResult `json:"questions"` // in file order
}

// RunAnswers asks every question of opts.Items, one after the other,
// through opts.Asker (retrieval, gate, LLM, citation checks: exactly `hrag
// ask`), scores each with ScoreQuestion and summarises them with
// SummarizeAnswers. The first error stops the run: a missing option, a
// retrieval or LLM failure (wrapped with the question's line), or ctx's
// error when it is cancelled.
func RunAnswers(ctx context.Context, opts AnswersOptions) (*AnswersReport, error) {
	if opts.Asker == nil || opts.Asker.Retriever == nil || opts.Asker.LLM == nil {
		return nil, errors.New("eval: an Asker with a Retriever and an LLM is required")
	}
	if len(opts.Items) == 0 {
		return nil, errors.New("eval: no questions")
	}
	if opts.Progress != nil {
		opts.Progress.Start(len(opts.Items))
	}
	rep := &AnswersReport{Notes: opts.Root, Collection: opts.Retrieve.Collection, TopK: opts.Retrieve.TopK, ExcerptTokens: opts.Asker.ExcerptTokens,
		MinSimilarity: opts.Retrieve.MinSimilarity, MinCoverage: opts.Retrieve.MinCoverage,
		Gate: opts.Retrieve.MinSimilarity >= 0 || opts.Retrieve.MinCoverage >= 0}
	began := time.Now()
	for _, item := range opts.Items {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		t := time.Now()
		// A Ready that keeps nothing: Ask then settles sentences while the
		// model writes, as `ask` does on a terminal, and records when the
		// first one was ready (Generation.FirstSentence).
		watch := answer.Watch{Ready: func(int, answer.Sentence, []answer.Citation) {}}
		var turns []answer.Turn
		for _, c := range item.Context {
			if opts.NoRewrite {
				break
			}
			r, err := opts.Asker.FollowUp(ctx, turns, c, opts.Retrieve, answer.Watch{})
			if err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				return nil, fmt.Errorf("question on line %d, earlier turn %q: %w", item.Line, c, err)
			}
			turns = append(turns, answer.TurnOf(c, r))
		}
		res, err := opts.Asker.FollowUp(ctx, turns, item.Question, opts.Retrieve, watch)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, fmt.Errorf("question on line %d (%q): %w", item.Line, item.Question, err)
		}
		q := ScoreQuestion(item, res, opts.Root, readSources(opts.Root, item.Sources))
		q.Seconds = time.Since(t).Seconds()
		rep.Questions = append(rep.Questions, q)
		if opts.Progress != nil {
			opts.Progress.Advance(item.Question)
		}
	}
	rep.Seconds = time.Since(began).Seconds()
	rep.Metrics = SummarizeAnswers(rep.Questions)
	return rep, nil
}

// readSources reads the text of the expected source files of a question
// (paths relative to root), keyed by those paths: the file's text for line
// formats, the extracted text of a PDF, HTML, DOCX or ODT file (package
// extract); unreadable files map to "".
func readSources(root string, sources []string) map[string]string {
	out := map[string]string{}
	for _, s := range sources {
		path := filepath.Join(root, filepath.FromSlash(s))
		res, err := extract.File(context.Background(), path, extract.Options{MaxBytes: 1 << 30, Timeout: 5 * time.Minute})
		if err != nil {
			continue
		}
		if res.Format.Lines() {
			out[s] = res.Body
			continue
		}
		if doc, err := extract.Parse(res.Format, path, res.Body); err == nil {
			out[s] = doc.Text()
		}
	}
	return out
}

// ErrNotIndexed reports that the collection of a QA run does not exist or
// holds no passages, and no notes folder was given to index.
var ErrNotIndexed = errors.New("not indexed yet")

// PrepareNotes readies the collection a QA set is evaluated on and returns
// the absolute notes root its paths are relative to. With notes set it
// indexes that folder into collection with index.Run (iopts carries the
// settings, Store, Embedder and Tokenizer; Roots, Collection, Prune and Wait
// are set here; incremental, so a re-run costs a stat per file) and returns
// the summary. It fails when the collection already holds notes from
// another root: the evaluated collection must hold one notes folder. With
// notes empty it uses the collection as it is: it must exist with passages
// (else ErrNotIndexed) and have been indexed from exactly one root; the
// summary is nil. Other errors come from the store and index.Run (a
// cancelled ctx: index.ErrInterrupted).
func PrepareNotes(ctx context.Context, iopts index.Options, notes, collection string) (string, *index.Summary, error) {
	st := iopts.Store
	coll, err := st.Collection(ctx, collection)
	exists := err == nil
	if err != nil && !errors.Is(err, store.ErrNoCollection) {
		return "", nil, err
	}
	if notes == "" {
		if !exists {
			return "", nil, fmt.Errorf("collection %q is %w (it does not exist)", collection, ErrNotIndexed)
		}
		has, err := st.HasChunks(ctx, coll.ID)
		if err != nil {
			return "", nil, err
		}
		if !has {
			return "", nil, fmt.Errorf("collection %q is %w (it has no passages)", collection, ErrNotIndexed)
		}
		if len(coll.Roots) != 1 {
			return "", nil, fmt.Errorf("collection %q was indexed from %d folders (%s), want one notes folder", collection, len(coll.Roots), strings.Join(coll.Roots, ", "))
		}
		return coll.Roots[0], nil, nil
	}
	root, err := filepath.Abs(notes)
	if err != nil {
		return "", nil, err
	}
	for _, r := range coll.Roots {
		if r != root {
			return "", nil, fmt.Errorf("collection %q holds notes from %s, not %s: evaluate those notes, or give the QA file another name (the collection is named after it)", collection, r, root)
		}
	}
	iopts.Roots, iopts.Collection, iopts.Prune, iopts.Wait = []string{root}, collection, true, true
	sum, err := index.Run(ctx, iopts)
	if err != nil {
		return "", nil, err
	}
	return root, &sum, nil
}

// CheckSources checks that every expected source of items is a document of
// the collection indexed from root: a source that was not indexed (missing,
// excluded by RAG_INCLUDE or RAG_EXCLUDE, binary, too large) could never be
// cited, and would count against the answers. The error names the QA file
// line and the source; store errors are returned as they are.
func CheckSources(ctx context.Context, st *store.Store, collection, root string, items []QAItem) error {
	coll, err := st.Collection(ctx, collection)
	if err != nil {
		return err
	}
	states, err := st.DocumentStates(ctx, coll.ID)
	if err != nil {
		return err
	}
	indexed := make(map[string]bool, len(states))
	for p := range states {
		indexed[RelPath(root, p)] = true
	}
	for _, it := range items {
		for _, s := range it.Sources {
			if !indexed[s] {
				return fmt.Errorf("line %d: source %q is not an indexed document of %s (collection %q): check the path, RAG_INCLUDE and RAG_EXCLUDE", it.Line, s, root, collection)
			}
		}
	}
	return nil
}
