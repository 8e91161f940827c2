package index

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"golang.org/x/sync/semaphore"

	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/extract"
	"github.com/hrag-dev/hrag/pkg/store"
)

// The stages of a run, joined by bounded channels:
//
//	walk → extract → chunk → embed → store
//
// walk classifies the listed files (unchanged ones cost a stat, touched and
// moved ones a read) and passes on those to (re)index; extract reads them
// and extracts their text (extractWorkers at a time, in order); chunk cuts
// them into chunks and looks up the vectors already stored; embed gives the
// rest a vector, in batches across documents; store writes the documents
// waiting for it a group per transaction and counts what was written. Each
// stage counts its own work (walkCounts, storeCounts) and reports progress
// (progress); a file's problem travels down the line with it and is
// counted by store.

// runner holds what the stages of one run share.
type runner struct {
	opts       Options
	rep        Reporter
	coll       store.Collection
	table      string
	copts      chunk.Options // fitted to the model
	states     map[string]store.DocumentState
	skipped    map[string]store.SkippedFile
	settings   string                           // SkipSettings of this run
	chunking   string                           // ChunkingKey of this run
	ftsConfigs map[string]bool                  // the server's text-search configurations (with Options.DetectLanguages)
	scopes     []string                         // real paths under which a missing file is a deleted one
	vanished   map[string][]store.DocumentState // documents whose file is gone, by hex hash; walk takes the moved ones
	prog       *progress
	inflight   *semaphore.Weighted // bytes of text between chunk and store (maxInflightBytes)
}

// extracted is a file read and extracted, or the problem that stopped it.
type extracted struct {
	file  File
	state *store.DocumentState // nil for a new file
	res   extract.Result
	err   error
}

// prepared is a file chunked (with the vectors already stored), waiting for
// embeddings and storage, or the problem that stopped it.
type prepared struct {
	weight   int64 // bytes held against maxInflightBytes
	file     File
	state    *store.DocumentState // nil for a new file
	repaired int                  // invalid UTF-8 sequences replaced
	junk     []chunk.JunkSpan     // machine data blanked before chunking
	notes    []string             // problems the parser met and read past (extract.Document.Warnings)
	doc      store.Document
	missing  []int // indexes of chunks without a stored vector
	err      error // the file could not be read, extracted or chunked
}

// walkCounts is what the walk stage did with the files it did not pass on.
type walkCounts struct {
	unchanged, moved, skipped int
	rechunked                 int // unchanged files cut again: stored under another ChunkingKey
	skippedFiles              []SkippedFile
	warnings                  []Problem // reasons of remembered skips of files named on the command line
	err                       error     // the database failed
}

// walk classifies files and sends those to (re)index to out: a file
// remembered as skipped and unchanged since is counted again, unchanged
// (size and mtime) and touched files (same hash) cost no more, and a new
// file with the hash of a vanished document is that document moved.
func (r *runner) walk(ctx context.Context, files []File, out chan<- File) (c walkCounts) {
	defer close(out)
	st := r.opts.Store
	for _, f := range files {
		if ctx.Err() != nil {
			return c
		}
		if sk, ok := r.skipped[f.Path]; stillSkipped(sk, ok, f, r.settings) {
			c.skipped++ // warned about when it was first skipped, and again when named
			if r.opts.ListIgnored {
				c.skippedFiles = append(c.skippedFiles, SkippedFile{Path: f.Path, Reason: sk.Reason})
			}
			if slices.Contains(r.scopes, f.Path) {
				c.warnings = append(c.warnings, Problem{f.Path, errors.New(sk.Reason)})
			}
			continue
		}
		s, known := r.states[f.Path]
		sameStat := known && s.Size == f.Size && s.MTime.Equal(f.MTime)
		// A document cut under other chunk settings or by an older hrag is
		// cut again, changed or not (its unchanged chunks keep their
		// vectors).
		rechunk := known && s.Chunking != r.chunking
		if rechunk && sameStat && !r.opts.Verify {
			c.rechunked++ // (a changed file counts as updated only)
		}
		if sameStat && !r.opts.Verify && !rechunk {
			c.unchanged++
			continue
		}
		if known && s.Size == f.Size && !rechunk { // touched (or verified): same content costs no work
			if h, err := extract.Hash(f.Path, r.opts.MaxBytes); err == nil && bytes.Equal(h, s.Hash) {
				if !sameStat {
					if c.err = st.TouchDocument(ctx, s.ID, f.Size, f.MTime); c.err != nil {
						return c
					}
				}
				c.unchanged++
				continue
			}
		}
		if !known && len(r.vanished) > 0 {
			if h, err := extract.Hash(f.Path, r.opts.MaxBytes); err == nil {
				// A document titled by its file name is re-chunked under the
				// new name (its breadcrumbs change), and one cut under other
				// settings (ChunkingKey) is cut again; others just move.
				key := hex.EncodeToString(h)
				if olds := r.vanished[key]; len(olds) > 0 && olds[0].Chunking == r.chunking &&
					(olds[0].Title != extract.TitleFromPath(olds[0].Path) || extract.TitleFromPath(f.Path) == olds[0].Title) {
					if c.err = st.MoveDocument(ctx, olds[0].ID, f.Path, f.Size, f.MTime); c.err != nil {
						return c
					}
					if r.vanished[key] = olds[1:]; len(r.vanished[key]) == 0 {
						delete(r.vanished, key)
					}
					c.moved++
					continue
				}
			}
		}
		r.prog.found(f.Size)
		select {
		case out <- f:
		case <-ctx.Done():
			return c
		}
	}
	return c
}

// extractWorkers is how many files are extracted at once: converters
// (pdftotext, pandoc) run beside the embedding model, which uses the cores
// too.
func extractWorkers() int { return max(1, min(4, runtime.NumCPU()/2)) }

// extract reads and extracts the files from in, extractWorkers at a time,
// and sends them to out in the order they came.
func (r *runner) extract(ctx context.Context, in <-chan File, out chan<- extracted) {
	defer close(out)
	eopts := extract.Options{MaxBytes: r.opts.MaxBytes, Timeout: r.opts.ExtractTimeout, MemoryBytes: r.opts.ExtractMemory}
	queue := make(chan chan extracted, extractWorkers()-1) // results in file order
	var wg sync.WaitGroup
	defer wg.Wait()
	// feed starts a worker per file, in order, queueing its result channel.
	feed := func() {
		defer close(queue)
		for f := range in {
			res := make(chan extracted, 1)
			select {
			case queue <- res:
			case <-ctx.Done():
				return
			}
			wg.Go(func() {
				e := extracted{file: f}
				if s, ok := r.states[f.Path]; ok {
					e.state = &s
				}
				e.res, e.err = extract.File(ctx, f.Path, eopts)
				res <- e
			})
		}
	}
	// The feeder counts in wg while it runs, so the workers it starts never
	// take wg from zero: their Add cannot race the deferred Wait of a
	// consumer gone on a cancellation (go test -race reported it, and it
	// could panic "WaitGroup is reused before previous Wait has returned"),
	// and extract returns only after the feeder and its workers have.
	wg.Go(feed)
	for res := range queue {
		select {
		case e := <-res:
			select {
			case out <- e:
			case <-ctx.Done():
				return
			}
		case <-ctx.Done():
			return
		}
	}
}

// chunk cuts the extracted files from in into chunks, finds the vectors
// already stored for them and sends them to out, holding their text against
// the in-flight budget until store releases it.
func (r *runner) chunk(ctx context.Context, in <-chan extracted, out chan<- prepared) {
	defer close(out)
	for e := range in {
		p := prepared{file: e.file, state: e.state, err: e.err}
		if p.err == nil {
			p.err = r.prepare(ctx, e, &p)
		}
		r.prog.chunked(e.file.Size, len(p.missing), len(p.doc.Chunks)-len(p.missing))
		if p.err == nil {
			p.weight = min(int64(len(p.doc.Body))+1, maxInflightBytes)
			if err := r.inflight.Acquire(ctx, p.weight); err != nil {
				return
			}
		}
		select {
		case out <- p:
		case <-ctx.Done():
			return
		}
	}
}

// prepare chunks one extracted file into p and finds which chunks already
// have a vector in the run's table.
func (r *runner) prepare(ctx context.Context, e extracted, p *prepared) error {
	doc, chunks, junk, err := chunkText(e.res.Format, e.file.Path, e.res.Body, r.copts, r.opts.Tokenizer)
	if err != nil {
		return err
	}
	p.repaired, p.junk, p.notes = e.res.Repaired, junk, doc.Warnings
	p.doc = store.Document{Path: e.file.Path, Title: doc.Title, Format: string(e.res.Format), Body: e.res.Body, Hash: e.res.Hash,
		Size: e.file.Size, MTime: e.file.MTime, Chunking: r.chunking, Chunks: make([]store.Chunk, len(chunks))}
	if err := withMeta(&p.doc, doc); err != nil {
		return err
	}
	if r.opts.DetectLanguages {
		p.doc.Language, p.doc.FTSConfig = detectLanguage(chunks, r.ftsConfigs)
	}
	hashes := make([][]byte, len(chunks))
	for i, c := range chunks {
		hashes[i] = c.Hash()
		p.doc.Chunks[i] = storeChunk(c, hashes[i])
	}
	have, err := r.opts.Store.Embeddings(ctx, r.table, hashes)
	if err != nil {
		return err
	}
	for i := range p.doc.Chunks {
		if v, ok := have[hex.EncodeToString(hashes[i])]; ok {
			p.doc.Chunks[i].Embedding = v
		} else {
			p.missing = append(p.missing, i)
		}
	}
	return nil
}

// embed gathers prepared documents until windowBatches batches of missing
// chunks are waiting (or no more documents are), embeds them and passes the
// documents on; documents with a problem pass through.
func (r *runner) embed(ctx context.Context, in <-chan prepared, out chan<- prepared) error {
	defer close(out)
	opts := r.opts
	batch := opts.BatchSize
	if batch < 1 {
		batch = 32
	}
	var pending []prepared
	npending := 0
	flush := func() error {
		var texts []string
		for _, p := range pending {
			for _, i := range p.missing {
				texts = append(texts, opts.DocumentPrefix+chunkEmbedText(p.doc.Chunks[i]))
			}
		}
		if len(texts) > 0 {
			vecs, err := opts.Embedder.Embed(ctx, texts)
			if err != nil {
				return err
			}
			k := 0
			for _, p := range pending {
				for _, i := range p.missing {
					p.doc.Chunks[i].Embedding = vecs[k]
					k++
				}
			}
			r.prog.embedded(len(texts))
		}
		for _, p := range pending {
			select {
			case out <- p:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		pending, npending = pending[:0], 0
		return nil
	}
	for {
		var p prepared
		var ok bool
		if len(pending) == 0 {
			select {
			case p, ok = <-in:
			case <-ctx.Done():
				return ctx.Err()
			}
		} else {
			select {
			case p, ok = <-in:
			default: // nothing waiting: embed what we have
				if err := flush(); err != nil {
					return err
				}
				continue
			}
		}
		if !ok {
			return flush()
		}
		pending = append(pending, p)
		npending += len(p.missing)
		if npending >= windowBatches*batch {
			if err := flush(); err != nil {
				return err
			}
		}
	}
}

// storeCounts is what the store stage wrote, and the problems it counted.
type storeCounts struct {
	added, updated, failed, skipped, repaired, junk, flagged int
	chunks, embedded, reused                                 int
	skippedFiles                                             []SkippedFile
}

// Bounds of a group of documents stored in one transaction
// (store.PutDocuments): what is waiting when the store stage is ready, up
// to storeGroupDocs documents or storeGroupChunks chunks. One transaction
// per group instead of per document costs the database less CPU (the BM25
// trigger rewrites each term's open block once per group;
// BenchmarkIndexVsRawEmbedding's index_pg_cpu_s, docs/measurements.md). An
// interrupt waits for at most one group.
const (
	storeGroupDocs   = 64
	storeGroupChunks = 512
)

// store writes the documents from in, a group of those waiting at a time,
// each group in one transaction (finishing the group being written when ctx
// is cancelled, dropping the rest), and counts and reports what it wrote
// and the files' problems, in the order the files came; a file skipped for
// its content is remembered. It returns on a database connection failure.
func (r *runner) store(ctx context.Context, in <-chan prepared) (storeCounts, error) {
	var c storeCounts
	for {
		p, ok := <-in
		if !ok {
			return c, nil
		}
		group, chunks := []prepared{p}, len(p.doc.Chunks)
	gather:
		for len(group) < storeGroupDocs && chunks < storeGroupChunks {
			select {
			case p, ok := <-in:
				if !ok {
					break gather // the next receive sees the close
				}
				group, chunks = append(group, p), chunks+len(p.doc.Chunks)
			default:
				break gather
			}
		}
		if err := r.storeGroup(ctx, group, &c); err != nil {
			return c, err
		}
	}
}

// storeGroup writes the documents of group that have no problem in one
// transaction (one at a time if that fails, so that one bad document fails
// alone), then counts and reports every file of the group in order. It
// returns a database connection failure after reporting what was stored
// before it.
func (r *runner) storeGroup(ctx context.Context, group []prepared, c *storeCounts) error {
	st, rep := r.opts.Store, r.rep
	var docs []store.Document
	for _, p := range group {
		r.inflight.Release(p.weight)
		if p.err == nil {
			docs = append(docs, p.doc)
		}
	}
	interrupted := ctx.Err() != nil // drop what is not stored yet
	failed := map[int]error{}       // index in group → why it was not stored
	stored := map[int]bool{}        // index in group → committed
	var connErr error               // the database went away: report what was stored, then stop
	if len(docs) > 0 && !interrupted {
		// The group being stored finishes even if ctx is cancelled now.
		if _, err := st.PutDocuments(context.WithoutCancel(ctx), r.coll.ID, r.table, docs); err == nil {
			for i, p := range group {
				stored[i] = p.err == nil
			}
		} else if isConnErr(err) {
			return err
		} else {
			for i, p := range group {
				if p.err != nil {
					continue
				}
				if _, err := st.PutDocument(context.WithoutCancel(ctx), r.coll.ID, r.table, p.doc); err == nil {
					stored[i] = true
				} else if isConnErr(err) {
					connErr = err
					break
				} else {
					failed[i] = err
				}
			}
		}
	}
	for i, p := range group {
		if p.err != nil {
			pr := explainSkip(Problem{p.file.Path, p.err}, r.states, r.opts)
			if errors.Is(pr.Err, extract.ErrSkipped) {
				c.skipped++
				if r.opts.ListIgnored {
					c.skippedFiles = append(c.skippedFiles, SkippedFile{Path: pr.Path, Reason: pr.Err.Error()})
				}
				if err := st.PutSkippedFile(context.WithoutCancel(ctx), r.coll.ID, p.file.Path,
					store.SkippedFile{Size: p.file.Size, MTime: p.file.MTime, Reason: pr.Err.Error(), Settings: r.settings}); err != nil {
					return err
				}
			} else {
				c.failed++
			}
			rep.Warn(pr.Path, pr.Err)
			continue
		}
		if !stored[i] && failed[i] == nil {
			continue // interrupted, or the database went away before it
		}
		if len(p.junk) > 0 {
			c.junk++
			rep.Warn(p.file.Path, errors.New(junkNote(p.junk)))
		}
		for _, n := range p.notes {
			rep.Warn(p.file.Path, errors.New(n))
		}
		if p.repaired > 0 {
			c.repaired++
			rep.Warn(p.file.Path, fmt.Errorf("%d invalid UTF-8 byte(s) replaced by U+FFFD (is the file in another encoding?)", p.repaired))
		}
		if err, ok := failed[i]; ok {
			c.failed++
			rep.Warn(p.file.Path, err)
			continue
		}
		if p.state == nil {
			c.added++
		} else {
			c.updated++
		}
		if where := injectedSpans(p.doc); where != "" {
			c.flagged++
			rep.Warn(p.file.Path, fmt.Errorf("text that may address an AI assistant (instructions, role changes, links to visit) at %s: it is flagged, and control tokens, hidden text and \"ignore previous instructions\" are masked before passages reach the LLM", where))
		}
		c.chunks += len(p.doc.Chunks)
		c.embedded += len(p.missing)
		c.reused += len(p.doc.Chunks) - len(p.missing)
		if sr, ok := rep.(StoredReporter); ok {
			sr.Stored(p.file.Path)
		}
	}
	return connErr
}
