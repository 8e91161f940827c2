package iostreams

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestProgressPipedPrintsAtMostOneLinePerInterval(t *testing.T) {
	var errOut bytes.Buffer
	s := Test(&bytes.Buffer{}, &errOut, false)
	p := s.NewProgress("indexing", "chunks", true)
	now := p.began
	p.now = func() time.Time { return now }
	p.Progress(0, 1200)
	for i := 1; i <= 30; i++ { // 30 s: nothing yet
		now = now.Add(time.Second)
		p.Progress(10*i, 1200)
	}
	if errOut.Len() != 0 {
		t.Fatalf("printed before a minute: %q", errOut.String())
	}
	for i := 31; i <= 150; i++ { // to 150 s: lines at 60 s and 120 s
		now = now.Add(time.Second)
		p.Progress(4*i, 1200)
	}
	lines := strings.Split(strings.TrimSpace(errOut.String()), "\n")
	want := []string{
		"indexing: 240/1200 chunks (20%), 4.0 chunks/s, about 4m0s left",
		"indexing: 480/1200 chunks (40%), 4.0 chunks/s, about 3m0s left",
	}
	if len(lines) != len(want) {
		t.Fatalf("lines %q", lines)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d: %q, want %q", i, lines[i], want[i])
		}
	}
	p.Warn("/x/a.md", errTest("binary file"))
	if !strings.HasSuffix(errOut.String(), "warning: /x/a.md: binary file\n") {
		t.Errorf("warning not printed: %q", errOut.String())
	}
}

func TestProgressQuietPrintsNoProgressButWarnings(t *testing.T) {
	var errOut bytes.Buffer
	p := Test(&bytes.Buffer{}, &errOut, false).NewProgress("indexing", "chunks", false)
	now := p.began
	p.now = func() time.Time { return now }
	for i := 1; i <= 300; i++ {
		now = now.Add(time.Second)
		p.Progress(i, 300)
	}
	p.Notice("model changed")
	if got := errOut.String(); got != "note: model changed\n" {
		t.Fatalf("stderr %q", got)
	}
}

type errTest string

func (e errTest) Error() string { return string(e) }
