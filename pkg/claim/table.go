package claim

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hrag-dev/hrag/pkg/text"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
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
// notes write and extract gives HTML, DOCX and ODT tables. Every cell is
// analysed once, when the evidence is built.
type table struct {
	header []cell
	rows   [][]cell // data rows, padded with empty cells to the header's width
}

// cell is one cell of a table, analysed.
type cell struct {
	text  string
	ev    *Evidence // its facts and tokens
	facts []Fact
	wordy bool     // it says something in words besides its facts
	words []string // its words (facts left out) as key words (keyWord)
	units []string // the units its text names ("cost (€)", "km")
}

// cellRef is a data cell of a table that may state a sentence's fact.
type cellRef struct {
	t        *table
	row, col int
}

func (c cellRef) cell() *cell { return &c.t.rows[c.row][c.col] }

// maxCellsChecked bounds the data cells examined for one fact: a value in
// more rows than that tells no row apart anyway.
const maxCellsChecked = 64

// parseTables returns the pipe tables of s and s with their lines
// blanked (the prose, line count kept).
func parseTables(s string) ([]*table, string) {
	lines := strings.Split(s, "\n")
	var out []*table
	for i := 0; i+1 < len(lines); i++ {
		if !text.IsTableRow(lines[i]) || !delimiterRow(lines[i+1]) {
			continue
		}
		t := &table{header: newCells(splitRow(lines[i]))}
		lines[i], lines[i+1] = "", ""
		j := i + 2
		for ; j < len(lines) && text.IsTableRow(lines[j]); j++ {
			texts := splitRow(lines[j])
			for len(texts) < len(t.header) {
				texts = append(texts, "")
			}
			t.rows = append(t.rows, newCells(texts))
			lines[j] = ""
		}
		out = append(out, t)
		i = j - 1
	}
	return out, strings.Join(lines, "\n")
}

func newCells(texts []string) []cell {
	out := make([]cell, len(texts))
	for i, text := range texts {
		c := cell{text: text}
		if strings.TrimSpace(text) != "" {
			c.ev, c.facts = NewEvidence(text, nil), Facts(text)
			w := words(text, c.facts)
			letters := 0
			for _, r := range w {
				if unicode.IsLetter(r) {
					letters++
				}
			}
			c.wordy, c.words, c.units = letters >= 2, keyWords(w), unitsNamed(text)
		}
		out[i] = c
	}
	return out
}

func delimiterRow(line string) bool {
	if !text.IsTableRow(line) {
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

// splitRow returns the cells of a pipe-table row, trimmed, with escaped
// pipes read as pipes (text.Cells).
func splitRow(line string) []string {
	cells := text.Cells(line)
	for i, c := range cells {
		cells[i] = text.UnescapeCell(c)
	}
	return cells
}

// cellRefs lists the data cells of tables.
func cellRefs(tables []*table) []cellRef {
	var out []cellRef
	for _, t := range tables {
		for r, row := range t.rows {
			for c := range row {
				if row[c].ev != nil {
					out = append(out, cellRef{t: t, row: r, col: c})
				}
			}
		}
	}
	return out
}

// words returns text with its facts blanked: what it says in words.
func words(text string, facts []Fact) string {
	b := []byte(text)
	for _, f := range facts {
		for i := f.Start; i < f.End && i < len(b); i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

// unitsNamed returns the units (normalised, as in units) that text spells
// as words or signs of their own: "cost (€)", "distance in km".
func unitsNamed(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune("()[]{},;:|/", r)
	}) {
		if u, ok := units[w]; ok && len(w) > 1 || ok && strings.ContainsAny(w, "€$£¥%") {
			out = append(out, u)
		}
	}
	return out
}

var unaccent = transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)

// keyWord is how a cell's word is compared with the lexemes of a sentence
// or question: lower case, accents dropped (as the collection's bm25_text
// does), a possessive "'s" dropped, and a final "y" after a consonant read
// as "i", as the English stemmer writes it ("Emily" and "emili", "battery"
// and "batteri").
func keyWord(w string) string {
	w = strings.ToLower(strings.Trim(w, "*_`'\"()[],;.!?’"))
	w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
	if s, _, err := transform.String(unaccent, w); err == nil {
		w = s
	}
	if n := len(w); n > 2 && w[n-1] == 'y' && !strings.ContainsRune("aeiouy", rune(w[n-2])) {
		w = w[:n-1] + "i"
	}
	return w
}

// keyWords are the key words (keyWord) of text, of two letters or more.
func keyWords(text string) []string {
	var out []string
	for _, t := range tokens(text) {
		if w := keyWord(text[t[0]:t[1]]); utf8.RuneCountInString(w) >= 2 {
			out = append(out, w)
		}
	}
	return out
}

// wordMatch reports whether key word k (a cell's) and term t (a lexeme of
// the sentence or the question) name the same thing: equal, or, for words
// of at least four letters, one beginning or ending the other ("tomatoes"
// and "tomato", "homeserver" and "server"; not "rent" in "parents");
// numbers only when equal.
func wordMatch(k, t string) bool {
	if k == t {
		return true
	}
	if isNumeric(k) || isNumeric(t) {
		return false
	}
	short, long := k, t
	if utf8.RuneCountInString(short) > utf8.RuneCountInString(long) {
		short, long = long, short
	}
	return utf8.RuneCountInString(short) >= 4 && (strings.HasPrefix(long, short) || strings.HasSuffix(long, short))
}

func isNumeric(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) && r != '.' && r != ',' && r != '-' {
			return false
		}
	}
	return s != ""
}

// named returns the terms that some word of key matches and no word of
// other does: the terms that name key rather than other (all that name
// key when other is nil).
func named(key, terms, other []string) int {
	n := 0
	for _, t := range terms {
		in, also := false, false
		for _, k := range key {
			in = in || wordMatch(k, t)
		}
		for _, o := range other {
			also = also || wordMatch(o, t)
		}
		if in && !also {
			n++
		}
	}
	return n
}

// keyNamed reports whether a cell's key (the words of its row label, or of
// its column) is what the sentence, or else the question, names: terms
// name the key, and for every rival key (another row's label, another
// column's header) that they name apart from this one, they name this one
// apart from it too. The sentence decides when it names this key or a
// rival; the question decides when the sentence names neither.
func keyNamed(key []string, rivals [][]string, sentence, question []string) bool {
	for _, terms := range [][]string{sentence, question} {
		mine := named(key, terms, nil) > 0
		rival := false
		for _, r := range rivals {
			if named(r, terms, key) > 0 {
				rival = true
				if named(key, terms, r) == 0 {
					return false // it names the rival, and nothing that tells this key from it
				}
			}
		}
		if mine {
			return true
		}
		if rival {
			return false
		}
	}
	return false
}

// rowKey splits the cells of row other than column col into the words of
// the row's label (what the row is about: words, names, codes, or values
// of another kind than f) and the columns holding another value of f's
// kind (for which the column header tells the values apart; sameKind with
// unit, the unit of f's cell).
func rowKey(row []cell, col int, f Fact, unit string) (label []string, rivalCols []int) {
	for k := range row {
		c := &row[k]
		switch {
		case k == col || c.ev == nil:
		case !c.wordy && sameKind(c.facts, f, unit):
			rivalCols = append(rivalCols, k)
		default:
			for _, w := range c.words {
				if !isNumeric(w) { // "9" of "9 nights" names no row: facts name rows through statesAny
					label = append(label, w)
				}
			}
			for _, g := range c.facts { // an identifier names the row too (work_mem, E_BKP_0042)
				if g.Kind == Code && strings.IndexFunc(g.Text, unicode.IsLetter) >= 0 {
					label = append(label, keyWord(g.Text))
				}
			}
		}
	}
	return label, rivalCols
}

// sameKind reports whether facts (a cell's) hold a fact of f's kind. For a
// number it must be comparable with f's value in its cell, whose unit is
// unit ("" when the cell gives the number bare, its unit in the header):
// a value with that unit or, when unit is "", a bare one or one with a
// unit that f has.
func sameKind(facts []Fact, f Fact, unit string) bool {
	for _, g := range facts {
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

// statesAny reports whether one of cells states one of facts.
func statesAny(cells []*cell, facts []Fact) bool {
	for _, c := range cells {
		for _, g := range facts {
			if c.ev != nil && c.ev.Has(g) {
				return true
			}
		}
	}
	return false
}

// tableMismatch checks fact f of a sentence against the cited evidence e
// when e states it only in table data cells: some such cell must have its
// row named by the sentence or the question (keyNamed over the row's
// label, against the other rows' labels, or a fact of the label that the
// sentence or the question states; a table of one row passes) and, when
// the row holds another value of f's kind, its column named too (by its
// header or the cell's own words against the other columns' headers, or
// by a unit the header names that f has). facts are the sentence's and
// the question's facts other than f. It returns "" when f passes (or is
// stated outside tables, or in no data cell), else what is wrong, in
// words.
func (e *Evidence) tableMismatch(f Fact, facts []Fact, sentence, question []string) string {
	if e.prose == nil || e.prose.Has(f) {
		return ""
	}
	// f is the value, not a name of its row: "1" of "I have 1 gadget"
	// does not name the row "widget 1".
	sentence, question = withoutValue(sentence, f), withoutValue(question, f)
	first, checked := "", 0
	for _, ref := range e.cells {
		c := ref.cell()
		if !c.ev.Has(f) {
			continue
		}
		if checked++; checked > maxCellsChecked {
			break
		}
		t := ref.t
		// The cell's own reading of the value decides what its rivals are:
		// "2025" of a sentence is the year of the cell's date 2025-02-07,
		// whose rivals are other dates, not the mileage beside it.
		g := c.reading(f)
		unit := numberUnit(g)
		if g.Kind == Number && f.Kind == Number { // a bare cell: the sentence's unit counts too
			g.values = append(append([]string{}, g.values...), f.values...)
		}
		label, rivalCols := rowKey(t.rows[ref.row], ref.col, g, unit)
		var rivalRows [][]string
		for r := range t.rows {
			if r != ref.row {
				l, _ := rowKey(t.rows[r], ref.col, g, unit)
				rivalRows = append(rivalRows, l)
			}
		}
		var labelCells []*cell
		for k := range t.rows[ref.row] {
			if k != ref.col && !slices.Contains(rivalCols, k) {
				labelCells = append(labelCells, &t.rows[ref.row][k])
			}
		}
		rowOK := len(label) == 0 || len(t.rows) == 1 || keyNamed(label, rivalRows, sentence, question) || statesAny(labelCells, facts)
		// A fact of the sentence or the question that another row states
		// and this one does not names that row: "in 2023" of the oil
		// change whose only row is dated 2021, while other rows are 2023.
		if rowOK && namesOtherRow(t, ref, rivalCols, labelCells, facts) {
			rowOK = false
		}
		header := &cell{}
		if ref.col < len(t.header) {
			header = &t.header[ref.col]
		}
		var rivalHeaders [][]string
		var rivalNames []string
		for _, k := range rivalCols {
			if k < len(t.header) {
				rivalHeaders = append(rivalHeaders, t.header[k].words)
				rivalNames = append(rivalNames, t.header[k].text)
			}
		}
		// The column is named by its header or by the cell's own words
		// ("scans land in `/srv/paperless/consume`"), or by a unit the
		// header names that the sentence gives the value ("cost (€)").
		colKey := append(append([]string{}, header.words...), c.words...)
		colOK := len(rivalCols) == 0 || keyNamed(colKey, rivalHeaders, sentence, question) ||
			statesAny([]*cell{header}, facts) || unitOf(header.units, f)
		if rowOK && colOK {
			return ""
		}
		if first == "" {
			switch {
			case !rowOK && len(rivalCols) > 0:
				first = fmt.Sprintf("%q is in the table row %q under %q, which neither the sentence nor the question names", f.Text, rowText(t.rows[ref.row]), header.text)
			case !rowOK:
				first = fmt.Sprintf("%q is in the table row %q, which neither the sentence nor the question names", f.Text, rowText(t.rows[ref.row]))
			default:
				first = fmt.Sprintf("%q is in the table column %q (not %s), which neither the sentence nor the question names", f.Text, header.text, strings.Join(rivalNames, ", "))
			}
		}
	}
	return first
}

// unitOf reports whether fact f is a number with one of units.
func unitOf(units []string, f Fact) bool {
	if f.Kind != Number {
		return false
	}
	for _, v := range f.values {
		_, u, _ := strings.Cut(v, " ")
		for _, n := range units {
			if u != "" && u == n {
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

// reading returns the fact of the cell that states f (Has): the cell's
// own reading of the value, with its kind and unit; f itself when none
// does alone.
func (c *cell) reading(f Fact) Fact {
	for _, g := range c.facts {
		if NewEvidence(g.Text, nil).Has(f) {
			return g
		}
	}
	return f
}

// withoutValue returns terms without those that spell fact f's value.
func withoutValue(terms []string, f Fact) []string {
	spell := map[string]bool{keyWord(f.Text): true}
	for _, v := range f.values {
		num, _, _ := strings.Cut(v, " ")
		spell[num] = true
	}
	var out []string
	for _, t := range terms {
		if !spell[t] {
			out = append(out, t)
		}
	}
	return out
}

// rowText is a row as the reader sees it, its cells joined by " | ".
func rowText(row []cell) string {
	var texts []string
	for _, c := range row {
		texts = append(texts, c.text)
	}
	return strings.Join(texts, " | ")
}

// namesOtherRow reports whether one of facts (the sentence's and the
// question's, the value itself left out) is stated by a label cell of
// another row of t (a cell outside the columns rivalCols, which hold the
// values) and by none of this row's label cells (labelCells).
func namesOtherRow(t *table, ref cellRef, rivalCols []int, labelCells []*cell, facts []Fact) bool {
	for _, g := range facts {
		if statesAny(labelCells, []Fact{g}) {
			continue
		}
		for r, row := range t.rows {
			if r == ref.row {
				continue
			}
			for k := range row {
				if k != ref.col && !slices.Contains(rivalCols, k) && row[k].ev != nil && row[k].ev.Has(g) {
					return true
				}
			}
		}
	}
	return false
}
