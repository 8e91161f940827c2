package store_test

// BM25 design comparison (see sql/0002_bm25.sql for the chosen design):
//
//	go test ./pkg/store/ -run '^$' -bench BM25Designs -benchtime 1x -timeout 2h
//	HRAG_BENCH_LARGE=1 go test ...   # adds the 100k-chunk corpora (~30 min)
//
// Optional: HRAG_BENCH_DESIGNS=C,A,B,none (default all), HRAG_BENCH_CORPORA=
// synthetic,nfcorpus, HRAG_NFCORPUS=dir (default /work/shared/datasets/nfcorpus;
// that corpus is skipped when absent), HRAG_BENCH_QUERIES=200.
//
// Designs: C = sql/0002_bm25.sql (block-compressed postings, with and without
// MaxScore); A = testdata/bm25_design_a.sql (one row per posting, PK (term_id,
// chunk_id) INCLUDE (tf, dl), with and without MaxScore); B =
// testdata/bm25_design_b.sql (tsvector + GIN, BM25 from positions); none =
// chunks only (the cost of storing and inserting the chunks themselves).
//
// Corpora: "synthetic" = 200-300 words per chunk drawn from a seeded Zipf
// (s = 1.07) over 200k ranks whose 127 most frequent are the english
// stopwords (~45% of tokens, as in English); queries of 1-4 terms with
// log-uniform rank. "nfcorpus" = chunks of 200-300 words built from the 3.6k
// NFCorpus abstracts (see nfChunks); queries = 200 random NFCorpus query texts.
//
// For every corpus, size and design it builds a fresh schema (sql/0001 + the
// design), loads the chunks as documents of 10 chunks, 100 documents per
// INSERT statement (triggers included), VACUUM ANALYZEs, and reports the
// design's size (tables + indexes + TOAST) against the chunk text (as built,
// and after VACUUM FULL), the build time, p50/p95 of top-50 queries over the
// second of two passes (wall time at the client, and CPU time of the server
// process from /proc/PID/schedstat when the server is local: the wall time
// suffers when other work shares the cores), and the p50 cost of adding one
// 10-chunk document (one INSERT of its chunks, autocommit) and of deleting
// one (DELETE FROM documents, cascading), over 20 each. Every design's top 50
// is checked against design C's (max abs score difference, rank mismatches).

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	hragsql "github.com/hrag-dev/hrag/sql"

	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

type benchDesign struct {
	name   string
	schema func() (string, error) // SQL applied after sql/0001
	tables []string               // relations whose total size is the design's
	// queries: label -> SQL taking (collection, query, limit)
	queries [][2]string
}

func readFileSQL(path string) func() (string, error) {
	return func() (string, error) { b, err := os.ReadFile(path); return string(b), err }
}

func embeddedSQL(name string) func() (string, error) {
	return func() (string, error) { b, err := hragsql.Migrations.ReadFile(name); return string(b), err }
}

var benchDesigns = []benchDesign{
	{name: "C", schema: embeddedSQL("0002_bm25.sql"),
		tables: []string{"bm25_blocks", "bm25_terms", "bm25_stats"},
		queries: [][2]string{
			{"C blocks + MaxScore (chosen)", `SELECT chunk_id, score FROM bm25_search($1, $2, $3)`},
			{"C blocks, plain", `SELECT chunk_id, score FROM bm25_search($1, $2, $3, 9223372036854775807)`},
		}},
	{name: "A", schema: readFileSQL("testdata/bm25_design_a.sql"),
		tables: []string{"bm25a_postings", "bm25a_terms", "bm25a_stats"},
		queries: [][2]string{
			{"A postings + MaxScore", `SELECT chunk_id, score FROM bm25a_search($1, $2, $3)`},
			{"A postings, plain", `SELECT chunk_id, score FROM bm25a_search($1, $2, $3, 9223372036854775807)`},
		}},
	{name: "B", schema: readFileSQL("testdata/bm25_design_b.sql"),
		tables: []string{"bm25b_docs", "bm25b_terms", "bm25b_stats"},
		queries: [][2]string{
			{"B tsvector + GIN", `SELECT chunk_id, score FROM bm25b_search($1, $2, $3)`},
		}},
	{name: "none", schema: func() (string, error) { return "", nil }},
}

// --- corpora -----------------------------------------------------------------

type benchCorpus struct {
	name    string
	chunks  func(n int, seed uint64) []string
	queries func(n int) []string
	how     string
}

// englishStop is PostgreSQL's english.stop (127 words).
var englishStop = strings.Fields(`i me my myself we our ours ourselves you your yours yourself
	yourselves he him his himself she her hers herself it its itself they them their theirs
	themselves what which who whom this that these those am is are was were be been being have has
	had having do does did doing a an the and but if or because as until while of at by for with
	about against between into through during before after above below to from up down in out on
	off over under again further then once here there when where why how all any both each few
	more most other some such no nor not only own same so than too very s t can will just don
	should now`)

// zipfWord spells vocabulary rank r: the 127 most frequent ranks are the
// english stopwords (with s = 1.07 they make ~45% of the tokens, as
// stopwords do in English text), the others 2 or 3 consonant-vowel syllables.
func zipfWord(r int) string {
	if r < len(englishStop) {
		return englishStop[r]
	}
	r -= len(englishStop)
	const cons, vows = "bdfgklmnprtvz", "aeiou"
	syl := func(b *strings.Builder, x int) { b.WriteByte(cons[x%13]); b.WriteByte(vows[x/13]) }
	var b strings.Builder
	n := 2
	if r >= 65*65 {
		r -= 65 * 65
		n = 3
	}
	for i := 0; i < n; i++ {
		syl(&b, r%65)
		r /= 65
	}
	return b.String()
}

const synthVocab = 200000

func synthChunks(n int, seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, 7))
	z := rand.NewZipf(r, 1.07, 2, synthVocab-1)
	out := make([]string, n)
	var b strings.Builder
	for i := range out {
		b.Reset()
		words := 200 + r.IntN(101)
		for w := 0; w < words; w++ {
			if w > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(zipfWord(int(z.Uint64())))
		}
		out[i] = b.String()
	}
	return out
}

// synthQueries draws 1-4 terms per query with log-uniform vocabulary rank
// (every decade of rank equally likely: common and rare terms alike).
func synthQueries(n int) []string {
	r := rand.New(rand.NewPCG(99, 7))
	out := make([]string, n)
	for i := range out {
		k := 1 + r.IntN(4)
		var w []string
		for j := 0; j < k; j++ {
			w = append(w, zipfWord(int(math.Exp(r.Float64()*math.Log(synthVocab)))-1))
		}
		out[i] = strings.Join(w, " ")
	}
	return out
}

func nfDir() string {
	if d := os.Getenv("HRAG_NFCORPUS"); d != "" {
		return d
	}
	return "/work/shared/datasets/nfcorpus"
}

func readJSONL(path string, f func(map[string]any)) error {
	fh, err := os.Open(path)
	if err != nil {
		return err
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			return err
		}
		f(m)
	}
	return sc.Err()
}

// nfSentences returns each abstract (title + text) split into sentences.
func nfSentences() [][]string {
	var docs [][]string
	err := readJSONL(filepath.Join(nfDir(), "corpus.jsonl"), func(m map[string]any) {
		title, _ := m["title"].(string)
		text, _ := m["text"].(string)
		all := strings.TrimSpace(title + ". " + text)
		var sents []string
		start := 0
		for i := 0; i+1 < len(all); i++ {
			if (all[i] == '.' || all[i] == '!' || all[i] == '?') && all[i+1] == ' ' {
				sents = append(sents, all[start:i+1])
				start = i + 2
			}
		}
		sents = append(sents, all[start:])
		docs = append(docs, sents)
	})
	if err != nil {
		panic(err)
	}
	return docs
}

// nfChunks builds n chunks of 200-300 words from the 3.6k nfcorpus abstracts:
// each chunk takes a random abstract's sentences in order, keeping each with
// probability 0.7, then continues likewise with further random abstracts
// until it has its word count. So every chunk is real text mixing ~2 topics,
// and term statistics grow with n as in a larger medical corpus.
func nfChunks(n int, seed uint64) []string {
	docs := nfSentences()
	r := rand.New(rand.NewPCG(seed, 11))
	out := make([]string, n)
	var b strings.Builder
	for i := range out {
		b.Reset()
		target := 200 + r.IntN(101)
		words := 0
		for words < target {
			for _, s := range docs[r.IntN(len(docs))] {
				if words >= target {
					break
				}
				if r.Float64() < 0.7 {
					if b.Len() > 0 {
						b.WriteByte(' ')
					}
					b.WriteString(s)
					words += len(strings.Fields(s))
				}
			}
		}
		out[i] = b.String()
	}
	return out
}

func nfQueries(n int) []string {
	var qs []string
	if err := readJSONL(filepath.Join(nfDir(), "queries.jsonl"), func(m map[string]any) {
		t, _ := m["text"].(string)
		qs = append(qs, t)
	}); err != nil {
		panic(err)
	}
	r := rand.New(rand.NewPCG(5, 5))
	r.Shuffle(len(qs), func(i, j int) { qs[i], qs[j] = qs[j], qs[i] })
	return qs[:min(n, len(qs))]
}

// --- measurement -----------------------------------------------------------------

type benchRow struct {
	corpus, design    string
	chunks            int
	textMB, sizeMB    float64
	compactMB         float64
	build             time.Duration
	p50, p95          time.Duration
	cpu50, cpu95      time.Duration // server process CPU time per query
	add, del          time.Duration
	maxDiff           float64
	mismatch, queries int
}

func pct(d []time.Duration, p float64) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[int(math.Ceil(p*float64(len(s))))-1]
}

func loadDocs(ctx context.Context, conn *pgx.Conn, coll int, chunks []string, prefix string, perStmt int) ([]int64, error) {
	var docIDs []int64
	for off := 0; off < len(chunks); off += 10 * perStmt {
		end := min(off+10*perStmt, len(chunks))
		var paths []string
		for d := off; d < end; d += 10 {
			paths = append(paths, fmt.Sprintf("%s/%d", prefix, d/10))
		}
		rows, err := conn.Query(ctx, `INSERT INTO documents (collection_id, path, content_hash, size, mtime, title, body)
			SELECT $1, p, '\x00', 0, now(), p, '' FROM unnest($2::text[]) p RETURNING id`, coll, paths)
		if err != nil {
			return nil, err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return nil, err
		}
		docIDs = append(docIDs, ids...)
		var did []int64
		var ord []int32
		for i := off; i < end; i++ {
			did = append(did, ids[(i-off)/10])
			ord = append(ord, int32((i-off)%10))
		}
		if _, err := conn.Exec(ctx, `INSERT INTO chunks (document_id, collection_id, ordinal, content, breadcrumb,
			embed_context, start_line, end_line, token_count, embed_hash)
			SELECT d, $1, o, c, '', '', 1, 1, 0, '\x00' FROM unnest($2::int8[], $3::int4[], $4::text[]) u(d, o, c)`,
			coll, did, ord, chunks[off:end]); err != nil {
			return nil, err
		}
	}
	return docIDs, nil
}

// backendCPU returns a function reading the CPU time the connection's server
// process has used (Linux /proc/PID/schedstat, same machine only), or nil.
func backendCPU(ctx context.Context, conn *pgx.Conn) func() time.Duration {
	var pid int
	if err := conn.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
		return nil
	}
	path := fmt.Sprintf("/proc/%d/schedstat", pid)
	if _, err := os.ReadFile(path); err != nil {
		return nil
	}
	return func() time.Duration {
		b, err := os.ReadFile(path)
		if err != nil {
			return 0
		}
		var ns int64
		fmt.Sscan(string(b), &ns)
		return time.Duration(ns)
	}
}

func runQueries(ctx context.Context, conn *pgx.Conn, sql string, coll int, qs []string) (lat, cpu []time.Duration, res [][]benchHit, err error) {
	run := func(q string) ([]benchHit, error) {
		rows, err := conn.Query(ctx, sql, coll, q, 50)
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, func(r pgx.CollectableRow) (benchHit, error) {
			var h benchHit
			err := r.Scan(&h.id, &h.score)
			return h, err
		})
	}
	for _, q := range qs { // warm-up
		if _, err := run(q); err != nil {
			return nil, nil, nil, fmt.Errorf("%q: %w", q, err)
		}
	}
	usage := backendCPU(ctx, conn)
	for _, q := range qs {
		var c0 time.Duration
		if usage != nil {
			c0 = usage()
		}
		t0 := time.Now()
		h, err := run(q)
		if err != nil {
			return nil, nil, nil, err
		}
		lat = append(lat, time.Since(t0))
		if usage != nil {
			cpu = append(cpu, usage()-c0)
		}
		res = append(res, h)
	}
	return lat, cpu, res, nil
}

type benchHit struct {
	id    int64
	score float64
}

func benchOne(b *testing.B, c benchCorpus, d benchDesign, chunks []string, qs []string, ref map[string][][]benchHit) []benchRow {
	ctx := context.Background()
	url := storetest.SchemaURL(b)
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close(ctx)
	base, _ := hragsql.Migrations.ReadFile("0001_documents.sql")
	ds, err := d.schema()
	if err != nil {
		b.Fatal(err)
	}
	if _, err := conn.Exec(ctx, string(base)); err != nil {
		b.Fatal(err)
	}
	if ds != "" {
		if _, err := conn.Exec(ctx, ds); err != nil {
			b.Fatalf("design %s: %v", d.name, err)
		}
	}
	var coll int
	if err := conn.QueryRow(ctx, `INSERT INTO collections (name, fts_config) VALUES ('bench', 'english') RETURNING id`).Scan(&coll); err != nil {
		b.Fatal(err)
	}
	t0 := time.Now()
	docIDs, err := loadDocs(ctx, conn, coll, chunks, "/doc", 100)
	if err != nil {
		b.Fatal(err)
	}
	build := time.Since(t0)
	tables := d.tables
	if len(tables) == 0 {
		tables = []string{"chunks"}
	}
	vacuum := func(full bool) {
		for _, t := range append([]string{"chunks", "documents"}, tables...) {
			v := "VACUUM ANALYZE "
			if full {
				v = "VACUUM FULL ANALYZE "
			}
			if _, err := conn.Exec(ctx, v+t); err != nil {
				b.Fatal(err)
			}
		}
	}
	vacuum(false)
	row := benchRow{corpus: c.name, design: d.name, chunks: len(chunks), build: build}
	var text int64
	if err := conn.QueryRow(ctx, `SELECT sum(octet_length(content)) FROM chunks`).Scan(&text); err != nil {
		b.Fatal(err)
	}
	row.textMB = float64(text) / 1e6
	sizeMB := func() float64 {
		var size int64
		if err := conn.QueryRow(ctx, `SELECT sum(pg_total_relation_size(t::regclass)) FROM unnest($1::text[]) t`, tables).Scan(&size); err != nil {
			b.Fatal(err)
		}
		return float64(size) / 1e6
	}
	row.sizeMB = sizeMB()

	// Incremental: add 20 new 10-chunk documents, delete 20 random old ones.
	extra := c.chunks(200, 424242)
	var adds, dels []time.Duration
	for i := 0; i < 20; i++ {
		var id int64
		if err := conn.QueryRow(ctx, `INSERT INTO documents (collection_id, path, content_hash, size, mtime, title, body)
			VALUES ($1, $2, '\x00', 0, now(), '', '') RETURNING id`, coll, fmt.Sprintf("/new/%d", i)).Scan(&id); err != nil {
			b.Fatal(err)
		}
		ids := []int64{id, id, id, id, id, id, id, id, id, id}
		ord := []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
		t0 := time.Now()
		if _, err := conn.Exec(ctx, `INSERT INTO chunks (document_id, collection_id, ordinal, content, breadcrumb,
			embed_context, start_line, end_line, token_count, embed_hash)
			SELECT d, $1, o, c, '', '', 1, 1, 0, '\x00' FROM unnest($2::int8[], $3::int4[], $4::text[]) u(d, o, c)`,
			coll, ids, ord, extra[i*10:i*10+10]); err != nil {
			b.Fatal(err)
		}
		adds = append(adds, time.Since(t0))
	}
	r := rand.New(rand.NewPCG(3, 3))
	for i := 0; i < 20; i++ {
		k := r.IntN(len(docIDs))
		id := docIDs[k]
		docIDs = slices.Delete(docIDs, k, k+1)
		t0 := time.Now()
		if _, err := conn.Exec(ctx, `DELETE FROM documents WHERE id = $1`, id); err != nil {
			b.Fatal(err)
		}
		dels = append(dels, time.Since(t0))
	}
	row.add, row.del = pct(adds, 0.5), pct(dels, 0.5)
	// Back to the built corpus for the queries (ids differ from the deleted
	// ones only; the comparison with C uses the same edits).
	vacuum(false)

	var out []benchRow
	defer func() {
		// Size once compacted (VACUUM FULL), after the edits.
		vacuum(true)
		c := sizeMB()
		for i := range out {
			out[i].compactMB = c
		}
	}()
	if len(d.queries) == 0 {
		out = append(out, row)
		return out
	}
	for _, q := range d.queries {
		lat, cpu, res, err := runQueries(ctx, conn, q[1], coll, qs)
		if err != nil {
			b.Fatalf("%s: %v", q[0], err)
		}
		rr := row
		rr.design = q[0]
		rr.p50, rr.p95 = pct(lat, 0.5), pct(lat, 0.95)
		if len(cpu) > 0 {
			rr.cpu50, rr.cpu95 = pct(cpu, 0.5), pct(cpu, 0.95)
		}
		rr.queries = len(qs)
		key := fmt.Sprintf("%s/%d", c.name, len(chunks))
		if want, ok := ref[key]; ok {
			for i := range res {
				if len(res[i]) != len(want[i]) {
					rr.mismatch++
					continue
				}
				for j := range res[i] {
					rr.maxDiff = math.Max(rr.maxDiff, math.Abs(res[i][j].score-want[i][j].score))
					if res[i][j].id != want[i][j].id && math.Abs(res[i][j].score-want[i][j].score) > 1e-9 {
						rr.mismatch++
					}
				}
			}
		} else {
			ref[key] = res
		}
		out = append(out, rr)
	}
	return out
}

func BenchmarkBM25Designs(b *testing.B) {
	sizes := []int{10000}
	if os.Getenv("HRAG_BENCH_LARGE") == "1" {
		sizes = append(sizes, 100000)
	}
	nq := 200
	if v := os.Getenv("HRAG_BENCH_QUERIES"); v != "" {
		fmt.Sscan(v, &nq)
	}
	want := func(env, name string) bool {
		v := os.Getenv(env)
		return v == "" || slices.Contains(strings.Split(v, ","), name)
	}
	corpora := []benchCorpus{{name: "synthetic", chunks: synthChunks, queries: synthQueries}}
	if _, err := os.Stat(filepath.Join(nfDir(), "corpus.jsonl")); err == nil {
		corpora = append(corpora, benchCorpus{name: "nfcorpus", chunks: nfChunks, queries: nfQueries})
	}
	for i := 0; i < b.N; i++ {
		ref := map[string][][]benchHit{}
		var rows []benchRow
		for _, c := range corpora {
			if !want("HRAG_BENCH_CORPORA", c.name) {
				continue
			}
			qs := c.queries(nq)
			for _, n := range sizes {
				chunks := c.chunks(n, 1)
				for _, d := range benchDesigns {
					if !want("HRAG_BENCH_DESIGNS", d.name) {
						continue
					}
					// A sub-benchmark per design, so its schema is dropped when it ends.
					b.Run(fmt.Sprintf("%s/%d/%s", c.name, n, d.name), func(b *testing.B) {
						rs := benchOne(b, c, d, chunks, qs, ref)
						for _, r := range rs {
							fmt.Fprintf(os.Stderr, "done %s %d %s: %.2f/%.2f ms\n", r.corpus, r.chunks, r.design, ms(r.p50), ms(r.p95))
						}
						rows = append(rows, rs...)
					})
				}
			}
		}
		fmt.Println()
		fmt.Println("| corpus | chunks | design | text MB | BM25 MB as built (x text) | compacted MB (x text) | build s | p50 ms | p95 ms | server CPU p50 / p95 ms | add doc ms | delete doc ms | max abs Δscore vs C | rank mismatches |")
		fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
		for _, r := range rows {
			q := "–"
			if r.queries > 0 {
				q = fmt.Sprintf("%.2f | %.2f | %.2f / %.2f", ms(r.p50), ms(r.p95), ms(r.cpu50), ms(r.cpu95))
			} else {
				q = "– | – | –"
			}
			name := r.design
			if name == "none" {
				name = "none (chunks table only; size = chunks incl. TOAST+indexes)"
			}
			fmt.Printf("| %s | %d | %s | %.1f | %.1f (%.2fx) | %.1f (%.2fx) | %.1f | %s | %.1f | %.1f | %.2g | %d |\n",
				r.corpus, r.chunks, name, r.textMB, r.sizeMB, r.sizeMB/r.textMB, r.compactMB, r.compactMB/r.textMB, r.build.Seconds(), q,
				ms(r.add), ms(r.del), r.maxDiff, r.mismatch)
		}
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
