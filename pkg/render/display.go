package render

// Display clean-up of a passage's text for a terminal. Chunks are cut from
// the notes by a token budget (package chunk): one can start inside a
// sentence or a table, end with the marker of a list item that went to the
// next chunk, or hold only one end of a code block. What is cleaned up here
// is only what a person sees on a terminal: the stored chunk, `--json` and
// the text the LLM gets keep the chunk as indexed.

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	htext "github.com/hrag-dev/hrag/pkg/text"
)

// ellipsis marks text left out at an edge of a passage (or a cut there).
const ellipsis = "…"

// maxTrim is the longest edge fragment, in runes, that is replaced by "…"
// (about a line and a half). A longer one is shown and only marked with
// "…": cutting it would hide too much of the passage.
const maxTrim = 120

var (
	headingRe  = regexp.MustCompile(`^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$`)
	listItemRe = regexp.MustCompile(`^ {0,3}([-+*]|\d{1,9}[.)])(\s|$)`)
	quoteRe    = regexp.MustCompile(`^ {0,3}>`)
	setextRe   = regexp.MustCompile(`^ {0,3}(=+|-+)[ \t]*$`)
	// loneMarkerRe is a line that is only Markdown syntax: a list marker
	// whose item is in the next chunk, an emphasis opener, a table pipe.
	loneMarkerRe = regexp.MustCompile(`^([-+*_~>#|=]+|\d{1,9}[.)])$`)
	// trailingMarkerRe is the same at the end of a line of text.
	// Only an emphasis opener: "Ctrl -" and "rating: ***" are text.
	trailingMarkerRe = regexp.MustCompile(`[ \t]+[*_]{1,2}$`)
	// singleWordRe is a first sentence of one capitalised word ("Go.")
	// with more text on its line: what is left when the chunker took an
	// abbreviation ("e.g. Go.") for the end of a sentence.
	singleWordRe = regexp.MustCompile(`^(\p{Lu}\p{Ll}+)\.[ \t]+\S`)
)

// displayMarkdown is a passage's text as shown on a terminal: its edges
// trimmed (trimEdges), tables without a header row given an empty one, and
// headings turned into bold lines (the passage header above is the only
// heading-like line of a passage).
func displayMarkdown(content string, first, last bool) string {
	lines := strings.Split(trimEdges(content, first, last), "\n")
	lines = fixTables(lines)
	lines = demoteHeadings(lines)
	return strings.Join(joinSoftBreaks(lines), "\n")
}

// joinSoftBreaks joins the lines of each prose paragraph into one: a note's
// own line breaks inside a paragraph would otherwise survive the terminal's
// word wrap as one-word lines. Lists, tables, quotes, code and headings keep
// their lines.
func joinSoftBreaks(lines []string) []string {
	code := codeLines(lines)
	var out []string
	for i, l := range lines {
		if i > 0 && len(out) > 0 && isProse(lines, i, code) && isProse(lines, i-1, code) && !strings.HasSuffix(lines[i-1], "  ") {
			out[len(out)-1] = strings.TrimRight(out[len(out)-1], " \t") + " " + strings.TrimLeft(l, " \t")
			continue
		}
		out = append(out, l)
	}
	return out
}

// trimEdges trims a chunk's text to sentence or block boundaries for display,
// never in the middle:
//   - a chunk that starts inside a sentence (lower-case or punctuation
//     first, or a one-word first sentence like "Go.") loses that fragment to
//     "…" when it is short (maxTrim), else the fragment is kept behind "…";
//   - lone Markdown markers at the end ("*", "-", "|") are removed, and "…"
//     says that the text went on;
//   - a last paragraph cut inside a sentence (more text after a sentence end
//     on the same line, an unclosed "**" or "`", or an abbreviation at the
//     end) is trimmed to its last sentence end, plus "…";
//   - a code fence left open is closed, and a chunk that starts inside a code
//     block gets the opening fence back, so code stays code and nothing is
//     trimmed inside it.
//
// Headings, list items, tables and quotes at the start are kept. When the
// whole chunk is one fragment, it is kept and marked with "…".
func trimEdges(s string, first, last bool) string {
	s = strings.TrimRight(s, " \t\r\n")
	for { // leading blank lines
		i := strings.IndexByte(s, '\n')
		if i < 0 || strings.TrimSpace(s[:i]) != "" {
			break
		}
		s = s[i+1:]
	}
	if strings.TrimSpace(s) == "" {
		return s
	}
	lines := balanceFences(strings.Split(s, "\n"))
	code := codeLines(lines)
	cut := false
	if !last { // at the end of the document they are the note's own text
		lines, code, cut = dropTrailingMarkers(lines, code)
	}
	lines = lines[:lastNonBlank(lines)+1]
	code = code[:len(lines)]
	kept := strings.Join(lines, "\n") // what is left if trimming leaves no words

	leadFrag := false
	if !first {
		lines, code, leadFrag = trimStart(lines, code)
	}
	e := len(lines) - 1
	if e < 0 || code[e] || last {
		return strings.Join(lines, "\n")
	}
	lines = trimEnd(lines, code, cut, leadFrag)
	out := strings.TrimRight(strings.Join(lines, "\n"), " \t\n")
	if !strings.ContainsFunc(out, isWordRune) && strings.ContainsFunc(kept, isWordRune) {
		// Both edges were fragments of one sentence: show it all, marked.
		out = kept
		if leadFrag {
			out = ellipsis + out
		}
		if cut || !endsComplete(out) {
			out += ellipsis
		}
	}
	return out
}

// dropTrailingMarkers removes lone Markdown markers at the end of lines
// ("*", "-", "|": what is left of a list item or an emphasis whose text is
// in the next chunk) and an emphasis opener at the end of the last line,
// and reports whether text was cut (a thematic break "---" is not a cut;
// a setext heading's underline stays). code is codeLines(lines); both
// come back shortened alike.
func dropTrailingMarkers(lines []string, code []bool) ([]string, []bool, bool) {
	cut := false
	for {
		e := lastNonBlank(lines)
		if e < 0 || code[e] {
			return lines, code, cut
		}
		t := strings.TrimSpace(lines[e])
		if e > 0 && loneMarkerRe.MatchString(t) && !(strings.Contains(t, "|") && htext.IsDelimiterRow(t)) {
			rule := len(t) >= 3 && strings.Trim(t, t[:1]) == "" && strings.Contains("-*_=", t[:1])
			if rule && isProse(lines, e-1, code) {
				return lines, code, cut // the underline of a setext heading ("Title" over "===")
			}
			lines, code = lines[:e], code[:e]
			cut = cut || !rule
			continue
		}
		if !isTableRow(lines[e]) && trailingMarkerRe.MatchString(lines[e]) && strings.TrimSpace(trailingMarkerRe.ReplaceAllString(lines[e], "")) != "" {
			lines[e] = trailingMarkerRe.ReplaceAllString(lines[e], "")
			cut = true
		}
		return lines, code, cut
	}
}

// trimStart replaces a first paragraph that starts inside a sentence
// (fragmentStart) with "…": up to its first sentence end when that is
// short (maxTrim) and text follows, else the fragment stays behind "…".
// It reports whether the start was such a fragment; code is recomputed.
func trimStart(lines []string, code []bool) ([]string, []bool, bool) {
	if code[0] || !isProse(lines, 0, code) {
		return lines, code, false
	}
	end := paraEnd(lines, 0, code)
	text := strings.Join(lines[:end], "\n")
	if !fragmentStart(text) {
		return lines, code, false
	}
	more := strings.TrimSpace(strings.Join(lines[end:], "\n")) != ""
	var repl string
	if p := firstSentenceEnd(text); p > 0 && utf8.RuneCountInString(text[:p]) <= maxTrim && (more || strings.TrimSpace(text[p:]) != "") {
		repl = ellipsis
		if rest := text[p:]; strings.TrimSpace(rest) != "" {
			repl += " " + rest
		}
	} else {
		repl = ellipsis + text
	}
	lines = splice(lines, 0, end, strings.Split(repl, "\n"))
	return lines, codeLines(lines), true
}

// trimEnd trims the last paragraph or list item of lines when it is cut
// inside a sentence (more text after a sentence end on its last line, an
// unclosed "**" or "`", an abbreviation at the end) to its last sentence
// end plus "…", or marks it with "…"; cut (markers were dropped) and
// leadFrag (the start was a fragment) add the mark where nothing else
// does.
func trimEnd(lines []string, code []bool, cut, leadFrag bool) []string {
	e := len(lines) - 1
	kind := ""
	u := e
	switch {
	case isProse(lines, e, code):
		kind = "prose"
		for u > 0 && isProse(lines, u-1, code) {
			u--
		}
	case listItemRe.MatchString(lines[e]) || isContinuation(lines, e, code):
		kind = "list"
		for u > 0 && !listItemRe.MatchString(lines[u]) {
			u--
		}
	}
	if kind == "" {
		if cut {
			lines = append(lines, "", ellipsis)
		}
		return lines
	}
	text := strings.Join(lines[u:e+1], "\n")
	open := unclosedInline(text)
	abbrev := endsWithAbbreviation(text)
	switch {
	case open >= 0 || abbrev || kind == "prose" && !endsComplete(text) && sameLineFragment(text):
		lines = splice(lines, u, e+1, strings.Split(trimFragmentEnd(text, open, abbrev), "\n"))
	case cut:
		lines = append(lines, "", ellipsis)
	case kind == "prose" && leadFrag && u == 0 && !endsComplete(text):
		lines[e] += ellipsis
	}
	return lines
}

// trimFragmentEnd cuts text, which ends inside a sentence, after its last
// sentence end before the unclosed inline mark at open (-1: none) or the
// final abbreviation, when what goes is short (maxTrim), and adds "…".
func trimFragmentEnd(text string, open int, abbrev bool) string {
	limit := len(text)
	if open >= 0 {
		limit = open
	}
	if abbrev {
		limit = strings.LastIndexAny(strings.TrimRight(text, " \t"), " \t\n") + 1
	}
	p := lastSentenceEnd(text, limit)
	switch {
	case p > 0 && p > listTextStart(text) && utf8.RuneCountInString(text[p:]) <= maxTrim:
		text = strings.TrimRight(text[:p], " \t\n")
		if r, _ := utf8.DecodeLastRuneInString(text); r < 0x2e80 { // no space after CJK punctuation
			text += " "
		}
		return text + ellipsis
	case open >= 0:
		return text[:open] + strings.TrimLeft(text[open:], "*`") + ellipsis
	}
	return text + ellipsis
}

// isWordRune reports whether r is a letter or a digit.
func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// splice replaces lines[a:b] with repl.
func splice(lines []string, a, b int, repl []string) []string {
	out := make([]string, 0, len(lines)-(b-a)+len(repl))
	out = append(out, lines[:a]...)
	out = append(out, repl...)
	return append(out, lines[b:]...)
}

// lastNonBlank returns the index of the last non-blank line, -1 if none.
func lastNonBlank(lines []string) int {
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.TrimSpace(lines[i]) != "" {
			return i
		}
	}
	return -1
}

// codeLines marks the lines of fenced code blocks, fences included.
func codeLines(lines []string) []bool {
	code, _, _, _ := htext.CodeLines(lines)
	return code
}

// codeLinesOpen returns the fence left open at the end of lines, "" if none.
func codeLinesOpen(lines []string) string {
	_, open, _, _ := htext.CodeLines(lines)
	return open
}

// balanceFences returns lines with every code block closed: a chunk that
// ends inside one gets its closing fence, a chunk that starts inside one
// (its first fence closes a block, the text before it is code) gets the
// opening fence. Which of the two applies when the fences do not pair up is
// decided by the first fence: one with an info string ("```go") opens a
// block; a bare one closes it when it is the last line or when the text
// before it does not end like a sentence.
func balanceFences(lines []string) []string {
	_, open, firstFence, lastFence := htext.CodeLines(lines)
	if open == "" {
		return lines
	}
	f, info, _ := htext.Fence(lines[firstFence])
	startsInside := firstFence > 0 && info == "" &&
		(lastFence == lastNonBlank(lines) || !endsLikeSentence(lines[:firstFence]))
	if startsInside {
		lines = append([]string{f}, lines...)
		if codeLinesOpen(lines) == "" {
			return lines
		}
	}
	return append(lines, codeLinesOpen(lines))
}

// endsLikeSentence reports whether the last non-blank line ends like prose:
// a word, then sentence or colon punctuation, not indented.
func endsLikeSentence(lines []string) bool {
	i := lastNonBlank(lines)
	if i < 0 {
		return false
	}
	l := lines[i]
	if strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t") {
		return false
	}
	return endsComplete(l) && strings.ContainsFunc(strings.TrimRight(l, ".!?:;…。！？：；\"'”’)*_ \t"), unicode.IsLetter)
}

// isProse reports whether lines[i] is a line of a plain paragraph: not blank,
// code, heading, list item, quote, table row, HTML or indented code.
func isProse(lines []string, i int, code []bool) bool {
	l := lines[i]
	if strings.TrimSpace(l) == "" || code[i] || headingRe.MatchString(l) || listItemRe.MatchString(l) ||
		quoteRe.MatchString(l) || isTableLine(lines, i) || strings.HasPrefix(strings.TrimSpace(l), "<") ||
		strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t") {
		return false
	}
	return !(setextRe.MatchString(l) && i > 0 && strings.TrimSpace(lines[i-1]) != "")
}

// isContinuation reports whether lines[i] continues a list item above it in
// the same paragraph.
func isContinuation(lines []string, i int, code []bool) bool {
	for j := i; j >= 0; j-- {
		if strings.TrimSpace(lines[j]) == "" || code[j] || isTableLine(lines, j) || headingRe.MatchString(lines[j]) {
			return false
		}
		if listItemRe.MatchString(lines[j]) {
			return true
		}
	}
	return false
}

// paraEnd returns the index after the prose lines starting at i.
func paraEnd(lines []string, i int, code []bool) int {
	for i < len(lines) && isProse(lines, i, code) {
		i++
	}
	return i
}

// fragmentStart reports whether a paragraph starts inside a sentence: with
// a lower-case word (not one with digits or "_-./:@=$~", which is more
// likely a file, a command or an identifier starting a paragraph), with
// punctuation that continues a sentence, or with a one-word sentence.
func fragmentStart(text string) bool {
	r, _ := utf8.DecodeRuneInString(text)
	if strings.ContainsRune(",;:)]}»”’", r) {
		return true
	}
	if unicode.IsLower(r) {
		word, _, _ := strings.Cut(strings.TrimSpace(text), " ")
		word = strings.TrimRight(word, ",;:.!?")
		return !strings.ContainsFunc(word, func(r rune) bool {
			return unicode.IsDigit(r) || strings.ContainsRune("_-./:@=$~", r)
		})
	}
	if m := singleWordRe.FindStringSubmatch(text); m != nil {
		return !htext.IsAbbreviation(m[1])
	}
	return false
}

// sentenceEnds returns the end offsets (after the following white space)
// of the sentence ends in text (text.SentenceEnds), leaving out a
// punctuation run at its very start ("…" put first for a fragment).
func sentenceEnds(text string) []int {
	var out []int
	for _, e := range htext.SentenceEnds(text) {
		if strings.TrimLeft(text[:e], ".!?…。！？"+closers) == "" {
			continue
		}
		for e < len(text) && unicode.IsSpace(rune(text[e])) {
			e++
		}
		out = append(out, e)
	}
	return out
}

// firstSentenceEnd is the offset after the first sentence end of text
// (with the space after it), 0 if none.
func firstSentenceEnd(text string) int {
	if ends := sentenceEnds(text); len(ends) > 0 {
		return ends[0]
	}
	return 0
}

// lastSentenceEnd is the offset after the last sentence end of text that
// lies before limit, 0 if none.
func lastSentenceEnd(text string, limit int) int {
	p := 0
	for _, e := range sentenceEnds(text) {
		if e <= limit {
			p = e
		}
	}
	return p
}

// listTextStart is the offset of the text of a list item (after "- "), 0
// for other text: a list item is never trimmed down to its marker.
func listTextStart(text string) int {
	if m := listItemRe.FindStringIndex(text); m != nil && m[0] == 0 {
		return m[1]
	}
	return 0
}

// closers may follow the punctuation that ends a sentence.
const closers = "*_`\"'”’)]}»」』）"

// endsComplete reports whether text ends with sentence or clause
// punctuation, or is one bold or italic line (used as a heading).
func endsComplete(text string) bool {
	t := strings.TrimSpace(text)
	if len(t) > 2 && (strings.HasPrefix(t, "**") && strings.HasSuffix(t, "**") || strings.HasPrefix(t, "_") && strings.HasSuffix(t, "_")) {
		return true
	}
	t = strings.TrimRight(t, closers)
	r, _ := utf8.DecodeLastRuneInString(t)
	return strings.ContainsRune(".!?…:;。！？：；", r)
}

// sameLineFragment reports whether text goes on after its last sentence end
// on the same line: a sentence cut by the chunk's end. Text after a line
// break may be a line of its own (plain notes often have no punctuation).
func sameLineFragment(text string) bool {
	p := lastSentenceEnd(text, len(text))
	if p == 0 || p >= len(text) {
		return false
	}
	return !strings.Contains(text[lastSpaceStart(text, p):p], "\n")
}

// lastSpaceStart returns where the white space before offset p begins.
func lastSpaceStart(text string, p int) int {
	for p > 0 && strings.ContainsRune(" \t\n", rune(text[p-1])) {
		p--
	}
	return p
}

// endsWithAbbreviation reports whether text ends with an abbreviation
// ("e.g."): the chunker took it for the end of a sentence.
func endsWithAbbreviation(text string) bool {
	t := strings.TrimSpace(text)
	if i := strings.LastIndexAny(t, " \t\n("); i >= 0 {
		t = t[i+1:]
	}
	return strings.HasSuffix(t, ".") && htext.IsAbbreviation(strings.TrimSuffix(t, ".")) && strings.ContainsAny(strings.TrimSpace(text), " \t\n")
}

// unclosedInline returns the offset of an inline code span or strong
// emphasis opened and not closed in text, or -1.
func unclosedInline(text string) int {
	// Code spans: a run of n backticks opens one, the next run of exactly
	// n closes it (CommonMark); other runs inside are text.
	open, openAt := 0, -1
	for i := 0; i < len(text); {
		if text[i] != '`' {
			i++
			continue
		}
		j := i
		for j < len(text) && text[j] == '`' {
			j++
		}
		switch n := j - i; {
		case open == 0:
			open, openAt = n, i
		case n == open:
			open, openAt = 0, -1
		}
		i = j
	}
	if open > 0 {
		return openAt
	}
	// Strong emphasis: "**" not between two letters or digits (2**10 is
	// not emphasis).
	var at []int
	for i := 0; i+1 < len(text); i++ {
		if text[i] != '*' || text[i+1] != '*' {
			continue
		}
		j := i + 2
		for j < len(text) && text[j] == '*' {
			j++
		}
		before, _ := utf8.DecodeLastRuneInString(text[:i])
		after, _ := utf8.DecodeRuneInString(text[j:])
		if j-i == 2 && !(i > 0 && j < len(text) && isWordRune(before) && isWordRune(after)) {
			at = append(at, i)
		}
		i = j - 1
	}
	if len(at)%2 == 1 {
		return at[len(at)-1]
	}
	return -1
}

// isFenceLine reports whether l is a code-fence line (text.Fence).
func isFenceLine(l string) bool {
	_, _, ok := htext.Fence(l)
	return ok
}
