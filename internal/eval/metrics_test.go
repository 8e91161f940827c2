package eval

import (
	"math"
	"testing"
)

// Expected values are computed by hand from the definitions (trec_eval's
// ndcg_cut, recall and recip_rank); log2(3) = 1.5849625…, log2(4) = 2.

func near(t *testing.T, name string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-12 {
		t.Errorf("%s = %.15f, want %.15f", name, got, want)
	}
}

func TestBinaryRelevance(t *testing.T) {
	j := Judgments{"a": 1, "c": 1, "e": 1}
	run := []string{"a", "b", "c", "d"}
	// DCG = 1/log2(2) + 1/log2(4) = 1.5; IDCG = 1 + 1/log2(3) + 1/log2(4).
	near(t, "nDCG@10", NDCG(run, j, 10), 1.5/(1+1/math.Log2(3)+0.5))
	near(t, "nDCG@10 literal", NDCG(run, j, 10), 0.7039180890341347)
	// nDCG@1: the ideal top 1 is one relevant document: 1/1.
	near(t, "nDCG@1", NDCG(run, j, 1), 1)
	// nDCG@2: DCG = 1; IDCG@2 = 1 + 1/log2(3).
	near(t, "nDCG@2", NDCG(run, j, 2), 1/(1+1/math.Log2(3)))
	near(t, "recall@10", Recall(run, j, 10), 2.0/3)
	near(t, "recall@2", Recall(run, j, 2), 1.0/3)
	near(t, "recall@1", Recall(run, j, 1), 1.0/3)
	near(t, "RR@10", ReciprocalRank(run, j, 10), 1)
	near(t, "RR@10 second", ReciprocalRank([]string{"b", "d", "c"}, j, 10), 1.0/3)
	near(t, "RR@2 beyond cut", ReciprocalRank([]string{"b", "d", "c"}, j, 2), 0)
	near(t, "perfect nDCG", NDCG([]string{"e", "c", "a", "x"}, j, 10), 1)
	near(t, "no cut-off", Recall([]string{"x", "a", "c", "e"}, j, 0), 1)
}

func TestGradedRelevance(t *testing.T) {
	j := Judgments{"a": 2, "b": 1, "c": 2, "n": 0}
	run := []string{"b", "n", "a"}
	// Gain is the grade: DCG = 1/log2(2) + 0 + 2/log2(4) = 2.
	// Ideal order 2, 2, 1: IDCG = 2 + 2/log2(3) + 1/log2(4).
	near(t, "nDCG@10", NDCG(run, j, 10), 2/(2+2/math.Log2(3)+0.5))
	near(t, "nDCG@10 literal", NDCG(run, j, 10), 0.5316519652587917)
	// At k=1 the ideal is the grade-2 document: 1/2.
	near(t, "nDCG@1", NDCG(run, j, 1), 0.5)
	// Grade 0 is judged non-relevant: not counted by any metric.
	near(t, "recall@2", Recall(run, j, 2), 1.0/3)
	near(t, "recall@10", Recall(run, j, 10), 2.0/3)
	near(t, "RR non-relevant first", ReciprocalRank([]string{"n", "c"}, j, 10), 0.5)
	// The ideal ranking puts both grade-2 documents first.
	near(t, "ideal", NDCG([]string{"c", "a", "b"}, j, 10), 1)
	near(t, "swapped grades", NDCG([]string{"b", "a", "c"}, j, 10),
		(1+2/math.Log2(3)+2.0/2)/(2+2/math.Log2(3)+0.5))
	if j.Relevant() != 3 {
		t.Errorf("Relevant() = %d, want 3", j.Relevant())
	}
	// Negative grades (some qrels use -1 for spam) are non-relevant too.
	near(t, "negative grade", NDCG([]string{"s", "a"}, Judgments{"s": -1, "a": 1}, 10), 1/math.Log2(3))
}

// TestTiesUseGivenOrder: two documents with equal retrieval scores are
// evaluated in the order passed, whatever their scores or ids (trec_eval
// would re-sort them by document id).
func TestTiesUseGivenOrder(t *testing.T) {
	j := Judgments{"b": 1}
	// Both a and b were retrieved with score 0.5.
	near(t, "a first nDCG", NDCG([]string{"a", "b"}, j, 10), 1/math.Log2(3))
	near(t, "a first RR", ReciprocalRank([]string{"a", "b"}, j, 10), 0.5)
	near(t, "a first recall@1", Recall([]string{"a", "b"}, j, 1), 0)
	near(t, "b first nDCG", NDCG([]string{"b", "a"}, j, 10), 1)
	near(t, "b first RR", ReciprocalRank([]string{"b", "a"}, j, 10), 1)
	near(t, "b first recall@1", Recall([]string{"b", "a"}, j, 1), 1)
}

func TestDuplicatesKeepFirstPosition(t *testing.T) {
	j := Judgments{"a": 1, "b": 1}
	run := []string{"x", "a", "x", "a", "b"}
	if got := Dedup(run); len(got) != 3 || got[0] != "x" || got[1] != "a" || got[2] != "b" {
		t.Fatalf("Dedup = %v", got)
	}
	// As ranking x, a, b: DCG = 1/log2(3) + 1/log2(4); IDCG = 1 + 1/log2(3).
	near(t, "nDCG@10", NDCG(run, j, 10), (1/math.Log2(3)+0.5)/(1+1/math.Log2(3)))
	near(t, "nDCG@10 literal", NDCG(run, j, 10), 0.6934264036172708)
	// The repeated x does not use up a rank: b is at rank 3.
	near(t, "recall@3", Recall(run, j, 3), 1)
	near(t, "recall@2", Recall(run, j, 2), 0.5)
	near(t, "RR", ReciprocalRank(run, j, 10), 0.5)
	// A relevant document repeated counts once.
	near(t, "recall repeated", Recall([]string{"a", "a", "a"}, j, 10), 0.5)
	if run[2] != "x" {
		t.Fatal("Dedup modified its input")
	}
}

func TestNothingRelevantRetrieved(t *testing.T) {
	j := Judgments{"a": 2}
	for _, run := range [][]string{{"x", "y"}, nil} {
		if s := Score(run, j); s != (Scores{}) {
			t.Errorf("run %v: %+v, want zeros", run, s)
		}
	}
	// Relevant document below the cut-off.
	run := make([]string, 0, 11)
	for i := 0; i < 10; i++ {
		run = append(run, string(rune('k'+i)))
	}
	run = append(run, "a")
	s := Score(run, j)
	near(t, "nDCG@10", s.NDCG10, 0)
	near(t, "MRR@10", s.MRR10, 0)
	near(t, "recall@10", s.Recall10, 0)
	near(t, "recall@100", s.Recall100, 1)
	near(t, "nDCG@11", NDCG(run, j, 11), 1/math.Log2(12))
}

func TestSummariseExcludesQueriesWithoutRelevantDocuments(t *testing.T) {
	qrels := Qrels{
		"q1": {"a": 1},
		"q2": {"b": 0}, // judged, nothing relevant: excluded
		"q3": {"c": 1}, // not in the run: scores 0
		"q5": {},       // no judgments: excluded
	}
	runs := map[string][]string{
		"q1": {"a"},
		"q2": {"b"},
		"q4": {"z"}, // not in qrels: ignored
	}
	m, n := Summarise(runs, qrels)
	if n != 2 {
		t.Fatalf("evaluated %d queries, want 2", n)
	}
	want := Scores{NDCG10: 0.5, Recall10: 0.5, Recall100: 0.5, MRR10: 0.5}
	if m != want {
		t.Fatalf("mean = %+v, want %+v", m, want)
	}
	if NDCG([]string{"b"}, qrels["q2"], 10) != 0 {
		t.Fatal("query without relevant documents must score 0")
	}
}

func TestMean(t *testing.T) {
	if Mean(nil) != (Scores{}) {
		t.Fatal("mean of nothing")
	}
	m := Mean([]Scores{{1, 1, 1, 1}, {0, 0.5, 0, 0.25}})
	if m != (Scores{0.5, 0.75, 0.5, 0.625}) {
		t.Fatalf("mean = %+v", m)
	}
}
