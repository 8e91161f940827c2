package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrLocked reports that another hrag process holds the collection's lock.
var ErrLocked = errors.New("collection is locked")

// ErrLockLost reports that the collection's writer lock is no longer held:
// its database connection ended (a server restart, a terminated backend, a
// network cut). The write that found it was rolled back; what was
// committed before stays.
var ErrLockLost = errors.New("the collection's writer lock was lost (its database connection ended)")

// Lock is a held per-collection writer lock (a PostgreSQL session advisory
// lock on a dedicated connection, backend pid).
type Lock struct {
	pool *pgxpool.Pool
	mu   sync.Mutex // guards conn and pid, which reacquire replaces
	conn *pgxpool.Conn
	key  int64
	pid  uint32
}

const lockClass = 0x68726167 << 20 // keeps hrag's keys apart from other users of advisory locks

// lockKey is the advisory lock key of a collection within the current
// schema: collections of hrag schemas side by side in one database (tests
// do that) do not wait for each other.
func lockKey(ctx context.Context, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}, collectionID int) (int64, error) {
	var key int64
	err := q.QueryRow(ctx, `SELECT $1::bigint + (hashtext(current_schema()) & 1048575)::bigint * 4294967296 + $2::bigint`,
		int64(lockClass)&0xffffffff, collectionID).Scan(&key)
	return key, err
}

// LockCollection takes the collection's writer lock. With wait it blocks
// until the lock is free (or ctx ends); without, it returns ErrLocked at once.
func (s *Store) LockCollection(ctx context.Context, collectionID int, wait bool) (*Lock, error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	key, err := lockKey(ctx, conn, collectionID)
	if err != nil {
		conn.Release()
		return nil, err
	}
	if wait {
		_, err = conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, key)
	} else {
		var ok bool
		err = conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, key).Scan(&ok)
		if err == nil && !ok {
			err = ErrLocked
		}
	}
	if err != nil {
		conn.Release()
		return nil, err
	}
	return &Lock{pool: s.pool, conn: conn, key: key, pid: conn.Conn().PgConn().PID()}, nil
}

// Release frees the lock.
func (l *Lock) Release() {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, _ = l.conn.Exec(context.Background(), `SELECT pg_advisory_unlock($1)`, l.key)
	l.conn.Release()
}

// reacquire takes the lock again on a new connection after its connection
// died (a server restart, a terminated backend), unless another process
// holds it now: then ErrLockLost.
func (l *Lock) reacquire(ctx context.Context) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	conn, err := l.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	var ok bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, l.key).Scan(&ok); err != nil {
		conn.Release()
		return err
	}
	if !ok {
		conn.Release()
		return ErrLockLost
	}
	old := l.conn
	l.conn, l.pid = conn, conn.Conn().PgConn().PID()
	old.Release() // dead: the pool drops it
	return nil
}

// check returns ErrLockLost unless the lock's backend still holds it, read
// inside tx (pg_locks: an advisory lock on a bigint key has the key's high
// half as classid, its low half as objid and objsubid 1). A nil lock holds.
func (l *Lock) check(ctx context.Context, tx pgx.Tx) error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	pid := l.pid
	l.mu.Unlock()
	var held bool
	err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted
		AND pid = $1 AND classid = $2::bigint::oid AND objid = $3::bigint::oid AND objsubid = 1)`,
		int64(pid), int64(uint64(l.key)>>32), int64(uint32(l.key))).Scan(&held)
	if err != nil {
		return err
	}
	if !held {
		return ErrLockLost
	}
	return nil
}

// WithLock returns a Store on the same connections whose writes (every
// method an index run writes with) check, inside their transaction and
// before it commits, that l is still held, and fail with ErrLockLost when
// it is not: a run cannot go on writing after its lock's connection died
// and another run may have taken the lock.
func (s *Store) WithLock(l *Lock) *Store {
	c := *s
	c.lock = l
	return &c
}

// exec runs one writing statement (write): as is without a lock, else in
// a transaction that checks the lock before committing.
func (s *Store) exec(ctx context.Context, sql string, args ...any) error {
	return s.write(ctx, func(ctx context.Context) error {
		if s.lock == nil {
			_, err := s.pool.Exec(ctx, sql, args...)
			return err
		}
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, sql, args...); err != nil {
				return err
			}
			return s.lock.check(ctx, tx)
		})
	})
}

// writeRetries are the waits between the attempts of a write that failed
// because the database connection did (write): about 31 s in all, enough
// for a PostgreSQL restart.
var writeRetries = []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second}

// write runs fn, an idempotent write in one transaction (or a read), again after each
// wait of writeRetries while it fails with a connection error
// (IsConnectionError); when s holds a lock whose connection died, it takes
// the lock again first (ErrLockLost if another process holds it by then).
// The last error is returned; ctx ends the waits.
func (s *Store) write(ctx context.Context, fn func(context.Context) error) error {
	retries := writeRetries
	for attempt := 0; ; attempt++ {
		err := fn(ctx)
		if err == nil {
			return nil
		}
		if errors.Is(err, ErrLockLost) && s.lock != nil {
			// The lock's connection died (or another run holds the lock):
			// take it again if it is free, and write again at once.
			if rerr := s.lock.reacquire(ctx); rerr != nil {
				if IsConnectionError(rerr) && attempt < len(retries) {
					if werr := sleep(ctx, retries[attempt]); werr != nil {
						return err
					}
					continue
				}
				return ErrLockLost
			}
			if attempt < len(retries) {
				continue
			}
			return err
		}
		if !IsConnectionError(err) || attempt >= len(retries) {
			return err
		}
		if werr := sleep(ctx, retries[attempt]); werr != nil {
			return err
		}
	}
}

// sleep waits d or until ctx ends (its error).
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// IsConnectionError reports whether err is a failure of the database
// connection rather than of the statement: the server shut down, restarted
// or terminated the backend (SQLSTATE class 08, 57P01–57P03), the
// connection was closed or refused, or ErrUnavailable.
func IsConnectionError(err error) bool {
	if err == nil {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return strings.HasPrefix(pgErr.Code, "08") || pgErr.Code == "57P01" || pgErr.Code == "57P02" || pgErr.Code == "57P03"
	}
	if errors.Is(err, ErrUnavailable) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || pgconn.SafeToRetry(err) {
		return true
	}
	var netErr net.Error
	if errors.As(err, &netErr) {
		return true
	}
	msg := err.Error()
	return strings.Contains(msg, "conn closed") || strings.Contains(msg, "connection refused") ||
		strings.Contains(msg, "unexpected EOF") || strings.Contains(msg, "connection reset")
}

// LockHolder returns the backend pid that holds the collection's writer
// lock, 0 when none does.
func (s *Store) LockHolder(ctx context.Context, collectionID int) (uint32, error) {
	key, err := lockKey(ctx, s.pool, collectionID)
	if err != nil {
		return 0, err
	}
	var pid int64
	err = s.pool.QueryRow(ctx, `SELECT coalesce((SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted
		AND classid = $1::bigint::oid AND objid = $2::bigint::oid AND objsubid = 1 LIMIT 1), 0)`,
		int64(uint64(key)>>32), int64(uint32(key))).Scan(&pid)
	if err != nil {
		return 0, fmt.Errorf("reading the collection lock: %w", err)
	}
	return uint32(pid), nil
}
