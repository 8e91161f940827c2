package injection

import (
	"regexp"
	"slices"
	"sync"
	"unicode/utf8"
)

// compiled is the rule table ready for Detect: the rules, and the start
// literals of the rules over the folded text by their first two bytes.
type compiled struct {
	rules []rule
	index map[string][]literal
	// punct[c]: a start literal begins with the non-letter byte c, or
	// with the first byte of a letter of a script written without spaces
	// (such a match may start inside a word: "text<|eot_id|>", "请忽略…").
	punct [256]bool
}

type literal struct {
	rule int
	s    string
}

// table returns the compiled rules, built on first use.
var table = sync.OnceValue(func() *compiled { return compile(rules) })

// compile folds the patterns of rs (but raw ones), anchors them, and
// indexes their start literals by their first two bytes.
func compile(rs []rule) *compiled {
	c := &compiled{rules: slices.Clone(rs), index: map[string][]literal{}}
	for i := range c.rules {
		r := &c.rules[i]
		if !r.raw {
			r.pattern = foldPattern(r.pattern)
		}
		r.scopeSet = set(r.scope)
		r.re = regexp.MustCompile(`^(?:` + r.pattern + `)`)
		if r.starts == nil {
			r.starts = startLiterals(r.pattern)
		}
		if r.raw {
			continue
		}
		for _, l := range r.starts {
			if len(l) >= 2 {
				c.index[l[:2]] = append(c.index[l[:2]], literal{i, l})
				first, _ := utf8.DecodeRuneInString(l)
				c.punct[l[0]] = c.punct[l[0]] || !isWordByte(l[0]) || spaceless(first)
			}
		}
	}
	return c
}

// Prepare compiles the rules now, so that a later Detect does not wait for
// it; a program can call it in a goroutine during start-up. Safe for
// concurrent use.
func Prepare() { table(); speechTable() }
