// Package render shows passages and answers in the terminal: Markdown
// rendered with glamour on a TTY (re-rendered while an answer streams),
// plain text when piped.
package render

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/glamour"
	"github.com/charmbracelet/glamour/styles"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

// MaxWidth caps the rendered width in columns, for readability.
const MaxWidth = 100

// Markdown renders Markdown for a terminal of a given width.
type Markdown struct {
	r      *glamour.TermRenderer
	width  int    // columns: min(terminal width, MaxWidth)
	margin int    // the style's left margin, also used for passage headers
	plain  bool   // the style writes no escape sequences (notty, ascii)
	accent string // SGR parameters of the style's heading colour, "" if none
}

// NewMarkdown returns a renderer wrapping at min(width, MaxWidth) columns,
// in glamour's dark style unless GLAMOUR_STYLE says otherwise.
func NewMarkdown(width int) (*Markdown, error) {
	return newMarkdown(width, os.Getenv("GLAMOUR_STYLE"))
}

// newMarkdown is NewMarkdown in a given glamour style ("" = dark).
func newMarkdown(width int, style string) (*Markdown, error) {
	width = min(width, MaxWidth)
	if style == "" {
		style = "dark"
	}
	r, err := glamour.NewTermRenderer(glamour.WithStandardStyle(style), glamour.WithWordWrap(width-4))
	if err != nil {
		return nil, err
	}
	m := &Markdown{r: r, width: width, margin: 2}
	if cfg, ok := styles.DefaultStyles[style]; ok {
		if cfg.Document.Margin != nil {
			m.margin = int(*cfg.Document.Margin)
		}
		h := cfg.Heading.StylePrimitive
		m.plain = h.Color == nil && h.Bold == nil
		if h.Color != nil {
			m.accent = sgrColor(*h.Color)
		}
	}
	return m, nil
}

// sgrColor returns the SGR parameters of a glamour colour: an ANSI 256
// index ("39") or "#rrggbb"; "" for anything else.
func sgrColor(c string) string {
	if n, err := strconv.Atoi(c); err == nil && n >= 0 && n < 256 {
		return fmt.Sprintf("38;5;%d", n)
	}
	var r, g, b uint8
	if len(c) == 7 && c[0] == '#' {
		if _, err := fmt.Sscanf(c, "#%02x%02x%02x", &r, &g, &b); err == nil {
			return fmt.Sprintf("38;2;%d;%d;%d", r, g, b)
		}
	}
	return ""
}

// sgr wraps s in the SGR parameters params, unless the style is plain.
func (m *Markdown) sgr(params, s string) string {
	if m.plain || params == "" {
		return s
	}
	return "\x1b[" + params + "m" + s + "\x1b[0m"
}

// Render returns md rendered with ANSI styling, without the spaces glamour
// pads lines with (copied text would carry them); on error, md itself.
func (m *Markdown) Render(md string) string {
	out, err := m.r.Render(md)
	if err != nil {
		return md
	}
	return trailingPad.ReplaceAllStringFunc(out, func(tail string) string {
		if strings.Contains(tail, "\x1b") {
			return "\x1b[0m" // the styles end here
		}
		return ""
	})
}

// trailingPad is the end of a line made of spaces and escape sequences:
// padding, dropped (a reset is kept when styles were open).
var trailingPad = regexp.MustCompile(`(?m)(?:[ \t]|\x1b\[[0-9;]*m)+$`)

// Passages renders passages for the terminal, with retrieval details. Each
// starts with a header line written as is, never wrapped, so that the path
// can be copied (a terminal narrower than the line wraps it itself):
// number, path:lines, then fused score and each retriever's rank (on the
// next line when they do not fit). The breadcrumb follows on its own line,
// then the passage text rendered with glamour after a clean-up for display
// only (displayMarkdown): edges trimmed to sentence or block boundaries,
// tables without their header row given an empty one, headings shown as
// bold lines. The passage's Content itself is not changed.
func (m *Markdown) Passages(ps []retrieve.Passage) string {
	var b strings.Builder
	pad := strings.Repeat(" ", m.margin)
	for i, p := range ps {
		if i > 0 {
			b.WriteString("\n")
		}
		head := answer.Printable(fmt.Sprintf("[%d] %s", p.N, Location(p.Path, p.StartLine, p.EndLine, p.StartPage, p.EndPage)))
		score := fmt.Sprintf("score %.4f · %s · %s", p.Score, rank("BM25", p.BM25Rank), rank("vector", p.VectorRank))
		b.WriteString(pad + m.sgr(strings.Trim("1;"+m.accent, ";"), head))
		if utf8.RuneCountInString(head+"  "+score) <= m.width-4 {
			b.WriteString("  " + m.sgr("2", score) + "\n")
		} else {
			b.WriteString("\n" + pad + m.sgr("2", score) + "\n")
		}
		if p.Breadcrumb != "" {
			b.WriteString(pad + m.sgr("3", answer.Printable(crumb(p.Breadcrumb))) + "\n")
		}
		for _, note := range passageNotes(p) {
			b.WriteString(pad + m.sgr("2", answer.Printable(note)) + "\n")
		}
		body := displayMarkdown(dropCrumbHeadings(answer.Printable(p.Content), p.Breadcrumb), p.First, p.Last)
		if len(p.Injections) > 0 {
			body = fmt.Sprintf("> **Warning:** %s\n\n%s", injectionNote(p.Injections), body)
		}
		b.WriteString(trimBlankLines(m.Render(body)))
	}
	return b.String()
}

// trimBlankLines removes the blank lines (blank once escape sequences are
// removed) at the start and end of rendered text and ends it with "\n";
// one blank line is kept at the start, to set the text off its header.
func trimBlankLines(s string) string {
	lines := strings.Split(s, "\n")
	blank := func(l string) bool { return strings.TrimSpace(sgrRe.ReplaceAllString(l, "")) == "" }
	for len(lines) > 0 && blank(lines[0]) {
		lines = lines[1:]
	}
	for len(lines) > 0 && blank(lines[len(lines)-1]) {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return ""
	}
	return "\n" + strings.Join(lines, "\n") + "\n"
}

// sgrRe matches an SGR escape sequence (colour, bold, reset).
var sgrRe = regexp.MustCompile(`\x1b\[[0-9;]*m`)

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

// Location is where a passage lies, with the path shortened for display
// (DisplayPath): "path:start-end" for lines, "path p. 112" or
// "path p. 112–113" for PDF pages, the path alone when the format has
// neither (retrieve.Cite).
func Location(path string, startLine, endLine, startPage, endPage int) string {
	return retrieve.Cite(DisplayPath(path), startLine, endLine, startPage, endPage)
}

// crumb turns "[A > B]" into "A › B".
func crumb(b string) string {
	return strings.ReplaceAll(strings.Trim(b, "[]"), " > ", " › ")
}

// The text of notes is printed without control characters and terminal
// escapes (answer.Printable): a note must not move the cursor or clear the
// screen.

// injectionNote says how many spans of a passage may address an AI model,
// and how many of them were masked.
func injectionNote(in []retrieve.Injection) string {
	masked := 0
	for _, x := range in {
		if x.Masked {
			masked++
		}
	}
	return fmt.Sprintf("%d span(s) of this passage may address an AI assistant (instructions, role changes, links to visit): %d masked and never sent to the LLM, %d flagged and sent as quoted data (`--json` shows them)", len(in), masked, len(in)-masked)
}

// PassagesPlain formats passages for a pipe: a header line per passage,
// then its text indented by four spaces.
func PassagesPlain(ps []retrieve.Passage) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "[%d] %s  score %.4f  %s  %s\n", p.N, Location(p.Path, p.StartLine, p.EndLine, p.StartPage, p.EndPage), p.Score, rank("bm25", p.BM25Rank), rank("vector", p.VectorRank))
		if p.Breadcrumb != "" {
			fmt.Fprintf(&b, "    %s\n", p.Breadcrumb)
		}
		for _, note := range passageNotes(p) {
			fmt.Fprintf(&b, "    %s\n", note)
		}
		if len(p.Injections) > 0 {
			fmt.Fprintf(&b, "    warning: %s\n", injectionNote(p.Injections))
		}
		for _, line := range strings.Split(p.Content, "\n") {
			fmt.Fprintf(&b, "    %s\n", line)
		}
		b.WriteString("\n")
	}
	return answer.Printable(b.String())
}

// passageNotes are the lines under a passage's header about its file: that
// it changed or is gone since it was indexed, and the other files holding
// the same text.
func passageNotes(p retrieve.Passage) []string {
	var notes []string
	switch p.Stale {
	case retrieve.StaleDeleted:
		notes = append(notes, "stale: the file was deleted since it was indexed")
	case retrieve.StaleChanged:
		notes = append(notes, "stale: the file changed since it was indexed; this text may be out of date")
	}
	if len(p.AlsoIn) > 0 {
		locs := make([]string, len(p.AlsoIn))
		for i, c := range p.AlsoIn {
			locs[i] = Location(c.Path, c.StartLine, c.EndLine, c.StartPage, c.EndPage)
		}
		notes = append(notes, "also in: "+strings.Join(locs, ", "))
	}
	return notes
}

func rank(name string, r int) string {
	if r == 0 {
		return name + " –"
	}
	return fmt.Sprintf("%s #%d", name, r)
}

// Answer renders an answer for the terminal: each shown sentence with its
// citation, rendered with glamour, followed by the words of the notes it
// was checked against (its located quote), dimmed, with file and line:
//
//	The web server listens on port 8080 [2].
//	  “The web server listens on port 8080 behind the proxy” (homelab/web.md:12)
//
// The answer to a yes/no question opens with its verdict in bold ("Yes.").
// An answer without shown sentences (an abstention) is rendered as it is.
func (m *Markdown) Answer(res answer.Result) string {
	var b strings.Builder
	shown := false
	for _, s := range res.Sentences {
		if !s.Shown {
			continue
		}
		if !shown && res.Verdict != "" {
			b.WriteString(strings.TrimRight(m.Render("**"+answer.VerdictText(res.Verdict)+"**"), "\n"))
			b.WriteString("\n")
		}
		shown = true
		b.WriteString(m.Sentence(s, res.Citations))
	}
	if !shown {
		return m.Render(res.Answer)
	}
	return b.String()
}

// Sentence renders one shown sentence as Answer does: the sentence with
// its citation, then its quote, dimmed, with the file and line of the
// citation in cs that it names. The result ends with a line break.
func (m *Markdown) Sentence(s answer.Sentence, cs []answer.Citation) string {
	var b strings.Builder
	b.WriteString(strings.TrimRight(m.Render(answer.Compose([]answer.Sentence{s})), "\n"))
	b.WriteString("\n")
	if q := s.Quote; q != nil {
		for _, l := range wrap(quoteLine(q, cs), m.width-m.margin-4) {
			b.WriteString(m.dim(l))
			b.WriteString("\n")
		}
	}
	return b.String()
}

// quoteLine is a sentence's quote as Answer shows it: the located words on
// one line (white space collapsed, at most 300 characters), and where they
// are.
func quoteLine(q *answer.Quote, cs []answer.Citation) string {
	words := strings.Join(strings.Fields(strings.NewReplacer("**", "", "__", "").Replace(q.Text)), " ")
	if r := []rune(words); len(r) > 300 {
		words = string(r[:299]) + "…"
	}
	// A quote that stops inside its sentence says so ("…"), as passage
	// edges do: it reads as a whole claim otherwise.
	if last, _ := utf8.DecodeLastRuneInString(words); words != "" && !strings.ContainsRune(".!?:;|)…。", last) {
		words += "…"
	}
	loc := ""
	for _, c := range cs {
		if c.N == q.Passage {
			start, end := q.StartLine, q.EndLine
			if start == 0 {
				start, end = c.StartLine, c.EndLine
			}
			loc = " (" + Location(c.Path, start, end, q.StartPage, q.EndPage) + ")"
		}
	}
	return answer.Printable("“" + words + "”" + loc)
}

// wrap cuts s into lines of at most width columns at spaces (runes
// counted; a word longer than width stays whole), the lines after the first
// indented by four spaces.
func wrap(s string, width int) []string {
	if width < 20 {
		width = 20
	}
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = "  " + w
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > width:
			out = append(out, line)
			line = "    " + w
		default:
			line += " " + w
		}
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

// dim wraps s in the terminal's faint style, unless the style is plain.
func (m *Markdown) dim(s string) string {
	pad := strings.Repeat(" ", m.margin)
	return m.sgr("2", pad+s)
}

// SourcesList is the numbered "Sources" list for an answer's citations.
func SourcesList(cs []answer.Citation) string {
	if len(cs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("Sources:\n")
	for _, c := range cs {
		fmt.Fprintf(&b, "  [%d] %s", c.N, Location(c.Path, c.StartLine, c.EndLine, c.StartPage, c.EndPage))
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
