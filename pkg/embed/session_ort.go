//go:build ORT

package embed

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/knights-analytics/hugot"
	"github.com/knights-analytics/hugot/options"
)

// Backend names the inference runtime compiled in.
const Backend = "onnxruntime"

func newSession(opts Options) (*hugot.Session, error) {
	// hugot wants the directory that holds libonnxruntime.so.
	dir := opts.ONNXRuntimeLib
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		dir = filepath.Dir(dir)
	}
	lib := filepath.Join(dir, "libonnxruntime.so")
	if _, err := os.Stat(lib); err != nil {
		return nil, fmt.Errorf("ONNX Runtime library not found at %s: set RAG_ONNXRUNTIME_LIB to the directory of libonnxruntime.so (≥ 1.23) or run scripts/install-deps.sh", lib)
	}
	o := []options.WithOption{options.WithOnnxLibraryPath(dir)}
	if opts.Threads > 0 {
		o = append(o, options.WithIntraOpNumThreads(opts.Threads))
	}
	s, err := hugot.NewORTSession(o...)
	if err != nil {
		return nil, fmt.Errorf("starting ONNX Runtime from %s (RAG_ONNXRUNTIME_LIB): %w", lib, err)
	}
	return s, nil
}
