//go:build e2e

package cmd

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// TestEndToEndWithRealLLM asks one answerable and one unanswerable question
// over the sample notes, against the real OpenAI-compatible llama.cpp server
// that scripts/llm-server.sh starts (RAG_LLM_BASE_URL, RAG_LLM_MODEL). Run by
// scripts/test with -tags e2e.
func TestEndToEndWithRealLLM(t *testing.T) {
	base, model := os.Getenv("RAG_LLM_BASE_URL"), os.Getenv("RAG_LLM_MODEL")
	if base == "" || model == "" {
		t.Fatal("RAG_LLM_BASE_URL and RAG_LLM_MODEL must name the server started by scripts/llm-server.sh start")
	}
	db := storetest.SchemaURL(t)
	notes, _ := filepath.Abs("../testdata/notes")
	vars := map[string]string{"RAG_DATABASE_URL": db, "RAG_LLM_BASE_URL": base, "RAG_LLM_MODEL": model,
		"RAG_LLM_TIMEOUT": "600s", "RAG_LLM_MAX_TOKENS": "120"}
	f, _, _ := testFactory(t, vars)
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{notes}}); ExitCode(err) != ExitOK {
		t.Fatal(err)
	}
	ask := func(q string) (answer.Result, int) {
		f, out, _ := testFactory(t, vars)
		err := askRun(context.Background(), &AskOptions{Factory: f, Question: q, retrievalFlags: retrievalFlags{JSON: true}})
		code := ExitCode(err)
		if code != ExitOK && code != ExitAbstained {
			t.Fatalf("%q: %v", q, err)
		}
		var res answer.Result
		if err := json.Unmarshal(out.Bytes(), &res); err != nil {
			t.Fatalf("%q: %v\n%s", q, err, out)
		}
		t.Logf("Q: %s\nA: %s\nabstained=%v reason=%s invalid=%v citations=%d exit=%d", q, res.Answer, res.Abstained, res.Reason, res.Invalid, len(res.Citations), code)
		return res, code
	}

	// Answerable: the right passage is shown, and whatever the model says is
	// either grounded (valid citations only, exit 0) or flagged (exit 4).
	res, code := ask("How much shared_buffers did I give PostgreSQL?")
	shown := false
	for _, p := range res.Passages {
		shown = shown || strings.Contains(p.Content, "shared_buffers = 4GB")
	}
	if !shown {
		t.Fatal("the passage with the answer was not given to the model")
	}
	// The base model sometimes returns nothing: that must be reported as
	// such, never shown as an empty answer.
	if strings.TrimSpace(res.Answer) == "" || res.Reason == answer.ReasonEmptyAnswer && (code != ExitAbstained || res.Answer != answer.NoAnswer) {
		t.Fatalf("empty answer not reported: exit %d, reason %q, answer %q", code, res.Reason, res.Answer)
	}
	for _, c := range res.Citations {
		if c.N < 1 || c.N > len(res.Passages) {
			t.Fatalf("citation [%d] survived verification with %d passages", c.N, len(res.Passages))
		}
	}
	if (code == ExitOK) != (!res.Abstained && len(res.Citations) > 0) {
		t.Fatalf("exit %d does not match abstained=%v citations=%d", code, res.Abstained, len(res.Citations))
	}

	// Unanswerable (the notes say the passphrase is kept elsewhere): never a
	// grounded-looking answer with the passphrase.
	res, code = ask("What is the WPA3 passphrase of the hallway access point?")
	if code == ExitOK {
		for _, c := range res.Citations {
			p := res.Passages[c.N-1]
			if !strings.Contains(p.Content, "passphrase") {
				t.Errorf("answer %q cites [%d], which does not mention a passphrase", res.Answer, c.N)
			}
		}
	}
	// Off-topic: stopped by the gate before the LLM.
	res, code = ask("Who won the football world cup in 1998?")
	if code != ExitAbstained || res.Reason != answer.ReasonNoRelevantPassages {
		t.Fatalf("off-topic question: exit %d reason %s", code, res.Reason)
	}
}
