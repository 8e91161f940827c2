// Package claim checks, deterministically, whether an answer sentence is
// supported by the passages it cites. It is what keeps a small model
// honest: a sentence whose numbers, dates, codes, URLs, paths or e-mail
// addresses do not occur in its cited passages, or that is about something
// its passages never mention, is not shown to the user.
//
// The checks are lexical and exact by design. Facts are compared after
// normalisation (4GB = 4 GB, 1,000 = 1000, 3 March = March 3 = 2025-03-03),
// never by similarity: a code that differs by one digit is another code.
// Word-level support follows K-Precision (Adlakha et al., "Evaluating
// Correctness and Faithfulness of Instruction-Following Models for Question
// Answering", TACL 2024): the share of a sentence's content terms that occur
// in its evidence, which correlates with human faithfulness judgements.
package claim

import (
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hrag-dev/hrag/pkg/text"
)

// Kind is the kind of a checkable fact.
type Kind string

// Fact kinds. Every fact of an answer sentence must occur in its evidence.
const (
	Number Kind = "number" // a quantity: 4GB, 1,000, 0.02, 72 %, 14,000 yen, eleven
	Date   Kind = "date"   // 3 March 2025, March 3, 2025-03-03, 03/03/2025
	Code   Kind = "code"   // identifiers, versions, addresses: E_BKP_0042, 0.8.0, 192.168.50.10, WPA3, pg_basebackup, `mount /mnt/nas`
	URL    Kind = "url"    // http(s)://...
	Path   Kind = "path"   // /mnt/nas, ~/notes, ./run.sh
	Email  Kind = "email"  // it-helpdesk@examp1e.net
)

// Fact is one checkable fact found in a text: its kind and the text as
// written (Text), at byte offsets [Start, End).
type Fact struct {
	Kind       Kind   `json:"kind"`
	Text       string `json:"text"`
	Start, End int    `json:"-"`
	// values are the normalised forms that must match the evidence (one
	// or more readings: "1.000" is 1 or 1000).
	values []string
}

var (
	urlRe   = regexp.MustCompile(`(?i)\bhttps?://[^\s<>()\[\]{}"'` + "`" + `]+`)
	emailRe = regexp.MustCompile(`(?i)\b[a-z0-9][a-z0-9._%+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)+`)
	// A path starts at a boundary with /, ~/, ./ or ../ and has at least
	// one character after its first slash.
	pathRe     = regexp.MustCompile(`(?:^|[\s(\["'` + "`" + `=:])((?:~|\.{1,2})?/[\p{L}\p{N}._\-]+(?:/[\p{L}\p{N}._\-]+)*/?)`)
	backtickRe = regexp.MustCompile("`([^`\n]+)`")
	isoDateRe  = regexp.MustCompile(`\b(\d{4})-(\d{1,2})-(\d{1,2})\b`)
	numDateRe  = regexp.MustCompile(`\b(\d{1,2})([./])(\d{1,2})([./])(\d{4}|\d{2})\b`)
	// The month names are filled in by init (English, French, German,
	// Spanish, with common abbreviations).
	dayMonthRe  *regexp.Regexp // 3 March [2025], 3. März 2025, 3 de marzo de 2025
	monthDayRe  *regexp.Regexp // March 3[, 2025]
	monthYearRe *regexp.Regexp // March 2025
	// A number: digits with optional thousands groups (1,000 / 14 000 /
	// 1.000) and decimals, or a leading decimal point.
	numberRe = regexp.MustCompile(`(?:^|[^\p{L}\p{N}_.,/-])([-+−]?(?:\d{1,3}(?:[,\x{00a0}\x{202f} ]\d{3})+|\d+)(?:[.,]\d+)?)`)
)

var months = map[string]int{}

func init() {
	names := [][]string{
		{"january", "jan", "janvier", "janv", "januar", "jän", "enero", "ene"},
		{"february", "feb", "février", "fevrier", "févr", "februar", "febrero"},
		{"march", "mar", "mars", "märz", "marz", "marzo"},
		{"april", "apr", "avril", "avr", "abril", "abr"},
		{"may", "mai", "mayo"},
		{"june", "jun", "juin", "juni", "junio"},
		{"july", "jul", "juillet", "juil", "juli", "julio"},
		{"august", "aug", "août", "aout", "agosto", "ago"},
		{"september", "sep", "sept", "septembre", "septiembre"},
		{"october", "oct", "octobre", "oktober", "okt", "octubre"},
		{"november", "nov", "novembre", "noviembre"},
		{"december", "dec", "décembre", "decembre", "déc", "dezember", "dez", "diciembre", "dic"},
	}
	var alts []string
	for i, ns := range names {
		for _, n := range ns {
			months[n] = i + 1
			alts = append(alts, regexp.QuoteMeta(n))
		}
	}
	// Longest first, so that "march" wins over "mar".
	sort.Slice(alts, func(a, b int) bool { return len(alts[a]) > len(alts[b]) })
	m := `(` + strings.Join(alts, "|") + `)\.?`
	dayMonthRe = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th|er|\.)?\s+(?:of\s+|de\s+)?` + m + `(?:,?\s+(?:de\s+)?(\d{4}))?\b`)
	monthDayRe = regexp.MustCompile(`(?i)\b` + m + `\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4}))?`)
	monthYearRe = regexp.MustCompile(`(?i)\b` + m + `,?\s+(\d{4})\b`)
}

// numberWords are spelled-out numbers that count as numbers ("one" and "a"
// are left out: they are pronouns and articles far more often).
var numberWords = map[string]float64{
	"zero": 0, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
	"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
	"seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
	"sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "thousand": 1000,
	"dozen": 12, "twice": 2, "half": 0.5,
	// French, German and Spanish 2-12, 20, 100, 1000.
	"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12,
	"vingt": 20, "cent": 100, "mille": 1000, "demie": 0.5,
	"zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "elf": 11,
	"zwölf": 12, "zwanzig": 20, "hundert": 100, "tausend": 1000,
	"dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10,
	"doce": 12, "veinte": 20, "cien": 100, "mil": 1000,
}

// units maps the spellings of a unit to one name. A number directly
// followed by one (with or without a space) carries it.
var units = map[string]string{
	"%": "%", "percent": "%", "per cent": "%", "pct": "%", "prozent": "%", "pour cent": "%", "por ciento": "%",
	"b": "b", "byte": "b", "bytes": "b", "kb": "kb", "kib": "kb", "mb": "mb", "mib": "mb", "gb": "gb", "gib": "gb",
	"tb": "tb", "tib": "tb", "k": "k", "m": "m", "g": "g", "t": "tb",
	"bit/s": "bit/s", "kbit/s": "kbit/s", "mbit/s": "mbit/s", "gbit/s": "gbit/s", "mbps": "mbit/s", "gbps": "gbit/s",
	"kbps": "kbit/s", "mb/s": "mb/s", "gb/s": "gb/s",
	"hz": "hz", "khz": "khz", "mhz": "mhz", "ghz": "ghz",
	"ms": "ms", "s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s",
	"min": "min", "mins": "min", "minute": "min", "minutes": "min", "minuten": "min",
	"h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h", "heure": "h", "heures": "h", "stunde": "h", "stunden": "h", "hora": "h", "horas": "h",
	"day": "d", "days": "d", "jour": "d", "jours": "d", "tag": "d", "tage": "d", "día": "d", "días": "d",
	"week": "wk", "weeks": "wk", "month": "mo", "months": "mo", "year": "yr", "years": "yr",
	"km": "km", "cm": "cm", "mm": "mm", "kg": "kg", "mg": "mg", "l": "l", "ml": "ml", "cl": "cl",
	"°c": "°c", "°": "°", "°f": "°f", "c": "°c", "f": "°f",
	"yen": "jpy", "¥": "jpy", "jpy": "jpy", "€": "eur", "eur": "eur", "euro": "eur", "euros": "eur",
	"$": "usd", "usd": "usd", "dollar": "usd", "dollars": "usd", "£": "gbp", "gbp": "gbp",
	"chf": "chf", "isk": "isk", "sek": "sek", "nok": "nok", "dkk": "dkk", "kr": "kr", "cad": "cad", "aud": "aud",
	"w": "w", "kw": "kw", "kwh": "kwh", "v": "v", "mah": "mah", "rpm": "rpm", "nm": "nm",
	"bar": "bar", "psi": "psi", "inch": "in", "inches": "in", "ft": "ft", "foot": "ft", "feet": "ft",
	"lb": "lb", "lbs": "lb", "oz": "oz", "ounce": "oz", "ounces": "oz", "gram": "g", "grams": "g",
	"kilo": "kg", "kilos": "kg", "kilogram": "kg", "kilograms": "kg", "litre": "l", "litres": "l",
	"liter": "l", "liters": "l", "mph": "mph", "km/h": "km/h", "kcal": "kcal", "calorie": "kcal", "calories": "kcal",
}

// maxUnitLen is the longest unit spelling (bytes), bounding the look-ahead.
const maxUnitLen = 10

// Facts returns the checkable facts of text in order of position: URLs,
// e-mail addresses, paths, code in backticks, dates, numbers (with units,
// and spelled out) and code-like tokens. Overlapping candidates keep the
// first found in that order (a date's digits are not also numbers).
func Facts(text string) []Fact {
	var out []Fact
	taken := make([]bool, len(text))
	free := func(s, e int) bool {
		for i := s; i < e; i++ {
			if taken[i] {
				return false
			}
		}
		return true
	}
	add := func(f Fact) {
		if f.Start >= f.End || !free(f.Start, f.End) {
			return
		}
		for i := f.Start; i < f.End; i++ {
			taken[i] = true
		}
		out = append(out, f)
	}
	for _, m := range urlRe.FindAllStringIndex(text, -1) {
		s, e := m[0], trimEnd(text, m[0], m[1])
		add(Fact{Kind: URL, Text: text[s:e], Start: s, End: e, values: []string{normURL(text[s:e])}})
	}
	for _, m := range emailRe.FindAllStringIndex(text, -1) {
		s, e := m[0], trimEnd(text, m[0], m[1])
		add(Fact{Kind: Email, Text: text[s:e], Start: s, End: e, values: []string{strings.ToLower(text[s:e])}})
	}
	for _, m := range backtickRe.FindAllStringSubmatchIndex(text, -1) {
		code := strings.TrimSpace(text[m[2]:m[3]])
		if code == "" {
			continue
		}
		add(Fact{Kind: Code, Text: code, Start: m[0], End: m[1], values: []string{"`" + normSpace(code)}})
	}
	for _, m := range pathRe.FindAllStringSubmatchIndex(text, -1) {
		s, e := m[2], trimEnd(text, m[2], m[3])
		if p := text[s:e]; strings.Count(p, "/") == 1 && strings.HasSuffix(p, "/") || len(p) < 3 {
			continue
		}
		add(Fact{Kind: Path, Text: text[s:e], Start: s, End: e, values: []string{strings.TrimSuffix(text[s:e], "/")}})
	}
	for _, d := range findDates(text) {
		add(d)
	}
	for _, n := range findNumbers(text) {
		add(n)
	}
	for _, c := range findCodes(text) {
		add(c)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Start < out[b].Start })
	return out
}

// trimEnd drops trailing punctuation that ends a sentence or a clause.
func trimEnd(text string, s, e int) int {
	for e > s && strings.ContainsRune(".,;:!?)]}'\"", rune(text[e-1])) {
		e--
	}
	return e
}

func normURL(u string) string {
	u = strings.TrimSuffix(u, "/")
	if i := strings.Index(u, "://"); i >= 0 {
		rest := u[i+3:]
		host, path := rest, ""
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			host, path = rest[:j], rest[j:]
		}
		u = strings.ToLower(u[:i]) + "://" + strings.ToLower(host) + path
	}
	return u
}

func normSpace(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

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
	for _, m := range numberRe.FindAllStringSubmatchIndex(text, -1) {
		s, e := m[2], m[3]
		lit := text[s:e]
		// A number glued to letters on its left is part of a code (WPA3),
		// one after a colon part of a ratio or time (1:5:5, 7:30).
		if s > 0 {
			if r, _ := utf8.DecodeLastRuneInString(text[:s]); unicode.IsLetter(r) || r == '_' || r == ':' {
				continue
			}
		}
		// Followed by letters/digits that are not a unit: a code (5G-ready, 3rd).
		unit, ue := unitAfter(text, e)
		if unit == "" && e < len(text) {
			if r, _ := utf8.DecodeRuneInString(text[e:]); unicode.IsLetter(r) || r == '_' {
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
		// The unit must end at a word boundary: "4 gbps", not "4 g" of "4 grams".
		if k < len(text) {
			r, _ := utf8.DecodeRuneInString(text[k:])
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				continue
			}
		}
		best, bestEnd = u, k
	}
	return best, bestEnd
}

// unitBefore returns a currency sign written before position i ("$5",
// "€ 20") and where it starts.
func unitBefore(text string, i int) (string, int) {
	j := strings.TrimRight(text[:i], " ")
	for _, sign := range []string{"$", "€", "£", "¥"} {
		if strings.HasSuffix(j, sign) {
			return units[sign], len(j) - len(sign)
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

// wordSpans returns the byte spans of the letter runs of text.
func wordSpans(text string) [][2]int {
	var out [][2]int
	start := -1
	for i, r := range text {
		if unicode.IsLetter(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, [2]int{start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(text)})
	}
	return out
}

// tokenSep splits text into tokens: white space and punctuation that never
// belongs inside an identifier, address or version.
func tokenSep(r rune) bool {
	if unicode.IsSpace(r) {
		return true
	}
	switch r {
	case ',', ';', '(', ')', '[', ']', '{', '}', '<', '>', '"', '\'', '`', '|', '=', '!', '?', '*', '“', '”', '‘', '’', '«', '»':
		return true
	}
	return false
}

// tokens returns the tokens of text with their byte spans, trailing sentence
// punctuation (".", ":") removed.
func tokens(text string) [][2]int {
	var out [][2]int
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		for end > start && strings.ContainsRune(".:", rune(text[end-1])) {
			end--
		}
		if end > start {
			out = append(out, [2]int{start, end})
		}
		start = -1
	}
	for i, r := range text {
		if tokenSep(r) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
		}
	}
	flush(len(text))
	return out
}

// codeLike reports whether a token is an identifier, code, version or
// address rather than a word: it mixes letters and digits (WPA3, sha256),
// holds an underscore (pg_basebackup), joins alphanumerics with dots and
// holds a digit or a file extension (0.8.0, 192.168.50.10, examp1e.net,
// postgresql.conf), joins digits with ':' or '/' (1:5:5, 7:30, 3/4), has
// a capital after a lower-case letter (pgVector), or is a command-line
// option (--jinja).
func codeLike(tok string) bool {
	if utf8.RuneCountInString(tok) < 2 {
		return false
	}
	if strings.HasPrefix(tok, "--") && len(tok) > 2 || strings.HasPrefix(tok, "-") && len(tok) > 1 && unicode.IsLetter(rune(tok[1])) && !strings.ContainsRune(tok[1:], '-') && len(tok) <= 3 {
		return true
	}
	var letters, digits, under, dots, seps, innerCap int
	prevLower := false
	for _, r := range tok {
		switch {
		case unicode.IsDigit(r):
			digits++
		case unicode.IsLetter(r):
			letters++
			if unicode.IsUpper(r) && prevLower {
				innerCap++
			}
		case r == '_':
			under++
		case r == '.':
			dots++
		case r == ':' || r == '/':
			seps++
		}
		prevLower = unicode.IsLower(r)
	}
	switch {
	case under > 0 && letters+digits > 0:
		return true
	case letters > 0 && digits > 0:
		return true
	case dots > 0 && digits > 1, seps > 0 && digits > 0:
		return true
	case dots > 0 && letters > 0 && fileLike(tok):
		return true
	case innerCap > 0:
		return true
	}
	return false
}

// fileLike reports whether a dotted token looks like a file name or host
// (name.ext, example.org): every part non-empty, the last one 1-5 letters.
func fileLike(tok string) bool {
	if text.IsAbbreviation(strings.TrimSuffix(tok, ".")) { // "e.g.", "a.m.": dotted words, not files

		return false
	}
	parts := strings.Split(tok, ".")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if p == "" {
			return false
		}
	}
	ext := parts[len(parts)-1]
	if len(ext) > 5 {
		return false
	}
	for _, r := range ext {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return utf8.RuneCountInString(parts[0]) > 1
}

// findCodes returns the code-like tokens of text (see codeLike).
func findCodes(text string) []Fact {
	var out []Fact
	for _, t := range tokens(text) {
		tok := text[t[0]:t[1]]
		// "4GB" and "20Mbit/s" are numbers with units, handled before.
		if !codeLike(tok) {
			continue
		}
		out = append(out, Fact{Kind: Code, Text: tok, Start: t[0], End: t[1], values: []string{normCode(tok)}})
	}
	return out
}

// normCode lower-cases a code and drops a leading "v" of a version (v1.2).
func normCode(tok string) string {
	t := strings.ToLower(tok)
	if len(t) > 1 && t[0] == 'v' && isDigit(t[1]) {
		t = t[1:]
	}
	return t
}

// acronyms returns the all-capital words of text of two or more letters
// (ZFS, NAS, UPS; a possessive "'s" dropped) that do not name a kind of
// value (IP, URL: typeWords) and are no everyday abbreviation (OK, AM, PM:
// notNames): the question's names of things, which an answer's passages
// must name too. Tokens with digits are codes (findCodes). A question
// without a lower-case letter has none.
func acronyms(text string) []string {
	// A question written all in capitals shouts; its words are no names.
	lower := false
	for _, r := range text {
		lower = lower || unicode.IsLower(r)
	}
	if !lower {
		return nil
	}
	var out []string
	for _, t := range tokens(text) {
		word := strings.TrimRight(text[t[0]:t[1]], ",;!?)]}\"'")
		for _, s := range []string{"'s", "’s"} {
			word = strings.TrimSuffix(word, s)
		}
		n := 0
		for _, r := range word {
			if !unicode.IsUpper(r) {
				n = -1
				break
			}
			n++
		}
		if n >= 2 && !typeWords[strings.ToLower(word)] && !notNames[word] {
			out = append(out, word)
		}
	}
	return out
}

// notNames are all-capital words that name nothing a passage must hold.
var notNames = map[string]bool{"OK": true, "AM": true, "PM": true, "FAQ": true, "ASAP": true, "FYI": true, "AKA": true, "ETA": true}
