package embed

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/knights-analytics/hugot"
	"github.com/knights-analytics/hugot/pipelines"
)

// ErrNoBenignLabel is returned by OpenClassifier when none of a
// classifier's labels names benign text.
var ErrNoBenignLabel = errors.New("no label names benign text")

// BenignLabels are the label names (compared without case) that a
// prompt-injection classifier gives text addressed to its reader, as the
// public ones name them: SAFE (ProtectAI's deberta-v3 prompt-injection
// models), BENIGN (Meta's Prompt Guard), LEGIT, NORMAL, NEGATIVE.
var BenignLabels = []string{"safe", "benign", "legit", "legitimate", "normal", "negative"}

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
// directory or file, ErrNoBenignLabel when no label of id2label is one of
// BenignLabels, or are hugot's (an id2label that does not match the
// model's outputs).
func (l *Local) OpenClassifier(dir string) (*TextClassifier, error) {
	m, err := Inspect(dir)
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
	c := &TextClassifier{pipeline: p, benign: map[string]bool{}, id: m.ID}
	var labels []string
	for _, l := range p.Model.IDLabelMap {
		labels = append(labels, l)
		if slices.Contains(BenignLabels, strings.ToLower(l)) {
			c.benign[l] = true
		}
	}
	if len(c.benign) == 0 {
		sort.Strings(labels)
		return nil, fmt.Errorf("classifier %s: %w among its labels %s (config.json id2label; one of %s is)", m.Dir, ErrNoBenignLabel, strings.Join(labels, ", "), strings.Join(BenignLabels, ", "))
	}
	return c, nil
}

// MaxClassifyBytes bounds the text a classifier reads: Score keeps the
// first MaxClassifyBytes bytes (at a rune boundary) of a longer text, so
// that no input exceeds a BERT-style model's 512 positions.
const MaxClassifyBytes = 1500

// Score returns per text the probability in [0, 1] that it is not benign
// (injection.Classifier), in calls of up to 16 texts.
func (c *TextClassifier) Score(ctx context.Context, texts []string) ([]float64, error) {
	out := make([]float64, 0, len(texts))
	for start := 0; start < len(texts); start += 16 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		batch := slices.Clone(texts[start:min(start+16, len(texts))])
		for i, t := range batch {
			if len(t) > MaxClassifyBytes {
				cut := MaxClassifyBytes
				for cut > 0 && !utf8.RuneStart(t[cut]) {
					cut--
				}
				batch[i] = t[:cut]
			}
		}
		res, err := c.pipeline.RunPipeline(batch)
		if err != nil {
			return nil, fmt.Errorf("classifying with %s: %w", c.id, err)
		}
		for _, labels := range res.ClassificationOutputs {
			p := 1.0
			for _, l := range labels {
				if c.benign[l.Label] {
					p -= float64(l.Score)
				}
			}
			out = append(out, min(1, max(0, p)))
		}
	}
	return out, nil
}
