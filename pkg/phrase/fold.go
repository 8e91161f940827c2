package phrase

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/hrag-dev/hrag/pkg/text"
)

// folded is the text the patterns of a Table match: lower case,
// runs of white space (and the '>' quote markers after a line break, and
// two- and three-em dashes set between words, "orario⸺spostato") as one
// space, compatibility forms (NFKC: full-width letters, ligatures, Roman
// numerals) and look-alike Cyrillic and Greek letters as Latin, typographic
// apostrophes as ', invisible characters removed, and letters spelled out
// with single spaces between them ("i g n o r e") joined.
type folded struct {
	s string
	// off[i] is the byte offset in the original text of the rune that
	// produced s[i]; off[len(s)] is the length of the original text.
	off []int32
}

// Invisible reports whether r is a format character a reader does not see:
// zero-width characters, bidirectional controls, the byte-order mark, the
// soft hyphen and Unicode tag characters. Folding drops them all.
func Invisible(r rune) bool {
	switch {
	case r == 0xAD || r == 0x180E || r == 0xFEFF,
		0x200B <= r && r <= 0x200F, 0x202A <= r && r <= 0x202E,
		0x2060 <= r && r <= 0x2064, 0x2066 <= r && r <= 0x2069,
		0xE0000 <= r && r <= 0xE007F:
		return true
	}
	return false
}

// Fold returns the folded form of s (see folded): the text the patterns
// of a Table match, for reading words before or after a match as the
// patterns read them.
func Fold(s string) string { return fold(s).s }

// fold computes the folded form of text.
func fold(text string) folded {
	b := make([]byte, 0, len(text))
	off := make([]int32, 0, len(text)+1)
	narrow := make([]bool, 0, len(text)) // b[i] is a space from one white-space character
	put := func(r rune, at int) {
		n := len(b)
		b = utf8.AppendRune(b, r)
		for ; n < len(b); n++ {
			off = append(off, int32(at))
			narrow = append(narrow, false)
		}
	}
	spaceRun, afterNewline := 0, false
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		at := i
		i += size
		switch {
		case r < utf8.RuneSelf && r != ' ' && r != '\t' && r != '\n' && r != '\r' && r != '\f' && r != '\v':
			if r == '>' && afterNewline {
				continue
			}
			afterNewline, spaceRun = false, 0
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			put(r, at)
		case unicode.IsSpace(r) || r == '⸺' || r == '⸻': // two- and three-em dashes join words as spaces do
			afterNewline = afterNewline || r == '\n'
			if spaceRun++; spaceRun == 1 {
				put(' ', at)
				narrow[len(narrow)-1] = r == ' '
			} else if len(narrow) > 0 {
				narrow[len(narrow)-1] = false
			}
		case Invisible(r):
		default:
			afterNewline, spaceRun = false, 0
			if r < 0x250 {
				put(lower(r), at)
				continue
			}
			var buf [16]byte
			for _, c := range string(norm.NFKC.AppendString(buf[:0], text[at:i])) {
				put(lower(c), at)
			}
		}
	}
	b, off = joinSpelled(b, off, narrow)
	unLeet(b)
	return folded{s: string(b), off: append(off, int32(len(text)))}
}

// lower returns r in lower case, a look-alike as its Latin letter
// (text.LookAlike).
func lower(r rune) rune {
	if l, ok := text.LookAlike(r); ok {
		return l
	}
	return unicode.ToLower(r)
}

// joinSpelled removes the separators inside a word spelled out letter by
// letter: in a chain of one-letter tokens (a letter, accented or not,
// between spaces or punctuation: "(n o t a …", "r é p o n d s") holding at
// least six letters, the spaces that came from one white-space character go
// (the wider gaps between the spelled words stay); in a chain of three
// letters or more joined by dots or by hyphens ("i.g.n.o.r.e t.h.e",
// "r-i-s-p-o-n-d-i"), the dots or hyphens go. "e.g." and "U.S." stay.
func joinSpelled(b []byte, off []int32, narrow []bool) ([]byte, []int32) {
	// single returns the length of the one-letter token at i, 0 if none.
	single := func(i int) int {
		if i >= len(b) {
			return 0
		}
		r, n := utf8.DecodeRune(b[i:])
		if !unicode.IsLetter(r) || i > 0 && isWordRune(utf8.DecodeLastRune(b[:i])) || i+n < len(b) && isWordRune(utf8.DecodeRune(b[i+n:])) {
			return 0
		}
		return n
	}
	var drop []int
	for i := 0; i < len(b); i++ {
		size := single(i)
		if size == 0 {
			continue
		}
		j, n := i+size, 1 // j: the byte after the chain's last letter
		var sep byte      // the chain's separator: ' ', '.' or '-'
		for j+1 < len(b) && (b[j] == ' ' || b[j] == '.' || b[j] == '-') && (sep == 0 || b[j] == sep) {
			next := single(j + 1)
			if next == 0 {
				break
			}
			sep, j, n = b[j], j+1+next, n+1
		}
		if sep == ' ' && n >= 6 || sep != ' ' && n >= 3 {
			for k := i; k < j; k++ {
				if b[k] == sep && (sep != ' ' || narrow[k]) {
					drop = append(drop, k)
				}
			}
		}
		i = j - 1
	}
	if len(drop) == 0 {
		return b, off
	}
	w, d := 0, 0
	for i := range b {
		if d < len(drop) && drop[d] == i {
			d++
			continue
		}
		b[w], off[w] = b[i], off[i]
		w++
	}
	return b[:w], off[:w]
}

// isWordRune reports whether r (decoded with its size, which is ignored)
// is a letter or a digit.
func isWordRune(r rune, _ int) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// leet maps the digits written for letters in leetspeak ("4s1st3nt3") to
// those letters.
var leet = [10]byte{0: 'o', 1: 'i', 3: 'e', 4: 'a', 5: 's', 7: 't'}

// unLeet rewrites, in place, the digits of words written in leetspeak as
// the letters they stand for (0 o, 1 i, 3 e, 4 a, 5 s, 7 t): a word of ASCII
// letters and digits where a letter comes before one of those digits
// ("p4r4", "4s1st3nt3", "d1"), and a word with such digits only before its
// letters ("3l") when one of the two words before or after it is of the
// first kind. A
// number with a unit after it ("10km", "4th") is otherwise left alone.
// Offsets do not move: each byte stays one byte.
func unLeet(b []byte) {
	type word struct {
		i, j, n int  // bytes [i, j), the n-th word
		leet    bool // a letter before a leet digit (else digits first)
	}
	var words []word // only words with letters and leet digits: few, often none
	n := 0
	for i := 0; i < len(b); {
		if !isASCIIWord(b[i]) || i > 0 && b[i-1] >= 0x80 {
			i++
			continue
		}
		w, letter, digit := word{i: i, n: n}, false, false
		for w.j = i; w.j < len(b) && isASCIIWord(b[w.j]); w.j++ {
			switch c := b[w.j]; {
			case 'a' <= c && c <= 'z':
				letter = true
			case leet[c-'0'] != 0:
				digit = true
				w.leet = w.leet || letter
			}
		}
		if letter && digit && (w.j == len(b) || b[w.j] < 0x80) {
			words = append(words, w)
		}
		i, n = w.j, n+1
	}
	near := func(w word) bool { // a word of the first kind within two words
		for _, o := range words {
			if o.leet && o.n >= w.n-2 && o.n <= w.n+2 {
				return true
			}
		}
		return false
	}
	for _, w := range words {
		if !w.leet && !near(w) {
			continue
		}
		for k := w.i; k < w.j; k++ {
			if '0' <= b[k] && b[k] <= '9' && leet[b[k]-'0'] != 0 {
				b[k] = leet[b[k]-'0']
			}
		}
	}
}

// isASCIIWord reports whether c is a lower-case ASCII letter or a digit.
func isASCIIWord(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }
