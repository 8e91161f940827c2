package cmd

import (
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/internal/config"
	"github.com/hrag-dev/hrag/internal/conversation"
	"github.com/hrag-dev/hrag/internal/iostreams"
	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/llm/llmtest"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

func TestSourcesAndAsk(t *testing.T) {
	db := storetest.SchemaURL(t)
	notes, _ := filepath.Abs("../testdata/notes")
	f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{notes}}); ExitCode(err) != ExitOK {
		t.Fatal(err)
	}
	const q = "How much shared_buffers did I give PostgreSQL?"

	t.Run("sources piped", func(t *testing.T) {
		f, out, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
		err := sourcesRun(context.Background(), &SourcesOptions{Factory: f, Question: q, retrievalFlags: retrievalFlags{TopK: 2}})
		if err != nil {
			t.Fatal(err)
		}
		s := out.String()
		if !strings.HasPrefix(s, "[1] ") || !strings.Contains(s, "postgres-tuning.md:21-27") || !strings.Contains(s, "bm25 #1") ||
			!strings.Contains(s, "[PostgreSQL on the home server > Memory settings > shared_buffers]") || strings.Contains(s, "[3] ") {
			t.Fatalf("output:\n%s", s)
		}
	})

	t.Run("sources flags and masks text addressed to an AI assistant", func(t *testing.T) {
		f, out, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
		if err := sourcesRun(context.Background(), &SourcesOptions{Factory: f, Question: "What did the suspicious IT support email say?", retrievalFlags: retrievalFlags{TopK: 3}}); err != nil {
			t.Fatal(err)
		}
		s := out.String()
		if !strings.Contains(s, "suspicious-email.md") || !strings.Contains(s, "warning: 2 span(s) of this passage may address an AI assistant (instructions, role changes, links to visit): 1 masked") ||
			strings.Contains(s, "ignore all previous") || !strings.Contains(s, "[text addressed to an AI assistant removed by hrag]") || !strings.Contains(s, "it-helpdesk@examp1e.net") {
			t.Fatalf("output:\n%s", s)
		}
	})

	t.Run("sources json", func(t *testing.T) {
		f, out, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
		if err := sourcesRun(context.Background(), &SourcesOptions{Factory: f, Question: q, retrievalFlags: retrievalFlags{JSON: true}}); err != nil {
			t.Fatal(err)
		}
		var got sourcesJSON
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		if !got.Relevant || len(got.Passages) != 6 || got.Passages[0].N != 1 || got.Passages[0].BM25Rank == 0 {
			t.Fatalf("%+v", got)
		}
	})

	t.Run("ask prints the checked answer raw when piped, then lists sources", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: structured(true, "You set `shared_buffers = 4GB`.", []int{1}, quoted("Set `shared_buffers = 4GB`"), "You later set it to 6GB.", []int{1}, quoted("Set `shared_buffers = 4GB`"))})
		f, out, errOut := testFactory(t, map[string]string{"RAG_DATABASE_URL": db, "RAG_LLM_BASE_URL": srv.BaseURL(), "RAG_LLM_MODEL": "m", "RAG_LLM_API_KEY": "sk-do-not-print"})
		if err := askRun(context.Background(), &AskOptions{Factory: f, Question: q}); err != nil {
			t.Fatal(err)
		}
		want := "You set `shared_buffers = 4GB` [1].\n\nSources:\n  [1] "
		if !strings.HasPrefix(out.String(), want) || !strings.Contains(out.String(), "postgres-tuning.md:21-27 › PostgreSQL on the home server › Memory settings › shared_buffers") {
			t.Fatalf("stdout:\n%s", out)
		}
		if strings.Contains(out.String(), "6GB") || !strings.Contains(errOut.String(), "removed 1 sentence(s)") || !strings.Contains(errOut.String(), `"6GB" (number) not in its quote`) {
			t.Fatalf("the unsupported sentence: stdout %q stderr %q", out, errOut)
		}
		if strings.Contains(out.String()+errOut.String(), "sk-do-not-print") {
			t.Fatal("API key printed")
		}
	})

	t.Run("ask on a terminal prints each checked sentence once, as soon as it is settled", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: structured(true, "You set `shared_buffers = 4GB`.", []int{1}, quoted("Set `shared_buffers = 4GB`"),
			"It is a quarter of the RAM.", []int{1}, quoted("a quarter of the RAM"), "You later set it to 6GB.", []int{1}, quoted("Set `shared_buffers = 4GB`"))})
		f, out, errOut := testFactory(t, map[string]string{"RAG_DATABASE_URL": db, "RAG_LLM_BASE_URL": srv.BaseURL(), "RAG_LLM_MODEL": "m"})
		f.IO = iostreams.Test(out, errOut, true)
		if err := askRun(context.Background(), &AskOptions{Factory: f, Question: q}); err != nil {
			t.Fatal(err)
		}
		plain := stripSGR(out.String())
		for _, s := range []string{"shared_buffers = 4GB", "a quarter of the RAM [1]"} {
			if n := strings.Count(plain, s); n != 1 && !(s == "shared_buffers = 4GB" && n == 2) { // the sentence and its quote
				t.Errorf("%q printed %d times:\n%s", s, n, plain)
			}
		}
		if strings.Count(plain, "You set") != 1 || strings.Contains(plain, "6GB") || !strings.Contains(plain, "Sources:") ||
			strings.Index(plain, "You set") > strings.Index(plain, "quarter of the RAM [1]") {
			t.Fatalf("stdout:\n%s", plain)
		}
		// The spinner came back after the first settled sentence.
		if !strings.Contains(errOut.String(), "writing the rest of the answer") || !strings.Contains(errOut.String(), `"6GB" (number) not in its quote`) {
			t.Fatalf("stderr:\n%s", errOut)
		}
	})

	t.Run("ask --follow-up rewrites the question from the last turn and searches both", func(t *testing.T) {
		const standalone = "How much work_mem did I give PostgreSQL?"
		// The model: the rewrite request gets the standalone question; an
		// answer request gets the sentence of the passage that holds it.
		model := llmtest.Reply{Respond: func(req llmtest.Request) string {
			if req.Messages[0].Content == answer.RewriteSystemPrompt {
				return standalone + "\n"
			}
			user := req.Messages[len(req.Messages)-1].Content
			for _, p := range promptPassages(req) {
				if strings.Contains(user, "Question: "+standalone) && strings.Contains(p.text, "work_mem = 64MB") {
					return structured(true, "You gave work_mem 64MB.", []int{p.n}, quoted("`work_mem = 64MB` is enough for the sorts"))
				}
				if strings.Contains(user, "Question: "+q) && strings.Contains(p.text, "shared_buffers = 4GB") {
					return structured(true, "You set `shared_buffers = 4GB`.", []int{p.n}, quoted("Set `shared_buffers = 4GB`"))
				}
			}
			return structured(false)
		}}
		srv := llmtest.New(t, model)
		vars := map[string]string{"RAG_DATABASE_URL": db, "RAG_LLM_BASE_URL": srv.BaseURL(), "RAG_LLM_MODEL": "m", "HRAG_CACHE": t.TempDir()}
		f, _, errOut := testFactory(t, vars)
		if err := askRun(context.Background(), &AskOptions{Factory: f, Question: q}); err != nil {
			t.Fatal(err)
		}
		f, out, errOut := testFactory(t, vars)
		err := askRun(context.Background(), &AskOptions{Factory: f, Question: "and work_mem?", FollowUp: true, retrievalFlags: retrievalFlags{JSON: true}})
		if err != nil {
			t.Fatalf("%v\n%s", err, errOut)
		}
		var got answer.Result
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		if got.Question != standalone || got.Asked != "and work_mem?" || got.Abstained || !strings.Contains(got.Answer, "64MB") {
			t.Fatalf("follow-up: %+v\nstderr %s", got, errOut)
		}
		// The rewrite saw the first turn, as asked and answered.
		var rewrite *llmtest.Request
		for i, r := range srv.Requests {
			if r.Messages[0].Content == answer.RewriteSystemPrompt {
				rewrite = &srv.Requests[i]
			}
		}
		if rewrite == nil || !strings.Contains(rewrite.Messages[len(rewrite.Messages)-1].Content, "Q: "+q+"\nA: You set `shared_buffers = 4GB` [") ||
			!strings.HasSuffix(rewrite.Messages[len(rewrite.Messages)-1].Content, "Last question: and work_mem?") {
			t.Fatalf("rewrite request: %+v", rewrite)
		}
		// A third turn continues from the second; a plain ask starts over.
		// Its rewrite leaves out maintenance_work_mem and is refused, so
		// it is searched as typed: -v says so, where a plain run is
		// silent. Mutation: drop "|| opts.Verbose" in askRun.
		f, _, errOut = testFactory(t, vars)
		_ = askRun(context.Background(), &AskOptions{Factory: f, Question: "and maintenance_work_mem?", FollowUp: true, Verbose: true})
		if !strings.Contains(errOut.String(), `note: follow-up searched and answered as "and maintenance_work_mem?"`) ||
			!strings.Contains(errOut.String(), " prompt tokens (") {
			t.Fatalf("ask -f -v stderr:\n%s", errOut)
		}
		turns, _, err := (&conversation.Store{Dir: filepath.Join(vars["HRAG_CACHE"], "conversations")}).Load("default")
		if err != nil || len(turns) != 3 || turns[1].Standalone != standalone || len(turns[1].Cited) != 1 {
			t.Fatalf("conversation after three turns: %+v %v\n%s", turns, err, errOut)
		}
		f, _, _ = testFactory(t, vars)
		_ = askRun(context.Background(), &AskOptions{Factory: f, Question: q})
		if turns, _, _ := (&conversation.Store{Dir: filepath.Join(vars["HRAG_CACHE"], "conversations")}).Load("default"); len(turns) != 1 {
			t.Fatalf("a plain ask did not start over: %+v", turns)
		}
		// No earlier question: asked as a first one, with a note.
		vars["HRAG_CACHE"] = t.TempDir()
		f, _, errOut = testFactory(t, vars)
		if err := askRun(context.Background(), &AskOptions{Factory: f, Question: q, FollowUp: true}); err != nil || !strings.Contains(errOut.String(), "no earlier question in collection \"default\" to follow up") {
			t.Fatalf("follow-up without a conversation: %v\n%s", err, errOut)
		}
		// Two follow-ups that both found no conversation (run at once) both
		// keep their turn: each is added to the file as it is when saved.
		// Mutation: a follow-up that found no turns saved with Start (the
		// second would replace the first).
		vars["HRAG_CACHE"] = t.TempDir()
		convs := &conversation.Store{Dir: filepath.Join(vars["HRAG_CACHE"], "conversations")}
		f, _, _ = testFactory(t, vars)
		for _, fq := range []string{"first at once", "second at once"} {
			saveTurn(f, convs, "default", true, fq, answer.Result{Question: fq, Answer: "a"})
		}
		if turns, _, err := convs.Load("default"); err != nil || len(turns) != 2 || turns[0].Question != "first at once" {
			t.Fatalf("two follow-ups at once: %+v %v", turns, err)
		}
	})

	t.Run("ask takes its LLM from the Factory's NewLLM", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: structured(true, "You set `shared_buffers = 4GB`.", []int{1}, quoted("Set `shared_buffers = 4GB`"))})
		f, out, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db}) // no RAG_LLM_BASE_URL: search only by default
		f.NewLLM = func(config.Config) llm.Streamer {
			return llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: time.Minute})
		}
		if err := askRun(context.Background(), &AskOptions{Factory: f, Question: q}); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(out.String(), "You set `shared_buffers = 4GB` [1].") || srv.Count() != 1 {
			t.Fatalf("stdout:\n%s\n(%d requests)", out, srv.Count())
		}
	})

	t.Run("ask json and abstention exit code", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: structured(false)})
		f, out, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db, "RAG_LLM_BASE_URL": srv.BaseURL(), "RAG_LLM_MODEL": "m"})
		err := askRun(context.Background(), &AskOptions{Factory: f, Question: "What is the WPA3 passphrase of the hallway access point?", retrievalFlags: retrievalFlags{JSON: true}})
		if ExitCode(err) != ExitAbstained {
			t.Fatalf("exit %d (%v)", ExitCode(err), err)
		}
		var got map[string]any
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		if got["abstained"] != true || got["reason"] != answer.ReasonModelAbstained || got["answer"] != answer.NoAnswer || len(got["passages"].([]any)) != 6 {
			t.Fatalf("%v", got)
		}
	})

	t.Run("ask json carries every sentence's verdict; unsupported claims exit 4", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: structured(true, "You set shared_buffers to 8GB.", []int{1}, quoted("Set `shared_buffers = 4GB`"))})
		f, out, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db, "RAG_LLM_BASE_URL": srv.BaseURL(), "RAG_LLM_MODEL": "m"})
		err := askRun(context.Background(), &AskOptions{Factory: f, Question: q, retrievalFlags: retrievalFlags{JSON: true}})
		if ExitCode(err) != ExitAbstained {
			t.Fatalf("exit %d (%v)", ExitCode(err), err)
		}
		var got answer.Result
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		if got.Reason != answer.ReasonUnsupportedClaims || len(got.Sentences) != 1 || got.Sentences[0].Shown || got.Sentences[0].Reason != "unsupported_fact" ||
			got.LLM == nil || got.LLM.Protocol != answer.ProtocolJSON {
			t.Fatalf("%+v", got)
		}
	})

	t.Run("ask without LLM shows passages", func(t *testing.T) {
		f, out, errOut := testFactory(t, map[string]string{"RAG_DATABASE_URL": db})
		if err := askRun(context.Background(), &AskOptions{Factory: f, Question: q}); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(out.String(), "[1] ") || !strings.Contains(errOut.String(), "search only") {
			t.Fatalf("stdout %q stderr %q", out, errOut)
		}
	})

	t.Run("ask with LLM down names the URL", func(t *testing.T) {
		f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db, "RAG_LLM_BASE_URL": "http://127.0.0.1:1/v1", "RAG_LLM_MODEL": "m"})
		err := askRun(context.Background(), &AskOptions{Factory: f, Question: q})
		if err == nil || !strings.Contains(err.Error(), "http://127.0.0.1:1/v1") || !strings.Contains(Message(err), "Check RAG_LLM_BASE_URL") || ExitCode(err) != ExitError {
			t.Fatalf("err = %v", err)
		}
	})

	// A model mismatch is tested where a second model is indexed:
	// reembed_test.go (ErrModelMismatch naming hrag reembed).
	t.Run("an empty collection is explained", func(t *testing.T) {
		f, _, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": db, "RAG_COLLECTION": "empty"})
		err := sourcesRun(context.Background(), &SourcesOptions{Factory: f, Question: q})
		if err == nil || !strings.Contains(Message(err), "hrag --collection empty index PATH") {
			t.Fatalf("err = %v", err)
		}
	})
}

// sgrRe matches the terminal escape sequences glamour writes.
var sgrRe = regexp.MustCompile("\x1b\\[[0-9;?]*[A-Za-z]")

// stripSGR returns s without terminal escape sequences.
func stripSGR(s string) string { return sgrRe.ReplaceAllString(s, "") }
