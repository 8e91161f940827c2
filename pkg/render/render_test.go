package render

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/answer"
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

func TestStreamRawPassesTextThrough(t *testing.T) {
	var b bytes.Buffer
	s := NewStream(&b, nil, 24)
	for _, d := range []string{"Use ", "**4GB** ", "[1]."} {
		s.Write(d)
	}
	s.Finish("Use **4GB** [1].")
	if b.String() != "Use **4GB** [1].\n" {
		t.Fatalf("%q", b.String())
	}
}

func TestStreamOnTerminalRerendersInPlace(t *testing.T) {
	md, err := NewMarkdown(200)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	s := NewStream(&b, md, 40)
	s.Write("# Title\n\nfirst")
	s.Finish("# Title\n\nfirst and **final** [1].")
	out := b.String()
	// two frames: the second moves the cursor up over the first and clears it
	if strings.Count(out, "Title") != 2 || !strings.Contains(out, "\x1b[J") || !strings.Contains(out, "final") || strings.Contains(out, "**final**") {
		t.Fatalf("output %q", out)
	}
	// the width is capped
	md, _ = NewMarkdown(1000)
	long := md.Render(strings.Repeat("word ", 200))
	for _, line := range strings.Split(long, "\n") {
		if n := len([]rune(stripANSI(line))); n > MaxWidth {
			t.Fatalf("line of %d columns", n)
		}
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
