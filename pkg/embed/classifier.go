package embed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/knights-analytics/hugot"
	"github.com/knights-analytics/hugot/pipelines"
)

// ErrNoBenignLabel is returned by OpenClassifier when none of a
// classifier's labels names benign text.
var ErrNoBenignLabel = errors.New("no label names benign text")

// ErrBadLabels is returned by OpenClassifier when config.json has no
// id2label, its ids are not 0 to n-1, or every label is benign (such a
// model can flag nothing).
var ErrBadLabels = errors.New("config.json id2label does not describe a prompt-injection classifier")

// BenignLabels are the label names (compared without case) that a
// prompt-injection classifier gives text addressed to its reader, as the
// public ones name them: SAFE (ProtectAI's deberta-v3 prompt-injection
// models), BENIGN (Meta's Prompt Guard), LEGIT, LEGITIMATE, NORMAL.
// (NEGATIVE is left out: it is how sentiment models name a class.)
var BenignLabels = []string{"safe", "benign", "legit", "legitimate", "normal"}

// TextClassifier runs a sequence classifier (one .onnx, tokenizer.json and
// a config.json whose id2label names the classes) through hugot's
// text-classification pipeline, in the embedder's ONNX Runtime session.
// Its Score is the probability that a text is not benign: 1 minus the
// softmax probability of the benign labels (BenignLabels).
type TextClassifier struct {
	pipeline *pipelines.TextClassificationPipeline
	benign   map[string]bool // the model's labels that are benign
	id       string
}

// classifiers numbers the classifier pipelines of the process: hugot needs
// a name unique in its session.
var classifiers atomic.Int64

// OpenClassifier loads the text classifier in dir (RAG_INJECTION_MODEL)
// into l's runtime session. Errors wrap ErrModelMissing for a missing
// directory or file (naming RAG_INJECTION_MODEL), ErrBadLabels for a
// missing or ill-numbered id2label or one whose labels are all benign,
// ErrNoBenignLabel when no label is one of BenignLabels, or are hugot's
// (an id2label that does not match the model's outputs).
func (l *Local) OpenClassifier(dir string) (*TextClassifier, error) {
	m, err := InspectAs(dir, "RAG_INJECTION_MODEL")
	if err != nil {
		return nil, err
	}
	benign, err := classifierLabels(m.Dir)
	if err != nil {
		return nil, err
	}
	p, err := hugot.NewPipeline(l.session, hugot.TextClassificationConfig{
		ModelPath: m.Dir, Name: fmt.Sprintf("injection-%d", classifiers.Add(1)), OnnxFilename: m.ONNXFile,
		Options: []hugot.TextClassificationOption{pipelines.WithMultiLabel(), pipelines.WithSoftmax()},
	})
	if err != nil {
		return nil, fmt.Errorf("loading classifier %s: %w", m.Dir, err)
	}
	return &TextClassifier{pipeline: p, benign: benign, id: m.ID}, nil
}

// classifierLabels reads config.json's id2label in dir and returns its
// benign labels; see OpenClassifier for the errors.
func classifierLabels(dir string) (map[string]bool, error) {
	var cfg struct {
		ID2Label map[string]string `json:"id2label"`
	}
	b, err := os.ReadFile(filepath.Join(dir, "config.json"))
	if err == nil {
		err = json.Unmarshal(b, &cfg)
	}
	if err != nil || len(cfg.ID2Label) == 0 {
		return nil, fmt.Errorf("classifier %s: %w: it needs a config.json whose id2label names each output class, one of them benign (%s)", dir, ErrBadLabels, strings.Join(BenignLabels, ", "))
	}
	benign := map[string]bool{}
	var labels []string
	for i := range len(cfg.ID2Label) {
		l, ok := cfg.ID2Label[strconv.Itoa(i)]
		if !ok {
			return nil, fmt.Errorf("classifier %s: %w: its ids must run from 0 to %d, one per output (id %d is missing)", dir, ErrBadLabels, len(cfg.ID2Label)-1, i)
		}
		labels = append(labels, l)
		if slices.Contains(BenignLabels, strings.ToLower(l)) {
			benign[l] = true
		}
	}
	switch {
	case len(benign) == 0:
		return nil, fmt.Errorf("classifier %s: %w among its labels %s (config.json id2label; one of %s is)", dir, ErrNoBenignLabel, strings.Join(labels, ", "), strings.Join(BenignLabels, ", "))
	case len(benign) == len(labels):
		return nil, fmt.Errorf("classifier %s: %w: every label (%s) is benign, so it can flag nothing", dir, ErrBadLabels, strings.Join(labels, ", "))
	}
	return benign, nil
}

// MaxClassifyBytes bounds the text one model call reads, so that no input
// exceeds what a BERT-style tokenizer keeps (often 256 or 512 tokens):
// 300 bytes stay under 256 tokens for any text of at least 1.2 bytes a
// token (Latin words, digits between commas, CJK all are). Score reads a
// longer text in windows of at most MaxClassifyBytes bytes (cut at rune
// boundaries), each starting half a window after the previous one, and
// takes the highest window's score.
const MaxClassifyBytes = 300

// windows cuts t into the overlapping windows Score reads (t itself when it
// is short enough).
func windows(t string) []string {
	if len(t) <= MaxClassifyBytes {
		return []string{t}
	}
	var out []string
	for st := 0; ; {
		en := min(st+MaxClassifyBytes, len(t))
		for en < len(t) && !utf8.RuneStart(t[en]) {
			en--
		}
		out = append(out, t[st:en])
		if en == len(t) {
			return out
		}
		st += MaxClassifyBytes / 2
		for !utf8.RuneStart(t[st]) {
			st++
		}
	}
}

// Score returns per text the probability in [0, 1] that it is not benign
// (injection.Classifier): for a long text, the highest of its windows'.
func (c *TextClassifier) Score(ctx context.Context, texts []string) ([]float64, error) {
	var batch []string
	var owner []int // index in texts of each window
	for i, t := range texts {
		for _, w := range windows(t) {
			batch = append(batch, w)
			owner = append(owner, i)
		}
	}
	out := make([]float64, len(texts))
	for start := 0; start < len(batch); start += 16 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		res, err := c.pipeline.RunPipeline(batch[start:min(start+16, len(batch))])
		if err != nil {
			return nil, fmt.Errorf("classifying with %s: %w", c.id, err)
		}
		for k, labels := range res.ClassificationOutputs {
			p := 1.0
			for _, l := range labels {
				if c.benign[l.Label] {
					p -= float64(l.Score)
				}
			}
			i := owner[start+k]
			out[i] = max(out[i], min(1, max(0, p)))
		}
	}
	return out, nil
}
