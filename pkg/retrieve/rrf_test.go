package retrieve

import (
	"math"
	"testing"
)

func TestRRFHandComputed(t *testing.T) {
	// BM25: 10, 20, 30   vector: 30, 40, 10   k = 60, weights 1 and 2.
	got := RRF([]Ranking{{IDs: []int64{10, 20, 30}, Weight: 1}, {IDs: []int64{30, 40, 10}, Weight: 2}}, 60)
	want := []struct {
		id    int64
		score float64
		ranks []int
	}{
		{30, 1.0/63 + 2.0/61, []int{3, 1}}, // 0.04866
		{10, 1.0/61 + 2.0/63, []int{1, 3}}, // 0.04814
		{40, 2.0 / 62, []int{0, 2}},        // 0.03226
		{20, 1.0 / 62, []int{2, 0}},        // 0.01613
	}
	if len(got) != len(want) {
		t.Fatalf("got %d items", len(got))
	}
	for i, w := range want {
		g := got[i]
		if g.ID != w.id || math.Abs(g.Score-w.score) > 1e-12 || g.Ranks[0] != w.ranks[0] || g.Ranks[1] != w.ranks[1] {
			t.Errorf("#%d: got %+v, want %+v", i+1, g, w)
		}
	}
}

func TestRRFTiesAreDeterministic(t *testing.T) {
	// 1 and 2 both score 1/61 + 1/62: tie broken by best rank (both 1), then id.
	// 3 and 4 score 1/63 each with best rank 3.
	got := RRF([]Ranking{{IDs: []int64{2, 1, 4}, Weight: 1}, {IDs: []int64{1, 2, 3}, Weight: 1}}, 60)
	order := []int64{1, 2, 3, 4}
	for i, id := range order {
		if got[i].ID != id {
			t.Fatalf("order %v, want %v", ids(got), order)
		}
	}
	// Duplicates within one list count once, at the first position.
	got = RRF([]Ranking{{IDs: []int64{5, 5, 6}, Weight: 1}}, 0)
	if got[0].ID != 5 || got[0].Score != 1 || got[1].Score != 1.0/3 {
		t.Fatalf("duplicates: %+v", got)
	}
	if len(RRF(nil, 60)) != 0 {
		t.Fatal("empty input")
	}
}

func ids(f []Fused) []int64 {
	out := make([]int64, len(f))
	for i, x := range f {
		out[i] = x.ID
	}
	return out
}
