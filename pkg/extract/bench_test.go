package extract

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// BenchmarkPDF extracts gnuplot.pdf (311 pages): pages/s is the figure
// (scripts/bench-formats prints it). "pdftotext" is the converter alone,
// "extract" the whole adapter (pdftotext -bbox-layout read as a stream, qpdf's
// outline, headers, hyphens, sections).
func BenchmarkPDF(b *testing.B) {
	if _, err := os.Stat(gnuplotPDF); err != nil {
		b.Fatalf("%s is missing: run scripts/install-formats.sh", gnuplotPDF)
	}
	const pages = 311
	b.Run("pdftotext", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if err := exec.Command("pdftotext", "-bbox-layout", gnuplotPDF, "/dev/null").Run(); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(pages*b.N)/b.Elapsed().Seconds(), "pages/s")
	})
	b.Run("extract", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := File(context.Background(), gnuplotPDF, opts); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(pages*b.N)/b.Elapsed().Seconds(), "pages/s")
	})
}

// BenchmarkHTML extracts every page of the PostgreSQL manual: files/s and
// MB/s (of HTML) are the figures.
func BenchmarkHTML(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(pgManual, "*.html"))
	if len(files) == 0 {
		b.Fatalf("%s is missing: run scripts/install-formats.sh", pgManual)
	}
	var bytes int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			if _, err := File(context.Background(), f, opts); err != nil && !errors.Is(err, ErrSkipped) {
				b.Fatal(err)
			}
		}
	}
	b.StopTimer()
	for _, f := range files {
		raw, _ := ReadFile(f, opts.MaxBytes)
		bytes += int64(len(raw))
	}
	b.ReportMetric(float64(len(files)*b.N)/b.Elapsed().Seconds(), "files/s")
	b.ReportMetric(float64(bytes*int64(b.N))/1e6/b.Elapsed().Seconds(), "MB/s")
}
