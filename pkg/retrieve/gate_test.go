package retrieve

import "testing"

func TestGate(t *testing.T) {
	for _, c := range []struct {
		name           string
		sim, cov       float64
		passages       int
		minSim, minCov float64
		want           bool
		code, reason   string
	}{
		{"similar enough", 0.45, 0, 3, 0.4, 0.5, true, GateSimilar, "closest passage has cosine similarity 0.45 ≥ 0.40"},
		{"keyword match", 0.2, 0.5, 3, 0.4, 0.5, true, GateKeywords, "a keyword match holds 50% of the question's terms (≥ 50%)"},
		{"neither", 0.12, 0, 3, 0.4, 0.5, false, GateNotClose, "no passage is close enough (best cosine similarity 0.12 < 0.40, best keyword coverage 0% < 50%)"},
		{"no passage", 0.9, 1, 0, 0.4, 0.5, false, GateNoPassages, "nothing in the index matches the question"},
		{"similarity off", 0.9, 0.25, 3, -1, 0.5, false, GateNotClose, "no passage is close enough (best keyword coverage 25% < 50%)"},
		{"coverage off", 0.3, 1, 3, 0.4, -1, false, GateNotClose, "no passage is close enough (best cosine similarity 0.30 < 0.40)"},
		{"just under", 0.3996, 0, 3, 0.4, -1, false, GateNotClose, "no passage is close enough (best cosine similarity 0.3996 < 0.40)"},
		{"both off: open", 0.05, 0, 3, -1, -1, true, GateOff, "the relevance gate is off (both thresholds are negative)"},
		{"both off, no passage", 0, 0, 0, -1, -1, false, GateNoPassages, "nothing in the index matches the question"},
	} {
		got, code, reason := Gate(c.sim, c.cov, c.passages, c.minSim, c.minCov)
		if got != c.want || code != c.code || reason != c.reason {
			t.Errorf("%s: Gate = %v, %s, %q; want %v, %s, %q", c.name, got, code, reason, c.want, c.code, c.reason)
		}
	}
}
