package extract

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"gopkg.in/yaml.v3"

	"github.com/hrag-dev/hrag/pkg/text"
)

// Metadata is what a document's front matter says about it, apart from its
// title (Document.Title).
type Metadata struct {
	// Tags are the front matter's "tags" (or "tag"): a list, or one string
	// of tags separated by commas or spaces; each lower-cased, without a
	// leading '#', in order, without repeats.
	Tags []string `json:"tags,omitempty"`
	// Date is the front matter's "date" (else "created"), in UTC; zero when
	// it has none or none that parses (parseDate).
	Date time.Time `json:"date,omitzero"`
	// Aliases are other names of the document ("aliases"), as written.
	Aliases []string `json:"aliases,omitempty"`
	// Fields are the other keys with their values as the YAML or TOML
	// decoder gives them (strings, numbers, booleans, times, lists, maps).
	Fields map[string]any `json:"fields,omitempty"`
}

// IsZero reports whether m holds nothing.
func (m Metadata) IsZero() bool {
	return len(m.Tags) == 0 && m.Date.IsZero() && len(m.Aliases) == 0 && len(m.Fields) == 0
}

// FrontMatterError is a front matter block that does not parse: the file is
// read as text, front matter lines included, and indexing warns.
type FrontMatterError struct {
	Line   int    // 1-based line of the opening delimiter
	Syntax string // "YAML" or "TOML"
	Err    error  // the decoder's error
}

func (e *FrontMatterError) Error() string {
	return fmt.Sprintf("line %d: the %s front matter does not parse (%v); it was indexed as text: fix it, or remove its delimiters", e.Line, e.Syntax, e.Err)
}

func (e *FrontMatterError) Unwrap() error { return e.Err }

// MaxFrontMatterBytes bounds a front matter block that is parsed (64 KiB);
// a larger one is indexed as text, with a *FrontMatterError.
const MaxFrontMatterBytes = 64 << 10

// frontMatter reads a front matter block at the top of lines: YAML between
// "---" and "---" (or "..."), TOML between "+++" and "+++" (the
// conventions of Jekyll, Hugo and Obsidian). It returns the title, the
// metadata and the index of the first line after the block; first is 0
// when there is no block, or when it does not parse (err, a
// *FrontMatterError). A date that does not parse leaves the rest read and
// err a *DateError.
func frontMatter(lines []string) (title string, meta Metadata, first int, err error) {
	if len(lines) < 2 {
		return "", Metadata{}, 0, nil
	}
	open := strings.TrimRight(lines[0], " \t")
	syntax, closes := "", []string(nil)
	switch open {
	case "---":
		syntax, closes = "YAML", []string{"---", "..."}
	case "+++":
		syntax, closes = "TOML", []string{"+++"}
	default:
		return "", Metadata{}, 0, nil
	}
	end := -1
	for i := 1; i < len(lines); i++ {
		if slices.Contains(closes, strings.TrimRight(lines[i], " \t")) {
			end = i
			break
		}
	}
	if end < 0 {
		return "", Metadata{}, 0, nil // a thematic break, not front matter
	}
	src := strings.Join(lines[1:end], "\n")
	if len(src) > MaxFrontMatterBytes {
		// A YAML decoder's time grows faster than the block (200,000 keys
		// took minutes), and no note's properties are this long.
		return "", Metadata{}, 0, &FrontMatterError{Line: 1, Syntax: syntax,
			Err: fmt.Errorf("%d bytes, more than the %d hrag reads as front matter", len(src), MaxFrontMatterBytes)}
	}
	fields := map[string]any{}
	if syntax == "YAML" {
		var m map[string]any
		if e := yaml.Unmarshal([]byte(src), &m); e != nil {
			return "", Metadata{}, 0, &FrontMatterError{Line: 1, Syntax: syntax, Err: errors.New(fileLines(e.Error()))}
		}
		fields = m
	} else if _, e := toml.Decode(src, &fields); e != nil {
		return "", Metadata{}, 0, &FrontMatterError{Line: 1, Syntax: syntax, Err: errors.New(fileLines(e.Error()))}
	}
	if fields == nil {
		fields = map[string]any{}
	}
	switch t := fields["title"].(type) {
	case string:
		title = strings.TrimSpace(t)
		delete(fields, "title")
	case int, int64, uint64, float64, bool: // title: 2024
		title = fmt.Sprint(t)
		delete(fields, "title")
	}
	for _, k := range []string{"tags", "tag"} {
		if v, ok := fields[k]; ok {
			meta.Tags = appendTags(meta.Tags, v)
			delete(fields, k)
		}
	}
	for _, k := range []string{"date", "created"} {
		v, ok := fields[k]
		if !ok || v == nil || v == "" || !meta.Date.IsZero() {
			continue
		}
		if d, ok := parseDate(v); ok {
			meta.Date = d
			delete(fields, k)
		} else {
			// Kept as a field, and said: the file's time dates the note.
			err = &DateError{Line: keyLine(lines[:end], k), Key: k, Value: fmt.Sprint(v)}
		}
	}
	if v, ok := fields["aliases"]; ok {
		meta.Aliases = strings_(v)
		delete(fields, "aliases")
	}
	if len(fields) > 0 {
		meta.Fields = jsonable(fields, 0).(map[string]any)
	}
	return title, meta, end + 1, err
}

// DateError is a front matter date that hrag cannot read: the note is
// indexed, dated by its file's modification time, and indexing warns.
type DateError struct {
	Line       int    // 1-based line of the key in the file
	Key, Value string // "date" or "created", and its value as written
}

func (e *DateError) Error() string {
	return fmt.Sprintf("line %d: front matter %s %q is not a date hrag reads (write %s); the file's modification time dates the note", e.Line, e.Key, e.Value, text.DateFormats)
}

// keyLine is the 1-based line of lines (a front matter block with its
// opening delimiter) that sets key, 1 when none does.
func keyLine(lines []string, key string) int {
	for i, l := range lines {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), key); ok && strings.HasPrefix(strings.TrimSpace(rest), ":") || ok && strings.HasPrefix(strings.TrimSpace(rest), "=") {
			return i + 1
		}
	}
	return 1
}

// decoderLineRe finds a decoder's line numbers ("yaml: line 2:", "already
// defined at line 1", "toml: line 2"), counted from the block's first line.
var decoderLineRe = regexp.MustCompile(`\bline (\d+)`)

// fileLines rewrites a decoder's error message for the file: its line
// numbers counted in the file (the block starts on line 2) and on one line.
func fileLines(msg string) string {
	msg = decoderLineRe.ReplaceAllStringFunc(msg, func(m string) string {
		n, _ := strconv.Atoi(strings.TrimPrefix(m, "line "))
		return "line " + strconv.Itoa(n+1)
	})
	return strings.Join(strings.Fields(msg), " ")
}

// maxMetaDepth is how deep front matter values are kept; deeper ones
// become a note (PostgreSQL's jsonb refuses very deep values).
const maxMetaDepth = 32

// jsonable returns v with every map keyed by strings, every float finite
// (a YAML map with number keys, .nan and .inf) and nothing nested deeper
// than maxMetaDepth, so that the metadata always encodes as JSON and
// stores; other values are kept.
func jsonable(v any, depth int) any {
	if depth > maxMetaDepth {
		return fmt.Sprintf("(nested deeper than %d levels)", maxMetaDepth)
	}
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = jsonable(e, depth+1)
		}
		return out
	case map[any]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[fmt.Sprint(k)] = jsonable(e, depth+1)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonable(e, depth+1)
		}
		return out
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Sprint(x)
		}
	}
	return v
}

// appendTags adds the tags of v (a list, or a string of tags separated by
// commas or white space) to tags, normalised (text.NormalizeTag), without
// repeats.
func appendTags(tags []string, v any) []string {
	var raw []string
	switch x := v.(type) {
	case string:
		raw = strings.FieldsFunc(x, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	default:
		raw = strings_(v)
	}
	for _, t := range raw {
		if t = text.NormalizeTag(t); t != "" && !slices.Contains(tags, t) {
			tags = append(tags, t)
		}
	}
	return tags
}

// strings_ returns the scalar items of a list value as strings (a lone
// scalar as one).
func strings_(v any) []string {
	var out []string
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			switch e.(type) {
			case nil, map[string]any, map[any]any, []any:
			default:
				out = append(out, strings.TrimSpace(fmt.Sprint(e)))
			}
		}
	case []string:
		out = append(out, x...)
	case nil:
	case map[string]any, map[any]any:
		// a mapping is no tag, alias or list of them
	default:
		out = append(out, strings.TrimSpace(fmt.Sprint(x)))
	}
	return out
}

// parseDate reads a front matter date: a decoded time (YAML timestamp,
// TOML date or date-time), a string text.ParseDate reads, or a number: a
// year (2024), a day written 20240301, or Unix time in seconds or, from
// 10^11 on, milliseconds (Dendron).
func parseDate(v any) (time.Time, bool) {
	switch x := v.(type) {
	case time.Time: // a TOML local date or date-time is in a zone of offset 0
		return x.UTC(), true
	case string:
		t, _, ok := text.ParseDate(x)
		return t, ok
	case int:
		return parseDate(int64(x))
	case uint64:
		return parseDate(int64(x))
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return parseDate(int64(x))
		}
	case int64:
		switch {
		case x >= 1000 && x <= 9999, x >= 19000101 && x <= 29991231:
			t, _, ok := text.ParseDate(strconv.FormatInt(x, 10))
			return t, ok
		case x >= 1e11:
			return time.UnixMilli(x).UTC(), true
		case x >= 1e9:
			return time.Unix(x, 0).UTC(), true
		}
	}
	return time.Time{}, false
}

// FrontMatterLen is the length in bytes of the front matter block that
// opens a Markdown text (its closing delimiter's line end included), 0 when
// it has none or one that does not parse: what must not be read as body
// text (chunk.MaskJunk leaves it alone).
func FrontMatterLen(text string) int {
	if !strings.HasPrefix(text, "---") && !strings.HasPrefix(text, "+++") {
		return 0
	}
	lines := strings.Split(text, "\n")
	_, _, first, err := frontMatter(lines)
	var fmErr *FrontMatterError
	if first == 0 || errors.As(err, &fmErr) {
		return 0
	}
	n := 0
	for _, l := range lines[:first] {
		n += len(l) + 1
	}
	return min(n, len(text))
}
