package answer

import (
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/retrieve"
)

func TestIsAbstention(t *testing.T) {
	cases := []struct {
		text  string
		cites int
		want  bool
	}{
		{NoAnswer, 0, true},
		{"“The notes do not contain the answer to this question.”", 0, true},
		{"I'm sorry, but the passages don't contain that information.", 0, true},
		{"The passages do not mention the Wi-Fi password.", 0, true},
		{"The passphrase is kept in the password manager [2]; the notes do not mention it otherwise.", 1, false},
		{"Set shared_buffers to 4GB [1].", 1, false},
		{"Set shared_buffers to 4GB.", 0, false}, // unsupported, but not an abstention
	}
	for _, c := range cases {
		if got := IsAbstention(c.text, c.cites); got != c.want {
			t.Errorf("IsAbstention(%q, %d) = %v", c.text, c.cites, got)
		}
	}
}

func TestUserPromptHidesAbsolutePathsAndEscapesAttributes(t *testing.T) {
	ps := []retrieve.Passage{
		{N: 1, Path: "/home/ann/notes/homelab/network.md", StartLine: 3, EndLine: 9, Breadcrumb: `[Mail > Suspicious email from "IT support"]`, Content: "a"},
		{N: 2, Path: "/home/ann/notes/cooking/bread.md", StartLine: 1, EndLine: 2, Content: "b"},
	}
	got := UserPrompt("q?", ps)
	for _, want := range []string{
		`<passage n="1" source="homelab/network.md:3-9" section="Mail > Suspicious email from &quot;IT support&quot;">`,
		`<passage n="2" source="cooking/bread.md:1-2">`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("prompt lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, "/home/ann") {
		t.Errorf("absolute path in the prompt:\n%s", got)
	}
	if one := UserPrompt("q?", ps[:1]); !strings.Contains(one, `source="network.md:3-9"`) {
		t.Errorf("single passage:\n%s", one)
	}
}

// The prompt gives a PDF passage's page and an HTML passage no line range.
func TestUserPromptPagesAndSections(t *testing.T) {
	got := UserPrompt("q?", []retrieve.Passage{
		{N: 1, Path: "/usr/share/doc/gnuplot/gnuplot.pdf", StartPage: 112, EndPage: 113, Breadcrumb: "[gnuplot documentation > Skip]", Content: "a"},
		{N: 2, Path: "/usr/share/doc/postgresql-doc-15/html/runtime-config-resource.html", Breadcrumb: "[20.4. Resource Consumption > 20.4.1. Memory]", Content: "b"},
	})
	for _, want := range []string{
		`<passage n="1" source="gnuplot/gnuplot.pdf p. 112–113" section="gnuplot documentation > Skip">`,
		`<passage n="2" source="postgresql-doc-15/html/runtime-config-resource.html" section="20.4. Resource Consumption > 20.4.1. Memory">`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("prompt lacks %s:\n%s", want, got)
		}
	}
}
