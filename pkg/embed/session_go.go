//go:build !ORT

package embed

import (
	"path/filepath"

	"github.com/knights-analytics/hugot"
	"github.com/knights-analytics/hugot/options"
	"github.com/knights-analytics/hugot/pipelines"
)

// Backend names the inference runtime compiled in: hugot's pure-Go backend,
// about 15x slower than ONNX Runtime; build with -tags ORT for speed.
const Backend = "go"

func newSession(opts Options) (*hugot.Session, *options.Options, error) {
	s, err := hugot.NewGoSession()
	return s, nil, err
}

// checkRuntime has nothing to check: the pure-Go backend needs no library.
func checkRuntime(Options) error { return nil }

// featurePipeline loads model m into hugot's feature-extraction pipeline;
// the pure-Go backend has no faster path for queries.
func featurePipeline(s *hugot.Session, _ *options.Options, m Model, cfg hugot.FeatureExtractionConfig, _ bool) (*pipelines.FeatureExtractionPipeline, func() error, string, error) {
	p, err := hugot.NewPipeline(s, cfg)
	return p, nil, filepath.Join(m.Dir, m.ONNXFile), err
}
