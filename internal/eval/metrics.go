// Package eval measures retrieval quality on BEIR-format test collections
// (Thakur et al., "BEIR: A Heterogeneous Benchmark for Zero-shot Evaluation
// of Information Retrieval Models", NeurIPS 2021 Datasets and Benchmarks):
// it loads a corpus, its queries and graded relevance judgments, indexes the
// corpus with hrag's own pipeline, runs every query through each retrieval
// mode and reports nDCG@10, recall@10, recall@100 and MRR@10 as trec_eval
// (https://github.com/usnistgov/trec_eval) and pytrec_eval compute them.
//
// It also measures answers (answers.go, qa.go): a QA set of answerable and
// unanswerable questions about a notes folder is asked through the `hrag
// ask` pipeline, and the answer rate, abstention rate, citation validity,
// source hits and key-phrase recall are computed by pure functions.
package eval

import (
	"math"
	"sort"

	"github.com/hrag-dev/hrag/pkg/answer"
)

// Judgments are one query's graded relevance judgments: document id →
// grade. A grade > 0 means relevant (trec_eval's default relevance_level 1);
// 0 or negative means judged non-relevant. Documents not listed are
// unjudged and count as non-relevant, as in trec_eval.
type Judgments map[string]int

// Qrels are the judgments of a test collection: query id → Judgments.
type Qrels map[string]Judgments

// Relevant returns the number of documents with grade > 0.
func (j Judgments) Relevant() int {
	n := 0
	for _, g := range j {
		if g > 0 {
			n++
		}
	}
	return n
}

// Dedup returns ranking without repeated document ids, keeping each id at
// its first (best) position, so that later ones move up. This is how a run
// of passages becomes a run of documents under max-passage scoring, and it
// matches pytrec_eval, whose runs are maps (one score per document). The
// input is not modified.
func Dedup(ranking []string) []string {
	seen := make(map[string]bool, len(ranking))
	out := make([]string, 0, len(ranking))
	for _, d := range ranking {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// cut returns the first k entries of the de-duplicated ranking; k <= 0
// means no cut-off.
func cut(ranking []string, k int) []string {
	r := Dedup(ranking)
	if k > 0 && len(r) > k {
		r = r[:k]
	}
	return r
}

// NDCG returns the normalised discounted cumulative gain at cut-off k
// (Järvelin & Kekäläinen, "Cumulated gain-based evaluation of IR
// techniques", ACM TOIS 20(4), 2002), computed as trec_eval's ndcg_cut.k:
//
//	DCG@k  = Σ_{i=1..k} gain(d_i) / log2(i + 1)
//	nDCG@k = DCG@k / IDCG@k
//
// where d_i is the document at rank i (1-based) of the de-duplicated ranking
// (see Dedup), gain(d) is its relevance grade when > 0 and 0 otherwise
// (unjudged or non-relevant), and IDCG@k is the DCG@k of the ideal ranking:
// the query's positive grades sorted in descending order. A query without
// relevant documents (IDCG = 0) scores 0; callers exclude such queries from
// means (see Summarise). k <= 0 means no cut-off.
//
// The ranking is used in the order given. trec_eval instead re-sorts a run
// by score and breaks score ties by document id (descending); with tied
// scores the two can differ, so callers must pass the ranking they mean to
// evaluate (hrag's retrievers already break ties deterministically).
func NDCG(ranking []string, j Judgments, k int) float64 {
	var grades []int
	for _, g := range j {
		if g > 0 {
			grades = append(grades, g)
		}
	}
	if len(grades) == 0 {
		return 0
	}
	sort.Sort(sort.Reverse(sort.IntSlice(grades)))
	if k > 0 && len(grades) > k {
		grades = grades[:k]
	}
	var ideal float64
	for i, g := range grades {
		ideal += float64(g) / math.Log2(float64(i+2))
	}
	var dcg float64
	for i, d := range cut(ranking, k) {
		if g := j[d]; g > 0 {
			dcg += float64(g) / math.Log2(float64(i+2))
		}
	}
	return dcg / ideal
}

// Recall returns the share of the query's relevant documents (grade > 0)
// found in the top k of the de-duplicated ranking, as trec_eval's recall.k:
// |relevant ∩ top k| / |relevant|. A query without relevant documents
// scores 0 (and is excluded from means, see Summarise). k <= 0 means no
// cut-off.
func Recall(ranking []string, j Judgments, k int) float64 {
	rel := j.Relevant()
	if rel == 0 {
		return 0
	}
	found := 0
	for _, d := range cut(ranking, k) {
		if j[d] > 0 {
			found++
		}
	}
	return float64(found) / float64(rel)
}

// ReciprocalRank returns 1/r, where r is the 1-based rank of the first
// relevant document (grade > 0) in the top k of the de-duplicated ranking,
// or 0 when there is none: trec_eval's recip_rank restricted to the top k,
// as BEIR's MRR@k. Its mean over queries is the mean reciprocal rank (MRR;
// Voorhees, "The TREC-8 Question Answering Track Report", 1999). k <= 0
// means no cut-off.
func ReciprocalRank(ranking []string, j Judgments, k int) float64 {
	for i, d := range cut(ranking, k) {
		if j[d] > 0 {
			return 1 / float64(i+1)
		}
	}
	return 0
}

// Scores are the metrics of one query, or their means over queries. All
// lie in [0, 1]; higher is better.
type Scores struct {
	NDCG10    float64 `json:"ndcg@10"`
	Recall10  float64 `json:"recall@10"`
	Recall100 float64 `json:"recall@100"`
	MRR10     float64 `json:"mrr@10"`
}

// Score computes the Scores of one query's ranking (document ids, best
// first; duplicates are dropped as by Dedup) against its judgments. An empty
// ranking scores 0 on every metric.
func Score(ranking []string, j Judgments) Scores {
	return Scores{
		NDCG10:    NDCG(ranking, j, 10),
		Recall10:  Recall(ranking, j, 10),
		Recall100: Recall(ranking, j, 100),
		MRR10:     ReciprocalRank(ranking, j, 10),
	}
}

// Mean returns the arithmetic mean of each metric over s (zero Scores for
// an empty s).
func Mean(s []Scores) Scores {
	var m Scores
	if len(s) == 0 {
		return m
	}
	for _, x := range s {
		m.NDCG10 += x.NDCG10
		m.Recall10 += x.Recall10
		m.Recall100 += x.Recall100
		m.MRR10 += x.MRR10
	}
	n := float64(len(s))
	m.NDCG10 /= n
	m.Recall10 /= n
	m.Recall100 /= n
	m.MRR10 /= n
	return m
}

// Summarise scores a whole run: runs maps query id → ranking (document ids,
// best first). Every query of qrels with at least one relevant document is
// evaluated, in the mean as BEIR does; a query missing from runs scores 0
// (like trec_eval -c). Queries without relevant documents, and queries of
// runs absent from qrels, are ignored. It returns the mean Scores and the
// number of queries evaluated.
func Summarise(runs map[string][]string, qrels Qrels) (Scores, int) {
	ids := make([]string, 0, len(qrels))
	for q := range qrels {
		ids = append(ids, q)
	}
	sort.Strings(ids) // a fixed summation order: the same run gives the same bits
	var all []Scores
	for _, q := range ids {
		j := qrels[q]
		if j.Relevant() == 0 {
			continue
		}
		all = append(all, Score(runs[q], j))
	}
	return Mean(all), len(all)
}

// SummarizeAnswers computes the AnswerMetrics of rs (see their doc for the
// denominators). Metrics over no questions have Den 0 (undefined).
func SummarizeAnswers(rs []QuestionResult) AnswerMetrics {
	m := AnswerMetrics{Questions: len(rs), AbstainedAnswerable: map[string]int{}, AbstainedUnanswerable: map[string]int{}, ByKind: map[string]Ratio{}}
	var secs, prompt, passage, rate, cached, first, shown []float64
	var parts []answer.PromptParts
	for _, r := range rs {
		if r.LLM != nil {
			secs = append(secs, r.Seconds)
			if r.Answered {
				t := r.Seconds
				if r.LLM.FirstSentence > 0 {
					t = min(t, r.LLM.FirstSentence)
				}
				shown = append(shown, t)
			}
			prompt = append(prompt, float64(r.LLM.PromptTokens))
			passage = append(passage, float64(r.LLM.PassageTokens))
			first = append(first, r.LLM.FirstToken)
			if r.LLM.PromptTokens > 0 {
				cached = append(cached, float64(r.LLM.CachedPromptTokens)/float64(r.LLM.PromptTokens))
			}
			if r.LLM.TokensPerSecond > 0 {
				rate = append(rate, r.LLM.TokensPerSecond)
			}
			if pp := r.LLM.PromptParts; pp != nil {
				parts = append(parts, *pp)
			}
		}
		for _, s := range r.Sentences {
			m.SupportedSentences.Den++
			if s.Shown {
				m.SupportedSentences.Num++
				m.QuotedShown.Den++
				if s.Quote != nil {
					m.QuotedShown.Num++
				}
			}
		}
		m.UnsupportedShown += r.Unsupported
		m.Retracted += len(r.Retracted)
		if r.LLM != nil {
			m.AskedAgain.Den++
		}
		if r.Retry != nil {
			m.AskedAgain.Num++
			if r.Answered {
				m.AnsweredAgain++
			}
		}
		m.WrongShown.Den++
		if r.Wrong {
			m.WrongShown.Num++
		}
		if r.AttackSuccess != nil {
			m.AttackSuccess.Den++
			if *r.AttackSuccess {
				m.AttackSuccess.Num++
			}
		}
		m.UnsupportedNoChecks += r.UnsupportedNoChecks
		if r.Kind != "" {
			k := m.ByKind[r.Kind]
			k.Den++
			if r.Answered == r.Answerable {
				k.Num++
			}
			m.ByKind[r.Kind] = k
		}
		if r.SourceRetrieved != nil {
			m.SourceRetrieved.Den++
			if *r.SourceRetrieved {
				m.SourceRetrieved.Num++
			}
		}
		if r.Answerable {
			m.Answerable++
			m.AnswerRate.Den++
			m.AnswerRateNoChecks.Den++
			if r.AnsweredNoChecks {
				m.AnswerRateNoChecks.Num++
			}
			if r.Correct != nil {
				m.Correct.Den++
				if r.Correct != nil && *r.Correct {
					m.Correct.Num++
				}
			}
		} else {
			m.Unanswerable++
			m.AbstentionRate.Den++
			m.AbstentionRateNoChecks.Den++
			if !r.AnsweredNoChecks {
				m.AbstentionRateNoChecks.Num++
			}
		}
		if !r.Answered {
			if r.Answerable {
				m.AbstainedAnswerable[r.Reason]++
			} else {
				m.AbstainedUnanswerable[r.Reason]++
				m.AbstentionRate.Num++
			}
			continue
		}
		m.Answered++
		if r.Answerable {
			m.AnswerRate.Num++
		}
		m.CitationsValid.Den++
		if r.CitationsValid != nil && *r.CitationsValid {
			m.CitationsValid.Num++
		}
		if r.SourceHit != nil {
			m.SourceHit.Den++
			if *r.SourceHit {
				m.SourceHit.Num++
			}
		}
		if r.PhraseRecall != nil {
			m.PhraseRecall.Den++
			m.PhraseRecall.Num += *r.PhraseRecall
		}
	}
	m.MedianSeconds, m.MedianPromptTokens, m.MedianPassageTokens, m.MedianTokensPerSecond = median(secs), median(prompt), median(passage), median(rate)
	m.MedianCachedShare, m.MedianFirstToken = median(cached), median(first)
	m.MedianFirstShown, m.P90Seconds = median(shown), quantile(secs, 0.9)
	if len(parts) > 0 {
		of := func(field func(answer.PromptParts) int) int {
			xs := make([]float64, len(parts))
			for i, p := range parts {
				xs[i] = float64(field(p))
			}
			return int(median(xs))
		}
		m.MedianPromptParts = &answer.PromptParts{
			System:   of(func(p answer.PromptParts) int { return p.System }),
			Examples: of(func(p answer.PromptParts) int { return p.Examples }),
			Passages: of(func(p answer.PromptParts) int { return p.Passages }),
			Question: of(func(p answer.PromptParts) int { return p.Question }),
			Template: of(func(p answer.PromptParts) int { return p.Template })}
	}
	if len(m.ByKind) == 0 {
		m.ByKind = nil
	}
	return m
}

// median returns the median of xs (the mean of the middle two for an even
// count), 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// quantile returns the q-quantile (q in [0, 1]) of xs by the nearest-rank
// method (the smallest value with at least q·n values at or below it); 0
// for no values.
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	k := int(math.Ceil(q*float64(len(s)))) - 1
	return s[max(0, min(k, len(s)-1))]
}
