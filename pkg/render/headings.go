package render

import "strings"

// setextParagraph reports whether lines can be the text of a setext
// heading: plain paragraph lines, none a list item, fence, rule or
// front-matter delimiter (after those, "---" is a thematic break).
func setextParagraph(lines []string) bool {
	for _, l := range lines {
		if listItemRe.MatchString(l) || isFenceLine(l) || setextRe.MatchString(l) || strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t") {
			return false
		}
	}
	return true
}

func demoteHeadings(lines []string) []string {
	code := codeLines(lines)
	var out []string
	para := 0          // index in out where the current paragraph starts
	needBlank := false // a bold line was written: a blank line must follow
	add := func(l string) {
		if needBlank && strings.TrimSpace(l) != "" {
			out = append(out, "")
			para = len(out)
		}
		needBlank = false
		out = append(out, l)
	}
	bold := func(text string) {
		if len(out) > 0 && strings.TrimSpace(out[len(out)-1]) != "" {
			out = append(out, "")
		}
		if text != "" {
			out = append(out, "**"+text+"**")
		}
		para = len(out)
		needBlank = true
	}
	for i, l := range lines {
		switch {
		case code[i]:
			add(l)
		case strings.TrimSpace(l) == "":
			add(l)
			para = len(out)
		case headingRe.MatchString(l):
			bold(strings.TrimSpace(headingRe.FindStringSubmatch(l)[2]))
		case setextRe.MatchString(l) && para < len(out) && i > 0 && !code[i-1] && setextParagraph(out[para:]) &&
			!isTableLine(out, para) && !quoteRe.MatchString(out[para]):
			var words []string
			for _, p := range out[para:] {
				words = append(words, strings.TrimSpace(p))
			}
			out = out[:para]
			bold(strings.Join(words, " "))
		default:
			add(l)
		}
	}
	return out
}

// dropCrumbHeadings removes the headings at the start of a passage's text
// that its breadcrumb ("[A > B > C]") already shows above it.
func dropCrumbHeadings(content, breadcrumb string) string {
	crumbs := map[string]bool{}
	for _, c := range strings.Split(strings.Trim(breadcrumb, "[]"), " > ") {
		crumbs[strings.TrimSpace(c)] = true
	}
	lines := strings.Split(content, "\n")
	i := 0
	for i < len(lines) {
		t := lines[i]
		if strings.TrimSpace(t) == "" {
			i++
			continue
		}
		m := headingRe.FindStringSubmatch(t)
		if m == nil || !crumbs[strings.TrimSpace(m[2])] {
			break
		}
		i++
	}
	if i == len(lines) {
		return content // only headings: keep them
	}
	return strings.Join(lines[i:], "\n")
}
