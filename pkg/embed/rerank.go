package embed

import (
	"context"
	"fmt"

	"github.com/knights-analytics/hugot"
	"github.com/knights-analytics/hugot/pipelines"
)

// CrossEncoder scores (query, passage) pairs with a cross-encoder reranker
// (Nogueira & Cho, "Passage Re-ranking with BERT", 2019) through hugot's
// cross-encoder pipeline: the sigmoid of the model's relevance logit, in
// (0, 1), higher is more relevant. It shares the embedder's ONNX Runtime
// session (one per process).
type CrossEncoder struct {
	pipeline *pipelines.CrossEncoderPipeline
	id       string
}

// OpenReranker loads the cross-encoder in dir (RAG_RERANK_MODEL: one .onnx
// file and tokenizer.json) into l's runtime session.
func (l *Local) OpenReranker(dir string) (*CrossEncoder, error) {
	m, err := InspectAs(dir, "RAG_RERANK_MODEL")
	if err != nil {
		return nil, err
	}
	p, err := hugot.NewPipeline(l.session, hugot.CrossEncoderConfig{
		ModelPath: m.Dir, Name: "rerank", OnnxFilename: m.ONNXFile,
		Options: []hugot.CrossEncoderOption{pipelines.WithBatchSize(16), pipelines.WithSortResults(false)},
	})
	if err != nil {
		return nil, fmt.Errorf("loading reranker %s (RAG_RERANK_MODEL): %w", m.Dir, err)
	}
	return &CrossEncoder{pipeline: p, id: m.ID}, nil
}

// Rerank returns one score per passage, in the passages' order.
func (c *CrossEncoder) Rerank(ctx context.Context, query string, passages []string) ([]float64, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out, err := c.pipeline.RunPipeline(query, passages)
	if err != nil {
		return nil, fmt.Errorf("reranking with %s: %w", c.id, err)
	}
	scores := make([]float64, len(passages))
	for _, r := range out.Results {
		scores[r.Index] = float64(r.Score)
	}
	return scores, nil
}
