//go:build !ORT

package embed_test

import (
	"context"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/embed"
)

// The pure-Go backend (a build without -tags ORT) cannot run the bundled
// MiniLM int8 export (GatherND is not implemented there): embedding says so
// and names the fix, instead of an inference engine's bare message.
func TestPureGoBackendNamesTheFix(t *testing.T) {
	e, err := embed.Open(embed.Options{Dir: modeltest.Dir(t), BatchSize: 8})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	_, err = e.Embed(context.Background(), []string{"hello world"})
	if err == nil || !strings.Contains(err.Error(), "built without ONNX Runtime") || !strings.Contains(err.Error(), "-tags ORT") {
		t.Fatalf("err = %v", err)
	}
}
