package embed

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/knights-analytics/hugot"
	"github.com/knights-analytics/hugot/backends"
	"github.com/knights-analytics/hugot/pipelines"
)

// Options configures a local embedder.
type Options struct {
	Dir            string // model directory (RAG_EMBED_MODEL)
	ONNXRuntimeLib string // libonnxruntime.so or its directory (RAG_ONNXRUNTIME_LIB); ORT builds only
	BatchSize      int    // texts per model call (RAG_EMBED_BATCH_SIZE), ≥ 1
	// BatchTokens caps a model call at this many input positions: texts ×
	// the longest text's tokens, padding included (RAG_EMBED_BATCH_TOKENS).
	// It needs Count; 0 or a nil Count means BatchSize alone decides.
	BatchTokens int
	// Count returns the tokens the model's tokenizer gives a text (special
	// tokens excluded; tokenize.Tokenizer.Count). With it Embed sorts each
	// call's texts by length so that a batch pads little.
	Count   func(string) int
	Threads int // intra-op threads; 0 = ONNX Runtime's default (all cores)
	// Query says the process embeds a few short texts (sources, ask), not
	// batches: the model loads without ONNX Runtime's memory arena and, for
	// graphs with fp32 arithmetic, without graph optimisation. For MiniLM-L6
	// int8 (weight-only int8) on 2 idle cores the session is then ready in
	// 30-100 ms instead of 0.6 s, and a question takes 50-100 ms instead of
	// 8-30 ms (the int8 weights are converted on every run): a large saving
	// for one question, a loss from about ten on. Dynamically quantized
	// graphs (Model.DynamicQuant) keep their optimisation: without it their
	// vectors move (cosine 0.9976 with the optimised graph's), and their
	// int8 weights are not expanded, so it costs little.
	Query bool
}

// Local embeds with hugot's feature-extraction pipeline, pooling as the
// model's description says (Model.Pooling): mean pooling over the attention
// mask (or the model's own pooled output), or the first token's hidden state
// ([CLS] pooling, as BGE models are trained: Xiao et al., "C-Pack: Packaged
// Resources To Advance General Chinese Embedding", 2023), then optional L2
// normalisation, as sentence-transformers does.
type Local struct {
	model    Model
	session  *hugot.Session
	pipeline *pipelines.FeatureExtractionPipeline
	destroy  func() error // what session does not own; nil if nothing
	graph    string       // the ONNX file loaded
	batch    int
	tokens   int
	count    func(string) int
}

// Open loads the model in opts.Dir. Errors wrap ErrModelMissing when the
// directory or its files are missing, and name RAG_ONNXRUNTIME_LIB when ONNX
// Runtime cannot be loaded.
func Open(opts Options) (*Local, error) {
	m, err := Inspect(opts.Dir)
	if err != nil {
		return nil, err
	}
	if m.Pooling != "mean" && m.Pooling != "cls" {
		return nil, fmt.Errorf("model %s: pooling %q is not supported (hrag-model.json \"pooling\": \"mean\" or \"cls\")", m.ID, m.Pooling)
	}
	session, hopts, err := newSession(opts)
	if err != nil {
		return nil, err
	}
	var popts []hugot.FeatureExtractionOption
	if m.Output != "" {
		popts = append(popts, pipelines.WithOutputName(m.Output))
	}
	if m.Normalize && m.Pooling == "mean" { // CLS vectors are normalised by Local.run
		popts = append(popts, pipelines.WithNormalization())
	}
	p, destroy, graph, err := featurePipeline(session, hopts, m, hugot.FeatureExtractionConfig{
		ModelPath: m.Dir, Name: "embed", OnnxFilename: m.ONNXFile, Options: popts,
	}, opts.Query)
	if err != nil {
		session.Destroy()
		return nil, fmt.Errorf("loading %s: %w", m.Dir, err)
	}
	b := opts.BatchSize
	if b < 1 {
		b = 32
	}
	if m.DynamicQuant {
		b = 1 // per-tensor activation scales would couple the texts of a batch
	}
	return &Local{model: m, session: session, pipeline: p, destroy: destroy, graph: graph, batch: b, tokens: opts.BatchTokens, count: opts.Count}, nil
}

// Graph is the path of the ONNX graph the runtime loaded: the model's own,
// or ONNX Runtime's stored optimisation of it (OptimizedGraph).
func (l *Local) Graph() string { return l.graph }

// Model describes the loaded model.
func (l *Local) Model() Model { return l.model }

// Embed returns one L2-normalised (when the model asks for it) vector per
// text, in the order of texts. It runs the model on batches of at most
// BatchSize texts and, with Count, BatchTokens padded positions, taking the
// texts shortest first (Batches), and checks ctx between batches.
//
// Activation memory grows with batch × length² (attention), so one batch
// of 32 long chunks held ONNX Runtime at 1.1-1.7 GB; a token budget bounds
// it whatever the texts.
func (l *Local) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	var lengths []int
	if l.count != nil && l.tokens > 0 && l.batch > 1 { // one text per call needs no lengths
		lengths = make([]int, len(texts))
		for i, t := range texts {
			lengths[i] = l.count(t) + 2 // [CLS] and [SEP], or their like
		}
	}
	out := make([][]float32, len(texts))
	batch := make([]string, 0, min(l.batch, len(texts)))
	for _, idx := range Batches(lengths, len(texts), l.batch, l.tokens) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		batch = batch[:0]
		for _, i := range idx {
			batch = append(batch, texts[i])
		}
		vecs, err := l.run(batch)
		if err != nil {
			if Backend == "go" && strings.Contains(err.Error(), "unimplemented ONNX op") {
				return nil, fmt.Errorf("embedding with %s: %w: this hrag was built without ONNX Runtime, and the pure-Go backend cannot run this model; build with -tags ORT (scripts/setup does)", l.model.ID, err)
			}
			return nil, fmt.Errorf("embedding with %s: %w", l.model.ID, err)
		}
		if len(vecs) != len(idx) {
			return nil, fmt.Errorf("model %s returned %d vectors for %d texts", l.model.ID, len(vecs), len(idx))
		}
		for k, v := range vecs {
			if len(v) != l.model.Dim {
				return nil, fmt.Errorf("model %s returned %d dimensions, expected %d", l.model.ID, len(v), l.model.Dim)
			}
			for _, x := range v {
				if math.IsNaN(float64(x)) {
					return nil, fmt.Errorf("model %s returned NaN", l.model.ID)
				}
			}
			out[idx[k]] = v
		}
	}
	return out, nil
}

// run embeds one model call's texts. Mean pooling (and models whose graph
// pools) is hugot's pipeline as it is; CLS pooling uses the pipeline's
// tokenisation and forward pass, then takes each text's first position of
// the token-embedding output ([batch, tokens, dim]: the [CLS] token, inputs
// being right-padded) and L2-normalises it when the model asks for it.
func (l *Local) run(texts []string) ([][]float32, error) {
	if l.model.Pooling != "cls" {
		res, err := l.pipeline.RunPipeline(texts)
		if err != nil {
			return nil, err
		}
		return res.Embeddings, nil
	}
	batch := backends.NewBatch(len(texts))
	defer batch.Destroy()
	if err := l.pipeline.Preprocess(batch, texts); err != nil {
		return nil, err
	}
	if err := l.pipeline.Forward(batch); err != nil {
		return nil, err
	}
	tokens, ok := batch.OutputValues[l.pipeline.OutputIndex].([][][]float32)
	if !ok {
		return nil, fmt.Errorf("CLS pooling needs token embeddings [batch, tokens, dim], but the model's output is %T (set \"pooling\": \"mean\" in hrag-model.json for a graph that pools)", batch.OutputValues[l.pipeline.OutputIndex])
	}
	out := make([][]float32, len(tokens))
	for i, seq := range tokens {
		if len(seq) == 0 {
			return nil, fmt.Errorf("model %s returned no token for text %d", l.model.ID, i)
		}
		v := append([]float32(nil), seq[0]...)
		if l.model.Normalize {
			normalize(v)
		}
		out[i] = v
	}
	return out, nil
}

// normalize scales v to unit L2 norm in place (a zero vector stays zero).
func normalize(v []float32) {
	var ss float64
	for _, x := range v {
		ss += float64(x) * float64(x)
	}
	if ss == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(ss))
	for i := range v {
		v[i] *= inv
	}
}

// Batches splits n texts into model calls. Without lengths (nil) it cuts
// them in order into runs of maxTexts. With lengths (tokens per text) it
// orders the texts by length, shortest first (a stable sort, so equal
// lengths keep their order), and cuts a batch before it would exceed
// maxTexts texts or maxTokens padded positions (texts × the longest
// length); a text longer than maxTokens gets a batch of its own. It returns
// the indexes of each batch.
func Batches(lengths []int, n, maxTexts, maxTokens int) [][]int {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	if maxTexts < 1 {
		maxTexts = 1
	}
	if lengths == nil || maxTokens <= 0 {
		var out [][]int
		for i := 0; i < n; i += maxTexts {
			out = append(out, order[i:min(i+maxTexts, n)])
		}
		return out
	}
	sort.SliceStable(order, func(a, b int) bool { return lengths[order[a]] < lengths[order[b]] })
	var out [][]int
	start := 0
	for i := 0; i < n; i++ {
		size := i - start + 1 // texts if order[i] joins; it is the longest so far
		if size > 1 && (size > maxTexts || size*lengths[order[i]] > maxTokens) {
			out = append(out, order[start:i])
			start = i
		}
	}
	if start < n {
		out = append(out, order[start:])
	}
	return out
}

// Close releases the pipeline and the runtime session.
func (l *Local) Close() error {
	var err error
	if l.destroy != nil {
		err = l.destroy()
	}
	if e := l.session.Destroy(); err == nil {
		err = e
	}
	return err
}
