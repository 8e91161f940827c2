package extract

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

var (
	rstDirective = regexp.MustCompile(`^\.\.[ \t]+([A-Za-z0-9_:+.-]+)::[ \t]*(.*)$`)
	rstExplicit  = regexp.MustCompile(`^\.\.([ \t]|$)`)
	rstOption    = regexp.MustCompile(`^[ \t]+:[A-Za-z0-9_ -]+:`)
)

// ParseRST parses reStructuredText (the docutils reStructuredText Markup
// Specification): a title line underlined (and optionally overlined) with a
// punctuation character opens a section, levels numbered in the order the
// adornment styles first appear; the first level-1 title names the
// document. Comments (`.. text`) are left out; `code`, `code-block` and
// `sourcecode` directives become fenced code blocks, other directives keep
// their content and lose the directive and option lines. Title lines are
// shown as Markdown headers; the adornment lines are left out. text must use
// "\n" line ends.
func ParseRST(path, text string) Document {
	lines := strings.Split(text, "\n")
	var (
		o      outline
		styles []string
		para   []string
		paraAt int
	)
	flush := func(end int) {
		if len(para) > 0 {
			o.block(Block{Text: strings.Join(para, "\n"), StartLine: paraAt, EndLine: end})
			para = nil
		}
	}
	level := func(style string) int {
		for i, s := range styles {
			if s == style {
				return i + 1
			}
		}
		styles = append(styles, style)
		return len(styles)
	}
	blank := func(i int) bool { return i < 0 || i >= len(lines) || strings.TrimSpace(lines[i]) == "" }
	// indented returns the end (exclusive) of the indented block after
	// line i, blank lines inside it included.
	indented := func(i int) int {
		end := i + 1
		for j := i + 1; j < len(lines); j++ {
			if strings.TrimSpace(lines[j]) == "" {
				continue
			}
			if lines[j][0] != ' ' && lines[j][0] != '\t' {
				break
			}
			end = j + 1
		}
		return end
	}
	for i := 0; i < len(lines); i++ {
		ln, no := lines[i], i+1
		// A title: text over an adornment at least as long, after a blank
		// line or an overline of the same character.
		if t := strings.TrimSpace(ln); t != "" && adornment(ln) == "" && i+1 < len(lines) && len(para) == 0 {
			if c := adornment(lines[i+1]); c != "" && utf8.RuneCountInString(strings.TrimSpace(lines[i+1])) >= utf8.RuneCountInString(t) {
				style := c
				if i > 0 && strings.TrimSpace(lines[i-1]) == strings.TrimSpace(lines[i+1]) {
					style = "over" + style
				}
				lv := level(style)
				o.header(lv, t, &Block{Text: strings.Repeat("#", min(lv, 6)) + " " + t, StartLine: no, EndLine: no})
				i++
				continue
			}
		}
		if adornment(ln) != "" && blank(i-1) {
			flush(no - 1)
			continue // an overline (its title follows) or a transition
		}
		if m := rstDirective.FindStringSubmatch(ln); m != nil {
			flush(no - 1)
			end := indented(i)
			body := i + 1
			for body < end && rstOption.MatchString(lines[body]) {
				body++
			}
			switch strings.ToLower(m[1]) {
			case "code", "code-block", "sourcecode":
				// One text line per file line: the directive line holds the
				// opening fence, the (blank) line after the code the closing one.
				code := []string{"```" + strings.TrimSpace(m[2])}
				code = append(code, dedent(lines[i+1:end])...)
				for k := 1; k < body-i; k++ {
					code[k] = "" // option lines
				}
				endLine := min(end+1, len(lines))
				o.block(Block{Text: strings.Join(append(code, "```"), "\n"), StartLine: no, EndLine: endLine, Code: true})
				i = endLine - 1
			default:
				for j, l := range dedent(lines[body:end]) {
					if strings.TrimSpace(l) == "" {
						flush(body + j)
						continue
					}
					if len(para) == 0 {
						paraAt = body + j + 1
					}
					para = append(para, l)
				}
				flush(end)
				i = end - 1
			}
			continue
		}
		if rstExplicit.MatchString(ln) && !strings.HasPrefix(ln, ".. _") && !strings.HasPrefix(ln, ".. |") && !strings.HasPrefix(ln, ".. [") {
			flush(no - 1)
			i = indented(i) - 1 // a comment, with its indented lines
			continue
		}
		if strings.TrimSpace(ln) == "" {
			flush(no - 1)
			continue
		}
		if len(para) == 0 {
			paraAt = no
		}
		para = append(para, ln)
	}
	flush(len(lines))
	return o.document(path, "", nil)
}

// adornment returns the character of an RST adornment line (two or more of
// one punctuation character, nothing else but trailing space), else "".
func adornment(line string) string {
	l := strings.TrimRight(line, " \t")
	if len(l) < 2 || !strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", rune(l[0])) {
		return ""
	}
	if strings.Trim(l, l[:1]) != "" {
		return ""
	}
	return l[:1]
}

// dedent removes the indentation that all non-blank lines share.
func dedent(ls []string) []string {
	common := -1
	for _, l := range ls {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if common < 0 || n < common {
			common = n
		}
	}
	out := make([]string, len(ls))
	for i, l := range ls {
		if len(l) >= common && common > 0 {
			out[i] = l[common:]
		} else {
			out[i] = strings.TrimLeft(l, " \t")
		}
	}
	return out
}
