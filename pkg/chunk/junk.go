package chunk

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// JunkSpan is a run of whole lines that MaskJunk blanked: machine data, not
// notes.
type JunkSpan struct {
	StartLine, EndLine int // 1-based, inclusive
	Bytes              int // bytes of text blanked
}

// MaskJunk blanks the lines of body that hold machine data rather than
// prose, keeping every newline so that line numbers stay right, and returns
// the blanked spans (adjacent lines joined). A line is machine data when
//
//   - it holds a run of at least o.JunkRun characters of the base64, hex and
//     URL-safe alphabet [A-Za-z0-9+/=_-], letters and digits among them,
//     with nothing else in between (base64 and hex blobs, keys; not a rule
//     of dashes); or
//   - it is one of at least 3 consecutive lines of 60 or more such
//     characters, letters and digits among them, and nothing else (base64
//     wrapped at 64 or 76 columns); or
//   - it is longer than o.JunkLine characters, at least 90% ASCII, with
//     whitespace under 1 character in 40 (minified JSON, XML, CSS or
//     JavaScript).
//
// Prose in scripts written without spaces (Chinese, Japanese, Thai) is
// mostly non-ASCII and never matches; nor does a long line of prose, which
// has a space every few characters. A threshold ≤ 0 switches its rule off.
// Lines inside fenced code blocks are judged like any other: a minified
// bundle in a fence is still machine data.
func MaskJunk(body string, o Options) (string, []JunkSpan) {
	if o.JunkRun <= 0 && o.JunkLine <= 0 {
		return body, nil
	}
	lines := strings.SplitAfter(body, "\n")
	junk := make([]bool, len(lines))
	any := false
	for i, l := range lines {
		if junkLine(strings.TrimRight(l, "\r\n"), o) {
			junk[i], any = true, true
		}
	}
	// Wrapped base64: runs of ≥ 3 lines that are blob characters only.
	if o.JunkRun > 0 {
		for i := 0; i < len(lines); {
			j := i
			for j < len(lines) && wrappedBlobLine(strings.TrimRight(lines[j], "\r\n")) {
				j++
			}
			if j-i >= 3 {
				for k := i; k < j; k++ {
					junk[k], any = true, true
				}
			}
			i = max(j, i+1)
		}
	}
	if !any {
		return body, nil
	}
	var b strings.Builder
	b.Grow(len(body))
	var spans []JunkSpan
	for i, l := range lines {
		if !junk[i] {
			b.WriteString(l)
			continue
		}
		text := strings.TrimRight(l, "\r\n")
		b.WriteString(l[len(text):]) // the line break only
		if n := len(spans); n > 0 && spans[n-1].EndLine == i {
			spans[n-1].EndLine = i + 1
			spans[n-1].Bytes += len(text)
		} else {
			spans = append(spans, JunkSpan{StartLine: i + 1, EndLine: i + 1, Bytes: len(text)})
		}
	}
	return b.String(), spans
}

func blobChar(r rune) bool {
	return r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
		r == '+' || r == '/' || r == '=' || r == '_' || r == '-')
}

func junkLine(l string, o Options) bool {
	if o.JunkRun > 0 && len(l) >= o.JunkRun {
		run, letter, digit := 0, false, false
		for i := 0; i < len(l); i++ {
			c := l[i]
			if !blobChar(rune(c)) {
				run, letter, digit = 0, false, false
				continue
			}
			run++
			letter = letter || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
			digit = digit || c >= '0' && c <= '9'
			if run >= o.JunkRun && letter && digit {
				return true
			}
		}
	}
	if o.JunkLine > 0 && len(l) > o.JunkLine {
		chars, ascii, space := 0, 0, 0
		for _, r := range l {
			chars++
			if r < utf8.RuneSelf {
				ascii++
			}
			if unicode.IsSpace(r) {
				space++
			}
		}
		if chars > o.JunkLine && ascii*10 >= chars*9 && space*40 < chars {
			return true
		}
	}
	return false
}

// wrappedBlobLine: a line of 60 or more blob characters and nothing else.
func wrappedBlobLine(l string) bool {
	if len(l) < 60 {
		return false
	}
	letter, digit := false, false
	for i := 0; i < len(l); i++ {
		c := l[i]
		if !blobChar(rune(c)) {
			return false
		}
		letter = letter || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		digit = digit || c >= '0' && c <= '9'
	}
	return letter && digit
}
