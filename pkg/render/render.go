// Package render shows passages and answers in the terminal: Markdown
// rendered with glamour on a TTY (re-rendered while an answer streams),
// plain text when piped.
package render

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

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

// PassagesMarkdown formats passages as the LLM sees them, with retrieval
// details: number, location, breadcrumb, fused score, each retriever's rank.
func PassagesMarkdown(ps []retrieve.Passage) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "### [%d] %s\n\n", p.N, Location(p.Path, p.StartLine, p.EndLine))
		if p.Breadcrumb != "" {
			fmt.Fprintf(&b, "*%s*  \n", crumb(p.Breadcrumb))
		}
		fmt.Fprintf(&b, "`score %.4f · %s · %s`\n\n%s\n\n", p.Score, rank("BM25", p.BM25Rank), rank("vector", p.VectorRank), p.Content)
	}
	return b.String()
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
		for _, line := range strings.Split(p.Content, "\n") {
			fmt.Fprintf(&b, "    %s\n", line)
		}
		b.WriteString("\n")
	}
	return b.String()
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
	return b.String()
}

// Stream shows an answer while it arrives. On a terminal it re-renders the
// Markdown received so far at most every 80 ms, replacing the previous
// rendering in place (one write per frame, so no flicker); if the rendering
// grows taller than the screen it stops redrawing and prints raw text. Off a
// terminal it writes the raw text as it comes.
type Stream struct {
	w       io.Writer
	md      *Markdown // nil: raw
	height  int
	text    strings.Builder
	lines   int // lines of the last frame
	last    time.Time
	rawMode bool
}

// NewStream returns a Stream writing to w; md nil means raw output. height is
// the terminal's height in lines.
func NewStream(w io.Writer, md *Markdown, height int) *Stream {
	return &Stream{w: w, md: md, height: height, rawMode: md == nil}
}

// Write adds a piece of the answer.
func (s *Stream) Write(delta string) {
	s.text.WriteString(delta)
	if s.rawMode {
		io.WriteString(s.w, delta)
		return
	}
	if time.Since(s.last) < 80*time.Millisecond {
		return
	}
	s.frame(s.text.String())
}

func (s *Stream) frame(md string) {
	out := s.md.Render(md)
	n := strings.Count(out, "\n")
	if n >= s.height-1 { // cannot redraw what scrolled away: continue raw
		s.rawMode = true
		s.clear()
		io.WriteString(s.w, s.text.String())
		return
	}
	var b strings.Builder
	if s.lines > 0 {
		fmt.Fprintf(&b, "\x1b[%dF\x1b[J", s.lines)
	}
	b.WriteString(out)
	io.WriteString(s.w, b.String())
	s.lines, s.last = n, time.Now()
}

func (s *Stream) clear() {
	if s.lines > 0 {
		fmt.Fprintf(s.w, "\x1b[%dF\x1b[J", s.lines)
		s.lines = 0
	}
}

// Finish shows final, the verified answer, in place of what was streamed.
func (s *Stream) Finish(final string) {
	if s.rawMode {
		if s.text.String() != final && s.md != nil {
			fmt.Fprintln(s.w)
			io.WriteString(s.w, s.md.Render(final))
			return
		}
		if !strings.HasSuffix(s.text.String(), "\n") {
			fmt.Fprintln(s.w)
		}
		return
	}
	s.text.Reset()
	s.text.WriteString(final)
	if out := s.md.Render(final); strings.Count(out, "\n") >= s.height-1 {
		s.clear()
		io.WriteString(s.w, out)
		return
	}
	s.frame(final)
}
