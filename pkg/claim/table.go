package claim

import (
	"fmt"
	"strings"
	"unicode"
)

// A value in a table means what its row and its column say: "9.8 kg" in
// the row "tomatoes" under "2023" is not the 2024 harvest of tomatoes, and
// "3.1 kg" in the row "runner beans" is no harvest of courgettes. Small
// models read the wrong row or column of a table (the commonest wrong
// answer with a real number in it), and every lexical check passes such a
// sentence: its number and its words are all in the cited passage. So a
// fact that the cited passages state only in table cells must be stated in
// a cell whose row the sentence or the question names and, when the row
// holds other values of the same kind, whose column they name too (the
// cell's key, as in relational table question answering: Pasupat and
// Liang, "Compositional Semantic Parsing on Semi-Structured Tables", ACL
// 2015).

// table is a Markdown pipe table of evidence text (GitHub Flavored
// Markdown: a header row, a delimiter row of dashes, data rows), the form
// notes write and extract gives HTML, DOCX and ODT tables.
type table struct {
	header []string
	rows   [][]string // data rows, padded with "" to the header's width
}

// cellEvidence is one data cell of a table: where it is and what it states.
type cellEvidence struct {
	t        *table
	row, col int
	ev       *Evidence
}

// parseTables returns the pipe tables of text and text with their lines
// blanked (the prose, line count kept).
func parseTables(text string) ([]*table, string) {
	lines := strings.Split(text, "\n")
	var out []*table
	for i := 0; i+1 < len(lines); i++ {
		if !pipeRow(lines[i]) || !delimiterRow(lines[i+1]) {
			continue
		}
		t := &table{header: splitRow(lines[i])}
		lines[i], lines[i+1] = "", ""
		j := i + 2
		for ; j < len(lines) && pipeRow(lines[j]); j++ {
			cells := splitRow(lines[j])
			for len(cells) < len(t.header) {
				cells = append(cells, "")
			}
			t.rows = append(t.rows, cells)
			lines[j] = ""
		}
		out = append(out, t)
		i = j - 1
	}
	return out, strings.Join(lines, "\n")
}

func pipeRow(line string) bool {
	l := strings.TrimSpace(line)
	return strings.HasPrefix(l, "|") && strings.Count(l, "|") >= 2
}

func delimiterRow(line string) bool {
	if !pipeRow(line) {
		return false
	}
	for _, c := range splitRow(line) {
		c = strings.Trim(c, ": ")
		if c == "" || strings.Trim(c, "-") != "" {
			return false
		}
	}
	return true
}

// splitRow returns the cells of a pipe-table row, trimmed; "\|" is a pipe
// inside a cell.
func splitRow(line string) []string {
	l := strings.TrimSpace(line)
	l = strings.TrimPrefix(l, "|")
	if strings.HasSuffix(l, "|") && !strings.HasSuffix(l, `\|`) {
		l = l[:len(l)-1]
	}
	var cells []string
	var b strings.Builder
	for i := 0; i < len(l); i++ {
		switch {
		case l[i] == '\\' && i+1 < len(l) && l[i+1] == '|':
			b.WriteByte('|')
			i++
		case l[i] == '|':
			cells = append(cells, strings.TrimSpace(b.String()))
			b.Reset()
		default:
			b.WriteByte(l[i])
		}
	}
	return append(cells, strings.TrimSpace(b.String()))
}

// cells indexes the data cells of tables.
func cells(tables []*table) []cellEvidence {
	var out []cellEvidence
	for _, t := range tables {
		for r, row := range t.rows {
			for c, text := range row {
				if strings.TrimSpace(text) != "" {
					out = append(out, cellEvidence{t: t, row: r, col: c, ev: NewEvidence(text, nil)})
				}
			}
		}
	}
	return out
}

// wordy reports whether a cell says something in words besides its facts
// ("runner beans", "up to 3 people", "oil and filter"), as opposed to a
// value ("9.8 kg", "2023-03-02", "192.168.50.10").
func wordy(cell string) bool {
	letters := 0
	for _, r := range words(cell) {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= 2
}

// words returns cell with its facts blanked: what it says in words.
func words(cell string) string {
	b := []byte(cell)
	for _, f := range Facts(cell) {
		for i := f.Start; i < f.End && i < len(b); i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

// sameKind reports whether cell text states a fact of f's kind. For a
// number it must be comparable with f's value in its cell, whose unit is
// unit ("" when the cell gives the number bare, its unit in the header):
// a value with that unit or, when unit is "", a bare one or one with a
// unit that f has.
func sameKind(cell string, f Fact, unit string) bool {
	for _, g := range Facts(cell) {
		if g.Kind != f.Kind {
			continue
		}
		if f.Kind != Number {
			return true
		}
		gu := numberUnit(g)
		if unit != "" {
			if gu == unit {
				return true
			}
			continue
		}
		if gu == "" {
			return true
		}
		for _, fv := range f.values {
			if _, fu, _ := strings.Cut(fv, " "); fu == gu {
				return true
			}
		}
	}
	return false
}

// numberUnit is the normalised unit of number fact f ("" when bare).
func numberUnit(f Fact) string {
	if len(f.values) == 0 {
		return ""
	}
	_, u, _ := strings.Cut(f.values[0], " ")
	return u
}

// cellUnit is the unit of the first number of a cell ("" when bare or none).
func cellUnit(cell string) string {
	for _, g := range Facts(cell) {
		if g.Kind == Number {
			return numberUnit(g)
		}
	}
	return ""
}

// keyWords are the lower-cased word tokens of texts (no single letters).
func keyWords(texts ...string) []string {
	var out []string
	for _, text := range texts {
		for _, t := range tokens(text) {
			w := strings.ToLower(strings.Trim(text[t[0]:t[1]], "*_`'\"()[],;"))
			if utf8Len(w) >= 2 {
				out = append(out, w)
			}
		}
	}
	return out
}

func utf8Len(s string) int { return len([]rune(s)) }

// wordMatch reports whether key word k (a cell's) and term t (a lexeme of
// the sentence or the question) name the same thing: equal, or, for words
// of at least three letters, one inside the other ("tomatoes" and
// "tomato", "homeserver" and "server", "influenza" and "flu"); numbers
// only when equal.
func wordMatch(k, t string) bool {
	if k == t {
		return true
	}
	if isNumeric(k) || isNumeric(t) {
		return false
	}
	short, long := k, t
	if utf8Len(short) > utf8Len(long) {
		short, long = long, short
	}
	return utf8Len(short) >= 3 && strings.Contains(long, short)
}

func isNumeric(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) && r != '.' && r != ',' && r != '-' {
			return false
		}
	}
	return s != ""
}

// names reports whether some word of key matches some term of terms,
// other than those that a word of also matches (a word both keys share
// tells neither apart).
func names(key, terms, also []string) bool {
	for _, t := range terms {
		for _, k := range key {
			if !wordMatch(k, t) {
				continue
			}
			shared := false
			for _, a := range also {
				shared = shared || wordMatch(a, t)
			}
			if !shared {
				return true
			}
		}
	}
	return false
}

// keyNamed reports whether a cell's key (its row label or its column
// header) is named: by the sentence, or by the question when the sentence
// names none of the rival keys (another row's label, another column's
// header) instead.
func keyNamed(key []string, rivals [][]string, sentence, question []string) bool {
	if names(key, sentence, nil) {
		return true
	}
	if !names(key, question, nil) {
		return false
	}
	for _, r := range rivals {
		if names(r, sentence, key) {
			return false
		}
	}
	return true
}

// tableMismatch checks fact f of a sentence against the cited evidence e
// when e states it only in table data cells: some such cell must have its
// row named by the sentence or the question (keyNamed: the words of the
// row's other cells, or a fact of theirs that the sentence or the question
// states; a row with no other cell passes) and, when the row holds another
// value of f's kind, its column header named too. facts are the sentence's
// and the question's facts other than f. It returns "" when f passes (or
// is stated outside tables, or in no data cell), else what is wrong, in
// words.
func (e *Evidence) tableMismatch(f Fact, facts []Fact, sentence, question []string) string {
	if e.prose == nil || e.prose.Has(f) {
		return ""
	}
	first := ""
	for _, c := range e.cells {
		if !c.ev.Has(f) {
			continue
		}
		t := c.t
		// The cell's own reading of the value decides what its rivals are:
		// "2025" of a sentence is the year of the cell's date 2025-02-07,
		// whose rivals are other dates, not the mileage beside it.
		g := c.ev.matching(f)
		unit := numberUnit(g)
		if g.Kind == Number && f.Kind == Number { // a bare cell: the sentence's unit counts too
			g.values = append(append([]string{}, g.values...), f.values...)
		}
		label, rivalCols := rowKey(t.rows[c.row], c.col, g, unit)
		var rivalRows [][]string
		for r, other := range t.rows {
			if r != c.row {
				l, _ := rowKey(other, c.col, g, unit)
				rivalRows = append(rivalRows, keyWords(l...))
			}
		}
		var rivalHeaders [][]string
		var rivalNames []string
		for _, k := range rivalCols {
			if k < len(t.header) {
				rivalHeaders = append(rivalHeaders, keyWords(t.header[k]))
				rivalNames = append(rivalNames, t.header[k])
			}
		}
		header := ""
		if c.col < len(t.header) {
			header = t.header[c.col]
		}
		rowOK := len(label) == 0 || keyNamed(keyWords(label...), rivalRows, sentence, question) || statesAny(label, facts)
		// The column is named by its header or by the cell's own words
		// ("scans land in `/srv/paperless/consume`").
		colKey := keyWords(header, words(t.rows[c.row][c.col]))
		colOK := len(rivalCols) == 0 || keyNamed(colKey, rivalHeaders, sentence, question) || statesAny([]string{header}, facts)
		if rowOK && colOK {
			return ""
		}
		if first == "" {
			switch {
			case !rowOK && len(rivalCols) > 0:
				first = fmt.Sprintf("%q is in the table row %q under %q, which neither the sentence nor the question names", f.Text, strings.Join(label, " | "), header)
			case !rowOK:
				first = fmt.Sprintf("%q is in the table row %q, which neither the sentence nor the question names", f.Text, strings.Join(label, " | "))
			default:
				first = fmt.Sprintf("%q is in the table column %q (not %s), which neither the sentence nor the question names", f.Text, header, strings.Join(rivalNames, ", "))
			}
		}
	}
	return first
}

// rowKey splits the cells of row other than column col into the row's
// label (what the row is about: words, names, codes, or values of another
// kind than f) and the columns holding another value of f's kind (for
// which the column header tells the values apart; sameKind with unit, the
// unit of f's cell).
func rowKey(row []string, col int, f Fact, unit string) (label []string, rivalCols []int) {
	for k, cell := range row {
		switch {
		case k == col || strings.TrimSpace(cell) == "":
		case sameKind(cell, f, unit) && !wordy(cell):
			rivalCols = append(rivalCols, k)
		default:
			label = append(label, cell)
		}
	}
	return label, rivalCols
}

// statesAny reports whether one of texts states one of facts.
func statesAny(texts []string, facts []Fact) bool {
	for _, t := range texts {
		ev := NewEvidence(t, nil)
		for _, g := range facts {
			if ev.Has(g) {
				return true
			}
		}
	}
	return false
}

// tableMismatches runs tableMismatch for every fact of s that the question
// does not give itself ("in 2024" of "how much did I harvest in 2024?"),
// with the sentence's and the question's terms; "" when all pass.
func tableMismatches(q Question, s Sentence) string {
	if s.Evidence == nil || len(s.Evidence.cells) == 0 {
		return ""
	}
	sentence := make([]string, 0, len(s.Terms))
	for _, t := range s.Terms {
		sentence = append(sentence, t.Lexeme)
	}
	question := make([]string, 0, len(q.Terms))
	for _, t := range q.Terms {
		question = append(question, t.Lexeme)
	}
	given := NewEvidence(q.Text, nil)
	sfacts, qfacts := Facts(s.Text), Facts(q.Text)
	var bad []string
	for i, f := range sfacts {
		if given.Has(f) {
			continue
		}
		others := append(append([]Fact{}, sfacts[:i]...), sfacts[i+1:]...)
		if d := s.Evidence.tableMismatch(f, append(others, qfacts...), sentence, question); d != "" {
			bad = append(bad, d)
		}
	}
	return strings.Join(bad, "; ")
}

// matching returns the fact of the evidence that states f (Has): the
// cell's own reading of the value, with its kind and unit; f itself when
// none is found.
func (e *Evidence) matching(f Fact) Fact {
	for _, g := range Facts(e.text) {
		if NewEvidence(g.Text, nil).Has(f) {
			return g
		}
	}
	return f
}
