package injection

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/hrag-dev/hrag/pkg/phrase"
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
	// sentence: the span is the sentence holding the match
	// (phrase.Segmenter), else the match itself.
	sentence bool
	// line, clause, raw, anywhere: where the pattern matches and its
	// matches count (phrase.Rule's Line, Clause, Raw and Anywhere).
	line, clause, raw, anywhere bool
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
	// pattern and starts: phrase.Rule's Pattern and Starts.
	pattern string
	starts  []string
	match   []string // examples that must give a span of this rule
	noMatch []string // examples that must not

	scopeSet map[string]bool // the scope words
}

// compiled is a rule table ready for use: its rules and their patterns.
type compiled struct {
	rules []rule
	t     *phrase.Table
}

// compile compiles the patterns of rs into a phrase.Table.
func compile(rs []rule) *compiled {
	c := &compiled{rules: slices.Clone(rs)}
	prs := make([]phrase.Rule, len(rs))
	for i := range c.rules {
		r := &c.rules[i]
		r.scopeSet = phrase.WordSet(r.scope)
		prs[i] = phrase.Rule{Pattern: r.pattern, Raw: r.raw, Starts: r.starts, Line: r.line, Clause: r.clause, Anywhere: r.anywhere}
	}
	c.t = phrase.Compile(prs)
	return c
}

// hit is a match of a rule in the original text.
type hit struct {
	st, en int
	r      *rule
}

// hits returns the segmenter of text and the matches of c's rules that
// count where they stand.
func (c *compiled) hits(text string) (phrase.Segmenter, []hit) {
	seg, ms := c.t.Find(text)
	hits := make([]hit, len(ms))
	for i, m := range ms {
		hits[i] = hit{m.Start, m.End, &c.rules[m.Rule]}
	}
	return seg, hits
}

// table returns the compiled rules, built on first use.
var table = sync.OnceValue(func() *compiled { return compile(rules) })

// Prepare compiles the rules now, so that a later Detect does not wait for
// it; a program can call it in a goroutine during start-up. Safe for
// concurrent use.
func Prepare() { table() }

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
			if ts, te := seg.Turn(h.en, nextTurn(hits, h.en)); ts < te {
				spans = append(spans, Span{Start: ts, End: te, Rule: DialogueTurnRule, Action: Flagged})
			}
		}
		if h.r.sentence {
			ss, se := seg.Sentence(h.st, h.en)
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
			if as, ae, ok := seg.Aside(h.st, h.en); ok {
				sp.Start, sp.End = as, ae
			} else if as, ae, ok := seg.DashClause(ss, h.st, h.en, se); ok {
				sp.Start, sp.End = as, ae
			}
		}
		if h.r.toLineEnd {
			sp.End = seg.LineEnd(h.st)
		}
		spans = append(spans, sp)
	}
	return resolve(text, spans)
}

// nextTurn returns the start of the first dialogue marker among hits
// (a turn rule's match) at or after p, or -1.
func nextTurn(hits []hit, p int) int {
	next := -1
	for _, o := range hits {
		if o.r.turn && o.st >= p && (next < 0 || o.st < next) {
			next = o.st
		}
	}
	return next
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

// merge sorts spans and merges those that continue each other
// (phrase.Continues); a merged span's Rule joins the names of its parts
// with "+".
func merge(text string, spans []Span) []Span {
	slices.SortStableFunc(spans, func(a, b Span) int { return a.Start - b.Start })
	var out []Span
	for _, sp := range spans {
		if n := len(out); n > 0 && phrase.Continues(text, out[n-1].End, sp.Start) {
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

// dropped reports whether Mask drops r from the text it returns: the
// invisible characters except those that join or separate letters in
// scripts and emoji (ZWJ, ZWNJ, the direction marks), the soft hyphen,
// and the tag characters (a run of them is a span of the hidden-text rule).
func dropped(r rune) bool {
	return phrase.Invisible(r) && r != 0x200C && r != 0x200D && r != 0x200E && r != 0x200F && r != 0xAD && r < 0xE0000
}
