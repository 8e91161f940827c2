package phrase

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Start literals: strings one of which every match of a pattern begins with.

// startLiterals returns strings one of which every match of pattern begins
// with, nil when none can be derived.
func startLiterals(pattern string) []string {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	return starts(re.Simplify())
}

// maxExact bounds the sets of strings that starts and exact build.
const maxExact = 256

func starts(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{string(re.Rune)}
	case syntax.OpCapture, syntax.OpPlus:
		return starts(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min > 0 {
			return starts(re.Sub[0])
		}
	case syntax.OpConcat:
		// the exact strings of the leading parts, then the starts of the
		// first part that is not exact, cut to litLen bytes
		// Strings that reach litLen are done: cut on a rune boundary, a
		// string can be shorter than litLen, and must not grow after it.
		out, done := []string{""}, []string(nil)
		for _, sub := range re.Sub {
			if len(out) == 0 {
				break
			}
			next := exact(sub)
			if next == nil {
				next = starts(sub)
			}
			if next == nil || (len(out)+len(done))*len(next) > 4*maxExact {
				break
			}
			var grown []string
			for _, x := range product(out, next) {
				if len(x) >= litLen {
					done = append(done, x)
				} else {
					grown = append(grown, x)
				}
			}
			out = grown
			if exact(sub) == nil {
				break
			}
		}
		out = cut(append(done, out...))
		if shortest(out) == 0 {
			return nil
		}
		return out
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			st := starts(sub)
			if st == nil {
				return nil
			}
			out = append(out, st...)
		}
		return out
	}
	return nil
}

// exact returns the strings re matches when they are few (at most
// maxExact), nil otherwise; assertions match "".
func exact(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{string(re.Rune)}
	case syntax.OpEmptyMatch, syntax.OpWordBoundary, syntax.OpBeginLine, syntax.OpBeginText:
		return []string{""}
	case syntax.OpCapture:
		return exact(re.Sub[0])
	case syntax.OpRepeat:
		ex := exact(re.Sub[0])
		if ex == nil || re.Max < 0 || re.Max > 4 {
			return nil
		}
		var out []string
		for n, cur := 0, []string{""}; n <= re.Max; n, cur = n+1, product(cur, ex) {
			if n >= re.Min {
				out = append(out, cur...)
			}
		}
		return out
	case syntax.OpQuest:
		if ex := exact(re.Sub[0]); ex != nil {
			return append(ex, "")
		}
	case syntax.OpCharClass:
		var out []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				if out = append(out, string(r)); len(out) > 8 {
					return nil
				}
			}
		}
		return out
	case syntax.OpAlternate, syntax.OpConcat:
		var out []string
		for i, sub := range re.Sub {
			ex := exact(sub)
			switch {
			case ex == nil:
				return nil
			case re.Op == syntax.OpAlternate:
				out = append(out, ex...)
			case i == 0:
				out = ex
			default:
				out = product(out, ex)
			}
			if len(out) > maxExact {
				return nil
			}
		}
		return out
	}
	return nil
}

// litLen bounds the length of start literals.
const litLen = 12

// cut shortens the strings of ss to litLen bytes (on a rune boundary) and
// drops repeats.
func cut(ss []string) []string {
	for i, x := range ss {
		if len(x) > litLen {
			n := litLen
			for n > 0 && !utf8.RuneStart(x[n]) {
				n--
			}
			ss[i] = x[:n]
		}
	}
	slices.Sort(ss)
	return slices.Compact(ss)
}

func product(a, b []string) []string {
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return out
}

func shortest(ss []string) int {
	n := -1
	for _, s := range ss {
		if n < 0 || len(s) < n {
			n = len(s)
		}
	}
	return n
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
}

// spaceless reports whether r is a letter of a script written without
// spaces between words (Han, Hiragana, Katakana, Thai, Lao, Khmer,
// Myanmar): there a match needs no word edge, as none is written.
func spaceless(r rune) bool {
	return r >= 0x0E00 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
}

// foldPattern writes the letters beyond ASCII of a pattern over folded
// text as folding writes them (lower): rules are written in their own
// script ("игнорируй"), and the Cyrillic and Greek letters that look like
// Latin ones are matched in the folded text as those Latin letters.
func foldPattern(p string) string {
	var b strings.Builder
	for _, r := range p {
		if r >= utf8.RuneSelf {
			r = lower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
