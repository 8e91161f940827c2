package store_test

import (
	"fmt"
	"slices"
	"testing"
)

// hitPaths returns the paths of the documents whose chunks BM25 finds for
// q, best first.
func (e *bm25Env) hitPaths(coll int, q string) []string {
	e.t.Helper()
	hits, err := e.s.SearchBM25(e.ctx, coll, q, 50)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, h := range hits {
		var path string
		if err := e.conn.QueryRow(e.ctx, `SELECT d.path FROM chunks ch JOIN documents d ON d.id = ch.document_id WHERE ch.id = $1`, h.ChunkID).Scan(&path); err != nil {
			e.t.Fatal(err)
		}
		out = append(out, path)
	}
	return out
}

// Hyphenated codes ("OPS-4521", "CVE-2024-3094"), which the parser cuts
// into a word and negative numbers, are found whole and by their numbers
// and rank above notes that hold only their word; a host with a port
// gives the host; a version inside an identifier the collection holds
// whole is still searched (sql/0017). Mutations: drop bm25_hyphen_parts
// from bm25_identifier_parts and "4521" finds nothing; drop ":" from
// bm25_component_parts' split and "nas01.home.lan" misses /port.
func TestBM25CodesPortsAndVersions(t *testing.T) {
	e := newBM25Env(t)
	c := e.collection("codes", "english")
	for _, d := range []struct{ path, text string }{
		{"/ticket", "The failover is tracked in OPS-4521 since March."},
		{"/ops1", "The ops team meets on Mondays; ops rotas are on the wiki."},
		{"/ops2", "Ask ops before rebooting anything in ops hours."},
		{"/cve", "We patched CVE-2024-3094 in xz on every host."},
		{"/ora", "The import failed with ORA-00942: table or view does not exist."},
		{"/nas", "Shares live on nas01.home.lan and are backed up nightly."},
		{"/port", "Open the DSM admin UI at https://nas01.home.lan:5001/ to add users."},
		{"/grafana", "We upgraded Grafana to v2.4.0 last week."},
		{"/firmware", "The switch firmware 2.4.0 fixed the fan curve."},
		{"/garden", "Tomatoes need sun, water and a stake by the fence."},
	} {
		e.insertDoc(c, d.path, []string{d.text})
	}
	for _, tc := range []struct{ q, want string }{
		{"OPS-4521", "/ticket"}, // above the notes that only say "ops"
		{"4521", "/ticket"},     // its number alone
		{"ops 4521", "/ticket"},
		{"CVE-2024-3094", "/cve"},
		{"3094", "/cve"},
		{"ORA-00942", "/ora"},
		{"00942", "/ora"},
	} {
		if got := e.topPath(c, tc.q); got != tc.want {
			t.Errorf("BM25 %q: top hit %q, want %q (hits %q)", tc.q, got, tc.want, e.hitPaths(c, tc.q))
		}
	}
	for _, tc := range []struct{ q, want string }{
		{"nas01.home.lan", "/port"}, // the host of "nas01.home.lan:5001"
		{"nas01.home.lan", "/nas"},
		{"v2.4.0", "/firmware"}, // the collection holds "v2.4.0" whole
		{"v2.4.0", "/grafana"},
		{"2.4.0", "/grafana"},
	} {
		if got := e.hitPaths(c, tc.q); !slices.Contains(got, tc.want) {
			t.Errorf("BM25 %q: hits %q, want %q among them", tc.q, got, tc.want)
		}
	}
	if got := e.hitPaths(c, "tomatoes fence"); len(got) != 1 || got[0] != "/garden" {
		t.Errorf("prose: hits %q, want only /garden", got)
	}
}

// A hyphenated serial the collection holds whole is searched whole: of 200
// rows, each its own chunk and each holding "SN-", only the row that names
// it is a hit, so the rest get no BM25 rank to outvote it in the fusion
// (sql/0018). A serial no note holds is still searched by its parts.
// Mutation: drop ts_delete's list in bm25_query_vector (search with every
// part) and all 200 rows are hits.
func TestBM25SerialSearchedWhole(t *testing.T) {
	e := newBM25Env(t)
	c := e.collection("serials", "english")
	var rows []string
	for i := 0; i < 200; i++ {
		rows = append(rows, fmt.Sprintf("| %d | SN-%08X | rack %d |", i, 0x5F3A1C0+i*7919, i%7))
	}
	e.insertDoc(c, "/inventory", rows)
	want := fmt.Sprintf("SN-%08X", 0x5F3A1C0+123*7919)
	hits, err := e.s.SearchBM25(e.ctx, c, want, 500)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 1 {
		t.Fatalf("%s: %d hits, want the one row that names it", want, len(hits))
	}
	var content string
	if err := e.conn.QueryRow(e.ctx, `SELECT content FROM chunks WHERE id = $1`, hits[0].ChunkID).Scan(&content); err != nil || content != rows[123] {
		t.Fatalf("the hit is %q (%v), want %q", content, err, rows[123])
	}
	if hits, err := e.s.SearchBM25(e.ctx, c, "SN-FFFFFFFF", 500); err != nil || len(hits) != 200 {
		t.Fatalf("an unknown serial: %d hits (%v), want every row by its part \"sn\"", len(hits), err)
	}
}
