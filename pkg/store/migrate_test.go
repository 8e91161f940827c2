package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// Opening a database whose schema is current must not take the migration
// lock: every `hrag sources` opens the store, and a migrator in another
// process (or a stuck one) must not delay it.
func TestOpenSkipsMigrationWhenSchemaIsCurrent(t *testing.T) {
	url := storetest.SchemaURL(t)
	ctx := context.Background()
	st, err := store.Open(ctx, url) // migrates the fresh schema
	if err != nil {
		t.Fatal(err)
	}
	st.Close()

	lock, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close(ctx)
	if _, err := lock.Exec(ctx, `SELECT pg_advisory_lock($1)`, 0x68726167); err != nil {
		t.Fatal(err)
	}
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	st, err = store.Open(cctx, url)
	if err != nil {
		t.Fatalf("Open with the migration lock held elsewhere: %v (it waited for the lock: the schema check did not see the schema as current)", err)
	}
	st.Close()

	var applied int
	if err := lock.QueryRow(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&applied); err != nil {
		t.Fatal(err)
	}
	if applied < 5 {
		t.Fatalf("%d migrations recorded, want every file of sql/", applied)
	}
}
