package chunk

import (
	"strings"
)

// Ellipsis marks dropped header levels and cut header text in a breadcrumb.
const Ellipsis = "…"

// Breadcrumb renders path as "[Title > Section > Subsection]" within max
// tokens (0 or less: no limit; an empty path gives ""). When the full form is
// too long, levels are kept in this order of priority: the innermost header,
// then the top-level one, then the middle levels nearest the innermost.
// Dropped levels collapse into one "…" level; a header that must be cut keeps
// its leading words (or characters when a single word is too long) followed
// by "…". Returns "" when not even "[…]" fits.
func Breadcrumb(path []string, max int, tk Counter) string {
	if len(path) == 0 {
		return ""
	}
	full := render(path, allKept(len(path)))
	if max <= 0 || tk.Count(full) <= max {
		return full
	}
	n := len(path)
	text := make([]string, n)
	kept := make([]bool, n)
	fits := func() bool { return tk.Count(render(text, kept)) <= max }

	order := []int{n - 1}
	if n > 1 {
		order = append(order, 0)
	}
	for i := n - 2; i >= 1; i-- {
		order = append(order, i)
	}
	for rank, i := range order {
		kept[i], text[i] = true, path[i]
		if fits() {
			continue
		}
		if rank < 2 { // the innermost and top-level headers are cut rather than dropped
			if cut, ok := cutToFit(path[i], func(s string) bool { text[i] = s; return fits() }); ok {
				text[i] = cut
				continue
			}
		}
		kept[i], text[i] = false, ""
		if rank == 0 {
			if tk.Count("["+Ellipsis+"]") <= max {
				return "[" + Ellipsis + "]"
			}
			return ""
		}
		break // a lower-priority level cannot be kept if this one is not
	}
	return render(text, kept)
}

func allKept(n int) []bool {
	k := make([]bool, n)
	for i := range k {
		k[i] = true
	}
	return k
}

// render joins kept levels with " > " and collapses each run of dropped levels
// into a single "…".
func render(text []string, kept []bool) string {
	var parts []string
	for i := range text {
		switch {
		case kept[i]:
			parts = append(parts, text[i])
		case i == 0 || kept[i-1]:
			parts = append(parts, Ellipsis)
		}
	}
	return "[" + strings.Join(parts, " > ") + "]"
}

// cutToFit returns the longest prefix of s (whole words, else whole
// characters) plus "…" for which try reports true, and false when not even one
// character fits.
func cutToFit(s string, try func(string) bool) (string, bool) {
	words := wordSpans(s)
	best := -1
	lo, hi := 1, len(words)-1 // keep words[0..k-1]; k=len(words) is the full text, known not to fit
	for lo <= hi {
		mid := (lo + hi) / 2
		if try(s[:words[mid-1].b] + Ellipsis) {
			best, lo = mid, mid+1
		} else {
			hi = mid - 1
		}
	}
	if best > 0 {
		return s[:words[best-1].b] + Ellipsis, true
	}
	runes := runeSpans(s)
	bestR := 0
	lo, hi = 1, len(runes)-1
	for lo <= hi {
		mid := (lo + hi) / 2
		if try(s[:runes[mid-1].b] + Ellipsis) {
			bestR, lo = mid, mid+1
		} else {
			hi = mid - 1
		}
	}
	if bestR > 0 {
		return s[:runes[bestR-1].b] + Ellipsis, true
	}
	return "", false
}
