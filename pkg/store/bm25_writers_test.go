package store_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Concurrent writers to one collection (inserts and deletes in transactions)
// leave exact statistics and postings.
func TestBM25ConcurrentWriters(t *testing.T) {
	e := newBM25Env(t)
	c := e.collection("c", "english")
	other := e.collection("o", "simple")
	errs := make(chan error, 4)
	var retries atomic.Int64
	for w := 0; w < 4; w++ {
		go func(w int) {
			errs <- func() error {
				conn, err := pgx.Connect(e.ctx, e.url)
				if err != nil {
					return err
				}
				defer conn.Close(e.ctx)
				r := rand.New(rand.NewPCG(uint64(w), 9))
				write := func(conn *pgx.Conn, r *rand.Rand, i int) error {
					tx, err := conn.Begin(e.ctx)
					if err != nil {
						return err
					}
					defer tx.Rollback(e.ctx)
					coll := c
					if i%3 == 0 {
						coll = other
					}
					var id int64
					if err := tx.QueryRow(e.ctx, `INSERT INTO documents (collection_id, path, content_hash, size, mtime, title, body)
						VALUES ($1, $2, '\x00', 0, now(), '', '') RETURNING id`, coll, fmt.Sprintf("/w%d/%d", w, i)).Scan(&id); err != nil {
						return err
					}
					chunks := []string{genChunk(r, 40), genChunk(r, 80), genChunk(r, 10)}
					if _, err := tx.Exec(e.ctx, `INSERT INTO chunks (document_id, collection_id, ordinal, content, breadcrumb, embed_context,
						start_line, end_line, token_count, embed_hash)
						SELECT $1, $2, o - 1, c, '', '', 1, 1, 0, '\x00' FROM unnest($3::text[]) WITH ORDINALITY u(c, o)`, id, coll, chunks); err != nil {
						return err
					}
					if i%4 == 3 {
						if _, err := tx.Exec(e.ctx, `DELETE FROM documents WHERE path = $1`, fmt.Sprintf("/w%d/%d", w, i-2)); err != nil {
							return err
						}
					}
					return tx.Commit(e.ctx)
				}
				for i := 0; i < 15; i++ {
					// PostgreSQL may pick one of two writers of the same
					// terms as a deadlock victim; a client retries it (hrag
					// itself serialises the writers of a collection with an
					// advisory lock). The statistics must be exact after.
					for attempt := 0; ; attempt++ {
						err := write(conn, r, i)
						var pgErr *pgconn.PgError
						if err != nil && errors.As(err, &pgErr) && (pgErr.Code == "40P01" || pgErr.Code == "40001") && attempt < 5 {
							retries.Add(1)
							continue
						}
						if err != nil {
							return err
						}
						break
					}
				}
				return nil
			}()
		}(w)
	}
	for w := 0; w < 4; w++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	e.checkStats(c, e.reference(c))
	e.checkStats(other, e.reference(other))
	t.Logf("%d transaction(s) retried after a deadlock", retries.Load())
}

func TestBM25RejectsContentUpdate(t *testing.T) {
	e := newBM25Env(t)
	c := e.collection("c", "english")
	e.insertDoc(c, "/a", []string{"breast cancer", "cholesterol"})
	// Updating other columns is fine.
	e.exec(`UPDATE chunks SET embed_context = 'x', token_count = 3`)
	for _, set := range []string{"content = 'other words'", "breadcrumb = '[Other]'"} {
		_, err := e.conn.Exec(e.ctx, `UPDATE chunks SET `+set)
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "0A000" || !strings.Contains(pgErr.Message, "delete the chunk and insert it again") {
			t.Fatalf("update %s: %v", set, err)
		}
	}
	hits, err := e.s.SearchBM25(e.ctx, c, "cancer", 10)
	if err != nil || len(hits) != 1 {
		t.Fatalf("after rejected update: %v %v", hits, err)
	}
}

// TestBM25AnalysisForEveryScript checks the terms BM25 indexes (0009):
// runs of CJK and other scripts without spaces are matched through
// character bigrams, diacritics are folded on both sides, English is still
// stemmed, and a query term in a chunk's breadcrumb outranks the same term
// in another chunk's body alone.
// topPath returns the path of the document of the best BM25 hit of q in
// collection coll, "" when nothing matches.
func (e *bm25Env) topPath(coll int, q string) string {
	e.t.Helper()
	hits, err := e.s.SearchBM25(e.ctx, coll, q, 3)
	if err != nil {
		e.t.Fatal(err)
	}
	if len(hits) == 0 {
		return ""
	}
	var path string
	if err := e.conn.QueryRow(e.ctx, `SELECT d.path FROM chunks ch JOIN documents d ON d.id = ch.document_id WHERE ch.id = $1`, hits[0].ChunkID).Scan(&path); err != nil {
		e.t.Fatal(err)
	}
	return path
}

func TestBM25AnalysisForEveryScript(t *testing.T) {
	e := newBM25Env(t)
	c := e.collection("c", "english")
	docs := []struct{ path, title, text string }{
		{"/zh", "[汇率]", "外币汇率换算使用每日中间价。"},
		{"/zh2", "[天气]", "今天的天气很好，适合去公园散步。"},
		{"/ja", "[旅行]", "東京タワーの高さは333メートルです。"},
		{"/ko", "[요리]", "김치찌개는 돼지고기로 끓인다"},
		{"/th", "[อาหาร]", "ต้มยำกุ้งเป็นอาหารไทย"},
		{"/de", "[Haushalt]", "Die Überprüfung des Haushalts ergab Mängel."},
		{"/fr", "[Voyage]", "Nous avons visité les églises et un café près de la gare."},
		{"/en", "[Garden]", "The tomatoes were running wild along the fence."},
		{"/en-title", "[Compost > Worms]", "Keep the bin moist and turn it weekly."},
		{"/en-body", "[Notes]", "Worms like the bin moist; turn it weekly."},
		{"/mixed", "[Database]", "PostgreSQL数据库的备份每天运行。"},
	}
	for _, d := range docs {
		e.insertDocTitled(c, d.path, d.title, []string{d.text})
	}
	top := func(q string) string { t.Helper(); return e.topPath(c, q) }
	for _, tc := range []struct{ q, want string }{
		{"汇率换算", "/zh"},          // Chinese without spaces
		{"中间价", "/zh"},           // a word inside the run
		{"天气", "/zh2"},           // two-character word
		{"東京タワー", "/ja"},         // Kanji and Katakana
		{"김치찌개", "/ko"},          // Hangul
		{"ต้มยำ", "/th"},         // Thai
		{"数据库 backup", "/mixed"}, // CJK beside Latin letters
		{"uberprufung", "/de"},   // folded on the chunk side
		{"Mängel", "/de"},        // and on both
		{"eglise cafe", "/fr"},   // French plural and accent
		{"run tomato", "/en"},    // English stemming kept
		{"worms", "/en-title"},   // the breadcrumb's weight
	} {
		if got := top(tc.q); got != tc.want {
			t.Errorf("BM25 %q: top hit %q, want %q", tc.q, got, tc.want)
		}
	}
	e.checkQueries(c, []string{"汇率换算", "uberprufung", "worms bin"}, "analysis")
}

// Words inside paths, host names, URLs and e-mail addresses are BM25 terms
// (sql/0012), in prose, code spans and table cells, and a chunk holding an
// identifier whole ranks above one holding only its parts; a version glued
// to letters ("v2.4.0", "python3.11") also gives the version (sql/0017).
func TestBM25IdentifierParts(t *testing.T) {
	e := newBM25Env(t)
	c := e.collection("c", "english")
	docs := []struct{ path, text string }{
		{"/samba", "The share definitions live in /etc/samba/smb.conf.d/10-shares.conf and are read at start."},
		{"/nas", "Backups go to nas01.home.lan every night over SSH."},
		{"/wiki", "The policy is written up at https://wiki.home.lan/pages/backup-policy for everyone."},
		{"/nvim", "My editor settings: `~/dotfiles/nvim/init.lua` holds the plugin list."},
		{"/hosts", "| serial | host |\n|---|---|\n| SN-WHL6WVKVZM | host-07341.lan.example |"},
		{"/mail", "Send outage reports to ops-oncall@example.org before noon."},
		{"/parts", "The smb daemon reads a conf file; the shares are listed there."},
		{"/other", "Tomatoes need sun, water and a stake by the fence."},
		{"/photos", "Photos sync to /srv/photos/2024/Ürlaub-Mallorca/ every night."},
		{"/grafana", "We upgraded Grafana to v2.4.0 last week."},
		{"/agent", "The agent runs version 1.9.3 on every node."},
		{"/python", "The scripts need python3.11 or newer."},
	}
	for _, d := range docs {
		e.insertDoc(c, d.path, []string{d.text})
	}
	top := func(q string) string { t.Helper(); return e.topPath(c, q) }
	for _, tc := range []struct{ q, want string }{
		{"samba", "/samba"},          // a directory of a path
		{"10-shares.conf", "/samba"}, // its file name
		{"smb.conf.d", "/samba"},     // a dotted directory
		{"samba shares", "/samba"},   // the parts, stemmed
		{"smb.conf", "/samba"},       // whole beats the parts in /parts
		{"nas01", "/nas"},            // a host's first label
		{"backup-policy", "/wiki"},   // a URL's path
		{"wiki.home.lan", "/wiki"},   // a URL's host
		{"init.lua", "/nvim"},        // inside a code span
		{"dotfiles nvim", "/nvim"},   //
		{"host-07341", "/hosts"},     // in a table cell
		{"07341", "/hosts"},          //
		{"ops-oncall", "/mail"},      // an e-mail's local part
		{"example.org", "/mail"},     // and its domain
		{"tomatoes fence", "/other"}, // prose as before
		{"2.4.0", "/grafana"},        // a version inside "v2.4.0" (sql/0017)
		{"v1.9.3", "/agent"},         // and "v" before the version asked
		{"3.11", "/python"},          // a version glued to a name
	} {
		if got := top(tc.q); got != tc.want {
			t.Errorf("BM25 %q: top hit %q, want %q", tc.q, got, tc.want)
		}
	}
	e.checkQueries(c, []string{"samba", "smb.conf", "nas01 backup", "example.org"}, "identifiers")

	// An identifier the collection holds whole is searched whole: of 300
	// rows of hosts under one domain, only the row that names the host
	// matches, not every row holding "lab" and "lan".
	t2 := e.collection("hosts", "english")
	var rows []string
	for i := 0; i < 300; i++ {
		rows = append(rows, fmt.Sprintf("| host%04d.lab.lan | 10.1.%d.%d | Debian |", i, i/250, i%250))
	}
	e.insertDoc(t2, "/inventory", rows)
	hits, err := e.s.SearchBM25(e.ctx, t2, "host0123.lab.lan", 50)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 1 || e.topPath(t2, "host0123.lab.lan") != "/inventory" {
		t.Fatalf("host0123.lab.lan: %d hits, want the one row that names it", len(hits))
	}
	var content string
	if err := e.conn.QueryRow(e.ctx, `SELECT content FROM chunks WHERE id = $1`, hits[0].ChunkID).Scan(&content); err != nil || !strings.Contains(content, "host0123.lab.lan") {
		t.Fatalf("the hit is %q (%v)", content, err)
	}
	// One the collection does not hold is searched by its parts.
	if hits, err := e.s.SearchBM25(e.ctx, t2, "host9999.lab.lan", 500); err != nil || len(hits) != 300 {
		t.Fatalf("an unknown host: %d hits (%v), want every row by its parts", len(hits), err)
	}
}

// TermCoverage counts the query's distinct BM25 terms (stemmed, stop words
// dropped) found in each chunk's content, the breadcrumb not included.
func TestTermCoverage(t *testing.T) {
	e := newBM25Env(t)
	en := e.collection("en", "english")
	e.insertDocTitled(en, "/cov/a.md", "[Cancer]", []string{"Statins lower cholesterol.", "Nothing relevant here.", "Café statin cancer causes"})
	var ids []int64
	rows, err := e.conn.Query(e.ctx, `SELECT id FROM chunks WHERE collection_id = $1 ORDER BY ordinal`, en)
	if err != nil {
		t.Fatal(err)
	}
	if ids, err = pgx.CollectRows(rows, pgx.RowTo[int64]); err != nil {
		t.Fatal(err)
	}
	cov, n, err := e.s.TermCoverage(e.ctx, en, "Do statins cause cancer at the cafe?", ids)
	if err != nil {
		t.Fatal(err)
	}
	// Terms: statin, caus, cancer, cafe (do, at, the are stop words).
	want := map[int64]float64{ids[0]: 0.25, ids[1]: 0, ids[2]: 1}
	if n != 4 || len(cov) != 3 || cov[ids[0]] != want[ids[0]] || cov[ids[1]] != want[ids[1]] || cov[ids[2]] != want[ids[2]] {
		t.Fatalf("coverage %v of %d terms, want %v of 4", cov, n, want)
	}
}

// TestBM25PerLanguage: chunks analysed with their document's configuration
// (German stemming and stop words for a German note in an English
// collection), the question with every configuration in use; scores match
// the reference, and deleting the German note removes exactly the terms it
// added. Mutations: the insert trigger reading the collection's
// configuration (reference mismatch, and "Haus" no longer finds
// "Häusern"); the delete trigger reading it (stats mismatch after the
// delete); bm25_query_vector analysing with the collection's alone ("Haus"
// finds nothing); bm25_query_vector_cfg keeping the other configurations'
// stop words (the Chinese note with an English quote outranks the English
// note on "What is the deadline?").
func TestBM25PerLanguage(t *testing.T) {
	e := newBM25Env(t)
	en := e.collection("en", "english")
	de := e.insertDocConfig(en, "/l/heizung.md", "german", []string{
		"Der Wartungsvertrag für die Heizung in allen Häusern kostet 189 Euro im Jahr.",
		"Die Wartung findet jedes Jahr im September statt.",
	})
	e.insertDocConfig(en, "/l/recus.md", "french", []string{"Le lave-vaisselle a été acheté le 12 mars pour 549 euros."})
	e.insertDoc(en, "/l/boiler.md", []string{"The boiler in the houses was serviced in September.", "Houses need a yearly service."})
	qs := []string{"Haus", "Wie viel kostet die Wartung der Heizung?", "lave-vaisselle achetés", "houses serviced", "September"}
	e.checkQueries(en, qs, "mixed")
	if got := e.topPath(en, "Haus"); got != "/l/heizung.md" {
		t.Errorf(`"Haus": top %q, want the German note (german stems "Häusern" to haus)`, got)
	}
	if got := e.topPath(en, "Wie viel kostet die Wartung der Heizung?"); got != "/l/heizung.md" {
		t.Errorf("German question: top %q", got)
	}
	// The German question's stop words (wie, die, der) are not terms of the German note.
	rows, err := e.conn.Query(e.ctx, `SELECT id FROM chunks WHERE document_id = $1 ORDER BY ordinal`, de)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatal(err)
	}
	cov, _, err := e.s.TermCoverage(e.ctx, en, "Wie viel kostet die Wartung der Heizung?", ids)
	if err != nil {
		t.Fatal(err)
	}
	// German terms: kostet, wartung, heizung (wie, viel, die, der are German
	// stop words); the first chunk holds two (Wartungsvertrag is another
	// word), the second one.
	if cov[ids[0]] != 2.0/3 || cov[ids[1]] != 1.0/3 {
		t.Errorf("coverage of the German chunks %v, want 2/3 and 1/3 (of kostet, wartung, heizung)", cov)
	}
	// The claim checks' terms: a German sentence's German stems, with the
	// document frequencies the German note gives them; no stop words of
	// either language.
	lx, df, _, err := e.s.Lexemes(e.ctx, "en", []string{"Die Heizung in den Häusern", "the houses"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(lx[0], "haus") || df["haus"] != 1 || !slices.Contains(lx[0], "heizung") || df["heizung"] != 1 {
		t.Errorf(`Lexemes of a German sentence %q, df %v: want "haus" and "heizung", each in 1 chunk`, lx[0], df)
	}
	if slices.Contains(lx[0], "die") || slices.Contains(lx[1], "the") || !slices.Contains(lx[1], "hous") || df["hous"] != 2 {
		t.Errorf(`Lexemes %q, df %v: want no stop words and "hous" in 2 chunks`, lx, df)
	}
	e.exec(`DELETE FROM documents WHERE id = $1`, de)
	e.checkQueries(en, qs, "after deleting the German note")

	// A note analysed with "simple" keeps English stop words as terms, held
	// by few chunks: the question's stop words must not match them.
	e.insertDocConfig(en, "/l/zh.md", "simple", []string{"项目经理说：“the one thing that is important is the deadline”，所以我们每天开会。"})
	e.insertDoc(en, "/l/tax.md", []string{"The deadline for the tax return is the end of July."})
	if got := e.topPath(en, "What is the deadline?"); got != "/l/tax.md" {
		t.Errorf(`"What is the deadline?": top %q, want the English note (is, the, what are stop words)`, got)
	}
	e.checkQueries(en, append(qs, "What is the deadline?"), "with a simple note")
}
