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
// reading other files. A document pandoc cannot read is skipped
// (ErrSkipped); a missing pandoc is ErrNoConverter.
func ExtractOffice(ctx context.Context, path string, f Format, opts Options) (Document, error) {
	var html strings.Builder
	err := run(ctx, opts, func(r io.Reader) error {
		_, err := io.Copy(&html, r)
		return err
	}, "pandoc", "--sandbox", "-f", string(f), "-t", "html5", "-s", "--wrap=none", path)
	var pe *procError
	if errors.As(err, &pe) && pe.code > 0 {
		return Document{}, skip("%s document that pandoc cannot read (%s); skipped", strings.ToUpper(string(f)), firstNonEmpty(pe.stderr, fmt.Sprintf("exit status %d", pe.code)))
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
