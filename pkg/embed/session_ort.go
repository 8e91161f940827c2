//go:build ORT

package embed

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/knights-analytics/hugot"
	"github.com/knights-analytics/hugot/backends"
	"github.com/knights-analytics/hugot/options"
	"github.com/knights-analytics/hugot/pipelines"
	ort "github.com/yalue/onnxruntime_go"
)

// Backend names the inference runtime compiled in.
const Backend = "onnxruntime"

// newSession starts ONNX Runtime through hugot. It also returns hugot's
// options, whose BackendOptions hold the *ort.SessionOptions that every
// model session of this runtime is created with.
func newSession(opts Options) (*hugot.Session, *options.Options, error) {
	if err := checkRuntime(opts); err != nil {
		return nil, nil, err
	}
	dir, lib := runtimeLib(opts)
	var hopts *options.Options
	o := []options.WithOption{options.WithOnnxLibraryPath(dir), func(o *options.Options) error { hopts = o; return nil }}
	if opts.Threads > 0 {
		o = append(o, options.WithIntraOpNumThreads(opts.Threads))
	}
	if opts.Query {
		// A query is a few dozen tokens: the arena's pre-allocation and
		// memory patterns only cost memory.
		o = append(o, options.WithCPUMemArena(false), options.WithMemPattern(false))
	}
	s, err := hugot.NewORTSession(o...)
	if err != nil {
		return nil, nil, fmt.Errorf("starting ONNX Runtime from %s (RAG_ONNXRUNTIME_LIB): %w", lib, err)
	}
	return s, hopts, nil
}

// runtimeLib returns the directory that holds libonnxruntime.so (what hugot
// wants) and the library's path.
func runtimeLib(opts Options) (dir, lib string) {
	dir = opts.ONNXRuntimeLib
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		dir = filepath.Dir(dir)
	}
	return dir, filepath.Join(dir, "libonnxruntime.so")
}

// checkRuntime reports a missing ONNX Runtime library, naming the setting.
func checkRuntime(opts Options) error {
	if _, lib := runtimeLib(opts); !fileExists(lib) {
		return fmt.Errorf("ONNX Runtime library not found at %s: set RAG_ONNXRUNTIME_LIB to the directory of libonnxruntime.so (≥ 1.23) or run scripts/install-deps.sh", lib)
	}
	return nil
}

// featurePipeline loads model m into hugot's feature-extraction pipeline.
// The returned destroy releases what hugot's session does not own.
//
// It builds the pipeline from hugot's exported pieces around one ONNX
// Runtime session, because hugot.NewPipeline first creates a throwaway,
// fully optimised session only to read the input and output names: a
// second build and a second copy of the weights at start-up (GraphIO
// reads them from the file instead).
//
// For batches (index, reembed, eval) the session optimises the graph, which
// pays for itself within one batch (docs/measurements.md, "Figures behind
// code choices").
//
// When the model directory holds ONNX Runtime's own optimisation of the
// graph for this runtime version (OptimizedGraph), that graph is loaded
// with optimisation off, for batches and queries alike: a query session is
// then ready without optimising.
//
// Otherwise, for queries (Options.Query) graph optimisation is off unless the graph is
// dynamically quantized (Model.DynamicQuant): the session is created many
// times sooner and one short query still takes well under a second.
// MiniLM-L6 int8's vectors agree with the optimised graph's
// (TestQueryEmbedderMatchesBatchEmbedder); a dynamically quantized graph's
// would not, and its optimisation is cheap.
func featurePipeline(s *hugot.Session, hopts *options.Options, m Model, cfg hugot.FeatureExtractionConfig, query bool) (p *pipelines.FeatureExtractionPipeline, destroy func() error, graph string, err error) {
	so, ok := hopts.BackendOptions.(*ort.SessionOptions)
	if !ok {
		return nil, nil, "", fmt.Errorf("hugot's ONNX Runtime session options are missing")
	}
	path := filepath.Join(m.Dir, m.ONNXFile)
	if opt, ok := OptimizedGraph(m, ort.GetVersion()); ok {
		path = opt // optimised once, by this ONNX Runtime version: nothing left to do
		if err := so.SetGraphOptimizationLevel(ort.GraphOptimizationLevelDisableAll); err != nil {
			return nil, nil, "", err
		}
	} else if query && !m.DynamicQuant {
		if err := so.SetGraphOptimizationLevel(ort.GraphOptimizationLevelDisableAll); err != nil {
			return nil, nil, "", err
		}
	}
	in, out, err := GraphIO(path)
	if err != nil {
		return nil, nil, "", err
	}
	model := &backends.Model{ID: m.Dir + ":" + m.ONNXFile, Path: m.Dir, OnnxFilename: m.ONNXFile,
		Pipelines: map[string]backends.Pipeline{}, InputsMeta: ioInfo(in), OutputsMeta: ioInfo(out)}
	// As hugot's loader does: the tokenizer truncates at the position limit.
	var conf struct {
		MaxPos int `json:"max_position_embeddings"`
	}
	if b, err := os.ReadFile(filepath.Join(m.Dir, "config.json")); err == nil {
		_ = json.Unmarshal(b, &conf)
	}
	model.MaxPositionEmbeddings = conf.MaxPos
	// The tokenizer loads while ONNX Runtime builds the session: both are
	// native calls, on other threads than Go's.
	tokErr := make(chan error, 1)
	go func() { tokErr <- backends.LoadTokenizer(model, hopts) }()
	session, err := ort.NewDynamicAdvancedSession(path, names(in), names(out), so)
	if terr := <-tokErr; err == nil && terr != nil {
		err = terr
		session.Destroy()
	}
	if err != nil {
		if model.Tokenizer != nil {
			model.Tokenizer.Destroy()
		}
		return nil, nil, "", err
	}
	model.ORTModel = &backends.ORTModel{Session: session, SessionOptions: so, Options: hopts.ORTOptions, Destroy: session.Destroy}
	model.Destroy = func() error {
		err := model.Tokenizer.Destroy()
		if e := session.Destroy(); err == nil {
			err = e
		}
		return err
	}
	p, err = pipelines.NewFeatureExtractionPipeline(backends.PipelineConfig[*pipelines.FeatureExtractionPipeline](cfg), hopts, model)
	if err != nil {
		model.Destroy()
		return nil, nil, "", err
	}
	return p, model.Destroy, path, nil
}

func ioInfo(xs []Tensor) []backends.InputOutputInfo {
	out := make([]backends.InputOutputInfo, len(xs))
	for i, x := range xs {
		out[i] = backends.InputOutputInfo{Name: x.Name, Dimensions: backends.Shape(x.Dims)}
	}
	return out
}

func names(xs []Tensor) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x.Name
	}
	return out
}
