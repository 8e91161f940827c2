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

// FuzzChunkEntryPoints feeds arbitrary bytes through what index does to a
// file (decode, blank machine data, parse as Markdown and as text, split)
// and checks: no panic; machine-data masking keeps every line; no chunk
// over the token budget; the chunks' words, joined, are the document's
// words, in order (characters, since a word longer than the budget is cut).
// Seeded with the sample notes; scripts/test runs it for a bounded time.
func FuzzChunkEntryPoints(f *testing.F) {
	seeds, _ := filepath.Glob("../../testdata/notes/*/*")
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("# T\n\n```\nunclosed fence\n"))
	f.Add([]byte("---\ntitle: x\n---\n\n# A\n## B\n###### C\ntext"))
	f.Add([]byte("+++\ntitle = \"x\"\ntags = [\"a\", \"b\"]\ndate = 2024-03-01\n+++\n\n# A\ntext"))
	f.Add([]byte("---\ntags: [a\nbroken: [\n---\n\ntext under a broken block"))
	tk := modeltest.Tokenizer(f)
	const budget = 40
	opts := chunk.Options{ContentTokens: budget, OverlapTokens: 8, BreadcrumbTokens: 12, JunkRun: 200, JunkLine: 2000}
	f.Fuzz(func(t *testing.T, raw []byte) {
		txt, err := extract.Decode(raw)
		if err != nil {
			return // binary: skipped by index
		}
		body, _ := chunk.MaskJunk(txt.Body, opts)
		if strings.Count(body, "\n") != strings.Count(txt.Body, "\n") {
			t.Fatalf("MaskJunk changed the number of lines")
		}
		for _, doc := range []extract.Document{extract.ParseMarkdown("f.md", body), extract.ParseText("f.txt", body)} {
			var words []string
			for i, c := range chunk.Split(doc, opts, tk) {
				if n := tk.Count(c.Content); n > budget {
					t.Fatalf("chunk %d has %d tokens > %d", i, n, budget)
				}
				words = append(words, strings.Fields(c.Content)...)
			}
			if got, want := strings.Join(words, ""), strings.Join(bodyWords(doc), ""); got != want {
				t.Fatalf("chunk text differs from the document's:\n%q\n%q", got, want)
			}
		}
	})
}
