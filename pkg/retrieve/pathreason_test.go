package retrieve

import (
	"os"
	"testing"

	"github.com/hrag-dev/hrag/pkg/store"
)

func TestNoPathMatchReason(t *testing.T) {
	filter := func(v string) store.PathFilter {
		f, err := store.NewPathFilter(v)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	cases := []struct {
		value string
		near  []store.PathSuggestion
		want  string
	}{
		{"*.txt", nil, "no indexed document matches --path '*.txt'"},
		{"user_guide.md", []store.PathSuggestion{{Path: "/n/docs/User_Guide.md", Flag: "User_Guide.md"}},
			"no indexed document matches --path 'user_guide.md'; did you mean --path 'User_Guide.md' (/n/docs/User_Guide.md)?"},
		{"cobra/*.txt", []store.PathSuggestion{
			{Path: "/go/cobra/doc.md", Flag: "cobra"},
			{Path: "/go/cobra-cli/README.md", Flag: "cobra-cli"},
			{Path: "/go/cobra/user_guide.md", Flag: "cobra"}},
			"no indexed document matches --path 'cobra/*.txt'; did you mean --path 'cobra' (/go/cobra/doc.md, /go/cobra/user_guide.md) or --path 'cobra-cli' (/go/cobra-cli/README.md)?"},
		{"ann's", []store.PathSuggestion{
			{Path: "/h/Ann's/a.md", Flag: "Ann's"},
			{Path: "/h/[ann's]/b.md", Flag: `**/\[ann's\]`},
			{Path: "/h/anns/c.md", Flag: "anns"}},
			`no indexed document matches --path 'ann'\''s'; did you mean --path 'Ann'\''s' (/h/Ann's/a.md), --path '**/\[ann'\''s\]' (/h/[ann's]/b.md) or --path 'anns' (/h/anns/c.md)?`},
		{"/n/gone", nil, "no indexed document matches --path '/n/gone'"},
	}
	for _, c := range cases {
		if got := noPathMatchReason(filter(c.value), c.near, "--path"); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.value, got, c.want)
		}
	}
	// An agent's tool argument is named as such. Mutation: write "--path"
	// whatever the flag.
	if got, want := noPathMatchReason(filter("cobra/*.txt"), []store.PathSuggestion{{Path: "/go/cobra/doc.md", Flag: "cobra"}}, "path"),
		"no indexed document matches path 'cobra/*.txt'; did you mean path 'cobra' (/go/cobra/doc.md)?"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	// A relative path value shows the absolute path it stands for.
	t.Chdir(t.TempDir())
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := noPathMatchReason(filter("./gone"), nil, "--path"), "no indexed document matches --path './gone' ("+wd+"/gone)"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
