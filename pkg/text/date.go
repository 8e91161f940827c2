package text

import (
	"strings"
	"time"
)

// dateLayouts are the ways of writing a date that ParseDate reads, each
// with the start of the period after the one a value so written names (a
// second, a minute, a day, a month, a year), in the order they are tried.
var dateLayouts = []struct {
	layout string
	next   func(time.Time) time.Time
}{
	{time.RFC3339, second},                 // 2024-03-01T10:00:00+01:00 (fractions of a second too)
	{"2006-01-02 15:04:05Z07:00", second},  // YAML's space-separated timestamp
	{"2006-01-02 15:04:05 Z07:00", second}, // 2024-03-01 10:00:00 +01:00
	{"2006-01-02 15:04:05 -0700", second},  // Jekyll: 2024-03-01 10:00:00 +0100
	{"2006-01-02T15:04:05", second},        // local date-time (UTC here)
	{"2006-01-02 15:04:05", second},        //
	{"2006-01-02T15:04Z07:00", minute},     //
	{"2006-01-02T15:04", minute},           // Obsidian's "date & time" property
	{"2006-01-02 15:04", minute},           //
	{"2006-01-02", day},                    //
	{"2006-01", func(t time.Time) time.Time { return t.AddDate(0, 1, 0) }},
	{"2006", func(t time.Time) time.Time { return t.AddDate(1, 0, 0) }},
	{"20060102", day},        // 20240301
	{"January 2, 2006", day}, // Pandoc: March 1, 2024
	{"Jan 2, 2006", day},     //
	{"2 January 2006", day},  // 1 March 2024
	{"2 Jan 2006", day},      //
}

func second(t time.Time) time.Time { return t.Add(time.Second) }
func minute(t time.Time) time.Time { return t.Add(time.Minute) }
func day(t time.Time) time.Time    { return t.AddDate(0, 0, 1) }

// DateFormats names the ways of writing a date that ParseDate reads, for
// messages.
const DateFormats = "2024, 2024-03, 2024-03-01, 2024-03-01 10:00, an RFC 3339 time (2024-03-01T10:00:00+01:00) or March 1, 2024"

// ParseDate reads a date or time written one of the usual ways (a year, a
// month, a day, a time with or without seconds and zone, 20240301, "March
// 1, 2024"; DateFormats), in UTC unless it gives a zone. It returns the
// first instant of the period the value names and the first instant after
// it (2024-03 is [2024-03-01T00:00Z, 2024-04-01T00:00Z)); ok is false when
// s is no date (2024-02-30 is none).
func ParseDate(s string) (start, end time.Time, ok bool) {
	v := strings.TrimSpace(s)
	upper := strings.ToUpper(v) // YAML allows 2024-03-01t10:00:00z
	for _, l := range dateLayouts {
		in := upper
		if strings.ContainsAny(l.layout, "JF") { // month names keep their case
			in = v
		}
		if t, err := time.Parse(l.layout, in); err == nil {
			return t.UTC(), l.next(t).UTC(), true
		}
	}
	return time.Time{}, time.Time{}, false
}
