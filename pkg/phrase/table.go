package phrase

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Rule is one pattern of a Table and where its matches count.
type Rule struct {
	// Pattern is a Go regular expression (regexp/syntax, Perl flags) over
	// the folded text (Fold), written in lower case; letters beyond ASCII
	// may be written in their own script ("игнорируй"): Compile folds them
	// as Fold folds the text. With Raw it matches the original text.
	Pattern string
	// Raw: the pattern matches the original text, not the folded one.
	Raw bool
	// Starts are strings one of which every match begins with, at least
	// two bytes each; Compile derives them from Pattern when nil.
	Starts []string
	// Line: a match counts only at the head of a line (after indentation
	// and '>' quote markers).
	Line bool
	// Clause: a match counts only at the head of a line or of a sentence.
	Clause bool
	// Anywhere: a match counts inside code too (`inline` or fenced);
	// other rules' matches there do not.
	Anywhere bool
}

// Table is a set of rules compiled for Find: each pattern anchored, and the
// start literals of the rules over the folded text indexed by their first
// two bytes, so that a pattern is tried only where one of its literals
// stands. Safe for concurrent use.
type Table struct {
	rules []Rule           // patterns folded, Starts derived
	res   []*regexp.Regexp // each pattern anchored at the start
	index map[string][]literal
	// punct[c]: a start literal begins with the non-letter byte c, or
	// with the first byte of a letter of a script written without spaces
	// (such a match may start inside a word: "text<|eot_id|>", "请忽略…").
	punct [256]bool
}

type literal struct {
	rule int
	s    string
}

// Match is a match of rule Rule (an index into the rules given to
// Compile) at the bytes [Start, End) of the original text, on rune
// boundaries.
type Match struct {
	Start, End int
	Rule       int
}

// Compile folds the patterns of rs (but raw ones), anchors them, and
// indexes their start literals. It panics when a pattern does not compile:
// rule tables are part of the program, and their tests compile them.
func Compile(rs []Rule) *Table {
	t := &Table{rules: slices.Clone(rs), index: map[string][]literal{}}
	for i := range t.rules {
		r := &t.rules[i]
		if !r.Raw {
			r.Pattern = foldPattern(r.Pattern)
		}
		t.res = append(t.res, regexp.MustCompile(`^(?:`+r.Pattern+`)`))
		if r.Starts == nil {
			r.Starts = startLiterals(r.Pattern)
		}
		if r.Raw {
			continue
		}
		for _, l := range r.Starts {
			if len(l) >= 2 {
				t.index[l[:2]] = append(t.index[l[:2]], literal{i, l})
				first, _ := utf8.DecodeRuneInString(l)
				t.punct[l[0]] = t.punct[l[0]] || !isWordByte(l[0]) || spaceless(first)
			}
		}
	}
	return t
}

// Starts returns the start literals of rule i (given or derived); a rule
// with none, or with one shorter than two bytes, is never tried.
func (t *Table) Starts(i int) []string { return t.rules[i].Starts }

// maxMatch bounds the text an anchored pattern is tried on, in bytes.
const maxMatch = 600

// Find returns the Segmenter of text and the matches of t's rules that
// count where they stand (Rule.Line, Rule.Clause, Rule.Anywhere), ordered
// by the folded text's position, raw rules' matches after. A match starts
// and ends at a word edge (a letter or digit at its edge touches no other,
// but in scripts written without spaces), and one rule's matches do not
// overlap. Never fails; invalid UTF-8 is read as U+FFFD.
func (t *Table) Find(text string) (Segmenter, []Match) {
	seg := Segmenter{t: text}
	var out []Match
	for _, m := range t.candidates(text, fold(text)) {
		r := &t.rules[m.Rule]
		if !(r.Line && !seg.LineHead(m.Start) || r.Clause && !seg.ClauseHead(m.Start) || !r.Anywhere && seg.InCode(m.Start)) {
			out = append(out, m)
		}
	}
	return seg, out
}

// candidates returns the matches of the rules in the folded text (f) and
// the original one (text). A rule's pattern is tried only where one of its
// start literals occurs: for the folded text at word starts (and at the
// non-letter bytes that begin a literal), found through the index; for
// raw rules wherever a literal occurs.
func (t *Table) candidates(text string, f folded) []Match {
	var out []Match
	last := make([]int, len(t.rules)) // end of the rule's last match, to skip overlaps
	try := func(i int, subject string, p int) {
		if p < last[i] {
			return
		}
		m := t.res[i].FindStringIndex(subject[p:min(len(subject), p+maxMatch)])
		if m == nil || !wordEdges(subject, p, p+m[1]) {
			return
		}
		last[i] = p + m[1]
		st, en := p, p+m[1]
		if !t.rules[i].Raw {
			st, en = int(f.off[st]), int(f.off[en])
		}
		if st < en {
			out = append(out, Match{st, en, i})
		}
	}
	s := f.s
	for p := 0; p+1 < len(s); p++ {
		b := s[p]
		if !t.punct[b] && (!isWordByte(b) || p > 0 && isWordByte(s[p-1])) {
			continue
		}
		prev := -1
		for _, l := range t.index[s[p:p+2]] {
			if l.rule != prev && strings.HasPrefix(s[p:], l.s) {
				try(l.rule, s, p)
				prev = l.rule
			}
		}
	}
	for i := range t.rules {
		if !t.rules[i].Raw {
			continue
		}
		for _, l := range t.rules[i].Starts {
			for p := 0; ; {
				k := strings.Index(text[p:], l)
				if k < 0 {
					break
				}
				try(i, text, p+k)
				p += k + len(l)
			}
		}
	}
	return out
}

// wordEdges reports whether the match [st, en) of s does not start or end
// inside a word.
func wordEdges(s string, st, en int) bool {
	word := func(r rune) bool { return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !spaceless(r) }
	first, _ := utf8.DecodeRuneInString(s[st:])
	last, _ := utf8.DecodeLastRuneInString(s[:en])
	before, _ := utf8.DecodeLastRuneInString(s[:st])
	after, _ := utf8.DecodeRuneInString(s[en:])
	return !(st > 0 && word(first) && word(before)) && !(en < len(s) && word(last) && word(after))
}
