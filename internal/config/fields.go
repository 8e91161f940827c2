package config

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// reader gives a Field the value of a variable: get with the precedence of
// Load (flag, environment, file, default), raw for values where "" and
// trailing spaces are meaningful (an unset variable falls through to the
// file), label for naming it in a message (the flag when one set it). A
// Field appends its validation messages to errs.
type reader struct {
	get, raw, label func(name string) string
	errs            []string
}

// fail records that variable name holds the bad value v, and what is wanted.
func (r *reader) fail(name, v, want string) {
	r.errs = append(r.errs, fmt.Sprintf("%s=%q: want %s", r.label(name), v, want))
}

// Field parses one variable into its Config field (Var.Parse): it reads the
// value from r, validates it (recording a message in r on a bad value) and
// stores it.
type Field func(r *reader, name string, c *Config)

// text stores the value as it is.
func text(dst func(*Config) *string) Field {
	return func(r *reader, name string, c *Config) { *dst(c) = r.get(name) }
}

// path stores the value with a leading ~ expanded (ExpandHome).
func path(dst func(*Config) *string) Field {
	return func(r *reader, name string, c *Config) { *dst(c) = ExpandHome(r.get(name)) }
}

// raw stores the value untrimmed, "" included (embedding prefixes).
func raw(dst func(*Config) *string) Field {
	return func(r *reader, name string, c *Config) { *dst(c) = r.raw(name) }
}

// list stores the comma-separated items of the value (splitList).
func list(dst func(*Config) *[]string) Field {
	return func(r *reader, name string, c *Config) { *dst(c) = splitList(r.get(name)) }
}

// integer stores a whole number ≥ min.
func integer(min int, dst func(*Config) *int) Field {
	return func(r *reader, name string, c *Config) {
		v := r.get(name)
		n, err := strconv.Atoi(strings.TrimSpace(v))
		switch {
		case errors.Is(err, strconv.ErrRange):
			r.fail(name, v, fmt.Sprintf("an integer from %d to %d", min, math.MaxInt))
		case err != nil || n < min:
			r.fail(name, v, fmt.Sprintf("an integer ≥ %d", min))
		}
		*dst(c) = n
	}
}

// bytes stores a number of bytes ≥ min.
func bytes(min int64, dst func(*Config) *int64) Field {
	return func(r *reader, name string, c *Config) {
		v := r.get(name)
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil || n < min {
			r.fail(name, v, fmt.Sprintf("a number of bytes ≥ %d", min))
		}
		*dst(c) = n
	}
}

// number stores a number ≥ min.
func number(min float64, dst func(*Config) *float64) Field {
	return func(r *reader, name string, c *Config) {
		v := r.get(name)
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || f < min {
			r.fail(name, v, fmt.Sprintf("a number ≥ %g", min))
		}
		*dst(c) = f
	}
}

// share stores a number in [0, 1].
func share(dst func(*Config) *float64) Field {
	return func(r *reader, name string, c *Config) {
		v := r.get(name)
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || !(f >= 0 && f <= 1) {
			r.fail(name, v, "a number from 0 to 1, such as 0.9")
		}
		*dst(c) = f
	}
}

// duration stores a positive duration ("10s", "2m").
func duration(dst func(*Config) *time.Duration) Field {
	return func(r *reader, name string, c *Config) {
		v := r.get(name)
		d, err := time.ParseDuration(strings.TrimSpace(v))
		if err != nil || d <= 0 {
			r.fail(name, v, "a duration such as 10s")
		}
		*dst(c) = d
	}
}

// boolean stores true or false (strconv.ParseBool); empty leaves false.
func boolean(dst func(*Config) *bool) Field {
	return func(r *reader, name string, c *Config) {
		v := strings.TrimSpace(r.get(name))
		if v == "" {
			return
		}
		b, err := strconv.ParseBool(v)
		if err != nil {
			r.fail(name, r.get(name), "true or false")
		}
		*dst(c) = b
	}
}

// logprob stores a log-probability: a finite number ≤ 0 (0: off); empty
// leaves 0.
func logprob(dst func(*Config) *float64) Field {
	return func(r *reader, name string, c *Config) {
		v := strings.TrimSpace(r.get(name))
		if v == "" {
			return
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f > 0 || math.IsNaN(f) || math.IsInf(f, 0) {
			r.fail(name, v, "a log-probability, a number <= 0 (0: off), such as -0.5")
			return
		}
		*dst(c) = f
	}
}
