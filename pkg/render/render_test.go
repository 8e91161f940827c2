package render

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

func TestSourcesListAndLocation(t *testing.T) {
	wd, _ := os.Getwd()
	got := SourcesList([]answer.Citation{
		{N: 1, Path: filepath.Join(wd, "notes", "a.md"), StartLine: 3, EndLine: 9, Breadcrumb: "[A > B]"},
		{N: 4, Path: "/elsewhere/b.txt", StartLine: 2, EndLine: 2},
	})
	want := "Sources:\n  [1] notes/a.md:3-9 › A › B\n  [4] /elsewhere/b.txt:2\n"
	if got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	if SourcesList(nil) != "" {
		t.Fatal("empty list printed")
	}
}

func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			for i < len(s) && !(s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
				i++
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Notes with terminal escapes print as text, not as commands.
func TestPassagesWithoutEscapes(t *testing.T) {
	ps := []retrieve.Passage{{N: 1, Path: "/n/fridge\x1b[2J.md", StartLine: 1, EndLine: 2, Breadcrumb: "[Fridge\x07]", Content: "\x1b[H\x1b[JDefrost monthly.\x1bc"}}
	for name, out := range map[string]string{"plain": PassagesPlain(ps), "markdown": mustMarkdown(t, 100, "notty").Passages(ps),
		"sources": SourcesList([]answer.Citation{{N: 1, Path: ps[0].Path, StartLine: 1, EndLine: 2, Breadcrumb: ps[0].Breadcrumb}})} {
		if strings.ContainsAny(out, "\x1b\x07") {
			t.Errorf("%s output carries control characters: %q", name, out)
		}
	}
	if !strings.Contains(PassagesPlain(ps), "Defrost monthly.") {
		t.Error("the text itself must stay")
	}
}

func TestRenderedLinesCarryNoPadding(t *testing.T) {
	m, err := NewMarkdown(80)
	if err != nil {
		t.Fatal(err)
	}
	out := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(m.Render("A short line.\n\n- an item\n- another\n"), "")
	for _, l := range strings.Split(out, "\n") {
		if strings.HasSuffix(l, " ") {
			t.Fatalf("line %q ends with spaces", l)
		}
	}
	if !strings.Contains(out, "  A short line.\n") || !strings.Contains(out, "• an item\n") {
		t.Fatalf("output %q", out)
	}
}

// A PDF passage is cited by its page, an HTML one by its path and section:
// no line numbers the file lacks.
func TestCitationsOfPagesAndSections(t *testing.T) {
	got := SourcesList([]answer.Citation{
		{N: 1, Path: "/doc/gnuplot.pdf", StartPage: 112, EndPage: 112, Breadcrumb: "[gnuplot documentation > III Commands > Plot > Data > Skip]"},
		{N: 2, Path: "/doc/gnuplot.pdf", StartPage: 112, EndPage: 113},
		{N: 3, Path: "/doc/html/runtime-config-resource.html", Breadcrumb: "[Chapter 20. Server Configuration > 20.4. Resource Consumption > 20.4.1. Memory]"},
	})
	want := "Sources:\n" +
		"  [1] /doc/gnuplot.pdf p. 112 › gnuplot documentation › III Commands › Plot › Data › Skip\n" +
		"  [2] /doc/gnuplot.pdf p. 112–113\n" +
		"  [3] /doc/html/runtime-config-resource.html › Chapter 20. Server Configuration › 20.4. Resource Consumption › 20.4.1. Memory\n"
	if got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	plain := PassagesPlain([]retrieve.Passage{
		{N: 1, Path: "/doc/html/a.html", Breadcrumb: "[A > B]", Content: "text", AlsoIn: []retrieve.Copy{{Path: "/doc/b.pdf", StartPage: 4, EndPage: 4}}},
	})
	if !strings.HasPrefix(plain, "[1] /doc/html/a.html  score") || !strings.Contains(plain, "also in: /doc/b.pdf p. 4") || regexp.MustCompile(`:\d`).MatchString(plain) {
		t.Fatalf("plain passages:\n%s", plain)
	}
}

// TestAnswerShowsQuotes: on a terminal each shown sentence is followed by
// the words of the notes it was checked against, with file and lines; a
// removed sentence and its quote are not shown. Mutation: Answer skipping
// the quote line, or showing unshown sentences.
func TestAnswerShowsQuotes(t *testing.T) {
	m, err := newMarkdown(80, "notty")
	if err != nil {
		t.Fatal(err)
	}
	res := answer.Result{
		Citations: []answer.Citation{{N: 2, Path: "/notes/homelab/web.md", StartLine: 10, EndLine: 14}},
		Sentences: []answer.Sentence{
			{Text: "The web server listens on port 8080.", Passages: []int{2}, Shown: true,
				Quote: &answer.Quote{Text: "The web server listens on port\n8080 behind the proxy", Passage: 2, StartLine: 12, EndLine: 13}},
			{Text: "It was moved in 2019.", Passages: []int{2}, Shown: false,
				Quote: &answer.Quote{Text: "moved the proxy", Passage: 2, StartLine: 14, EndLine: 14}},
		},
	}
	out := stripANSI(m.Answer(res))
	for _, l := range strings.Split(out, "\n") {
		if n := len([]rune(l)); n > 80 {
			t.Errorf("a line of %d columns on an 80-column terminal: %q", n, l)
		}
	}
	joined := strings.ReplaceAll(out, "\n    ", " ")
	for _, want := range []string{"The web server listens on port 8080 [2].", "“The web server listens on port 8080 behind the proxy…”", "web.md:12-13"} {
		if !strings.Contains(joined, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "2019") || strings.Contains(out, "moved the proxy") {
		t.Errorf("a removed sentence was shown:\n%s", out)
	}
}

// TestAnswerShowsVerdict: the answer to a yes/no question opens with its
// verdict, before the first sentence. Mutation: Answer not writing
// res.Verdict.
func TestAnswerShowsVerdict(t *testing.T) {
	m, err := newMarkdown(80, "notty")
	if err != nil {
		t.Fatal(err)
	}
	res := answer.Result{Verdict: answer.VerdictNo,
		Citations: []answer.Citation{{N: 1, Path: "/notes/router.md", StartLine: 3, EndLine: 3}},
		Sentences: []answer.Sentence{{Text: "The router has 4 LAN ports.", Passages: []int{1}, Shown: true,
			Quote: &answer.Quote{Text: "The router has 4 LAN ports", Passage: 1}}}}
	out := strings.ReplaceAll(strings.TrimSpace(stripANSI(m.Answer(res))), "**", "") // bold on a terminal
	if !strings.HasPrefix(out, "No.") || strings.Index(out, "No.") > strings.Index(out, "The router has 4 LAN ports [1].") {
		t.Fatalf("the verdict does not open the answer:\n%s", out)
	}
}
