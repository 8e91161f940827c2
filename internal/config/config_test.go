package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/extract"
)

func env(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestDefaultsAndPrecedence(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "env")
	if err := os.WriteFile(f, []byte("RAG_CHUNK_TOKENS=200\nRAG_COLLECTION=fromfile\nRAG_EMBED_QUERY_PREFIX=\"query: \"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := Load(env(map[string]string{"RAG_ENV_FILE": f, "RAG_COLLECTION": "fromenv"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.ChunkTokens != 200 || c.Collection != "fromenv" || c.EmbedQueryPrefix != "query: " {
		t.Fatalf("precedence: tokens=%d collection=%q prefix=%q", c.ChunkTokens, c.Collection, c.EmbedQueryPrefix)
	}
	if c.ChunkOverlapTokens != 40 || c.ChunkBreadcrumbTokens != 64 || c.FTSConfig != "english" || c.MaxFileBytes != 10<<20 {
		t.Fatalf("defaults: %+v", c)
	}
	// An explicitly empty prefix in the environment overrides the file.
	c, _ = Load(env(map[string]string{"RAG_ENV_FILE": f, "RAG_EMBED_QUERY_PREFIX": ""}))
	if c.EmbedQueryPrefix != "" {
		t.Fatalf("empty env prefix did not win: %q", c.EmbedQueryPrefix)
	}
}

func TestBadValuesNameTheVariable(t *testing.T) {
	for name, val := range map[string]string{
		"RAG_CHUNK_TOKENS":     "abc",
		"RAG_EMBED_BATCH_SIZE": "0",
		"RAG_MAX_FILE_BYTES":   "-5",
		"RAG_DB_TIMEOUT":       "soon",
		"RAG_FTS_CONFIG":       "english; drop table x",
	} {
		_, err := Load(env(map[string]string{"RAG_ENV_FILE": os.DevNull, name: val}))
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%q: err = %v", name, val, err)
		}
	}
	_, err := Load(env(map[string]string{"RAG_ENV_FILE": os.DevNull, "RAG_CHUNK_TOKENS": "0"}))
	if err == nil || !strings.Contains(err.Error(), `RAG_CHUNK_TOKENS="0"`) {
		t.Fatalf("zero chunk tokens: %v", err)
	}
	_, err = Load(env(map[string]string{"RAG_ENV_FILE": "/nonexistent/hrag.env"}))
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/hrag.env") {
		t.Fatalf("missing explicit env file: %v", err)
	}
}

func TestCommandNamesTheCollection(t *testing.T) {
	for coll, want := range map[string]string{
		"default":  "hrag reembed",
		"":         "hrag reembed",
		"work":     "hrag --collection work reembed",
		"my notes": "hrag --collection 'my notes' reembed",
		"it's":     `hrag --collection 'it'\''s' reembed`,
	} {
		if got := Command(coll, "reembed"); got != want {
			t.Errorf("Command(%q) = %q, want %q", coll, got, want)
		}
	}
}

func TestFlagOverridesGoThroughTheSameValidation(t *testing.T) {
	base := map[string]string{"RAG_ENV_FILE": os.DevNull, "RAG_TOP_K": "4", "RAG_COLLECTION": "notes"}
	c, err := LoadWith(env(base), map[string]Override{"RAG_TOP_K": {"--top-k", "9"}, "RAG_COLLECTION": {"--collection", "papers"}})
	if err != nil || c.TopK != 9 || c.Collection != "papers" {
		t.Fatalf("override: top-k %d, collection %q, err %v", c.TopK, c.Collection, err)
	}
	for _, tc := range []struct {
		name, flag, value, want string
	}{
		{"RAG_TOP_K", "--top-k", "0", `--top-k="0": want an integer ≥ 1`},
		{"RAG_COLLECTION", "--collection", "", `--collection="": want a collection name`},
		{"RAG_COLLECTION", "--collection", "my notes", `--collection="my notes": want a collection name`},
		{"RAG_COLLECTION", "--collection", "a/b", `--collection="a/b": want a collection name`},
	} {
		_, err := LoadWith(env(base), map[string]Override{tc.name: {tc.flag, tc.value}})
		var ce *Error
		if !errors.As(err, &ce) || !ce.FromFlags || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %q: err %v", tc.flag, tc.value, err)
		}
	}
	// The same values from the environment: the same checks, naming the variable.
	for name, val := range map[string]string{"RAG_TOP_K": "0", "RAG_COLLECTION": "my notes"} {
		m := map[string]string{"RAG_ENV_FILE": os.DevNull, name: val}
		_, err := Load(env(m))
		var ce *Error
		if !errors.As(err, &ce) || ce.FromFlags || !strings.Contains(err.Error(), name+"=") {
			t.Errorf("%s=%q: err %v", name, val, err)
		}
	}
}

func TestValidCollection(t *testing.T) {
	for name, want := range map[string]bool{
		"default": true, "papers-2024": true, "eval-qa-notes.jsonl-c148": true, "A_b.c": true,
		"": false, "my notes": false, "a/b": false, "-x": false, ".x": false, "é": false,
		strings.Repeat("a", 63): true, strings.Repeat("a", 64): false,
	} {
		if got := ValidCollection(name); got != want {
			t.Errorf("ValidCollection(%q) = %v", name, got)
		}
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"/n/notes": "/n/notes", "/n/my notes": "'/n/my notes'", "it's": `'it'\''s'`, "": "''", "*.md": "'*.md'",
	} {
		if got := ShellQuote(in); got != want {
			t.Errorf("ShellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestMisspeltVariablesInTheFileAreReported(t *testing.T) {
	f := filepath.Join(t.TempDir(), "env")
	os.WriteFile(f, []byte("RAG_CHUNK_TOKEN=100\nRAG_TOP_K=3\nRAG_SOMETHING_ELSE_ENTIRELY=1\nOTHER=1\n"), 0o600)
	c, err := Load(env(map[string]string{"RAG_ENV_FILE": f}))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		f + ": RAG_CHUNK_TOKEN is not a setting hrag knows; it is ignored (did you mean RAG_CHUNK_TOKENS?)",
		f + ": RAG_SOMETHING_ELSE_ENTIRELY is not a setting hrag knows; it is ignored",
	}
	if len(c.Warnings) != len(want) || c.Warnings[0] != want[0] || c.Warnings[1] != want[1] {
		t.Fatalf("warnings %q", c.Warnings)
	}
	if c.TopK != 3 || c.ChunkTokens != 400 { // the default, not the misspelt 100
		t.Fatalf("top-k %d, chunk tokens %d", c.TopK, c.ChunkTokens)
	}
	_, err = LoadWith(env(nil), map[string]Override{"RAG_ENV_FILE": {"--env-file", "/nonexistent/env"}})
	var ce *Error
	if !errors.As(err, &ce) || !ce.FromFlags || !strings.Contains(err.Error(), "--env-file /nonexistent/env: ") {
		t.Fatalf("err %v", err)
	}
}

func TestEmptyEnvironmentVariableWinsOverTheFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "env")
	os.WriteFile(f, []byte("RAG_LLM_BASE_URL=http://127.0.0.1:8088/v1\nRAG_LLM_MODEL=m\nRAG_TOP_K=3\n"), 0o600)
	c, err := Load(env(map[string]string{"RAG_ENV_FILE": f, "RAG_LLM_BASE_URL": "", "RAG_TOP_K": ""}))
	if err != nil {
		t.Fatal(err)
	}
	if c.LLMBaseURL != "" || c.TopK != 6 || c.LLMModel != "m" {
		t.Fatalf("base URL %q, top-k %d, model %q", c.LLMBaseURL, c.TopK, c.LLMModel)
	}
}

// RAG_INCLUDE's default names every format package extract reads.
func TestIncludeDefaultIsEveryFormat(t *testing.T) {
	for _, v := range Vars {
		if v.Name == "RAG_INCLUDE" && v.Default != strings.Join(extract.Includes, ",") {
			t.Fatalf("RAG_INCLUDE defaults to %q, extract.Includes is %q", v.Default, extract.Includes)
		}
	}
}

// CommandWords quotes each word as a shell needs and names a collection
// other than the default. Mutation: quoting the joined words as one.
func TestCommandWords(t *testing.T) {
	if got, want := CommandWords("papers", "index", "/n/my notes/.drafts"), "hrag --collection papers index '/n/my notes/.drafts'"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := CommandWords("default", "reembed"), "hrag reembed"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
