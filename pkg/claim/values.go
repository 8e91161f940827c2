package claim

import (
	"maps"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// date is a normalised date; 0 marks a missing part.
type date struct{ y, m, d int }

func (d date) String() string {
	return strconv.Itoa(d.y) + "-" + strconv.Itoa(d.m) + "-" + strconv.Itoa(d.d)
}

// findDates returns the dates of text; a numeric date that could be read
// day-first or month-first carries both readings.
func findDates(text string) []Fact {
	var out []Fact
	atoi := func(m []int, i int) int {
		if m[2*i] < 0 {
			return 0
		}
		n, _ := strconv.Atoi(text[m[2*i]:m[2*i+1]])
		return n
	}
	month := func(m []int, i int) int { return months[strings.ToLower(text[m[2*i]:m[2*i+1]])] }
	addDate := func(m []int, ds ...date) {
		var vals []string
		for _, d := range ds {
			if d.m >= 1 && d.m <= 12 && d.d >= 0 && d.d <= 31 {
				vals = append(vals, d.String())
			}
		}
		if len(vals) > 0 {
			out = append(out, Fact{Kind: Date, Text: text[m[0]:m[1]], Start: m[0], End: m[1], values: vals})
		}
	}
	for _, m := range isoDateRe.FindAllStringSubmatchIndex(text, -1) {
		addDate(m, date{atoi(m, 1), atoi(m, 2), atoi(m, 3)})
	}
	for _, m := range numDateRe.FindAllStringSubmatchIndex(text, -1) {
		if text[m[4]:m[5]] != text[m[8]:m[9]] {
			continue // 3/4.2025 is no date
		}
		a, b, y := atoi(m, 1), atoi(m, 3), atoi(m, 5)
		if y < 100 {
			y += 2000
		}
		addDate(m, date{y, b, a}, date{y, a, b})
	}
	for _, m := range dayMonthRe.FindAllStringSubmatchIndex(text, -1) {
		addDate(m, date{atoi(m, 3), month(m, 2), atoi(m, 1)})
	}
	for _, m := range monthDayRe.FindAllStringSubmatchIndex(text, -1) {
		addDate(m, date{atoi(m, 3), month(m, 1), atoi(m, 2)})
	}
	for _, m := range monthYearRe.FindAllStringSubmatchIndex(text, -1) {
		addDate(m, date{atoi(m, 2), month(m, 1), 0})
	}
	for _, m := range numMonthYearRe.FindAllStringSubmatchIndex(text, -1) {
		addDate(m, date{atoi(m, 3), atoi(m, 1), 0})
	}
	for _, m := range cjkDateRe.FindAllStringSubmatchIndex(text, -1) {
		addDate(m, date{atoi(m, 1), atoi(m, 2), atoi(m, 3)})
	}
	for _, m := range ruDateRe.FindAllStringSubmatchIndex(text, -1) {
		addDate(m, date{atoi(m, 3), ruMonths[strings.ToLower(text[m[4]:m[5]])], atoi(m, 1)})
	}
	// "May" and "March" are also words: a month name counts only with a
	// number beside it, which every pattern above requires.
	sort.SliceStable(out, func(a, b int) bool { return out[a].End-out[a].Start > out[b].End-out[b].Start })
	return out
}

// findNumbers returns the numbers of text with their unit, as "value unit"
// readings ("4 gb", "1000", "0.02 %"); spelled-out numbers ("eleven") are
// numbers too.
func findNumbers(text string) []Fact {
	var out []Fact
	for _, sp := range numberSpans(text) {
		s, e := sp[0], sp[1]
		lit := text[s:e]
		// A number glued to letters on its left is part of a code (WPA3),
		// one after a colon part of a ratio or time (1:5:5, 7:30).
		if s > 0 {
			if r, _ := utf8.DecodeLastRuneInString(text[:s]); unicode.IsLetter(r) && !unspaced(r) || r == '_' || r == ':' {
				continue
			}
		}
		// Followed by letters/digits that are not a unit: a code (5G-ready, 3rd).
		unit, ue := unitAfter(text, e)
		if unit == "" && e < len(text) {
			if r, _ := utf8.DecodeRuneInString(text[e:]); unicode.IsLetter(r) && !unspaced(r) || r == '_' {
				if !ordinalSuffix(text[e:]) {
					continue
				}
			}
			// "1.2.3" and "192.168.1.1" are codes, not numbers.
			if e+1 < len(text) && (text[e] == '.' || text[e] == ':') && isDigit(text[e+1]) {
				continue
			}
		}
		ps := s
		if unit == "" {
			unit, ps = unitBefore(text, s)
		}
		var vals []string
		for _, v := range numberValues(lit) {
			vals = append(vals, fmtValue(v)+" "+unit)
		}
		end := e
		if ue > e {
			end = ue
		}
		out = append(out, Fact{Kind: Number, Text: text[ps:end], Start: ps, End: end, values: vals})
	}
	for _, w := range wordSpans(text) {
		v, ok := numberWords[strings.ToLower(text[w[0]:w[1]])]
		if !ok {
			continue
		}
		unit, ue := unitAfter(text, w[1])
		end := w[1]
		if ue > end {
			end = ue
		}
		out = append(out, Fact{Kind: Number, Text: text[w[0]:end], Start: w[0], End: end, values: []string{fmtValue(v) + " " + unit}})
	}
	return out
}

// numberSpans returns the spans of the numbers numberRe finds in text. A
// grouping in thousands that a digit follows is none ("21 123 4567" or
// "+44 7700 900123", where the expression takes "21 123 456" and "+44
// 770"): each of its groups, to the end of the digits, is a number of its
// own; one point or comma alone makes it a decimal ("4.82992125404908").
func numberSpans(text string) [][2]int {
	var out [][2]int
	for _, m := range numberRe.FindAllStringSubmatchIndex(text, -1) {
		s, e := m[2], m[3]
		if e >= len(text) || !isDigit(text[e]) {
			out = append(out, [2]int{s, e})
			continue
		}
		for e < len(text) && isDigit(text[e]) {
			e++
		}
		if g := strings.FieldsFunc(text[s:e], func(r rune) bool { return r == '.' || r == ',' }); len(g) == 2 && !strings.ContainsAny(text[s:e], " \u00a0\u202f") {
			out = append(out, [2]int{s, e}) // "4.82992125404908": a decimal
			continue
		}
		for i := s; i < e; {
			_, j := utf8.DecodeRuneInString(text[i:]) // past a sign or the first digit
			j += i
			for j < e && isDigit(text[j]) {
				j++
			}
			out = append(out, [2]int{i, j})
			for i = j; i < e && !isDigit(text[i]); {
				_, n := utf8.DecodeRuneInString(text[i:])
				i += n
			}
		}
	}
	return out
}

// phoneRe matches digits in three groups or more, separated by spaces
// (no-break ones too), dots or hyphens, as telephone numbers are written:
// "0621 48 33 90", "+49 621 4833 90", "01.42.68.53.00", "655 31 02 84",
// "(415) 555-0132".
var phoneRe = regexp.MustCompile(`(?:^|[^\p{L}\p{N}_.,/+:-])(\+?\(?\d{1,5}\)?(?:[ .\x{00a0}\x{202f}-]\(?\d{1,6}\)?){2,7})`)

// findPhones returns the telephone numbers of text (phoneRe, phoneDigits)
// as numbers whose value is their digits, when no letter, digit or
// decimal part follows. Read whole, a phone number is one value: its
// groups are not numbers of their own.
func findPhones(text string) []Fact {
	var out []Fact
	for _, m := range phoneRe.FindAllStringSubmatchIndex(text, -1) {
		s, e := m[2], m[3]
		if !valueEnds(text, e) {
			continue
		}
		if digits, ok := phoneDigits(text[s:e]); ok {
			out = append(out, Fact{Kind: Number, Text: text[s:e], Start: s, End: e, values: []string{digits + " "}})
		}
	}
	return out
}

// valueEnds reports whether a run of digits ending at byte e of text
// ends there: no letter, digit or decimal part follows.
func valueEnds(text string, e int) bool {
	if e >= len(text) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(text[e:])
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !((r == '.' || r == ',') && e+1 < len(text) && isDigit(text[e+1]))
}

// phoneDigits returns the digits of lit, a match of phoneRe, and whether
// they are a telephone number's: 9 to 15 digits in three groups or more,
// separated by one kind of sign (phoneSeparators), not a number grouped in
// thousands ("1 234 567") and not one digit repeated (a hex dump's "00 00
// 00 00 00"). A number without "+", "0" or "(" in front opens with a group
// of two or three digits and goes on in groups of two to four ("655 31 02
// 84", "91 234 56 78", "347 123 4567"), not all of two digits ("36 38 40 42
// 44" lists sizes) and not with dots (an IP address). Two groups of five
// digits or more are postcodes or the like ("01067 01069 01097"), unless a
// country code opens them ("+91 98765 43210").
func phoneDigits(lit string) (string, bool) {
	groups := strings.FieldsFunc(lit, func(r rune) bool { return r < '0' || r > '9' })
	seps := strings.FieldsFunc(lit, func(r rune) bool { return r >= '0' && r <= '9' || r == '(' || r == ')' || r == '+' })
	digits := strings.Join(groups, "")
	if len(digits) < 9 || len(digits) > 15 || len(groups) < 3 || strings.Trim(digits, digits[:1]) == "" || !phoneSeparators(seps) {
		return "", false // "07.30 08.45 10.15": times, no number
	}
	thousands := lit[0] != '+' && groups[0][0] != '0' && len(groups[0]) <= 3
	fives := 0
	for i, g := range groups {
		thousands = thousands && (i == 0 || len(g) == 3)
		if len(g) >= 5 {
			fives++
		}
	}
	if thousands || fives > 1 && lit[0] != '+' {
		return "", false // "1 234 567" (findNumbers), postcodes
	}
	if c := lit[0]; c != '+' && c != '0' && c != '(' {
		ok := len(groups[0]) >= 2 && len(groups[0]) <= 3 && !slices.Contains(seps, ".") // "192.168.50.10" is an address
		pairs := len(groups[0]) == 2
		for _, g := range groups[1:] {
			ok = ok && len(g) >= 2 && len(g) <= 4
			pairs = pairs && len(g) == 2
		}
		if !ok || pairs {
			return "", false // "36 38 40 42 44": sizes
		}
	}
	return digits, true
}

// phoneSeparators reports whether seps, the signs between a telephone
// number's groups, are of one kind, but for one of another that sets off
// an area or country code or the last group ("010-123 45 67", "(415)
// 555-0132", "+55 11 98765-4321").
func phoneSeparators(seps []string) bool {
	count := map[string]int{}
	for _, x := range seps {
		count[x]++
	}
	switch len(count) {
	case 1:
		return true
	case 2:
		return slices.Contains(slices.Collect(maps.Values(count)), 1)
	}
	return false
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

func ordinalSuffix(s string) bool {
	for _, suf := range []string{"st", "nd", "rd", "th", "er", "e"} {
		if strings.HasPrefix(strings.ToLower(s), suf) {
			rest := s[len(suf):]
			r, _ := utf8.DecodeRuneInString(rest)
			return rest == "" || !unicode.IsLetter(r) && !unicode.IsDigit(r)
		}
	}
	return false
}

// unitAfter returns the unit that follows position i (after at most one
// space), normalised, and the end of its spelling; "" when there is none.
func unitAfter(text string, i int) (string, int) {
	j := i
	if j < len(text) && (text[j] == ' ' || strings.HasPrefix(text[j:], "\u00a0") || strings.HasPrefix(text[j:], "\u202f")) {
		_, size := utf8.DecodeRuneInString(text[j:])
		j += size
	}
	best, bestEnd := "", i
	for k := j + 1; k <= len(text) && k-j <= maxUnitLen; k++ {
		cand := strings.ToLower(text[j:k])
		u, ok := units[cand]
		if !ok {
			continue
		}
		// The unit must end at a word boundary: "4 gbps", not "4 g" of "4 grams";
		// Chinese and Japanese words have none ("4.3升机油").
		if last, _ := utf8.DecodeLastRuneInString(cand); k < len(text) && !unspaced(last) {
			r, _ := utf8.DecodeRuneInString(text[k:])
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				continue
			}
		}
		best, bestEnd = u, k
	}
	return best, bestEnd
}

// currencyCodes are the ISO 4217 codes a number may follow ("CHF 520").
var currencyCodes = []string{"chf", "usd", "eur", "gbp", "jpy", "sek", "nok", "dkk", "isk", "cad", "aud"}

// unitBefore returns a currency sign or code written before position i
// ("$5", "€ 20", "CHF 520") and where it starts.
func unitBefore(text string, i int) (string, int) {
	j := strings.TrimRight(text[:i], " \u00a0")
	for _, sign := range []string{"$", "€", "£", "¥"} {
		if strings.HasSuffix(j, sign) {
			return units[sign], len(j) - len(sign)
		}
	}
	for _, code := range currencyCodes {
		if len(j) >= 3 && strings.EqualFold(j[len(j)-3:], code) {
			if r, _ := utf8.DecodeLastRuneInString(j[:len(j)-3]); len(j) == 3 || !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				return units[code], len(j) - 3
			}
		}
	}
	return "", i
}

// numberValues reads a numeric literal: "1,000" is 1000, "0,02" is 0.02,
// "14 000" is 14000, "1.000" is 1 or 1000 (both readings are returned).
func numberValues(lit string) []float64 {
	lit = strings.NewReplacer("−", "-", "\u00a0", " ", "\u202f", " ").Replace(lit)
	neg := strings.HasPrefix(lit, "-")
	lit = strings.TrimLeft(lit, "+-")
	var readings []string
	switch {
	case strings.Contains(lit, " "):
		readings = []string{strings.ReplaceAll(lit, " ", "")}
	case strings.Contains(lit, ",") && strings.Contains(lit, "."):
		if strings.LastIndex(lit, ",") > strings.LastIndex(lit, ".") { // 1.000,5
			readings = []string{strings.ReplaceAll(strings.ReplaceAll(lit, ".", ""), ",", ".")}
		} else { // 1,000.5
			readings = []string{strings.ReplaceAll(lit, ",", "")}
		}
	case strings.Contains(lit, ","):
		if thousands(lit, ',') {
			readings = []string{strings.ReplaceAll(lit, ",", ""), strings.Replace(lit, ",", ".", 1)}
		} else {
			readings = []string{strings.Replace(lit, ",", ".", 1)}
		}
	case strings.Contains(lit, "."):
		readings = []string{lit}
		if thousands(lit, '.') {
			readings = append(readings, strings.ReplaceAll(lit, ".", ""))
		}
	default:
		readings = []string{lit}
	}
	var out []float64
	for _, r := range readings {
		v, err := strconv.ParseFloat(r, 64)
		if err != nil {
			continue
		}
		if neg {
			v = -v
		}
		out = append(out, v)
	}
	return out
}

// thousands reports whether lit's sep characters all separate groups of
// exactly three digits after a first group of one to three.
func thousands(lit string, sep byte) bool {
	parts := strings.Split(lit, string(sep))
	if len(parts) < 2 || len(parts[0]) == 0 || len(parts[0]) > 3 {
		return false
	}
	for _, p := range parts[1:] {
		if len(p) != 3 {
			return false
		}
	}
	return true
}

func fmtValue(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'g', 12, 64)
}

// unspaced reports whether r is of a script written without spaces
// between words (Han, Hiragana, Katakana).
func unspaced(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana)
}
