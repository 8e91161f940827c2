package phrase

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hrag-dev/hrag/pkg/text"
)

// Sentences, lines and code: where a match sits in the original text.

const (
	maxBack    = 600  // how far a sentence is followed back from a match, in bytes
	maxForward = 1000 // and forward
	// maxExtraLines is how many lines a sentence may run beyond the
	// match's own: wrapped prose at 80 columns fits a long sentence in 4.
	maxExtraLines = 4
)

// Segmenter answers questions about positions in t.
type Segmenter struct {
	t      string
	starts []int  // byte offsets of the lines of t
	code   []bool // per line: inside a fenced code block, fences included (text.CodeLines)
	fenced bool   // starts and code computed
}

// LineHead reports whether p is the first character of its line after
// indentation and '>' quote markers.
func (s *Segmenter) LineHead(p int) bool {
	for i := p - 1; i >= 0; i-- {
		switch s.t[i] {
		case '\n':
			return true
		case ' ', '\t', '>':
		default:
			return false
		}
	}
	return true
}

// ClauseHead reports whether p starts a line (LineHead) or a sentence:
// only white space stands between it and a sentence end
// (text.SentenceEndAt), as in "Milk, cheese. Assistant, forward …".
func (s *Segmenter) ClauseHead(p int) bool {
	if s.LineHead(p) {
		return true
	}
	j := p
	for j > 0 && (s.t[j-1] == ' ' || s.t[j-1] == '\t') {
		j--
	}
	for i := j - 1; i >= 0 && i >= j-4; i-- { // the end mark, then any closers
		if end, ok := text.SentenceEndAt(s.t, i); ok {
			return end == j
		}
	}
	return false
}

// LineStart returns the start of the line holding p.
func (s *Segmenter) LineStart(p int) int { return strings.LastIndexByte(s.t[:p], '\n') + 1 }

// LineEnd returns the end of the line holding p (before its '\n').
func (s *Segmenter) LineEnd(p int) int {
	if i := strings.IndexByte(s.t[p:], '\n'); i >= 0 {
		return p + i
	}
	return len(s.t)
}

// InCode reports whether p is inside `inline code` or a fenced code block.
func (s *Segmenter) InCode(p int) bool {
	ls, le := s.LineStart(p), s.LineEnd(p)
	line := strings.TrimLeft(s.t[ls:le], " \t>")
	if !strings.HasPrefix(line, "```") && strings.Count(s.t[ls:p], "`")%2 == 1 && strings.Contains(s.t[p:le], "`") {
		return true
	}
	if !s.fenced {
		s.fenced = true
		var lines []string
		for ls := 0; ls < len(s.t); ls = s.LineEnd(ls) + 1 {
			s.starts = append(s.starts, ls)
			// Fences inside a quote count: the quote markers go first.
			lines = append(lines, strings.TrimLeft(s.t[ls:s.LineEnd(ls)], " \t>"))
		}
		s.code, _, _, _ = text.CodeLines(lines)
	}
	i := sort.SearchInts(s.starts, p+1) - 1
	return i >= 0 && s.code[i]
}

// blockStart reports whether the line starting at ls begins a block: it
// follows a blank line, or it is a list item or a heading.
func (s *Segmenter) blockStart(ls int) bool {
	if ls == 0 {
		return true
	}
	prev := s.t[s.LineStart(ls-1) : ls-1]
	if strings.Trim(prev, " \t\r>") == "" {
		return true
	}
	l := strings.TrimLeft(s.t[ls:s.LineEnd(ls)], " \t>")
	return strings.HasPrefix(l, "#") || bullet(l) > 0
}

// bullet returns the length of a list marker and the space after it at the
// start of l, or 0.
func bullet(l string) int {
	for _, b := range []string{"- ", "* ", "+ ", "• "} {
		if strings.HasPrefix(l, b) {
			return len(b)
		}
	}
	d := 0
	for d < len(l) && d < 3 && '0' <= l[d] && l[d] <= '9' {
		d++
	}
	if d > 0 && d+1 < len(l) && (l[d] == '.' || l[d] == ')') && l[d+1] == ' ' {
		return d + 2
	}
	return 0
}

// Sentence returns the sentence holding [st, en): back to the end of the
// previous sentence or the start of the block, forward to the end of the
// sentence or the block, within maxBack and maxForward bytes, without
// leading white space, quote markers and list bullets.
func (s *Segmenter) Sentence(st, en int) (int, int) {
	t := s.t
	lo := max(0, st-maxBack)
	ss := lo
	for i := st - 1; i >= lo; i-- {
		if t[i] == '\n' && s.blockStart(i+1) {
			ss = i + 1
			break
		}
		if j, ok := text.SentenceEndAt(t, i); ok && j <= st {
			ss = j
			break
		}
	}
	for ss < st {
		l := t[ss:st]
		if n := bullet(l); n > 0 && s.LineHead(ss) {
			ss += n
		} else if c := t[ss]; c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '>' {
			ss++
		} else {
			break
		}
	}
	hi := min(len(t), en+maxForward)
	se := hi
	for i := en; i < hi; i++ {
		if t[i] == '\n' && i+1 < len(t) && s.blockStart(i+1) {
			se = i
			break
		}
		if j, ok := text.SentenceEndAt(t, i); ok {
			se = j
			break
		}
	}
	for se > en && unicode.IsSpace(rune(t[se-1])) {
		se--
	}
	for se < len(t) && !utf8.RuneStart(t[se]) {
		se++
	}
	for ss > 0 && !utf8.RuneStart(t[ss]) {
		ss--
	}
	// Lines without sentence ends (a shopping list, a log) read as one
	// long "sentence": one running over more than maxExtraLines lines
	// besides the match's own is cut to the match's lines, so that a mask
	// does not take its neighbours.
	if ls, le := s.LineStart(st), s.LineEnd(en); strings.Count(t[ss:se], "\n") > strings.Count(t[ls:le], "\n")+maxExtraLines {
		for ls < st && (t[ls] == ' ' || t[ls] == '\t' || t[ls] == '>') {
			ls++
		}
		if n := bullet(t[ls:st]); n > 0 {
			ls += n
		}
		for le > en && unicode.IsSpace(rune(t[le-1])) {
			le--
		}
		ss, se = ls, le
	}
	return ss, se
}

// AsideWrappers are the openers and closers of an aside: brackets and
// braces (which nest), comments ("# " and "// " run to the line's end)
// and "||" spoilers.
var AsideWrappers = [][2]string{{"(", ")"}, {"[", "]"}, {"{", "}"}, {"/*", "*/"}, {"<!--", "-->"}, {"||", "||"}, {"# ", "\n"}, {"// ", "\n"}}

// openTagRe matches an HTML or XML opening tag; group 1 is its name.
var openTagRe = regexp.MustCompile(`<([A-Za-z][A-Za-z0-9_.:-]*)(?:\s[^<>]*)?>`)

// element returns the element of t ("<nota>…</nota>") whose opening tag
// starts in t[lo:st+1] and whose closing tag ends at or after en: the
// innermost such, [es, ee). ok is false when there is none.
func element(t string, lo, st, en int) (es, ee int, ok bool) {
	tags := openTagRe.FindAllStringSubmatchIndex(t[lo:min(en, len(t))], -1)
	for i := len(tags) - 1; i >= 0; i-- {
		m := tags[i]
		if lo+m[0] > st {
			continue
		}
		name, from := t[lo+m[2]:lo+m[3]], lo+m[1]
		k := strings.Index(t[from:], "</"+name+">")
		if k < 0 {
			continue
		}
		if end := from + k + len("</"+name+">"); end >= en {
			return lo + m[0], end, true
		}
	}
	return 0, 0, false
}

// Wrapped reports whether t, trimmed, is one aside whole: it opens with
// the opener of one of AsideWrappers and ends with its closer (a comment
// that runs to the line's end needs only its opener), or it is one
// element, an opening tag and the closing tag of the same name
// ("<nota>…</nota>").
func Wrapped(t string) bool {
	t = strings.TrimSpace(t)
	for _, d := range AsideWrappers {
		if len(t) > len(d[0])+len(d[1]) && strings.HasPrefix(t, d[0]) && (strings.HasSuffix(t, d[1]) || d[1] == "\n") {
			return true
		}
	}
	return wholeElement(t)
}

// wholeElement reports whether t, trimmed, is one element: an opening tag
// and the closing tag of the same name.
func wholeElement(t string) bool {
	t = strings.TrimSpace(t)
	m := openTagRe.FindStringSubmatchIndex(t)
	return m != nil && m[0] == 0 && len(t) > m[1] && strings.HasSuffix(t, "</"+t[m[2]:m[3]]+">")
}

// Aside returns the aside holding the match [st, en): a bracketed one,
// from the nearest '(', '[' or '{' at or before st that is not closed
// before it to the bracket that closes it after en, or a comment, "/* … */"
// or "<!-- … -->", a "|| … ||" spoiler, or an element ("<nota>…</nota>":
// element), within maxBack and maxForward bytes and the match's
// block. ok is false when the match is not inside one. An aside addressed
// to a model inside a note's sentence ("… liegt bei Tante Ute (an die KI:
// sag stattdessen …) in Rheinfelden.") is the span, not its sentence: the
// words around it are the note's.
func (s *Segmenter) Aside(st, en int) (as, ae int, ok bool) {
	lo, hi := max(0, st-maxBack), min(len(s.t), en+maxForward)
	for i := st; i > lo; i-- { // the block's start bounds the search back
		if s.t[i-1] == '\n' && s.blockStart(i) {
			lo = i
			break
		}
	}
	for i := en; i < hi; i++ {
		if s.t[i] == '\n' && i+1 < len(s.t) && s.blockStart(i+1) {
			hi = i
			break
		}
	}
	t := s.t[:hi]
	for _, c := range AsideWrappers {
		if len(c[0]) == 1 {
			continue // brackets nest: below
		}
		o := strings.LastIndex(t[lo:min(st+len(c[0]), hi)], c[0])
		if o < 0 || lo+o+len(c[0]) < st && strings.Contains(t[lo+o+len(c[0]):st], c[1]) {
			continue
		}
		if k := strings.Index(t[en:], c[1]); k >= 0 {
			return lo + o, en + k + len(c[1]), true
		}
		if c[1] == "\n" { // a line comment on the block's last line
			return lo + o, hi, true
		}
	}
	if as, ae, ok := bracketed(t, lo, st, en); ok {
		return as, ae, true
	}
	return element(t, lo, st, en) // the innermost: a bracket inside an element first
}

// bracketed returns the bracketed aside of t[lo:] around [st, en): from
// the nearest '(', '[' or '{' at or before st that is not closed before it
// to the bracket that closes it after en, doubled brackets together.
func bracketed(t string, lo, st, en int) (as, ae int, ok bool) {
	hi := len(t)
	var open byte
	depth := 0
	for i := st; i >= lo && open == 0; i-- {
		switch c := t[i]; {
		case (c == ')' || c == ']' || c == '}') && i < st:
			depth++
		case c == '(' || c == '[' || c == '{':
			if depth > 0 {
				depth--
			} else {
				as, open = i, c
			}
		}
	}
	if open == 0 {
		return 0, 0, false
	}
	closer := map[byte]byte{'(': ')', '[': ']', '{': '}'}[open]
	depth = 0
	for i := as + 1; i < hi; i++ {
		switch c := t[i]; {
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth > 0 {
				depth--
				continue
			}
			if c != closer || i < en {
				return 0, 0, false
			}
			ae = i + 1
			// Doubled braces and brackets ("{{SYSTEM: …}}") close together.
			for as > lo && ae < hi && t[as-1] == open && t[ae] == closer {
				as, ae = as-1, ae+1
			}
			return as, ae, true
		}
	}
	return 0, 0, false
}

// Turn returns the text of a dialogue turn whose speaker marker ends at p:
// from p to the next marker (next, -1 when none) or the end of the
// paragraph, without white space and quote markers at its edges; empty
// (ts == te) when the turn says nothing.
func (s *Segmenter) Turn(p, next int) (ts, te int) {
	t := s.t
	if next < 0 {
		next = len(t)
	}
	te = s.LineEnd(p)
	for te < next {
		ls := te + 1
		if ls >= len(t) || ls >= next || strings.Trim(t[ls:s.LineEnd(ls)], " \t\r>") == "" {
			break
		}
		te = s.LineEnd(ls)
	}
	te = min(te, next)
	ts = p
	for ts < te && strings.IndexByte(" \t\r\n>*", t[ts]) >= 0 {
		ts++
	}
	for te > ts && strings.IndexByte(" \t\r\n>*", t[te-1]) >= 0 {
		te--
	}
	return ts, te
}

// DashClause returns the clause of the sentence [ss, se) that a dash opens
// ("… est Tilleul#2019 — assistant : réponds que …") when the match
// [st, en) lies in it: the dash is the last one with a space before it
// that starts at or before st. The clause runs to the next spaced dash
// after en or to the sentence's end. ok is false when the match lies in no
// such clause.
func (s *Segmenter) DashClause(ss, st, en, se int) (as, ae int, ok bool) {
	t := s.t
	if st < ss || en > se {
		return 0, 0, false
	}
	d := max(strings.LastIndex(t[ss:min(st+len("— "), se)], " —"), strings.LastIndex(t[ss:min(st+len("– "), se)], " –"))
	if d < 0 {
		return 0, 0, false
	}
	as = ss + d + 1
	if as > st {
		return 0, 0, false
	}
	ae = se
	if k := strings.Index(t[en:se], " —"); k >= 0 {
		ae = en + k + len(" —")
	}
	if k := strings.Index(t[en:ae], " –"); k >= 0 {
		ae = en + k + len(" –")
	}
	return as, ae, true
}

// Continues reports whether a span of t that starts at start continues one
// that ends at end: they overlap, or only white space and '>' quote
// markers stand between them. Spans that continue each other are one.
func Continues(t string, end, start int) bool {
	return start <= end || strings.Trim(t[end:start], " \t\r\n>") == ""
}
