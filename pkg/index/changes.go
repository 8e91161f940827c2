package index

import (
	"bytes"
	"context"
	"os"
	"slices"

	"github.com/hrag-dev/hrag/pkg/extract"
	"github.com/hrag-dev/hrag/pkg/store"
)

// Changes counts the files that `hrag index` would look at again: files
// under a collection's reachable roots that are new, or whose size or mtime
// differ from the index, and indexed documents whose file is gone. Counts are
// files; a touched file whose content is unchanged does not count.
type Changes struct {
	New      int `json:"new"`
	Modified int `json:"modified"`
	Missing  int `json:"missing"` // indexed documents whose file is gone
	// Rechunk counts indexed files that did not change but whose chunks
	// were cut under other chunk settings or by an older hrag
	// (ChunkingKey): the next index run cuts them again. A changed file
	// counts as Modified.
	Rechunk int `json:"rechunk"`
	// Unmatched counts indexed documents whose file exists but no longer
	// matches the include/exclude settings: the next index run removes them.
	Unmatched   int      `json:"unmatched"`
	Unreachable []string `json:"unreachable_roots,omitempty"` // roots that could not be read (unmounted, removed)
	// Ignored counts what the walk left out by rule (hidden, include and
	// exclude globs): never indexed, not counted as new.
	Ignored IgnoredCounts `json:"ignored"`
}

// PendingChanges walks the reachable roots of coll with the include and
// exclude globs of o and compares them with the indexed documents (with
// o.Verify, also the content of files whose size and mtime did not move) (a file
// skipped before, unchanged since and under the same SkipSettings, is not
// new). Documents under
// unreachable roots are not counted as missing. Errors come from the
// database only.
func PendingChanges(ctx context.Context, st *store.Store, coll store.Collection, o Options) (Changes, error) {
	include, exclude, settings, chunking := o.Include, o.Exclude, SkipSettings(o), ChunkingKey(o)
	var ch Changes
	var roots []string
	for _, r := range coll.Roots {
		if _, err := os.Stat(r); err != nil {
			ch.Unreachable = append(ch.Unreachable, r)
			continue
		}
		roots = append(roots, r)
	}
	states, err := st.DocumentStates(ctx, coll.ID)
	if err != nil {
		return ch, err
	}
	skipped, err := st.SkippedFiles(ctx, coll.ID)
	if err != nil {
		return ch, err
	}
	listing := Walk(roots, include, exclude)
	files := listing.Files
	for _, ig := range listing.Ignored {
		if !coveredByInnerRoot(ig.Path, coll.Roots, roots) {
			ch.Ignored.add(ig)
		}
	}
	seen := map[string]bool{}
	for _, f := range files {
		seen[f.Path] = true
		s, ok := states[f.Path]
		if sk, known := skipped[f.Path]; stillSkipped(sk, known, f, settings) {
			continue // skipped as binary or too large, unchanged since, under the same settings
		}
		switch {
		case !ok:
			ch.New++
		case s.Size != f.Size:
			ch.Modified++
		case !s.MTime.Equal(f.MTime) || o.Verify:
			// Touched (or verified): modified only if the content differs
			// (what index checks).
			if h, err := extract.Hash(f.Path, f.Size+1); err != nil || !bytes.Equal(h, s.Hash) {
				ch.Modified++
			} else if s.Chunking != chunking {
				ch.Rechunk++
			}
		case s.Chunking != chunking:
			ch.Rechunk++
		}
	}
	// As index does, a root without any matching file keeps its documents
	// (it may be unmounted): they are neither missing nor unmatched.
	var emptied []string
	for _, r := range roots {
		if countUnder(files, r) == 0 {
			emptied = append(emptied, r)
		}
	}
	for p := range states {
		switch {
		case seen[p] || !inScope(p, roots) || inScope(p, emptied):
		case !isFile(p):
			ch.Missing++
		case !slices.Contains(coll.Roots, p) && !underOwnRoot(p, coll.Roots, outermost(roots)):
			ch.Unmatched++
		}
	}
	return ch, nil
}

// outermost returns the roots that lie inside no other root.
func outermost(roots []string) []string {
	var out []string
	for _, r := range roots {
		inner := false
		for _, o := range roots {
			if o != r && inScope(r, []string{o}) {
				inner = true
			}
		}
		if !inner {
			out = append(out, r)
		}
	}
	return out
}
