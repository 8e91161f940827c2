package retrieve

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"strings"

	"github.com/hrag-dev/hrag/pkg/store"
)

// distinct walks the fused list in order, loading chunks a page at a time,
// and keeps the first chunk of each distinct text (whitespace runs
// collapsed) until depth are kept; later candidates with a kept text become
// its copies, followed by every other chunk of the collection with exactly
// the same text (store.SameText) in the documents docs lets through (a
// copy in a note that --tag or --path leaves out is not named). It returns the kept part of fused, the
// loaded chunks by id and the copies by kept chunk id.
func (r *Retriever) distinct(ctx context.Context, collectionID int, fused []Fused, depth int, docs store.DocumentFilter) ([]Fused, map[int64]store.Passage, map[int64][]Copy, error) {
	var kept []Fused
	stored := map[int64]store.Passage{}
	copies := map[int64][]Copy{}
	first := map[string]int64{} // normalised text → kept chunk id
	for next := 0; len(kept) < depth && next < len(fused); {
		page := fused[next:min(len(fused), next+depth-len(kept)+2)]
		next += len(page)
		ids := make([]int64, len(page))
		for i, f := range page {
			ids[i] = f.ID
		}
		got, err := r.Store.Passages(ctx, ids)
		if err != nil {
			return nil, nil, nil, err
		}
		for _, f := range page {
			p, ok := got[f.ID]
			if !ok {
				continue // deleted since the search
			}
			key := strings.Join(strings.Fields(p.Content), " ")
			if id, dup := first[key]; dup {
				copies[id] = append(copies[id], Copy{ChunkID: p.ChunkID, Path: p.Path, StartLine: p.StartLine, EndLine: p.EndLine,
					StartPage: p.StartPage, EndPage: p.EndPage})
				continue
			}
			if len(kept) == depth {
				continue // only looking for copies of the kept ones now
			}
			first[key] = f.ID
			stored[f.ID] = p
			kept = append(kept, f)
		}
	}
	// Copies outside the candidates: same text exactly.
	byMD5 := map[string]int64{}
	listed := map[int64]bool{}
	var sums []string
	for _, f := range kept {
		sum := md5.Sum([]byte(stored[f.ID].Content))
		h := hex.EncodeToString(sum[:])
		byMD5[h] = f.ID
		sums = append(sums, h)
		listed[f.ID] = true
		for _, c := range copies[f.ID] {
			listed[c.ChunkID] = true
		}
	}
	same, err := r.Store.SameText(ctx, collectionID, sums, docs)
	if err != nil {
		return nil, nil, nil, err
	}
	for _, c := range same {
		if id := byMD5[c.MD5]; !listed[c.ChunkID] {
			listed[c.ChunkID] = true
			copies[id] = append(copies[id], Copy{ChunkID: c.ChunkID, Path: c.Path, StartLine: c.StartLine, EndLine: c.EndLine,
				StartPage: c.StartPage, EndPage: c.EndPage})
		}
	}
	return kept, stored, copies, nil
}
