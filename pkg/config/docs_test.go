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
