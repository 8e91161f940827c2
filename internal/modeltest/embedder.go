package modeltest

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/tokenize"
)

var (
	once     sync.Once
	shared   *embed.Local
	sharedEr error
	sharedTk *tokenize.Tokenizer
)

// BatchTokens is the token budget per model call of Embedder: the default
// of RAG_EMBED_BATCH_TOKENS.
const BatchTokens = 1024

// ORTLib is RAG_ONNXRUNTIME_LIB, else the cache's lib directory.
func ORTLib() string {
	if l := os.Getenv("RAG_ONNXRUNTIME_LIB"); l != "" {
		return l
	}
	return filepath.Join(CacheDir(), "lib")
}

// Embedder returns the real model, loaded once per test binary (ONNX Runtime
// allows one session per process) and never closed, batching as `hrag
// index` does (32 texts, BatchTokens, shortest first). Safe to call from
// several tests, but not to use from several goroutines at once.
func Embedder(tb testing.TB) *embed.Local {
	tb.Helper()
	dir := Dir(tb)
	once.Do(func() {
		if sharedTk, sharedEr = tokenize.Load(filepath.Join(dir, "tokenizer.json")); sharedEr != nil {
			return
		}
		shared, sharedEr = embed.Open(embed.Options{Dir: dir, ONNXRuntimeLib: ORTLib(), BatchSize: 32,
			BatchTokens: BatchTokens, Count: sharedTk.Count})
	})
	if sharedEr != nil {
		tb.Fatalf("loading embedding model %s: %v", dir, sharedEr)
	}
	return shared
}
