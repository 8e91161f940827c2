//go:build !ORT

package embed

import (
	"github.com/knights-analytics/hugot"
)

// Backend names the inference runtime compiled in: hugot's pure-Go backend,
// about 15x slower than ONNX Runtime; build with -tags ORT for speed.
const Backend = "go"

func newSession(opts Options) (*hugot.Session, error) {
	return hugot.NewGoSession()
}
