package embed

import (
	"context"
	"fmt"
	"math"

	"github.com/knights-analytics/hugot"
	"github.com/knights-analytics/hugot/pipelines"
)

// Options configures a local embedder.
type Options struct {
	Dir            string // model directory (RAG_EMBED_MODEL)
	ONNXRuntimeLib string // libonnxruntime.so or its directory (RAG_ONNXRUNTIME_LIB); ORT builds only
	BatchSize      int    // texts per model call (RAG_EMBED_BATCH_SIZE), ≥ 1
	Threads        int    // intra-op threads; 0 = ONNX Runtime's default (all cores)
	// Query says the process embeds a few short texts (sources, ask), not
	// batches: the model loads without ONNX Runtime's graph optimisation
	// and memory arena, which cost 1.3 s and about 300 MB at start-up for
	// MiniLM-L6 int8 and save only milliseconds per query.
	Query bool
}

// Local embeds with hugot's feature-extraction pipeline: mean pooling over
// the attention mask (or the model's own pooled output) and optional L2
// normalisation, as sentence-transformers does.
type Local struct {
	model    Model
	session  *hugot.Session
	pipeline *pipelines.FeatureExtractionPipeline
	destroy  func() error // what session does not own; nil if nothing
	batch    int
}

// Open loads the model in opts.Dir. Errors wrap ErrModelMissing when the
// directory or its files are missing, and name RAG_ONNXRUNTIME_LIB when ONNX
// Runtime cannot be loaded.
func Open(opts Options) (*Local, error) {
	m, err := Inspect(opts.Dir)
	if err != nil {
		return nil, err
	}
	if m.Pooling != "mean" {
		return nil, fmt.Errorf("model %s uses %s pooling; hugot's feature extraction pools by mean, so export the model with pooling inside the ONNX graph or choose a mean-pooling model", m.ID, m.Pooling)
	}
	session, hopts, err := newSession(opts)
	if err != nil {
		return nil, err
	}
	var popts []hugot.FeatureExtractionOption
	if m.Output != "" {
		popts = append(popts, pipelines.WithOutputName(m.Output))
	}
	if m.Normalize {
		popts = append(popts, pipelines.WithNormalization())
	}
	p, destroy, err := featurePipeline(session, hopts, m, hugot.FeatureExtractionConfig{
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
	return &Local{model: m, session: session, pipeline: p, destroy: destroy, batch: b}, nil
}

// Model describes the loaded model.
func (l *Local) Model() Model { return l.model }

// Embed returns one L2-normalised (when the model asks for it) vector per
// text, computing at most BatchSize texts per model call and checking ctx
// between calls.
func (l *Local) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, 0, len(texts))
	for i := 0; i < len(texts); i += l.batch {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		end := min(i+l.batch, len(texts))
		res, err := l.pipeline.RunPipeline(texts[i:end])
		if err != nil {
			return nil, fmt.Errorf("embedding with %s: %w", l.model.ID, err)
		}
		for _, v := range res.Embeddings {
			if len(v) != l.model.Dim {
				return nil, fmt.Errorf("model %s returned %d dimensions, expected %d", l.model.ID, len(v), l.model.Dim)
			}
			for _, x := range v {
				if math.IsNaN(float64(x)) {
					return nil, fmt.Errorf("model %s returned NaN", l.model.ID)
				}
			}
		}
		out = append(out, res.Embeddings...)
	}
	return out, nil
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
