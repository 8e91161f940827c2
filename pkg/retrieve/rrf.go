// Package retrieve finds the passages for a question: BM25 and vector search
// run concurrently in PostgreSQL, their rankings are fused with weighted
// Reciprocal Rank Fusion, and a relevance gate tells whether anything found
// is relevant enough to answer from.
package retrieve

import "sort"

// Ranking is one retriever's result list, best first, with its RRF weight.
type Ranking struct {
	IDs    []int64
	Weight float64
}

// Fused is one item of a fused ranking. Ranks holds the item's 1-based rank
// in each input ranking, 0 where it is absent.
type Fused struct {
	ID    int64
	Score float64
	Ranks []int
}

// RRF fuses rankings with weighted Reciprocal Rank Fusion (Cormack, Clarke &
// Büttcher, "Reciprocal Rank Fusion outperforms Condorcet and individual rank
// learning methods", SIGIR 2009):
//
//	score(d) = Σ_i w_i / (k + rank_i(d))
//
// over the rankings i that contain d, rank 1-based. The result is sorted by
// score descending; ties go to the item with the best (smallest) rank in any
// ranking, then to the smaller id, so the order is deterministic. An id
// repeated within one ranking counts at its first position.
func RRF(rankings []Ranking, k float64) []Fused {
	byID := map[int64]*Fused{}
	var order []*Fused
	for i, r := range rankings {
		for pos, id := range r.IDs {
			f := byID[id]
			if f == nil {
				f = &Fused{ID: id, Ranks: make([]int, len(rankings))}
				byID[id] = f
				order = append(order, f)
			}
			if f.Ranks[i] != 0 {
				continue
			}
			f.Ranks[i] = pos + 1
			f.Score += r.Weight / (k + float64(pos+1))
		}
	}
	best := func(f *Fused) int {
		b := 0
		for _, r := range f.Ranks {
			if r > 0 && (b == 0 || r < b) {
				b = r
			}
		}
		return b
	}
	sort.SliceStable(order, func(a, b int) bool {
		fa, fb := order[a], order[b]
		if fa.Score != fb.Score {
			return fa.Score > fb.Score
		}
		if ba, bb := best(fa), best(fb); ba != bb {
			return ba < bb
		}
		return fa.ID < fb.ID
	})
	out := make([]Fused, len(order))
	for i, f := range order {
		out[i] = *f
	}
	return out
}
