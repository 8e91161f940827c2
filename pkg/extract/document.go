// Package extract turns a file into a Document: a title, sections under
// their headers (with levels) and blocks of text with their positions, lines
// of the file or pages of a PDF. It is the first stage of the data path
// (files → extract → chunk → embed → store → …): it reads files and knows
// their formats; the chunker reads only Documents.
//
// Formats are chosen by content sniffing, with the file name's extension as
// a hint (Sniff): a PDF named .txt is read as a PDF, a ZIP named .docx that
// holds no Word document is skipped. Markdown, plain text, Org mode and
// reStructuredText are parsed here, keeping exact line numbers; HTML is
// parsed with golang.org/x/net/html; PDF text comes from poppler's
// pdftotext and the outline from qpdf, DOCX and ODT go through pandoc, each
// run as a subprocess with a time and memory limit (Options).
package extract

import (
	"path/filepath"
	"strings"
)

// Document is a parsed file: its title and its sections in order.
type Document struct {
	// Title names the document: the format's own title (front matter,
	// #+TITLE, <title>, PDF metadata), else the first level-1 header, else
	// the file name without extension.
	Title string `json:"title"`
	// Sections partition the document's text at headers. For line formats
	// every non-blank line outside front matter, drawers and keyword lines
	// belongs to exactly one block.
	Sections []Section `json:"sections"`
	// Meta is what the front matter says besides the title (Markdown only).
	Meta Metadata `json:"meta,omitzero"`
	// Warnings are problems met while parsing that did not stop it, each
	// a sentence naming its line and what to do ("line 1: the YAML front
	// matter does not parse …").
	Warnings []string `json:"warnings,omitempty"`
}

// Section is the run of blocks under one header (or before the first one).
type Section struct {
	// Path is the breadcrumb of enclosing headers, outermost first; a
	// document-level title is its first element when one applies.
	Path []string `json:"path"`
	// Blocks are the section's paragraphs, code blocks and header lines.
	Blocks []Block `json:"blocks"`
}

// Block is a paragraph, a code block, a table or a header line. Its
// position is in lines of the file for line formats (Format.Lines), in
// pages for PDF; the other fields are 0.
type Block struct {
	Text      string `json:"text"`
	StartLine int    `json:"-"`                    // 1-based line in the file, inclusive; 0: the format has no lines
	EndLine   int    `json:"-"`                    // 1-based, inclusive
	StartPage int    `json:"start_page,omitempty"` // 1-based page, inclusive; 0: the format has no pages
	EndPage   int    `json:"end_page,omitempty"`   // 1-based, inclusive
	// PageBreaks are the byte offsets in Text, ascending, where a new page
	// begins: Text[PageBreaks[i]:] is on page StartPage+i+1 (a paragraph
	// running on from one page to the next).
	PageBreaks []int `json:"page_breaks,omitempty"`
	Code       bool  `json:"code,omitempty"`
	Header     bool  `json:"header,omitempty"` // the header line(s) that open the section
}

// Text is the document's text: its blocks, in order, separated by blank
// lines.
func (d Document) Text() string {
	var b strings.Builder
	for _, s := range d.Sections {
		for _, bl := range s.Blocks {
			if b.Len() > 0 {
				b.WriteString("\n\n")
			}
			b.WriteString(bl.Text)
		}
	}
	return b.String()
}

// TitleFromPath is the title of a file without one: its base name without
// extension.
func TitleFromPath(path string) string {
	base := filepath.Base(path)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// heading is one open header of an outline being built.
type heading struct {
	level int
	text  string
}

// outline gathers blocks under headers and names the sections, by the rules
// every format shares (those of Markdown): a header closes the sections of
// its level and deeper; the title is the format's own (explicit) title, else
// the first level-1 header, else the file name; a section's path starts
// with the title when the document has an explicit title that its top
// header does not repeat, or has no explicit title and no level-1 header;
// prefix (an enclosing
// chapter named by the file, as an HTML page's "up" link) comes first.
type outline struct {
	stack    []heading
	sections []Section
	paths    [][]heading
	blocks   []Block
	hasH1    bool
}

// header opens a section at level with the header text txt; blk is the
// header's own block (marked Header), or nil when the header has no text of
// its own in the document (a PDF outline entry).
func (o *outline) header(level int, txt string, blk *Block) {
	o.close()
	for len(o.stack) > 0 && o.stack[len(o.stack)-1].level >= level {
		o.stack = o.stack[:len(o.stack)-1]
	}
	o.stack = append(o.stack, heading{level, txt})
	if level == 1 {
		o.hasH1 = true
	}
	if blk != nil {
		b := *blk
		b.Header = true
		o.blocks = append(o.blocks, b)
	}
}

// block adds a block to the open section.
func (o *outline) block(b Block) { o.blocks = append(o.blocks, b) }

// close ends the open section, if it holds any block.
func (o *outline) close() {
	if len(o.blocks) > 0 {
		o.paths = append(o.paths, append([]heading(nil), o.stack...))
		o.sections = append(o.sections, Section{Blocks: o.blocks})
		o.blocks = nil
	}
}

// document names the sections and returns the Document; explicit is the
// format's own title ("" when it has none), path the file's path.
func (o *outline) document(path, explicit string, prefix []string) Document {
	o.close()
	doc := Document{Title: explicit}
	if doc.Title == "" {
		for _, p := range o.paths {
			if len(p) > 0 && p[0].level == 1 {
				doc.Title = p[0].text
				break
			}
		}
	}
	if doc.Title == "" {
		doc.Title = TitleFromPath(path)
	}
	for k := range o.sections {
		names := append([]string(nil), prefix...)
		p := o.paths[k]
		switch {
		case explicit != "":
			if len(p) == 0 || !strings.EqualFold(p[0].text, explicit) {
				names = append(names, explicit)
			}
		case !o.hasH1:
			names = append(names, doc.Title)
		}
		for _, h := range p {
			if h.text != "" {
				names = append(names, h.text)
			}
		}
		o.sections[k].Path = names
	}
	doc.Sections = o.sections
	return doc
}

// empty reports whether d holds no block with text.
func (d Document) empty() bool {
	for _, s := range d.Sections {
		for _, b := range s.Blocks {
			if strings.TrimSpace(b.Text) != "" {
				return false
			}
		}
	}
	return true
}
