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
// get them (text.PipeTableRows); HTML comments outside code are left out
// (hideComments), as a renderer hides them. text must use "\n" line ends.
func ParseMarkdown(path, text string) Document {
	lines := strings.Split(text, "\n")
	fmTitle, meta, first, fmErr := frontMatter(lines)

	var (
		o       outline
		para    []string
		paraAt  int
		inFence bool
		fence   string
		// inComment: an HTML comment opened on an earlier line is open.
		inComment bool
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
		if f, ok := htext.OpensFence(ln); ok && !inComment {
			flushPara(lineNo - 1)
			inFence, fence, codeStart = true, f, lineNo
			code = []string{ln}
			continue
		}
		ln, inComment = hideComments(ln, inComment)
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

// hideComments returns line without the HTML comments (`<!-- … -->`) that
// lie outside its code spans (backtick runs), and whether a comment is
// still open at its end; open says one was open at its start. A line that
// held only a comment comes back empty. CommonMark renders neither an HTML
// comment block nor an inline one: such text is hidden from the reader of
// the rendered note (an instruction to a model planted in a saved page is
// one), so it is left out, as the HTML extractor leaves out hidden
// elements.
func hideComments(line string, open bool) (string, bool) {
	if !open && !strings.Contains(line, "<!--") {
		return line, false
	}
	var b strings.Builder
	for i := 0; i < len(line); {
		if open {
			end := strings.Index(line[i:], "-->")
			if end < 0 {
				return b.String(), true
			}
			i, open = i+end+len("-->"), false
			continue
		}
		if line[i] == '`' { // a code span: copied whole, up to its closing run
			n := len(line[i:]) - len(strings.TrimLeft(line[i:], "`"))
			run := line[i : i+n]
			if end := strings.Index(line[i+n:], run); end >= 0 {
				b.WriteString(line[i : i+n+end+n])
				i += n + end + n
				continue
			}
			b.WriteString(run)
			i += n
			continue
		}
		if strings.HasPrefix(line[i:], "<!--") {
			i, open = i+len("<!--"), true
			continue
		}
		b.WriteByte(line[i])
		i++
	}
	return b.String(), open
}
