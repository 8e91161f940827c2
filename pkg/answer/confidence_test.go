package answer

import (
	"math"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/llm"
)

// TestFoundProb reads the probability of the flag's value token as
// llama.cpp tokenises a reply: the sentences first, the flag last, the
// value after a space. Mutation: taking the token before the value (the
// `":` piece) or the first "found" of a reply that quotes the word.
func TestFoundProb(t *testing.T) {
	toks := func(pieces ...any) ([]llm.Token, string) {
		var out []llm.Token
		var b strings.Builder
		for i := 0; i+1 < len(pieces); i += 2 {
			out = append(out, llm.Token{Text: pieces[i].(string), Logprob: pieces[i+1].(float64)})
			b.WriteString(pieces[i].(string))
		}
		return out, b.String()
	}
	tokens, reply := toks(`{"`, -0.01, `sentences`, -0.01, `":`, -0.01, ` [{"`, -0.5, `text`, -0.01, `":`, -0.01,
		` "The "found": key`, -0.2, `."}],`, -0.01, ` "`, -0.01, `found`, -0.01, `":`, -0.3, ` true`, math.Log(0.97), `}`, -0.01)
	p, ok := foundProb(reply, tokens)
	if !ok || math.Abs(p-0.97) > 1e-9 {
		t.Fatalf("foundProb = %v, %v; want 0.97", p, ok)
	}
	// Tokens that do not spell the reply (a reply repaired after the
	// fact), and a reply without the flag: no probability.
	if _, ok := foundProb(reply+" ", tokens); ok {
		t.Fatal("tokens that do not spell the reply gave a probability")
	}
	if _, ok := foundProb(`{"sentences": []}`, []llm.Token{{Text: `{"sentences": []}`, Logprob: -1}}); ok {
		t.Fatal("a reply without the flag gave a probability")
	}
}
