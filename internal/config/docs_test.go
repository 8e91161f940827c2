package config

import (
	"os"
	"strings"
	"testing"
)

// Every variable hrag reads is documented in the README and .env.example.
func TestEveryVariableIsDocumented(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile("../../.env.example")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range Vars {
		if !strings.Contains(string(readme), "`"+v.Name+"`") {
			t.Errorf("README does not document %s", v.Name)
		}
		if !strings.Contains(string(example), v.Name+"=") {
			t.Errorf(".env.example does not list %s", v.Name)
		}
	}
}

// Every variable is read (a Parse in the table), and a value that is not of
// its kind is refused with its name, except the free-text ones.
func TestEveryVariableIsParsed(t *testing.T) {
	free := map[string]bool{}
	for _, v := range Vars {
		if v.Parse == nil {
			t.Errorf("%s has no Parse: Load never reads it", v.Name)
			continue
		}
		r := &reader{get: func(string) string { return "bogus" }, raw: func(string) string { return "bogus" }, label: func(n string) string { return n }}
		var c Config
		v.Parse(r, v.Name, &c)
		if len(r.errs) == 0 {
			free[v.Name] = true
		} else if !strings.HasPrefix(r.errs[0], v.Name+`="bogus": want `) {
			t.Errorf("%s: message %q does not name the variable and value", v.Name, r.errs[0])
		}
	}
	// Strings, paths and lists accept any text; everything else is typed.
	for _, name := range []string{"RAG_CANDIDATES", "RAG_TOP_K", "RAG_LLM_TIMEOUT", "RAG_MAX_FILE_BYTES", "RAG_VERIFY", "RAG_MIN_LOGPROB", "RAG_RRF_K"} {
		if free[name] {
			t.Errorf("%s=bogus was accepted", name)
		}
	}
}

// A number too large for its type says so, not that it is too small.
func TestIntegerOutOfRange(t *testing.T) {
	r := &reader{get: func(string) string { return "99999999999999999999" }, label: func(n string) string { return n }}
	var c Config
	integer(0, func(c *Config) *int { return &c.ExcerptTokens })(r, "RAG_EXCERPT_TOKENS", &c)
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "want an integer from 0 to 9223372036854775807") {
		t.Errorf("messages %q", r.errs)
	}
}
