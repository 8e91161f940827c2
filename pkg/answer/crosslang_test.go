package answer_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/answer"
	"github.com/hrag-dev/hrag/pkg/chunk"
	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/llm"
	"github.com/hrag-dev/hrag/pkg/llm/llmtest"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
	"github.com/hrag-dev/hrag/pkg/tokenize"
)

// A sentence in another language than the passage it quotes, with the
// multilingual model: the word checks cannot compare question, sentence
// and quote, the embedding model can. A sentence that restates its French
// quote in English is shown; one with the same quote and the same number
// that says something else is removed (low_similarity), and so is a
// French answer quoting an English note on something else than the
// question (off_question). Without MeaningAcrossLanguages (an
// English-only model) the restatement is held to the word checks as
// before, and fails them. Mutations: claim.Check applying MinTermSupport
// whatever MeaningAcrossLanguages says (the restatement is removed);
// crossLanguage not called (the other two are shown); its question test
// left out (the sourdough sentence is shown).
func TestCrossLanguageSentence(t *testing.T) {
	ctx := context.Background()
	m, err := embed.Inspect(modeltest.Named(t, "multilingual-e5-small-q4"))
	if err != nil {
		t.Fatal(err)
	}
	e5, err := embed.OpenE5(m, "", 8, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e5.Close() })
	tk, err := tokenize.Load(m.Tokenizer)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tk.Close() })
	notes := t.TempDir()
	for _, f := range []string{"cooking/ratatouille-fr.md", "cooking/thai-green-curry.md", "cooking/sourdough.md", "garden/vegetable-beds.md"} {
		b, err := os.ReadFile(filepath.Join("../../testdata/notes", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(notes, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	costs := "# Iceland 2023: costs\n\n| item | cost |\n|---|---|\n| flights Frankfurt–Keflavík, return | 2 × 389 € |\n| rental car Dacia Duster, 9 days | 1,240 € |\n| Blue Lagoon, Comfort | 2 × 79 € |\n"
	if err := os.WriteFile(filepath.Join(notes, "iceland-costs.md"), []byte(costs), 0o644); err != nil {
		t.Fatal(err)
	}
	st := storetest.Open(t)
	if _, err := index.Run(ctx, index.Options{
		Roots: []string{notes}, Collection: "default", FTSConfig: "english", Include: []string{"*.md"}, MaxBytes: 1 << 20, Prune: true, Wait: true,
		Chunk: chunk.Options{ContentTokens: 400, OverlapTokens: 40, BreadcrumbTokens: 64}, DocumentPrefix: m.DocumentPrefix, QueryPrefix: m.QueryPrefix,
		Store: st, Embedder: e5, Tokenizer: tk,
	}); err != nil {
		t.Fatal(err)
	}
	r := &retrieve.Retriever{Store: st, Embedder: e5, QueryPrefix: m.QueryPrefix, DocPrefix: m.DocumentPrefix}
	q := "How many people does the ratatouille recipe serve?"
	n := passageWith(t, r, q, "Pour six personnes")
	quote := quoted("Pour six personnes : deux aubergines, trois courgettes, deux poivrons rouges")
	fr := "Pour combien de personnes est le curry vert thaï ?"
	starter := passageWith(t, r, fr, "Feed the starter twice a day")
	de := "Für wie viele Personen reicht das grüne Thai-Curry?" // whatlanggo reads it reliably (language.Compare)
	curry := passageWith(t, r, de, "Serves 4")
	for _, c := range []struct {
		name, question, sentence string
		n                        int
		quote                    quoted
		meaning, shown           bool
		reason                   claim.Reason
	}{
		{"restates its quote", q, "The ratatouille recipe serves six people.", n, quote, true, true, ""},
		{"says something else", q, "Six trains leave the main station every hour.", n, quote, true, false, claim.LowSimilarity},
		{"restates its quote, English-only model", q, "The ratatouille recipe serves six people.", n, quote, false, false, ""},
		{"quotes a note on something else", fr, "Il faut nourrir le levain deux fois par jour.", starter, "Feed the starter twice a day", true, false, claim.OffQuestion},
	} {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, c.sentence, []int{c.n}, c.quote)})
		a := &answer.Asker{Retriever: r, LLM: llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 10 * time.Second}), MaxTokens: 300,
			Checks: claim.Options{MinQuestionCoverage: -1, MinTermSupport: 0.5, MaxRareShare: 0.02, MeaningAcrossLanguages: c.meaning}, MinSimilarity: -1}
		res := ask(t, a, c.question)
		if len(res.Sentences) != 1 {
			t.Fatalf("%s: sentences %+v", c.name, res.Sentences)
		}
		s := res.Sentences[0]
		if !s.CrossLanguage || s.Shown != c.shown {
			t.Errorf("%s: shown %v, cross-language %v, %s: %s", c.name, s.Shown, s.CrossLanguage, s.Reason, s.Detail)
		}
		if c.reason != "" && (s.Reason != string(c.reason) || !strings.Contains(s.Detail, "another language than")) {
			t.Errorf("%s: removed for %s: %s; want %s across languages", c.name, s.Reason, s.Detail, c.reason)
		}
	}

	// A table of items and prices has no language to tell (no prose, no
	// function words, only a name shared with the question): a French
	// question over it fails the word checks, and with the multilingual
	// model it is held to the meaning checks and the model's confirmation
	// instead. Mutation: checkSentence not trying the sentence across
	// languages when language.Untold (the flight's price is removed).
	flights := "Combien a coûté mon billet d'avion aller-retour Francfort–Keflavík ?"
	row := passageWith(t, r, flights, "2 × 389 €")
	for _, c := range []struct {
		meaning, shown, across bool
		verdict                string
	}{{true, true, true, `{"verdict": "yes"}`}, {true, false, true, `{"verdict": "no"}`}, {false, false, false, `{"verdict": "yes"}`}} {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, "Le vol aller-retour Francfort–Keflavík a coûté 2 × 389 €.", []int{row}, quoted("flights Frankfurt–Keflavík, return | 2 × 389 €"))}, llmtest.Reply{Text: c.verdict})
		a := &answer.Asker{Retriever: r, LLM: llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 10 * time.Second}), MaxTokens: 300,
			Checks: claim.Options{MinQuestionCoverage: 0.3, MinTermSupport: 0.5, MaxRareShare: 0.02, MeaningAcrossLanguages: c.meaning}, MinSimilarity: -1,
			VerifyAcrossLanguages: true}
		s := ask(t, a, flights).Sentences[0]
		if s.Shown != c.shown || s.CrossLanguage != c.across {
			t.Errorf("table row, meaning %v, %s: shown %v, cross-language %v, %s: %s", c.meaning, c.verdict, s.Shown, s.CrossLanguage, s.Reason, s.Detail)
		}
	}

	// Across languages the model confirms the sentence against its quote
	// (VerifyAcrossLanguages): a "no" removes a German answer that the
	// meaning checks pass over the English curry note, a "yes" keeps it;
	// without the setting nothing is asked.
	// Mutation: verify skipping sentences unless a.Verify (the "no" is
	// never asked, the sentence shown).
	for _, c := range []struct {
		verdict        string
		across, shown  bool
		requests       int
		confirmedAsked bool
	}{{`{"verdict": "no"}`, true, false, 2, true}, {`{"verdict": "yes"}`, true, true, 2, true}, {`{"verdict": "no"}`, false, true, 1, false}} {
		srv := llmtest.New(t, llmtest.Reply{Text: reply(true, "Das grüne Thai-Curry reicht für 4 Personen.", []int{curry}, quoted("Serves 4, ready in about 35 minutes"))}, llmtest.Reply{Text: c.verdict})
		a := &answer.Asker{Retriever: r, LLM: llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "m", Timeout: 10 * time.Second}), MaxTokens: 300,
			Checks: claim.Options{MinQuestionCoverage: -1, MinTermSupport: 0.5, MaxRareShare: 0.02, MeaningAcrossLanguages: true}, MinSimilarity: -1,
			VerifyAcrossLanguages: c.across}
		res := ask(t, a, de)
		s := res.Sentences[0]
		if len(srv.Requests) != c.requests || s.Shown != c.shown || (s.Confirmed != nil) != c.confirmedAsked {
			t.Fatalf("%s, across %v: %d requests, %+v", c.verdict, c.across, len(srv.Requests), s)
		}
		if c.requests == 2 && !strings.Contains(lastUser(srv), "Serves 4") {
			t.Fatalf("the verification did not show the quote: %q", lastUser(srv))
		}
		if !c.shown && s.Reason != answer.ReasonNotConfirmed {
			t.Fatalf("removed for %s", s.Reason)
		}
	}
}
