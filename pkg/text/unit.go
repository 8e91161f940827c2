package text

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Unit returns the smallest units of passage that hold the byte range
// [start, end), as the text a reader would read them in:
//   - a table row: the table's header row and delimiter row, then every
//     row the range touches (a pipe table that reads on its own);
//   - a list item, with the lines that continue it, or another line that
//     is not prose (a heading, a key = value line): those lines;
//   - prose: the sentences the range touches, from the start of the first
//     to the end of the last, within its paragraph.
//
// A range that spans several of these returns the lines it touches, with
// the header rows of a table among them.
func Unit(passage string, start, end int) string {
	start, end = max(0, min(start, len(passage))), max(0, min(end, len(passage)))
	if start > end {
		start, end = end, start
	}
	if end > start && passage[end-1] == '\n' {
		end-- // a range ending with its line break ends on that line
	}
	ls := lineStart(passage, start)
	le := lineEnd(passage, end)
	lines := strings.Split(passage[ls:le], "\n")
	if table := allTableRows(lines); table {
		header := tableHeader(passage, ls)
		return strings.TrimSpace(strings.Join(append(header, lines...), "\n"))
	}
	ps, pe := paragraph(passage, ls, le)
	if item := strings.TrimSpace(passage[ps:pe]); !isProseLine(firstLine(item)) {
		return item // a list item with its continuation lines, a heading, key = value
	}
	for _, l := range lines {
		if !isProseLine(l) && strings.TrimSpace(l) != "" {
			return strings.TrimSpace(passage[ls:le]) // prose and other lines: the lines
		}
	}
	para := passage[ps:pe]
	ends := SentenceEnds(para)
	s, e := 0, len(para)
	for _, k := range ends {
		if k <= start-ps && k > s {
			s = k
		}
		if k >= end-ps && k < e {
			e = k
		}
	}
	return strings.TrimSpace(para[s:e])
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func lineStart(s string, i int) int {
	return strings.LastIndexByte(s[:i], '\n') + 1
}

func lineEnd(s string, i int) int {
	if k := strings.IndexByte(s[i:], '\n'); k >= 0 {
		return i + k
	}
	return len(s)
}

// paragraph widens the lines [ls, le) to their block: up to a blank
// line, a heading, a table row or the start of a list item, which is
// included (the item the lines continue); downwards up to a blank line or
// a line that starts something else (a list item, heading, table row).
func paragraph(s string, ls, le int) (int, int) {
	if isProseLine(s[ls:min(le, lineEnd(s, ls))]) {
		for ls > 0 {
			ps := strings.LastIndexByte(s[:ls-1], '\n') + 1
			l := s[ps : ls-1]
			if strings.TrimSpace(l) == "" || IsTableRow(l) || strings.HasPrefix(strings.TrimSpace(l), "#") {
				break
			}
			ls = ps
			if !isProseLine(l) {
				break // the list item (or key = value line) these lines continue
			}
		}
	}
	for le < len(s) {
		ne := len(s)
		if k := strings.IndexByte(s[le+1:], '\n'); k >= 0 {
			ne = le + 1 + k
		}
		if l := s[le+1 : ne]; strings.TrimSpace(l) == "" || !isProseLine(l) {
			break
		}
		le = ne
	}
	return ls, le
}

// IsTableRow reports whether line is a row of a Markdown pipe table.
func IsTableRow(line string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, "|") && strings.Count(t, "|") >= 2
}

// IsDelimiterRow reports whether line is a pipe table's delimiter row
// (| --- | :-: |).
func IsDelimiterRow(line string) bool {
	t := strings.Trim(strings.TrimSpace(line), "|")
	if !strings.Contains(t, "-") {
		return false
	}
	return strings.Trim(t, "-:| \t") == ""
}

func allTableRows(lines []string) bool {
	for _, l := range lines {
		if !IsTableRow(l) {
			return false
		}
	}
	return true
}

// TableHeader returns the byte range [start, end) of the header and
// delimiter rows of the pipe table whose body row starts at byte ls of s
// (the row's line start); ok is false when the line at ls is no body row
// of a table with a header (it is the header or delimiter row, or the rows
// above it do not start with a header and a delimiter row).
func TableHeader(s string, ls int) (start, end int, ok bool) {
	var above []int // line starts of the table rows above ls, nearest first
	for i := ls; i > 0; {
		ps := lineStart(s, i-1)
		if !IsTableRow(s[ps : i-1]) {
			break
		}
		above = append(above, ps)
		i = ps
	}
	n := len(above)
	if n < 2 || !IsDelimiterRow(s[above[n-2]:lineEnd(s, above[n-2])]) {
		return 0, 0, false
	}
	return above[n-1], lineEnd(s, above[n-2]), true
}

// OpensTable returns the header and delimiter rows of s ("| a | b |\n|---|---|")
// when s starts with a pipe table's header: its first line a table row, its
// second a delimiter row; "" and false otherwise.
func OpensTable(s string) (string, bool) {
	first := lineEnd(s, 0)
	if first >= len(s) || !IsTableRow(s[:first]) {
		return "", false
	}
	second := lineEnd(s, first+1)
	if !IsDelimiterRow(s[first+1 : second]) {
		return "", false
	}
	return s[:second], true
}

// RepeatedTableHeader returns the header and delimiter rows that context
// (text set before a chunk, such as its embedding context) ends with for a
// chunk whose content continues a pipe table: content's first line is a
// table row that is not a header, and the last two non-blank lines of
// context are a header row and a delimiter row. "" and false otherwise (an
// overlap tail that holds a table of its own ends with that table's body
// rows, not with its delimiter row).
func RepeatedTableHeader(context, content string) (string, bool) {
	if !IsTableRow(content[:lineEnd(content, 0)]) {
		return "", false
	}
	if _, own := OpensTable(content); own {
		return "", false
	}
	var last []string // the last two non-blank lines, nearest first
	lines := strings.Split(context, "\n")
	for i := len(lines) - 1; i >= 0 && len(last) < 2; i-- {
		if t := strings.TrimSpace(lines[i]); t != "" {
			last = append(last, t)
		}
	}
	if len(last) == 2 && IsDelimiterRow(last[0]) && IsTableRow(last[0]) && IsTableRow(last[1]) && !IsDelimiterRow(last[1]) {
		return last[1] + "\n" + last[0], true
	}
	return "", false
}

// RepeatedCodeFence returns the opening fence line (as "```sh") that a
// chunk's context ends with when its content continues a fenced code block:
// what follows breadcrumb (the chunk's breadcrumb line, "" when it has none)
// in context is that one line, which opens a fence (OpensFence). The chunker
// sets such a context for every piece of a code block after the first and
// never leaves an overlap tail that is one fence line alone, so the form is
// unambiguous. "" and false otherwise.
func RepeatedCodeFence(context, breadcrumb string) (string, bool) {
	rest := context
	if breadcrumb != "" {
		var ok bool
		if rest, ok = strings.CutPrefix(context, breadcrumb+"\n"); !ok {
			return "", false
		}
	}
	line := strings.TrimRight(rest, "\n")
	if line == "" || strings.Contains(line, "\n") {
		return "", false
	}
	if _, ok := OpensFence(line); !ok {
		return "", false
	}
	return line, true
}

// ContinuedBlock returns the lines a chunk's content continues under,
// which a reader (and the prompt-injection rules) need before it: a pipe
// table's header and delimiter rows (RepeatedTableHeader) or a code
// block's opening fence (RepeatedCodeFence). "" and false when the content
// continues neither.
func ContinuedBlock(context, breadcrumb, content string) (string, bool) {
	if h, ok := RepeatedTableHeader(context, content); ok {
		return h, true
	}
	return RepeatedCodeFence(context, breadcrumb)
}

// tableHeader returns the header and delimiter rows of the table whose
// body row starts at ls (TableHeader), nil when there are none.
func tableHeader(s string, ls int) []string {
	start, end, ok := TableHeader(s, ls)
	if !ok {
		return nil
	}
	return strings.Split(s[start:end], "\n")
}

// softWrap reports whether the line break at byte i of s only wraps
// running text (Markdown's soft line break, CommonMark 0.31 §6.12): the
// line before it is not blank, a table row, a heading or a code fence, and
// the line after it continues the text (isProseLine). A list item's or a
// "key = value" line's continuation is such a line; the next item, row or
// heading is not, nor the next of two "label: value" lines (sameLabels),
// nor a line that gives a label a value after another (fields).
func softWrap(s string, i int) bool {
	before := strings.TrimSpace(s[lineStart(s, i):i])
	if _, _, fence := Fence(before); before == "" || IsTableRow(before) || strings.HasPrefix(before, "#") || fence {
		return false
	}
	if i+1 >= len(s) {
		return false
	}
	after := s[i+1 : lineEnd(s, i+1)]
	return isProseLine(after) && !sameLabels(before, after) && !fields(before, after)
}

// fields reports whether two lines each give a label a value (lineLabel)
// and the second's label opens with a capital: two fields of a note
// ("Digicode porte d'entrée : 4B271" over "Boîte aux lettres : pas de
// code"), not one sentence wrapped at a label-like colon ("Heads-up: the
// database is" over "not reachable: firewall rule missing").
func fields(a, b string) bool {
	lb := strings.TrimSpace(lineLabel(b))
	r, _ := utf8.DecodeRuneInString(lb)
	return lineLabel(a) != "" && unicode.IsUpper(r)
}

// sameLabels: two lines that each give a label a value (lineLabel), the
// labels alike but for their digits ("gpu0: 24 GB" and "gpu1: 12 GB",
// "vm1 snapshot: 3 May" and "vm2 snapshot: 9 May"): two fields of one
// list, not one wrapped sentence ("Heads-up: the database is" over "not
// reachable: firewall rule missing").
func sameLabels(a, b string) bool {
	la, lb := lineLabel(a), lineLabel(b)
	return la != "" && strings.EqualFold(withoutDigits(la), withoutDigits(lb))
}

func withoutDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return -1
		}
		return r
	}, s)
}

// lineLabel returns the label of a line that gives a short label a value
// ("gpu1: 12 GB", "node3.lan - 10.0.0.3", "eth1 on core switch → VLAN
// 20"): one to five words, then a separator (labelSeps), then text; or ""
// when the line is no such line.
func lineLabel(l string) string {
	t := strings.TrimSpace(l)
	for _, sep := range labelSeps {
		k := strings.Index(t, sep)
		if k <= 0 || strings.TrimSpace(t[k+len(sep):]) == "" || strings.ContainsAny(t[:k], ",;!?") {
			continue
		}
		if n := len(strings.Fields(t[:k])); n >= 1 && n <= 5 {
			return t[:k]
		}
	}
	return ""
}

// labelSeps are what sets a label off from its value on a line: "gpu1:
// 12 GB", "gpu1 - 12 GB", "eth1 → 10.0.0.9".
var labelSeps = []string{": ", " - ", " – ", " — ", " → ", " -> "}

// isProseLine: a line of running text, not a heading, list item, table
// row, quote mark, code fence or key = value line.
func isProseLine(l string) bool {
	t := strings.TrimSpace(l)
	if _, _, fence := Fence(t); t == "" || IsTableRow(t) || strings.HasPrefix(t, "#") || fence {
		return false
	}
	if strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "+ ") || orderedItem(t) {
		return false
	}
	if k := strings.IndexByte(t, '='); k > 0 && !strings.ContainsAny(strings.TrimSpace(t[:k]), " \t") {
		return false // key = value
	}
	return !strings.HasSuffix(t, ":")
}

func orderedItem(t string) bool {
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(t) && (t[i] == '.' || t[i] == ')') && t[i+1] == ' '
}

// Clause is a part of a sentence between clause breaks, with its byte
// range in the sentence.
type Clause struct {
	Text       string
	Start, End int
}

// Clauses cuts s at line breaks that end a line (not those of a
// paragraph or list item wrapped over several lines, softWrap), sentence
// ends, semicolons, spaced slashes, commas followed by a space, colons
// followed by a space after more than three words of their line and
// statement (a short "label: value" stays one clause, also after a
// semicolon; words before a comma count), around an aside (a bracket opened after a space, to its
// closing bracket, and a spaced em or en dash, asideDashes), and at the
// conjunctions that join two statements or a cause or concession to the
// first (and, but, whereas, while, because, although; und, aber, während,
// weil, obwohl; et, mais, tandis que, parce que, bien que; y, pero,
// mientras, porque, aunque). Each clause is trimmed; empty ones are left
// out.
func Clauses(s string) []Clause {
	var cuts [][2]int // [start, end) of each break
	ends := SentenceEnds(s)
	for _, k := range ends {
		cuts = append(cuts, [2]int{k, k})
	}
	var open []bool // brackets not yet closed: whether each opened an aside
	from := 0       // where the statement that holds byte i starts: after a sentence end or semicolon
	for i := 0; i < len(s); i++ {
		for len(ends) > 0 && ends[0] <= i {
			from, ends = max(from, ends[0]), ends[1:]
		}
		switch s[i] {
		case '(', '[':
			aside := i > 0 && s[i-1] == ' '
			if aside {
				cuts = append(cuts, [2]int{i, i + 1})
			}
			open = append(open, aside)
		case ')', ']':
			if n := len(open); n > 0 {
				if open[n-1] {
					cuts = append(cuts, [2]int{i, i + 1})
				}
				open = open[:n-1]
			}
		case '\n':
			if !softWrap(s, i) {
				cuts = append(cuts, [2]int{i, i + 1})
			}
		case ';':
			cuts = append(cuts, [2]int{i, i + 1})
			from = i + 1
		case '/': // a spaced slash between two items ("eth0 10.0.0.5 / eth1 10.0.0.9"), not a path or 1/2
			if i > 0 && i+1 < len(s) && s[i-1] == ' ' && s[i+1] == ' ' {
				cuts = append(cuts, [2]int{i, i + 1})
			}
		case ',': // not inside 1,000
			if i+1 < len(s) && s[i+1] == ' ' {
				cuts = append(cuts, [2]int{i, i + 1})
			}
		case ':': // not inside 7:30, nor after a short label ("Root login: not permitted"; "vm2 snapshot: 9 May" after a semicolon)
			label := max(from, lineStart(s, i))
			if i+1 < len(s) && s[i+1] == ' ' && len(strings.Fields(s[label:i])) > 3 {
				cuts = append(cuts, [2]int{i, i + 1})
			}
		}
	}
	low := lowerInPlace(s)
	for _, w := range clauseCuts {
		for i := 0; ; {
			k := strings.Index(low[i:], " "+w+" ")
			if k < 0 {
				break
			}
			cuts = append(cuts, [2]int{i + k, i + k + len(w) + 2})
			i += k + 1
		}
	}
	// sort cuts by start (few: insertion sort)
	for i := 1; i < len(cuts); i++ {
		for j := i; j > 0 && cuts[j][0] < cuts[j-1][0]; j-- {
			cuts[j], cuts[j-1] = cuts[j-1], cuts[j]
		}
	}
	var out []Clause
	pos := 0
	add := func(a, b int) {
		if a >= b {
			return
		}
		t := strings.TrimSpace(s[a:b])
		if strings.Trim(t, " .!?") == "" {
			return
		}
		lead := strings.Index(s[a:b], t)
		out = append(out, Clause{Text: t, Start: a + lead, End: a + lead + len(t)})
	}
	for _, c := range cuts {
		if c[0] < pos {
			continue
		}
		add(pos, c[0])
		pos = c[1]
	}
	add(pos, len(s))
	return out
}

// lowerInPlace returns s in lower case where that keeps each character's
// length in bytes, so that offsets in it are offsets in s (strings.ToLower
// changes the length of "İ" and of invalid bytes): "WÄHREND" is
// "während".
func lowerInPlace(s string) string {
	ascii := true
	for i := 0; i < len(s) && ascii; i++ {
		ascii = s[i] < utf8.RuneSelf
	}
	if ascii {
		return strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if l := unicode.ToLower(r); r != utf8.RuneError && utf8.RuneLen(l) == n {
			b.WriteRune(l)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

var clauseWords = []string{"and", "but", "whereas", "while", "because", "although", "und", "aber", "während", "weil", "obwohl",
	"et", "mais", "tandis que", "parce que", "bien que", "y", "pero", "mientras", "porque", "aunque"}

// asideDashes open or close an aside when spaced on both sides.
var asideDashes = []string{"—", "–"}

// clauseCuts are the words and dashes Clauses cuts around.
var clauseCuts = slices.Concat(clauseWords, asideDashes)

// UnitSpans returns the byte ranges of passage's smallest units, in
// order: each table row, list item line, heading or key = value line, and
// each sentence of a paragraph (SentenceEnds). Unit widens any of them to
// what a reader reads with it (a row's header, an item's continuation).
func UnitSpans(passage string) [][2]int {
	var out [][2]int
	for ls := 0; ls < len(passage); {
		le := lineEnd(passage, ls)
		line := passage[ls:le]
		if strings.TrimSpace(line) == "" {
			ls = le + 1
			continue
		}
		if !isProseLine(line) {
			out = append(out, [2]int{ls, le})
			ls = le + 1
			continue
		}
		_, pe := paragraph(passage, ls, le)
		if pe <= ls { // defensive: paragraph must move forward
			pe = le
		}
		para := passage[ls:pe]
		start := 0
		for _, k := range SentenceEnds(para) {
			if strings.TrimSpace(para[start:k]) != "" {
				out = append(out, [2]int{ls + start, ls + k})
			}
			start = k
		}
		if strings.TrimSpace(para[start:]) != "" {
			out = append(out, [2]int{ls + start, pe})
		}
		ls = pe + 1
	}
	return out
}

// PipeTableRows rewrites the rows of GitHub-flavoured pipe tables in lines
// (one block's lines) to the form with a leading and a trailing pipe
// ("a | b" → "| a | b |"), so that IsTableRow and everything that reads
// rows (chunking by rows, the repeated header, the quote locator, the
// claim checks) sees them. A table is a header line holding a pipe followed
// by a delimiter row with the same number of cells and a pipe (GFM spec,
// "Tables (extension)"), not inside a list item, a block quote or indented
// code; its body runs while lines hold a pipe. Other lines
// and tables already in that form are returned as they are; lines is not
// modified.
func PipeTableRows(lines []string) []string {
	var out []string
	for i := 0; i+1 < len(lines); i++ {
		h, d := lines[i], lines[i+1]
		if !strings.Contains(h, "|") || !strings.Contains(d, "|") || !IsDelimiterRow(d) || cells(h) != cells(d) || notTableStart.MatchString(h) {
			continue
		}
		j := i + 2
		for j < len(lines) && strings.Contains(lines[j], "|") && strings.TrimSpace(lines[j]) != "" {
			j++
		}
		for k := i; k < j; k++ {
			if r := pipedRow(lines[k]); r != lines[k] {
				if out == nil {
					out = append([]string(nil), lines...)
				}
				out[k] = r
			}
		}
		i = j - 1
	}
	if out == nil {
		return lines
	}
	return out
}

// notTableStart is a line that starts another block: a list item, a block
// quote, or indented code (four spaces or a tab), whose tables are left as
// they are.
var notTableStart = regexp.MustCompile(`^( {0,3}([-+*>]|\d{1,9}[.)])\s| {4}|\t)`)

// cells counts the cells of a table row: its unescaped pipes between
// cells, the outer ones not counted.
func cells(row string) int {
	t := strings.TrimSpace(row)
	t = strings.TrimPrefix(t, "|")
	if strings.HasSuffix(t, "|") && !strings.HasSuffix(t, `\|`) {
		t = t[:len(t)-1]
	}
	return strings.Count(t, "|") - strings.Count(t, `\|`) + 1
}

// pipedRow adds the leading and trailing pipe a row lacks, keeping its
// indentation out.
func pipedRow(row string) string {
	t := strings.TrimSpace(row)
	if !strings.HasPrefix(t, "|") {
		t = "| " + t
	}
	if !strings.HasSuffix(t, "|") || strings.HasSuffix(t, `\|`) {
		t += " |"
	}
	if t == strings.TrimSpace(row) {
		return row
	}
	return t
}
