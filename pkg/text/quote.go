package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Span is a quotation located in a passage: the byte range [Start, End) of
// the passage's own text that the quotation stands for.
type Span struct {
	Start, End int
	// Score is the share of the quotation's tokens found, in order, in the
	// span (1 for an exact match), in [0, 1].
	Score float64
	// Exact: the folded quotation (Fold) is a substring of the folded
	// passage.
	Exact bool
}

// MinQuoteScore is the least Span.Score of a quotation that is not found
// verbatim: at least this share of its tokens must occur in the passage in
// its order. Small models trim a quotation (a parenthesis, a clause, an
// article) far more often than they change its words; a changed value does
// no harm here, since the checks read the located passage text, never the
// model's copy.
const MinQuoteScore = 0.75

// minFuzzyTokens is the length, in tokens, below which a quotation must be
// found verbatim: a word or two found "approximately" locates nothing.
const minFuzzyTokens = 4

// Locate finds quote in passage: verbatim after folding (Fold: case, white
// space, quotes, dashes and Markdown marks), then verbatim with every space
// left out (spacing around "=" or between a number and its unit), else the span that best aligns
// with the quote's tokens (a local alignment, Smith & Waterman 1981, over
// tokens: +2 a match, -1 a changed token, -1 a quotation token missing
// from the passage, -0.5 a passage token the quotation left out), accepted
// when Score reaches MinQuoteScore and the quote has at least
// minFuzzyTokens tokens and every quote token that holds a digit is in the
// span. A verbatim match must not start or end inside a word or number of
// the passage. A trailing period and enclosing quotation marks of
// quote are ignored. ok is false when quote is empty or not located.
func Locate(passage, quote string) (s Span, ok bool) {
	all := LocateAll(passage, quote)
	if len(all) == 0 {
		return Span{}, false
	}
	return all[0], true
}

// LocateAll is Locate returning every verbatim occurrence of quote, in
// order (a value such as an address may stand in several lines of a
// passage, and the caller may choose by what surrounds it), or the one
// best approximate span; nil when quote is not located.
func LocateAll(passage, quote string) []Span {
	q := strings.Trim(Fold(quote).S, ` ."'…`)
	if q == "" {
		return nil
	}
	p := Fold(passage)
	var out []Span
	for i := 0; i < len(p.S); {
		k := strings.Index(p.S[i:], q)
		if k < 0 {
			break
		}
		a, b := i+k, i+k+len(q)
		i = a + 1
		if gluedBefore(p.S, a, q) || gluedAfter(p.S, b, q) {
			continue // inside a longer word or number: "port 80" in "port 8080"
		}
		start, end := p.Span(a, b)
		out = append(out, Span{Start: start, End: end, Score: 1, Exact: true})
		i = b
	}
	if len(out) > 0 {
		return out
	}
	if s, ok := locateTight(p, q); ok {
		return []Span{s}
	}
	if s, ok := locateApprox(p, q); ok {
		return []Span{s}
	}
	return nil
}

// gluedBefore reports whether a match of q at byte a of s continues a
// word or number of s: q starts with a letter or digit and s has one, or
// one joined by '.', ',', ':', '/', '-' or '_', right before it.
func gluedBefore(s string, a int, q string) bool {
	first, _ := utf8.DecodeRuneInString(q)
	if a == 0 || !alnum(first) {
		return false
	}
	prev, n := utf8.DecodeLastRuneInString(s[:a])
	if alnum(prev) {
		return true
	}
	if strings.ContainsRune(".,:/-_", prev) && a-n > 0 {
		pp, _ := utf8.DecodeLastRuneInString(s[:a-n])
		return alnum(pp) && unicode.IsDigit(first)
	}
	return false
}

// gluedAfter is gluedBefore for the end b of the match: "10.0.0.5" in
// "10.0.0.55", "v1.2" in "v1.2.3", "1 March" in "11 March" (before).
func gluedAfter(s string, b int, q string) bool {
	last, _ := utf8.DecodeLastRuneInString(q)
	if b >= len(s) || !alnum(last) {
		return false
	}
	next, n := utf8.DecodeRuneInString(s[b:])
	if alnum(next) {
		return true
	}
	if strings.ContainsRune(".,:/-_", next) && b+n < len(s) {
		nn, _ := utf8.DecodeRuneInString(s[b+n:])
		return alnum(nn) && unicode.IsDigit(last)
	}
	return false
}

// alnum reports whether r is a digit or a letter of a script written with
// spaces between words: in Chinese, Japanese, Thai and the like, any
// letter may end a word, so none glues a match to the text around it.
func alnum(r rune) bool {
	if unicode.IsDigit(r) {
		return true
	}
	return unicode.IsLetter(r) && !unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
}

// Dropped returns the tokens of quote (folded) that are not among the
// tokens of passage[s.Start:s.End]: what an approximate match changed or
// left out. A caller may refuse a span whose dropped words are what the
// answer asserts ("The backup disk is 4 TB" located at "The primary disk
// is 4 TB"). Empty for an exact span.
func Dropped(passage, quote string, s Span) []string {
	if s.Exact {
		return nil
	}
	have := map[string]bool{}
	for _, t := range Tokens(Fold(passage[s.Start:s.End]).S) {
		have[t.Text] = true
	}
	var out []string
	for _, t := range Tokens(Fold(quote).S) {
		if !have[t.Text] {
			out = append(out, t.Text)
		}
	}
	return out
}

// locateTight is the verbatim search with every space left out of both
// texts: a quote that spaced a setting or a number otherwise than its
// passage ("shared_buffers = 4GB" for "shared_buffers=4GB", "4TB" for "4
// TB") is still found verbatim. The first match that is not glued to a
// word or number of the passage counts.
func locateTight(p Folded, q string) (Span, bool) {
	tq := strings.ReplaceAll(q, " ", "")
	if tq == "" {
		return Span{}, false
	}
	var tb strings.Builder
	idx := make([]int, 0, len(p.S)) // byte of tight -> byte of p.S
	for i := 0; i < len(p.S); i++ {
		if p.S[i] != ' ' {
			tb.WriteByte(p.S[i])
			idx = append(idx, i)
		}
	}
	tight := tb.String()
	for i := 0; i < len(tight); {
		k := strings.Index(tight[i:], tq)
		if k < 0 {
			break
		}
		a, b := idx[i+k], idx[i+k+len(tq)-1]+1
		i += k + 1
		if gluedBefore(p.S, a, q) || gluedAfter(p.S, b, q) {
			continue
		}
		start, end := p.Span(a, b)
		return Span{Start: start, End: end, Score: 1, Exact: true}, true
	}
	return Span{}, false
}

// locateApprox is the approximate search of Locate over the folded passage
// p for the folded quote q.
func locateApprox(p Folded, q string) (Span, bool) {
	qt := Tokens(q)
	if len(qt) < minFuzzyTokens {
		return Span{}, false
	}
	pt := Tokens(p.S)
	first, last, matched := align(qt, pt)
	if matched == 0 {
		return Span{}, false
	}
	score := float64(matched) / float64(len(qt))
	if score < MinQuoteScore {
		return Span{}, false
	}
	// Numbers are never located approximately: a quote token holding a
	// digit must be in the span ("port 80" is not "port 8080").
	have := map[string]bool{}
	for _, t := range pt[first : last+1] {
		have[t.Text] = true
	}
	for _, t := range qt {
		if !have[t.Text] && strings.ContainsFunc(t.Text, unicode.IsDigit) {
			return Span{}, false
		}
	}
	start, end := p.Span(pt[first].Start, pt[last].End)
	return Span{Start: start, End: end, Score: score}, true
}

// align is a Smith-Waterman local alignment of the quotation's tokens q
// against the passage's tokens p (scores in Locate's comment). It returns
// the first and last passage tokens of the best local alignment and the
// number of tokens matched in it.
func align(q, p []Token) (first, last, matched int) {
	const match, change, skipQuote, skipPassage = 2.0, -1.0, -1.0, -0.5
	type cell struct {
		score   float64
		matched int
		first   int // first passage token of the alignment ending here; -1 none
	}
	prev := make([]cell, len(p)+1)
	cur := make([]cell, len(p)+1)
	best := cell{first: -1}
	bestLast := -1
	for i := 1; i <= len(q); i++ {
		cur[0] = cell{first: -1}
		for j := 1; j <= len(p); j++ {
			c := cell{first: -1}
			// diagonal: match or change
			d := prev[j-1]
			if q[i-1].Text == p[j-1].Text {
				if v := d.score + match; v > c.score {
					f := d.first
					if d.score == 0 || f < 0 {
						f = j - 1
					}
					c = cell{v, d.matched + 1, f}
				}
			} else if d.score > 0 {
				if v := d.score + change; v > c.score {
					c = cell{v, d.matched, d.first}
				}
			}
			// a quotation token missing from the passage
			if u := prev[j]; u.score > 0 {
				if v := u.score + skipQuote; v > c.score {
					c = cell{v, u.matched, u.first}
				}
			}
			// a passage token the quotation leaves out
			if l := cur[j-1]; l.score > 0 {
				if v := l.score + skipPassage; v > c.score {
					c = cell{v, l.matched, l.first}
				}
			}
			cur[j] = c
			// An alignment ends on a match: the best one ending at a
			// matched token.
			if c.score > best.score && q[i-1].Text == p[j-1].Text && c.matched > 0 {
				best, bestLast = c, j-1
			}
		}
		prev, cur = cur, prev
	}
	if bestLast < 0 {
		return 0, 0, 0
	}
	return best.first, bestLast, best.matched
}
