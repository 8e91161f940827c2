package cmd

import (
	"context"
	"testing"

	"github.com/hrag-dev/hrag/pkg/embed"
)

// The query embedder (no graph optimisation, no arena: sources and ask)
// must give the vectors the batch embedder (index) gives, or questions
// would be compared with passages in two slightly different spaces.
func TestQueryEmbedderMatchesBatchEmbedder(t *testing.T) {
	f, _, _ := testFactory(t, nil)
	cfg, err := f.Config()
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{
		"How much shared_buffers did I give PostgreSQL?",
		"Which Wi-Fi channel does the hallway access point use?",
		"Combien de temps faut-il laisser mijoter la ratatouille ?",
	}
	embedWith := func(open func() (embed.Embedder, error)) [][]float32 {
		e, err := open()
		if err != nil {
			t.Fatal(err)
		}
		defer e.Close() // ONNX Runtime allows one session per process: close before the next
		v, err := e.Embed(context.Background(), texts)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	query := embedWith(func() (embed.Embedder, error) { return f.openQueryEmbedder(context.Background(), cfg) })
	var tk interface{ Close() error }
	batch := embedWith(func() (embed.Embedder, error) {
		e, t, err := f.OpenEmbedder(context.Background(), cfg)
		if t != nil {
			tk = t // the embedder counts tokens with it: close it after
		}
		return e, err
	})
	if tk != nil {
		tk.Close()
	}
	for i := range texts {
		if c := embed.Cosine(query[i], batch[i]); c < 0.99999 {
			t.Errorf("%q: cosine of the query and batch vectors = %.7f, want ≥ 0.99999", texts[i], c)
		}
		if c := embed.Cosine(query[i], batch[(i+1)%len(texts)]); c > 0.9 {
			t.Errorf("%q: cosine with another text's vector = %.3f: the comparison cannot fail", texts[i], c)
		}
	}
}
