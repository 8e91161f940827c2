package embed_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/embed"
)

func TestRelatedSentencesScoreHigher(t *testing.T) {
	e := modeltest.Embedder(t)
	m := e.Model()
	if m.Dim != 384 || m.MaxTokens != 256 || m.Pooling != "mean" || !m.Normalize {
		t.Fatalf("model metadata = %+v", m)
	}
	// Each row: a sentence, a paraphrase of it, and an unrelated sentence.
	cases := [][3]string{
		{"How do I back up my PostgreSQL database?", "Nightly base backups of the Postgres server go to the NAS.", "The sourdough starter doubles in six hours."},
		{"The cat sleeps on the warm windowsill.", "A kitten is napping in the sun by the window.", "Interest rates rose by half a percent."},
		{"Preheat the oven to 250 degrees before baking bread.", "Heat the oven very hot before the loaf goes in.", "The router assigns addresses from a DHCP pool."},
		{"Which Wi-Fi channel does the hallway access point use?", "The access point in the hallway is on channel 36.", "Ratatouille tastes better the next day."},
		{"Reciprocal rank fusion combines ranked lists.", "RRF merges several rankings by summing 1/(k+rank).", "Wash fully before entering the onsen bath."},
	}
	var texts []string
	for _, c := range cases {
		texts = append(texts, c[0], c[1], c[2])
	}
	vecs, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(vecs) != len(texts) {
		t.Fatalf("%d vectors for %d texts", len(vecs), len(texts))
	}
	for i, c := range cases {
		a, p, u := vecs[3*i], vecs[3*i+1], vecs[3*i+2]
		if n := embed.Cosine(a, a); math.Abs(n-1) > 1e-5 {
			t.Fatalf("not normalised: |v|² = %f", n)
		}
		rel, unrel := embed.Cosine(a, p), embed.Cosine(a, u)
		if rel <= unrel+0.1 {
			t.Errorf("%q: related %.3f vs unrelated %.3f", c[0], rel, unrel)
		}
	}
}

func TestBatchingDoesNotChangeVectors(t *testing.T) {
	e := modeltest.Embedder(t)
	texts := []string{"short", "a somewhat longer sentence about PostgreSQL vacuum settings and bloat", "third"}
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
			t.Errorf("%q: batched vs single cosine %.6f", s, c)
		}
	}
}

func TestResolve(t *testing.T) {
	dir := modeltest.Dir(t)
	if got, err := embed.Resolve(dir, t.TempDir()); err != nil || got != dir {
		t.Fatalf("local dir: %q, %v", got, err)
	}
	// A cached download is found without the network.
	cache := t.TempDir()
	os.MkdirAll(filepath.Join(cache, "org_model"), 0o755)
	os.WriteFile(filepath.Join(cache, "org_model", "tokenizer.json"), []byte("{}"), 0o644)
	if got, err := embed.Resolve("org/model", cache); err != nil || got != filepath.Join(cache, "org_model") {
		t.Fatalf("cached id: %q, %v", got, err)
	}
	// Not a path and not an id: a clear error naming the setting.
	if _, err := embed.Resolve("/no/such/dir", cache); !errors.Is(err, embed.ErrModelMissing) || !strings.Contains(err.Error(), "RAG_EMBED_MODEL=/no/such/dir") {
		t.Fatalf("missing dir: %v", err)
	}
}

func TestGraphIOReadsTheModelsInputsAndOutputs(t *testing.T) {
	m, err := embed.Inspect(modeltest.Dir(t))
	if err != nil {
		t.Fatal(err)
	}
	in, out, err := embed.GraphIO(filepath.Join(m.Dir, m.ONNXFile))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, x := range in {
		names = append(names, x.Name)
		if len(x.Dims) != 2 || x.Dims[0] != -1 || x.Dims[1] != -1 {
			t.Errorf("input %s dims %v, want [-1 -1] (batch, sequence)", x.Name, x.Dims)
		}
	}
	if strings.Join(names, ",") != "input_ids,attention_mask,token_type_ids" {
		t.Errorf("inputs %v", names)
	}
	if len(out) == 0 || out[0].Name != "last_hidden_state" || len(out[0].Dims) != 3 || out[0].Dims[2] != int64(m.Dim) {
		t.Errorf("outputs %+v, want last_hidden_state [-1 -1 %d] first", out, m.Dim)
	}
	bad := filepath.Join(t.TempDir(), "model.onnx")
	if err := os.WriteFile(bad, []byte("\xff\xff\xff\xff not protobuf"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := embed.GraphIO(bad); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("a file that is not ONNX: err = %v, want one naming the file", err)
	}
}

func TestBatchesSortByLengthAndRespectBothCaps(t *testing.T) {
	for _, c := range []struct {
		name             string
		lengths          []int
		n, texts, tokens int
		want             string
	}{
		{"no lengths: runs in order", nil, 5, 2, 10, "[[0 1] [2 3] [4]]"},
		{"no token cap: runs in order", []int{5, 1, 3}, 3, 2, 0, "[[0 1] [2]]"},
		{"shortest first, cut by count and by padded positions", []int{5, 1, 3, 200, 2}, 5, 2, 10, "[[1 4] [2 0] [3]]"},
		{"cut by padded positions: 3 texts of 4 fit in 12, a 5 makes 4×5 > 12", []int{4, 4, 4, 5}, 4, 32, 12, "[[0 1 2] [3]]"},
		{"a text longer than the cap goes alone", []int{300, 2}, 2, 32, 256, "[[1] [0]]"},
		{"equal lengths keep their order", []int{7, 7, 7}, 3, 32, 1000, "[[0 1 2]]"},
	} {
		if got := fmt.Sprint(embed.Batches(c.lengths, c.n, c.texts, c.tokens)); got != c.want {
			t.Errorf("%s: Batches = %s, want %s", c.name, got, c.want)
		}
	}
}
