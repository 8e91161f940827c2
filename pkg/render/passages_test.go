package render

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hrag-dev/hrag/pkg/retrieve"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func mustMarkdown(t *testing.T, width int, style string) *Markdown {
	t.Helper()
	m, err := newMarkdown(width, style)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

const longPath = "/home/someone/notes/infrastructure-and-operations/very-long-file-name-with-hyphens-2024.md"

// problemPassages are chunks as the chunker cuts them: one starting after
// "e.g." ("Go."), with table rows whose header is in the previous chunk and
// a list item's marker at the end; one starting at a heading with a whole
// table; one starting mid-sentence, with code, ending inside emphasis.
var problemPassages = []retrieve.Passage{
	{N: 1, Path: longPath, StartLine: 41, EndLine: 67, Breadcrumb: "[Operations > Deploy > Hosts]", Score: 0.0325, BM25Rank: 1, VectorRank: 3,
		Content: "Go. The deploy pipeline builds the binary and pushes it to the registry.\n\n" +
			"| web-01 | 10.0.0.5 | nginx |\n| db-01 | 10.0.0.9 | postgres |\n\n" +
			"Before a deploy:\n\n- drain the load balancer\n- check the disk space\n*"},
	{N: 2, Path: "/srv/notes/monitoring.md", StartLine: 3, EndLine: 12, Breadcrumb: "[Monitoring]", Score: 0.0311, BM25Rank: 4, VectorRank: 1,
		Content: "### Exporters\n\n| Host | Exporter | Port |\n|---|---|---|\n| web-01 | node_exporter | 9100 |\n| db-01 | postgres_exporter | 9187 |\n\n" +
			"Every host runs node_exporter; Prometheus scrapes it every 15 seconds."},
	{N: 3, Path: "/srv/notes/tls.md", StartLine: 20, EndLine: 31, Score: 0.0159, BM25Rank: 7,
		Content: "and the certificate is renewed by certbot. Renewal runs twice a day from a systemd timer:\n\n" +
			"```sh\nsystemctl list-timers certbot.timer\n```\n\nIf renewal fails, read the journal and check the **nginx"},
}

// TestPassagesGolden renders the problem passages as a terminal shows them
// (glamour's dark style, escape sequences removed) at 80 and 100 columns.
// go test ./pkg/render/ -run PassagesGolden -update rewrites the files.
func TestPassagesGolden(t *testing.T) {
	t.Setenv("HOME", t.TempDir()) // DisplayPath must not turn the path into ~/…
	for _, width := range []int{80, 100} {
		raw := mustMarkdown(t, width, "dark").Passages(problemPassages)
		got := stripANSI(raw)
		lines := strings.Split(got, "\n")
		for i := range lines {
			lines[i] = strings.TrimRight(lines[i], " ")
		}
		got = strings.Join(lines, "\n")

		// The properties the golden file is about, checked on their own so
		// that a wrongly regenerated file still fails.
		loc := longPath + ":41-67"
		if !strings.Contains(raw, loc) {
			t.Errorf("%d columns: the path is broken up by escape sequences", width)
		}
		onOneLine := false
		for _, l := range lines {
			onOneLine = onOneLine || strings.Contains(l, "[1] "+loc)
		}
		if !onOneLine {
			t.Errorf("%d columns: %q is not on one line", width, "[1] "+loc)
		}
		for _, l := range lines {
			tl := strings.TrimSpace(l)
			if strings.HasPrefix(tl, "#") {
				t.Errorf("%d columns: heading shown as Markdown: %q", width, l)
			}
			if tl == "*" || tl == "•" || tl == "-" {
				t.Errorf("%d columns: lone list marker: %q", width, l)
			}
			if strings.HasPrefix(tl, "Go.") || strings.HasPrefix(tl, "and the certificate") {
				t.Errorf("%d columns: passage starts with a fragment: %q", width, l)
			}
			if strings.Contains(l, "**") {
				t.Errorf("%d columns: unclosed emphasis shown: %q", width, l)
			}
			if !strings.Contains(l, loc) && utf8.RuneCountInString(l) > width {
				t.Errorf("%d columns: line wider than the terminal: %q", width, l)
			}
		}
		for _, row := range []string{"web-01 10.0.0.5 nginx", "db-01 10.0.0.9 postgres", "web-01 node_exporter 9100"} {
			cs := strings.Fields(row)
			re := regexp.MustCompile(regexp.QuoteMeta(cs[0]) + `\s+│\s+` + regexp.QuoteMeta(cs[1]) + `\s+│\s+` + regexp.QuoteMeta(cs[2]))
			if !re.MatchString(got) {
				t.Errorf("%d columns: table row %q not laid out in columns", width, row)
			}
		}
		for _, s := range []string{"… The deploy pipeline", "Exporters", "systemctl list-timers certbot.timer", "Renewal runs twice a day", "read the journal"} {
			if !strings.Contains(got, s) {
				t.Errorf("%d columns: %q missing", width, s)
			}
		}

		golden := filepath.Join("testdata", fmt.Sprintf("passages-%d.golden", width))
		if *update {
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (go test ./pkg/render/ -run PassagesGolden -update writes it)", err)
		}
		if got != string(want) {
			t.Errorf("%d columns: rendering differs from %s (-update rewrites it):\n%s", width, golden, got)
		}
	}
}

// The passage text itself is not changed: what --json prints and what the
// LLM gets is Content, and rendering must leave it as it was.
func TestPassagesKeepContent(t *testing.T) {
	ps := make([]retrieve.Passage, len(problemPassages))
	copy(ps, problemPassages)
	before := ps[0].Content
	mustMarkdown(t, 100, "dark").Passages(ps)
	if ps[0].Content != before || problemPassages[0].Content != before {
		t.Fatal("rendering changed the passage's content")
	}
}

// notty writes no escape sequences of its own.
func TestPassagesNoTTYStyle(t *testing.T) {
	out := mustMarkdown(t, 100, "notty").Passages(problemPassages)
	if strings.Contains(out, "\x1b") {
		t.Fatalf("notty output carries escape sequences: %q", out)
	}
	if !strings.Contains(out, "**Exporters**") {
		t.Errorf("heading not a bold line in notty:\n%s", out)
	}
}
