// Package modeltest locates the real embedding model for tests: the one
// scripts/install-deps.sh puts in the cache, or RAG_TEST_EMBED_MODEL.
package modeltest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hrag-dev/hrag/internal/config"
	"github.com/hrag-dev/hrag/pkg/tokenize"
)

// Dir returns the model directory (RAG_TEST_EMBED_MODEL, else
// $HRAG_CACHE or ~/.cache/hrag, then models/all-MiniLM-L6-v2-int8). A missing
// directory fails the test with the command that installs it.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir := os.Getenv("RAG_TEST_EMBED_MODEL")
	if dir == "" {
		dir = filepath.Join(CacheDir(), "models", "all-MiniLM-L6-v2-int8")
	}
	if _, err := os.Stat(filepath.Join(dir, "tokenizer.json")); err != nil {
		tb.Fatalf("embedding model missing at %s (run scripts/install-deps.sh): %v", dir, err)
	}
	return dir
}

// CacheDir is $HRAG_CACHE, else ~/.cache/hrag.
func CacheDir() string {
	if c := os.Getenv("HRAG_CACHE"); c != "" {
		return c
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "hrag")
}

// Tokenizer loads the model's tokenizer.json and closes it when the test ends.
func Tokenizer(tb testing.TB) *tokenize.Tokenizer {
	tb.Helper()
	tk, err := tokenize.Load(filepath.Join(Dir(tb), "tokenizer.json"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { tk.Close() })
	return tk
}

// SecondDir returns a second, different real embedding model for tests that
// switch models (RAG_TEST_SECOND_MODEL, else the cache's
// models/paraphrase-MiniLM-L3-v2: 384 dimensions like the first, 128-token
// input). A missing directory fails the test with the command that
// installs it.
func SecondDir(tb testing.TB) string {
	tb.Helper()
	dir := os.Getenv("RAG_TEST_SECOND_MODEL")
	if dir == "" {
		dir = filepath.Join(CacheDir(), "models", "paraphrase-MiniLM-L3-v2")
	}
	if _, err := os.Stat(filepath.Join(dir, "tokenizer.json")); err != nil {
		tb.Fatalf("second embedding model missing at %s (run scripts/install-deps.sh --second-model): %v", dir, err)
	}
	return dir
}

// Named returns the cache's model directory models/<name> as
// scripts/install-deps.sh installs it (e.g. "bge-small-en-v1.5-int8"). A
// missing directory fails the test with the command that installs it.
func Named(tb testing.TB, name string) string {
	tb.Helper()
	dir := filepath.Join(CacheDir(), "models", name)
	if _, err := os.Stat(filepath.Join(dir, "hrag-model.json")); err != nil {
		tb.Fatalf("embedding model %s missing at %s (run scripts/install-deps.sh): %v", name, dir, err)
	}
	return dir
}

// DefaultDir returns the directory of the product's default embedding model
// (the default of RAG_EMBED_MODEL in config.Vars) in the cache, for tests
// that measure what a user gets out of the box. A missing directory fails
// the test with the command that installs it.
func DefaultDir(tb testing.TB) string {
	tb.Helper()
	for _, v := range config.Vars {
		if v.Name == "RAG_EMBED_MODEL" {
			return Named(tb, filepath.Base(v.Default))
		}
	}
	tb.Fatal("config.Vars has no RAG_EMBED_MODEL")
	return ""
}
