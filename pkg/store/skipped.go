package store

import (
	"context"
	"time"
)

// SkippedFile is a file that indexing skipped for its content, as it was
// then, with the run's skip settings (index.SkipSettings).
type SkippedFile struct {
	Size     int64
	MTime    time.Time
	Reason   string
	Settings string
}

// SkippedFiles returns the collection's remembered skipped files by path.
func (s *Store) SkippedFiles(ctx context.Context, collectionID int) (map[string]SkippedFile, error) {
	rows, err := s.pool.Query(ctx, `SELECT path, size, mtime, reason, settings FROM skipped_files WHERE collection_id = $1`, collectionID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]SkippedFile{}
	for rows.Next() {
		var p string
		var f SkippedFile
		if err := rows.Scan(&p, &f.Size, &f.MTime, &f.Reason, &f.Settings); err != nil {
			return nil, err
		}
		out[p] = f
	}
	return out, rows.Err()
}

// PutSkippedFile remembers that path (with this size and mtime) was skipped
// for reason under settings.
func (s *Store) PutSkippedFile(ctx context.Context, collectionID int, path string, f SkippedFile) error {
	return s.exec(ctx, `INSERT INTO skipped_files (collection_id, path, size, mtime, reason, settings) VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (collection_id, path) DO UPDATE SET size = EXCLUDED.size, mtime = EXCLUDED.mtime, reason = EXCLUDED.reason, settings = EXCLUDED.settings`,
		collectionID, path, f.Size, f.MTime, f.Reason, f.Settings)
}

// ForgetSkippedFiles removes remembered skipped files (gone from disk, or
// indexed since).
func (s *Store) ForgetSkippedFiles(ctx context.Context, collectionID int, paths []string) error {
	if len(paths) == 0 {
		return nil
	}
	return s.exec(ctx, `DELETE FROM skipped_files WHERE collection_id = $1 AND path = ANY($2)`, collectionID, paths)
}
