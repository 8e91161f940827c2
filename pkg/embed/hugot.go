package embed

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sort"
	"strings"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

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
	Threads int // intra-op threads per session; 0 = ONNX Runtime's default (all cores)
	// Sessions is the number of model sessions Embed runs side by side, each
	// on its own batches; each holds its own copy of the weights and
	// activations. 0 means BatchParallelism's choice for the model and this
	// machine's cores (which then also sets Threads when it is 0), or one
	// session when Query is set.
	Sessions int
	// Query says the process embeds a few short texts (sources, ask), not
	// batches: the model loads without ONNX Runtime's memory arena and, for
	// graphs with fp32 arithmetic, without graph optimisation: for a
	// weight-only int8 model the session is ready many times sooner, while
	// each question is slower (the int8 weights are converted on every
	// run): a saving for one question, a loss from about ten on
	// (docs/measurements.md, "Figures behind code choices"). Dynamically
	// quantized graphs (Model.DynamicQuant) keep their optimisation: without
	// it their vectors move, and their int8 weights are not expanded, so it
	// costs little.
	Query bool
}

// Local embeds with hugot's feature-extraction pipeline, pooling as the
// model's description says (Model.Pooling): mean pooling over the attention
// mask (or the model's own pooled output), or the first token's hidden state
// ([CLS] pooling, as BGE models are trained: Xiao et al., "C-Pack: Packaged
// Resources To Advance General Chinese Embedding", 2023), then optional L2
// normalisation, as sentence-transformers does.
type Local struct {
	model     Model
	session   *hugot.Session
	pipelines []*pipelines.FeatureExtractionPipeline // Options.Sessions of them, ≥ 1
	destroy   []func() error                         // what session does not own
	graph     string                                 // the ONNX file loaded
	batch     int
	tokens    int
	count     func(string) int
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
	if opts.Sessions == 0 && !opts.Query {
		var threads int
		opts.Sessions, threads = BatchParallelism(m, runtime.NumCPU())
		if opts.Threads == 0 {
			opts.Threads = threads
		}
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
	l := &Local{model: m, session: session, tokens: opts.BatchTokens, count: opts.Count, batch: opts.BatchSize}
	for i := range max(1, opts.Sessions) {
		p, destroy, graph, err := featurePipeline(session, hopts, m, hugot.FeatureExtractionConfig{
			ModelPath: m.Dir, Name: fmt.Sprintf("embed-%d", i), OnnxFilename: m.ONNXFile, Options: popts,
		}, opts.Query)
		if err != nil {
			_ = l.Close()
			return nil, fmt.Errorf("loading %s: %w", m.Dir, err)
		}
		l.pipelines, l.graph = append(l.pipelines, p), graph
		if destroy != nil {
			l.destroy = append(l.destroy, destroy)
		}
	}
	if l.batch < 1 {
		l.batch = 32
	}
	if m.DynamicQuant {
		l.batch = 1 // per-tensor activation scales would couple the texts of a batch
	}
	return l, nil
}

// BatchParallelism is how index, reembed and eval run model m on a machine
// with cpus cores, as (sessions, intra-op threads per session; 0 = ONNX
// Runtime's default). A dynamically quantized model (Model.DynamicQuant)
// embeds one text per call, whose operators are too small to split well
// across threads: two sessions side by side, each on half the cores, embed
// more for a little more memory. A batched model fills the threads of one
// session, and a second one would hold a second fp32 copy of its optimised
// graph, so it keeps one. The figures behind both choices
// (BenchmarkIndexVsRawEmbedding) are in docs/measurements.md.
func BatchParallelism(m Model, cpus int) (sessions, threads int) {
	if !m.DynamicQuant || cpus < 2 {
		return 1, 0
	}
	return 2, cpus / 2
}

// Graph is the path of the ONNX graph the runtime loaded: the model's own,
// or ONNX Runtime's stored optimisation of it (OptimizedGraph).
func (l *Local) Graph() string { return l.graph }

// Model describes the loaded model.
func (l *Local) Model() Model { return l.model }

// Embed returns one L2-normalised (when the model asks for it) vector per
// text, in the order of texts. It runs the model on batches of at most
// BatchSize texts and, with Count, BatchTokens padded positions, taking the
// texts shortest first (Batches), the Options.Sessions sessions each taking
// the next batch, and checks ctx between batches. Which session embeds a
// text does not change its vector: each batch is run whole by one session.
//
// Activation memory grows with batch × length² (attention), so a batch of
// long chunks can hold gigabytes; a token budget bounds it whatever the
// texts.
func (l *Local) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	var lengths []int
	if l.count != nil && l.tokens > 0 && l.batch > 1 { // one text per call needs no lengths
		lengths = make([]int, len(texts))
		for i, t := range texts {
			lengths[i] = l.count(t) + 2 // [CLS] and [SEP], or their like
		}
	}
	out := make([][]float32, len(texts))
	batches := Batches(lengths, len(texts), l.batch, l.tokens)
	embedOne := func(p *pipelines.FeatureExtractionPipeline, idx []int) error {
		batch := make([]string, len(idx))
		for k, i := range idx {
			batch[k] = texts[i]
		}
		vecs, err := l.run(p, batch)
		if err != nil {
			if Backend == "go" && strings.Contains(err.Error(), "unimplemented ONNX op") {
				return fmt.Errorf("embedding with %s: %w: this hrag was built without ONNX Runtime, and the pure-Go backend cannot run this model; build with -tags ORT (scripts/setup does)", l.model.ID, err)
			}
			return fmt.Errorf("embedding with %s: %w", l.model.ID, err)
		}
		if len(vecs) != len(idx) {
			return fmt.Errorf("model %s returned %d vectors for %d texts", l.model.ID, len(vecs), len(idx))
		}
		for k, v := range vecs {
			if len(v) != l.model.Dim {
				return fmt.Errorf("model %s returned %d dimensions, expected %d", l.model.ID, len(v), l.model.Dim)
			}
			for _, x := range v {
				if math.IsNaN(float64(x)) {
					return fmt.Errorf("model %s returned NaN", l.model.ID)
				}
			}
			out[idx[k]] = v
		}
		return nil
	}
	// Each session takes the next batch; every text's vector lands at its
	// index, so the result does not depend on which session ran it.
	var next atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	for _, p := range l.pipelines[:min(len(l.pipelines), len(batches))] {
		g.Go(func() error {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(batches) {
					return nil
				}
				if err := gctx.Err(); err != nil {
					return err
				}
				if err := embedOne(p, batches[i]); err != nil {
					return err
				}
			}
		})
	}
	if err := g.Wait(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	return out, nil
}

// run embeds one model call's texts. Mean pooling (and models whose graph
// pools) is hugot's pipeline as it is; CLS pooling uses the pipeline's
// tokenisation and forward pass, then takes each text's first position of
// the token-embedding output ([batch, tokens, dim]: the [CLS] token, inputs
// being right-padded) and L2-normalises it when the model asks for it.
func (l *Local) run(p *pipelines.FeatureExtractionPipeline, texts []string) ([][]float32, error) {
	if l.model.Pooling != "cls" {
		res, err := p.RunPipeline(texts)
		if err != nil {
			return nil, err
		}
		return res.Embeddings, nil
	}
	batch := backends.NewBatch(len(texts))
	defer batch.Destroy()
	if err := p.Preprocess(batch, texts); err != nil {
		return nil, err
	}
	if err := p.Forward(batch); err != nil {
		return nil, err
	}
	tokens, ok := batch.OutputValues[p.OutputIndex].([][][]float32)
	if !ok {
		return nil, fmt.Errorf("CLS pooling needs token embeddings [batch, tokens, dim], but the model's output is %T (set \"pooling\": \"mean\" in hrag-model.json for a graph that pools)", batch.OutputValues[p.OutputIndex])
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

// Close releases the pipelines and the runtime session.
func (l *Local) Close() error {
	var err error
	for _, d := range l.destroy {
		if e := d(); err == nil {
			err = e
		}
	}
	if e := l.session.Destroy(); err == nil {
		err = e
	}
	return err
}
