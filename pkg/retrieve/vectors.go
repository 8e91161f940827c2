package retrieve

import (
	"context"
	"fmt"

	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/store"
)

// vectorTable finds the vector table of the configured model and document
// prefix for the collection. When only a table of the same model with
// another document prefix exists, it is used with a warning; when it is
// incomplete, the warning gives the counts; both warnings name `hrag
// reembed` as the fix. A model without vectors is a *ModelMismatchError.
func (r *Retriever) vectorTable(ctx context.Context, coll store.Collection, m embed.Model) (*store.CollectionVectors, []string, error) {
	tables, err := r.Store.CollectionVectorTables(ctx, coll.ID)
	if err != nil {
		return nil, nil, err
	}
	has, err := r.Store.HasChunks(ctx, coll.ID)
	if err != nil {
		return nil, nil, err
	}
	if !has {
		return nil, nil, &EmptyIndexError{Collection: coll.Name}
	}
	var models []string
	for _, t := range tables {
		models = append(models, t.Model)
	}
	var have *store.CollectionVectors
	var warn []string
	if i, other := store.SelectVectorTable(tables, m.ID, r.DocPrefix); i >= 0 {
		have = &tables[i]
		if other {
			warn = append(warn, fmt.Sprintf("the vectors of %s in collection %q were embedded with document prefix %q, but RAG_EMBED_DOCUMENT_PREFIX=%q: using them; run `%s` to embed with the configured prefix, or set it back",
				m.ID, coll.Name, have.DocumentPrefix, r.DocPrefix, r.command(coll.Name, "reembed")))
		}
	}
	if have == nil {
		return nil, nil, &ModelMismatchError{Collection: coll.Name, Model: m.ID, DocPrefix: r.DocPrefix, Have: models}
	}
	if have.Dim != m.Dim {
		return nil, nil, &ModelMismatchError{Collection: coll.Name, Model: m.ID, HaveDim: have.Dim, Dim: m.Dim}
	}
	if !have.Complete {
		// Rare (an interrupted run, or documents stored while another model
		// was configured), so counting here costs nothing on the usual path.
		cov, err := r.Store.CheckVectors(ctx, coll.ID, have.Name)
		if err != nil {
			return nil, nil, err
		}
		if !cov.Complete() {
			warn = append(warn, fmt.Sprintf("only %d of the %d chunks of collection %q have a vector of %s, so vector search misses the rest: run `%s` to finish",
				cov.Embedded, cov.Chunks, coll.Name, m.ID, r.command(coll.Name, "reembed")))
		}
	}
	if have.QueryPrefix != r.QueryPrefix {
		warn = append(warn, fmt.Sprintf("the vectors of %s were built for query prefix %q, but RAG_EMBED_QUERY_PREFIX=%q: results may be worse; set it back, or run `%s` to record the new prefix",
			m.ID, have.QueryPrefix, r.QueryPrefix, r.command(coll.Name, "reembed")))
	}
	return have, warn, nil
}
