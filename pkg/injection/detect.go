package injection

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaskText is the placeholder that Mask puts in place of each masked span.
const MaskText = "[text addressed to an AI assistant removed by hrag]"

// Action is what hrag does with a span.
type Action uint8

const (
	// Flagged: the text stays in the prompt; hrag reports it and treats its
	// passage as untrusted.
	Flagged Action = iota
	// Masked: Mask replaces the text with MaskText before the model sees it.
	Masked
)

// String returns "flag" or "mask".
func (a Action) String() string {
	if a == Masked {
		return "mask"
	}
	return "flag"
}

// Span is a byte range [Start, End) of a text that may address an AI model:
// the name of the rule that found it (see rules.go) and what is done with
// it. Start and End are on UTF-8 rune boundaries, 0 <= Start < End <=
// len(text).
type Span struct {
	Start, End int
	Rule       string
	Action     Action
}

// rule is one row of the rule table.
type rule struct {
	name   string
	action Action
	// sentence: the span is the sentence holding the match (segment.go),
	// else the match itself.
	sentence bool
	// line: the match must start a line (after indentation and '>').
	line bool
	// clause: the match must start a line or a sentence (clauseHead).
	clause bool
	// raw: the pattern matches the original text, not the folded one.
	raw bool
	// anywhere: the rule counts inside code too (other rules do not).
	anywhere bool
	// guarded: a match that does not start a clause, or is negated,
	// quoted, described or scoped to something (guardedOut), is flagged
	// instead of masked, and dropped when the rule only flags or the
	// scoped override does not speak of a reply or a model (an erratum).
	guarded bool
	// scope: for a guarded rule, the words that, right after a match,
	// say what the instructions were for ("disregard the earlier
	// instructions for the printer driver"), in the rule's language.
	scope string
	// with: the rule counts only when the rule of that name matched too.
	with string
	// turn: the match is a dialogue turn's speaker marker; the turn's
	// text after it, to the next marker or the paragraph's end, is a
	// flagged span of DialogueTurnRule.
	turn bool
	// disowns: the span is the attacker's voice whole, wrapped or not
	// (Disowned).
	disowns bool
	// script: a match whose sentence opens with a setting (setting: "At
	// the pharmacy,", "Beim Arzt:") is the owner's script for that place,
	// not text to be said by whoever reads the note, and gives no span.
	script bool
	// toLineEnd: the span runs from the match's start to the end of its
	// line (a field of front matter or data), not the match or sentence.
	toLineEnd bool
	// starts: strings one of which every match begins with (in the folded
	// text, or the original one for raw rules); derived from the pattern
	// (startLiterals) unless the table gives them.
	starts  []string
	pattern string
	match   []string // examples that must give a span of this rule
	noMatch []string // examples that must not

	re       *regexp.Regexp  // the pattern anchored at the start
	scopeSet map[string]bool // the scope words
}

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

// maxMatch bounds the text an anchored pattern is tried on, in bytes.
const maxMatch = 600

// hit is a match of a rule in the original text.
type hit struct {
	st, en int
	r      *rule
}

// candidates returns the matches of the rules in the folded text (f) and
// the original one (text). A rule's pattern is tried only where one of its
// start literals occurs: for the folded text at word starts (and at the
// non-letter bytes that begin a literal), found through the index; for
// raw rules wherever a literal occurs.
func (c *compiled) candidates(text string, f folded) []hit {
	var hits []hit
	last := make([]int, len(c.rules)) // end of the rule's last match, to skip overlaps
	try := func(i int, subject string, p int) {
		r := &c.rules[i]
		if p < last[i] {
			return
		}
		m := r.re.FindStringIndex(subject[p:min(len(subject), p+maxMatch)])
		if m == nil || !wordEdges(subject, p, p+m[1]) {
			return
		}
		last[i] = p + m[1]
		st, en := p, p+m[1]
		if !r.raw {
			st, en = int(f.off[st]), int(f.off[en])
		}
		if st < en {
			hits = append(hits, hit{st, en, r})
		}
	}
	s := f.s
	for p := 0; p+1 < len(s); p++ {
		b := s[p]
		if !c.punct[b] && (!isWordByte(b) || p > 0 && isWordByte(s[p-1])) {
			continue
		}
		prev := -1
		for _, l := range c.index[s[p:p+2]] {
			if l.rule != prev && strings.HasPrefix(s[p:], l.s) {
				try(l.rule, s, p)
				prev = l.rule
			}
		}
	}
	for i := range c.rules {
		if !c.rules[i].raw {
			continue
		}
		for _, l := range c.rules[i].starts {
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
	return hits
}

// hits returns the segmenter of text and the matches of c's rules that
// count where they are: a line rule only at a line's head, and none in
// code unless the rule reads code too.
func (c *compiled) hits(text string) (segmenter, []hit) {
	seg := segmenter{t: text}
	var hits []hit
	for _, h := range c.candidates(text, fold(text)) {
		if !(h.r.line && !seg.lineHead(h.st) || h.r.clause && !seg.clauseHead(h.st) || !h.r.anywhere && seg.inCode(h.st)) {
			hits = append(hits, h)
		}
	}
	return seg, hits
}

// Detect returns the spans of text that may address an AI model, in order
// and not overlapping; nil when there are none. A masked span is never
// overlapped by a flagged one: where a flagged sentence holds a masked
// token, the flagged span is the rest of the sentence. Detect never fails;
// invalid UTF-8 is read as U+FFFD. Safe for concurrent use.
func Detect(text string) []Span {
	if text == "" {
		return nil
	}
	seg, hits := table().hits(text)
	var spans []Span
	for _, h := range hits {
		if h.r.with != "" && !slices.ContainsFunc(hits, func(o hit) bool { return o.r.name == h.r.with }) {
			continue
		}
		sp := Span{Start: h.st, End: h.en, Rule: h.r.name, Action: h.r.action}
		if h.r.turn {
			if ts, te := seg.turn(h.en, nextTurn(hits, h.en)); ts < te {
				spans = append(spans, Span{Start: ts, End: te, Rule: DialogueTurnRule, Action: Flagged})
			}
		}
		if h.r.sentence {
			ss, se := seg.sentence(h.st, h.en)
			if reported(text, ss, h.st, h.en, se) {
				continue // an account of a text, not text addressed to a model
			}
			if out, erratum := false, false; h.r.guarded {
				if out, erratum = guardedOut(text, ss, h.st, h.en, se, h.r.scopeSet); out {
					if sp.Action == Flagged || erratum {
						continue // a guarded flagging rule, or an erratum, gives nothing
					}
					sp.Action = Flagged
				}
			}
			sp.Start, sp.End = ss, se
			if as, ae, ok := seg.aside(h.st, h.en); ok {
				sp.Start, sp.End = as, ae
			} else if as, ae, ok := dashClause(text, ss, h.st, h.en, se); ok {
				sp.Start, sp.End = as, ae
			}
		}
		if h.r.toLineEnd {
			sp.End = seg.lineEnd(h.st)
		}
		spans = append(spans, sp)
	}
	return resolve(text, spans)
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

// resolve merges the spans of each action that overlap or are separated
// only by white space and quote markers, then cuts the masked ranges out
// of the flagged spans (appendPiece).
func resolve(text string, spans []Span) []Span {
	if len(spans) == 0 {
		return nil
	}
	var masks, flags []Span
	for _, sp := range spans {
		if sp.Action == Masked {
			masks = append(masks, sp)
		} else {
			flags = append(flags, sp)
		}
	}
	masks, flags = merge(text, masks), merge(text, flags)
	out := masks
	for _, fl := range flags {
		st := fl.Start
		for _, m := range masks {
			if m.End <= st || m.Start >= fl.End {
				continue
			}
			out = appendPiece(out, text, st, m.Start, fl.Rule)
			st = m.End
		}
		out = appendPiece(out, text, st, fl.End, fl.Rule)
	}
	slices.SortFunc(out, func(a, b Span) int { return a.Start - b.Start })
	return out
}

// merge sorts spans and merges those that overlap or are separated only by
// white space and '>'; a merged span's Rule joins the names of its parts
// with "+".
func merge(text string, spans []Span) []Span {
	slices.SortStableFunc(spans, func(a, b Span) int { return a.Start - b.Start })
	var out []Span
	for _, sp := range spans {
		if n := len(out); n > 0 && (sp.Start <= out[n-1].End || strings.Trim(text[out[n-1].End:sp.Start], " \t\r\n>") == "") {
			out[n-1].End = max(out[n-1].End, sp.End)
			if !slices.Contains(strings.Split(out[n-1].Rule, "+"), sp.Rule) {
				out[n-1].Rule += "+" + sp.Rule
			}
			continue
		}
		out = append(out, sp)
	}
	return out
}

// appendPiece appends [st, en) of a flagged span without white space and
// quote markers ('>' alone, not a tag's or a comment's end) at its edges,
// when it holds a letter or digit; nothing when st >= en (a mask covered
// it).
func appendPiece(out []Span, text string, st, en int, rule string) []Span {
	if st >= en {
		return out
	}
	for st < en && strings.IndexByte(" \t\r\n>", text[st]) >= 0 {
		st++
	}
	for en > st && (strings.IndexByte(" \t\r\n", text[en-1]) >= 0 || text[en-1] == '>' && (en-1 == st || strings.IndexByte(" \t\r\n", text[en-2]) >= 0)) {
		en--
	}
	if strings.IndexFunc(text[st:en], func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
		return out
	}
	return append(out, Span{st, en, rule, Flagged})
}

// Mask returns text with every span whose Action is Masked replaced by
// MaskText (one placeholder for spans that overlap or touch) and with the
// invisible characters that could hide text from a reader dropped
// (zero-width spaces, word joiners, the byte-order mark, bidirectional
// overrides); everything else is kept byte for byte, flagged spans
// included. Ranges are clamped to the text and widened to rune
// boundaries; empty ones are ignored.
func Mask(text string, spans []Span) string {
	var norm []Span
	for _, sp := range spans {
		st, en := max(sp.Start, 0), min(sp.End, len(text))
		if sp.Action != Masked || st >= en {
			continue
		}
		for st > 0 && !utf8.RuneStart(text[st]) {
			st--
		}
		for en < len(text) && !utf8.RuneStart(text[en]) {
			en++
		}
		norm = append(norm, Span{Start: st, End: en})
	}
	if len(norm) == 0 && !hasDropped(text) {
		return text
	}
	slices.SortFunc(norm, func(a, b Span) int { return a.Start - b.Start })
	var b strings.Builder
	b.Grow(len(text))
	last := 0
	for i := 0; i < len(norm); {
		st, en := norm[i].Start, norm[i].End
		for i++; i < len(norm) && norm[i].Start <= en; i++ {
			en = max(en, norm[i].End)
		}
		writeVisible(&b, text[last:st])
		b.WriteString(MaskText)
		last = en
	}
	writeVisible(&b, text[last:])
	return b.String()
}

// hasDropped reports whether s holds a rune that Mask drops.
func hasDropped(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == 0xE1 || c == 0xE2 || c == 0xEF {
			r, _ := utf8.DecodeRuneInString(s[i:])
			if dropped(r) {
				return true
			}
		}
	}
	return false
}

// writeVisible writes s to b without the runes Mask drops.
func writeVisible(b *strings.Builder, s string) {
	if !hasDropped(s) {
		b.WriteString(s)
		return
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !dropped(r) {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
}
