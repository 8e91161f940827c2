// Package index runs `hrag index`: it walks folders, cuts changed files into
// chunks, embeds the chunks whose embedded text is new and stores each
// document in its own transaction. Data flows one way:
// files → chunk → embed → store.
package index

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/config"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/injection"
	"github.com/hrag-dev/hrag/pkg/store"
	"golang.org/x/sync/semaphore"
)

// Tokenizer counts tokens with the embedding model's tokenizer.
type Tokenizer interface {
	chunk.Counter
	Special() int // special tokens the model adds to one input
}

// Reporter receives progress. Implementations decide whether to draw it.
// The work measured is chunks to embed, the slow part of a run: unchanged,
// moved and touched files cost a stat or a read and are not counted.
type Reporter interface {
	// Progress says that done chunks have a vector (embedded, or reused
	// from the store) of total to do. Until every changed file is chunked,
	// total is an estimate: the chunks known so far plus the bytes still to
	// read at the rate of chunks per byte seen so far. Called from several
	// goroutines; done never decreases, total may when the estimate was high.
	Progress(done, total int)
	Warn(path string, err error)       // a file skipped or repaired, with the reason
	Notice(format string, args ...any) // a one-off message (e.g. the chunk budget was lowered)
}

// StoredReporter is a Reporter that also hears of each document committed
// by Run (its path), in order.
type StoredReporter interface {
	Reporter
	Stored(path string)
}

// Options configures one indexing run.
type Options struct {
	Roots      []string // files or directories to index
	Collection string   // RAG_COLLECTION / --collection
	FTSConfig  string   // RAG_FTS_CONFIG, fixed when the collection is created
	Include    []string // file-name globs to index
	Exclude    []string // globs to skip
	MaxBytes   int64    // larger files are skipped
	Prune      bool     // delete indexed documents whose file is gone from a root
	Wait       bool     // wait for another run on the collection instead of failing
	// OneOffRules says that Include and Exclude come from flags of this run
	// (--include, --exclude), not from the settings: files they leave out
	// are not looked at, but their documents are not pruned.
	OneOffRules bool
	ListIgnored bool // fill Summary.IgnoredFiles (-v)

	Chunk          chunk.Options // sizes; fitted to the model's input limit here
	WarnLowered    bool          // report when Chunk.ContentTokens had to be lowered (the user set it)
	DocumentPrefix string        // RAG_EMBED_DOCUMENT_PREFIX
	QueryPrefix    string        // RAG_EMBED_QUERY_PREFIX, recorded with the vector table

	BatchSize int // chunks per embedding call, gathered across documents (RAG_EMBED_BATCH_SIZE)

	Store     *store.Store
	Embedder  embed.Embedder
	Tokenizer Tokenizer
	Reporter  Reporter // nil: silent
}

// Summary reports what a run did. Counts are files unless named otherwise.
type Summary struct {
	Collection string `json:"collection"`
	Added      int    `json:"files_added"`
	Updated    int    `json:"files_updated"`
	Unchanged  int    `json:"files_unchanged"`
	Moved      int    `json:"files_moved"`
	Deleted    int    `json:"files_deleted"`
	Skipped    int    `json:"files_skipped"` // binary or too large
	// Ignored counts the files and folders left out by rule (hidden,
	// include and exclude globs) without being read.
	Ignored IgnoredCounts `json:"ignored"`
	// SkippedFiles lists the files skipped as binary or too large, this
	// run or remembered from an earlier one (Options.ListIgnored).
	SkippedFiles []SkippedFile `json:"skipped_paths,omitempty"`
	// IgnoredFiles lists them (Options.ListIgnored), sorted by path.
	IgnoredFiles []Ignored `json:"ignored_paths,omitempty"`
	Failed       int       `json:"files_failed"` // unreadable or could not be stored
	Repaired     int       `json:"files_repaired"`
	// Junk counts files stored with lines of machine data left out
	// (chunk.MaskJunk), each reported with a warning.
	Junk     int `json:"files_with_machine_data"`
	Chunks   int `json:"chunks_written"`
	Embedded int `json:"chunks_embedded"` // chunks written, sent to the model
	Reused   int `json:"chunks_reused"`   // chunks written whose vector was already stored
	// Filled counts chunks stored before (e.g. under another model) that got
	// a vector of the configured model in this run.
	Filled int `json:"vectors_filled"`
	// Flagged counts files stored in this run with text addressed to an AI
	// assistant (package injection; masked at query time).
	Flagged       int     `json:"files_flagged"`
	ContentTokens int     `json:"chunk_tokens"` // content budget used, after fitting to the model
	Seconds       float64 `json:"seconds"`
	Interrupted   bool    `json:"interrupted"`
}

// ErrInterrupted is returned (with a valid Summary) when ctx was cancelled:
// every document committed before stays committed.
var ErrInterrupted = errors.New("interrupted; documents indexed so far are kept")

// SkippedFile is a file skipped for its content, with the reason.
type SkippedFile struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// ErrNothingToIndex is returned when every path given was a file left out
// by rule (each one is reported with Reporter.Warn): nothing was written.
var ErrNothingToIndex = errors.New("nothing to index")

type nopReporter struct{}

func (nopReporter) Progress(int, int)     {}
func (nopReporter) Warn(string, error)    {}
func (nopReporter) Notice(string, ...any) {}

// Bounds of the pipeline between reading and storing. Files are read and
// chunked ahead of the model until the text waiting for it reaches
// maxInflightBytes (a larger file alone still passes), so memory does not
// grow with the corpus; the model is fed windows of up to windowBatches
// batches of chunks, which it sorts by length (embed.Batches) so that
// batches pad little: 7% more chunks/s than windows of one batch, on 100
// NFCorpus files.
const (
	maxInflightBytes = 16 << 20
	windowBatches    = 4
)

// prepared is a file read and chunked, waiting for embeddings and storage.
type prepared struct {
	weight   int64 // bytes held against maxInflightBytes
	file     File
	state    *store.DocumentState // nil for a new file
	repaired int                  // invalid UTF-8 sequences replaced
	junk     []chunk.JunkSpan     // machine data blanked before chunking
	doc      store.Document
	missing  []int // indexes of chunks without a stored vector
}

// Run indexes opts.Roots into the collection. It returns the summary and an
// error only for failures of the whole run (database down, lock held, model
// mismatch); problems with single files are counted in the summary and
// reported to opts.Reporter. A cancelled ctx stops after the document being
// stored and returns ErrInterrupted.
func Run(ctx context.Context, opts Options) (Summary, error) {
	began := time.Now()
	rep := opts.Reporter
	if rep == nil {
		rep = nopReporter{}
	}
	sum := Summary{Collection: opts.Collection}
	st := opts.Store

	fitted := fitChunks(opts, rep)
	sum.ContentTokens = fitted.ContentTokens

	for _, r := range opts.Roots {
		if _, err := os.Stat(r); err != nil {
			return sum, fmt.Errorf("cannot index %s: %w", r, describe(err))
		}
	}
	// A file named on the command line and left out by the globs is
	// reported, and not recorded as a root.
	roots, rejected := explicitRoots(opts)
	for _, ig := range rejected {
		rep.Warn(ig.Path, fmt.Errorf("not indexed: it %s", ig.Describe(opts.Include, opts.Collection)))
	}
	if len(roots) == 0 {
		return sum, fmt.Errorf("%w: every path given is left out by the include/exclude globs", ErrNothingToIndex)
	}
	coll, err := st.EnsureCollection(ctx, opts.Collection, opts.FTSConfig)
	if err != nil {
		return sum, err
	}
	lock, table, err := lockAndTable(ctx, opts, coll)
	if err != nil {
		return sum, err
	}
	defer lock.Release()
	states, err := st.DocumentStates(ctx, coll.ID)
	if err != nil {
		return sum, err
	}

	skipped, err := st.SkippedFiles(ctx, coll.ID)
	if err != nil {
		return sum, err
	}

	listing := Walk(roots, opts.Include, opts.Exclude)
	files, problems := listing.Files, listing.Problems
	for _, p := range problems {
		sum.Failed++
		rep.Warn(p.Path, p.Err)
	}
	var scopes []string // real paths under which a missing file means a deleted one
	for _, r := range roots {
		if abs, err := store.RealPath(r); err == nil {
			scopes = append(scopes, abs)
		}
	}
	allRoots := slices.Concat(coll.Roots, scopes) // recorded roots are real paths too
	for _, ig := range listing.Ignored {
		if !ig.Explicit && !coveredByInnerRoot(ig.Path, allRoots, scopes) {
			sum.Ignored.add(ig)
			if opts.ListIgnored {
				sum.IgnoredFiles = append(sum.IgnoredFiles, ig)
			}
		}
	}
	onDisk := map[string]bool{}
	for _, f := range files {
		onDisk[f.Path] = true
	}
	// A root that now holds no file at all while documents from it are
	// indexed is more likely unmounted than emptied: keep its documents.
	// Documents under another recorded root that this walk does not reach
	// (a hidden folder or a file named on the command line) are that
	// root's, not this run's.
	own := map[string]store.DocumentState{}
	for path, s := range states {
		if !underOwnRoot(path, coll.Roots, scopes) || !isFile(path) {
			own[path] = s
		}
	}
	var emptyRoots []string
	for _, r := range scopes {
		if n := countStatesUnder(own, r); countUnder(files, r) == 0 && n > 0 {
			emptyRoots = append(emptyRoots, r)
			rep.Warn(r, fmt.Errorf("no indexable file found; keeping its %d indexed document(s) rather than deleting them (is it unmounted?)", n))
		}
	}
	vanished := map[string][]store.DocumentState{} // by hex hash: copies share one
	for path, s := range own {
		if !onDisk[path] && inScope(path, scopes) && !inScope(path, emptyRoots) && !unreadable(path, problems) &&
			!(opts.OneOffRules && isFile(path)) {
			h := hex.EncodeToString(s.Hash)
			vanished[h] = append(vanished[h], s)
		}
	}

	// Classify: unchanged files cost a stat; moved ones a read; the rest go
	// through the pipeline.
	var todo []File
	for _, f := range files {
		if ctx.Err() != nil {
			break
		}
		if sk, ok := skipped[f.Path]; ok && sk.Size == f.Size && sk.MTime.Equal(f.MTime) {
			sum.Skipped++ // warned about when it was first skipped, and again when named
			if opts.ListIgnored {
				sum.SkippedFiles = append(sum.SkippedFiles, SkippedFile{Path: f.Path, Reason: sk.Reason})
			}
			if slices.Contains(scopes, f.Path) {
				rep.Warn(f.Path, errors.New(sk.Reason))
			}
			continue
		}
		s, known := states[f.Path]
		if known && s.Size == f.Size && s.MTime.Equal(f.MTime) {
			sum.Unchanged++
			continue
		}
		if known && s.Size == f.Size { // touched: same content costs no work
			if t, err := ReadText(f.Path, opts.MaxBytes); err == nil && bytes.Equal(t.Hash, s.Hash) {
				if err := st.TouchDocument(ctx, s.ID, f.Size, f.MTime); err != nil {
					return sum, err
				}
				sum.Unchanged++
				continue
			}
		}
		if !known && len(vanished) > 0 {
			if t, err := ReadText(f.Path, opts.MaxBytes); err == nil {
				// A document titled by its file name is re-chunked under the
				// new name (its breadcrumbs change); others just move.
				h := hex.EncodeToString(t.Hash)
				if olds := vanished[h]; len(olds) > 0 &&
					(olds[0].Title != chunk.TitleFromPath(olds[0].Path) || chunk.TitleFromPath(f.Path) == olds[0].Title) {
					if err := st.MoveDocument(ctx, olds[0].ID, f.Path, f.Size, f.MTime); err != nil {
						return sum, err
					}
					if vanished[h] = olds[1:]; len(vanished[h]) == 0 {
						delete(vanished, h)
					}
					sum.Moved++
					continue
				}
			}
		}
		todo = append(todo, f)
	}

	byPath := make(map[string]File, len(todo))
	prog := &progress{rep: rep}
	for _, f := range todo {
		byPath[f.Path] = f
		prog.bytesLeft += f.Size
	}
	prepCh := make(chan prepared, 256) // the byte budget binds first
	readyCh := make(chan prepared, 8)
	inflight := semaphore.NewWeighted(maxInflightBytes)
	runCtx, stop := context.WithCancel(ctx)
	// Run returns only after its goroutines have: they use the tokenizer
	// and the model, which the caller closes next (an interrupt used to
	// free the tokenizer under a chunking goroutine).
	var workers sync.WaitGroup
	defer workers.Wait()
	defer stop()
	warnCh := make(chan Problem, 64)
	workers.Add(2)
	go func() { // read + chunk + look up reusable vectors
		defer workers.Done()
		defer close(prepCh)
		for _, f := range todo {
			if runCtx.Err() != nil {
				return
			}
			var sp *store.DocumentState
			if s, ok := states[f.Path]; ok {
				sp = &s
			}
			p, err := prepare(runCtx, f, sp, fitted, opts, table.Name)
			prog.chunked(f.Size, len(p.missing), len(p.doc.Chunks)-len(p.missing))
			if err != nil {
				select {
				case warnCh <- Problem{f.Path, err}:
				case <-runCtx.Done():
					return
				}
				continue
			}
			p.weight = min(int64(len(p.doc.Body))+1, maxInflightBytes)
			if err := inflight.Acquire(runCtx, p.weight); err != nil {
				return
			}
			select {
			case prepCh <- p:
			case <-runCtx.Done():
				return
			}
		}
	}()
	embedErr := make(chan error, 1)
	go func() { // embed in batches across documents
		defer workers.Done()
		defer close(readyCh)
		embedErr <- embedLoop(runCtx, prepCh, readyCh, opts, prog)
	}()

	for done := false; !done; {
		select {
		case w := <-warnCh:
			sum.countProblem(explainSkip(w, states, opts), rep, opts.ListIgnored)
			if err := rememberSkipped(ctx, st, coll.ID, w, byPath); err != nil {
				return sum, err
			}
		case p, ok := <-readyCh:
			if !ok {
				done = true
				break
			}
			inflight.Release(p.weight)
			if ctx.Err() != nil {
				continue // interrupted: drop what is not stored yet
			}
			if len(p.junk) > 0 {
				sum.Junk++
				rep.Warn(p.file.Path, errors.New(junkNote(p.junk)))
			}
			if p.repaired > 0 {
				sum.Repaired++
				rep.Warn(p.file.Path, fmt.Errorf("%d invalid UTF-8 byte(s) replaced by U+FFFD (is the file in another encoding?)", p.repaired))
			}
			// The document being stored finishes even if ctx is cancelled now.
			if _, err := st.PutDocument(context.WithoutCancel(ctx), coll.ID, table.Name, p.doc); err != nil {
				if isConnErr(err) {
					return sum, err
				}
				sum.Failed++
				rep.Warn(p.file.Path, err)
				continue
			}
			if p.state == nil {
				sum.Added++
			} else {
				sum.Updated++
			}
			if lines := injectedLines(p.doc); lines != "" {
				sum.Flagged++
				rep.Warn(p.file.Path, fmt.Errorf("lines %s hold text addressed to an AI assistant (instructions, role changes, links to visit): it is masked before passages reach the LLM", lines))
			}
			sum.Chunks += len(p.doc.Chunks)
			sum.Embedded += len(p.missing)
			sum.Reused += len(p.doc.Chunks) - len(p.missing)
			if sr, ok := rep.(StoredReporter); ok {
				sr.Stored(p.file.Path)
			}
		}
	}
	// The preparer has finished (the pipeline closed behind it): report the
	// problems still queued.
	for len(warnCh) > 0 {
		w := <-warnCh
		sum.countProblem(explainSkip(w, states, opts), rep, opts.ListIgnored)
		if err := rememberSkipped(ctx, st, coll.ID, w, byPath); err != nil {
			return sum, err
		}
	}
	var gone []string
	for p := range skipped {
		if !onDisk[p] && inScope(p, scopes) {
			gone = append(gone, p)
		}
	}
	if err := st.ForgetSkippedFiles(ctx, coll.ID, gone); err != nil {
		return sum, err
	}
	if err := <-embedErr; err != nil && ctx.Err() == nil {
		return sum, err
	}
	if ctx.Err() != nil {
		sum.Interrupted = true
		sum.Seconds = time.Since(began).Seconds()
		return sum, ErrInterrupted
	}
	if opts.Prune && len(vanished) > 0 {
		var ids []int64
		for _, ss := range vanished {
			for _, s := range ss {
				ids = append(ids, s.ID)
			}
		}
		if err := st.DeleteDocuments(ctx, ids); err != nil {
			return sum, err
		}
		sum.Deleted = len(ids)
	}
	// Chunks stored before (e.g. with another model) may lack a vector of
	// this model: embed them from their stored text.
	if err := fillMissing(ctx, opts, rep, coll, table.Name, fitted, &sum); err != nil {
		if errors.Is(err, context.Canceled) {
			sum.Interrupted = true
			sum.Seconds = time.Since(began).Seconds()
			return sum, ErrInterrupted
		}
		return sum, err
	}
	if sum.Added+sum.Updated+sum.Moved+sum.Deleted+sum.Embedded+sum.Filled > 0 {
		if err := st.ResetNullSimilarity(ctx, coll.ID); err != nil {
			return sum, err
		}
	}
	if err := st.AddRoots(ctx, coll.ID, scopes); err != nil { // without the rejected files
		return sum, err
	}
	sum.Seconds = time.Since(began).Seconds()
	return sum, nil
}

func (s *Summary) countProblem(p Problem, rep Reporter, list bool) {
	switch {
	case errors.Is(p.Err, ErrBinary), errors.Is(p.Err, ErrTooLarge):
		s.Skipped++
		if list {
			s.SkippedFiles = append(s.SkippedFiles, SkippedFile{Path: p.Path, Reason: p.Err.Error()})
		}
	default:
		s.Failed++
	}
	rep.Warn(p.Path, p.Err)
}

// explainSkip adds to the warning about a file skipped as binary or too
// large that the version indexed before, if any, is kept.
func explainSkip(p Problem, states map[string]store.DocumentState, opts Options) Problem {
	if _, ok := states[p.Path]; ok && (errors.Is(p.Err, ErrBinary) || errors.Is(p.Err, ErrTooLarge)) {
		p.Err = fmt.Errorf("%w; the version indexed before is kept (`%s` removes it)", p.Err, config.Command(opts.Collection, "forget "+config.ShellQuote(p.Path)))
	}
	return p
}

// rememberSkipped records a file skipped as binary or too large, so that
// later runs skip it without reading it or warning again until it changes.
func rememberSkipped(ctx context.Context, st *store.Store, collectionID int, p Problem, byPath map[string]File) error {
	f, ok := byPath[p.Path]
	if !ok || !(errors.Is(p.Err, ErrBinary) || errors.Is(p.Err, ErrTooLarge)) {
		return nil
	}
	return st.PutSkippedFile(context.WithoutCancel(ctx), collectionID, f.Path, store.SkippedFile{Size: f.Size, MTime: f.MTime, Reason: p.Err.Error()})
}

func countUnder(files []File, root string) int {
	n := 0
	for _, f := range files {
		if inScope(f.Path, []string{root}) {
			n++
		}
	}
	return n
}

func countStatesUnder(states map[string]store.DocumentState, root string) int {
	n := 0
	for p := range states {
		if inScope(p, []string{root}) {
			n++
		}
	}
	return n
}

func inScope(path string, scopes []string) bool {
	for _, s := range scopes {
		if path == s || strings.HasPrefix(path, s+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// unreadable reports whether path lies in a directory that could not be read
// this run: its documents are kept, not pruned.
func unreadable(path string, problems []Problem) bool {
	for _, p := range problems {
		if errors.Is(p.Err, ErrBrokenLink) || errors.Is(p.Err, ErrLinkLoop) {
			continue // no file behind it: like a deleted one
		}
		if path == p.Path || strings.HasPrefix(path, p.Path+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// prepare reads, decodes and chunks one file and finds which chunks already
// have a vector in table.
func prepare(ctx context.Context, f File, state *store.DocumentState, copts chunk.Options, opts Options, table string) (prepared, error) {
	t, err := ReadText(f.Path, opts.MaxBytes)
	if err != nil {
		return prepared{}, err
	}
	title, chunks, junk := chunkText(f.Path, t.Body, copts, opts.Tokenizer)
	p := prepared{file: f, state: state, repaired: t.Repaired, junk: junk, doc: store.Document{
		Path: f.Path, Title: title, Body: t.Body, Hash: t.Hash, Size: f.Size, MTime: f.MTime,
		Chunks: make([]store.Chunk, len(chunks)),
	}}
	hashes := make([][]byte, len(chunks))
	for i, c := range chunks {
		hashes[i] = c.Hash()
		p.doc.Chunks[i] = storeChunk(c, hashes[i])
	}
	have, err := opts.Store.Embeddings(ctx, table, hashes)
	if err != nil {
		return prepared{}, err
	}
	for i := range p.doc.Chunks {
		if v, ok := have[hex.EncodeToString(hashes[i])]; ok {
			p.doc.Chunks[i].Embedding = v
		} else {
			p.missing = append(p.missing, i)
		}
	}
	return p, nil
}

// chunkText blanks machine data in a document's text (chunk.MaskJunk),
// parses it by its path's extension (Markdown or plain text) and cuts it
// into chunks; it returns the title, the chunks and the blanked spans.
func chunkText(path, body string, copts chunk.Options, tk chunk.Counter) (string, []chunk.Chunk, []chunk.JunkSpan) {
	body, junk := chunk.MaskJunk(body, copts)
	var doc chunk.Document
	switch strings.ToLower(filepath.Ext(path)) {
	case ".md", ".markdown", ".mdown", ".mkd":
		doc = chunk.ParseMarkdown(path, body)
	default:
		doc = chunk.ParseText(path, body)
	}
	return doc.Title, chunk.Split(doc, copts, tk), junk
}

// junkNote describes the spans chunk.MaskJunk blanked in a file, for its
// one warning.
func junkNote(spans []chunk.JunkSpan) string {
	var lines []string
	n := 0
	for _, s := range spans {
		n += s.Bytes
		if s.StartLine == s.EndLine {
			lines = append(lines, fmt.Sprint(s.StartLine))
		} else {
			lines = append(lines, fmt.Sprintf("%d-%d", s.StartLine, s.EndLine))
		}
	}
	if len(lines) > 5 {
		lines = append(lines[:5], "…")
	}
	return fmt.Sprintf("lines %s (%s) look like machine data (base64 or hex blobs, minified JSON/XML): not indexed; the rest of the file is (RAG_JUNK_RUN, RAG_JUNK_LINE tune this)",
		strings.Join(lines, ", "), humanSize(n))
}

// humanSize is "812 bytes", "400 KB", "1.2 MB".
func humanSize(n int) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d bytes", n)
	case n < 1000_000:
		return fmt.Sprintf("%d KB", (n+500)/1000)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// storeChunk turns a chunk into its stored form (no vector yet), with the
// number of its spans addressed to an AI assistant.
func storeChunk(c chunk.Chunk, hash []byte) store.Chunk {
	return store.Chunk{Ordinal: c.Ordinal, Content: c.Content, Breadcrumb: c.Breadcrumb, EmbedContext: c.Context,
		StartLine: c.StartLine, EndLine: c.EndLine, Tokens: c.Tokens, EmbedHash: hash, Injections: len(injection.Detect(c.Content))}
}

// injectedLines returns the line ranges ("7-9, 31") of the text of doc
// addressed to an AI assistant; "" when there is none.
func injectedLines(doc store.Document) string {
	var parts []string
	for _, c := range doc.Chunks {
		if c.Injections == 0 {
			continue
		}
		for _, sp := range injection.Detect(c.Content) {
			first := c.StartLine + strings.Count(c.Content[:sp.Start], "\n")
			last := first + strings.Count(strings.TrimRight(c.Content[sp.Start:sp.End], "\n"), "\n")
			if first == last {
				parts = append(parts, fmt.Sprint(first))
			} else {
				parts = append(parts, fmt.Sprintf("%d-%d", first, last))
			}
		}
	}
	return strings.Join(parts, ", ")
}

// fillMissing embeds the collection's stored chunks that have no vector in
// table, unless the table is known to be complete, and records the result.
func fillMissing(ctx context.Context, opts Options, rep Reporter, coll store.Collection, table string, copts chunk.Options, sum *Summary) error {
	st := opts.Store
	tables, err := st.CollectionVectorTables(ctx, coll.ID)
	if err != nil {
		return err
	}
	for _, t := range tables {
		if t.Name == table && t.Complete {
			return nil
		}
	}
	cov, err := st.VectorCoverage(ctx, coll.ID, table)
	if err != nil {
		return err
	}
	if missing := cov.Chunks - cov.Embedded; missing > 0 {
		rep.Notice("%d stored chunk(s) have no vector of model %s yet: embedding them from the stored text", missing, opts.Embedder.Model().ID)
		f := filler{opts: opts, rep: rep, coll: coll, table: table, copts: copts, total: int(missing)}
		err := f.run(ctx)
		sum.Filled += f.embedded + f.reused
		if err != nil {
			return err
		}
	}
	_, err = st.CheckVectors(context.WithoutCancel(ctx), coll.ID, table)
	return err
}

// embedLoop gathers prepared documents until windowBatches batches of
// missing chunks are waiting (or no more documents are), embeds them and
// passes the documents on.
func embedLoop(ctx context.Context, in <-chan prepared, out chan<- prepared, opts Options, prog *progress) error {
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
			prog.embedded(len(texts))
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

func chunkEmbedText(c store.Chunk) string { return c.EmbedContext + c.Content }

func isConnErr(err error) bool {
	return errors.Is(err, store.ErrUnavailable) || strings.Contains(err.Error(), "connection refused") ||
		strings.Contains(err.Error(), "conn closed") || strings.Contains(err.Error(), "unexpected EOF")
}

// progress turns the pipeline's counts into Reporter.Progress calls: chunks
// embedded of chunks to embed, the total extrapolated from the bytes still
// to read until every file is chunked. Safe for concurrent use.
type progress struct {
	rep                Reporter
	mu                 sync.Mutex
	bytesLeft          int64 // of files not chunked yet
	bytesRead          int64
	known, done, reuse int // chunks to embed known so far, embedded so far, found with a vector
}

// chunked records a file read and chunked into missing chunks to embed and
// reused ones that have a vector already (both 0 when it failed).
func (p *progress) chunked(size int64, missing, reused int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bytesLeft -= size
	p.bytesRead += size
	p.known += missing
	p.reuse += reused
	p.report()
}

// embedded records n chunks embedded.
func (p *progress) embedded(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += n
	p.report()
}

func (p *progress) report() {
	total := p.known
	if p.bytesLeft > 0 && p.bytesRead > 0 {
		total += int(float64(p.known) / float64(p.bytesRead) * float64(p.bytesLeft))
	}
	if total > 0 {
		p.rep.Progress(p.done, max(total, p.done))
	}
}

// explicitRoots returns the roots minus the files named among them that the
// include/exclude globs leave out (returned as rejected). A hidden file named
// as a root is indexed.
func explicitRoots(opts Options) (roots []string, rejected []Ignored) {
	for _, r := range opts.Roots {
		st, err := os.Stat(r)
		if err != nil || st.IsDir() {
			roots = append(roots, r)
			continue
		}
		l := Walk([]string{r}, opts.Include, opts.Exclude)
		if len(l.Ignored) > 0 {
			rejected = append(rejected, l.Ignored...)
			continue
		}
		roots = append(roots, r)
	}
	return roots, rejected
}

// underOwnRoot reports whether path lies under a recorded root that a walk
// of scopes does not reach: a file named on the command line (the root is
// the file), or a folder with a hidden name on the way from the scope to it
// (named on the command line, as hidden folders are not walked). Such
// documents belong to that root's runs; this run leaves them alone.
func underOwnRoot(path string, recorded, scopes []string) bool {
	for _, r := range recorded {
		if slices.Contains(scopes, r) || !inScope(path, []string{r}) {
			continue
		}
		if r == path {
			return true
		}
		for _, s := range scopes {
			if rel, err := filepath.Rel(s, r); err == nil && r != s && inScope(r, []string{s}) && HasHiddenSegment(rel) {
				return true
			}
		}
	}
	return false
}

// coveredByInnerRoot reports whether path lies at or under one of roots
// (real paths) that is itself inside one of scopes: a hidden folder left out
// by the walk of a scope but named as a root of its own is not "left out".
func coveredByInnerRoot(path string, roots, scopes []string) bool {
	for _, r := range roots {
		if !inScope(path, []string{r}) {
			continue
		}
		for _, s := range scopes {
			if s != r && inScope(r, []string{s}) {
				return true
			}
		}
	}
	return false
}

// HasHiddenSegment reports whether a relative path has a segment starting
// with "." (not "." or ".."): Walk does not enter such a folder.
func HasHiddenSegment(rel string) bool {
	for _, seg := range strings.Split(filepath.ToSlash(rel), "/") {
		if strings.HasPrefix(seg, ".") && seg != "." && seg != ".." {
			return true
		}
	}
	return false
}

// isFile reports whether path is a regular file (following links).
func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}
