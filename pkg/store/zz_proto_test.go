package store_test

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	hragsql "github.com/hrag-dev/hrag/sql"
	"github.com/jackc/pgx/v5"
)

func TestZZProtoLoad(t *testing.T) {
	schema := os.Getenv("PROTO_SCHEMA")
	if schema == "" {
		t.Skip()
	}
	n, _ := strconv.Atoi(os.Getenv("PROTO_N"))
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, "postgres://hrag_test:hrag_test@127.0.0.1:5432/hrag_test?sslmode=disable&search_path="+schema+",public")
	if err != nil {
		t.Fatal(err)
	}
	conn.Exec(ctx, "DROP SCHEMA IF EXISTS "+schema+" CASCADE")
	conn.Exec(ctx, "CREATE SCHEMA "+schema)
	for _, f := range []string{"0001_documents.sql", "0002_bm25.sql"} {
		b, _ := hragsql.Migrations.ReadFile(f)
		if _, err := conn.Exec(ctx, string(b)); err != nil {
			t.Fatal(err)
		}
	}
	var coll int
	conn.QueryRow(ctx, `INSERT INTO collections (name, fts_config) VALUES ('bench', 'english') RETURNING id`).Scan(&coll)
	var chunks []string
	if os.Getenv("PROTO_CORPUS") == "nf" {
		chunks = nfChunks(n, 1)
	} else {
		chunks = synthChunks(n, 1)
	}
	per, _ := strconv.Atoi(os.Getenv("PROTO_PER"))
	if per == 0 {
		per = 100
	}
	t0 := time.Now()
	if _, err := loadDocs(ctx, conn, coll, chunks, "/doc", per); err != nil {
		t.Fatal(err)
	}
	t.Logf("load %v", time.Since(t0))
}
