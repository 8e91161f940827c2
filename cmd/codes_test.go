package cmd

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/store"
)

// readmeTable returns the rows of the first Markdown table after heading,
// as cells.
func readmeTable(t *testing.T, heading string, nth int) [][]string {
	t.Helper()
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, heading)
	if i < 0 {
		t.Fatalf("README has no %q", heading)
	}
	var rows [][]string
	table := 0
	inTable := false
	for _, line := range strings.Split(s[i:], "\n")[1:] {
		if strings.HasPrefix(line, "#") {
			break
		}
		if !strings.HasPrefix(line, "|") {
			if inTable {
				table++
				inTable = false
			}
			continue
		}
		inTable = true
		if table != nth || strings.HasPrefix(line, "|---") {
			continue
		}
		var cells []string
		for _, c := range strings.Split(strings.Trim(line, "|"), "|") {
			cells = append(cells, strings.Trim(strings.TrimSpace(c), "`"))
		}
		rows = append(rows, cells)
	}
	if len(rows) < 2 {
		t.Fatalf("table %d under %q not found", nth, heading)
	}
	return rows[1:] // without the header row
}

func TestReadmeListsExactlyTheExitCodes(t *testing.T) {
	documented := map[int]string{}
	for _, row := range readmeTable(t, "### Exit codes and reason codes", 0) {
		code, err := strconv.Atoi(row[0])
		if err != nil {
			t.Fatalf("row %q", row)
		}
		documented[code] = row[1]
	}
	for code, name := range ExitCodes {
		if documented[code] != name {
			t.Errorf("exit code %d (%s): README says %q", code, name, documented[code])
		}
	}
	for code := range documented {
		if _, ok := ExitCodes[code]; !ok {
			t.Errorf("README documents exit code %d, which hrag does not use", code)
		}
	}
}

func TestReadmeListsExactlyTheReasonCodes(t *testing.T) {
	documented := map[string][]string{}
	for _, row := range readmeTable(t, "### Exit codes and reason codes", 1) {
		documented[row[0]] = append(documented[row[0]], row[1])
	}
	want := map[string][]string{
		"ask":               answer.Reasons,
		"sources":           retrieve.GateCodes,
		"ask` `sentences[]": answer.SentenceReasons(),
	}
	for where, codes := range want {
		got := documented[where]
		slices.Sort(got)
		w := slices.Clone(codes)
		slices.Sort(w)
		if !slices.Equal(got, w) {
			t.Errorf("%s: README lists %q, the code has %q", where, got, w)
		}
	}
	if len(documented) != len(want) {
		t.Errorf("README tables: %v", documented)
	}
}

// Message words the fix for the core packages' typed errors, which name
// no command themselves.
func TestMessageAdvice(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{&retrieve.EmptyIndexError{Collection: "papers", Missing: true}, "the index is empty: collection \"papers\" does not exist yet: run `hrag --collection papers index PATH` first"},
		{fmt.Errorf("sources: %w", &retrieve.EmptyIndexError{Collection: "default"}), "sources: the index is empty: collection \"default\" has no passages: run `hrag index PATH`"},
		{&retrieve.ModelMismatchError{Collection: "default", Model: "e5", Have: []string{"bge"}}, "embedding model mismatch: collection \"default\" has no vectors of model e5 (document prefix \"\"); it has vectors of [bge]: run `hrag reembed` to embed its stored chunks with e5 (RAG_EMBED_MODEL; the files are not needed), or set RAG_EMBED_MODEL back to one of those"},
		{&retrieve.ModelMismatchError{Collection: "default", Model: "e5", HaveDim: 384, Dim: 768}, "embedding model mismatch: the vectors of e5 in collection \"default\" have 384 dimensions, but the model now gives 768: run `hrag reembed`"},
		{fmt.Errorf("storing: %w", store.ErrLockLost), "storing: the collection's writer lock was lost (its database connection ended): the run stopped; what it stored before is kept. Run the same command again (it waits for any run that took the lock since)"},
		{&llm.Error{Kind: llm.ErrTimeout, Detail: "the LLM at U did not finish within 1m0s"}, "the LLM at U did not finish within 1m0s: try again, raise RAG_LLM_TIMEOUT or use a smaller model"},
		{fmt.Errorf("ask: %w", &llm.Error{Kind: llm.ErrAuth, Detail: "the LLM at U answered 401 (no)"}), "ask: the LLM at U answered 401 (no): check RAG_LLM_API_KEY"},
		{&llm.Error{Kind: llm.ErrModelNotFound, Detail: "d"}, "d: check RAG_LLM_MODEL"},
		{&llm.Error{Kind: llm.ErrUnreachable, Detail: "d"}, "d: is the server running? Check RAG_LLM_BASE_URL"},
		{&llm.Error{Kind: llm.ErrNotChatAPI, Detail: "d"}, "d: check RAG_LLM_BASE_URL (an OpenAI-compatible API usually ends in /v1)"},
		{&llm.Error{Kind: llm.ErrServer, Detail: "d"}, "d"},
		{&store.FTSConfigError{Collection: "c", Want: "simple", Have: "english"}, `collection "c" uses text-search configuration english, not simple (RAG_FTS_CONFIG): set RAG_FTS_CONFIG=english, or index into a new --collection`},
		{errors.New("plain"), "plain"},
	} {
		if got := Message(c.err); got != c.want {
			t.Errorf("Message(%v) =\n%s\nwant\n%s", c.err, got, c.want)
		}
	}
}
