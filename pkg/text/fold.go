// Package text is hrag's one toolkit for the text of notes and answers,
// used along the whole data path (extract, chunk, injection, claim, answer,
// render): sentence ends with one abbreviation list (SentenceEnds), code
// fences and pipe-table cells (Markdown), folding text for comparison,
// locating a model's quotation in a passage, and cutting a passage into
// the units a reader sees (sentences, list items, table rows) and a
// sentence into clauses. It imports no other hrag package.
package text

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Folded is a text reduced for comparison, with the byte offset in the
// original text of every byte of the reduced one.
type Folded struct {
	// S is the folded text: lower case; curly quotes, primes and guillemets
	// as ' or "; dashes and minus signs as '-'; Markdown emphasis, code and
	// table marks (*, `, |) and every run of white space as one space; no
	// leading or trailing space.
	S string
	// Off[i] is the byte offset in the original text of the rune that
	// produced S[i]; len(Off) == len(S).
	Off []int
	// End[i] is the byte offset just after that rune.
	End []int
}

// Fold folds s for comparison (see Folded). Folding two texts the same way
// makes a quotation that differs from its source only in case, white space,
// typographic quotes, dashes or Markdown marks an exact substring of it.
func Fold(s string) Folded {
	var b strings.Builder
	f := Folded{Off: make([]int, 0, len(s)), End: make([]int, 0, len(s))}
	space := false // a space is pending (written before the next non-space)
	for i, r := range s {
		_, width := utf8.DecodeRuneInString(s[i:]) // 1 for an invalid byte, 3 for a real U+FFFD
		end := i + width
		r = foldRune(r)
		if r == ' ' {
			space = len(f.Off) > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			f.Off = append(f.Off, i)
			f.End = append(f.End, i)
			space = false
		}
		n := b.Len()
		b.WriteRune(r)
		for k := n; k < b.Len(); k++ {
			f.Off = append(f.Off, i)
			f.End = append(f.End, end)
		}
	}
	f.S = b.String()
	return f
}

// foldRune maps one rune as Fold does; ' ' stands for every rune that
// folds to white space.
func foldRune(r rune) rune {
	switch r {
	case '‘', '’', '‚', '‛', '′':
		return '\''
	case '“', '”', '„', '‟', '″', '«', '»':
		return '"'
	case '‐', '‑', '‒', '–', '—', '―', '−':
		return '-'
	case '*', '`', '|', '\u00a0', '\u200b', '\ufeff':
		return ' '
	}
	if unicode.IsSpace(r) || unicode.IsControl(r) {
		return ' '
	}
	return unicode.ToLower(r)
}

// Span maps the folded range [i, j) of f back to the original text's
// byte range [start, end).
func (f Folded) Span(i, j int) (start, end int) {
	if i >= j || i < 0 || j > len(f.S) {
		return 0, 0
	}
	return f.Off[i], f.End[j-1]
}

// Token is a word of a folded text: a maximal run of letters and digits,
// joined by '_', and by '.', ',', ':', '/', '-', '@', '+' or '\” between
// two letters or digits (so 4.5, 10.0.0.5, shared_buffers, e-mail, it's
// are one token each). Start and End are byte offsets into Folded.S.
type Token struct {
	Text       string
	Start, End int
}

// Tokens returns the tokens of the folded text s (see Token).
func Tokens(s string) []Token {
	var out []Token
	start := -1
	alnum := func(r rune) bool {
		return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || unicode.Is(unicode.Mn, r)
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case alnum(r):
			if start < 0 {
				start = i
			}
		case start >= 0 && strings.ContainsRune(".,:/-@+'", r) && i+n < len(s):
			next, _ := utf8.DecodeRuneInString(s[i+n:])
			if !alnum(next) {
				out = append(out, Token{s[start:i], start, i})
				start = -1
			}
		default:
			if start >= 0 {
				out = append(out, Token{s[start:i], start, i})
				start = -1
			}
		}
		i += n
	}
	if start >= 0 {
		end := len(s)
		for end > start && strings.ContainsRune(".,:/-@+'", rune(s[end-1])) {
			end--
		}
		out = append(out, Token{s[start:end], start, end})
	}
	return out
}

// HasWords reports whether s holds a letter or a digit in any script: a
// question without one ("?!", "...") asks nothing passages could answer.
func HasWords(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) })
}

// SameWord reports whether two folded words (or stems) match: equal, or
// one a prefix of the other sharing at least four letters and at most three
// more (a crude stem: flow, flows, flowed; invent, invented; the stems
// allerg and allergi of "allergic" and "allergy").
func SameWord(a, b string) bool {
	if a == b {
		return true
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(a) >= 4 && len(b)-len(a) <= 3 && strings.HasPrefix(b, a)
}

// NormalizeTag is a tag as hrag stores and compares it: without a leading
// '#', trimmed, lower-cased and in Unicode NFC ("# Homelab " is "homelab",
// a decomposed "café" is the composed one).
func NormalizeTag(t string) string {
	return norm.NFC.String(strings.ToLower(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(t), "#"))))
}
