// Package index runs `hrag index`: it walks folders, extracts the text of
// changed files, cuts it into chunks, embeds the chunks whose embedded text
// is new and stores the documents a group per transaction (each document
// whole, old version or new). Data flows one way, through the stages of
// pipeline.go: walk → extract → chunk → embed → store.
package index

import (
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

	"golang.org/x/sync/semaphore"

	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/config"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/extract"
	"github.com/hrag-dev/hrag/pkg/injection"
	"github.com/hrag-dev/hrag/pkg/store"
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
	// ExtractTimeout (RAG_EXTRACT_TIMEOUT) and ExtractMemory
	// (RAG_EXTRACT_MEMORY_BYTES) bound each file's converters (pdftotext,
	// qpdf, pandoc) in wall time and address space; 0: no limit.
	ExtractTimeout time.Duration
	ExtractMemory  int64
	Prune          bool // delete indexed documents whose file is gone from a root
	Wait           bool // wait for another run on the collection instead of failing
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
	Skipped    int    `json:"files_skipped"` // content hrag cannot index (extract.ErrSkipped: binary, too large, an encrypted, corrupt or image-only PDF, …)
	// Ignored counts the files and folders left out by rule (hidden,
	// include and exclude globs) without being read.
	Ignored IgnoredCounts `json:"ignored"`
	// SkippedFiles lists the files skipped for their content, this
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

// Run indexes opts.Roots into the collection. It returns the summary and an
// error only for failures of the whole run (database down, lock held, model
// mismatch); problems with single files are counted in the summary and
// reported to opts.Reporter. A cancelled ctx stops after the document being
// stored and returns ErrInterrupted. The work runs as the stages of
// pipeline.go: walk → extract → chunk → embed → store.
func Run(ctx context.Context, opts Options) (Summary, error) {
	began := time.Now()
	rep := opts.Reporter
	if rep == nil {
		rep = nopReporter{}
	}
	sum := Summary{Collection: opts.Collection}
	r := &runner{opts: opts, rep: rep, prog: &progress{rep: rep}, inflight: semaphore.NewWeighted(maxInflightBytes)}
	r.copts = fitChunks(opts, rep)
	sum.ContentTokens = r.copts.ContentTokens
	listing, lock, err := r.begin(ctx, &sum)
	if err != nil {
		return sum, err
	}
	defer lock.Release()

	files := make(chan File, 64)
	extracted := make(chan extracted, 4)
	chunked := make(chan prepared, 256) // the byte budget binds first
	// The byte budget binds first here too: the model does not wait for the
	// database to take a window's documents (with 8 it stood idle 0.3-0.5 s
	// after each window of 128 chunks).
	embedded := make(chan prepared, 256)
	runCtx, stop := context.WithCancel(ctx)
	// Run returns only after its stages have: they use the tokenizer and the
	// model, which the caller closes next (an interrupt used to free the
	// tokenizer under a chunking goroutine).
	var stages sync.WaitGroup
	defer stages.Wait()
	defer stop()
	var walked walkCounts
	embedErr := make(chan error, 1)
	stages.Add(4)
	go func() { defer stages.Done(); walked = r.walk(runCtx, listing.Files, files) }()
	go func() { defer stages.Done(); r.extract(runCtx, files, extracted) }()
	go func() { defer stages.Done(); r.chunk(runCtx, extracted, chunked) }()
	go func() { defer stages.Done(); embedErr <- r.embed(runCtx, chunked, embedded) }()
	stored, err := r.store(ctx, embedded)
	sum.add(stored)
	if err != nil {
		return sum, err
	}
	stop()
	stages.Wait() // the walk's counts are final
	sum.Unchanged, sum.Moved = walked.unchanged, walked.moved
	sum.Skipped += walked.skipped
	sum.SkippedFiles = append(walked.skippedFiles, sum.SkippedFiles...)
	for _, w := range walked.warnings {
		rep.Warn(w.Path, w.Err)
	}
	if walked.err != nil {
		return sum, walked.err
	}
	return r.finish(ctx, listing, &sum, <-embedErr, began)
}

// add counts what the store stage wrote.
func (s *Summary) add(c storeCounts) {
	s.Added, s.Updated, s.Failed = s.Added+c.added, s.Updated+c.updated, s.Failed+c.failed
	s.Skipped, s.Repaired, s.Junk, s.Flagged = s.Skipped+c.skipped, s.Repaired+c.repaired, s.Junk+c.junk, s.Flagged+c.flagged
	s.Chunks, s.Embedded, s.Reused = s.Chunks+c.chunks, s.Embedded+c.embedded, s.Reused+c.reused
	s.SkippedFiles = append(s.SkippedFiles, c.skippedFiles...)
}

// begin checks the roots, takes the collection's lock and its vector table,
// loads what the index knows and walks the roots: the listing, with the
// problems and what was left out by rule counted in sum, and on r the
// states, skipped files, scopes and vanished documents. The caller releases
// the lock.
func (r *runner) begin(ctx context.Context, sum *Summary) (Listing, *store.Lock, error) {
	opts, rep, st := r.opts, r.rep, r.opts.Store
	for _, root := range opts.Roots {
		if _, err := os.Stat(root); err != nil {
			return Listing{}, nil, fmt.Errorf("cannot index %s: %w", root, describe(err))
		}
	}
	// A file named on the command line and left out by the globs is
	// reported, and not recorded as a root.
	roots, rejected := explicitRoots(opts)
	for _, ig := range rejected {
		rep.Warn(ig.Path, fmt.Errorf("not indexed: it %s", ig.Describe(opts.Include, opts.Collection)))
	}
	if len(roots) == 0 {
		return Listing{}, nil, fmt.Errorf("%w: every path given is left out by the include/exclude globs", ErrNothingToIndex)
	}
	coll, err := st.EnsureCollection(ctx, opts.Collection, opts.FTSConfig)
	if err != nil {
		return Listing{}, nil, err
	}
	lock, table, err := lockAndTable(ctx, opts, coll)
	if err != nil {
		return Listing{}, nil, err
	}
	fail := func(err error) (Listing, *store.Lock, error) {
		lock.Release()
		return Listing{}, nil, err
	}
	r.coll, r.table = coll, table.Name
	if r.states, err = st.DocumentStates(ctx, coll.ID); err != nil {
		return fail(err)
	}
	if r.skipped, err = st.SkippedFiles(ctx, coll.ID); err != nil {
		return fail(err)
	}

	listing := Walk(roots, opts.Include, opts.Exclude)
	for _, p := range listing.Problems {
		sum.Failed++
		rep.Warn(p.Path, p.Err)
	}
	for _, root := range roots {
		if abs, err := store.RealPath(root); err == nil {
			r.scopes = append(r.scopes, abs)
		}
	}
	allRoots := slices.Concat(coll.Roots, r.scopes) // recorded roots are real paths too
	for _, ig := range listing.Ignored {
		if !ig.Explicit && !coveredByInnerRoot(ig.Path, allRoots, r.scopes) {
			sum.Ignored.add(ig)
			if opts.ListIgnored {
				sum.IgnoredFiles = append(sum.IgnoredFiles, ig)
			}
		}
	}
	onDisk := listing.onDisk()
	// A root that now holds no file at all while documents from it are
	// indexed is more likely unmounted than emptied: keep its documents.
	// Documents under another recorded root that this walk does not reach
	// (a hidden folder or a file named on the command line) are that
	// root's, not this run's.
	own := map[string]store.DocumentState{}
	for path, s := range r.states {
		if !underOwnRoot(path, coll.Roots, r.scopes) || !isFile(path) {
			own[path] = s
		}
	}
	var emptyRoots []string
	for _, root := range r.scopes {
		if n := countStatesUnder(own, root); countUnder(listing.Files, root) == 0 && n > 0 {
			emptyRoots = append(emptyRoots, root)
			rep.Warn(root, fmt.Errorf("no indexable file found; keeping its %d indexed document(s) rather than deleting them (is it unmounted?)", n))
		}
	}
	r.vanished = map[string][]store.DocumentState{} // by hex hash: copies share one
	for path, s := range own {
		if !onDisk[path] && inScope(path, r.scopes) && !inScope(path, emptyRoots) && !unreadable(path, listing.Problems) &&
			!(opts.OneOffRules && isFile(path)) {
			h := hex.EncodeToString(s.Hash)
			r.vanished[h] = append(r.vanished[h], s)
		}
	}
	return listing, lock, nil
}

// onDisk is the set of the listed files' paths.
func (l Listing) onDisk() map[string]bool {
	m := make(map[string]bool, len(l.Files))
	for _, f := range l.Files {
		m[f.Path] = true
	}
	return m
}

// finish ends a run whose stages are done: it forgets the skipped files that
// are gone, reports an interrupt or the embedding error, prunes the
// vanished documents, fills the vectors the collection's other chunks lack
// and records the roots.
func (r *runner) finish(ctx context.Context, listing Listing, sum *Summary, embedErr error, began time.Time) (Summary, error) {
	opts, st := r.opts, r.opts.Store
	onDisk := listing.onDisk()
	var gone []string
	for p := range r.skipped {
		if !onDisk[p] && inScope(p, r.scopes) {
			gone = append(gone, p)
		}
	}
	if err := st.ForgetSkippedFiles(ctx, r.coll.ID, gone); err != nil {
		return *sum, err
	}
	if embedErr != nil && ctx.Err() == nil {
		return *sum, embedErr
	}
	interrupted := func() (Summary, error) {
		sum.Interrupted = true
		sum.Seconds = time.Since(began).Seconds()
		return *sum, ErrInterrupted
	}
	if ctx.Err() != nil {
		return interrupted()
	}
	if opts.Prune && len(r.vanished) > 0 {
		var ids []int64
		for _, ss := range r.vanished {
			for _, s := range ss {
				ids = append(ids, s.ID)
			}
		}
		if err := st.DeleteDocuments(ctx, ids); err != nil {
			return *sum, err
		}
		sum.Deleted = len(ids)
	}
	// Chunks stored before (e.g. with another model) may lack a vector of
	// this model: embed them from their stored text.
	if err := fillMissing(ctx, opts, r.rep, r.coll, r.table, r.copts, sum); err != nil {
		if errors.Is(err, context.Canceled) {
			return interrupted()
		}
		return *sum, err
	}
	if sum.Added+sum.Updated+sum.Moved+sum.Deleted+sum.Embedded+sum.Filled > 0 {
		if err := st.ResetNullSimilarity(ctx, r.coll.ID); err != nil {
			return *sum, err
		}
	}
	if err := st.AddRoots(ctx, r.coll.ID, r.scopes); err != nil { // without the rejected files
		return *sum, err
	}
	sum.Seconds = time.Since(began).Seconds()
	return *sum, nil
}

// explainSkip adds to the warning about a file skipped for its content
// (extract.ErrSkipped) that the version indexed before, if any, is kept.
func explainSkip(p Problem, states map[string]store.DocumentState, opts Options) Problem {
	if _, ok := states[p.Path]; ok && errors.Is(p.Err, extract.ErrSkipped) {
		p.Err = fmt.Errorf("%w; the version indexed before is kept (`%s` removes it)", p.Err, config.Command(opts.Collection, "forget "+config.ShellQuote(p.Path)))
	}
	return p
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

// chunkText reads a document's stored body in its format back into an
// extract.Document, blanks machine data (chunk.MaskJunk: for line formats
// in the body, for the others in each extracted block) and cuts it into
// chunks; it returns the title, the chunks and the blanked spans (without
// lines for formats that have none).
func chunkText(format extract.Format, path, body string, copts chunk.Options, tk chunk.Counter) (string, []chunk.Chunk, []chunk.JunkSpan, error) {
	var junk []chunk.JunkSpan
	if format.Lines() || format == "" {
		body, junk = chunk.MaskJunk(body, copts)
	}
	doc, err := extract.Parse(format, path, body)
	if err != nil {
		return "", nil, nil, err
	}
	if !format.Lines() && format != "" {
		// Extracted text (HTML, PDF, DOCX, ODT) has no lines of the file:
		// machine data is blanked block by block, its spans without lines.
		for si := range doc.Sections {
			for bi := range doc.Sections[si].Blocks {
				b := &doc.Sections[si].Blocks[bi]
				masked, spans := chunk.MaskJunk(b.Text, copts)
				if len(spans) > 0 {
					b.Text = masked
					for _, sp := range spans {
						junk = append(junk, chunk.JunkSpan{Bytes: sp.Bytes})
					}
				}
			}
		}
	}
	return doc.Title, chunk.Split(doc, copts, tk), junk, nil
}

// junkNote describes the spans chunk.MaskJunk blanked in a file, for its
// one warning.
func junkNote(spans []chunk.JunkSpan) string {
	var lines []string
	n := 0
	for _, s := range spans {
		n += s.Bytes
		if s.StartLine == 0 { // extracted text: no lines to name
			continue
		}
		if s.StartLine == s.EndLine {
			lines = append(lines, fmt.Sprint(s.StartLine))
		} else {
			lines = append(lines, fmt.Sprintf("%d-%d", s.StartLine, s.EndLine))
		}
	}
	if len(lines) == 0 {
		return fmt.Sprintf("%d passage(s) of its text (%s) look like machine data (base64 or hex blobs, minified JSON/XML): not indexed; the rest of the file is (RAG_JUNK_RUN, RAG_JUNK_LINE tune this)",
			len(spans), humanSize(n))
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
// number of its spans that may address an AI assistant (masked or flagged).
func storeChunk(c chunk.Chunk, hash []byte) store.Chunk {
	return store.Chunk{Ordinal: c.Ordinal, Content: c.Content, Breadcrumb: c.Breadcrumb, EmbedContext: c.Context,
		StartLine: c.StartLine, EndLine: c.EndLine, StartPage: c.StartPage, EndPage: c.EndPage,
		Tokens: c.Tokens, EmbedHash: hash, Injections: len(injection.Detect(c.Content))}
}

// injectedSpans says where doc holds text addressed to an AI assistant:
// "lines 7-9, 31" (line formats), "pages 3, 12-13" (PDF) or "passages in
// A › B" (formats without lines or pages); "" when it holds none.
func injectedSpans(doc store.Document) string {
	var pages, sections []string
	var ranges [][2]int // line ranges of the spans; a masked and a flagged sentence may share a line
	for _, c := range doc.Chunks {
		if c.Injections == 0 {
			continue
		}
		switch {
		case c.StartLine > 0:
			for _, sp := range injection.Detect(c.Content) {
				first := c.StartLine + strings.Count(c.Content[:sp.Start], "\n")
				last := first + strings.Count(strings.TrimRight(c.Content[sp.Start:sp.End], "\n"), "\n")
				ranges = append(ranges, [2]int{first, last})
			}
		case c.StartPage > 0:
			if p := span(c.StartPage, c.EndPage); !slices.Contains(pages, p) {
				pages = append(pages, p)
			}
		default:
			if b := strings.ReplaceAll(strings.Trim(c.Breadcrumb, "[]"), " > ", " › "); !slices.Contains(sections, b) {
				sections = append(sections, b)
			}
		}
	}
	slices.SortFunc(ranges, func(a, b [2]int) int { return a[0] - b[0] })
	var lines []string
	for i := 0; i < len(ranges); {
		first, last := ranges[i][0], ranges[i][1]
		for i++; i < len(ranges) && ranges[i][0] <= last; i++ {
			last = max(last, ranges[i][1])
		}
		lines = append(lines, span(first, last))
	}
	switch {
	case len(lines) > 0:
		return "lines " + strings.Join(lines, ", ")
	case len(pages) > 0:
		return "pages " + strings.Join(pages, ", ")
	case len(sections) > 0:
		return "passages in " + strings.Join(sections, "; ")
	}
	return ""
}

// span is "7" or "7-9".
func span(first, last int) string {
	if first == last {
		return fmt.Sprint(first)
	}
	return fmt.Sprintf("%d-%d", first, last)
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

// found records a file of size bytes to read and chunk.
func (p *progress) found(size int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bytesLeft += size
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
