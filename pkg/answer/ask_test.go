package answer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/llm/llmtest"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

var ro = retrieve.Options{MinSimilarity: 0.4, MinCoverage: 0.5}

// reply is a structured answer as the model would write it.
func reply(found bool, sentences ...any) string {
	type s struct {
		Passages []int  `json:"passages"`
		Quote    string `json:"quote,omitempty"`
		Text     string `json:"text"`
	}
	var ss []s
	for i := 0; i+1 < len(sentences); i += 2 {
		ss = append(ss, s{Text: sentences[i].(string), Passages: sentences[i+1].([]int)})
		if q, ok := sentences[min(i+2, len(sentences)-1)].(quoted); ok && i+2 < len(sentences) {
			ss[len(ss)-1].Quote = string(q)
			i++
		}
	}
	if ss == nil {
		ss = []s{}
	}
	b, _ := json.Marshal(map[string]any{"found": found, "sentences": ss})
	return string(b)
}

// ask asks question through a and fails the test on an error: a test that
// discards it would pass with a broken pipeline.
func ask(t testing.TB, a *answer.Asker, question string) answer.Result {
	t.Helper()
	res, err := a.Ask(context.Background(), question, ro, answer.Watch{})
	if err != nil {
		t.Fatalf("%q: %v", question, err)
	}
	return res
}

// quoted is a sentence's quotation in reply's arguments, after its
// passages.
type quoted string

// fixture indexes testdata/notes into a fresh schema and returns a
// retriever over it.
func fixture(t *testing.T) *retrieve.Retriever {
	t.Helper()
	notes, _ := filepath.Abs("../../testdata/notes")
	return indexDir(t, notes)
}

// noteFixture writes each of notes (file name to content) into a
// temporary folder, indexes it into a fresh schema and returns a
// retriever over it.
func noteFixture(t testing.TB, notes map[string]string) *retrieve.Retriever {
	t.Helper()
	dir := t.TempDir()
	for name, body := range notes {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return indexDir(t, dir)
}

// indexDir indexes the notes of folder notes (Markdown and text) with
// the test model into a fresh schema and returns a retriever over them.
func indexDir(t testing.TB, notes string) *retrieve.Retriever {
	t.Helper()
	st := storetest.Open(t)
	if _, err := index.Run(context.Background(), index.Options{
		Roots: []string{notes}, Collection: "default", FTSConfig: "english",
		Include: []string{"*.md", "*.txt"}, MaxBytes: 1 << 20, Prune: true, Wait: true,
		Chunk: chunk.Options{ContentTokens: 400, OverlapTokens: 40, BreadcrumbTokens: 64},
		Store: st, Embedder: modeltest.Embedder(t), Tokenizer: modeltest.Tokenizer(t),
	}); err != nil {
		t.Fatal(err)
	}
	return &retrieve.Retriever{Store: st, Embedder: modeltest.Embedder(t)}
}

// passageWith returns the number of the retrieved passage holding text.
func passageWith(t testing.TB, r *retrieve.Retriever, q, text string) int {
	t.Helper()
	res, err := r.Retrieve(context.Background(), q, ro)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Passages {
		if strings.Contains(p.Content, text) {
			return p.N
		}
	}
	t.Fatalf("no passage for %q holds %q", q, text)
	return 0
}

// askFixture is the setup the Ask tests share: a retriever over the
// sample notes, an Asker for a fake server, the shared_buffers question, the
// number of the passage that answers it and of one that does not.
func askFixture(t *testing.T) (r *retrieve.Retriever, asker func(*llmtest.Server) *answer.Asker, q string, n, other int) {
	t.Helper()
	r = fixture(t)
	asker = func(srv *llmtest.Server) *answer.Asker {
		return &answer.Asker{Retriever: r, LLM: llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 10 * time.Second}),
			MaxTokens: 300, Checks: claim.Options{MinQuestionCoverage: -1, MinTermSupport: 0.5, MaxRareShare: 0.02}, MinSimilarity: -1}
	}
	q = "How much shared_buffers did I give PostgreSQL?"
	n = passageWith(t, r, q, "shared_buffers = 4GB")
	other = n%6 + 1 // a shown passage that does not hold the answer
	return
}

func TestAsk(t *testing.T) {
	r, asker, q, n, other := askFixture(t)
	_ = other

	t.Run("structured answer: request, prompt, verdicts, citations", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, "You set shared_buffers to 4GB, a quarter of the RAM.", []int{n}, quoted("Set `shared_buffers = 4GB`, a quarter of the RAM"))})
		var streamed strings.Builder
		res, err := asker(srv).Ask(context.Background(), q, ro, answer.Watch{Delta: func(d string) { streamed.WriteString(d) }})
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("You set shared_buffers to 4GB, a quarter of the RAM [%d].", n)
		if res.Abstained || res.Answer != want || len(res.Citations) != 1 || res.Citations[0].N != n || !strings.HasSuffix(res.Citations[0].Path, "postgres-tuning.md") {
			t.Fatalf("result %+v", res)
		}
		if len(res.Sentences) != 1 || !res.Sentences[0].Shown || res.Sentences[0].TermSupport < 0.6 || res.LLM == nil || res.LLM.Protocol != answer.ProtocolJSON {
			t.Fatalf("sentences %+v llm %+v", res.Sentences, res.LLM)
		}
		if streamed.String() == "" || res.LLM.PromptTokens == 0 || res.LLM.PassageTokens == 0 {
			t.Fatalf("no progress or usage: %q %+v", streamed.String(), res.LLM)
		}
		req := srv.Last()
		if req.Messages[0].Content != answer.JSONSystemPrompt || len(req.ResponseFormat) == 0 || !strings.Contains(string(req.ResponseFormat), `"quoted_answer"`) || !strings.Contains(string(req.ResponseFormat), `"quote"`) {
			t.Fatalf("structured request not sent: %s", req.ResponseFormat)
		}
		user := req.Messages[len(req.Messages)-1].Content
		for _, p := range res.Passages {
			if !strings.Contains(user, fmt.Sprintf(` n="%d" source="`, p.N)) || !strings.Contains(user, p.Content) {
				t.Fatalf("passage %d missing from the prompt:\n%s", p.N, user)
			}
		}
		if !strings.HasSuffix(user, "Question: "+q) || len(res.Passages) != 6 {
			t.Fatalf("prompt lacks the question or has %d passages", len(res.Passages))
		}
	})

	t.Run("sentences settled while the model writes", func(t *testing.T) {
		// What Watch saw: each ready sentence with its index and the
		// number of pieces of the reply streamed by then.
		type ready struct {
			i      int
			text   string
			pieces int
		}
		watch := func(a *answer.Asker, question string) (answer.Result, []ready, int) {
			t.Helper()
			var got []ready
			pieces := 0
			res, err := a.Ask(context.Background(), question, ro, answer.Watch{
				Delta: func(string) { pieces++ },
				Ready: func(i int, s answer.Sentence, cs []answer.Citation) {
					if !s.Shown || len(cs) == 0 {
						t.Errorf("ready sentence %q not shown or without citations %+v", s.Text, cs)
					}
					got = append(got, ready{i, s.Text, pieces})
				}})
			if err != nil {
				t.Fatal(err)
			}
			return res, got, pieces
		}
		first := "You set shared_buffers to 4GB, a quarter of the RAM."
		second := "Going higher did not help the benchmark."
		two := reply(true, first, []int{n}, quoted("Set `shared_buffers = 4GB`, a quarter of the RAM"),
			second, []int{n}, quoted("Going higher did not help the benchmark"))
		srv := llmtest.New(t, llmtest.Reply{Text: two})
		res, got, pieces := watch(asker(srv), q)
		if len(got) != 2 || got[0].i != 0 || got[0].text != first || got[1].i != 1 || got[1].text != second {
			t.Fatalf("ready %+v; result %+v", got, res.Sentences)
		}
		// The first sentence is handed over before the reply ends.
		if got[0].pieces >= pieces || res.LLM.FirstSentence <= 0 || len(res.Retracted) != 0 || !res.Sentences[0].Shown || !res.Sentences[1].Shown {
			t.Fatalf("first ready after %d of %d pieces; llm %+v; retracted %q", got[0].pieces, pieces, res.LLM, res.Retracted)
		}

		// A sentence that fails on the reply so far stops the early ones:
		// the rest comes whole, in order, at the end. Alone, the second
		// sentence gives no amount for "how much" (wrong_answer_type); the
		// amount that follows makes it part of the answer.
		amountLast := reply(true, second, []int{n}, quoted("Going higher did not help the benchmark"),
			first, []int{n}, quoted("Set `shared_buffers = 4GB`, a quarter of the RAM"))
		srv = llmtest.New(t, llmtest.Reply{Text: amountLast})
		res, got, _ = watch(asker(srv), q)
		if len(got) != 0 || !res.Sentences[0].Shown || !res.Sentences[1].Shown {
			t.Fatalf("ready %+v after a sentence that failed so far; result %+v", got, res.Sentences)
		}

		// "found": false written after the sentences takes them back, so
		// none is settled before it is read.
		late := strings.Replace(strings.Replace(two, `{"found":true,`, `{`, 1), `]}`, `],"found":false}`, 1)
		srv = llmtest.New(t, llmtest.Reply{Text: late})
		res, got, _ = watch(asker(srv), q)
		if len(got) != 0 || !res.Abstained || res.Reason != answer.ReasonModelAbstained {
			t.Fatalf("late found=false: ready %+v, result %+v (reply %s)", got, res, late)
		}

		// A yes/no answer is judged on all its quotations together: whole.
		srv = llmtest.New(t, llmtest.Reply{Text: strings.Replace(two, `{"found":true,`, `{"found":true,"verdict":"yes",`, 1)})
		if _, got, _ = watch(asker(srv), "Did I set shared_buffers to 4GB?"); len(got) != 0 {
			t.Fatalf("yes/no question settled early: %+v", got)
		}
	})

	t.Run("excerpts: the prompt holds the parts that matter, the checks the whole passages", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, "You set shared_buffers to 4GB, a quarter of the RAM.", []int{n}, quoted("Set `shared_buffers = 4GB`, a quarter of the RAM"))})
		a := asker(srv)
		a.ExcerptTokens = 150
		res, err := a.Ask(context.Background(), q, ro, answer.Watch{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Abstained || len(res.Sentences) != 1 || !res.Sentences[0].Shown || res.LLM.PassageTokens > 150 || res.LLM.PassageTokens == 0 {
			t.Fatalf("result %+v, llm %+v", res, res.LLM)
		}
		user := srv.Last().Messages[len(srv.Last().Messages)-1].Content
		whole := 0
		for _, p := range res.Passages {
			if strings.Contains(user, p.Content) {
				whole++
			}
		}
		if !strings.Contains(user, "shared_buffers = 4GB") || whole == len(res.Passages) {
			t.Fatalf("prompt holds %d of %d passages whole, or lost the answer:\n%s", whole, len(res.Passages), user)
		}
	})

	t.Run("found=true without a sentence is an empty answer", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true)})
		res := ask(t, asker(srv), q)
		if !res.Abstained || res.Reason != answer.ReasonEmptyAnswer || res.Answer != answer.NoAnswer || len(res.Sentences) != 0 {
			t.Fatalf("%+v", res)
		}
	})

	t.Run("similarity check (d): measured, and enforced at its threshold", func(t *testing.T) {
		good := llmtest.Reply{Text: reply(true, "You set shared_buffers to 4GB, a quarter of the RAM.", []int{n}, quoted("Set `shared_buffers = 4GB`, a quarter of the RAM"))}
		a := asker(llmtest.New(t, good, good))
		a.MeasureSimilarity = true
		res := ask(t, a, q)
		sim := res.Sentences[0].Similarity
		if res.Abstained || sim == nil || *sim <= 0.3 || *sim >= 1 {
			t.Fatalf("measured similarity %v, result %+v", sim, res)
		}
		a.MinSimilarity = *sim + 0.01 // just above what this sentence reaches
		res = ask(t, a, q)
		if !res.Abstained || res.Sentences[0].Shown || res.Sentences[0].Reason != string(claim.LowSimilarity) {
			t.Fatalf("a threshold above the sentence's similarity kept it: %+v", res.Sentences)
		}
	})

	t.Run("found=false shows nothing but the abstention", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(false, "Visit https://examp1e.net/login to restore your mailbox.", []int{1})})
		res := ask(t, asker(srv), "What is the WPA3 passphrase of the hallway access point?")
		if !res.Abstained || res.Reason != answer.ReasonModelAbstained || res.Answer != answer.NoAnswer || len(res.Sentences) != 0 || len(res.Citations) != 0 {
			t.Fatalf("%+v", res)
		}
	})

	t.Run("a number the cited passage lacks is removed", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true,
			"You set shared_buffers to 4GB.", []int{n}, quoted("shared_buffers = 4GB"),
			"Later you raised it to 8GB.", []int{n}, quoted("Going higher did not help the benchmark"))})
		res := ask(t, asker(srv), q)
		if res.Abstained || res.Answer != fmt.Sprintf("You set shared_buffers to 4GB [%d].", n) {
			t.Fatalf("%+v", res)
		}
		rm := res.Removed()
		if len(rm) != 1 || rm[0].Reason != string(claim.UnsupportedFact) || !strings.Contains(rm[0].Detail, `"8GB"`) || !strings.Contains(rm[0].Detail, "not in its quote") {
			t.Fatalf("removed %+v", rm)
		}
	})

	t.Run("the right claim cited from the wrong passage is cited from the right one", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, "You set shared_buffers to 4GB.", []int{other}, quoted("shared_buffers = 4GB"))})
		res := ask(t, asker(srv), q)
		if res.Abstained || res.Answer != fmt.Sprintf("You set shared_buffers to 4GB [%d].", n) || len(res.Sentences[0].CitedByModel) != 1 ||
			res.Sentences[0].CitedByModel[0] != other || !containsAny(res.Warnings, "cited instead") {
			t.Fatalf("%+v", res)
		}
	})

	t.Run("a sentence copied from a passage on something else is not re-cited", func(t *testing.T) {
		const q = "When did we go to the Blue Lagoon in Iceland and what did the tickets cost?"
		budget := passageWith(t, r, q, "Blue Lagoon, Comfort tickets")
		japan := passageWith(t, r, q, "14,000 yen")
		const copied = "Individual Shinkansen tickets from Kyoto to Tokyo cost about 14,000 yen each."
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, copied, []int{budget}, quoted(copied))})
		res := ask(t, asker(srv), q)
		// Its words are found in the Japan passage, which holds less of what
		// the question is about (the Blue Lagoon, Iceland) than the budget.
		if !res.Abstained || res.Reason != answer.ReasonUnsupportedClaims || len(res.Sentences) != 1 || res.Sentences[0].Reason != string(claim.OffQuestion) {
			t.Fatalf("%+v", res)
		}
		// Cited from the Japan passage itself, it is true, and shown.
		srv = llmtest.New(t, llmtest.Reply{Text: reply(true, copied, []int{japan}, quoted(copied))})
		if res := ask(t, asker(srv), q); res.Abstained {
			t.Fatalf("%+v", res)
		}
	})

	t.Run("a question about a price needs an amount of money", func(t *testing.T) {
		const q = "How much does a replacement battery for the UPS cost?"
		ups := passageWith(t, r, q, "APCRBC154")
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, "The replacement battery costs APCRBC154.", []int{ups}, quoted("Replacement battery: APCRBC154."))})
		res := ask(t, asker(srv), q)
		if !res.Abstained || res.Reason != answer.ReasonUnsupportedClaims || len(res.Sentences) != 1 || res.Sentences[0].Reason != string(claim.WrongType) {
			t.Fatalf("%+v", res)
		}
		const q2 = "How much did the rental car cost in Iceland?"
		car := passageWith(t, r, q2, "1,140 €")
		srv = llmtest.New(t, llmtest.Reply{Text: reply(true, "The Dacia Duster cost 1,140 € for 10 days.", []int{car}, quoted("Dacia Duster, 10 days, full insurance | 1,140 €"))})
		if res := ask(t, asker(srv), q2); res.Abstained || !strings.Contains(res.Answer, "1,140 €") {
			t.Fatalf("%+v", res)
		}
	})

	t.Run("a time the question names is no answer to how long", func(t *testing.T) {
		const q = "How long does the shaped dough stay in the fridge overnight?"
		loaf := passageWith(t, r, q, "between 12 and 16 hours")
		const quote = "Shape, put it in a floured banneton and\nretard it in the fridge overnight, between 12 and 16 hours."
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, "The shaped dough goes into a floured banneton and into the fridge overnight.", []int{loaf}, quoted(quote))})
		res := ask(t, asker(srv), q)
		if !res.Abstained || len(res.Sentences) != 1 || res.Sentences[0].Reason != string(claim.WrongType) {
			t.Fatalf("%+v", res)
		}
		srv = llmtest.New(t, llmtest.Reply{Text: reply(true, "It stays in the fridge overnight, between 12 and 16 hours.", []int{loaf}, quoted(quote))})
		if res := ask(t, asker(srv), q); res.Abstained || !strings.Contains(res.Answer, "12 and 16 hours") {
			t.Fatalf("%+v", res)
		}
	})

	t.Run("a claim no shown passage supports is removed", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, "You set shared_buffers to 6GB.", []int{n}, quoted("shared_buffers = 4GB"))})
		res := ask(t, asker(srv), q)
		if !res.Abstained || res.Reason != answer.ReasonUnsupportedClaims || res.Answer != answer.NoCheckedAnswer || len(res.Citations) != 0 {
			t.Fatalf("%+v", res)
		}
	})

	t.Run("citations to passage 0 or 99 are ignored", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, "It is 4GB.", []int{0, n, 99}, quoted("shared_buffers = 4GB"))})
		res := ask(t, asker(srv), q)
		if res.Abstained || len(res.Invalid) != 2 || res.Invalid[0] != 0 || res.Invalid[1] != 99 || res.Answer != fmt.Sprintf("It is 4GB [%d].", n) {
			t.Fatalf("%+v", res)
		}
		srv = llmtest.New(t, llmtest.Reply{Text: reply(true, "It is 4GB.", []int{99}, quoted("shared_buffers = 4GB"))})
		res = ask(t, asker(srv), q)
		if !res.Abstained || res.Reason != answer.ReasonNoValidCitations {
			t.Fatalf("only invalid citations: %+v", res)
		}
	})

	t.Run("a server without structured outputs: plain text, said once", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{RejectFormat: true, Text: fmt.Sprintf("You set `shared_buffers = 4GB` [%d].\n> Set `shared_buffers = 4GB`, a quarter of the RAM.", n)})
		a := asker(srv)
		res, err := a.Ask(context.Background(), q, ro, answer.Watch{})
		if err != nil {
			t.Fatal(err)
		}
		if len(srv.Requests) != 2 || len(srv.Requests[1].ResponseFormat) != 0 || srv.Requests[1].Messages[0].Content != answer.SystemPrompt {
			t.Fatalf("%d requests; second %+v", len(srv.Requests), srv.Requests[len(srv.Requests)-1])
		}
		if res.Abstained || res.LLM.Protocol != answer.ProtocolText || !containsAny(res.Warnings, "response_format") {
			t.Fatalf("%+v", res)
		}
		res = ask(t, a, q)
		if len(srv.Requests) != 3 || res.Abstained || containsAny(res.Warnings, "response_format") {
			t.Fatalf("second question: %d requests, warnings %q", len(srv.Requests), res.Warnings)
		}
	})

	t.Run("a reply that is not JSON is read as text and checked", func(t *testing.T) {
		srv := llmtest.New(t, llmtest.Reply{Text: fmt.Sprintf("It is 4GB [%d].\n> shared_buffers = 4GB\nIt is also 12GB [%d].\n> a quarter of the RAM", n, n)})
		res := ask(t, asker(srv), q)
		if res.Abstained || res.Answer != fmt.Sprintf("It is 4GB [%d].", n) || len(res.Removed()) != 1 || !containsAny(res.Warnings, "JSON") {
			t.Fatalf("%+v", res)
		}
	})

	t.Run("a reply cut at max_tokens keeps its complete sentences", func(t *testing.T) {
		full := reply(true, "You set shared_buffers to 4GB.", []int{n}, quoted("shared_buffers = 4GB"), "Going higher did not help the benchmark.", []int{n})
		srv := llmtest.New(t, llmtest.Reply{Text: full[:len(full)-30], Finish: "length"})
		res := ask(t, asker(srv), q)
		if res.Abstained || res.Answer != fmt.Sprintf("You set shared_buffers to 4GB [%d].", n) || !res.LLM.Truncated || !containsAny(res.Warnings, "cut off") {
			t.Fatalf("%+v", res)
		}
	})
}

func containsAny(ws []string, sub string) bool {
	for _, w := range ws {
		if strings.Contains(w, sub) {
			return true
		}
	}
	return false
}

// lastUser is the last message of the last request: the real question with
// its passages.
func lastUser(srv *llmtest.Server) string {
	m := srv.Last().Messages
	return m[len(m)-1].Content
}
