package answer

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

// Reasons an answer is not a grounded answer (Result.Reason).
const (
	ReasonNoRelevantPassages = "no_relevant_passages" // the gate stopped the question; the LLM was not called
	ReasonModelAbstained     = "model_abstained"      // the model said the passages do not contain the answer
	ReasonNoValidCitations   = "no_valid_citations"   // the model answered without citing any shown passage
	ReasonEmptyAnswer        = "empty_answer"         // the model returned nothing (Answer is then NoAnswer)
	ReasonNoLLM              = "search_only"          // no LLM configured: passages only
)

// Citation maps a cited number to its passage.
type Citation struct {
	N          int    `json:"n"`
	Path       string `json:"path"`
	StartLine  int    `json:"start_line"`
	EndLine    int    `json:"end_line"`
	Breadcrumb string `json:"breadcrumb"`
}

// Result is the outcome of one question.
type Result struct {
	Question  string             `json:"question"`
	Answer    string             `json:"answer"`
	Abstained bool               `json:"abstained"`          // no grounded answer: see Reason
	Reason    string             `json:"reason,omitempty"`   // one of the Reason* constants
	Detail    string             `json:"detail,omitempty"`   // human explanation of Reason
	Citations []Citation         `json:"citations"`          // valid citations, in order
	Invalid   []int              `json:"invalid_citations"`  // cited numbers that were removed
	Passages  []retrieve.Passage `json:"passages"`           // what the LLM was shown
	Warnings  []string           `json:"warnings,omitempty"` // retrieval and verification warnings
}

// Asker answers questions from retrieved passages.
type Asker struct {
	Retriever *retrieve.Retriever
	LLM       llm.Streamer // nil: search only
	MaxTokens int          // RAG_LLM_MAX_TOKENS
	HyDE      bool
}

// Ask retrieves passages for question and, when the gate finds them relevant
// and an LLM is configured, streams the model's answer to onDelta, then
// verifies it. If the prompt exceeds the model's context it retries once with
// half the passages. LLM failures are returned as *llm.Error.
func (a *Asker) Ask(ctx context.Context, question string, ro retrieve.Options, onDelta func(string)) (Result, error) {
	res := Result{Question: question, Citations: []Citation{}, Invalid: []int{}}
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
	res.Passages = r.Passages
	res.Warnings = append(res.Warnings, r.Warnings...)
	if res.Passages == nil {
		res.Passages = []retrieve.Passage{}
	}
	if !r.Relevant {
		res.Answer, res.Abstained, res.Reason, res.Detail = NoAnswer, true, ReasonNoRelevantPassages, r.Reason
		return res, nil
	}
	if a.LLM == nil {
		res.Reason, res.Detail = ReasonNoLLM, "no LLM configured (RAG_LLM_BASE_URL): showing the passages only"
		return res, nil
	}
	passages := res.Passages
	var out llm.Response
	for attempt := 0; ; attempt++ {
		out, err = a.LLM.Stream(ctx, llm.Request{Messages: Messages(question, passages), MaxTokens: a.MaxTokens, Stop: Stop}, onDelta)
		if errors.Is(err, llm.ErrContextLength) && attempt == 0 && len(passages) > 1 && out.Text == "" {
			passages = passages[:len(passages)/2]
			res.Warnings = append(res.Warnings, fmt.Sprintf("prompt too long for the model: retried with %d passages", len(passages)))
			continue
		}
		break
	}
	res.Passages = passages
	if err != nil {
		return res, err
	}
	v := Verify(out.Text, len(passages))
	res.Answer, res.Invalid = strings.TrimSpace(v.Text), append(res.Invalid, v.Invalid...)
	if len(v.Invalid) > 0 {
		res.Warnings = append(res.Warnings, fmt.Sprintf("removed citation(s) %v: the model cited passages it was not shown", v.Invalid))
	}
	if out.FinishReason == "length" {
		res.Warnings = append(res.Warnings, "the answer was cut off at RAG_LLM_MAX_TOKENS")
	}
	for _, n := range v.Cited {
		p := passages[n-1]
		res.Citations = append(res.Citations, Citation{N: n, Path: p.Path, StartLine: p.StartLine, EndLine: p.EndLine, Breadcrumb: p.Breadcrumb})
	}
	switch {
	case res.Answer == "":
		res.Answer = NoAnswer
		res.Abstained, res.Reason, res.Detail = true, ReasonEmptyAnswer, "the model returned an empty answer"
	case IsAbstention(res.Answer, len(v.Cited)):
		res.Abstained, res.Reason, res.Detail = true, ReasonModelAbstained, "the model found no answer in the passages"
	case len(v.Cited) == 0:
		res.Abstained, res.Reason, res.Detail = true, ReasonNoValidCitations, "the answer cites no passage it was shown, so it is not supported by the notes"
	}
	return res, nil
}
