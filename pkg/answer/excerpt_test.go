package answer

import (
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/retrieve"
)

func TestExcerpts(t *testing.T) {
	prose := "The Rhine rises in the Swiss Alps. It flows north through Germany. " +
		"The river carries barges of coal and grain. Its delta lies in the Netherlands, where it reaches the North Sea. " +
		"Castles line the middle valley. Vineyards grow on the slopes."
	table := "Server inventory.\n\n| host | role | ip |\n|---|---|---|\n| nas01 | storage | 10.0.0.5 |\n| web02 | proxy | 10.0.0.7 |\n| db03 | postgres | 10.0.0.9 |"
	ps := []retrieve.Passage{
		{N: 1, Path: "/n/rhine.md", Content: prose, Tokens: 60},
		{N: 2, Path: "/n/servers.md", Content: table, Tokens: 50},
	}
	if got := Excerpts("Where does the Rhine reach the sea?", ps, 200); got[0].Content != prose || got[1].Content != table {
		t.Fatal("passages that fit the budget were cut")
	}
	got := Excerpts("Where does the Rhine reach the North Sea?", ps, 40)
	// "North" and "Sea" are rarer than "Rhine": the delta sentence scores
	// best and is kept whole.
	if !strings.Contains(got[0].Content, "Its delta lies in the Netherlands, where it reaches the North Sea.") {
		t.Errorf("passage 1 excerpt lost the answer: %q", got[0].Content)
	}
	if strings.Contains(got[0].Content, "Vineyards") {
		t.Errorf("passage 1 excerpt kept an unrelated sentence at a tight budget: %q", got[0].Content)
	}
	if !strings.HasPrefix(prose, strings.Split(got[0].Content, excerptGap)[0]) && !strings.Contains(prose, strings.Split(got[0].Content, excerptGap)[0]) {
		t.Errorf("an excerpt is not the passage's own text: %q", got[0].Content)
	}
	if got[0].N != 1 || got[0].Path != "/n/rhine.md" || got[0].Tokens >= 60 || ps[0].Content != prose {
		t.Errorf("excerpt metadata %+v (or the input was changed)", got[0])
	}

	got = Excerpts("What is the ip of db03?", ps, 30)
	want := "| host | role | ip |\n|---|---|---|"
	if !strings.Contains(got[1].Content, want) || !strings.Contains(got[1].Content, "| db03 | postgres | 10.0.0.9 |") {
		t.Errorf("table row without its header: %q", got[1].Content)
	}
	for _, part := range strings.Split(got[1].Content, excerptGap) {
		if !strings.Contains(table, part) {
			t.Errorf("excerpt part %q is not verbatim passage text", part)
		}
	}
}
