package store

import (
	"cmp"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"
	"github.com/bmatcuk/doublestar/v4"
)

// PathFilter restricts retrieval to some documents by path: the --path value
// of `hrag sources` and `hrag ask`, parsed by NewPathFilter. The zero value
// matches every document.
type PathFilter struct {
	value   string // as given
	kind    pathKind
	arg     string // see pathKind
	dirOnly bool   // the value ended in "/": only what lies beneath a matching folder
	self    string // pathGlob without dirOnly: the pattern without its "/**", matching a file itself
}

// pathKind is how a PathFilter matches, and what its arg holds.
type pathKind int

const (
	matchAll   pathKind = iota // the zero value: no filter
	pathPrefix                 // arg: an absolute, cleaned path: that file, or that folder and everything beneath
	pathName                   // arg: a cleaned relative name: a sequence of whole segments anywhere in the path
	pathGlob                   // arg: an absolute doublestar pattern ending in "/**" (what lies beneath a match matches)
)

// globMeta are the characters that make a --path value a glob.
const globMeta = "*?[{"

// NewPathFilter turns a --path value into a filter. The rules, in order:
//
//   - "" is no filter.
//   - A value with a glob character (* ? [ {) is a doublestar glob
//     (github.com/bmatcuk/doublestar): "*" and "?" stay within one path
//     segment, "**" as a whole segment crosses any number of folders
//     (elsewhere it acts as "*"), "[abc]", "[a-z]", "[!x]" are character
//     classes, "{md,txt}" alternatives, and "\" escapes the next character.
//     An absolute glob is matched from the root; one starting with "./" or
//     "../" is made absolute against the working directory; any other glob
//     matches any run of whole segments of the path ("cobra*",
//     "spf13/*/*.md"), as if prefixed with "**/". A glob matching a folder
//     matches everything beneath it.
//   - An absolute path, a path starting with "./" or "../" (or "." and ".."),
//     and a relative path that exists in the working directory, stand for
//     that file, or that folder and everything beneath it.
//   - Any other value is a name: the documents whose path holds it as whole
//     segments ("user_guide.md", "notes/linux"; not "notes/linux-old").
//
// A trailing "/" restricts the match to folders. Matching is
// case-sensitive. An invalid glob is a *FilterError naming the value.
func NewPathFilter(value string) (PathFilter, error) {
	f := PathFilter{value: value}
	if value == "" {
		return f, nil
	}
	f.dirOnly = strings.HasSuffix(value, "/") && strings.Trim(value, "/") != ""
	if strings.ContainsAny(value, globMeta) {
		if !doublestar.ValidatePattern(value) {
			return PathFilter{}, &FilterError{Field: "path", Value: value,
				Reason: "not a valid glob (an unclosed [ or {, an empty [], an unmatched } or a trailing \\); put \\ before a [ { * or ? that is part of a name"}
		}
		pat := filepath.ToSlash(strings.TrimRight(value, "/"))
		switch {
		case strings.HasPrefix(pat, "/"):
		case dotRelative(pat):
			// The leading "." and ".." segments are resolved against the
			// working directory; the rest stays a pattern.
			segs := strings.Split(pat, "/")
			n := 0
			for n < len(segs) && (segs[n] == "." || segs[n] == "..") {
				n++
			}
			wd, err := os.Getwd()
			if err != nil {
				return PathFilter{}, &FilterError{Field: "path", Value: value, Reason: err.Error()}
			}
			base := filepath.ToSlash(filepath.Join(append([]string{wd}, segs[:n]...)...))
			pat = strings.TrimSuffix(escapeGlob(base), "/") + "/" + strings.Join(segs[n:], "/")
		default:
			pat = "/**/" + pat
		}
		// What lies beneath a matching folder matches too; with a trailing
		// "/", only that.
		if f.dirOnly {
			pat += "/*/**"
		} else {
			// doublestar v4.10 matches "/**/x.pdf*/**" against no path
			// ending in x.pdf, although "/**" may match nothing: the file
			// itself is matched by the pattern without it.
			f.self = pat
			pat += "/**"
		}
		f.kind, f.arg = pathGlob, pat
		return f, nil
	}
	if filepath.IsAbs(value) || dotRelative(filepath.ToSlash(value)) || exists(value) {
		abs, err := RealPath(value) // documents are stored by real path
		if err != nil {
			return PathFilter{}, &FilterError{Field: "path", Value: value, Reason: err.Error()}
		}
		f.kind, f.arg = pathPrefix, filepath.ToSlash(abs)
		return f, nil
	}
	name := path.Clean(filepath.ToSlash(value))
	if name == "." || name == ".." || strings.HasPrefix(name, "../") {
		// "a/../.." and the like: a path relative to the working directory.
		abs, err := filepath.Abs(value)
		if err != nil {
			return PathFilter{}, &FilterError{Field: "path", Value: value, Reason: err.Error()}
		}
		f.kind, f.arg = pathPrefix, filepath.ToSlash(abs)
		return f, nil
	}
	f.kind, f.arg = pathName, name
	return f, nil
}

// dotRelative reports whether a slash-separated value is ".", ".." or
// starts with "./" or "../".
func dotRelative(v string) bool {
	return v == "." || v == ".." || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../")
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// IsZero reports whether f is no filter (the zero value, or NewPathFilter("")).
func (f PathFilter) IsZero() bool { return f.kind == matchAll }

// String returns the --path value f was made from.
func (f PathFilter) String() string { return f.value }

// Resolved returns the absolute path that a path value (absolute, starting
// with "./" or "../", or existing in the working directory) stands for, and
// "" for a name, a glob or no filter.
func (f PathFilter) Resolved() string {
	if f.kind == pathPrefix {
		return f.arg
	}
	return ""
}

// Match reports whether the document at p (an absolute path, as stored)
// passes the filter.
func (f PathFilter) Match(p string) bool {
	p = filepath.ToSlash(p)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	switch f.kind {
	case pathPrefix:
		if f.arg == "/" {
			return true
		}
		return (p == f.arg && !f.dirOnly) || strings.HasPrefix(p, f.arg+"/")
	case pathName:
		if f.dirOnly {
			return strings.Contains(p, "/"+f.arg+"/")
		}
		return strings.Contains(p+"/", "/"+f.arg+"/")
	case pathGlob:
		return doublestar.MatchUnvalidated(f.arg, p) || (f.self != "" && doublestar.MatchUnvalidated(f.self, p))
	}
	return true
}

// escapeGlob puts a backslash before each character of s that a glob would
// read as special.
func escapeGlob(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[]{}\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// PathSuggestion is an indexed path close to a --path value that matched
// nothing, with a --path value (Flag, unquoted) that matches it.
type PathSuggestion struct {
	Path string
	Flag string
}

// minNeedle is the shortest literal part of a value (in characters) that
// suggestions look for: shorter ones are in too many paths to mean anything.
const minNeedle = 3

// Suggest returns up to n of paths that are close to the filter's value,
// best first, each with a --path value matching it, for when the filter
// matched none of them. Close means: holding (ignoring case, and not only
// within the folders that all paths share) the first of these parts of the
// value that some path holds: its longest literal part (the text between glob
// characters; "./" and "../" segments left out; for a path value, of its
// absolute form), its base name's, the base name without extension, the
// base name's words (runs of letters and digits), the literal parts of its
// other segments, their words; longest first within each group, and only
// parts of 3 characters or more. Among the paths holding the part, those
// holding it in the same case come first, then those where it is a whole
// segment, then shorter paths, then in byte order. The suggested value is
// the run of whole segments that holds the part, as a name, or else as
// "**/" and that run escaped, or else the absolute path.
func (f PathFilter) Suggest(paths []string, n int) []PathSuggestion {
	if f.IsZero() || n <= 0 || len(paths) == 0 {
		return nil
	}
	src := f.value
	if f.kind == pathPrefix {
		src = f.arg
	}
	shared := len(commonFolder(paths))
	for _, needle := range suggestionNeedles(src) {
		type hit struct {
			path         string
			start, end   int // the run of whole segments holding the needle
			exact, whole bool
		}
		var hits []hit
		for _, p := range paths {
			// Only occurrences that end past the shared folders.
			from := max(0, shared-len(needle)+1)
			i, exact := indexFold(p[from:], needle)
			if i < 0 {
				continue
			}
			i += from
			j := i + len(needle)
			start := strings.LastIndexByte(p[:i], '/') + 1
			end := len(p)
			if k := strings.IndexByte(p[j:], '/'); k >= 0 {
				end = j + k
			}
			hits = append(hits, hit{p, start, end, exact, start == i && end == j})
		}
		if len(hits) == 0 {
			continue
		}
		slices.SortFunc(hits, func(a, b hit) int {
			switch {
			case a.exact != b.exact:
				return boolFirst(a.exact)
			case a.whole != b.whole:
				return boolFirst(a.whole)
			case len(a.path) != len(b.path):
				return len(a.path) - len(b.path)
			}
			return strings.Compare(a.path, b.path)
		})
		var out []PathSuggestion
		for _, h := range hits[:min(n, len(hits))] {
			out = append(out, PathSuggestion{Path: h.path, Flag: flagFor(h.path, h.path[h.start:h.end])})
		}
		return out
	}
	return typoSuggestions(src, paths, shared, n)
}

// typoSuggestions suggests, when no part of the value is in any path, the
// indexed folders and files whose name is a few edits (Levenshtein
// distance: one for a name under 6 characters, else two) from the value's
// last segment (4 characters or more, not a glob), past the folders every
// path shares: "gardn" finds "garden", "tomato.md" "tomatoes.md".
// Closest first, then shorter paths, then in byte order.
func typoSuggestions(value string, paths []string, shared, n int) []PathSuggestion {
	base := strings.ToLower(filepath.Base(filepath.ToSlash(value)))
	if utf8.RuneCountInString(base) < 4 || strings.ContainsAny(base, "*?[{") {
		return nil
	}
	limit := 1
	if utf8.RuneCountInString(base) >= 6 {
		limit = 2
	}
	type hit struct {
		path, seg string
		d         int
	}
	var hits []hit
	for _, p := range paths {
		best := hit{d: limit + 1}
		start := strings.LastIndexByte(p[:min(shared, len(p))], '/') + 1
		for _, seg := range strings.Split(p[start:], "/") {
			if seg == "" {
				continue
			}
			if d := levenshtein.ComputeDistance(base, strings.ToLower(seg)); d < best.d {
				best = hit{p, seg, d}
			}
		}
		if best.d <= limit {
			hits = append(hits, best)
		}
	}
	slices.SortFunc(hits, func(a, b hit) int {
		return cmp.Or(a.d-b.d, len(a.path)-len(b.path), strings.Compare(a.path, b.path))
	})
	var out []PathSuggestion
	for _, h := range hits[:min(n, len(hits))] {
		out = append(out, PathSuggestion{Path: h.path, Flag: flagFor(h.path, h.seg)})
	}
	return out
}

// boolFirst orders true before false.
func boolFirst(a bool) int {
	if a {
		return -1
	}
	return 1
}

// flagFor returns a --path value that matches p, made from run (whole
// segments of p): run itself when it is a name that matches p here,
// else "**/" and run escaped, else p.
func flagFor(p, run string) string {
	var cands []string
	if !strings.ContainsAny(run, globMeta) {
		cands = append(cands, run)
	}
	cands = append(cands, "**/"+escapeGlob(run))
	for _, c := range cands {
		if f, err := NewPathFilter(c); err == nil && f.Match(p) {
			return c
		}
	}
	if strings.ContainsAny(p, globMeta) {
		return escapeGlob(p)
	}
	return p
}

// suggestionNeedles lists the parts of value that Suggest looks for, in
// order (see there).
func suggestionNeedles(value string) []string {
	var segs []string
	for _, s := range strings.Split(filepath.ToSlash(value), "/") {
		if s != "" && s != "." && s != ".." {
			segs = append(segs, s)
		}
	}
	if len(segs) == 0 {
		return nil
	}
	var out []string
	add := func(s string) {
		s = strings.Trim(s, "/")
		if utf8.RuneCountInString(s) < minNeedle {
			return
		}
		for _, o := range out {
			if strings.EqualFold(o, s) {
				return
			}
		}
		out = append(out, s)
	}
	add(longest(literalParts(strings.Join(segs, "/"))))
	baseParts := literalParts(segs[len(segs)-1])
	base := longest(baseParts)
	add(base)
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		add(base[:i])
	}
	byLength := func(ss []string) []string {
		slices.SortStableFunc(ss, func(a, b string) int { return len(b) - len(a) })
		return ss
	}
	for _, w := range byLength(words(baseParts)) {
		add(w)
	}
	var rest []string
	for _, s := range segs[:len(segs)-1] {
		rest = append(rest, literalParts(s)...)
	}
	for _, s := range byLength(slices.Clone(rest)) {
		add(s)
	}
	for _, w := range byLength(words(rest)) {
		add(w)
	}
	return out
}

// words returns the runs of letters and digits of ss.
func words(ss []string) []string {
	var out []string
	for _, s := range ss {
		out = append(out, strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })...)
	}
	return out
}

// commonFolder returns the longest folder prefix, ending in "/", that all
// of paths share ("" when they share none).
func commonFolder(paths []string) string {
	prefix := paths[0]
	for _, p := range paths[1:] {
		for !strings.HasPrefix(p, prefix) {
			prefix = prefix[:len(prefix)-1]
		}
	}
	if p := paths[0]; len(paths) == 1 || prefix == p {
		// A single path: its folder.
		prefix = p[:strings.LastIndexByte(p, '/')+1]
	}
	return prefix[:strings.LastIndexByte(prefix, '/')+1]
}

// literalParts splits a glob into the literal texts between its special
// terms (wildcards, classes, alternatives), with escapes resolved.
func literalParts(glob string) []string {
	var parts []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			parts = append(parts, cur.String())
			cur.Reset()
		}
	}
	for i := 0; i < len(glob); i++ {
		switch c := glob[i]; c {
		case '\\':
			if i+1 < len(glob) {
				i++
				cur.WriteByte(glob[i])
			}
		case '*', '?':
			flush()
		case '[':
			flush()
			j := i + 1
			if j < len(glob) && (glob[j] == '!' || glob[j] == '^') {
				j++
			}
			if j < len(glob) {
				j++ // a ']' right after '[' belongs to the class
			}
			for j < len(glob) && glob[j] != ']' {
				if glob[j] == '\\' {
					j++
				}
				j++
			}
			i = j
		case '{':
			flush()
			depth := 1
			for i++; i < len(glob) && depth > 0; i++ {
				switch glob[i] {
				case '\\':
					i++
				case '{':
					depth++
				case '}':
					depth--
				}
			}
			i--
		default:
			cur.WriteByte(c)
		}
	}
	flush()
	return parts
}

func longest(ss []string) string {
	var l string
	for _, s := range ss {
		if len(s) > len(l) {
			l = s
		}
	}
	return l
}

// indexFold returns the byte offset of the first occurrence of sub in s,
// preferring one in the same case (exact true), else ignoring case
// (simple Unicode folding, same byte length); -1 when there is none.
func indexFold(s, sub string) (int, bool) {
	if i := strings.Index(s, sub); i >= 0 {
		return i, true
	}
	for i := 0; i+len(sub) <= len(s); i++ {
		if utf8.RuneStart(s[i]) && strings.EqualFold(s[i:i+len(sub)], sub) {
			return i, false
		}
	}
	return -1, false
}

// DocumentFilter is a PathFilter resolved against one collection: the ids of
// the documents it lets through. The zero value lets every document through.
type DocumentFilter struct {
	active bool
	ids    []int64
}

// MatchesNone reports whether the filter lets no document through.
func (d DocumentFilter) MatchesNone() bool { return d.active && len(d.ids) == 0 }

// Len returns the number of documents the filter lets through, or -1 when
// it lets every document through.
func (d DocumentFilter) Len() int {
	if !d.active {
		return -1
	}
	return len(d.ids)
}
