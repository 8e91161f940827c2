package extract

import (
	"regexp"
	"strings"
)

var (
	orgHeadline = regexp.MustCompile(`^(\*+)[ \t]+(.*?)[ \t]*$`)
	orgKeyword  = regexp.MustCompile(`^[ \t]*#\+([A-Za-z_]+):[ \t]*(.*?)[ \t]*$`)
	orgBegin    = regexp.MustCompile(`(?i)^[ \t]*#\+begin_([a-z]+)[ \t]*(\S*)`)
	orgEnd      = regexp.MustCompile(`(?i)^[ \t]*#\+end_([a-z]+)[ \t]*$`)
	orgDrawer   = regexp.MustCompile(`^[ \t]*:[A-Za-z0-9_-]+:[ \t]*$`)
	orgDrawEnd  = regexp.MustCompile(`(?i)^[ \t]*:end:[ \t]*$`)
	orgComment  = regexp.MustCompile(`^[ \t]*#([ \t].*)?$`)
	orgTags     = regexp.MustCompile(`[ \t]+:[\w@#%:]+:$`)
	orgTodo     = regexp.MustCompile(`^(?:TODO|DONE|NEXT|WAITING|HOLD|CANCELLED|CANCELED|COMMENT)[ \t]+`)
	orgPriority = regexp.MustCompile(`^\[#[A-Za-z0-9]\][ \t]*`)
	orgLink     = regexp.MustCompile(`\[\[([^\]]*)\](?:\[([^\]]*)\])?\]`)
	orgRule     = regexp.MustCompile(`^[ \t]*\|-[-+|]*$`)
)

// ParseOrg parses an Org mode file (the Org syntax reference, orgmode.org):
// headlines (`*`, `**`, …) open sections of their level, with TODO keywords,
// priorities and tags left out of the breadcrumb; `#+TITLE:` names the
// document; other `#+KEYWORD:` lines, property and other drawers
// (`:PROPERTIES:` … `:END:`) and comment lines are left out of the text;
// `#+BEGIN_SRC lang` … `#+END_SRC` and `#+BEGIN_EXAMPLE` blocks become fenced
// code blocks (the fence lines take the place of the #+ lines, so line
// numbers stay exact); links show their description. Headline lines are
// shown as Markdown headers, table rules as Markdown ones. text must use
// "\n" line ends.
func ParseOrg(path, text string) Document {
	lines := strings.Split(text, "\n")
	var (
		o      outline
		title  string
		para   []string
		paraAt int
	)
	flush := func(end int) {
		if len(para) > 0 {
			o.block(Block{Text: strings.Join(para, "\n"), StartLine: paraAt, EndLine: end})
			para = nil
		}
	}
	add := func(ln string, no int) {
		if len(para) == 0 {
			paraAt = no
		}
		para = append(para, ln)
	}
	for i := 0; i < len(lines); i++ {
		ln, no := lines[i], i+1
		if m := orgHeadline.FindStringSubmatch(ln); m != nil {
			flush(no - 1)
			level := len(m[1])
			shown := orgLinks(orgTags.ReplaceAllString(m[2], ""))
			name := orgPriority.ReplaceAllString(orgTodo.ReplaceAllString(shown, ""), "")
			o.header(level, strings.TrimSpace(name), &Block{Text: strings.Repeat("#", min(level, 6)) + " " + shown, StartLine: no, EndLine: no})
			continue
		}
		if m := orgBegin.FindStringSubmatch(ln); m != nil {
			end := -1
			for j := i + 1; j < len(lines); j++ {
				if e := orgEnd.FindStringSubmatch(lines[j]); e != nil && strings.EqualFold(e[1], m[1]) {
					end = j
					break
				}
			}
			if end >= 0 {
				flush(no - 1)
				kind := strings.ToLower(m[1])
				if kind == "src" || kind == "example" {
					lang := ""
					if kind == "src" {
						lang = m[2]
					}
					code := append([]string{"```" + lang}, lines[i+1:end]...)
					o.block(Block{Text: strings.Join(append(code, "```"), "\n"), StartLine: no, EndLine: end + 1, Code: true})
				} else { // quote, verse, center, …: the text inside, as paragraphs
					for j := i + 1; j < end; j++ {
						if strings.TrimSpace(lines[j]) == "" {
							flush(j)
						} else {
							add(orgLinks(lines[j]), j+1)
						}
					}
					flush(end)
				}
				i = end
				continue
			}
		}
		if m := orgKeyword.FindStringSubmatch(ln); m != nil {
			flush(no - 1)
			if strings.EqualFold(m[1], "title") && title == "" {
				title = orgLinks(m[2])
			}
			continue
		}
		if orgDrawer.MatchString(ln) && !orgDrawEnd.MatchString(ln) {
			end := -1
			for j := i + 1; j < len(lines) && !orgHeadline.MatchString(lines[j]); j++ {
				if orgDrawEnd.MatchString(lines[j]) {
					end = j
					break
				}
			}
			if end >= 0 {
				flush(no - 1)
				i = end
				continue
			}
		}
		if orgComment.MatchString(ln) {
			flush(no - 1)
			continue
		}
		if strings.TrimSpace(ln) == "" {
			flush(no - 1)
			continue
		}
		if orgRule.MatchString(ln) {
			ln = strings.ReplaceAll(ln, "+", "|")
		}
		add(orgLinks(ln), no)
	}
	flush(len(lines))
	return o.document(path, title, nil)
}

// orgLinks replaces Org links by their description (or target).
func orgLinks(s string) string {
	return orgLink.ReplaceAllStringFunc(s, func(m string) string {
		sm := orgLink.FindStringSubmatch(m)
		if sm[2] != "" {
			return sm[2]
		}
		return sm[1]
	})
}
