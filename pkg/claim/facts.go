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
	"regexp"
	"sort"
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
	numDateRe  = regexp.MustCompile(`\b(\d{1,2})([./-])(\d{1,2})([./-])(\d{4}|\d{2})\b`)
	// numMonthYearRe is a month and a year in digits, as expiry dates and
	// inspections are written: "08/2025", "03.2026", "11-2024".
	numMonthYearRe = regexp.MustCompile(`\b(0?[1-9]|1[0-2])([./-])((?:19|20)\d\d)\b`)
	// The month names are filled in by init (English, French, German,
	// Spanish, Italian, Portuguese and Dutch, with common abbreviations).
	dayMonthRe  *regexp.Regexp // 3 March [2025], 3. März 2025, 3 de marzo de 2025
	monthDayRe  *regexp.Regexp // March 3[, 2025]
	monthYearRe *regexp.Regexp // March 2025
	// A number: digits with optional thousands groups (1,000 / 14 000 /
	// 1.000) and decimals, or a leading decimal point; after a Chinese or
	// Japanese character too, which has no space before a number.
	numberRe = regexp.MustCompile(`(?:^|[^\p{L}\p{N}_.,/-]|[\p{Han}\p{Hiragana}\p{Katakana}])([-+−]?(?:\d{1,3}(?:[.,\x{00a0}\x{202f} ]\d{3})+|\d+)(?:[.,]\d+)?)`)
)

var months = map[string]int{}

func init() {
	names := [][]string{
		{"january", "jan", "janvier", "janv", "januar", "jän", "enero", "ene", "gennaio", "janeiro", "januari", "gen"},
		{"february", "feb", "février", "fevrier", "févr", "februar", "febrero", "febbraio", "fevereiro", "februari", "fev"},
		{"march", "mar", "mars", "märz", "marz", "marzo", "março", "marco", "maart", "mrt"},
		{"april", "apr", "avril", "avr", "abril", "abr", "aprile"},
		{"may", "mai", "mayo", "maggio", "maio", "mei"},
		{"june", "jun", "juin", "juni", "junio", "giugno", "junho", "giu"},
		{"july", "jul", "juillet", "juil", "juli", "julio", "luglio", "julho"},
		{"august", "aug", "août", "aout", "agosto", "ago", "augustus"},
		{"september", "sep", "sept", "septembre", "septiembre", "settembre", "setembro"},
		{"october", "oct", "octobre", "oktober", "okt", "octubre", "ottobre", "outubro", "ott"},
		{"november", "nov", "novembre", "noviembre", "novembro"},
		{"december", "dec", "décembre", "decembre", "déc", "dezember", "dez", "diciembre", "dic", "dicembre", "dezembro"},
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

// numberWords are spelled-out numbers that count as numbers in any of the
// index's languages ("one" and "a", "un", "ein", "een" are left out: they
// are pronouns and articles far more often).
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
	// Italian, Portuguese and Dutch 2-12, 20, 100, 1000, but for words that
	// are also words of the other languages ("due", "sei", "tien": French
	// "le tien"), names ("Otto") or abbreviations ("dez." for December).
	"tre": 3, "quattro": 4, "cinque": 5, "sette": 7, "nove": 9, "dieci": 10, "undici": 11, "dodici": 12,
	"venti": 20, "cento": 100,
	"dois": 2, "duas": 2, "três": 3, "quatro": 4, "sete": 7, "oito": 8, "doze": 12, "vinte": 20, "cem": 100,
	"twee": 2, "drie": 3, "vijf": 5, "zes": 6, "zeven": 7, "negen": 9, "twaalf": 12, "twintig": 20,
	"honderd": 100, "duizend": 1000,
}

// units maps the spellings of a unit to one name. A number directly
// followed by one (with or without a space) carries it.
var units = map[string]string{
	"%": "%", "percent": "%", "per cent": "%", "pct": "%", "prozent": "%", "pour cent": "%", "por ciento": "%",
	"byte": "b", "bytes": "b", "kb": "kb", "kib": "kb", "mb": "mb", "mib": "mb", "gb": "gb", "gib": "gb",
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
	"$": "usd", "usd": "usd", "dollar": "usd", "dollars": "usd", "£": "gbp", "gbp": "gbp", "pound": "gbp", "pounds": "gbp", "sterling": "gbp", "pfund": "gbp", "libras": "gbp", "sterline": "gbp",
	"chf": "chf", "isk": "isk", "sek": "sek", "nok": "nok", "dkk": "dkk", "kr": "kr", "cad": "cad", "aud": "aud",
	"w": "w", "kw": "kw", "kwh": "kwh", "v": "v", "mah": "mah", "rpm": "rpm", "nm": "nm",
	"bar": "bar", "psi": "psi", "inch": "in", "inches": "in", "ft": "ft", "foot": "ft", "feet": "ft",
	"iu": "iu", "i.u.": "iu", "ie": "iu", "ui": "iu", // international units of a vitamin
	"zoll": "in", "pouce": "in", "pouces": "in", "pulgada": "in", "pulgadas": "in", "pollice": "in", "pollici": "in",
	"polegada": "in", "polegadas": "in", "duim": "in", "kpa": "kpa", "kmh": "km/h", "ºc": "°c", "ºf": "°f",
	"lb": "lb", "lbs": "lb", "oz": "oz", "ounce": "oz", "ounces": "oz", "gram": "g", "grams": "g",
	"kilo": "kg", "kilos": "kg", "kilogram": "kg", "kilograms": "kg", "litre": "l", "litres": "l",
	"liter": "l", "liters": "l", "mph": "mph", "km/h": "km/h", "kcal": "kcal", "calorie": "kcal", "calories": "kcal",
	"tbsp": "tbsp", "tbs": "tbsp", "tablespoon": "tbsp", "tablespoons": "tbsp", "tsp": "tsp", "teaspoon": "tsp", "teaspoons": "tsp",
	// Doses: micrograms and milligrams spelled out or abbreviated.
	"µg": "µg", "μg": "µg", "mcg": "µg", "microgram": "µg", "micrograms": "µg", "microgramme": "µg",
	"microgrammes": "µg", "mikrogramm": "µg", "milligram": "mg", "milligrams": "mg", "milligramme": "mg",
	"milligrammes": "mg", "milligramm": "mg", "millilitre": "ml", "millilitres": "ml", "milliliter": "ml",
	"milliliters": "ml",
	// Russian, Chinese and Japanese spellings.
	"евро": "eur", "руб": "rub", "рубль": "rub", "рубля": "rub", "рублей": "rub", "₽": "rub",
	"мин": "min", "минута": "min", "минуты": "min", "минут": "min", "ч": "h", "час": "h", "часа": "h", "часов": "h",
	"день": "d", "дня": "d", "дней": "d", "км": "km", "м": "m", "см": "cm", "мм": "mm", "кг": "kg",
	"л": "l", "литр": "l", "литра": "l", "литров": "l", "мл": "ml", "гб": "gb", "мб": "mb", "тб": "tb",
	"доллар": "usd", "доллара": "usd", "долларов": "usd", "块": "cny", "人民币": "cny",
	"欧元": "eur", "元": "cny", "円": "jpy", "日元": "jpy", "ユーロ": "eur", "升": "l", "公升": "l", "リットル": "l",
	"公斤": "kg", "公里": "km", "キロメートル": "km", "厘米": "cm", "センチ": "cm", "毫米": "mm", "克": "g", "グラム": "g",
	"分钟": "min", "分": "min", "小时": "h", "時間": "h", "天": "d", "日間": "d", "个月": "mo", "か月": "mo", "ヶ月": "mo",
}

// maxUnitLen is the longest unit spelling (bytes), bounding the look-ahead.
const maxUnitLen = 18

// Facts returns the checkable facts of text in order of position: URLs,
// e-mail addresses, paths, code in backticks, dates (with or without a
// year), times of day (codes read on the 24-hour clock: findTimes),
// codes dictated in digit words (findSpelledCodes), numbers (with units,
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
	for _, a := range findIPAddresses(text) {
		add(a)
	}
	for _, d := range findDates(text) {
		add(d)
	}
	for _, d := range findDayMonths(text) {
		add(d)
	}
	for _, t := range findTimes(text) {
		add(t)
	}
	lower := strings.ToLower(text)
	for _, t := range findClockWords(text, lower) {
		add(t)
	}
	for _, d := range findWeekdayDays(text, lower) { // after the times: "Tuesday 3 pm" is a time
		add(d)
	}
	for _, c := range findSpelledCodes(text) {
		add(c)
	}
	for _, c := range findCodes(text) { // digits in hyphenated groups before their first group is read as a number
		if hyphenDigitsRe.MatchString(c.Text) {
			add(c)
		}
	}
	for _, n := range findPhones(text) {
		add(n)
	}
	for _, n := range findGroupedIdentifiers(text) {
		add(n)
	}
	for _, n := range findNumberPhrases(text) {
		add(n)
	}
	for _, n := range findNumbers(text) {
		hourTime(&n)
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
	case ',', ';', '(', ')', '[', ']', '{', '}', '<', '>', '"', '\'', '`', '|', '=', '!', '?', '*', '“', '”', '‘', '’', '«', '»',
		'、', '。', '，', '；', '：', '？', '！', '（', '）', '「', '」', '『', '』', '【', '】':
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
	prevCJK := false
	for i, r := range text {
		if tokenSep(r) {
			flush(i)
			continue
		}
		// Chinese, Japanese and Korean write no spaces: a token ends
		// where their script meets another ("1kWh" in "電気料金は1kWhあたり").
		cjk := unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
		if start >= 0 && cjk != prevCJK {
			flush(i)
		}
		prevCJK = cjk
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
// a capital after a lower-case letter (pgVector), is digits in three or
// more hyphenated groups (a PIN 4-8-1-9, a sort code 20-41-77), or is a
// command-line option (--jinja).
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
	case letters == 0 && hyphenDigitsRe.MatchString(tok):
		return true
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
