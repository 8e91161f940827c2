package mcpserver

import (
	"context"
	"sync"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

// guardModels makes the embedding model and the reranker of o's retrievers
// (the search tool's and the ask tool's) usable from concurrent tool calls:
// both run one call at a time (embed.Local is for one goroutine at a time),
// behind one lock that is held only while a model runs, so a search goes
// on while an ask waits for the LLM. It replaces the retrievers' Embedder
// and Reranker in place.
func guardModels(o Options) {
	mu := &sync.Mutex{}
	for _, r := range []*retrieve.Retriever{o.Retriever, askRetriever(o.Asker)} {
		if r == nil {
			continue
		}
		// The ask tool may share the search tool's retriever: guard once.
		if _, ok := r.Embedder.(lockedEmbedder); !ok && r.Embedder != nil {
			r.Embedder = lockedEmbedder{mu: mu, Embedder: r.Embedder}
		}
		if _, ok := r.Reranker.(lockedReranker); !ok && r.Reranker != nil {
			r.Reranker = lockedReranker{mu: mu, Reranker: r.Reranker}
		}
	}
}

// askRetriever is a's retriever, nil without an Asker.
func askRetriever(a *answer.Asker) *retrieve.Retriever {
	if a == nil {
		return nil
	}
	return a.Retriever
}

// lockedEmbedder runs Embed under mu.
type lockedEmbedder struct {
	mu *sync.Mutex
	embed.Embedder
}

// Embed is the wrapped Embed, one call at a time.
func (l lockedEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.Embedder.Embed(ctx, texts)
}

// lockedReranker runs Rerank under mu.
type lockedReranker struct {
	mu *sync.Mutex
	retrieve.Reranker
}

// Rerank is the wrapped Rerank, one call at a time.
func (l lockedReranker) Rerank(ctx context.Context, query string, passages []string) ([]float64, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.Reranker.Rerank(ctx, query, passages)
}
