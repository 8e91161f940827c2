// Package storetest gives tests a real, empty hrag database: a fresh
// PostgreSQL schema per test on the test server, dropped when the test ends.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/hrag-dev/hrag/pkg/store"
)

// DefaultURL is the test database that scripts/install-postgres.sh creates.
const DefaultURL = "postgres://hrag_test:hrag_test@127.0.0.1:5432/hrag_test?sslmode=disable"

// URL returns RAG_TEST_DATABASE_URL, or DefaultURL when it is unset.
func URL() string {
	if u := os.Getenv("RAG_TEST_DATABASE_URL"); u != "" {
		return u
	}
	return DefaultURL
}

// SchemaURL creates a new empty schema on the test server and returns a
// database URL whose search_path selects it (then public, where the vector
// extension lives). The schema is dropped at the end of the test. A test
// server that cannot be reached fails the test: run scripts/install-postgres.sh.
func SchemaURL(tb testing.TB) string {
	tb.Helper()
	ctx := context.Background()
	conn := connect(tb)
	defer conn.Close(ctx)
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "t_" + hex.EncodeToString(b[:])
	// A test schema's search path ends in public (pgvector's types live
	// there), so hrag tables in public would answer for a test's own
	// before its migrations ran.
	var leftover int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename IN ('documents', 'chunks', 'collections')`).Scan(&leftover); err != nil {
		tb.Fatal(err)
	}
	if leftover > 0 {
		tb.Fatalf("the test database's public schema holds hrag tables (was hrag run with RAG_DATABASE_URL=%s?): tests read them through their search path; drop them, or use another database for hrag itself", URL())
	}
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), URL())
		if err != nil {
			return
		}
		defer c.Close(context.Background())
		_, _ = c.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
	})
	return withSchema(tb, schema)
}

// connect opens a connection to the test server, failing the test when it
// cannot be reached.
func connect(tb testing.TB) *pgx.Conn {
	tb.Helper()
	conn, err := pgx.Connect(context.Background(), URL())
	if err != nil {
		tb.Fatalf("test database %s unreachable (run scripts/install-postgres.sh or set RAG_TEST_DATABASE_URL): %v", URL(), err)
	}
	return conn
}

// withSchema is URL() with a search_path selecting schema, then public.
func withSchema(tb testing.TB, schema string) string {
	tb.Helper()
	u, err := url.Parse(URL())
	if err != nil {
		tb.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema+",public")
	u.RawQuery = q.Encode()
	return u.String()
}

// Open returns a migrated Store on a fresh schema (see SchemaURL).
func Open(tb testing.TB) *store.Store {
	tb.Helper()
	s, err := store.Open(context.Background(), SchemaURL(tb))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(s.Close)
	return s
}

// KeptSchemaURL is SchemaURL for a schema that outlives the test, named
// name (an SQL identifier the caller makes unique, e.g. per benchmark size
// and model): it is created when missing and never dropped, so a benchmark
// that takes minutes to build its data can reuse it. existed reports whether
// the schema was already there. Drop it by hand (DROP SCHEMA name CASCADE)
// when done.
func KeptSchemaURL(tb testing.TB, name string) (dbURL string, existed bool) {
	tb.Helper()
	ctx := context.Background()
	conn := connect(tb)
	defer conn.Close(ctx)
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)", name).Scan(&existed); err != nil {
		tb.Fatal(err)
	}
	if !existed {
		if _, err := conn.Exec(ctx, "CREATE SCHEMA "+pgx.Identifier{name}.Sanitize()); err != nil {
			tb.Fatal(err)
		}
	}
	return withSchema(tb, name), existed
}
