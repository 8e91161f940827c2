package extract

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ExtractOffice extracts a DOCX or ODT document (f) through pandoc, run as
// `pandoc --sandbox -f docx|odt -t html5 -s`, then ParseHTML: pandoc maps
// heading styles to h1–h6, the document's title property to <title> (else
// the file name), lists to lists and tables to tables; no Go library reads
// both formats with their heading styles. --sandbox keeps pandoc from
// reading other files. A document pandoc cannot parse is skipped
// (ErrSkipped, remembered until the file changes); a missing pandoc is
// ErrNoConverter, and pandoc failing for any other reason (out of memory
// under RAG_EXTRACT_MEMORY_BYTES, a signal, a loader error) is a failure,
// tried again on the next run.
func ExtractOffice(ctx context.Context, path string, f Format, opts Options) (Document, error) {
	var html strings.Builder
	err := run(ctx, opts, func(r io.Reader) error {
		_, err := io.Copy(&html, r)
		return err
	}, "pandoc", "--sandbox", "-f", string(f), "-t", "html5", "-s", "--wrap=none", path)
	var pe *procError
	if errors.As(err, &pe) && unreadable(pe.code) {
		return Document{}, skip("%s document that pandoc cannot read (%s); skipped: open and save it again with a word processor, or leave it out with RAG_EXCLUDE", strings.ToUpper(string(f)), firstNonEmpty(pe.stderr, fmt.Sprintf("exit status %d", pe.code)))
	}
	if err != nil {
		return Document{}, err
	}
	doc, err := ParseHTML(path, html.String())
	if errors.Is(err, ErrSkipped) {
		return doc, skip("%s document without text; skipped", strings.ToUpper(string(f)))
	}
	return doc, err
}

// unreadable reports whether pandoc's exit status says the document itself
// could not be parsed: 63 (PandocSomeError, e.g. "couldn't parse docx
// file"), 64 (PandocParseError), 65 (PandocParsecError), 92–94 (UTF-8,
// notebook and charset decoding errors), as pandoc's documentation lists
// them. Other statuses (1 for the runtime's own errors such as "failed to
// create OS thread: Cannot allocate memory", 127 for a loader error, a
// signal) are not the document's fault.
func unreadable(code int) bool {
	switch code {
	case 63, 64, 65, 92, 93, 94:
		return true
	}
	return false
}
