package cmd

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// `hrag mcp` as a subprocess, driven by the SDK's client over stdio: the
// tools answer from a real collection, stdout carries nothing but the
// protocol, and the server exits 0 when the client closes.
func TestMCPSubprocess(t *testing.T) {
	db := storetest.SchemaURL(t)
	notes, _ := filepath.Abs("../testdata/notes")
	f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{notes}}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$", "--", "mcp")
	cmd.Env = append(os.Environ(), "HRAG_TEST_MAIN=1", "RAG_ENV_FILE="+os.DevNull, "RAG_DATABASE_URL="+db,
		"RAG_EMBED_MODEL="+modeltest.Dir(t), "RAG_ONNXRUNTIME_LIB="+modeltest.ORTLib(), "RAG_LLM_BASE_URL=")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("%v\nstderr: %s", err, stderr.String())
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tools.Tools) != 3 {
		t.Errorf("%d tools without an LLM, want 3 (search, get, status)", len(tools.Tools))
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "search", Arguments: map[string]any{"query": "When is the paper bin collected?", "k": 2}})
	if err != nil || res.IsError {
		t.Fatalf("search: %v %+v", err, res)
	}
	b, _ := json.Marshal(res.StructuredContent)
	var out struct {
		Passages []struct {
			Path string `json:"path"`
			Text string `json:"text"`
		} `json:"passages"`
	}
	if err := json.Unmarshal(b, &out); err != nil || len(out.Passages) != 2 || !strings.Contains(out.Passages[0].Text, "paper") {
		t.Fatalf("search result %s (%v)", b, err)
	}
	if err := cs.Close(); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil && !strings.Contains(err.Error(), "Wait was already called") {
		t.Fatalf("the server exited with %v\nstderr: %s", err, stderr.String())
	}
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 0 {
		t.Fatalf("exit %v\nstderr: %s", cmd.ProcessState, stderr.String())
	}
}
