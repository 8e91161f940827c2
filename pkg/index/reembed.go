package index

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/extract"
	"github.com/hrag-dev/hrag/pkg/store"
)

// ReembedSummary reports what `hrag reembed` did. Counts are chunks unless
// named otherwise.
type ReembedSummary struct {
	Collection  string  `json:"collection"`
	Model       string  `json:"model"`
	Table       string  `json:"table"`
	Chunks      int64   `json:"chunks"`              // chunks of the collection at the end
	Vectors     int64   `json:"vectors"`             // of which have a vector of Model at the end
	Skipped     int64   `json:"chunks_skipped"`      // already had a vector of this model and prefix
	Embedded    int     `json:"chunks_embedded"`     // sent to the model
	Reused      int     `json:"chunks_reused"`       // vector found under the same embed hash (a duplicate chunk)
	Rechunked   int     `json:"documents_rechunked"` // documents re-chunked: a stored chunk exceeded the model's input limit
	Seconds     float64 `json:"seconds"`
	Interrupted bool    `json:"interrupted"`
}

// Complete reports whether every chunk has a vector of the model.
func (s ReembedSummary) Complete() bool { return s.Vectors == s.Chunks }

// Reembed gives every chunk of opts.Collection a vector of opts.Embedder's
// model with opts.DocumentPrefix, in that model's own vector table, reading
// the chunk text stored in the database (files are not read). Chunks that
// already have one are skipped, so a rerun after a kill finishes the rest.
// A document with a stored chunk that exceeds the model's input limit
// (measured with opts.Tokenizer, prefix and special tokens included) is
// re-chunked from its stored text with opts.Chunk, and its chunks, BM25 rows
// and vectors are replaced in one transaction. Vectors are committed one
// batch (opts.BatchSize) at a time; a cancelled ctx keeps them and returns
// ErrInterrupted. The query prefix recorded for the collection's vectors
// of this table becomes opts.QueryPrefix. Other models' tables are left as they are.
// Roots, Include, Exclude, MaxBytes and Prune are not used. Errors: the
// collection does not exist (wraps store.ErrNoCollection), the lock is held
// (with opts.Wait false), the model or the database fails.
func Reembed(ctx context.Context, opts Options) (ReembedSummary, error) {
	began := time.Now()
	rep := opts.Reporter
	if rep == nil {
		rep = nopReporter{}
	}
	model := opts.Embedder.Model()
	sum := ReembedSummary{Collection: opts.Collection, Model: model.ID}
	st := opts.Store
	coll, err := st.Collection(ctx, opts.Collection)
	if err != nil {
		if errors.Is(err, store.ErrNoCollection) {
			return sum, fmt.Errorf("nothing to re-embed: %w", err)
		}
		return sum, err
	}
	lock, table, err := lockAndTable(ctx, opts, coll)
	if err != nil {
		return sum, err
	}
	defer lock.Release()
	opts.Store = st.WithLock(lock) // writes fail once the lock is lost
	st = opts.Store
	sum.Table = table.Name
	if err := st.SetQueryPrefix(ctx, coll.ID, table.Name, opts.QueryPrefix); err != nil {
		return sum, err
	}
	before, err := st.VectorCoverage(ctx, coll.ID, table.Name)
	if err != nil {
		return sum, err
	}
	sum.Skipped = before.Embedded
	f := filler{opts: opts, rep: rep, coll: coll, table: table.Name, copts: fitChunks(opts, rep), total: int(before.Chunks - before.Embedded)}
	ferr := f.run(ctx)
	sum.Embedded, sum.Reused, sum.Rechunked = f.embedded, f.reused, f.rechunked
	if ferr != nil && !errors.Is(ferr, context.Canceled) {
		return sum, ferr
	}
	after, err := st.CheckVectors(context.WithoutCancel(ctx), coll.ID, table.Name)
	if err != nil {
		return sum, err
	}
	sum.Chunks, sum.Vectors = after.Chunks, after.Embedded
	if sum.Embedded+sum.Reused > 0 {
		if err := st.ResetNullSimilarity(context.WithoutCancel(ctx), coll.ID); err != nil {
			return sum, err
		}
	}
	sum.Seconds = time.Since(began).Seconds()
	if ferr != nil {
		sum.Interrupted = true
		return sum, ErrInterrupted
	}
	return sum, nil
}

// lockCollection takes the collection's writer lock with a message that
// says what to do when another run holds it.
func lockCollection(ctx context.Context, st *store.Store, coll store.Collection, wait bool, rep Reporter) (*store.Lock, error) {
	lock, err := st.LockCollection(ctx, coll.ID, false)
	if errors.Is(err, store.ErrLocked) && wait {
		rep.Notice("collection %q is being written by another hrag process: waiting for it to finish (Ctrl-C stops; --no-wait fails at once instead)", coll.Name)
		lock, err = st.LockCollection(ctx, coll.ID, true)
	}
	if errors.Is(err, store.ErrLocked) {
		return nil, fmt.Errorf("%w: collection %q is being written by another hrag process; rerun without --no-wait to wait for it", store.ErrLocked, coll.Name)
	}
	return lock, err
}

// lockAndTable takes the collection's writer lock and ensures the
// configured model's vector table (released again on error).
func lockAndTable(ctx context.Context, opts Options, coll store.Collection) (*store.Lock, store.VectorTable, error) {
	rep := opts.Reporter
	if rep == nil {
		rep = nopReporter{}
	}
	lock, err := lockCollection(ctx, opts.Store, coll, opts.Wait, rep)
	if err != nil {
		return nil, store.VectorTable{}, err
	}
	table, err := ensureTable(ctx, opts, coll)
	if err != nil {
		lock.Release()
		return nil, table, err
	}
	return lock, table, nil
}

// ensureTable creates (or finds) the configured model's vector table and
// registers it with the collection.
func ensureTable(ctx context.Context, opts Options, coll store.Collection) (store.VectorTable, error) {
	m := opts.Embedder.Model()
	t, err := opts.Store.EnsureVectorTable(ctx, store.VectorTable{Model: m.ID, Dim: m.Dim, MaxTokens: m.MaxTokens,
		DocumentPrefix: opts.DocumentPrefix, QueryPrefix: opts.QueryPrefix})
	if err != nil {
		return t, err
	}
	return t, opts.Store.AttachVectorTable(ctx, coll.ID, t.Name, opts.QueryPrefix)
}

// fitChunks fits opts.Chunk to the model's input limit, the tokenizer's
// special tokens and the document prefix.
func fitChunks(opts Options, rep Reporter) chunk.Options {
	model := opts.Embedder.Model()
	copts := opts.Chunk
	copts.InputTokens = model.MaxTokens
	copts.SpecialTokens = opts.Tokenizer.Special()
	copts.PrefixTokens = opts.Tokenizer.Count(opts.DocumentPrefix)
	fitted, lowered := copts.Fit()
	if lowered && opts.WarnLowered {
		rep.Notice("RAG_CHUNK_TOKENS=%d does not fit model %s (input limit %d tokens = %d special + %d prefix + %d breadcrumb + %d overlap + content): using %d content tokens",
			opts.Chunk.ContentTokens, model.ID, model.MaxTokens, copts.SpecialTokens, copts.PrefixTokens, copts.BreadcrumbTokens, copts.OverlapTokens, fitted.ContentTokens)
	}
	return fitted
}

// filler embeds the stored chunks of a collection that have no vector in
// table; the caller holds the collection's lock.
type filler struct {
	opts  Options
	rep   Reporter
	coll  store.Collection
	table string
	copts chunk.Options // fitted, for re-chunking

	embedded, reused, rechunked int
	done, total                 int // chunks given a vector so far, of those missing one at the start (progress)

	// the batch being gathered, across documents
	ids    []int64
	hashes [][]byte
	texts  []string
}

// pageDocs is how many documents one MissingVectors query fetches.
const pageDocs = 64

func (f *filler) run(ctx context.Context) error {
	st := f.opts.Store
	limit := f.opts.Embedder.Model().MaxTokens
	special := f.opts.Tokenizer.Special()
	var after int64
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		page, err := st.MissingVectors(ctx, f.coll.ID, f.table, after, pageDocs)
		if err != nil {
			return err
		}
		if len(page) == 0 {
			return f.flush(ctx)
		}
		for start := 0; start < len(page); {
			end := start
			for end < len(page) && page[end].DocumentID == page[start].DocumentID {
				end++
			}
			doc := page[start:end]
			start = end
			over := false
			for _, c := range doc {
				if special+f.opts.Tokenizer.Count(f.opts.DocumentPrefix+c.EmbedContext+c.Content) > limit {
					over = true
					break
				}
			}
			if over {
				if err := f.rechunk(ctx, doc[0].DocumentID, len(doc)); err != nil {
					return err
				}
				continue
			}
			if err := f.add(ctx, doc); err != nil {
				return err
			}
		}
		after = page[len(page)-1].DocumentID
	}
}

// add queues chunks for embedding, reusing vectors stored under the same
// embed hash, and flushes full batches.
func (f *filler) add(ctx context.Context, cs []store.StoredChunk) error {
	hashes := make([][]byte, len(cs))
	for i, c := range cs {
		hashes[i] = c.EmbedHash
	}
	have, err := f.opts.Store.Embeddings(ctx, f.table, hashes)
	if err != nil {
		return err
	}
	var ids []int64
	var hs [][]byte
	var vs [][]float32
	for _, c := range cs {
		if v, ok := have[hex.EncodeToString(c.EmbedHash)]; ok {
			ids, hs, vs = append(ids, c.ID), append(hs, c.EmbedHash), append(vs, v)
			continue
		}
		f.ids, f.hashes = append(f.ids, c.ID), append(f.hashes, c.EmbedHash)
		f.texts = append(f.texts, f.opts.DocumentPrefix+c.EmbedContext+c.Content)
	}
	if err := f.opts.Store.PutVectors(ctx, f.table, ids, hs, vs); err != nil {
		return err
	}
	f.reused += len(ids)
	f.advance(len(ids))
	if len(f.texts) >= f.batchSize() {
		return f.flush(ctx)
	}
	return nil
}

func (f *filler) batchSize() int {
	if f.opts.BatchSize < 1 {
		return 32
	}
	return f.opts.BatchSize
}

// flush embeds the gathered chunks and commits their vectors.
func (f *filler) flush(ctx context.Context) error {
	for len(f.texts) > 0 {
		n := min(len(f.texts), f.batchSize())
		vecs, err := f.opts.Embedder.Embed(ctx, f.texts[:n])
		if err != nil {
			return err
		}
		if err := f.opts.Store.PutVectors(context.WithoutCancel(ctx), f.table, f.ids[:n], f.hashes[:n], vecs); err != nil {
			return err
		}
		f.embedded += n
		f.advance(n)
		f.ids, f.hashes, f.texts = f.ids[n:], f.hashes[n:], f.texts[n:]
	}
	return nil
}

// rechunk cuts a stored document again to fit the model and replaces its
// chunks with vectors in one transaction. missing is how many of its chunks
// lacked a vector (for progress).
func (f *filler) rechunk(ctx context.Context, docID int64, missing int) error {
	st := f.opts.Store
	d, err := st.LoadDocument(ctx, docID)
	if err != nil {
		return fmt.Errorf("re-chunking document %d: %w", docID, err)
	}
	doc, cs, _, err := chunkText(extract.Format(d.Format), d.Path, d.Body, f.copts, f.opts.Tokenizer)
	if err == nil {
		err = withMeta(&d, doc)
	}
	if err != nil {
		return fmt.Errorf("re-chunking document %d: %w", docID, err)
	}
	d.Chunks = make([]store.Chunk, len(cs))
	hashes := make([][]byte, len(cs))
	for i, c := range cs {
		hashes[i] = c.Hash()
		d.Chunks[i] = storeChunk(c, hashes[i])
	}
	have, err := st.Embeddings(ctx, f.table, hashes)
	if err != nil {
		return err
	}
	var texts []string
	var idx []int
	for i := range d.Chunks {
		if v, ok := have[hex.EncodeToString(hashes[i])]; ok {
			d.Chunks[i].Embedding = v
			f.reused++
		} else {
			texts, idx = append(texts, f.opts.DocumentPrefix+chunkEmbedText(d.Chunks[i])), append(idx, i)
		}
	}
	if len(texts) > 0 {
		vecs, err := f.opts.Embedder.Embed(ctx, texts)
		if err != nil {
			return err
		}
		for k, i := range idx {
			d.Chunks[i].Embedding = vecs[k]
		}
	}
	if _, err := st.PutDocument(context.WithoutCancel(ctx), f.coll.ID, f.table, d); err != nil {
		return err
	}
	f.embedded += len(texts)
	f.rechunked++
	f.advance(missing)
	return nil
}

// advance reports n more chunks given a vector.
func (f *filler) advance(n int) {
	if n == 0 {
		return
	}
	f.done += n
	f.rep.Progress(f.done, max(f.total, f.done))
}
