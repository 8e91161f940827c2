package store

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hrag-dev/hrag/pkg/text"
)

// MetaFilter narrows retrieval by what documents' front matter says: every
// tag of Tags (normalised: lower case, no leading '#'), and a date in
// [Since, Until] (both inclusive; zero: open). A document's date is its
// front matter date, else its file's modification time.
type MetaFilter struct {
	Tags         []string
	Since, Until time.Time
}

// FilterError is a filter value that cannot be used. Field names the
// filter as its caller calls it without decoration ("path", "tag",
// "since", "until"); Value is what was given; Reason says why and what to
// write instead. An empty range (since after until) has Field "since",
// Value since and Until the end it passes.
type FilterError struct {
	Field, Value, Reason string
	Until                string // the range's end, for an empty range
}

// Error reads as `tag "": is empty: give a tag`; callers that name their
// filters otherwise (--tag) word it from the fields.
func (e *FilterError) Error() string {
	if e.Until != "" {
		return fmt.Sprintf("since %q is after until %q: %s", e.Value, e.Until, e.Reason)
	}
	return fmt.Sprintf("%s %q: %s", e.Field, e.Value, e.Reason)
}

// NewMetaFilter builds a MetaFilter from a user's values: tags normalised
// (text.NormalizeTag; empty ones dropped) and dates parsed by ParseDate,
// since as the start of the period it names and until as its end. Errors
// are *FilterError naming the bad value; since after until is one.
func NewMetaFilter(tags []string, since, until string) (MetaFilter, error) {
	var m MetaFilter
	for _, t := range tags {
		for _, part := range strings.Split(t, ",") {
			n := text.NormalizeTag(part)
			if n == "" {
				reason := "holds an empty tag: give tags, separated by commas"
				if strings.TrimSpace(t) == "" {
					reason = "is empty: give a tag"
				}
				return m, &FilterError{Field: "tag", Value: t, Reason: reason}
			}
			if !slices.Contains(m.Tags, n) {
				m.Tags = append(m.Tags, n)
			}
		}
	}
	var err error
	if since != "" {
		if m.Since, err = ParseDate(since, false); err != nil {
			return m, &FilterError{Field: "since", Value: since, Reason: err.Error()}
		}
	}
	if until != "" {
		if m.Until, err = ParseDate(until, true); err != nil {
			return m, &FilterError{Field: "until", Value: until, Reason: err.Error()}
		}
	}
	if !m.Since.IsZero() && !m.Until.IsZero() && m.Since.After(m.Until) {
		return m, &FilterError{Field: "since", Value: since, Until: until, Reason: "the range is empty"}
	}
	return m, nil
}

// ParseDate reads a date bound (text.ParseDate: 2024, 2024-03,
// 2024-03-01, 2024-03-01 10:00, RFC 3339, …), in UTC unless it gives a
// zone. With end it returns the last instant of the period the value names
// (2024-03 ends at 2024-03-31T23:59:59.999999999Z), else its first. The
// error says what to write.
func ParseDate(value string, end bool) (time.Time, error) {
	start, next, ok := text.ParseDate(value)
	if !ok {
		return time.Time{}, fmt.Errorf("not a date: write %s", text.DateFormats)
	}
	if end {
		return next.Add(-time.Nanosecond), nil
	}
	return start, nil
}

// IsZero reports whether m lets every document through.
func (m MetaFilter) IsZero() bool { return len(m.Tags) == 0 && m.Since.IsZero() && m.Until.IsZero() }

// Filters that can let no document through (NoMatch.Filter).
const (
	FilterPath = "path"
	FilterTag  = "tag"
	FilterDate = "date"
)

// NoMatch says which filter let no document through, the first of path,
// tags and dates, applied in that order: Near holds up to 3 indexed paths
// close to the path asked for (PathFilter.Suggest); Tags, for a tag
// filter, the tags of the documents the path filter lets through (all of
// the collection's without one) with their counts, most used first.
type NoMatch struct {
	Filter string
	Near   []PathSuggestion
	Tags   []TagCount
}

// TagCount is a tag and the number of documents that carry it.
type TagCount struct {
	Tag       string `json:"tag"`
	Documents int    `json:"documents"`
}

// FilterDocuments resolves a path filter and a metadata filter against the
// collection's documents (one query; matched here, in Go). Filters that let
// every document through come back as the zero DocumentFilter; when they let
// none through, miss says which one (NoMatch).
func (s *Store) FilterDocuments(ctx context.Context, collectionID int, f PathFilter, m MetaFilter) (docs DocumentFilter, miss *NoMatch, err error) {
	if f.IsZero() && m.IsZero() {
		return DocumentFilter{}, nil, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT id, path, tags, coalesce(doc_date, mtime) FROM documents WHERE collection_id = $1`, collectionID)
	if err != nil {
		return DocumentFilter{}, nil, fmt.Errorf("filtering documents: %w", err)
	}
	defer rows.Close()
	type doc struct {
		id   int64
		path string
		tags []string
		date time.Time
	}
	var all []doc
	for rows.Next() {
		var d doc
		if err := rows.Scan(&d.id, &d.path, &d.tags, &d.date); err != nil {
			return DocumentFilter{}, nil, fmt.Errorf("filtering documents: %w", err)
		}
		all = append(all, d)
	}
	if err := rows.Err(); err != nil {
		return DocumentFilter{}, nil, fmt.Errorf("filtering documents: %w", err)
	}
	keep := all
	narrow := func(ok func(doc) bool) {
		var out []doc
		for _, d := range keep {
			if ok(d) {
				out = append(out, d)
			}
		}
		keep = out
	}
	if !f.IsZero() {
		if narrow(func(d doc) bool { return f.Match(d.path) }); len(keep) == 0 {
			paths := make([]string, len(all))
			for i, d := range all {
				paths[i] = d.path
			}
			return DocumentFilter{active: true, ids: []int64{}}, &NoMatch{Filter: FilterPath, Near: f.Suggest(paths, 3)}, nil
		}
	}
	if len(m.Tags) > 0 {
		under := keep
		if narrow(func(d doc) bool {
			for _, t := range m.Tags {
				if !slices.Contains(d.tags, t) {
					return false
				}
			}
			return true
		}); len(keep) == 0 {
			count := map[string]int{}
			for _, d := range under {
				for _, t := range d.tags {
					count[t]++
				}
			}
			tags := []TagCount{}
			for t, n := range count {
				tags = append(tags, TagCount{Tag: t, Documents: n})
			}
			slices.SortFunc(tags, func(a, b TagCount) int { return cmp.Or(b.Documents-a.Documents, strings.Compare(a.Tag, b.Tag)) })
			return DocumentFilter{active: true, ids: []int64{}}, &NoMatch{Filter: FilterTag, Tags: tags}, nil
		}
	}
	if !m.Since.IsZero() || !m.Until.IsZero() {
		if narrow(func(d doc) bool {
			return (m.Since.IsZero() || !d.date.Before(m.Since)) && (m.Until.IsZero() || !d.date.After(m.Until))
		}); len(keep) == 0 {
			return DocumentFilter{active: true, ids: []int64{}}, &NoMatch{Filter: FilterDate}, nil
		}
	}
	if len(keep) == len(all) && len(all) > 0 {
		return DocumentFilter{}, nil, nil
	}
	ids := make([]int64, len(keep))
	for i, d := range keep {
		ids[i] = d.id
	}
	return DocumentFilter{active: true, ids: ids}, nil, nil
}

// Tags returns the tags of the collection's documents with the number of
// documents carrying each, most frequent first, then by name.
func (s *Store) Tags(ctx context.Context, collectionID int) ([]TagCount, error) {
	rows, err := s.pool.Query(ctx, `SELECT t, count(*) FROM documents, unnest(tags) AS t
		WHERE collection_id = $1 GROUP BY t ORDER BY count(*) DESC, t`, collectionID)
	if err != nil {
		return nil, fmt.Errorf("listing tags: %w", err)
	}
	defer rows.Close()
	out := []TagCount{}
	for rows.Next() {
		var tc TagCount
		if err := rows.Scan(&tc.Tag, &tc.Documents); err != nil {
			return nil, fmt.Errorf("listing tags: %w", err)
		}
		out = append(out, tc)
	}
	return out, rows.Err()
}
