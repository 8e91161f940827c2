package chunk

import (
	"path/filepath"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// Document is a parsed file: its title and its sections in order.
type Document struct {
	// Title names the document: the front matter's title, else the first
	// level-1 header, else the file name without extension.
	Title string
	// Sections partition the document body at headers. Every non-blank line
	// of the body outside front matter belongs to exactly one block.
	Sections []Section
}

// Section is the run of blocks under one header (or before the first one).
type Section struct {
	// Path is the breadcrumb of enclosing headers, outermost first; a
	// document-level title is its first element when one applies.
	Path []string
	// Blocks are the section's paragraphs, code blocks and header lines.
	Blocks []Block
}

// Block is a paragraph, a fenced code block, or a header line, verbatim.
type Block struct {
	Text      string
	StartLine int // 1-based line in the original file, inclusive
	EndLine   int // 1-based, inclusive
	Code      bool
	Header    bool // the header line(s) that open the section
}

var (
	atxRe    = regexp.MustCompile(`^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$`)
	setextH1 = regexp.MustCompile(`^ {0,3}=+[ \t]*$`)
	setextH2 = regexp.MustCompile(`^ {0,3}-+[ \t]*$`)
	fenceRe  = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})")
	listRe   = regexp.MustCompile(`^ {0,3}([-+*>]|\d{1,9}[.)])(\s|$)`)
)

// TitleFromPath is the title of a file without one: its base name without
// extension.
func TitleFromPath(path string) string {
	base := filepath.Base(path)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// ParseText parses plain text: one section titled by the file name, blocks
// separated by blank lines. text must use "\n" line ends.
func ParseText(path, text string) Document {
	title := TitleFromPath(path)
	doc := Document{Title: title}
	sec := Section{Path: []string{title}}
	var cur []string
	start := 0
	flush := func(end int) {
		if len(cur) > 0 {
			sec.Blocks = append(sec.Blocks, Block{Text: strings.Join(cur, "\n"), StartLine: start, EndLine: end})
			cur = nil
		}
	}
	lines := strings.Split(text, "\n")
	for i, ln := range lines {
		if strings.TrimSpace(ln) == "" {
			flush(i)
			continue
		}
		if len(cur) == 0 {
			start = i + 1
		}
		cur = append(cur, ln)
	}
	flush(len(lines))
	if len(sec.Blocks) > 0 {
		doc.Sections = []Section{sec}
	}
	return doc
}

// ParseMarkdown parses Markdown (CommonMark block structure, simplified):
// YAML front matter is removed (its title names the document); ATX (`# x`)
// and setext (`x` over `===`/`---`) headers start sections; `#` lines inside
// fenced code blocks are code, not headers. text must use "\n" line ends.
func ParseMarkdown(path, text string) Document {
	lines := strings.Split(text, "\n")
	first := 0
	fmTitle := ""
	if len(lines) > 1 && strings.TrimRight(lines[0], " \t") == "---" {
		for i := 1; i < len(lines); i++ {
			l := strings.TrimRight(lines[i], " \t")
			if l == "---" || l == "..." {
				var fm map[string]any
				if yaml.Unmarshal([]byte(strings.Join(lines[1:i], "\n")), &fm) == nil {
					if t, ok := fm["title"].(string); ok {
						fmTitle = strings.TrimSpace(t)
					}
					first = i + 1
				}
				break
			}
		}
	}

	type header struct {
		level int
		text  string
	}
	var (
		stack    []header
		sections []Section
		blocks   []Block
		para     []string
		paraAt   int
		inFence  bool
		fence    string
		hasH1    bool
	)
	flushPara := func(end int) {
		if len(para) > 0 {
			blocks = append(blocks, Block{Text: strings.Join(para, "\n"), StartLine: paraAt, EndLine: end})
			para = nil
		}
	}
	paths := [][]header{}
	closeSection := func() {
		if len(blocks) > 0 {
			p := make([]header, len(stack))
			copy(p, stack)
			paths = append(paths, p)
			sections = append(sections, Section{Blocks: blocks})
			blocks = nil
		}
	}
	openHeader := func(level int, txt string, blk Block) {
		closeSection()
		for len(stack) > 0 && stack[len(stack)-1].level >= level {
			stack = stack[:len(stack)-1]
		}
		stack = append(stack, header{level, txt})
		if level == 1 {
			hasH1 = true
		}
		blk.Header = true
		blocks = append(blocks, blk)
	}

	var codeStart int
	var code []string
	for i := first; i < len(lines); i++ {
		ln := lines[i]
		lineNo := i + 1
		if inFence {
			code = append(code, ln)
			t := strings.TrimSpace(ln)
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				inFence = false
				blocks = append(blocks, Block{Text: strings.Join(code, "\n"), StartLine: codeStart, EndLine: lineNo, Code: true})
				code = nil
			}
			continue
		}
		if m := fenceRe.FindStringSubmatch(ln); m != nil {
			flushPara(lineNo - 1)
			inFence, fence, codeStart = true, m[1], lineNo
			code = []string{ln}
			continue
		}
		if strings.TrimSpace(ln) == "" {
			flushPara(lineNo - 1)
			continue
		}
		if m := atxRe.FindStringSubmatch(ln); m != nil {
			flushPara(lineNo - 1)
			openHeader(len(m[1]), strings.TrimSpace(m[2]), Block{Text: ln, StartLine: lineNo, EndLine: lineNo})
			continue
		}
		if len(para) > 0 && !listRe.MatchString(para[0]) && (setextH1.MatchString(ln) || setextH2.MatchString(ln)) {
			level := 2
			if setextH1.MatchString(ln) {
				level = 1
			}
			txt := make([]string, len(para))
			for k, p := range para {
				txt[k] = strings.TrimSpace(p)
			}
			blk := Block{Text: strings.Join(para, "\n") + "\n" + ln, StartLine: paraAt, EndLine: lineNo}
			para = nil
			openHeader(level, strings.Join(txt, " "), blk)
			continue
		}
		if len(para) == 0 {
			paraAt = lineNo
		}
		para = append(para, ln)
	}
	if inFence { // unclosed fence: keep the code as it is
		blocks = append(blocks, Block{Text: strings.Join(code, "\n"), StartLine: codeStart, EndLine: len(lines), Code: true})
	}
	flushPara(len(lines))
	closeSection()

	doc := Document{Title: fmTitle}
	if doc.Title == "" {
		for _, p := range paths {
			if len(p) > 0 && p[0].level == 1 {
				doc.Title = p[0].text
				break
			}
		}
	}
	if doc.Title == "" {
		doc.Title = TitleFromPath(path)
	}
	for k := range sections {
		var names []string
		p := paths[k]
		switch {
		case fmTitle != "":
			if len(p) == 0 || p[0].level != 1 || !strings.EqualFold(p[0].text, fmTitle) {
				names = append(names, fmTitle)
			}
		case !hasH1:
			names = append(names, doc.Title)
		}
		for _, h := range p {
			if h.text != "" {
				names = append(names, h.text)
			}
		}
		sections[k].Path = names
	}
	doc.Sections = sections
	return doc
}
