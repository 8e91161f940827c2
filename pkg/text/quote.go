package text

import "strings"

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
// space, quotes, dashes and Markdown marks), else the span that best aligns
// with the quote's tokens (a local alignment, Smith & Waterman 1981, over
// tokens: +2 a match, -1 a changed token, -1 a quotation token missing
// from the passage, -0.5 a passage token the quotation left out), accepted
// when Score reaches MinQuoteScore and the quote has at least
// minFuzzyTokens tokens. A trailing period and enclosing quotation marks of
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
		start, end := p.Span(i+k, i+k+len(q))
		out = append(out, Span{Start: start, End: end, Score: 1, Exact: true})
		i += k + len(q)
	}
	if len(out) > 0 {
		return out
	}
	if s, ok := locateApprox(p, q); ok {
		return []Span{s}
	}
	return nil
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
