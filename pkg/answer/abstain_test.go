package answer

import (
	"reflect"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/retrieve"
)

func TestVerify(t *testing.T) {
	cases := []struct {
		in, text       string
		cited, invalid []int
	}{
		{"Use 4GB [1]. Vacuum often [2][1].", "Use 4GB [1]. Vacuum often [2][1].", []int{1, 2}, nil},
		{"Claim [9]. Other [2].", "Claim. Other [2].", []int{2}, []int{9}},
		{"Both [1, 7] and [3;2].", "Both [1] and [3, 2].", []int{1, 3, 2}, []int{7}},
		{"No citations here.", "No citations here.", nil, nil},
		{"Zero [0] is invalid.", "Zero is invalid.", nil, []int{0}},
		{"A link [text](http://x) and [a] stay.", "A link [text](http://x) and [a] stay.", nil, nil},
	}
	for _, c := range cases {
		v := Verify(c.in, 6)
		if v.Text != c.text || !reflect.DeepEqual(v.Cited, c.cited) || !reflect.DeepEqual(v.Invalid, c.invalid) {
			t.Errorf("Verify(%q) = %+v; want text %q cited %v invalid %v", c.in, v, c.text, c.cited, c.invalid)
		}
	}
}

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
