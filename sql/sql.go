// Package sql holds hrag's PostgreSQL schema as ordered migration files
// (NNNN_name.sql), embedded into the binary and applied by pkg/store.
package sql

import "embed"

// Migrations is the set of schema migrations. File names start with a
// zero-padded version number; versions are applied in ascending order, each in
// its own transaction.
//
//go:embed *.sql
var Migrations embed.FS
