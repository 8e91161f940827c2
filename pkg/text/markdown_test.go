package text

import (
	"strings"
	"testing"
)

func TestCodeLines(t *testing.T) {
	lines := strings.Split("text\n```go\nx := 1\n~~~\n````\nafter\n   ~~~~ sh\nopen", "\n")
	code, open, first, last := CodeLines(lines)
	want := []bool{false, true, true, true, true, false, true, true}
	for i := range want {
		if code[i] != want[i] {
			t.Errorf("line %d %q: code = %v, want %v", i, lines[i], code[i], want[i])
		}
	}
	// "~~~" does not close a block opened by "```", "````" does (same
	// character, longer); "~~~~ sh" opens one left open.
	if open != "~~~~" || first != 1 || last != 6 {
		t.Errorf("open %q first %d last %d, want \"~~~~\" 1 6", open, first, last)
	}
	if _, ok := OpensFence("``` a`b"); ok {
		t.Error("a backtick fence with a backtick in its info string opened a block")
	}
	if ClosesFence("``` go", "```") {
		t.Error("a fence line with an info string closed a block")
	}
	if _, _, ok := Fence("    ```"); ok {
		t.Error("a fence indented four spaces (indented code) counted as a fence")
	}
}

func TestCells(t *testing.T) {
	for _, c := range []struct {
		row  string
		want []string
	}{
		{"| a | b |", []string{"a", "b"}},
		{"a | b", []string{"a", "b"}},
		{`| x \| y | z |`, []string{`x \| y`, "z"}},
		{"| `a|b` | c |", []string{"`a|b`", "c"}},
		{"| a | ends in \\| ", []string{"a", `ends in \|`}},
	} {
		got := Cells(c.row)
		if strings.Join(got, "¦") != strings.Join(c.want, "¦") {
			t.Errorf("Cells(%q) = %q, want %q", c.row, got, c.want)
		}
	}
	if UnescapeCell(`x \| y`) != "x | y" {
		t.Error("UnescapeCell kept the escape")
	}
}
