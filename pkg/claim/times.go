package claim

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Times of day and dates without a year, as people write them in notes:
// "3 pm", "8.15 am", "10 Uhr", "19.30 Uhr", "9h30", "8 h 04", "10:30", "15h";
// "22/05", "22.05.".
var (
	// meridiemRe: a time with am or pm; uhrRe: a German time with "Uhr";
	// clockTimeRe: hours and minutes with a colon or an "h" between them
	// (spaced or not, "8 h 04" as French writes it),
	// not inside a longer run of digits, colons or dots (1:5:5, 10:30:00,
	// localhost:8080 are no times).
	meridiemRe  = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}_:.,/])(\d{1,2})(?:[:.](\d{2}))? ?(a\.m\.|p\.m\.|am|pm)(?:[^\p{L}\p{N}_]|$)`)
	uhrRe       = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}_:.,/])(\d{1,2})(?:[:.](\d{2}))? ?uhr(?:[^\p{L}\p{N}_]|$)`)
	clockTimeRe = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}_:.,/])(\d{1,2})(?::| ?h ?)(\d{2})(?:[^\p{L}\p{N}_:]|[:.,;](?:[^\d]|$)|$)`)
	// hourRe: an hour glued to "h" ("15h", French and Portuguese).
	hourRe = regexp.MustCompile(`^(\d{1,2})h$`)
	// dayMonthNumRe: a day and a month in digits without a year, two
	// digits each: "22/05", "22.05." (the German form ends with a dot).
	dayMonthNumRe = regexp.MustCompile(`(?:^|[^\p{L}\p{N}_:.,/-])(\d{2})(?:/(\d{2})|\.(\d{2})\.)(?:[^\p{L}\p{N}_/.-]|[.](?:[^\d]|$)|$)`)
)

// timeValue is the normalised reading of a time of day: "t" and the hour
// and minute on the 24-hour clock ("t15:00"); ok is false when h and m
// are no time (25:00, 9:75). meridiem is "am", "pm" (with or without
// dots) or "".
func timeValue(h, m int, meridiem string) (string, bool) {
	switch strings.ReplaceAll(strings.ToLower(meridiem), ".", "") {
	case "am":
		if h < 1 || h > 12 {
			return "", false
		}
		if h == 12 {
			h = 0
		}
	case "pm":
		if h < 1 || h > 12 {
			return "", false
		}
		if h != 12 {
			h += 12
		}
	}
	if h > 23 || m > 59 {
		return "", false
	}
	return fmt.Sprintf("t%02d:%02d", h, m), true
}

// findTimes returns the times of day of text as codes whose value is
// their reading on the 24-hour clock (timeValue), so that "3 pm", "15:00"
// and "15h00" state one time: with am or pm, with "Uhr", and hours and
// minutes joined by a colon or an "h" (these also keep their text as a
// value, as other codes do).
func findTimes(text string) []Fact {
	var out []Fact
	add := func(m []int, meridiem string, keepText bool) {
		h, _ := strconv.Atoi(text[m[2]:m[3]])
		mi := 0
		if m[4] >= 0 {
			mi, _ = strconv.Atoi(text[m[4]:m[5]])
		}
		v, ok := timeValue(h, mi, meridiem)
		if !ok {
			return
		}
		end := m[3]
		if m[5] > end {
			end = m[5]
		}
		if len(m) > 6 && m[7] > end {
			end = m[7]
		}
		if meridiem == "" && strings.HasPrefix(strings.ToLower(strings.TrimLeft(text[end:], " ")), "uhr") {
			end = strings.Index(strings.ToLower(text[end:]), "uhr") + end + len("uhr")
		}
		vals := []string{v}
		if keepText {
			vals = append([]string{strings.ToLower(text[m[2]:end])}, v)
		}
		out = append(out, Fact{Kind: Code, Text: text[m[2]:end], Start: m[2], End: end, values: vals})
	}
	for _, m := range meridiemRe.FindAllStringSubmatchIndex(text, -1) {
		add(m, text[m[6]:m[7]], false)
	}
	for _, m := range uhrRe.FindAllStringSubmatchIndex(text, -1) {
		add(m, "", false)
	}
	for _, m := range clockTimeRe.FindAllStringSubmatchIndex(text, -1) {
		if strings.Contains(text[m[3]:m[4]], " ") && spanRe.MatchString(text[m[5]:]) {
			continue // "2 h 15 min" is a span of time, not a time of day; "6 h 30 mg" a dose
		}
		if durationRe.MatchString(text[:m[2]]) {
			continue // "(trajet 1 h 30)", "Fahrzeit 2:15": a duration named as one
		}
		add(m, "", true)
	}
	return out
}

// durationRe: a word that names what follows it as a duration, in the
// index's languages, at the end of the text before a clock-like value
// ("trajet 1 h 30", "durée : 2 h 08", "Fahrzeit 2:15", "duração 2 h 40",
// "flight time 1:45"): hours and minutes of a span, not a time of day.
var durationRe = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:duration|takes|lasts|travel time|journey time|journey|drive|flight time|running time|durée|trajet|compter|dauer|fahrzeit|reisezeit|flugzeit|laufzeit|duración|trayecto|duração|viagem|percurso|durata|viaggio|tragitto|duur|reistijd|rijtijd|vliegtijd)(?: ?:)? (?:(?:de|di|van|of|about|around|environ|circa|ca\.?|etwa|unos|cerca de) )?$`)

// spanRe: what follows the minutes of a duration ("2 h 15 min", "1 h 30
// mn") or a number with its own unit after an hour count ("toutes les 6
// h 30 mg").
var spanRe = regexp.MustCompile(`(?i)^ ?(?:min|mn|mg|mcg|µg|ml|g|kg|km|cm|mm|m|s|sec)(?:[^\pL]|$)`)

// findDayMonths returns the dates of text written as a day and a month in
// digits without a year ("22/05", "22.05."), read day first and, where it
// can be, month first ("05/06" is 5 June or 6 May).
func findDayMonths(text string) []Fact {
	var out []Fact
	for _, m := range dayMonthNumRe.FindAllStringSubmatchIndex(text, -1) {
		a, _ := strconv.Atoi(text[m[2]:m[3]])
		bs, be, end := m[4], m[5], m[5]
		if bs < 0 {
			bs, be, end = m[6], m[7], m[7]+1
		}
		b, _ := strconv.Atoi(text[bs:be])
		var vals []string
		for _, d := range []date{{0, b, a}, {0, a, b}} {
			if d.m >= 1 && d.m <= 12 && d.d >= 1 && d.d <= 31 && !slices.Contains(vals, d.String()) {
				vals = append(vals, d.String())
			}
		}
		if len(vals) > 0 {
			out = append(out, Fact{Kind: Date, Text: text[m[2]:end], Start: m[2], End: end, values: vals})
		}
	}
	return out
}

// hourTime adds to a number written as an hour glued to "h" ("15h") its
// reading as a time of day (timeValue): "à 15h" is a time, "24h" a
// duration, and the fact keeps both readings.
func hourTime(f *Fact) {
	if f.Kind != Number {
		return
	}
	g := hourRe.FindStringSubmatch(f.Text)
	if g == nil {
		return
	}
	h, _ := strconv.Atoi(g[1])
	if v, ok := timeValue(h, 0, ""); ok {
		f.values = append(f.values, v)
	}
}

// isTime reports whether f is a time of day (findTimes).
func isTime(f Fact) bool {
	for _, v := range f.values {
		if len(v) == 6 && v[0] == 't' && v[3] == ':' {
			return f.Kind == Code
		}
	}
	return false
}
