package extract

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// Format names a file format hrag reads. The values are stored with each
// document (documents.format) to read its stored body back (Parse).
type Format string

// The formats, by what the file holds (Sniff).
const (
	Markdown  Format = "markdown"
	PlainText Format = "text"
	Org       Format = "org"
	RST       Format = "rst"
	HTML      Format = "html"
	PDF       Format = "pdf"
	DOCX      Format = "docx"
	ODT       Format = "odt"
)

// Lines reports whether positions in documents of this format are lines of
// the file (Markdown, plain text, Org, reStructuredText). The other formats
// have no line numbers worth citing: PDF has pages, HTML, DOCX and ODT only
// sections.
func (f Format) Lines() bool {
	switch f {
	case Markdown, PlainText, Org, RST:
		return true
	}
	return false
}

// Includes are the file-name globs of the formats hrag reads: the default
// of RAG_INCLUDE.
var Includes = []string{"*.md", "*.markdown", "*.txt", "*.org", "*.rst", "*.html", "*.htm", "*.pdf", "*.docx", "*.odt"}

// Options limits what extraction may spend on one file.
type Options struct {
	MaxBytes int64 // RAG_MAX_FILE_BYTES: larger files are skipped (ErrTooLarge)
	// Timeout bounds one file's converters (pdftotext, qpdf, pandoc) in wall
	// time (RAG_EXTRACT_TIMEOUT); 0: no limit.
	Timeout time.Duration
	// MemoryBytes bounds each converter process's address space, in bytes
	// (RAG_EXTRACT_MEMORY, applied with prlimit); 0: no limit.
	MemoryBytes int64
}

// Result is a file read and extracted.
type Result struct {
	Format Format
	// Body is what the index stores as the document's text and Parse reads
	// back: the decoded text for line formats, the Document as JSON for the
	// others (so that re-chunking needs no file and no converter).
	Body     string
	Hash     []byte // SHA-256 of the file's bytes
	Repaired int    // invalid sequences replaced by U+FFFD (line formats, HTML in its declared charset)
}

// File reads the file at path and extracts its text in the format its
// content shows (Sniff). Errors matching ErrSkipped mean that the content
// cannot be indexed (binary, too large, an encrypted, corrupt or image-only
// PDF, an HTML page of navigation only, a ZIP that is no DOCX or ODT), with
// a message naming the problem and what to do; other errors are failures
// (a converter missing, over its time or memory limit, a file unreadable).
// A cancelled ctx stops a converter.
func File(ctx context.Context, path string, opts Options) (Result, error) {
	raw, err := ReadFile(path, opts.MaxBytes)
	if err != nil {
		return Result{}, err
	}
	h := sha256.Sum256(raw)
	res := Result{Hash: h[:]}
	res.Format, err = Sniff(path, raw)
	if err != nil {
		return res, err
	}
	var doc Document
	switch res.Format {
	case Markdown, PlainText, Org, RST:
		if bytes.IndexByte(raw, 0) >= 0 {
			return res, ErrBinary
		}
		res.Body, res.Repaired = decodeText(raw)
		return res, nil
	case HTML:
		var body string
		body, res.Repaired = decodeHTML(raw)
		doc, err = ParseHTML(path, body)
	case PDF:
		doc, err = ExtractPDF(ctx, path, opts)
	case DOCX, ODT:
		doc, err = ExtractOffice(ctx, path, res.Format, opts)
	}
	if err != nil {
		return res, err
	}
	var body strings.Builder
	enc := json.NewEncoder(&body)
	enc.SetEscapeHTML(false) // "<file_name>" stays readable in the stored body
	if err := enc.Encode(doc); err != nil {
		return res, err
	}
	res.Body = strings.TrimSuffix(body.String(), "\n")
	return res, nil
}

// Parse reads a stored body (Result.Body) of a document in format f back
// into a Document: line formats are parsed (the caller may have blanked
// machine data first), the others unmarshalled.
func Parse(f Format, path, body string) (Document, error) {
	switch f {
	case Markdown:
		return ParseMarkdown(path, body), nil
	case PlainText, "":
		return ParseText(path, body), nil
	case Org:
		return ParseOrg(path, body), nil
	case RST:
		return ParseRST(path, body), nil
	}
	var doc Document
	if err := json.Unmarshal([]byte(body), &doc); err != nil {
		return doc, fmt.Errorf("stored %s document %s: %w", f, path, err)
	}
	return doc, nil
}

// Sniff tells the format of a file from its content, with the name's
// extension as a hint: a PDF header (%PDF- in the first KB) makes a PDF
// (under a note's name, only in a binary file or one ending in %%EOF); a
// ZIP archive is a DOCX when it holds word/document.xml and an ODT when its
// mimetype says so, and otherwise is skipped (ErrSkipped, naming what it
// holds); a file starting with an HTML doctype or <html> tag (under a
// note's name, only with a doctype or a closing </html>), or named .html or
// .htm, is HTML; other text is Markdown, Org or reStructuredText by
// its extension, else plain text. Binary content of no such format is
// ErrBinary; an empty file named .pdf, .docx or .odt is skipped
// (ErrSkipped), since such a document is never empty.
func Sniff(path string, raw []byte) (Format, error) {
	head := raw[:min(len(raw), 1024)]
	ext := strings.ToLower(filepath.Ext(path))
	// A note (.md, .txt, .org, .rst) may begin by quoting "%PDF-1.7" or
	// "<html>": under such a name only unmistakable content changes the
	// format (a PDF that is binary or ends in %%EOF, an HTML page with a
	// doctype or a closing </html>).
	switch ext {
	case ".pdf", ".docx", ".odt":
		if len(bytes.TrimSpace(raw)) == 0 {
			return "", skip("empty file (%d bytes), not a %s document (an interrupted download or copy?); skipped", len(raw), strings.ToUpper(ext[1:]))
		}
	}
	textName := textExtensions[ext]
	binary := bytes.IndexByte(raw, 0) >= 0 || !utf8.Valid(raw)
	// A PDF starts with its header; readers accept it anywhere in the first
	// KB, which only a binary file is taken for.
	if bytes.HasPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte("%PDF-")) &&
		(!textName || binary || bytes.Contains(raw[max(0, len(raw)-1024):], []byte("%%EOF"))) ||
		(bytes.Contains(head, []byte("%PDF-")) && bytes.IndexByte(raw, 0) >= 0) {
		return PDF, nil
	}
	if bytes.HasPrefix(raw, []byte("PK\x03\x04")) {
		return sniffZip(path, raw)
	}
	if looksHTML(head) && (!textName || bytes.HasPrefix(bytes.ToLower(bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")), []byte("<!doctype html")) ||
		bytes.Contains(bytes.ToLower(raw), []byte("</html>"))) {
		return HTML, nil
	}
	if bytes.IndexByte(raw, 0) >= 0 {
		return "", ErrBinary
	}
	switch ext {
	case ".html", ".htm", ".xhtml":
		return HTML, nil
	case ".md", ".markdown", ".mdown", ".mkd":
		return Markdown, nil
	case ".org":
		return Org, nil
	case ".rst", ".rest":
		return RST, nil
	}
	return PlainText, nil
}

// textExtensions are the names of line formats, whose content must be
// unmistakable to be read as another format (Sniff).
var textExtensions = map[string]bool{".md": true, ".markdown": true, ".mdown": true, ".mkd": true,
	".txt": true, ".text": true, ".org": true, ".rst": true, ".rest": true}

// looksHTML reports whether a file's first bytes are an HTML document's
// start: after a BOM, white space, an XML declaration and comments, a
// doctype html or an <html> tag (case-insensitive).
func looksHTML(head []byte) bool {
	s := bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	for {
		s = bytes.TrimLeft(s, " \t\r\n")
		switch {
		case bytes.HasPrefix(s, []byte("<?xml")):
			i := bytes.Index(s, []byte("?>"))
			if i < 0 {
				return false
			}
			s = s[i+2:]
			continue
		case bytes.HasPrefix(s, []byte("<!--")):
			i := bytes.Index(s, []byte("-->"))
			if i < 0 {
				return false
			}
			s = s[i+3:]
			continue
		}
		break
	}
	l := bytes.ToLower(s[:min(len(s), 14)])
	return bytes.HasPrefix(l, []byte("<!doctype html")) || bytes.HasPrefix(l, []byte("<html"))
}

// sniffZip tells a DOCX or ODT from other ZIP archives.
func sniffZip(path string, raw []byte) (Format, error) {
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return "", skip("a damaged ZIP archive (%v), not a document hrag reads; skipped", err)
	}
	var names []string
	for _, f := range zr.File {
		switch f.Name {
		case "word/document.xml":
			return DOCX, nil
		case "mimetype":
			if rc, err := f.Open(); err == nil {
				var b [64]byte
				n, _ := rc.Read(b[:])
				rc.Close()
				if strings.TrimSpace(string(b[:n])) == "application/vnd.oasis.opendocument.text" {
					return ODT, nil
				}
			}
		}
		names = append(names, f.Name)
	}
	sort.Strings(names)
	what := strings.Join(names[:min(len(names), 3)], ", ")
	if len(names) > 3 {
		what += fmt.Sprintf(" and %d more", len(names)-3)
	}
	if len(names) == 0 {
		what = "nothing"
	}
	kind := "a ZIP archive"
	switch strings.ToLower(filepath.Ext(path)) {
	case ".docx", ".odt":
		kind = "not a " + strings.ToUpper(strings.TrimPrefix(filepath.Ext(path), ".")) + " document but a ZIP archive"
	}
	return "", skip("%s holding %s (no word/document.xml, no OpenDocument text mimetype); skipped: hrag reads DOCX and ODT, not other ZIP files", kind, what)
}
