package language_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/language"
)

// The bundled notes: the French recipe and the German manual are told from
// the English notes; notes with too few letters are not detected.
func TestDetectTheBundledNotes(t *testing.T) {
	want := map[string]string{"cooking/ratatouille-fr.md": "french", "manuals/geschirrspueler.md": "german",
		"misc/empty.md": "", "misc/latin1-shopping.txt": "", ".obsidian/workspace.md": ""}
	root := "../../testdata/notes"
	n := 0
	err := filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || strings.HasSuffix(p, "router-firmware.txt") { // binary
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		w, ok := want[rel]
		if !ok {
			w = "english"
		}
		if lang, cfg := language.Detect(string(b)); lang != w || cfg != w {
			t.Errorf("%s: %q %q, want %q", rel, lang, cfg, w)
		}
		n++
		return nil
	})
	if err != nil || n < 25 {
		t.Fatalf("%d notes, %v", n, err)
	}
}

// Languages with a snowball configuration get it; others get simple; too
// few letters, nothing.
func TestDetectConfigs(t *testing.T) {
	for _, c := range []struct{ text, lang, cfg string }{
		{"La caldaia è stata revisionata a settembre dalla stessa ditta dell'anno scorso; il contratto di manutenzione costa centottantanove euro all'anno e comprende una visita.", "italian", "italian"},
		{"De verwarmingsketel is in september nagekeken door hetzelfde bedrijf als vorig jaar; het onderhoudscontract kost honderdnegenentachtig euro per jaar.", "dutch", "dutch"},
		{"Котёл в подвале проверили в сентябре, как и в прошлом году; договор на обслуживание стоит сто восемьдесят девять евро в год и включает один визит мастера.", "russian", "russian"},
		{"El contrato de mantenimiento de la caldera cuesta ciento ochenta y nueve euros al año; el técnico viene cada septiembre por la mañana a revisarla.", "spanish", "spanish"},
		{"Umowa serwisowa na kocioł gazowy kosztuje sto osiemdziesiąt dziewięć euro rocznie; technik przychodzi co roku we wrześniu rano i sprawdza ciśnienie.", "polish", language.Simple},
		{"锅炉的维护合同每年一百八十九欧元，技术员每年九月上午来检查一次。压力表在暖气冷的时候显示一点五巴。地下室的锅炉是去年同一家公司安装的，保修期为五年，发票放在蓝色文件夹里。", "mandarin", language.Simple},
		{"Milch, Brot, Käse, Butter.", "", ""},
	} {
		if lang, cfg := language.Detect(c.text); lang != c.lang || cfg != c.cfg {
			t.Errorf("%.30q: %q %q, want %q %q", c.text, lang, cfg, c.lang, c.cfg)
		}
	}
	if cs := language.Configs(); !slices.Contains(cs, "german") || !slices.Contains(cs, language.Simple) || !slices.IsSorted(cs) {
		t.Errorf("Configs() = %v", cs)
	}
}

// The answer's language: a Japanese answer holding a path is Japanese, as
// its question (whatlanggo alone calls it French); an English answer to a
// Russian question is another language. Mutation: AnswerLanguages not
// reading the scripts (the Japanese answer is reported as French).
func TestAnswerLanguages(t *testing.T) {
	for _, c := range []struct{ q, a, wantQ, wantA string }{
		{"スキャンした書類はどこに置けば Paperless が取り込みますか？", "スキャンした書類は `/srv/paperless/consume` に置けば Paperless が取り込みます。", "", ""},
		{"Какой канал Wi-Fi использует точка доступа в коридоре?", "The access point in the hallway uses channel 36 on 5 GHz with 80 MHz width.", "Russian", "English"},
		{"How many people does the ratatouille recipe serve?", "The ratatouille recipe serves six people, as the note says.", "", ""},
	} {
		if q, a := language.AnswerLanguages(c.q, c.a); q != c.wantQ || a != c.wantA {
			t.Errorf("AnswerLanguages(%q, %q) = %q, %q; want %q, %q", c.q, c.a, q, a, c.wantQ, c.wantA)
		}
	}
}

// A short question's language is told by its function words: a short
// English question that whatlanggo guesses is German (0.64, unreliable) is
// in the language of its English note, and over a French note it is in
// another one, distinctly; a German question, or another script, is
// distinct too. Mutation: compare ignoring FunctionWordLanguage (the
// Jellyfin question is other, the ratatouille question not distinct).
func TestDistinct(t *testing.T) {
	en := "Jellyfin runs in Docker on the home server and serves the film library on port 8096. Transcoding uses the integrated GPU, which keeps the CPU free for the other services."
	for _, c := range []struct {
		question     string
		other, clear bool
	}{
		{"Which port does Jellyfin run on?", false, false},
		{"Wie lange dauert das Eco-Programm beim Geschirrspüler?", true, true},
		{"На каком порту работает Jellyfin?", true, true},
		{"On which port does Jellyfin serve the film library?", false, false},
	} {
		if other, clear := language.Compare(c.question, en); other != c.other || clear != c.clear {
			t.Errorf("Compare(%q) = %v, %v; want %v, %v", c.question, other, clear, c.other, c.clear)
		}
	}
	fr := "Pour six personnes : deux aubergines, trois courgettes, deux poivrons rouges, un oignon et quatre tomates. Faire revenir chaque légume séparément à l'huile d'olive."
	if other, clear := language.Compare("How many people does the ratatouille recipe serve?", fr); !other || !clear {
		t.Errorf("an English question over a French note: other %v, distinct %v; want true, true", other, clear)
	}
}
