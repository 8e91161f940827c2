// Package store keeps documents, chunks, BM25 postings and embedding vectors in
// PostgreSQL (pgx v5 + pgvector). It is the only package that speaks SQL; pgx
// types do not leave it.
package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	pgxvec "github.com/pgvector/pgvector-go/pgx"

	hragsql "github.com/hrag-dev/hrag/sql"
)

// ErrUnavailable reports that the database could not be reached or refused
// the credentials; the wrapped error says why.
var ErrUnavailable = errors.New("database unavailable")

// Store is a connection pool to hrag's database. It is safe for concurrent use.
type Store struct {
	pool *pgxpool.Pool
	// bm25MaxFetch overrides BM25MaxFetch when > 0 (tests).
	bm25MaxFetch int64
	// lock, when set (WithLock), is checked in every write of an index
	// run before it commits.
	lock *Lock
}

// Open connects to the PostgreSQL database at url (a libpq URL or key=value
// string), checks it answers, and applies pending migrations (Migrate) when
// schema_migrations does not already list every embedded one. Errors wrap
// ErrUnavailable when the server is down or rejects the login, naming the
// host; the caller is expected to tell the user to check RAG_DATABASE_URL.
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("%w: cannot parse database URL: %v", ErrUnavailable, redactErr(err))
	}
	cfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
		// The vector type exists only once the extension is created, which the
		// first migration does; register it lazily when present.
		var ok bool
		if err := c.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_type WHERE typname = 'vector')`).Scan(&ok); err != nil {
			return err
		}
		if ok {
			return pgxvec.RegisterTypes(ctx, c)
		}
		return nil
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, redactErr(err))
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("%w: %s:%d: %v", ErrUnavailable, cfg.ConnConfig.Host, cfg.ConnConfig.Port, describeConnErr(err))
	}
	s := &Store{pool: pool}
	current, err := s.schemaCurrent(ctx)
	if err != nil {
		pool.Close()
		return nil, err
	}
	if current { // the common case: two reads, no lock, no DDL
		return s, nil
	}
	// A migration may rebuild every collection's BM25 index (minutes for
	// large ones): ctx's deadline bounds connecting, not that; cancelling
	// ctx (Ctrl-C) still stops it, and its transaction rolls back.
	mctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	stop := context.AfterFunc(ctx, func() {
		if errors.Is(ctx.Err(), context.Canceled) {
			cancel()
		}
	})
	defer stop()
	if err := s.Migrate(mctx); err != nil {
		pool.Close()
		return nil, err
	}
	// Connections opened before the extension existed lack the vector codec.
	pool.Reset()
	return s, nil
}

// Close releases all connections.
func (s *Store) Close() { s.pool.Close() }

func describeConnErr(err error) string {
	var pgErr *pgconn.PgError
	switch {
	case errors.As(err, &pgErr) && (pgErr.Code == "28P01" || pgErr.Code == "28000"):
		return "login rejected (" + pgErr.Message + ")"
	case errors.As(err, &pgErr) && pgErr.Code == "3D000":
		return pgErr.Message
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused: is PostgreSQL running?"
	}
	var nerr net.Error
	if errors.As(err, &nerr) && nerr.Timeout() {
		return "connection timed out"
	}
	return redactErr(err).Error()
}

// redactErr removes anything that looks like a password from a connection error.
func redactErr(err error) error {
	msg := err.Error()
	if i := strings.Index(msg, "password="); i >= 0 {
		j := strings.IndexAny(msg[i:], " )")
		if j < 0 {
			j = len(msg) - i
		}
		msg = msg[:i] + "password=xxxxx" + msg[i+j:]
	}
	return errors.New(msg)
}

// schemaCurrent reports whether every embedded migration is recorded as
// applied, without locking or DDL.
func (s *Store) schemaCurrent(ctx context.Context) (bool, error) {
	migs, err := migrations()
	if err != nil {
		return false, err
	}
	// Migrate creates its tables in the first schema of the search path:
	// look there, not wherever the search path finds a schema_migrations.
	var schema string
	var exists bool
	if err := s.pool.QueryRow(ctx, `SELECT current_schema(),
		to_regclass(format('%I.schema_migrations', current_schema())) IS NOT NULL`).Scan(&schema, &exists); err != nil || !exists {
		return false, err
	}
	var n, latest int
	table := pgx.Identifier{schema, "schema_migrations"}.Sanitize()
	if err := s.pool.QueryRow(ctx, `SELECT count(*), coalesce(max(version), 0) FROM `+table).Scan(&n, &latest); err != nil {
		return false, err
	}
	return n == len(migs) && latest == migs[len(migs)-1].version, nil
}

// migration is one embedded file of sql/.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations returns the embedded migrations in version order.
func migrations() ([]migration, error) {
	entries, err := fs.Glob(hragsql.Migrations, "*.sql")
	if err != nil {
		return nil, err
	}
	var migs []migration
	for _, name := range entries {
		v, err := strconv.Atoi(strings.SplitN(name, "_", 2)[0])
		if err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a version number", name)
		}
		b, err := fs.ReadFile(hragsql.Migrations, name)
		if err != nil {
			return nil, err
		}
		migs = append(migs, migration{v, name, string(b)})
	}
	if len(migs) == 0 {
		return nil, fmt.Errorf("no embedded migrations")
	}
	sort.Slice(migs, func(i, j int) bool { return migs[i].version < migs[j].version })
	return migs, nil
}

// migrationLockID is the advisory-lock key that serialises concurrent migrators.
const migrationLockID = 0x68726167 // "hrag"

// Migrate applies the embedded migrations in sql/ that the database has not
// seen yet, in version order, one transaction each (after River's migrator).
// A concurrent migrator waits on an advisory lock.
func (s *Store) Migrate(ctx context.Context) error {
	migs, err := migrations()
	if err != nil {
		return err
	}

	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrationLockID); err != nil {
		return err
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrationLockID)

	if _, err := conn.Exec(ctx, `CREATE EXTENSION IF NOT EXISTS vector`); err != nil {
		return fmt.Errorf("pgvector extension is missing and this role cannot create it (run as a superuser: CREATE EXTENSION vector): %w", err)
	}
	// BM25 folds diacritics with unaccent (PostgreSQL's contrib, trusted:
	// a database owner may create it).
	if _, err := conn.Exec(ctx, `DO $$ BEGIN
		IF to_regprocedure('unaccent(text)') IS NULL THEN CREATE EXTENSION IF NOT EXISTS unaccent; END IF; END $$`); err != nil {
		return fmt.Errorf("the unaccent extension (PostgreSQL contrib) is missing and this role cannot create it (run as a superuser: CREATE EXTENSION unaccent): %w", err)
	}
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		return err
	}
	applied := map[int]bool{}
	rows, err := conn.Query(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return err
		}
		applied[v] = true
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, m := range migs {
		if applied[m.version] {
			continue
		}
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, m.sql); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, m.version, m.name)
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	return nil
}
