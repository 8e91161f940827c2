package render

import (
	"strings"

	htext "github.com/hrag-dev/hrag/pkg/text"
)

// isTableRow reports whether a line is a row of a pipe table.
func isTableRow(l string) bool {
	t := strings.TrimSpace(l)
	return strings.HasPrefix(t, "|") || strings.HasSuffix(t, "|") && strings.Count(t, "|") >= 2
}

// isTableLine reports whether lines[i] belongs to a pipe table: it starts
// with "|", or it is a row cut at its start ("10.0.0.5 | nginx |") right
// before one that does or at the end of its paragraph.
func isTableLine(lines []string, i int) bool {
	t := strings.TrimSpace(lines[i])
	if strings.HasPrefix(t, "|") {
		return true
	}
	if !strings.HasSuffix(t, "|") {
		return false
	}
	if i+1 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i+1]), "|") {
		return true
	}
	return isTableRow(t) && (i+1 == len(lines) || strings.TrimSpace(lines[i+1]) == "")
}

// joinRow writes cells as a table row.
func joinRow(cs []string) string {
	return "| " + strings.Join(cs, " | ") + " |"
}

// fixTables makes every run of pipe-table rows a table glamour can lay out:
// rows without a header row (the chunk starts inside a table) get an empty
// one, a first row cut at its start gets "…" in the cells it lost, a last
// row cut short gets "…", and a blank line separates the table from the
// text around it (else that text would be read as rows or as a header).
func fixTables(lines []string) []string {
	code := codeLines(lines)
	var out []string
	for i := 0; i < len(lines); {
		if code[i] || !isTableLine(lines, i) {
			out = append(out, lines[i])
			i++
			continue
		}
		j := i
		for j < len(lines) && !code[j] && isTableLine(lines, j) {
			j++
		}
		run := append([]string(nil), lines[i:j]...)
		hasHeader := len(run) > 1 && htext.IsDelimiterRow(run[1]) && !htext.IsDelimiterRow(run[0])
		if !hasHeader {
			delimAt := -1
			if htext.IsDelimiterRow(run[0]) {
				delimAt = 0
			}
			// Columns: the widest complete row.
			n := 0
			for k, r := range run {
				t := strings.TrimSpace(r)
				if k != delimAt && strings.HasPrefix(t, "|") && strings.HasSuffix(t, "|") {
					n = max(n, len(htext.Cells(r)))
				}
			}
			if n == 0 {
				for _, r := range run {
					n = max(n, len(htext.Cells(r)))
				}
			}
			for k, r := range run {
				if k == delimAt {
					continue
				}
				cs := htext.Cells(r)
				t := strings.TrimSpace(r)
				switch {
				case k == 0 && (!strings.HasPrefix(t, "|") || len(cs) < n) && len(run) > 1:
					pad := make([]string, max(0, n-len(cs)))
					if len(pad) > 0 {
						pad[0] = ellipsis
					}
					run[k] = joinRow(append(pad, cs...))
				case k == len(run)-1 && len(run) > 1 && (!strings.HasSuffix(t, "|") || len(cs) < n):
					if !strings.HasSuffix(t, "|") {
						cs[len(cs)-1] += ellipsis
					} else {
						cs = append(cs, ellipsis)
					}
					run[k] = joinRow(cs)
				}
			}
			header := []string{joinRow(make([]string, n)), "|" + strings.Repeat("---|", n)}
			if delimAt == 0 {
				header = header[:1]
			}
			run = append(header, run...)
		} else {
			// A header cut at its start ("Role |") loses the table: glamour
			// needs as many header cells as the delimiter row has.
			if h, d := htext.Cells(run[0]), htext.Cells(run[1]); len(h) < len(d) {
				pad := make([]string, len(d)-len(h))
				pad[0] = ellipsis
				run[0] = joinRow(append(pad, h...))
			}
			if last := strings.TrimSpace(run[len(run)-1]); len(run) > 2 && !strings.HasSuffix(last, "|") && strings.HasSuffix(strings.TrimSpace(run[len(run)-2]), "|") {
				cs := htext.Cells(last)
				cs[len(cs)-1] += ellipsis
				run[len(run)-1] = joinRow(cs)
			}
		}
		if len(out) > 0 && strings.TrimSpace(out[len(out)-1]) != "" {
			out = append(out, "")
		}
		out = append(out, run...)
		if j < len(lines) && strings.TrimSpace(lines[j]) != "" {
			out = append(out, "")
		}
		i = j
	}
	return out
}

// demoteHeadings turns ATX ("### x") and setext ("x" over "---") headings
// outside code into bold lines of their own.
