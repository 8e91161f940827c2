// Package render shows passages and answers in the terminal: Markdown
// rendered with glamour on a TTY (re-rendered while an answer streams),
// plain text when piped.
package render

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/glamour"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

// MaxWidth caps the rendered width in columns, for readability.
const MaxWidth = 100

// Markdown renders Markdown for a terminal of a given width.
type Markdown struct{ r *glamour.TermRenderer }

// NewMarkdown returns a renderer wrapping at min(width, MaxWidth) columns,
// in glamour's dark style unless GLAMOUR_STYLE says otherwise.
func NewMarkdown(width int) (*Markdown, error) {
	width = min(width, MaxWidth)
	style := os.Getenv("GLAMOUR_STYLE")
	if style == "" {
		style = "dark"
	}
	r, err := glamour.NewTermRenderer(glamour.WithStandardStyle(style), glamour.WithWordWrap(width-4))
	if err != nil {
		return nil, err
	}
	return &Markdown{r: r}, nil
}

// Render returns md rendered with ANSI styling; on error, md itself.
func (m *Markdown) Render(md string) string {
	out, err := m.r.Render(md)
	if err != nil {
		return md
	}
	return out
}

// DisplayPath shortens an absolute path for display: relative to the working
// directory when inside it, else with the home directory as "~".
func DisplayPath(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	if home, err := os.UserHomeDir(); err == nil && strings.HasPrefix(p, home+string(filepath.Separator)) {
		return "~" + p[len(home):]
	}
	return p
}

// Location is "path:start-end".
func Location(path string, start, end int) string {
	if start == end {
		return fmt.Sprintf("%s:%d", DisplayPath(path), start)
	}
	return fmt.Sprintf("%s:%d-%d", DisplayPath(path), start, end)
}

// crumb turns "[A > B]" into "A › B".
func crumb(b string) string {
	return strings.ReplaceAll(strings.Trim(b, "[]"), " > ", " › ")
}

// The text of notes is printed without control characters and terminal
// escapes (answer.Printable): a note must not move the cursor or clear the
// screen.

// PassagesMarkdown formats passages as the LLM sees them, with retrieval
// details: number, location, breadcrumb, fused score, each retriever's rank.
func PassagesMarkdown(ps []retrieve.Passage) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "### [%d] %s\n\n", p.N, Location(p.Path, p.StartLine, p.EndLine))
		if p.Breadcrumb != "" {
			fmt.Fprintf(&b, "*%s*  \n", crumb(p.Breadcrumb))
		}
		fmt.Fprintf(&b, "`score %.4f · %s · %s`\n\n", p.Score, rank("BM25", p.BM25Rank), rank("vector", p.VectorRank))
		if n := len(p.Injections); n > 0 {
			fmt.Fprintf(&b, "> **Warning:** %s\n\n", injectionNote(n))
		}
		fmt.Fprintf(&b, "%s\n\n", p.Content)
	}
	return answer.Printable(b.String())
}

// injectionNote says that n spans of a passage were masked.
func injectionNote(n int) string {
	return fmt.Sprintf("%d span(s) of this passage address an AI assistant (instructions, role changes, links to visit); masked here and never sent to the LLM (`--json` shows them)", n)
}

// PassagesPlain formats passages for a pipe: a header line per passage,
// then its text indented by four spaces.
func PassagesPlain(ps []retrieve.Passage) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "[%d] %s  score %.4f  %s  %s\n", p.N, Location(p.Path, p.StartLine, p.EndLine), p.Score, rank("bm25", p.BM25Rank), rank("vector", p.VectorRank))
		if p.Breadcrumb != "" {
			fmt.Fprintf(&b, "    %s\n", p.Breadcrumb)
		}
		if n := len(p.Injections); n > 0 {
			fmt.Fprintf(&b, "    warning: %s\n", injectionNote(n))
		}
		for _, line := range strings.Split(p.Content, "\n") {
			fmt.Fprintf(&b, "    %s\n", line)
		}
		b.WriteString("\n")
	}
	return answer.Printable(b.String())
}

func rank(name string, r int) string {
	if r == 0 {
		return name + " –"
	}
	return fmt.Sprintf("%s #%d", name, r)
}

// SourcesList is the numbered "Sources" list for an answer's citations.
func SourcesList(cs []answer.Citation) string {
	if len(cs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("Sources:\n")
	for _, c := range cs {
		fmt.Fprintf(&b, "  [%d] %s", c.N, Location(c.Path, c.StartLine, c.EndLine))
		if c.Breadcrumb != "" {
			fmt.Fprintf(&b, " › %s", crumb(c.Breadcrumb))
		}
		b.WriteString("\n")
	}
	return answer.Printable(b.String())
}

// RemovedList is the stderr note on the sentences the claim checks took out
// of an answer: one line each with the reason. The text of a sentence that
// tells the reader to act (visit, run, hand over) is not repeated.
func RemovedList(ss []answer.Sentence) string {
	var b strings.Builder
	fmt.Fprintf(&b, "removed %d sentence(s) the cited notes do not support:\n", len(ss))
	for _, s := range ss {
		if s.Reason == answer.ReasonAction {
			fmt.Fprintf(&b, "  - (not repeated) %s\n", s.Detail)
			continue
		}
		text := s.Text
		if r := []rune(text); len(r) > 100 {
			text = string(r[:99]) + "…"
		}
		fmt.Fprintf(&b, "  - %q: %s\n", text, s.Detail)
	}
	return b.String()
}
