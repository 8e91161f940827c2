package index

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hrag-dev/hrag/pkg/extract"
	"github.com/hrag-dev/hrag/pkg/store"
)

// KeptVersionError is the warning about a file skipped for its content
// (Err wraps extract.ErrSkipped) whose version indexed before, in
// collection Collection, is kept. The way to remove it is for the caller
// to word.
type KeptVersionError struct {
	Err              error
	Path, Collection string
}

func (e *KeptVersionError) Error() string {
	return e.Err.Error() + "; the version indexed before is kept"
}

func (e *KeptVersionError) Unwrap() error { return e.Err }

// explainSkip turns the warning about a file skipped for its content
// (extract.ErrSkipped) into a *KeptVersionError when a version of it was
// indexed before.
func explainSkip(p Problem, states map[string]store.DocumentState, opts Options) Problem {
	if _, ok := states[p.Path]; ok && errors.Is(p.Err, extract.ErrSkipped) {
		p.Err = &KeptVersionError{Err: p.Err, Path: p.Path, Collection: opts.Collection}
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

// SkipSettings is what a remembered skip of o's runs depends on: the size
// limit, the converters' time and memory limits, and which converters are
// installed. A file skipped under other settings is read again.
func SkipSettings(o Options) string {
	var have []string
	for _, tool := range []string{"pdftotext", "qpdf", "pandoc"} {
		if _, err := exec.LookPath(tool); err == nil {
			have = append(have, tool)
		}
	}
	return fmt.Sprintf("max_bytes=%d extract_timeout=%s extract_memory=%d converters=%s", o.MaxBytes, o.ExtractTimeout, o.ExtractMemory, strings.Join(have, ","))
}

// stillSkipped reports whether the remembered skip sk holds for f: the file
// is unchanged (size and mtime) and the settings are those it was skipped
// under.
func stillSkipped(sk store.SkippedFile, known bool, f File, settings string) bool {
	return known && sk.Size == f.Size && sk.MTime.Equal(f.MTime) && sk.Settings == settings
}

// leftOutUnder reports whether the walk left out a file or folder under
// root by an include or exclude rule.
func leftOutUnder(ignored []Ignored, root string) bool {
	for _, ig := range ignored {
		if (ig.Rule == RuleNotIncluded || ig.Rule == RuleExcluded) && (ig.Path == root || strings.HasPrefix(ig.Path, root+string(filepath.Separator))) {
			return true
		}
	}
	return false
}

// chunkingVersion names what extract and chunk make of an unchanged file
// under unchanged settings. Raise it when a change to either cuts the same
// file differently: the next index run then cuts every document again
// (their unchanged chunks keep their vectors, found by embed hash).
const chunkingVersion = 5

// ChunkingKey is what a document's chunks depend on besides its bytes:
// chunkingVersion and the chunk settings of o as requested (RAG_CHUNK_*,
// RAG_JUNK_*; before Fit lowers them for a model, which reembed handles),
// e.g. "v1 content=400 overlap=40 breadcrumb=64 junk_run=200 junk_line=400",
// and, when o.DetectLanguages, languageVersion (" languages=1").
// A document stored under another key is cut again by the next run.
func ChunkingKey(o Options) string {
	c := o.Chunk
	key := fmt.Sprintf("v%d content=%d overlap=%d breadcrumb=%d junk_run=%d junk_line=%d",
		chunkingVersion, c.ContentTokens, c.OverlapTokens, c.BreadcrumbTokens, c.JunkRun, c.JunkLine)
	if o.DetectLanguages {
		key += fmt.Sprintf(" languages=%d", languageVersion)
	}
	return key
}

// languageVersion names the language detection (package language's
// languages and thresholds) in ChunkingKey: a change cuts every document
// again, so that its BM25 terms follow the new detection.
const languageVersion = 1
