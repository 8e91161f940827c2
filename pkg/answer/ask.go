package answer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

// Reasons an answer is not a grounded answer (Result.Reason).
const (
	ReasonNoRelevantPassages = "no_relevant_passages" // the gate stopped the question; the LLM was not called
	ReasonModelAbstained     = "model_abstained"      // the model said the passages do not contain the answer
	ReasonNoValidCitations   = "no_valid_citations"   // no sentence cited a passage the model was shown
	ReasonUnsupportedClaims  = "unsupported_claims"   // every cited sentence failed the claim checks
	ReasonEmptyAnswer        = "empty_answer"         // the model returned nothing (Answer is then NoAnswer)
	ReasonNoLLM              = "search_only"          // no LLM configured: passages only (not an abstention: exit 0)
	ReasonNoPathMatch        = "no_path_match"        // no indexed document matches --path; nothing was searched
	ReasonNoTagMatch         = "no_tag_match"         // no indexed document has every --tag; nothing was searched
	ReasonNoDateMatch        = "no_date_match"        // no indexed document is dated within --since and --until; nothing was searched
)

// Reasons lists every Result.Reason.
var Reasons = []string{ReasonNoRelevantPassages, ReasonNoPathMatch, ReasonNoTagMatch, ReasonNoDateMatch, ReasonModelAbstained, ReasonNoValidCitations, ReasonUnsupportedClaims, ReasonEmptyAnswer, ReasonNoLLM}

// SentenceReasons lists every Sentence.Reason: the claim checks' reasons
// (claim.Reasons), ReasonAction, ReasonChangedDetails,
// ReasonRepeatsInjection, ReasonLookAlike, ReasonNoQuote,
// ReasonNotConfirmed, ReasonLowConfidence and ReasonModelUnsure.
func SentenceReasons() []string {
	var out []string
	for _, r := range claim.Reasons {
		out = append(out, string(r))
	}
	return append(out, ReasonAction, ReasonChangedDetails, ReasonRepeatsInjection, ReasonLookAlike, ReasonNoQuote, ReasonNotConfirmed, ReasonLowConfidence, ReasonModelUnsure)
}

// Citation maps a cited number to its passage.
type Citation struct {
	N          int    `json:"n"`
	Path       string `json:"path"`
	StartLine  int    `json:"start_line,omitempty"` // 0 (left out) when the format has no lines
	EndLine    int    `json:"end_line,omitempty"`
	StartPage  int    `json:"page_start,omitempty"` // 0 (left out) when the format has no pages
	EndPage    int    `json:"page_end,omitempty"`
	Breadcrumb string `json:"breadcrumb"`
}

// Sentence is one sentence the model wrote, with the verdict of the claim
// checks. Only sentences with Shown set reach the user.
type Sentence struct {
	Text     string `json:"text"`     // as the model wrote it, without citation marks
	Passages []int  `json:"passages"` // the shown passages it cites
	// InvalidPassages are cited numbers that name no shown passage.
	InvalidPassages []int `json:"invalid_passages,omitempty"`
	// CitedByModel: the model's own citations, replaced when they do not
	// support the sentence but Passages do (they pass every check).
	CitedByModel []int `json:"cited_by_model,omitempty"`
	// Quote is where the sentence's quotation was found; nil when it was
	// found in no shown passage (ReasonNoQuote) or the sentence cites none.
	Quote *Quote `json:"quote,omitempty"`
	// LeftOut is the text the model copied whole from its passage that
	// tells the reader what to say (speech.Directed: "(could you tell
	// the reader it was moved to 13:00?)"), cut from Text, where "…"
	// stands in its place: the rest is what the checks read and hrag shows.
	LeftOut []string `json:"left_out,omitempty"`
	// ActionLeftOut are the asides copied from the passage that tell the
	// reader to act unasked or citing flagged text, cut from Text
	// (CutActionAsides) where "…" stands, each with its kind of action.
	ActionLeftOut []ActionAside `json:"action_left_out,omitempty"`
	// UnlocatedQuote is the model's quotation when it was found in no
	// shown passage (ReasonNoQuote).
	UnlocatedQuote string `json:"unlocated_quote,omitempty"`
	Shown          bool   `json:"shown"`
	// Confirmed is the LLM's verdict when it was asked to confirm the
	// sentence against its quote (Asker.Verify); nil when not asked.
	Confirmed *bool `json:"confirmed,omitempty"`
	// VerifyYes is the LLM's probability, in [0, 1], that the quote states
	// the sentence as the answer: the probability of its verdict token, or
	// one minus it for a "no". nil when the verification was not asked or
	// the server returned no log-probabilities.
	VerifyYes *float64 `json:"verify_yes,omitempty"`
	// Reason is empty for a shown sentence, else why it was removed: a
	// claim.Reason, or ReasonAction.
	Reason string `json:"reason,omitempty"`
	Detail string `json:"detail,omitempty"`
	// TermSupport is the idf-weighted share of the sentence's terms found
	// in its cited passages (claim.TermSupport), in [0, 1].
	TermSupport float64 `json:"term_support"`
	// QuestionCoverage is the share of the question's topical terms found
	// in its cited passages (claim.Coverage), in [0, 1].
	QuestionCoverage float64 `json:"question_coverage"`
	// CrossLanguage: its cited passages are in another language than the
	// question, so the question's coverage was not checked.
	CrossLanguage bool `json:"cross_language,omitempty"`
	// distinctLanguage: CrossLanguage with certainty (language.Compare),
	// which RAG_VERIFY_ACROSS_LANGUAGES asks for.
	distinctLanguage bool
	// Similarity is the cosine similarity of the sentence's embedding to its
	// closest cited passage's (check (d)); nil when not computed.
	Similarity *float64 `json:"similarity,omitempty"`
	// Logprob and MinLogprob are the mean and the least natural-log
	// probability of the tokens the model wrote the sentence with (its
	// confidence, <= 0); nil when the server sent no logprobs or they
	// were not asked for (Asker.MinLogprob, MeasureLogprobs).
	Logprob    *float64 `json:"logprob,omitempty"`
	MinLogprob *float64 `json:"min_logprob,omitempty"`
}

// Quote is the passage text a sentence's quotation was located at
// (text.Locate): the notes' own words, which are shown and checked, never
// the model's copy of them.
type Quote struct {
	Text    string `json:"text"`        // the located words (a table row with its header row)
	Model   string `json:"model_quote"` // the quotation as the model wrote it ("" when it gave none and its sentence was located)
	Passage int    `json:"passage"`     // the passage's number
	// StartLine and EndLine are the file lines of the located words (0,
	// left out, for formats without lines), counted in the stored passage;
	// StartPage and EndPage the passage's pages in a PDF.
	StartLine int  `json:"start_line,omitempty"`
	EndLine   int  `json:"end_line,omitempty"`
	StartPage int  `json:"page_start,omitempty"`
	EndPage   int  `json:"page_end,omitempty"`
	Exact     bool `json:"exact"` // found verbatim after folding case, spaces, quotes and dashes
	// FoundByHrag: the model's quotation was in no passage, or did not
	// state the sentence's facts, and Text is the unit of the cited
	// passage that hrag found to state the sentence (its facts and most of
	// its words).
	FoundByHrag bool    `json:"found_by_hrag,omitempty"`
	Score       float64 `json:"score"` // share of the quotation's words found in order, in [0, 1]
}

// Checks that Asker.Skip may switch off (evaluation only).
const (
	SkipQuote       = "quote"
	SkipBind        = "bind"
	SkipAnswerType  = "answer_type"
	SkipRestatement = "restatement"
	// SkipPolarity, SkipOpposites and SkipQuestionFacts switch off the claim
	// checks of the same names (claim.Options.NoPolarity, NoOpposites,
	// NoQuestionFacts).
	SkipPolarity      = "polarity"
	SkipOpposites     = "opposites"
	SkipQuestionFacts = "question_facts"
	// SkipDirected keeps what a passage tells its reader to say
	// (speech.Directed) in the evidence.
	SkipDirected = "directed"
	// SkipAside shows a sentence that gives a value and another of its
	// kind in an aside (claim.AsideValue).
	SkipAside = "aside"
)

// SkipNames lists the names Asker.Skip accepts.
var SkipNames = []string{SkipQuote, SkipBind, SkipAnswerType, SkipRestatement, SkipVerdict, SkipPolarity, SkipOpposites, SkipQuestionFacts, SkipDirected, SkipAside}

// ReasonAction marks a sentence that tells the user to visit a link, run a
// command or hand over credentials when the question did not ask for that,
// or when it cites a passage with text addressed to an AI assistant.
const ReasonAction = "unrequested_action"

// Generation describes the LLM call of an answer.
type Generation struct {
	Protocol         string `json:"protocol"`          // ProtocolJSON or ProtocolText
	PassageTokens    int    `json:"passage_tokens"`    // tokens of the passages sent (embedding tokenizer)
	PromptTokens     int    `json:"prompt_tokens"`     // as reported by the server (0: not reported)
	CompletionTokens int    `json:"completion_tokens"` // as reported by the server (0: not reported)
	// CachedPromptTokens are the prompt tokens the server's prompt cache
	// served (0: none, or not reported): the fixed prefix (system prompt
	// and worked examples) is the same bytes in every request.
	CachedPromptTokens int     `json:"cached_prompt_tokens,omitempty"`
	Seconds            float64 `json:"seconds"` // the whole call
	FirstToken         float64 `json:"first_token_seconds"`
	// FirstSentence is the time from the start of Ask to the first
	// sentence handed to Watch.Ready (0: none was, the whole answer came at
	// once).
	FirstSentence   float64 `json:"first_sentence_seconds,omitempty"`
	TokensPerSecond float64 `json:"tokens_per_second"` // completion tokens after the first, per second (0: unknown)
	Truncated       bool    `json:"truncated"`         // cut off at RAG_LLM_MAX_TOKENS
	// PromptParts splits PromptTokens by what the prompt is made of, in
	// the model's own tokens; nil unless Asker.CountTokens is set and the
	// server counted.
	PromptParts *PromptParts `json:"prompt_parts,omitempty"`
	// VerifyCalls, VerifySeconds and VerifyPromptTokens are the
	// verification requests (Asker.Verify), their wall time and prompt
	// tokens; 0 when none.
	VerifyCalls        int     `json:"verify_calls,omitempty"`
	VerifySeconds      float64 `json:"verify_seconds,omitempty"`
	VerifyPromptTokens int     `json:"verify_prompt_tokens,omitempty"`
}

// warnTruncated is the warning of a reply cut off at the token limit.
const warnTruncated = "the answer was cut off at RAG_LLM_MAX_TOKENS: the unfinished sentence was dropped"

// Result is the outcome of one question.
type Result struct {
	// Question is the question searched and answered; Asked, for a
	// follow-up (FollowUp), the question as the user typed it, of which
	// Question is the standalone rewrite.
	Question  string             `json:"question"`
	Asked     string             `json:"asked,omitempty"`
	Answer    string             `json:"answer"`
	Abstained bool               `json:"abstained"`          // no grounded answer: see Reason
	Reason    string             `json:"reason,omitempty"`   // one of the Reason* constants
	Detail    string             `json:"detail,omitempty"`   // human explanation of Reason
	Citations []Citation         `json:"citations"`          // passages cited by the shown sentences, in order
	Invalid   []int              `json:"invalid_citations"`  // cited numbers that name no shown passage
	Passages  []retrieve.Passage `json:"passages"`           // what the LLM was shown (injected text masked)
	Warnings  []string           `json:"warnings,omitempty"` // retrieval, protocol and verification warnings
	// Sentences are every sentence of the model's answer with its verdict,
	// shown or not.
	Sentences []Sentence `json:"sentences"`
	// FoundProb is the probability, in [0, 1], the model gave its "found":
	// true (Asker.MinFoundProb); nil without that flag or logprobs.
	FoundProb *float64 `json:"found_prob,omitempty"`
	// Verdict is the answer's yes or no to a yes/no question (VerdictYes,
	// VerdictNo, VerdictBoth), stated before its sentences; "" for other
	// questions and when nothing is shown.
	Verdict string `json:"verdict,omitempty"`
	// Retracted are the texts of sentences handed to Watch.Ready while the
	// model wrote that the checks of the whole answer did not show (none
	// is expected; see Watch).
	Retracted []string    `json:"retracted,omitempty"`
	LLM       *Generation `json:"llm,omitempty"` // nil when the LLM was not called
	// Retry is set when the model was asked a second time with the
	// passages' flagged text masked (Asker.RetryWithoutFlagged); the
	// answer, sentences and Reply are the second reply's.
	Retry *Retry `json:"retry,omitempty"`
	// Reply is the model's raw reply, before any check. It is never shown
	// or printed (it may hold unsupported claims); evaluation reports keep
	// it to explain their verdicts.
	Reply string `json:"-"`
	// ReplyTokens are the reply's tokens with their log-probabilities
	// when they were asked for (Asker.MeasureLogprobs, MinLogprob); for
	// evaluation reports, like Reply.
	ReplyTokens []llm.Token `json:"-"`
	// gateSimilarity is the similarity threshold of the relevance gate
	// for this question (retrieve.Result.MinSimilarity), which a sentence
	// in another language than its quote must reach (crossLanguage).
	gateSimilarity float64
}

// Removed returns the sentences that failed a check.
func (r Result) Removed() []Sentence {
	var out []Sentence
	for _, s := range r.Sentences {
		if !s.Shown {
			out = append(out, s)
		}
	}
	return out
}

// Asker answers questions from retrieved passages.
type Asker struct {
	Retriever *retrieve.Retriever
	LLM       llm.Streamer // nil: search only
	MaxTokens int          // RAG_LLM_MAX_TOKENS
	HyDE      bool
	// PassageTokens caps the passages sent to the model, in tokens of the
	// embedding tokenizer (RAG_PASSAGE_TOKENS): passages are taken in rank
	// order while they fit, at least one. 0: no cap.
	PassageTokens int
	// ExcerptTokens cuts the passages in the prompt down to the units that
	// matter for the question, within this many tokens in total (Excerpts;
	// RAG_EXCERPT_TOKENS); 0: whole passages. The checks read the whole
	// passages.
	ExcerptTokens int
	// Datamark joins the words of every passage in the prompt with a
	// marker (Datamark; RAG_DATAMARK) and reads the reply with the marker
	// as spaces (Unmark). Off by default: measured, see
	// docs/measurements.md.
	Datamark bool
	// RetryWithoutFlagged asks the model a second time, with the
	// passages' flagged text masked, when its first reply gave no answer
	// and flagged text was in the prompt (retryWithoutFlagged;
	// RAG_INJECTION_RETRY).
	RetryWithoutFlagged bool
	// VerifyAcrossLanguages asks the LLM to confirm, as Verify does, each
	// shown sentence whose quote is in another language than the question
	// (Sentence.CrossLanguage), and removes it unless confirmed; the word
	// checks cannot compare the two languages (RAG_VERIFY_ACROSS_LANGUAGES).
	VerifyAcrossLanguages bool
	// Checks are the claim-check thresholds (RAG_CLAIM_MIN_TERM_SUPPORT).
	Checks claim.Options
	// MinSimilarity is check (d): the least cosine similarity between a
	// sentence and one of its cited passages (RAG_CLAIM_MIN_SIMILARITY);
	// negative: off.
	MinSimilarity float64
	// Verify asks the LLM, for every sentence that passed the checks,
	// whether its quote states that answer to the question (RAG_VERIFY);
	// a sentence it does not confirm is removed (ReasonNotConfirmed).
	Verify bool
	// MinVerifyYes, with Verify, also removes a confirmed sentence whose
	// VerifyYes is below it (RAG_VERIFY_MIN_YES, in [0, 1]); 0 keeps every
	// "yes". Needs a server that returns logprobs; without them a "yes"
	// is enough.
	MinVerifyYes float64
	// MeasureVerify asks the verification question for every sentence
	// whose quote was located, shown or not, and enforces it only with
	// Verify: evaluation runs record every verdict for replays.
	MeasureVerify bool
	// Skip switches checks off, for evaluation runs that measure what each
	// one does: SkipQuote (facts, words and binding against the whole
	// passage, as without quotes), SkipBind, SkipAnswerType,
	// SkipRestatement.
	Skip map[string]bool
	// MeasureSimilarity computes (d) for every sentence that cites a
	// passage even when it is off, for evaluation runs that set its
	// threshold.
	MeasureSimilarity bool
	// MinLogprob removes a shown sentence that the model wrote with a mean
	// token log-probability below it (ReasonLowConfidence;
	// RAG_MIN_LOGPROB); >= 0: off. Needs a server that returns logprobs
	// (llama.cpp, vLLM, OpenAI); without them no sentence is removed.
	MinLogprob float64
	// CountTokens, when set, counts text in the LLM's own tokens (an
	// llm.Client's CountTokens) so that each answer records its
	// Generation.PromptParts (evaluation runs). Its errors leave them out.
	CountTokens func(ctx context.Context, text string) (int, error)
	// MeasureLogprobs asks for logprobs and records every sentence's
	// confidence even when MinLogprob is off (evaluation runs).
	MeasureLogprobs bool
	// MinFoundProb withholds an answer whose "found": true the model wrote
	// with a probability below it (ReasonModelUnsure; RAG_MIN_FOUND_PROB,
	// in [0, 1], set per model; 0: off). Without logprobs nothing is.
	MinFoundProb float64

	mu        sync.Mutex
	plainOnly bool // the server rejected response_format once: use text
}

// current returns the passages whose file still exists (Stale is not
// retrieve.StaleDeleted), renumbered from 1: the model never sees text of a
// deleted file. Passages of changed files stay (flagged in a warning).
func current(ps []retrieve.Passage) []retrieve.Passage {
	out := []retrieve.Passage{}
	for _, p := range ps {
		if p.Stale == retrieve.StaleDeleted {
			continue
		}
		p.N = len(out) + 1
		out = append(out, p)
	}
	return out
}

// Ask retrieves passages for question and, when the gate finds them
// relevant and an LLM is configured, asks the model for a structured answer
// (falling back to text when the server rejects response_format, which it
// says once), then checks every sentence against the passages it cites
// (claim checks) before anything is returned: sentences that fail are
// removed and listed with their reason. w sees the raw reply as it
// streams and the sentences that are final before the reply is (Watch).
// If the prompt exceeds the model's context it retries once with half the
// passages. LLM failures are returned as *llm.Error; retrieval and
// database failures as they come.
func (a *Asker) Ask(ctx context.Context, question string, ro retrieve.Options, w Watch) (Result, error) {
	began := time.Now()
	res := Result{Question: question, Citations: []Citation{}, Invalid: []int{}, Sentences: []Sentence{}}
	if a.HyDE && a.LLM != nil {
		hyp, err := a.LLM.Stream(ctx, llm.Request{Messages: HyDEMessages(question), MaxTokens: 200}, nil)
		if err != nil {
			return res, fmt.Errorf("HyDE: %w", err)
		}
		ro.VectorQuery = strings.TrimSpace(hyp.Text)
	}
	r, err := a.Retriever.Retrieve(ctx, question, ro)
	if err != nil {
		return res, err
	}
	res.Question, res.gateSimilarity = r.Question, r.MinSimilarity
	res.Passages = current(r.Passages)
	res.Warnings = append(res.Warnings, r.Warnings...)
	if len(res.Passages) == 0 && len(r.Passages) > 0 {
		res.Answer, res.Abstained, res.Reason = NoAnswer, true, ReasonNoRelevantPassages
		res.Detail = "every passage found comes from a file deleted since it was indexed"
		return res, nil
	}
	if !r.Relevant {
		res.Answer, res.Abstained, res.Reason, res.Detail = NoAnswer, true, ReasonNoRelevantPassages, r.Reason
		if slices.Contains(retrieve.FilterCodes, r.Code) { // the same words: no_path_match, …
			res.Answer, res.Reason = "", r.Code
		}
		return res, nil
	}
	if a.LLM == nil {
		res.Reason, res.Detail = ReasonNoLLM, "no LLM configured (RAG_LLM_BASE_URL): showing the passages only"
		return res, nil
	}
	passages := Budget(res.Passages, a.PassageTokens)
	if len(passages) < len(res.Passages) {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%d of %d passages fit RAG_PASSAGE_TOKENS=%d", len(passages), len(res.Passages), a.PassageTokens))
	}
	early := &earlySentences{a: a, w: w, collection: r.Collection, question: res.Question, gateSimilarity: r.MinSimilarity, began: began,
		on: w.Ready != nil && a.settlesEarly(res.Question)}
	out, protocol, prompted, msgs, err := a.generate(ctx, res.Question, Excerpts(res.Question, passages, a.ExcerptTokens), &res, func(shown []retrieve.Passage) func(llm.Delta) {
		// The checks read whole passages: the first len(shown) of them.
		return early.attempt(ctx, passages[:len(shown)])
	})
	passages = passages[:len(prompted)] // generate may drop the last ones; the checks read them whole
	res.Passages = passages
	if err != nil {
		return res, err
	}
	gen := a.generation(ctx, out, protocol, prompted, msgs)
	res.LLM = gen
	if gen.Truncated {
		res.Warnings = append(res.Warnings, warnTruncated)
	}

	res.Reply, res.ReplyTokens = out.Text, out.Tokens
	before := res
	before.Warnings, before.Sentences, before.Citations, before.Invalid = slices.Clone(res.Warnings), slices.Clone(res.Sentences), slices.Clone(res.Citations), slices.Clone(res.Invalid)
	if err := a.settle(ctx, r.Collection, out.Text, out.Tokens, protocol, passages, &res, true); err != nil {
		return res, err
	}
	if a.RetryWithoutFlagged && res.Abstained && len(early.ready) == 0 {
		if res, err = a.retryWithoutFlagged(ctx, r.Collection, passages, before, res, early); err != nil {
			return res, err
		}
	}
	if early.first > 0 {
		res.LLM.FirstSentence = early.first.Seconds()
	}
	early.confirm(&res)
	return res, nil
}

// generation describes one reply of the model (out, read with protocol)
// to a prompt of msgs showing passages; PromptParts only when
// Asker.CountTokens is set.
func (a *Asker) generation(ctx context.Context, out llm.Response, protocol string, passages []retrieve.Passage, msgs []llm.Message) *Generation {
	gen := &Generation{Protocol: protocol, PromptTokens: out.Usage.PromptTokens, CompletionTokens: out.Usage.CompletionTokens, CachedPromptTokens: out.Usage.CachedPromptTokens,
		Seconds: out.Duration.Seconds(), FirstToken: out.FirstToken.Seconds(), TokensPerSecond: out.GenerationRate(),
		Truncated: out.FinishReason == "length"}
	for _, p := range passages {
		gen.PassageTokens += p.Tokens
	}
	if a.CountTokens != nil {
		gen.PromptParts = a.promptParts(ctx, msgs, out.Usage.PromptTokens)
	}
	return gen
}

// settle reads the model's reply (its text and, when asked for, tokens;
// with protocol) into res: its sentences checked against passages, the
// answer composed of the shown ones and their citations, or the reason
// there is none. A reply cut short is read up to its last whole sentence.
// measure false leaves out the measurements (Asker.MeasureSimilarity,
// MeasureVerify), for a reply read before it is complete.
func (a *Asker) settle(ctx context.Context, collection, reply string, tokens []llm.Token, protocol string, passages []retrieve.Passage, res *Result, measure bool) error {
	d := a.read(reply, protocol, res)
	confidence(reply, tokens, &d)
	d.sentences = distinct(d.sentences)
	if claim.YesNo(res.Question) {
		d = takeVerdict(d)
	}
	if d.found != nil && !*d.found {
		res.Answer, res.Abstained, res.Reason, res.Detail = NoAnswer, true, ReasonModelAbstained, "the model found no answer in the passages"
		return nil
	}
	if len(d.sentences) == 0 {
		res.Answer, res.Abstained, res.Reason, res.Detail = NoAnswer, true, ReasonEmptyAnswer, "the model returned an empty answer"
		return nil
	}
	if err := a.check(ctx, collection, res.Question, passages, d, res, measure); err != nil {
		return err
	}
	if w := languageMismatch(res.Question, joinText(res.Sentences)); w != "" {
		res.Warnings = append(res.Warnings, w)
	}
	res.Answer = Compose(res.Sentences)
	if res.Answer != "" && d.verdict != "" {
		res.Verdict = d.verdict
		res.Answer = VerdictText(d.verdict) + " " + res.Answer
	}
	for _, s := range res.Sentences {
		res.Invalid = appendNew(res.Invalid, s.InvalidPassages...)
	}
	if len(res.Invalid) > 0 {
		res.Warnings = append(res.Warnings, fmt.Sprintf("ignored citation(s) %v: the model cited passages it was not shown", res.Invalid))
	}
	valid := 0
	for _, s := range res.Sentences {
		valid += len(s.Passages)
	}
	switch {
	case IsAbstention(joinText(res.Sentences), valid):
		res.Answer, res.Abstained, res.Reason, res.Detail = NoAnswer, true, ReasonModelAbstained, "the model found no answer in the passages"
		res.Citations = []Citation{}
	case res.Answer != "":
	case cites(res.Sentences):
		res.Answer, res.Abstained, res.Reason = NoCheckedAnswer, true, ReasonUnsupportedClaims
		res.Detail = "no sentence of the model's answer is supported by the passages it cites"
		if d, ok := onlyAmbiguous(res.Sentences); ok {
			res.Answer, res.Detail = NoSingleAnswer, d
		}
	default:
		res.Answer, res.Abstained, res.Reason = NoCheckedAnswer, true, ReasonNoValidCitations
		res.Detail = "the answer cites no passage it was shown, so it is not supported by the notes"
	}
	return nil
}

// generate asks the model: with the structured protocol unless the server
// rejected it before, then, if the server rejects response_format, once
// more with the text protocol (remembered for the Asker's later questions,
// and said once in res.Warnings). A prompt longer than the model's context
// is retried once with the first half of the passages. It returns the
// reply, the protocol used and the passages actually shown. watch gives,
// for each request, the function that sees its reply as it streams (given
// the passages of that request).
func (a *Asker) generate(ctx context.Context, question string, passages []retrieve.Passage, res *Result, watch func([]retrieve.Passage) func(llm.Delta)) (llm.Response, string, []retrieve.Passage, []llm.Message, error) {
	shrunk := false
	for {
		a.mu.Lock()
		plain := a.plainOnly
		a.mu.Unlock()
		protocol, req := ProtocolJSON, llm.Request{Messages: JSONMessages(question, passages), MaxTokens: a.MaxTokens, Schema: SchemaFor(question)}
		if plain {
			protocol, req = ProtocolText, llm.Request{Messages: Messages(question, passages), MaxTokens: a.MaxTokens, Stop: Stop}
		}
		req.Logprobs = a.MeasureLogprobs || a.MinLogprob < 0 || a.MinFoundProb > 0
		onDelta, marker := watch(passages), ""
		if a.Datamark {
			req.Messages, marker = Datamark(req.Messages)
			if w := onDelta; w != nil && marker != "" {
				onDelta = func(d llm.Delta) { d.Text = Unmark(d.Text, marker); w(d) }
			}
		}
		out, err := a.LLM.Stream(ctx, req, onDelta)
		out.Text = Unmark(out.Text, marker)
		switch {
		case err == nil:
			return out, protocol, passages, req.Messages, nil
		case errors.Is(err, llm.ErrFormatUnsupported) && !plain:
			a.mu.Lock()
			first := !a.plainOnly
			a.plainOnly = true
			a.mu.Unlock()
			if first {
				res.Warnings = append(res.Warnings, "the LLM server does not accept structured answers (response_format json_schema): using the plain-text protocol, whose citations are less reliable")
			}
		case errors.Is(err, llm.ErrContextLength) && !shrunk && len(passages) > 1 && out.Text == "":
			shrunk = true
			passages = passages[:len(passages)/2]
			res.Warnings = append(res.Warnings, fmt.Sprintf("prompt too long for the model: retried with %d passages", len(passages)))
		default:
			return out, protocol, passages, req.Messages, err
		}
	}
}

// read turns the reply into a draft: JSON for the structured protocol
// (a reply that is not JSON is read as text, with a warning), text
// otherwise.
func (a *Asker) read(reply, protocol string, res *Result) draft {
	if strings.TrimSpace(reply) == "" {
		return draft{}
	}
	if protocol == ProtocolJSON {
		d, err := parseJSON(reply)
		if err == nil {
			if d.dropped > 0 {
				res.Warnings = append(res.Warnings, fmt.Sprintf("the reply had %d more sentences than hrag reads (%d): they were dropped", d.dropped, maxSentences))
			}
			return d
		}
		res.Warnings = append(res.Warnings, fmt.Sprintf("the model did not answer in the requested JSON (%v): its reply was read as text", err))
	}
	ss := splitPlain(Printable(reply))
	if len(ss) > maxSentences {
		res.Warnings = append(res.Warnings, fmt.Sprintf("the reply had %d more sentences than hrag reads (%d): they were dropped", len(ss)-maxSentences, maxSentences))
		ss = ss[:maxSentences]
	}
	return draft{sentences: ss}
}

// Budget returns the leading passages whose token counts fit within
// tokens (at least the first passage); tokens <= 0 keeps all.
func Budget(ps []retrieve.Passage, tokens int) []retrieve.Passage {
	if tokens <= 0 || len(ps) == 0 {
		return ps
	}
	sum := 0
	for i, p := range ps {
		sum += p.Tokens
		if sum > tokens && i > 0 {
			return ps[:i]
		}
	}
	return ps
}
