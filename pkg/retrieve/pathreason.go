package retrieve

import (
	"strings"

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
