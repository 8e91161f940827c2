package chunk_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/extract"
)

// BenchmarkSplit measures chunking throughput (MB/s of document text) with
// the real MiniLM tokenizer at the model's budget (148 content tokens):
// notes = the bundled Markdown notes, long = one English paragraph of 60 KB
// (split at sentences), cjk = 30 KB of Chinese without spaces or
// punctuation (split at characters).
func BenchmarkSplit(b *testing.B) {
	tk := modeltest.Tokenizer(b)
	opts, _ := chunk.Options{ContentTokens: 400, OverlapTokens: 40, BreadcrumbTokens: 64, InputTokens: 256, SpecialTokens: 2}.Fit()
	var notes []extract.Document
	size := 0
	filepath.WalkDir("../../testdata/notes", func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".md") {
			raw, _ := os.ReadFile(p)
			notes = append(notes, extract.ParseMarkdown(p, string(raw)))
			size += len(raw)
		}
		return nil
	})
	sentence := "The quick brown fox jumps over the lazy dog while the committee reviews the quarterly budget report. "
	long := strings.Repeat(sentence, 60_000/len(sentence))
	cjk := strings.Repeat("外币汇率换算使用每日中间价", 30_000/39)
	cases := []struct {
		name string
		docs []extract.Document
		size int
	}{
		{"notes", notes, size},
		{"long", []extract.Document{extract.ParseText("long.txt", long)}, len(long)},
		{"cjk", []extract.Document{extract.ParseText("cjk.txt", cjk)}, len(cjk)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(c.size))
			for i := 0; i < b.N; i++ {
				for _, d := range c.docs {
					chunk.Split(d, opts, tk)
				}
			}
		})
	}
}
