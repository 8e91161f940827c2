package extract

import (
	"fmt"
	"math"
	"slices"
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
	// it has none or none that parses (DateLayouts).
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

// DateLayouts are the layouts a front matter date written as a string is
// read with, in order (a YAML timestamp or TOML date is read as such):
// RFC 3339, date and time with or without seconds, a date alone.
var DateLayouts = []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02"}

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

// frontMatter reads a front matter block at the top of lines: YAML between
// "---" and "---" (or "..."), TOML between "+++" and "+++" (the
// conventions of Jekyll, Hugo and Obsidian). It returns the title, the
// metadata and the index of the first line after the block; first is 0
// when there is no block, or when it does not parse (err, a
// *FrontMatterError).
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
	fields := map[string]any{}
	if syntax == "YAML" {
		var m map[string]any
		if e := yaml.Unmarshal([]byte(src), &m); e != nil {
			return "", Metadata{}, 0, &FrontMatterError{Line: 1, Syntax: syntax, Err: e}
		}
		fields = m
	} else if _, e := toml.Decode(src, &fields); e != nil {
		return "", Metadata{}, 0, &FrontMatterError{Line: 1, Syntax: syntax, Err: e}
	}
	if fields == nil {
		fields = map[string]any{}
	}
	if t, ok := fields["title"].(string); ok {
		title = strings.TrimSpace(t)
		delete(fields, "title")
	}
	for _, k := range []string{"tags", "tag"} {
		if v, ok := fields[k]; ok {
			meta.Tags = appendTags(meta.Tags, v)
			delete(fields, k)
		}
	}
	for _, k := range []string{"date", "created"} {
		if v, ok := fields[k]; ok && meta.Date.IsZero() {
			if d, ok := parseDate(v); ok {
				meta.Date = d
				delete(fields, k)
			}
		}
	}
	if v, ok := fields["aliases"]; ok {
		meta.Aliases = strings_(v)
		delete(fields, "aliases")
	}
	if len(fields) > 0 {
		meta.Fields = jsonable(fields).(map[string]any)
	}
	return title, meta, end + 1, nil
}

// jsonable returns v with every map keyed by strings and every float
// finite (a YAML map with number keys, .nan and .inf), so that the
// metadata always encodes as JSON; other values are kept.
func jsonable(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = jsonable(e)
		}
		return out
	case map[any]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[fmt.Sprint(k)] = jsonable(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonable(e)
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
// TOML date or date-time), or a string in one of DateLayouts.
func parseDate(v any) (time.Time, bool) {
	switch x := v.(type) {
	case time.Time: // a TOML local date or date-time is in a zone of offset 0
		return x.UTC(), true
	case string:
		s := strings.TrimSpace(x)
		for _, l := range DateLayouts {
			if d, err := time.Parse(l, s); err == nil {
				return d.UTC(), true
			}
		}
	}
	return time.Time{}, false
}
