package text

import "strings"

// Aside is a parenthetical insertion in a sentence, as byte offsets into
// it: [Start, End) runs from its opening delimiter to its closing one,
// inclusive.
type Aside struct{ Start, End int }

// asideOpeners pairs the brackets that open an aside with those that
// close it: round, square, curly, white square (⟦⟧) and lenticular (【】).
var asideOpeners = map[string]string{"(": ")", "[": "]", "{": "}", "⟦": "⟧", "【": "】"}

// Asides returns the parenthetical insertions of sentence s, outermost
// only, in order (Nunberg, "The Linguistics of Punctuation", 1990: the
// dash and the parenthesis delimit an interpolation in the host
// sentence):
//   - a bracket opened at the start of s or after white space, to the
//     bracket that closes it (brackets nest; one never closed is no
//     aside);
//   - a dash spaced on both sides (em dash, en dash, or a hyphen typed
//     for one), to the next such dash, semicolon or the end of s.
//
// A bracket that follows a word ("f(x)", "item[2]") opens no aside.
func Asides(s string) []Aside {
	var out []Aside
	for i := 0; i < len(s); {
		if a, ok := bracketAside(s, i); ok {
			out = append(out, a)
			i = a.End
			continue
		}
		if n := spacedDash(s, i); n > 0 {
			end := len(s)
			for j := i + n; j < len(s); j++ {
				if s[j] == ';' {
					end = j
					break
				}
				if m := spacedDash(s, j); m > 0 {
					end = j + m
					break
				}
			}
			out = append(out, Aside{Start: i, End: end})
			i = end
			continue
		}
		i++
	}
	return out
}

// bracketAside returns the aside opened by a bracket at s[i:], if one is
// there after white space or at the start of s, and is closed.
func bracketAside(s string, i int) (Aside, bool) {
	open, closer := "", ""
	for o, c := range asideOpeners {
		if strings.HasPrefix(s[i:], o) {
			open, closer = o, c
		}
	}
	if open == "" || i > 0 && s[i-1] != ' ' && s[i-1] != '\t' && s[i-1] != '\n' {
		return Aside{}, false
	}
	depth := 0
	for j := i + len(open); j < len(s); j++ {
		switch {
		case strings.HasPrefix(s[j:], open):
			depth++
		case strings.HasPrefix(s[j:], closer):
			if depth == 0 {
				return Aside{Start: i, End: j + len(closer)}, true
			}
			depth--
		}
	}
	return Aside{}, false
}

// spacedDash returns the byte length of a dash spaced on both sides at
// s[i:] (" — ", " – ", " - "), without the spaces, or 0.
func spacedDash(s string, i int) int {
	if i == 0 || s[i-1] != ' ' {
		return 0
	}
	for _, d := range []string{"—", "–", "-"} {
		if strings.HasPrefix(s[i:], d+" ") {
			return len(d)
		}
	}
	return 0
}
