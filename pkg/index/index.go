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
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/sync/semaphore"

	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/embed"
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
	// Command words a command that warnings advise for a collection
	// (args: the words after the program name, each quoted by Command as
	// its shell needs); the command line owns that wording. nil: the
	// arguments alone.
	Command   func(collection string, args ...string) string
	FTSConfig string // RAG_FTS_CONFIG, fixed when the collection is created
	// DetectLanguages detects each document's language (language.Detect),
	// whose text-search configuration then analyses its chunks for BM25
	// (RAG_FTS_DETECT); false: every document is analysed with FTSConfig.
	DetectLanguages bool
	Include         []string // file-name globs to index
	Exclude         []string // globs to skip
	MaxBytes        int64    // larger files are skipped
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
	// Verify reads and hashes every file whose size and modification time
	// did not move, and indexes it again when its content did (an edit that
	// kept both: a restored mtime, some sync tools). Costs one read of every
	// indexed file.
	Verify bool

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
	// Rechunked counts the updated files that were cut again only because
	// they were stored under another ChunkingKey (chunk settings changed,
	// or a newer hrag cuts them differently).
	Rechunked int `json:"files_rechunked"`
	Unchanged int `json:"files_unchanged"`
	Moved     int `json:"files_moved"`
	Deleted   int `json:"files_deleted"`
	Skipped   int `json:"files_skipped"` // content hrag cannot index (extract.ErrSkipped: binary, too large, an encrypted, corrupt or image-only PDF, …)
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
	// Begun: the run got past its start (roots checked, lock taken, files
	// walked), so the counts say what it did even when it failed later.
	Begun bool `json:"-"`
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
// batches pad little (measured in docs/measurements.md, "Figures behind
// code choices").
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
	sum.Begun = true

	files := make(chan File, 64)
	extracted := make(chan extracted, 4)
	chunked := make(chan prepared, 256) // the byte budget binds first
	// The byte budget binds first here too: the model does not wait for the
	// database to take a window's documents (a small buffer left it idle
	// after each window; docs/measurements.md).
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
	sum.Unchanged, sum.Moved, sum.Rechunked = walked.unchanged, walked.moved, walked.rechunked
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
		if !utf8.ValidString(root) {
			return Listing{}, nil, fmt.Errorf("cannot index %s: %w", strings.ToValidUTF8(root, "\uFFFD"), ErrBadName)
		}
	}
	// A file named on the command line and left out by the globs is
	// reported, and not recorded as a root.
	roots, rejected := explicitRoots(opts)
	for _, ig := range rejected {
		why := ig.Describe(opts.Include, opts.command())
		if ig.Rule != RuleSpecial && ig.Rule != RuleBadName {
			why = "it " + why
		} else {
			sum.Ignored.add(ig) // counted wherever it was found
		}
		rep.Warn(ig.Path, fmt.Errorf("not indexed: %s", why))
	}
	if len(roots) == 0 {
		return Listing{}, nil, fmt.Errorf("%w: every path given is left out (by the include/exclude globs, or as not a regular file)", ErrNothingToIndex)
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
	// Every write of the run checks the lock before it commits: a run whose
	// lock's connection died stops (store.ErrLockLost) instead of writing
	// beside a run that took the lock since.
	r.opts.Store = st.WithLock(lock)
	opts, st = r.opts, r.opts.Store
	r.coll, r.table = coll, table.Name
	if r.states, err = st.DocumentStates(ctx, coll.ID); err != nil {
		return fail(err)
	}
	r.settings, r.chunking = SkipSettings(r.opts), ChunkingKey(r.opts)
	if opts.DetectLanguages {
		if r.ftsConfigs, err = st.TextSearchConfigs(ctx); err != nil {
			return fail(err)
		}
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
	// The roots are the collection's from the start of the run (without the
	// rejected files): what an interrupted run did not store is still "new"
	// to status and to the next run.
	if err := st.AddRoots(ctx, coll.ID, r.scopes); err != nil {
		return fail(err)
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
			why := "is it unmounted?"
			if leftOutUnder(listing.Ignored, root) {
				why = "the include and exclude rules leave out every file under it"
			}
			rep.Warn(root, fmt.Errorf("no indexable file found; keeping its %d indexed document(s) rather than deleting them (%s)", n, why))
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
	if err := st.MarkIndexed(ctx, r.coll.ID); err != nil {
		return *sum, err
	}
	sum.Seconds = time.Since(began).Seconds()
	return *sum, nil
}

func chunkEmbedText(c store.Chunk) string { return c.EmbedContext + c.Content }

func isConnErr(err error) bool {
	return errors.Is(err, store.ErrUnavailable) || errors.Is(err, store.ErrLockLost) || strings.Contains(err.Error(), "connection refused") ||
		strings.Contains(err.Error(), "conn closed") || strings.Contains(err.Error(), "unexpected EOF")
}

// command is o.Command for o.Collection, nil without one.
func (o Options) command() func(args ...string) string {
	if o.Command == nil {
		return nil
	}
	return func(args ...string) string { return o.Command(o.Collection, args...) }
}
