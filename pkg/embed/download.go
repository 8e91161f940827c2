package embed

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/knights-analytics/hugot"
)

var hubID = regexp.MustCompile(`^[A-Za-z0-9][\w.-]*/[\w.-]+$`)

// Resolve returns the local directory for a RAG_EMBED_MODEL value. An
// existing path is returned as it is. A Hugging Face model id ("org/name")
// that is not a path is looked up in cacheDir ("org_name") and, when absent,
// downloaded there once with hugot's downloader (it needs network access and
// a repository with an .onnx file and tokenizer.json). Anything else is an
// ErrModelMissing error naming RAG_EMBED_MODEL.
func Resolve(model, cacheDir string) (string, error) {
	if _, err := os.Stat(model); err == nil {
		return model, nil
	}
	if !hubID.MatchString(model) || strings.HasPrefix(model, ".") {
		return "", fmt.Errorf("%w: RAG_EMBED_MODEL=%s is not a directory (run scripts/install-deps.sh, or set it to a model directory or a Hugging Face id such as org/name)", ErrModelMissing, model)
	}
	dir := filepath.Join(cacheDir, strings.ReplaceAll(model, "/", "_"))
	if _, err := os.Stat(filepath.Join(dir, "tokenizer.json")); err == nil {
		return dir, nil
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", fmt.Errorf("RAG_MODEL_CACHE=%s: %w", cacheDir, err)
	}
	opts := hugot.NewDownloadOptions()
	opts.MaxRetries, opts.RetryInterval = 2, 2
	opts.AuthToken = os.Getenv("HF_TOKEN")
	got, err := hugot.DownloadModel(model, cacheDir, opts)
	if err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("%w: RAG_EMBED_MODEL=%s is not a local directory and downloading it into RAG_MODEL_CACHE=%s failed: %v", ErrModelMissing, model, cacheDir, err)
	}
	return got, nil
}
