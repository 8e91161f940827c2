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
