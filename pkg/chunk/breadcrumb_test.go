package chunk_test

import (
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/chunk"
)

func TestBreadcrumbTruncation(t *testing.T) {
	tk := modeltest.Tokenizer(t)
	path := []string{"Handbook", "Operations", "Databases", "PostgreSQL", "Backups"}
	full := "[Handbook > Operations > Databases > PostgreSQL > Backups]"
	if got := chunk.Breadcrumb(path, 64, tk); got != full {
		t.Fatalf("full = %q", got)
	}
	cases := []struct {
		max  int
		want string
	}{
		// innermost first, then the top level, then middle levels nearest the innermost
		{tk.Count("[Handbook > … > PostgreSQL > Backups]"), "[Handbook > … > PostgreSQL > Backups]"},
		{tk.Count("[Handbook > … > Backups]"), "[Handbook > … > Backups]"},
		{tk.Count("[… > Backups]"), "[… > Backups]"},
	}
	for _, c := range cases {
		got := chunk.Breadcrumb(path, c.max, tk)
		if got != c.want {
			t.Errorf("max %d: got %q want %q", c.max, got, c.want)
		}
		if n := tk.Count(got); n > c.max {
			t.Errorf("max %d: %q has %d tokens", c.max, got, n)
		}
	}
}

func TestBreadcrumbSingleOverlongHeader(t *testing.T) {
	tk := modeltest.Tokenizer(t)
	h := strings.TrimSpace(strings.Repeat("configuring replication slots safely ", 20))
	got := chunk.Breadcrumb([]string{h}, 16, tk)
	if tk.Count(got) > 16 || !strings.HasPrefix(got, "[configuring replication") || !strings.HasSuffix(got, "…]") {
		t.Fatalf("got %q (%d tokens)", got, tk.Count(got))
	}
	// cut at a word boundary: the text before … is whole words of the header
	inner := strings.TrimSuffix(strings.TrimPrefix(got, "["), "…]")
	if !strings.HasPrefix(h, inner+" ") {
		t.Fatalf("cut mid-word: %q", inner)
	}
	// with a parent: the innermost is cut, the parent dropped only if needed
	got = chunk.Breadcrumb([]string{"Ops", h}, 20, tk)
	if tk.Count(got) > 20 || !strings.HasPrefix(got, "[Ops > configuring") {
		t.Fatalf("with parent: %q", got)
	}
}

func TestBreadcrumbNonASCII(t *testing.T) {
	tk := modeltest.Tokenizer(t)
	path := []string{"Ratatouille de ma grand-mère", "Préparation des légumes", "Cuisson à l'étouffée très longue"}
	for max := 4; max <= 40; max++ {
		got := chunk.Breadcrumb(path, max, tk)
		if got == "" {
			continue
		}
		if n := tk.Count(got); n > max {
			t.Fatalf("max %d: %q has %d tokens", max, got, n)
		}
		if !strings.HasPrefix(got, "[") || !strings.HasSuffix(got, "]") || !strings.Contains(got, "Cuisson") && !strings.Contains(got, "…") {
			t.Fatalf("max %d: malformed %q", max, got)
		}
		for _, r := range got {
			if r == '\uFFFD' {
				t.Fatalf("max %d: broken UTF-8 in %q", max, got)
			}
		}
	}
	// a single long non-ASCII word is cut by characters (BERT's WordPiece
	// gives up on words over 100 characters, so keep it shorter)
	got := chunk.Breadcrumb([]string{strings.Repeat("жё", 45)}, 10, tk)
	if !strings.HasSuffix(got, "…]") || tk.Count(got) > 10 {
		t.Fatalf("char cut: %q", got)
	}
}
