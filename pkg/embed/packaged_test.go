package embed_test

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/embed"
)

// packagedModels are the models scripts/install-deps.sh installs from Maven
// jars, with what their directory must record.
var packagedModels = []struct {
	name, pooling, queryPrefix, docPrefix string
}{
	{"bge-small-en-v1.5-int8", "cls", "Represent this sentence for searching relevant passages: ", ""},
	{"e5-small-v2-int8", "mean", "query: ", "passage: "},
}

// TestPackagedModels checks each model installed from a Maven jar in a
// child process of this test binary (ONNX Runtime allows one session per
// process, and the other tests hold MiniLM's): its recorded metadata, its
// vectors against an independent implementation's (langchain4j, Java, run
// on the same ONNX file by scripts/reference-embeddings.sh:
// testdata/embeddings/reference.json), and that with its prefixes a
// question is nearer its answer than an unrelated passage.
func TestPackagedModels(t *testing.T) {
	if dir := os.Getenv("HRAG_TEST_CHILD_MODEL"); dir != "" {
		checkPackagedModel(t, dir)
		return
	}
	for _, pm := range packagedModels {
		t.Run(pm.name, func(t *testing.T) {
			dir := modeltest.Named(t, pm.name)
			cmd := exec.Command(os.Args[0], "-test.run=^TestPackagedModels$", "-test.v", "-test.count=1")
			cmd.Env = append(os.Environ(), "HRAG_TEST_CHILD_MODEL="+dir)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s: %v\n%s", pm.name, err, out)
			}
			t.Logf("%s", out)
		})
	}
}

func checkPackagedModel(t *testing.T, dir string) {
	m, err := embed.Inspect(dir)
	if err != nil {
		t.Fatal(err)
	}
	var want *struct{ name, pooling, queryPrefix, docPrefix string }
	for i := range packagedModels {
		if packagedModels[i].name == m.ID {
			want = &packagedModels[i]
		}
	}
	if want == nil {
		t.Fatalf("model %s is not one of the packaged models", m.ID)
	}
	if m.Dim != 384 || m.MaxTokens != 512 || m.Pooling != want.pooling || !m.Normalize ||
		m.QueryPrefix != want.queryPrefix || m.DocumentPrefix != want.docPrefix {
		t.Fatalf("metadata %+v, want %+v, 384 dimensions, 512 tokens, normalised", m, *want)
	}
	if q, d := embed.Prefixes(dir); q != want.queryPrefix || d != want.docPrefix {
		t.Fatalf("Prefixes = %q, %q", q, d)
	}
	if !m.DynamicQuant {
		t.Fatalf("%s: DynamicQuant is false, but its graph quantizes activations (DynamicQuantizeLinear)", m.ID)
	}
	e, err := embed.Open(embed.Options{Dir: dir, ONNXRuntimeLib: modeltest.ORTLib(), BatchSize: 8})
	if err != nil {
		t.Fatal(err)
	}
	if opt, ok := embed.OptimizedGraph(m, "1.23.2"); !ok || e.Graph() != opt {
		t.Fatalf("%s: loaded %s, want ONNX Runtime's stored optimisation %s (scripts/install-deps.sh makes it)", m.ID, e.Graph(), opt)
	}
	closed := false
	defer func() {
		if !closed {
			e.Close()
		}
	}()
	ctx := context.Background()

	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "embeddings", "reference.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Models map[string]struct {
			Texts   []string    `json:"texts"`
			Vectors [][]float32 `json:"vectors"`
		} `json:"models"`
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	r, ok := ref.Models[m.ID]
	if !ok || len(r.Texts) == 0 || len(r.Texts) != len(r.Vectors) {
		t.Fatalf("reference.json has no vectors for %s", m.ID)
	}
	got, err := e.Embed(ctx, r.Texts)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		// ONNX Runtime's int8 matrix kernels differ by instruction set:
		// without AVX-512 VNNI the 16-bit sums of u8*s8 products saturate,
		// so an AVX2-only CPU gives vectors a little off the reference's
		// (cosine 0.99905 for the longest reference text); a wrong
		// pooling, prefix or tokenizer falls far below 0.998.
		if c := embed.Cosine(v, r.Vectors[i]); c < 0.998 {
			t.Errorf("%s %q: cosine %.6f with langchain4j's vector", m.ID, r.Texts[i], c)
		}
		if n := embed.Cosine(v, v); math.Abs(n-1) > 1e-5 || len(v) != 384 {
			t.Errorf("%s %q: %d dimensions, not normalised", m.ID, r.Texts[i], len(v))
		}
	}

	q := m.QueryPrefix + "How much shared_buffers did I give PostgreSQL?"
	vecs, err := e.Embed(ctx, []string{q,
		m.DocumentPrefix + "Set shared_buffers = 4GB, a quarter of the RAM; going higher did not help.",
		m.DocumentPrefix + "The sourdough starter doubles in six hours at room temperature."})
	if err != nil {
		t.Fatal(err)
	}
	if rel, unrel := embed.Cosine(vecs[0], vecs[1]), embed.Cosine(vecs[0], vecs[2]); rel <= unrel+0.05 {
		t.Errorf("%s: answer %.3f vs unrelated %.3f", m.ID, rel, unrel)
	}

	// The query session (sources, ask) embeds as the index does.
	e.Close()
	closed = true
	qe, err := embed.Open(embed.Options{Dir: dir, ONNXRuntimeLib: modeltest.ORTLib(), Query: true})
	if err != nil {
		t.Fatal(err)
	}
	defer qe.Close()
	for i, text := range r.Texts[:3] {
		v, err := qe.Embed(ctx, []string{text})
		if err != nil {
			t.Fatal(err)
		}
		if c := embed.Cosine(v[0], got[i]); c < 0.99999 {
			t.Errorf("%s %q: query session vs index session cosine %.6f", m.ID, text, c)
		}
	}
}
