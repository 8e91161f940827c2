package text

import (
	"regexp"
	"strings"
)

// Markdown structure shared by the extractor, the claim checks and the
// display: code fences and pipe-table cells (CommonMark 0.31 §4.5 and the
// GFM tables extension).

var fenceLineRe = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})(.*)$")

// Fence splits a code-fence line (up to three spaces, then three or more
// backticks or tildes) into its fence characters and its info string
// (trimmed); ok is false for any other line.
func Fence(line string) (fence, info string, ok bool) {
	m := fenceLineRe.FindStringSubmatch(line)
	if m == nil {
		return "", "", false
	}
	return m[1], strings.TrimSpace(m[2]), true
}

// OpensFence returns the fence characters when line opens a fenced code
// block: a fence line whose info string holds no backtick when the fence is
// of backticks.
func OpensFence(line string) (string, bool) {
	f, info, ok := Fence(line)
	return f, ok && !(f[0] == '`' && strings.Contains(info, "`"))
}

// ClosesFence reports whether line closes a code block opened by fence: a
// fence line of the same character, at least as long, without info string.
func ClosesFence(line, fence string) bool {
	f, info, ok := Fence(line)
	return ok && info == "" && f[0] == fence[0] && len(f) >= len(fence)
}

// CodeLines marks the lines of fenced code blocks, fences included, and
// returns the fence left open at the end ("" if none) with the indexes of
// the first and last fence lines (-1 if none).
func CodeLines(lines []string) (code []bool, open string, first, last int) {
	code = make([]bool, len(lines))
	first, last = -1, -1
	for i, l := range lines {
		if open != "" {
			code[i] = true
			if ClosesFence(l, open) {
				open, last = "", i
			}
			continue
		}
		if f, ok := OpensFence(l); ok {
			open, last, code[i] = f, i, true
			if first < 0 {
				first = i
			}
		}
	}
	return code, open, first, last
}

// Cells splits a pipe-table row into its cells, trimmed, without the outer
// pipes. An escaped pipe (`\|`) stays in its cell as written, and so does a
// pipe inside a code span; UnescapeCell reads a cell's text.
func Cells(row string) []string {
	t := strings.TrimSpace(row)
	t = strings.TrimPrefix(t, "|")
	if strings.HasSuffix(t, "|") && !strings.HasSuffix(t, `\|`) {
		t = t[:len(t)-1]
	}
	var out []string
	var cur strings.Builder
	inCode := false
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c == '\\' && i+1 < len(t) && t[i+1] == '|':
			cur.WriteString(`\|`)
			i++
			continue
		case c == '`':
			inCode = !inCode
		case c == '|' && !inCode:
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
			continue
		}
		cur.WriteByte(c)
	}
	return append(out, strings.TrimSpace(cur.String()))
}

// UnescapeCell returns a cell's text with escaped pipes (`\|`) as pipes.
func UnescapeCell(cell string) string { return strings.ReplaceAll(cell, `\|`, "|") }
