package chunk_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/extract"
	"github.com/hrag-dev/hrag/pkg/text"
)

func parseFile(t *testing.T, path string) extract.Document {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(b), "\r\n", "\n")
	if strings.HasSuffix(path, ".md") {
		return extract.ParseMarkdown(path, text)
	}
	return extract.ParseText(path, text)
}

// bodyWords is every whitespace-separated word of the document's blocks, in
// order: the whole file minus front matter.
func bodyWords(doc extract.Document) []string {
	var w []string
	for _, s := range doc.Sections {
		for _, b := range s.Blocks {
			w = append(w, strings.Fields(b.Text)...)
		}
	}
	return w
}

func sampleDocs(t *testing.T) map[string]extract.Document {
	docs := map[string]extract.Document{}
	for _, f := range []string{"homelab/postgres-tuning.md", "homelab/network.md", "cooking/sourdough.md",
		"cooking/ratatouille-fr.md", "papers/rag-survey-notes.md", "travel/japan-2025.txt", "travel/lisbon-packing.txt"} {
		docs[f] = parseFile(t, filepath.Join("..", "..", "testdata", "notes", f))
	}
	return docs
}

func TestSplitRespectsBudgetAndKeepsEveryWord(t *testing.T) {
	tk := modeltest.Tokenizer(t)
	for _, budget := range []int{12, 40, 150, 400} {
		opts := chunk.Options{ContentTokens: budget, OverlapTokens: 10, BreadcrumbTokens: 16}
		for name, doc := range sampleDocs(t) {
			chunks := chunk.Split(doc, opts, tk)
			var words []string
			for i, c := range chunks {
				if n := tk.Count(c.Content); n > budget || n != c.Tokens {
					t.Errorf("%s budget %d: chunk %d has %d tokens (recorded %d)", name, budget, i, n, c.Tokens)
				}
				if n := tk.Count(c.Breadcrumb); n > 16 {
					t.Errorf("%s: breadcrumb %q has %d tokens", name, c.Breadcrumb, n)
				}
				if c.Ordinal != i || c.StartLine < 1 || c.EndLine < c.StartLine {
					t.Errorf("%s: chunk %d ordinal %d lines %d-%d", name, i, c.Ordinal, c.StartLine, c.EndLine)
				}
				words = append(words, strings.Fields(c.Content)...)
			}
			want := bodyWords(doc)
			// Below the length of the longest word, that word must be cut:
			// then only the characters are kept in order.
			if got, w := strings.Join(words, ""), strings.Join(want, ""); got != w {
				t.Errorf("%s budget %d: chunk text differs from document text", name, budget)
			}
			if budget >= 40 && !reflect.DeepEqual(words, want) {
				t.Errorf("%s budget %d: chunk words differ from document words (%d vs %d)", name, budget, len(words), len(want))
			}
		}
	}
}

func TestSplitNeverSpansHeaders(t *testing.T) {
	tk := modeltest.Tokenizer(t)
	doc := parseFile(t, "../../testdata/notes/homelab/postgres-tuning.md")
	chunks := chunk.Split(doc, chunk.Options{ContentTokens: 400, OverlapTokens: 40, BreadcrumbTokens: 64}, tk)
	// Each chunk begins a section or continues the one before: header lines
	// may only open a chunk (a header-only section such as "## Memory
	// settings" opens the chunk of its first subsection), never follow text.
	for _, c := range chunks {
		text := false
		for _, l := range strings.Split(c.Content, "\n") {
			switch {
			case strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "# fetch"):
				if text {
					t.Errorf("chunk %d spans header %q", c.Ordinal, l)
				}
			case strings.TrimSpace(l) != "":
				text = true
			}
		}
	}
	var crumbs []string
	for _, c := range chunks {
		crumbs = append(crumbs, c.Breadcrumb)
	}
	want := []string{
		"[PostgreSQL on the home server]",
		"[PostgreSQL on the home server > Installation]",
		"[PostgreSQL on the home server > Memory settings > shared_buffers]",
		"[PostgreSQL on the home server > Memory settings > work_mem]",
		"[PostgreSQL on the home server > Vacuum and maintenance]",
		"[PostgreSQL on the home server > Backups]",
	}
	if !reflect.DeepEqual(crumbs, want) {
		t.Fatalf("breadcrumbs:\n got %q\nwant %q", crumbs, want)
	}
	if !strings.HasPrefix(chunks[2].Content, "## Memory settings\n\n### shared_buffers\n") {
		t.Fatalf("the header-only section does not open its subsection's chunk: %q", chunks[2].Content)
	}
	// The code block's "# fetch ..." comment stays inside the Installation chunk.
	if !strings.Contains(chunks[1].Content, "# fetch the source package") {
		t.Fatalf("code comment not in the Installation chunk: %q", chunks[1].Content)
	}
}

func TestOverlapAndEmbedText(t *testing.T) {
	tk := modeltest.Tokenizer(t)
	doc := parseFile(t, "../../testdata/notes/papers/rag-survey-notes.md")
	opts := chunk.Options{ContentTokens: 60, OverlapTokens: 12, BreadcrumbTokens: 64}
	chunks := chunk.Split(doc, opts, tk)
	overlapped := 0
	for i, c := range chunks {
		if !strings.HasPrefix(c.EmbedText(), c.Breadcrumb+"\n") || !strings.HasSuffix(c.EmbedText(), c.Content) {
			t.Fatalf("chunk %d embed text %q lacks breadcrumb or content", i, c.EmbedText())
		}
		tail := strings.TrimSuffix(strings.TrimPrefix(c.Context, c.Breadcrumb+"\n"), "\n\n")
		if i == 0 || chunks[i-1].Breadcrumb != c.Breadcrumb {
			if tail != "" {
				t.Errorf("chunk %d starts a section but carries overlap %q", i, tail)
			}
			continue
		}
		if tail == "" || !strings.HasSuffix(chunks[i-1].Content, tail) || tk.Count(tail) > 12 {
			t.Errorf("chunk %d overlap %q is not a ≤12-token tail of the previous chunk", i, tail)
		}
		overlapped++
	}
	if overlapped < 3 {
		t.Fatalf("only %d chunks carried overlap", overlapped)
	}
}

func TestFitLowersContentBudget(t *testing.T) {
	o := chunk.Options{ContentTokens: 400, OverlapTokens: 40, BreadcrumbTokens: 64, InputTokens: 256, SpecialTokens: 2, PrefixTokens: 3}
	f, lowered := o.Fit()
	if !lowered || f.ContentTokens != 256-2-3-64-40-2 {
		t.Fatalf("Fit = %d, %v", f.ContentTokens, lowered)
	}
	if _, lowered := (chunk.Options{ContentTokens: 100, InputTokens: 512, SpecialTokens: 2}).Fit(); lowered {
		t.Fatal("lowered a budget that fits")
	}
	// A 128-token model: content keeps half of the 124 tokens of room;
	// breadcrumb and overlap share the other half in their 64:40 proportion.
	f, _ = chunk.Options{ContentTokens: 400, OverlapTokens: 40, BreadcrumbTokens: 64, InputTokens: 128, SpecialTokens: 2}.Fit()
	if f.ContentTokens != 62 || f.BreadcrumbTokens != 38 || f.OverlapTokens != 24 {
		t.Fatalf("128-token model: content %d, breadcrumb %d, overlap %d", f.ContentTokens, f.BreadcrumbTokens, f.OverlapTokens)
	}
}

func TestSplitFitsModelInput(t *testing.T) {
	tk := modeltest.Tokenizer(t)
	opts, _ := chunk.Options{ContentTokens: 400, OverlapTokens: 40, BreadcrumbTokens: 64, InputTokens: 128, SpecialTokens: tk.Special()}.Fit()
	for name, doc := range sampleDocs(t) {
		for _, c := range chunk.Split(doc, opts, tk) {
			if n := tk.Special() + tk.Count(c.EmbedText()); n > 128 {
				t.Errorf("%s chunk %d: embedded text has %d tokens > 128", name, c.Ordinal, n)
			}
		}
	}
}

func TestLongWordAndLongSentence(t *testing.T) {
	tk := modeltest.Tokenizer(t)
	long := strings.Repeat("a", 3000) // one "word" of ~1000 tokens
	sentence := strings.TrimSpace(strings.Repeat("lorem ipsum dolor ", 300))
	doc := extract.ParseText("/x/t.txt", "start\n\n"+long+"\n\n"+sentence+"\n")
	chunks := chunk.Split(doc, chunk.Options{ContentTokens: 50}, tk)
	var got strings.Builder
	for _, c := range chunks {
		if c.Tokens > 50 {
			t.Fatalf("chunk %d: %d tokens", c.Ordinal, c.Tokens)
		}
		got.WriteString(c.Content)
	}
	if strings.Count(got.String(), "a") < 3000 || strings.Count(got.String(), "lorem") != 300 {
		t.Fatal("text lost while splitting")
	}
	for _, c := range chunks {
		for _, w := range strings.Fields(c.Content) {
			if w != "lorem" && w != "ipsum" && w != "dolor" && w != "start" && strings.Trim(w, "a") != "" {
				t.Fatalf("split mid-word: %q in chunk %d", w, c.Ordinal)
			}
		}
	}
}

func TestHeaderStaysWithALongFirstParagraph(t *testing.T) {
	tk := modeltest.Tokenizer(t)
	doc := parseFile(t, "../../testdata/notes/papers/rag-survey-notes.md")
	chunks := chunk.Split(doc, chunk.Options{ContentTokens: 60}, tk)
	for i, c := range chunks {
		if strings.HasPrefix(c.Content, "## A long paragraph") {
			if !strings.Contains(c.Content, "\n\n") || c.StartLine != 16 || c.EndLine != 18 {
				t.Fatalf("chunk %d: %q lines %d-%d", i, c.Content, c.StartLine, c.EndLine)
			}
			return
		}
	}
	t.Fatal("section not found")
}

// countOnly hides the tokenizer's Spans method, so Split counts every
// candidate piece with a tokenizer pass of its own (the exact path).
type countOnly struct{ tk chunk.Counter }

func (c countOnly) Count(s string) int { return c.tk.Count(s) }

// TestSpannerGivesTheExactChunks checks that sizing pieces from one
// tokenizer pass (chunk.Spanner) yields the same chunks as counting each
// candidate piece exactly, on the sample notes, a long paragraph, text
// without spaces and the first 300 NFCorpus abstracts (when present), at
// the budgets hrag's models use.
func TestSpannerGivesTheExactChunks(t *testing.T) {
	tk := modeltest.Tokenizer(t)
	docs := []extract.Document{}
	for _, d := range sampleDocs(t) {
		docs = append(docs, d)
	}
	sentence := "Die Überprüfung des Haushalts (Q3/2025) ergab 1.234,56 €; the committee's re-review follows. "
	docs = append(docs, extract.ParseText("long.txt", strings.Repeat(sentence, 200)),
		extract.ParseText("cjk.txt", strings.Repeat("外币汇率换算使用每日中间价。東京タワーは高い", 120)))
	if f, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "datasets", "nfcorpus", "corpus.jsonl")); err == nil {
		for i, line := range strings.SplitN(string(f), "\n", 301)[:300] {
			docs = append(docs, extract.ParseText(fmt.Sprintf("nf%d.txt", i), line))
		}
	}
	for _, budget := range []int{40, 148, 400} {
		opts := chunk.Options{ContentTokens: budget, OverlapTokens: 40, BreadcrumbTokens: 64}
		for _, doc := range docs {
			fast, exact := chunk.Split(doc, opts, tk), chunk.Split(doc, opts, countOnly{tk})
			if !reflect.DeepEqual(fast, exact) {
				t.Errorf("%s budget %d: %d chunks from one pass, %d counted exactly; they differ", doc.Title, budget, len(fast), len(exact))
			}
		}
	}
}

// A long pipe table is cut between rows, never inside one, and every chunk
// after the first repeats the table's header in its context, from which
// text.RepeatedTableHeader reads it back (issue 29 item 7).
func TestTablesAreCutBetweenRowsWithTheirHeader(t *testing.T) {
	for name, layout := range map[string][2]string{
		"after a heading":                       {"# Inventory\n\n## Hosts\n\n", "\nThe racks are in the basement.\n"},
		"introduced and captioned in its block": {"# Inventory\n\nThe hosts of the lab:\n", "Checked in May.\n"},
		"after a small table and untitled rows": {"# Inventory\n\n| k | v |\n|---|---|\n| a | 1 |\n\n| log 1 | boot |\n| log 2 | halt |\n\n", ""},
	} {
		t.Run(name, func(t *testing.T) { tableCut(t, layout[0], layout[1], false) })
	}
	// GFM tables may leave out the outer pipes; the rows are read as rows
	// all the same (text.PipeTableRows). Mutation: ParseMarkdown without it.
	t.Run("without outer pipes", func(t *testing.T) { tableCut(t, "# Inventory\n\n", "", true) })
}

func tableCut(t *testing.T, before, after string, bare bool) {
	tk := modeltest.Tokenizer(t)
	var b strings.Builder
	row := func(format string, a ...any) {
		r := fmt.Sprintf(format, a...)
		if bare {
			r = strings.TrimSuffix(strings.TrimPrefix(r, "| "), " |")
		}
		b.WriteString(r + "\n")
	}
	b.WriteString(before)
	row("| serial | host | rack |")
	row("| --- | --- | --- |")
	for i := 0; i < 300; i++ {
		row("| SN-%05d | host-%05d.lan.example | R%d |", i*7, i*13, i%9)
	}
	b.WriteString(after)
	doc := extract.ParseMarkdown("inventory.md", b.String())
	chunks := chunk.Split(doc, chunk.Options{ContentTokens: 120, OverlapTokens: 30, BreadcrumbTokens: 16}, tk)
	if len(chunks) < 10 {
		t.Fatalf("%d chunks", len(chunks))
	}
	const header = "| serial | host | rack |\n| --- | --- | --- |"
	rows := 0
	for i, c := range chunks {
		lines := strings.Split(c.Content, "\n")
		for j, l := range lines {
			if strings.HasPrefix(l, "| SN-") {
				rows++
				if !strings.HasSuffix(l, "|") || strings.Count(l, "|") != 4 {
					t.Errorf("chunk %d line %d is a cut row: %q", i, j, l)
				}
				fileLine := strings.Split(b.String(), "\n")[c.StartLine+j-1]
				if bare {
					fileLine = "| " + fileLine + " |"
				}
				if want := c.StartLine + j; fileLine != l {
					t.Errorf("chunk %d line %d: %q is not line %d of the file", i, j, l, want)
				}
			}
		}
		got, ok := text.RepeatedTableHeader(c.Context, c.Content)
		switch {
		case strings.HasPrefix(lines[0], "| SN-") && (!ok || got != header):
			t.Errorf("chunk %d continues the table; header from its context %q, %v", i, got, ok)
		case !strings.HasPrefix(lines[0], "| SN-") && ok:
			t.Errorf("chunk %d does not continue the table, yet a header %q", i, got)
		}
	}
	if rows != 300 {
		t.Errorf("%d rows in the chunks, want 300", rows)
	}
}

// A long fenced code block is cut between lines, and every chunk that
// starts inside it carries its opening fence in its context, from which
// text.RepeatedCodeFence reads it back; a chunk after the block does not,
// even when its overlap tail would be the closing fence alone. Mutations:
// drop the pieces' header (no fence read back); keep a one-fence-line
// overlap tail (the prose chunk after the block reads as code).
func TestCodeBlocksAreCutWithTheirFence(t *testing.T) {
	tk := modeltest.Tokenizer(t)
	var b strings.Builder
	b.WriteString("# Backup\n\n```sh\n")
	for i := 0; i < 120; i++ {
		fmt.Fprintf(&b, "rsync -a /srv/data/%03d backup.lan:/vol/%03d\n", i, i)
	}
	b.WriteString("sha256sum " + strings.Repeat("0f", 40) + "\n```\n\n")
	b.WriteString("The backup runs every night at two and takes an hour. It keeps seven copies on the NAS and one off site.\n")
	doc := extract.ParseMarkdown("backup.md", b.String())
	chunks := chunk.Split(doc, chunk.Options{ContentTokens: 100, OverlapTokens: 3, BreadcrumbTokens: 16}, tk)
	if len(chunks) < 5 {
		t.Fatalf("%d chunks", len(chunks))
	}
	inside := checkFences(t, chunks, "```sh", func(c chunk.Chunk) bool {
		return strings.HasPrefix(c.Content, "rsync") || strings.HasPrefix(c.Content, "sha256sum")
	})
	last := chunks[len(chunks)-1]
	if inside < 3 || !strings.HasPrefix(last.Content, "The backup runs") {
		t.Fatalf("%d chunks inside the block; the last chunk %q (want the prose after the block alone, to test its tail)", inside, last.Content)
	}
}

// A code block whose fence line would push a continuation chunk's embedded
// text past the model's input carries the bare fence instead, still read
// as the block's opening. Mutation: drop the bare-fence fallback (the
// continuation chunks carry no fence).
func TestLongFenceLineShrinksToItsCharacters(t *testing.T) {
	tk := modeltest.Tokenizer(t)
	var b strings.Builder
	b.WriteString("# Build\n\n```sh")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, " opt%d=value%d", i, i)
	}
	b.WriteString("\n")
	for i := 0; i < 80; i++ {
		fmt.Fprintf(&b, "make -C /src/module%03d install\n", i)
	}
	b.WriteString("```\n")
	doc := extract.ParseMarkdown("build.md", b.String())
	chunks := chunk.Split(doc, chunk.Options{ContentTokens: 100, BreadcrumbTokens: 16, InputTokens: 128}, tk)
	// Every chunk but the heading's and the one opening the block is
	// inside the block (the long fence line itself is cut too).
	if inside := checkFences(t, chunks, "```", func(c chunk.Chunk) bool {
		return !strings.HasPrefix(c.Content, "# Build") && !strings.HasPrefix(c.Content, "```")
	}); inside < 3 {
		t.Fatalf("%d continuation chunks", inside)
	}
}

// checkFences checks that text.RepeatedCodeFence reads fence back from
// every chunk that continues a code block (continues) and from no other
// one, and returns how many continue it.
func checkFences(t *testing.T, chunks []chunk.Chunk, fence string, continues func(chunk.Chunk) bool) int {
	t.Helper()
	inside := 0
	for i, c := range chunks {
		got, ok := text.RepeatedCodeFence(c.Context, c.Breadcrumb)
		switch in := continues(c); {
		case in && (!ok || got != fence):
			t.Errorf("chunk %d continues the code block; fence from its context %q, %v, want %q (context %q)", i, got, ok, fence, c.Context)
		case !in && ok:
			t.Errorf("chunk %d does not continue the code block, yet a fence %q (context %q, content %.40q)", i, got, c.Context, c.Content)
		}
		if continues(c) {
			inside++
		}
	}
	return inside
}

// A chunk's lines are the file's lines from its StartLine on: blocks are
// packed with the line breaks that separate them in the file (prose right
// after a code fence, two blank lines) and the pieces of a split line with a
// space. Checked on a crafted note and on every Markdown sample note, with
// small chunks so that blocks are both split and packed. Mutation: pack
// with a fixed blank line between units (the line after the fence is off
// by one).
func TestChunkLinesAreFileLines(t *testing.T) {
	tk := modeltest.Tokenizer(t)
	crafted := "# Small\n\n```sh\necho hi\n```\nNote right after the fence.\n\n\nTwo blank lines before this one.\n" +
		strings.Repeat("A sentence that goes on for a while to be cut. ", 30) + "\nThe end.\n"
	files := map[string]string{"crafted.md": crafted}
	paths, _ := filepath.Glob("../../testdata/notes/*/*.md")
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[p] = string(b)
	}
	for name, src := range files {
		lines := strings.Split(src, "\n")
		doc := extract.ParseMarkdown(name, src)
		for _, c := range chunk.Split(doc, chunk.Options{ContentTokens: 60, BreadcrumbTokens: 16}, tk) {
			if c.StartLine == 0 {
				continue
			}
			for j, l := range strings.Split(c.Content, "\n") {
				l = strings.TrimSpace(l)
				if l == "" || strings.HasPrefix(l, "|") {
					continue // blank, or a table row given its outer pipes
				}
				n := c.StartLine + j
				if n > len(lines) || !strings.Contains(lines[n-1], l) {
					t.Errorf("%s: chunk line %d %q is not in file line %d %q", name, j, l, n, lines[min(n, len(lines))-1])
					break
				}
			}
		}
	}
}
