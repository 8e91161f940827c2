package extract

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestFrontMatter: YAML and TOML front matter give the title, tags (a list
// or a string, normalised), the date (a timestamp, a TOML date or a
// string; "created" when there is no "date"), aliases and the other keys,
// and never reach the text; a block that does not parse is read as text
// with a warning naming its line. Mutations: drop the "tag"/"tags" string
// split (the second case keeps one tag "ops, #Backup"), keep a broken
// block out of the text (the last case loses "broken: ["), or store YAML's
// number keys and .nan as decoded (the odd-values case does not encode as
// JSON).
func TestFrontMatter(t *testing.T) {
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	cases := []struct {
		name, text string
		title      string
		meta       Metadata
		warn       string
	}{
		{"yaml list", "---\ntitle: NAS notes\ntags: [homelab, NAS, homelab]\ndate: 2024-03-01\naliases: [Synology]\nowner: me\n---\n\nBody text.\n",
			"NAS notes", Metadata{Tags: []string{"homelab", "nas"}, Date: day(2024, 3, 1), Aliases: []string{"Synology"}, Fields: map[string]any{"owner": "me"}}, ""},
		{"yaml string tags, created", "---\ntags: \"ops, #Backup\"\ncreated: 2023-11-05 08:30\n---\nBody text.\n",
			"f", Metadata{Tags: []string{"ops", "backup"}, Date: time.Date(2023, 11, 5, 8, 30, 0, 0, time.UTC)}, ""},
		{"toml", "+++\ntitle = \"Car\"\ntags = [\"car\", \"Maintenance\"]\ndate = 2025-02-07\ndraft = false\n+++\n\nBody text.\n",
			"Car", Metadata{Tags: []string{"car", "maintenance"}, Date: day(2025, 2, 7), Fields: map[string]any{"draft": false}}, ""},
		{"rfc3339 string", "---\ndate: \"2024-06-01T10:00:00+02:00\"\n---\nBody text.\n",
			"f", Metadata{Date: time.Date(2024, 6, 1, 8, 0, 0, 0, time.UTC)}, ""},
		{"odd values", "---\ntags: [ok, {nested: map}, [list]]\nratio: .nan\n1: one\nobj: {2: two}\n---\nBody text.\n",
			"f", Metadata{Tags: []string{"ok"}, Fields: map[string]any{"ratio": "NaN", "1": "one", "obj": map[string]any{"2": "two"}}}, ""},
		{"jekyll date, number title", "---\ntitle: 2024\ndate: 2024-03-01 10:00:00 +0100\n---\nBody text.\n",
			"2024", Metadata{Date: time.Date(2024, 3, 1, 9, 0, 0, 0, time.UTC)}, ""},
		{"epoch milliseconds", "---\ncreated: 1709287200000\n---\nBody text.\n", "f", Metadata{Date: time.UnixMilli(1709287200000).UTC()}, ""},
		{"a year", "---\ndate: 2024\n---\nBody text.\n", "f", Metadata{Date: day(2024, 1, 1)}, ""},
		{"unreadable date", "---\ntags: [a]\ndate: today\n---\nBody text.\n",
			"f", Metadata{Tags: []string{"a"}, Fields: map[string]any{"date": "today"}}, `line 3: front matter date "today" is not a date hrag reads`},
		{"broken yaml", "---\ntags: [homelab\nbroken: [\n---\n\nBody text.\n", "f", Metadata{}, "line 1: the YAML front matter does not parse"},
		// A 200,000-key block took minutes to decode: over the bound it is
		// text, at once. Mutation: drop the MaxFrontMatterBytes test.
		{"huge yaml", hugeYAML(), "f", Metadata{}, "line 1: the YAML front matter does not parse (65"},
	}
	for _, c := range cases {
		d := ParseMarkdown("/n/f.md", c.text)
		if d.Title != c.title || !reflect.DeepEqual(d.Meta, c.meta) {
			t.Errorf("%s: title %q meta %+v; want %q %+v", c.name, d.Title, d.Meta, c.title, c.meta)
		}
		if _, err := json.Marshal(d.Meta); err != nil {
			t.Errorf("%s: metadata does not encode as JSON: %v", c.name, err)
		}
		text := d.Text()
		if c.warn == "" {
			if len(d.Warnings) != 0 || strings.TrimSpace(text) != "Body text." {
				t.Errorf("%s: warnings %q, text %q", c.name, d.Warnings, text)
			}
			continue
		}
		if len(d.Warnings) != 1 || !strings.HasPrefix(d.Warnings[0], c.warn) || c.name == "broken yaml" && !strings.Contains(text, "broken: [") {
			t.Errorf("%s: warnings %q, text %q", c.name, d.Warnings, text)
		}
	}
	// A "---" line with no closing one is a thematic break, not front matter.
	if d := ParseMarkdown("/n/f.md", "---\nNo front matter here.\n"); !d.Meta.IsZero() || len(d.Warnings) != 0 || !strings.Contains(d.Text(), "No front matter") {
		t.Errorf("thematic break: %+v", d)
	}
}

// TestFrontMatterErrors: a decoder's line numbers are the file's, on one
// line; a value nested deeper than maxMetaDepth is kept as a note, so the
// metadata still encodes. Mutation: leave the decoder's numbers as they are
// (line 2 for the TOML error on line 3).
func TestFrontMatterErrors(t *testing.T) {
	d := ParseMarkdown("/n/f.md", "+++\ntitle = \"x\"\ntags = [a]\n+++\nBody.\n")
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], "line 3") || strings.Contains(d.Warnings[0], "\n") {
		t.Errorf("TOML error: %q", d.Warnings)
	}
	d = ParseMarkdown("/n/f.md", "---\ntitle: ok\ntitle: again\n---\nBody.\n")
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], "line 3") || !strings.Contains(d.Warnings[0], "line 2") || strings.Contains(d.Warnings[0], "\n") {
		t.Errorf("duplicate key: %q", d.Warnings)
	}
	deep := "+++\nx = " + strings.Repeat("[", 100) + strings.Repeat("]", 100) + "\n+++\nBody.\n"
	d = ParseMarkdown("/n/f.md", deep)
	b, err := json.Marshal(d.Meta)
	if err != nil || !strings.Contains(string(b), "nested deeper than") {
		t.Errorf("deep value: %s (%v), warnings %q", b, err, d.Warnings)
	}
}

// hugeYAML is a note whose YAML front matter (distinct keys, valid) is just
// over MaxFrontMatterBytes.
func hugeYAML() string {
	var b strings.Builder
	b.WriteString("---\ntags: [a]\n")
	for i := 0; b.Len() <= MaxFrontMatterBytes+16; i++ {
		fmt.Fprintf(&b, "k%d: v\n", i)
	}
	b.WriteString("---\nBody text.\n")
	return b.String()
}
