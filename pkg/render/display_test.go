package render

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/extract"
)

func TestTrimEdges(t *testing.T) {
	long := "and " + strings.Repeat("the pipeline pushes the image ", 8) + "to the registry. Then it deploys."
	for _, c := range []struct{ name, in, want string }{
		{"mid-sentence start",
			"the binary to the registry. Then the health check runs.\n\nRoll back on failure.",
			"… Then the health check runs.\n\nRoll back on failure."},
		{"one-word fragment start",
			"Go. The deploy pipeline builds the binary.",
			"… The deploy pipeline builds the binary."},
		{"fragment is the whole first paragraph",
			"to the registry.\n\nThe health check runs next.",
			"…\n\nThe health check runs next."},
		{"long fragment is kept, marked",
			long, "…" + long},
		{"identifier first is no fragment",
			"pg_dump runs nightly. The dump goes to the NAS.",
			"pg_dump runs nightly. The dump goes to the NAS."},
		{"punctuation first",
			", and the registry. Then it deploys.",
			"… Then it deploys."},
		{"abbreviation is no fragment",
			"Dr. Smith approved the change.",
			"Dr. Smith approved the change."},
		{"sentence start kept",
			"The deploy pipeline builds the binary. It runs on push.",
			"The deploy pipeline builds the binary. It runs on push."},
		{"heading start kept",
			"### Rollback\n\nif the health check fails, roll back.",
			"### Rollback\n\nif the health check fails, roll back."},
		{"list start kept",
			"- restart nginx\n- check the logs",
			"- restart nginx\n- check the logs"},
		{"lone * after a list",
			"Steps:\n\n- drain the node\n- restart it\n*",
			"Steps:\n\n- drain the node\n- restart it\n\n…"},
		{"lone - after prose",
			"Restart the node.\n-",
			"Restart the node.\n\n…"},
		{"marker at the end of a line",
			"Restart the node. Then *",
			"Restart the node. …"},
		{"half sentence at the end",
			"The timer runs daily. If renewal fails, the",
			"The timer runs daily. …"},
		{"unclosed strong emphasis",
			"Renewal runs daily. If it fails, check the **nginx",
			"Renewal runs daily. …"},
		{"unclosed code span, no sentence end",
			"Restart with `systemctl restart",
			"Restart with systemctl restart…"},
		{"abbreviation at the end",
			"Use a compiled language. Prefer one with a GC, e.g.",
			"Use a compiled language. …"},
		{"line of its own at the end is kept",
			"Restart the service.\nweb-01 then web-02",
			"Restart the service.\nweb-01 then web-02"},
		{"list item without a period is kept",
			"- Install v1.2. Then reboot",
			"- Install v1.2. Then reboot"},
		{"clause end kept",
			"Run the following:",
			"Run the following:"},
		{"thematic break at the end",
			"Done.\n\n---",
			"Done."},
		{"setext heading at the end kept",
			"Appendix\n========",
			"Appendix\n========"},
		{"unclosed fence is closed, code untouched",
			"Install it:\n\n```sh\napt-get install certbot\nsystemctl enable cert. bot *",
			"Install it:\n\n```sh\napt-get install certbot\nsystemctl enable cert. bot *\n```"},
		{"chunk starting inside a code block gets its opening fence",
			"certbot renew --dry-run\nsystemctl status certbot.timer\n```\n\nThe timer runs twice a day.",
			"```\ncertbot renew --dry-run\nsystemctl status certbot.timer\n```\n\nThe timer runs twice a day."},
		{"closed code block at the end untouched",
			"Run:\n\n```\nmake test. and then\n```",
			"Run:\n\n```\nmake test. and then\n```"},
		{"CJK cut after a sentence",
			"サーバーを再起動します。次にログを確認して",
			"サーバーを再起動します。…"},
		{"CJK single fragment kept",
			"サーバーの設定を変更して再起動する必要がある",
			"サーバーの設定を変更して再起動する必要がある"},
		{"CJK sentences kept",
			"の設定を変更します。次に再起動します。",
			"の設定を変更します。次に再起動します。"},
		{"single fragment",
			"and then the service restarts",
			"…and then the service restarts…"},
		{"single one-word fragment",
			"Go.",
			"Go."},
		{"table row cut at its start is left to fixTables",
			"nginx |\n| db-01 | 10.0.0.9 | postgres |",
			"nginx |\n| db-01 | 10.0.0.9 | postgres |"},
		{"lone pipe after a table",
			"| a | b |\n| c | d |\n|",
			"| a | b |\n| c | d |\n\n…"},
		{"table header at the end kept",
			"## Disks\n\n| bay | disk |\n|---|---|",
			"## Disks\n\n| bay | disk |\n|---|---|"},
		{"cut at both ends",
			"the binary. Then the",
			"… Then the…"},
		{"fragment ends cut at the start",
			"the binary. Then the registry. And",
			"… Then the registry. …"},
		{"lone marker after a leading fragment",
			"leaves and the vegetables; simmer for 15 minutes.\n\n3.",
			"…leaves and the vegetables; simmer for 15 minutes.\n\n…"},
		{"blank edges",
			"\n\n  \nText here.\n\n",
			"Text here."},
	} {
		if got := trimEdges(c.in, false, false); got != c.want {
			t.Errorf("%s:\n in  %q\n got %q\nwant %q", c.name, c.in, got, c.want)
		}
	}
}

func TestFixTables(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"rows without a header",
			"Hosts:\n| web-01 | 10.0.0.5 | nginx |\n| db-01 | 10.0.0.9 | postgres |\nMore text.",
			"Hosts:\n\n|  |  |  |\n|---|---|---|\n| web-01 | 10.0.0.5 | nginx |\n| db-01 | 10.0.0.9 | postgres |\n\nMore text."},
		{"first row cut at its start, last row cut short",
			"10.0.0.5 | nginx |\n| db-01 | 10.0.0.9 | postgres |\n| web-02 | 10.0.",
			"|  |  |  |\n|---|---|---|\n| … | 10.0.0.5 | nginx |\n| db-01 | 10.0.0.9 | postgres |\n| web-02 | 10.0.… |"},
		{"delimiter row first",
			"|---|---|\n| a | b |",
			"|  |  |\n|---|---|\n| a | b |"},
		{"header cut at its start",
			"Role |\n|---|---|---|\n| web-01 | 10.0.0.5 | nginx |",
			"| … |  | Role |\n|---|---|---|\n| web-01 | 10.0.0.5 | nginx |"},
		{"complete table untouched",
			"| Host | IP |\n|---|---|\n| web-01 | 10.0.0.5 |",
			"| Host | IP |\n|---|---|\n| web-01 | 10.0.0.5 |"},
		{"pipes in code untouched",
			"```\n| a | b |\n```",
			"```\n| a | b |\n```"},
		{"escaped pipe and code span keep their cell",
			"| a \\| b | `x|y` |",
			"|  |  |\n|---|---|\n| a \\| b | `x|y` |"},
	} {
		if got := strings.Join(fixTables(strings.Split(c.in, "\n")), "\n"); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

func TestDemoteHeadings(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"ATX", "### Rollback\nRoll back on failure.", "**Rollback**\n\nRoll back on failure."},
		{"closing hashes", "## Hosts ##\n\nText.", "**Hosts**\n\nText."},
		{"setext", "Deploy\nnotes\n-----\nText.", "**Deploy notes**\n\nText."},
		{"in code", "```\n# comment\n```", "```\n# comment\n```"},
		{"hashtag is text", "#todo renew the cert", "#todo renew the cert"},
		{"list before a rule", "- item\n---", "- item\n---"},
	} {
		if got := strings.Join(demoteHeadings(strings.Split(c.in, "\n")), "\n"); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// words counts tokens as words, enough to cut chunks as the chunker does.
type words struct{}

func (words) Count(s string) int { return len(strings.Fields(s)) }

// Every chunk of the bundled notes, cut small so that paragraphs, lists,
// tables and code blocks are split: the display keeps some text, closes
// every code block, and changes nothing between the first and the last
// block of a chunk.
func TestTrimEdgesOnChunks(t *testing.T) {
	var files []string
	err := filepath.WalkDir("../../testdata/notes", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".txt")) {
			files = append(files, p)
		}
		return err
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("no notes: %v", err)
	}
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.ReplaceAll(string(b), "\r\n", "\n")
		doc := extract.ParseText(f, text)
		if strings.HasSuffix(f, ".md") {
			doc = extract.ParseMarkdown(f, text)
		}
		for _, budget := range []int{8, 20, 60} {
			for _, c := range chunk.Split(doc, chunk.Options{ContentTokens: budget}, words{}) {
				n++
				got := trimEdges(c.Content, false, false)
				if strings.ContainsFunc(c.Content, isWordRune) && !strings.ContainsFunc(got, isWordRune) {
					t.Errorf("%s: nothing left of %q: %q", f, c.Content, got)
				}
				if open := codeLinesOpen(strings.Split(got, "\n")); open != "" {
					t.Errorf("%s: code block left open in %q", f, got)
				}
				blocks := strings.Split(strings.TrimSpace(c.Content), "\n\n")
				for i := 1; i < len(blocks)-1; i++ {
					if !strings.Contains(got, blocks[i]) {
						t.Errorf("%s: %q lost from the middle of %q: %q", f, blocks[i], c.Content, got)
					}
				}
				if d := displayMarkdown(c.Content, false, false); codeLinesOpen(strings.Split(d, "\n")) != "" {
					t.Errorf("%s: code block left open in %q", f, d)
				}
			}
		}
	}
	if n < 500 {
		t.Fatalf("only %d chunks", n)
	}
}

// Cases found by trying to break the display clean-up.
func TestDisplayKeepsTheNotesOwnText(t *testing.T) {
	for _, c := range []struct {
		name        string
		in          string
		first, last bool
		want        string
	}{
		{"document start in lower case", "macOS ships with zsh as the login shell. Change it with chsh.", true, false, "macOS ships with zsh as the login shell. Change it with chsh."},
		{"document end mid-sentence", "日志保留七天。第三句没有结束", false, true, "日志保留七天。第三句没有结束"},
		{"document end with a cut-looking sentence", "Note: use v1.2.3 or newer. The config lives in /etc/foo.conf and must be readable", false, true, "Note: use v1.2.3 or newer. The config lives in /etc/foo.conf and must be readable"},
		{"power operator is not emphasis", "Powers: 2**10 in Python gives 1024.", true, false, "Powers: 2**10 in Python gives 1024."},
		{"a dash at the end of an item is text", "Keys:\n\n- Zoom out: Ctrl -", true, false, "Keys:\n\n- Zoom out: Ctrl -"},
		{"stars after text are text", "Rating for this tool: ***", true, false, "Rating for this tool: ***"},
		{"a backtick inside a double-backtick span", "Use `` ` `` to quote.", true, false, "Use `` ` `` to quote."},
	} {
		if got := trimEdges(c.in, c.first, c.last); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

func TestThematicBreaksAreNotSetextHeadings(t *testing.T) {
	for name, in := range map[string]string{
		"after a list":       "Packages to install on the proxy:\n- nginx\n- certbot\n---\nThen configure TLS.",
		"after a code block": "Deploy steps for the gizmo service\n```sh\nmake gizmo\n```\n---\nDone.",
		"front matter":       "---\ntitle: Backup notes\ntags: ops\n---\n\nBody text.",
	} {
		out := strings.Join(demoteHeadings(strings.Split(in, "\n")), "\n")
		if strings.Contains(out, "**") {
			t.Errorf("%s: made a heading:\n%s", name, out)
		}
	}
	// A real setext heading still becomes a bold line.
	if out := strings.Join(demoteHeadings([]string{"Backups", "-------", "", "Nightly."}), "\n"); !strings.Contains(out, "**Backups**") {
		t.Errorf("setext heading: %q", out)
	}
}

func TestSoftLineBreaksAreJoinedForWrapping(t *testing.T) {
	in := "The guest Wi-Fi is \"Mellon-Guest\" on channel 36. The router\nadmin page is at 192.168.1.1.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |"
	want := "The guest Wi-Fi is \"Mellon-Guest\" on channel 36. The router admin page is at 192.168.1.1.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |"
	if got := displayMarkdown(in, true, true); got != want {
		t.Fatalf("got\n%q\nwant\n%q", got, want)
	}
}

func TestHeadingsTheBreadcrumbShowsAreDropped(t *testing.T) {
	in := "## Memory settings\n\n### shared_buffers\n\nSet it to 4GB.\n\n### work_mem\n\n64MB."
	got := dropCrumbHeadings(in, "[PostgreSQL > Memory settings > shared_buffers]")
	if want := "Set it to 4GB.\n\n### work_mem\n\n64MB."; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	if got := dropCrumbHeadings("## Only a heading", "[Only a heading]"); got != "## Only a heading" {
		t.Fatalf("heading-only passage: %q", got)
	}
}
