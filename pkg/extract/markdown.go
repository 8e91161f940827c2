package extract

import (
	"regexp"
	"strings"

	htext "github.com/hrag-dev/hrag/pkg/text"
)

var (
	atxRe    = regexp.MustCompile(`^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$`)
	setextH1 = regexp.MustCompile(`^ {0,3}=+[ \t]*$`)
	setextH2 = regexp.MustCompile(`^ {0,3}-+[ \t]*$`)
	listRe   = regexp.MustCompile(`^ {0,3}([-+*>]|\d{1,9}[.)])(\s|$)`)
)

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
// YAML or TOML front matter is removed (frontMatter: its title names the
// document, the rest is Document.Meta; one that does not parse is read as
// text, with a warning in Document.Warnings); ATX (`# x`)
// and setext (`x` over `===`/`---`) headers start sections; `#` lines inside
// fenced code blocks are code, not headers; pipe tables without outer pipes
// get them (text.PipeTableRows). text must use "\n" line ends.
func ParseMarkdown(path, text string) Document {
	lines := strings.Split(text, "\n")
	fmTitle, meta, first, fmErr := frontMatter(lines)

	var (
		o       outline
		para    []string
		paraAt  int
		inFence bool
		fence   string
	)
	flushPara := func(end int) {
		if len(para) > 0 {
			// Pipe tables get their outer pipes, so that their rows are
			// read as rows downstream (text.PipeTableRows).
			o.block(Block{Text: strings.Join(htext.PipeTableRows(para), "\n"), StartLine: paraAt, EndLine: end})
			para = nil
		}
	}
	var codeStart int
	var code []string
	for i := first; i < len(lines); i++ {
		ln := lines[i]
		lineNo := i + 1
		if inFence {
			code = append(code, ln)
			if htext.ClosesFence(ln, fence) {
				inFence = false
				o.block(Block{Text: strings.Join(code, "\n"), StartLine: codeStart, EndLine: lineNo, Code: true})
				code = nil
			}
			continue
		}
		if f, ok := htext.OpensFence(ln); ok {
			flushPara(lineNo - 1)
			inFence, fence, codeStart = true, f, lineNo
			code = []string{ln}
			continue
		}
		if strings.TrimSpace(ln) == "" {
			flushPara(lineNo - 1)
			continue
		}
		if m := atxRe.FindStringSubmatch(ln); m != nil {
			flushPara(lineNo - 1)
			o.header(len(m[1]), strings.TrimSpace(m[2]), &Block{Text: ln, StartLine: lineNo, EndLine: lineNo})
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
			o.header(level, strings.Join(txt, " "), &blk)
			continue
		}
		if len(para) == 0 {
			paraAt = lineNo
		}
		para = append(para, ln)
	}
	if inFence { // unclosed fence: keep the code as it is
		o.block(Block{Text: strings.Join(code, "\n"), StartLine: codeStart, EndLine: len(lines), Code: true})
	}
	flushPara(len(lines))
	doc := o.document(path, fmTitle, nil)
	doc.Meta = meta
	if fmErr != nil {
		doc.Warnings = append(doc.Warnings, fmErr.Error())
	}
	return doc
}
