package retrieve_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/retrieve"
)

// TestKeywordSearchReadsEveryScript indexes notes in Chinese, Japanese,
// German and French beside English ones, and checks the keyword half ranks
// the note holding the asked words first: Chinese and Japanese runs have no
// spaces (indexed as character bigrams), and a question typed without the
// note's accents finds it (both sides folded).
func TestKeywordSearchReadsEveryScript(t *testing.T) {
	dir := t.TempDir()
	notes := map[string]string{
		"finance/汇率.md":       "# 汇率\n\n外币汇率换算使用每日中间价。\n",
		"finance/budget.md":   "# Budget\n\nThe household budget is reviewed every quarter; currency exchange fees go under travel.\n",
		"travel/tokyo.md":     "# 東京\n\n東京タワーの展望台は夜十時まで開いている。\n",
		"travel/kyoto.md":     "# Kyoto\n\nThe temples of Kyoto open at eight in the morning.\n",
		"house/prüfung.md":    "# Heizung\n\nDie jährliche Überprüfung der Heizung macht Herr Müller im Oktober.\n",
		"house/heating.md":    "# Heating\n\nThe boiler is serviced every autumn; the filter is changed in spring.\n",
		"cooking/crêpes.md":   "# Crêpes\n\nLa pâte à crêpes repose une heure; beurre noisette conseillé.\n",
		"cooking/pancakes.md": "# Pancakes\n\nPancake batter can be used at once.\n",
	}
	for p, text := range notes {
		path := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := indexDir(t, dir)
	for _, tc := range []struct{ q, want string }{
		{"汇率换算", "汇率.md"},
		{"东京タワー 展望台", "tokyo.md"}, // 东 (simplified) is not 東: the other bigrams carry it
		{"Uberprufung Heizung", "prüfung.md"},
		{"Herr Muller", "prüfung.md"},
		{"pate a crepes", "crêpes.md"},
	} {
		o := defaults
		o.Mode = retrieve.BM25Only
		res, err := r.Retrieve(context.Background(), tc.q, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Passages) == 0 || !strings.HasSuffix(res.Passages[0].Path, tc.want) || res.Passages[0].BM25Rank != 1 {
			t.Errorf("BM25 %q: want %s first, got %v", tc.q, tc.want, summary(res))
		}
	}
}
