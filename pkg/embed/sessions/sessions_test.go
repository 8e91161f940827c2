// Package sessions_test checks Embed with two model sessions side by side
// (embed.Options.Sessions). It is a package of its own because ONNX Runtime,
// through hugot, allows one runtime session per process, and pkg/embed's
// tests share theirs.
package sessions_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/embed"
)

// Every vector lands at its text's index, and both sessions give the vectors
// a text gets alone: texts spread over several batches, run by two sessions.
func TestSessionsSideBySideKeepTextOrder(t *testing.T) {
	tk := modeltest.Tokenizer(t)
	e, err := embed.Open(embed.Options{Dir: modeltest.Dir(t), ONNXRuntimeLib: modeltest.ORTLib(), BatchSize: 8,
		BatchTokens: modeltest.BatchTokens, Count: tk.Count, Sessions: 2, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	topics := []string{"the backup runs nightly at two", "sourdough needs a warm kitchen", "the router hands out DHCP leases", "rates rose half a percent"}
	var texts []string
	for i := range 48 {
		texts = append(texts, fmt.Sprintf("note %d: %s", i, strings.Repeat(topics[i%4]+" ", 1+i%7)))
	}
	all, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range texts {
		one, err := e.Embed(context.Background(), []string{s})
		if err != nil {
			t.Fatal(err)
		}
		if c := embed.Cosine(all[i], one[0]); c < 0.9999 {
			t.Errorf("text %d: vector of the 48-text call vs alone: cosine %.6f", i, c)
		}
		if c := embed.Cosine(all[(i+1)%len(texts)], one[0]); c > 0.999 {
			t.Errorf("text %d: as close to text %d's vector (cosine %.6f): the check cannot fail", i, (i+1)%len(texts), c)
		}
	}
}
