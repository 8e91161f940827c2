package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/hrag-dev/hrag/internal/config"
	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// multilingualNotes writes notes in German, French, Japanese and English,
// each long enough to detect, and one too short to.
func multilingualNotes(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	notes := map[string]string{
		"heizung.md": "# Heizung\n\nDer Wartungsvertrag für die Gasheizung bei der Firma Brenner & Söhne kostet 189 Euro im Jahr. " +
			"Die Wartung findet jedes Jahr im September statt; der Techniker heißt Herr Aydin und kommt meistens vormittags.\n",
		"recus.md": "# Reçus\n\nLe lave-vaisselle a été acheté chez Darty le 12 mars 2024 pour 549 euros ; la garantie court deux ans " +
			"et le ticket de caisse est rangé dans le classeur bleu, avec la facture du réfrigérateur.\n",
		"tokyo.md": "# 東京旅行メモ\n\n東京では浅草寺を朝早く訪れるのが一番です。新幹線の切符は京都から東京まで一人約一万四千円でした。" +
			"ホテルは新宿駅から歩いて五分のところにあり、朝食付きで一泊一万二千円でした。雨の日は国立博物館に行きました。" +
			"帰りの飛行機は羽田空港から午後三時に出発しました。お土産は東京駅の地下街で買いました。\n",
		"boiler.md": "# Boiler\n\nThe boiler in the basement was serviced in September by the same company as last year, " +
			"and the pressure gauge now reads 1.5 bar when the heating is cold.\n",
		"short.md": "# Einkauf\n\nMilch, Brot, Käse.\n",
	}
	for name, text := range notes {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestLanguagesPerDocument indexes notes in four languages without language
// detection, then with it (the default): each document is cut again once,
// status lists the languages, and BM25 finds the German note by an
// inflected form only German stemming reduces to the note's word.
// Mutations: detectLanguage returning no configuration (the inflected form
// is not found); ChunkingKey without the languages version (nothing is cut
// again, so no language is recorded); a renamed file moved whatever its
// key (it keeps no language).
func TestLanguagesPerDocument(t *testing.T) {
	e := &switchEnv{t: t, db: storetest.SchemaURL(t), vars: map[string]string{}}
	model := modeltest.Dir(t)
	notes := multilingualNotes(t)
	run := func(detect string) index.Summary {
		t.Helper()
		f, out, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": e.db, "RAG_EMBED_MODEL": model, "RAG_FTS_DETECT": detect})
		if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{notes}, JSON: true}); err != nil {
			t.Fatal(err)
		}
		var sum index.Summary
		if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
			t.Fatalf("index --json: %v\n%s", err, out)
		}
		return sum
	}
	const inflected = "Wartungsverträgen" // dative plural of Wartungsvertrag
	if s := run("false"); s.Added != 5 {
		t.Fatalf("first run: %+v", s)
	}
	if got, _ := e.sources(model, inflected); hasBM25Hit(got, "heizung.md") {
		t.Fatalf("%q found by English stemming", inflected)
	}
	// A note renamed in the same run is cut again too, not just moved.
	if err := os.Rename(filepath.Join(notes, "boiler.md"), filepath.Join(notes, "heating.md")); err != nil {
		t.Fatal(err)
	}
	if s := run("true"); s.Rechunked != 4 || s.Added != 1 || s.Deleted != 1 || s.Moved != 0 {
		t.Fatalf("with detection: %d cut again, %d added, %d deleted, %d moved; want 4, 1, 1, 0", s.Rechunked, s.Added, s.Deleted, s.Moved)
	}
	got, _ := e.sources(model, inflected)
	if !hasBM25Hit(got, "heizung.md") {
		t.Errorf("%q: no BM25 hit in heizung.md after German analysis", inflected)
	}
	fs, out, _ := testFactory(t, map[string]string{"RAG_DATABASE_URL": e.db, "RAG_EMBED_MODEL": model})
	if err := statusRun(context.Background(), &StatusOptions{Factory: fs, JSON: true}); err != nil {
		t.Fatal(err)
	}
	var st statusReport
	if err := json.Unmarshal(out.Bytes(), &st); err != nil {
		t.Fatal(err)
	}
	want := "[{english english 1} {french french 1} {german german 1} {japanese simple 1} {  1}]"
	if got := fmt.Sprint(st.Collections[0].Languages); got != want {
		t.Errorf("languages %s, want %s", got, want)
	}
}

// hasBM25Hit reports whether a passage of file has a BM25 rank.
func hasBM25Hit(s sourcesJSON, file string) bool {
	for _, p := range s.Passages {
		if filepath.Base(p.Path) == file && p.BM25Rank > 0 {
			return true
		}
	}
	return false
}

// ask, eval and mcp compare sentences across languages by meaning only
// with a multilingual model (its hrag-model.json says so). Mutation:
// newAsker not reading the embedder's model (both false).
func TestAskerComparesAcrossLanguagesWithAMultilingualModel(t *testing.T) {
	f, _, _ := testFactory(t, nil)
	for dir, want := range map[string]bool{modeltest.Named(t, "multilingual-e5-small-q4"): true, modeltest.Dir(t): false} {
		emb, err := embed.NewLazy(embed.Options{Dir: dir, ONNXRuntimeLib: modeltest.ORTLib()})
		if err != nil {
			t.Fatal(err)
		}
		a := newAsker(f, config.Config{}, &retrieve.Retriever{Embedder: emb})
		if a.Checks.MeaningAcrossLanguages != want {
			t.Errorf("%s: MeaningAcrossLanguages %v, want %v", dir, a.Checks.MeaningAcrossLanguages, want)
		}
		emb.Close()
	}
}
