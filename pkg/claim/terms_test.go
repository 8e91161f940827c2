package claim

import "testing"

// TestIDF: the weight of a term falls as more chunks hold it, and a
// document frequency above the chunk count reads as the count. Mutation:
// the clamp to n removed.
func TestIDF(t *testing.T) {
	if IDF(0, 10) <= IDF(1, 10) || IDF(1, 10) <= IDF(5, 10) || IDF(20, 10) != IDF(10, 10) {
		t.Fatal("idf must fall with df")
	}
}

// TestSharesTerm: a quote shares the question's "pick", not merely the
// "time" that names the kind of value asked for. Mutation: the typeWords
// test dropped makes the second case true.
func TestSharesTerm(t *testing.T) {
	asked := []Term{{Lexeme: "time", DF: 9}, {Lexeme: "pick", DF: 1}, {Lexeme: "bike", DF: 1}}
	if !SharesTerm(asked, []string{"pick", "friday", "16:00"}) {
		t.Error("SharesTerm(pick) = false, want true")
	}
	if SharesTerm(asked, []string{"time", "depart", "gatwick"}) {
		t.Error("SharesTerm(time) = true, want false: time names the kind of value")
	}
}
