package retrieve

import (
	"fmt"
	"strings"
)

// Codes of the relevance gate's verdict (Result.Code; `sources --json`
// "reason"). Stable: scripts may rely on them.
const (
	GateSimilar     = "similar_passage"  // relevant: the closest passage's cosine similarity reaches the threshold
	GateKeywords    = "keyword_match"    // relevant: a BM25 passage holds enough of the question's terms
	GateOff         = "gate_off"         // relevant: both thresholds are negative
	GateReranked    = "reranker_score"   // relevant: the best reranker score reaches RAG_RERANK_MIN_SCORE
	GateNoPassages  = "no_passages"      // nothing in the collection matches the question
	GateNotClose    = "not_close_enough" // passages found, none close enough
	GateRerankedLow = "reranker_below"   // the best reranker score is below RAG_RERANK_MIN_SCORE
	GateNoPathMatch = "no_path_match"    // no indexed document matches --path
	GateNoTagMatch  = "no_tag_match"     // no indexed document (within --path) has every --tag
	GateNoDateMatch = "no_date_match"    // no indexed document (within --path and --tag) is dated within --since and --until
)

// GateCodes lists every Result.Code, relevant ones first, filters that
// matched nothing last (FilterCodes).
var GateCodes = []string{GateSimilar, GateKeywords, GateOff, GateReranked, GateNoPassages, GateNotClose, GateRerankedLow, GateNoPathMatch, GateNoTagMatch, GateNoDateMatch}

// Gate decides whether retrieval found anything relevant enough to answer
// from: the closest passage's cosine similarity topSim reaches minSim, or
// the best keyword coverage topCov reaches minCov (a negative threshold
// switches its signal off; both negative: always relevant when there are
// passages). It returns the verdict, its code (GateCodes) and a sentence
// giving the numbers.
func Gate(topSim, topCov float64, passages int, minSim, minCov float64) (bool, string, string) {
	switch {
	case passages == 0:
		return false, GateNoPassages, "nothing in the index matches the question"
	case minSim < 0 && minCov < 0:
		return true, GateOff, "the relevance gate is off (both thresholds are negative)"
	case minSim >= 0 && topSim >= minSim:
		return true, GateSimilar, fmt.Sprintf("closest passage has cosine similarity %.2f ≥ %.2f", topSim, minSim)
	case minCov >= 0 && topCov >= minCov && topCov > 0:
		return true, GateKeywords, fmt.Sprintf("a keyword match holds %.0f%% of the question's terms (≥ %.0f%%)", 100*topCov, 100*minCov)
	}
	var why []string
	if minSim >= 0 {
		why = append(why, fmt.Sprintf("best cosine similarity %s < %.2f", below(topSim, minSim), minSim))
	}
	if minCov >= 0 {
		why = append(why, fmt.Sprintf("best keyword coverage %.0f%% < %.0f%%", 100*topCov, 100*minCov))
	}
	return false, GateNotClose, "no passage is close enough (" + strings.Join(why, ", ") + ")"
}

// below formats v, known to be < limit, with enough decimals not to print
// it equal to limit ("0.398", not "0.40").
func below(v, limit float64) string {
	for prec := 2; prec < 6; prec++ {
		if t := fmt.Sprintf("%.*f", prec, v); t != fmt.Sprintf("%.*f", prec, limit) {
			return t
		}
	}
	return fmt.Sprintf("%g", v)
}

// FilterCodes are the Result.Codes of a filter that let no document
// through: nothing was searched.
var FilterCodes = []string{GateNoPathMatch, GateNoTagMatch, GateNoDateMatch}
