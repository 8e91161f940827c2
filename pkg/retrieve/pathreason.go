package retrieve

import (
	"cmp"
	"fmt"
	"strings"
	"time"

	"github.com/hrag-dev/hrag/pkg/store"
)

// noPathMatchReason is the Reason of a retrieval whose path filter f
// matched no indexed document: the value (and the absolute path it stands
// for, when it is a path), then the values matching the indexed paths
// closest to it (store.PathFilter.Suggest), each with those paths, in
// shell quotes so that they can be pasted, each after flag (how the user
// writes the filter: "--path" on the command line, "path" for an agent):
//
//	no indexed document matches --path 'user_guide.md'; did you mean --path 'User_Guide.md' (/n/docs/User_Guide.md)?
func noPathMatchReason(f store.PathFilter, near []store.PathSuggestion, flag string) string {
	var b strings.Builder
	b.WriteString("no indexed document matches " + flag + " " + shellQuote(f.String()))
	if abs := f.Resolved(); abs != "" && abs != f.String() {
		b.WriteString(" (" + abs + ")")
	}
	// One entry per suggested value, in the order of its best path.
	var flags []string
	paths := map[string][]string{}
	for _, s := range near {
		if _, ok := paths[s.Flag]; !ok {
			flags = append(flags, s.Flag)
		}
		paths[s.Flag] = append(paths[s.Flag], s.Path)
	}
	for i, fl := range flags {
		switch {
		case i == 0:
			b.WriteString("; did you mean ")
		case i == len(flags)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(flag + " " + shellQuote(fl) + " (" + strings.Join(paths[fl], ", ") + ")")
	}
	if len(flags) > 0 {
		b.WriteString("?")
	}
	return b.String()
}

// shellQuote quotes s for a POSIX shell, always in single quotes (a glob
// must stay one).
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// noMatchReason is the Code and Reason of a retrieval whose filters let no
// document through (store.NoMatch): the path (noPathMatchReason), the tags
// with the collection's own (up to 10, most used first), or the date range
// and what a date is.
func noMatchReason(o Options, miss *store.NoMatch) (string, string) {
	switch miss.Filter {
	case store.FilterTag:
		var b strings.Builder
		b.WriteString("no indexed document")
		if !o.Path.IsZero() {
			b.WriteString(" under " + shellQuote(o.Path.String()))
		}
		if len(o.Meta.Tags) == 1 {
			b.WriteString(" has the tag " + o.Meta.Tags[0])
		} else {
			b.WriteString(" has all of the tags " + strings.Join(o.Meta.Tags, ", "))
		}
		where := "the collection's tags"
		if !o.Path.IsZero() {
			where = "the tags there"
		}
		if len(miss.Tags) == 0 {
			b.WriteString("; no document there has tags (front matter \"tags:\")")
		} else {
			var known []string
			for _, t := range miss.Tags[:min(30, len(miss.Tags))] {
				known = append(known, fmt.Sprintf("%s (%d)", t.Tag, t.Documents))
			}
			b.WriteString("; " + where + ": " + strings.Join(known, ", "))
			if len(miss.Tags) > 30 {
				b.WriteString(fmt.Sprintf(" and %d more (status lists them all)", len(miss.Tags)-30))
			}
		}
		return GateNoTagMatch, b.String()
	case store.FilterDate:
		var span string
		switch since, until := o.Meta.Since.Format(time.RFC3339), o.Meta.Until.Format(time.RFC3339); {
		case o.Meta.Until.IsZero():
			span = "on or after " + since
		case o.Meta.Since.IsZero():
			span = "on or before " + until
		default:
			span = "from " + since + " to " + until
		}
		others := ""
		if !o.Path.IsZero() || len(o.Meta.Tags) > 0 {
			others = " that passes the path and tag filters"
		}
		return GateNoDateMatch, fmt.Sprintf("no indexed document%s is dated %s (a document's date: its front matter \"date\", else its file's modification time)", others, span)
	}
	return GateNoPathMatch, noPathMatchReason(o.Path, miss.Near, cmp.Or(o.PathFlag, "--path"))
}
