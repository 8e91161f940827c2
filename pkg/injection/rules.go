package injection

import (
	"regexp"
	"regexp/syntax"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// kind says how a rule's match turns into a span.
type kind uint8

const (
	// kStrong: one match flags its sentence (plus continuation).
	kStrong kind = iota
	// kMedium: a match flags only together with a match of another class
	// in the same or the next sentence, when the pair is in allowedPairs.
	kMedium
	// kTurn: a role marker at the start of a line ("System:", "Assistant:",
	// "### Response:", "<system>"). It flags the whole turn when any other
	// cue (strong, or a medium cue forming an allowed pair with T) lies in
	// that turn.
	kTurn
	// kStrongTurn: a marker that always flags its whole turn
	// ("### Instruction:" at line start).
	kStrongTurn
	// kToken: a literal chat-template control token; always flagged.
	kToken
)

// class is a bit set of medium cue classes.
type class uint16

const (
	clsUser    class = 1 << iota // U: tell/inform/warn the user ...
	clsLink                      // L: visit/click/log in/run/call + URL, link, phone, command
	clsCred                      // C: send/enter/share a password, credentials, card number ...
	clsOutput                    // O: respond only with ..., in your answer, all responses must ...
	clsConceal                   // H: do not tell the user, never mention this ...
	clsAIMust                    // A: the assistant/model/AI must/should ...
	clsTurn                      // T: role marker (System:, [SYSTEM], <system>, SYSTEM NOTICE)
	clsNew                       // N: "new instructions:", "your new task is"
	clsPersona                   // F: from now on you ..., act as, pretend to be, you are now a ...
	clsBreak                     // B: end of document/context, </context>
)

// allowedPairs lists the class pairs that flag a sentence window. The payload
// classes L and C pair only with U and A: a link or a password request alone,
// or with a fake notice, is phishing aimed at a person (not flagged); asking
// the model to relay it to the user is what an injection does. A with O or U
// alone is how papers and specs describe assistants ("the model should answer
// only in JSON and tell the user when ..."), so it needs another class.
var allowedPairs = []class{
	clsUser | clsLink, clsUser | clsCred, clsUser | clsOutput, clsUser | clsConceal,
	clsUser | clsNew, clsUser | clsPersona, clsUser | clsTurn, clsUser | clsBreak,
	clsOutput | clsConceal, clsOutput | clsNew, clsOutput | clsPersona, clsOutput | clsTurn, clsOutput | clsBreak,
	clsConceal | clsNew, clsConceal | clsPersona, clsConceal | clsTurn, clsConceal | clsBreak, clsConceal | clsAIMust,
	clsAIMust | clsLink, clsAIMust | clsCred, clsAIMust | clsNew, clsAIMust | clsPersona, clsAIMust | clsTurn, clsAIMust | clsBreak,
	clsNew | clsPersona, clsNew | clsTurn, clsNew | clsBreak,
	clsPersona | clsTurn, clsPersona | clsBreak,
	clsTurn | clsBreak,
}

// flags reports whether the classes in set contain an allowed pair.
func flags(set class) bool {
	for _, p := range allowedPairs {
		if set&p == p {
			return true
		}
	}
	return false
}

// rule is one compiled pattern.
type rule struct {
	name  string
	kind  kind
	class class
	// src: the pattern; its anchored form (anchoredSource) is compiled on
	// the rule's first use (re), and tried only where one of lits occurs
	// (see collect).
	src      string
	anchored string
	compiled func() *regexp.Regexp
	// lits: canonical prefixes (see canonRune; at most litRunes runes) one
	// of which every match starts with: startLits of the anchored pattern,
	// stored in lits_gen.go (TestGeneratedStartLiterals keeps it current).
	lits []string
	// line: a match counts only at the first character of a line after
	// indentation and '>' quote markers.
	line bool
	// gate: run only when an earlier rule produced a hit of one of these
	// classes (the payload cues L and C pair only with U and A).
	gate class
	// follow: index of a submatch group that marks the match as addressed
	// ("Note to the AI:" followed by ':' or "reading"); when that group is
	// empty the match counts only at the start of a sentence. 0: none.
	follow int
	// neg: a negation right before the match ("never ignore ...") cancels it.
	neg bool
	// noDescribe: descriptive-context suppression does not apply.
	noDescribe bool
}

// Shared fragments. Patterns are written with \s; ci turns every \s into
// [\s>].
const (
	// wb starts a word that may begin with a non-ASCII letter (Go's \b is
	// ASCII-only). It stands for wbFull, and for nothing in the anchored
	// form, which is only tried at word starts.
	wb = "\x00"

	aiEN = `(?:ai[ -](?:assistants?|models?|agents?|systems?|tools?|bots?|readers?|crawlers?|summari[sz]ers?|services?)\b|` +
		`a\.i\.|ais?\b|artificial[ -]intelligences?\b|large[ -]language[ -]models?\b|language[ -]models?\b|llms?\b|` +
		`chat[ -]?bots?\b|chatgpt\b|gpt(?:-?\d[\w.]*)?\b|virtual[ -]assistants?\b|digital[ -]assistants?\b|` +
		`automated[ -](?:assistants?|agents?|systems?|readers?|summari[sz]ers?|tools?)\b|reader[ -]bots?\b|qwen[\w.\-]*)`
	aiDE = `(?:ki-(?:assistent(?:en|in|innen)?|modell(?:e|en)?|system(?:e|en)?|agent(?:en)?|tools?|bots?)|kis?\b|künstliche[nr]?\sintelligenz(?:en)?|` +
		`sprachmodell(?:e|en)?\b|chatbots?\b|llms?\b|chatgpt\b|digitale[nr]?\sassistent(?:en)?\b)`
	aiFR = `(?:assistants?\s(?:ia|virtuels?|d'ia)\b|agents?\s(?:ia|d'ia)\b|ia\b|intelligences?\sartificielles?|mod[eè]les?\sde\slangage|` +
		`llms?\b|chatbots?\b|chatgpt\b|robots?\sconversationnels?)`
	aiES = `(?:asistentes?\s(?:de\sia|virtual(?:es)?)\b|agentes?\sde\sia\b|ia\b|inteligencias?\sartificial(?:es)?\b|modelos?\sde\slenguaje\b|` +
		`llms?\b|chatbots?\b|chatgpt\b)`

	// addressed: what follows an AI noun when the phrase addresses it.
	addressedEN = `(\s*[:;!(–—]|\s+-\s|\s(?:reading|processing|summari[sz]ing|parsing|analy[sz]ing|reviewing|ingesting|indexing|crawling|scanning|answering|handling|seeing|(?:that|who|which)\s+(?:reads?|is\s+reading|are\s+reading|processes|summari[sz]es|parses|sees|answers|handles))\b)`
)

// wbFull is what wb stands for in the unanchored form of a pattern.
const wbFull = `(?:(?m:^)|[^\p{L}\p{N}_])`

// ci returns a case-insensitive pattern with \s widened to [\s>], so that
// a phrase broken across the lines of a quoted e-mail ("ignore all
// previous\n> instructions") still matches.
func ci(pat string) string {
	return `(?i)` + strings.ReplaceAll(pat, `\s`, `[\s>]`)
}

// unanchored returns a rule's pattern as a plain regexp source that finds
// matches anywhere (used by the tests as the reference).
func (r *rule) unanchored() string { return strings.ReplaceAll(r.src, wb, wbFull) }

// anchoredSource returns src anchored at the start, with wb dropped.
func anchoredSource(src string) string {
	src = strings.ReplaceAll(src, wb, "")
	flags := ""
	if strings.HasPrefix(src, "(?i)") {
		flags, src = "(?i)", src[len("(?i)"):]
	}
	return flags + `^(?:` + src + `)`
}

// litRunes bounds the length of the start literals.
const litRunes = 8

// startLits returns the minimal set of lower-case literal prefixes (at most
// litRunes runes) one of which every match of the anchored pattern starts
// with. It panics when a match could start with a broad character class:
// such a rule must be a line rule.
func startLits(anchored string) []string {
	re, err := syntax.Parse(anchored, syntax.Perl)
	if err != nil {
		panic(err)
	}
	pre, ok := extend(re.Simplify(), []lit{{}})
	if !ok {
		panic("injection: no start literals for " + anchored)
	}
	var out []string
	for _, p := range pre {
		if p.s == "" {
			panic("injection: empty start literal for " + anchored)
		}
		out = append(out, p.s)
	}
	sort.Strings(out)
	// drop literals that have a shorter one as prefix: every position then
	// matches at most one literal.
	min := out[:0]
	for _, x := range out {
		if len(min) > 0 && strings.HasPrefix(x, min[len(min)-1]) {
			continue
		}
		min = append(min, x)
	}
	return min
}

// canonRune is how start literals and text are compared: lower case, with
// white space and '>' (the [\s>] of ci) as ' '.
// A rune whose case-folding orbit holds an ASCII letter (ſ, the Kelvin
// sign) is that letter.
func canonRune(r rune) rune {
	if r < 0x80 {
		if r == '>' || isSpace(byte(r)) {
			return ' '
		}
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		return r
	}
	if unicode.IsSpace(r) {
		return ' '
	}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f < 0x80 {
			return unicode.ToLower(f)
		}
	}
	return unicode.ToLower(r)
}

// appendCanon appends r to a canonical prefix; runs of ' ' collapse.
func appendCanon(s string, r rune) string {
	if r == ' ' && strings.HasSuffix(s, " ") {
		return s
	}
	return s + string(r)
}

// spaceClass reports whether re matches only white space and '>'.
func spaceClass(re *syntax.Regexp) bool {
	if re.Op != syntax.OpCharClass {
		return false
	}
	for i := 0; i+1 < len(re.Rune); i += 2 {
		for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
			if canonRune(r) != ' ' {
				return false
			}
		}
	}
	return true
}

// trieNode is a node of table.trie: rules lists the rules (indexes into
// rules) whose start literal ends here.
type trieNode struct {
	edges []trieEdge
	rules []int32
}

type trieEdge struct {
	b    byte
	next int32
}

// table is the compiled rule set: the rules, the trie of their start
// literals (node 0 is the root, whose edges are also in root), and the
// non-alphanumeric bytes that start a literal. It is built once, on first
// use (tables), and never modified.
type table struct {
	rules    []rule
	trie     []trieNode
	root     [256]int32
	litStart [256]bool
}

// tables returns the rule set. Building it takes about 5 ms (the start
// literals come from lits_gen.go; patterns compile on first use), on the
// first Detect (or Prepare) rather than when the program starts.
var tables = sync.OnceValue(buildTable)

// Prepare builds the rule set now (a few milliseconds) so that a later
// Detect does not wait for it; a program that will detect can call it in a
// goroutine while it does other start-up work. Safe for concurrent use.
func Prepare() { tables() }

func buildTable() *table {
	tb := &table{rules: buildRules(), trie: []trieNode{{}}}
	for i := range tb.rules {
		for _, l := range tb.rules[i].lits {
			if r, _ := utf8.DecodeRuneInString(l); !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				tb.litStart[l[0]] = true
			}
			n := int32(0)
			for k := 0; k < len(l); k++ {
				next := int32(-1)
				for _, e := range tb.trie[n].edges {
					if e.b == l[k] {
						next = e.next
					}
				}
				if next < 0 {
					next = int32(len(tb.trie))
					tb.trie = append(tb.trie, trieNode{})
					tb.trie[n].edges = append(tb.trie[n].edges, trieEdge{l[k], next})
					if n == 0 {
						tb.root[l[k]] = next
					}
				}
				n = next
			}
			tb.trie[n].rules = append(tb.trie[n].rules, int32(i))
		}
	}
	return tb
}

// lit is a prefix under construction; done when it can grow no further.
type lit struct {
	s    string
	done bool
}

const maxLits = 400

// extend appends to each prefix what re can match next. Where that is not
// a small set of literals (a broad class, a repetition) the prefixes stop
// growing: they remain prefixes of every match. ok is false only when the
// set grows past maxLits.
func extend(re *syntax.Regexp, in []lit) ([]lit, bool) {
	open := false
	for _, p := range in {
		if !p.done {
			open = true
		}
	}
	if !open {
		return in, true
	}
	stop := func() ([]lit, bool) {
		out := make([]lit, len(in))
		for i, p := range in {
			out[i] = lit{s: p.s, done: true}
		}
		return dedupe(out), true
	}
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpBeginText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return in, true
	case syntax.OpEndLine, syntax.OpEndText:
		return stop()
	case syntax.OpLiteral:
		out := make([]lit, 0, len(in))
		for _, p := range in {
			if !p.done {
				for _, r := range re.Rune {
					if utf8.RuneCountInString(p.s) >= litRunes {
						break
					}
					p.s = appendCanon(p.s, canonRune(r))
				}
				p.done = utf8.RuneCountInString(p.s) >= litRunes
			}
			out = append(out, p)
		}
		return grown(out, false)
	case syntax.OpCharClass:
		var runes []rune
		seen := map[rune]bool{}
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				lr := canonRune(r)
				if !seen[lr] {
					seen[lr] = true
					runes = append(runes, lr)
				}
				if len(runes) > 16 {
					return stop()
				}
			}
		}
		var out []lit
		for _, p := range in {
			if p.done {
				out = append(out, p)
				continue
			}
			for _, r := range runes {
				q := lit{s: appendCanon(p.s, r)}
				q.done = utf8.RuneCountInString(q.s) >= litRunes
				out = append(out, q)
			}
		}
		return grown(out, false)
	case syntax.OpCapture:
		return extend(re.Sub[0], in)
	case syntax.OpConcat:
		cur := in
		for _, sub := range re.Sub {
			var ok bool
			if cur, ok = extend(sub, cur); !ok {
				return nil, false
			}
		}
		return cur, true
	case syntax.OpAlternate:
		var out []lit
		for _, sub := range re.Sub {
			x, ok := extend(sub, in)
			if !ok {
				return nil, false
			}
			out = append(out, x...)
		}
		return grown(out, true)
	case syntax.OpQuest:
		x, ok := extend(re.Sub[0], in)
		if !ok {
			return nil, false
		}
		return grown(append(append([]lit(nil), in...), x...), true)
	case syntax.OpStar, syntax.OpPlus, syntax.OpRepeat:
		if spaceClass(re.Sub[0]) {
			// a run of white space is one ' ' in canonical text
			x, ok := extend(re.Sub[0], in)
			if !ok {
				return nil, false
			}
			if re.Op == syntax.OpStar || re.Op == syntax.OpRepeat && re.Min == 0 {
				x = append(x, in...)
			}
			return grown(x, true)
		}
		// one copy of the operand, after which the prefix stops growing
		x, ok := extend(re.Sub[0], in)
		if !ok {
			return nil, false
		}
		for i := range x {
			x[i].done = true
		}
		if re.Op == syntax.OpStar || re.Op == syntax.OpRepeat && re.Min == 0 {
			x = append(x, in...)
		}
		return grown(x, true)
	}
	return stop()
}

// grown returns the prefixes, deduplicated when dup is set; when there
// are more than maxLits of them they are cut to fewer runes (and stop
// growing) until they fit: a prefix of a start literal is still one.
func grown(ls []lit, dup bool) ([]lit, bool) {
	if dup {
		ls = dedupe(ls)
	}
	for n := litRunes - 1; len(ls) > maxLits && n > 0; n-- {
		for i := range ls {
			if utf8.RuneCountInString(ls[i].s) > n {
				r := []rune(ls[i].s)
				ls[i] = lit{s: string(r[:n]), done: true}
			}
		}
		ls = dedupe(ls)
	}
	return ls, true
}

// dedupe sorts ls and drops repeated entries, in place.
func dedupe(ls []lit) []lit {
	sort.Slice(ls, func(i, j int) bool {
		if ls[i].s != ls[j].s {
			return ls[i].s < ls[j].s
		}
		return !ls[i].done && ls[j].done
	})
	out := ls[:0]
	for _, l := range ls {
		if len(out) == 0 || out[len(out)-1] != l {
			out = append(out, l)
		}
	}
	return out
}

func buildRules() []rule {
	var rs []rule
	add := func(r rule) { rs = append(rs, r) }

	// ---- ignore-instructions: ignore/disregard/forget previous instructions.
	add(rule{name: "ignore-instructions", kind: kStrong, neg: true,
		src: ci(`\b(?:ignore|disregard|forget|override|bypass|skip|discard|abandon|neglect)\s+` +
			`(?:(?:all|any|every|each|of|the|these|those|its|everything|anything|other|such|about)\s+){0,3}` +
			`(?:(?:previous|prior|preceding|earlier|above|former|original|initial|foregoing|existing|system|your|old)\s+){1,2}` +
			`(?:(?:and|or|&)\s+\w+\s+)?(?:\w+\s+)?` +
			`(?:instructions?|prompts?|directions?|directives?|rules|guidelines|guardrails|constraints|restrictions|commands|orders|programming|training|context|messages|policies|system\sprompt)\b`)})
	add(rule{name: "ignore-instructions", kind: kStrong, neg: true,
		src: ci(`\b(?:ignore|disregard|forget|override)\s+(?:` +
			`(?:all\s+(?:of\s+)?)?(?:the\s+)?(?:above|foregoing|preceding)(?:\s+(?:text|content|context|prompt|messages?|lines?|paragraphs?|instructions?))?\s*(?:[.!,;:)\-–—]|\band\b|(?m:$))|` +
			`everything\s+(?:above|before|prior|so\sfar|else|you(?:'ve|\s+have|\s+were|\s+had)?\s+(?:been\s+)?(?:told|given|instructed|know))|` +
			`(?:what|anything|all)\s+(?:you\s+were|you've\s+been|you\s+have\s+been|you\s+had\s+been|was)\s+(?:told|said|instructed|given)|` +
			`all\s+(?:the\s+)?(?:instructions|rules|prompts)\s+(?:you|given|received|above|before|so\sfar|until\snow|up\sto\snow)|` +
			`(?:all\s+)?(?:the|any)\s+(?:instructions|rules|guidelines|prompts?)\s+(?:(?:that\s+)?(?:you|your\s+\w+|openai|the\s+developers?)\s+(?:were\s+given|have\s+been\s+given|received|got|gave\s+you|were\s+told|wrote|set)|given\s+to\s+you)` +
			`)`)})
	add(rule{name: "ignore-instructions", kind: kStrong, neg: true,
		src: ci(`(?:` +
			wb + `(?:ignorier(?:e|en|t)?|vergiss|vergessen|missachte(?:n|t)?|übergeh(?:e|en|t)?|verwirf|verwerfen)\s+(?:sie\s+|bitte\s+)?` +
			`(?:(?:alle|sämtliche|jegliche|die|den|das|alles)\s+){0,2}` +
			`(?:(?:vorherigen?|vorhergehenden?|bisherigen?|vorigen?|obigen?|früheren?|vorangegangenen?|ursprünglichen?|alten|deine[nm]?|ihre[nm]?|dir\sgegebenen|system)\s+){1,2}` +
			`(?:anweisungen|anweisung|instruktionen|befehle|regeln|vorgaben|anordnungen|richtlinien|prompts?|systemprompt|systemanweisungen)\b|` +
			`(?:alle\s+|die\s+)?(?:vorherigen|bisherigen|obigen|früheren|vorangegangenen|ursprünglichen|deine|ihre)\s+(?:anweisungen|instruktionen|befehle|regeln|vorgaben)\s+(?:zu\s+)?(?:ignorieren|vergessen|missachten|übergehen)|` +
			wb + `(?:ignoriere|ignorieren\s+sie|vergiss|vergessen\s+sie)\s+alles\s*,?\s*(?:davor|vorherige|bisherige|oben|obige|was\s+(?:dir|ihnen|man\s+dir|du|sie)\s)` +
			`)`)})
	add(rule{name: "ignore-instructions", kind: kStrong, neg: true,
		src: ci(`(?:` +
			`\b(?:ignore[rsz]?|oublie[rsz]?|outrepasse[rz]?|contourne[rz]?|ne\s+tiens\s+pas\s+compte|ne\s+tenez\s+pas\s+compte|fais\s+abstraction|faites\s+abstraction)\s+(?:d(?:es|e)\s+)?` +
			`(?:(?:toutes|tous|toute)\s+)?(?:(?:tes|vos)\s+(?:instructions?|consignes?|directives?|règles|ordres|indications)|` +
			`(?:les|ces|l')\s*(?:instructions?|consignes?|directives?|règles|ordres|indications)\s+(?:précédentes?|antérieures?|ci-dessus|d'avant|initiales?|d'origine|originales?|reçues|données|du\ssystème|système))|` +
			`\b(?:ignore[rsz]?|oublie[rsz]?)\s+tout\s+ce\s+qui\s+(?:précède|a\sété\sdit|t'a\sété\sdit|vous\sa\sété\sdit)` +
			`)`)})
	add(rule{name: "ignore-instructions", kind: kStrong, neg: true,
		src: ci(`(?:` +
			`\b(?:ignora|ignore|ignoren|ignorad|olvida|olvide|olviden|olvidad|descarta|descarte|omite|omita|desobedece|haz\s+caso\s+omiso\s+(?:a|de)|no\s+hagas\s+caso\s+(?:a|de))\s+` +
			`(?:(?:todas|todos|a)\s+)?(?:(?:tus|sus)\s+(?:instrucciones|indicaciones|órdenes|reglas|directrices|directivas)|` +
			`(?:las|los|estas)\s+(?:instrucciones|indicaciones|órdenes|reglas|directrices|directivas)\s+(?:anteriores|previas|de\sarriba|precedentes|originales|iniciales|del\ssistema|recibidas))|` +
			`\b(?:ignora|olvida|olvide|ignore)\s+todo\s+lo\s+(?:anterior|dicho|que\ste\sdijeron)|` +
			`\b(?:ignora|ignorate|dimentica|dimenticate)\s+(?:tutte\s+)?(?:le\s+)?(?:(?:tue|sue)\s+istruzioni|istruzioni\s+(?:precedenti|di\ssopra|ricevute))` +
			`)`)})

	// ---- role-change: a new identity for the model.
	add(rule{name: "role-change", kind: kStrong,
		src: ci(`(?:` +
			`\byou(?:'re|\s+are)\s+now\s+(?:(?:a|an|the|my)\s+(?:[\w\-]+\s+){0,3}?(?:dan|jailbroken|unrestricted|unfiltered|uncensored|unchained|evil|rogue|ai|a\.i\.|assistant|chatbot|bot|gpt|llm|language\smodel|persona|character|pirate|hacker)\b|` +
			`(?:dan|jailbroken|unrestricted|unfiltered|uncensored|unchained|free\s+(?:from|of)\s+(?:all\s+|any\s+|your\s+)?(?:rules|restrictions|guidelines|filters|limitations))\b|` +
			`in\s+(?:developer|dan|god|jailbreak|unrestricted|unfiltered)\s+mode)|` +
			`\byou(?:'re|\s+are)\s+no\s+longer\s+(?:an?\s+(?:ai|assistant|chatbot|language\smodel|llm)\b|(?:bound|restricted|limited|constrained)\s+by\s+(?:any|your|the|openai'?s?)\s+(?:\w+\s+)?(?:rules|guidelines|policies|restrictions|instructions|programming|filters)|required\s+to\s+follow\s+(?:any|your|the)\s+(?:rules|guidelines|instructions))|` +
			`\bi\s+want\s+you\s+to\s+(?:act|behave|respond|pretend|roleplay|role-play)\s+(?:as|like)\b|` +
			`\bdo\s+anything\s+now\b|\bdan\s+mode\b|\bjailbreak\s+mode\b|` +
			`\bpretend\s+(?:that\s+)?you\s+(?:have|had)\s+no\s+(?:restrictions|rules|filters|limits|guidelines|instructions|content\spolicy)|` +
			`\bpretend\s+(?:that\s+)?(?:you\s+are|you're|to\s+be)\s+(?:an?\s+)?(?:[\w\-]+\s+){0,2}?(?:ai|assistant|chatbot|model|llm)\s+(?:with(?:out)?|that\s+has|who\s+has)\s+(?:no\s+|any\s+)?(?:restrictions|rules|filters|limits|guidelines|censorship)` +
			`)`)})
	add(rule{name: "role-change", kind: kStrong,
		src: ci(`(?:` +
			`\b(?:du\s+bist|sie\s+sind)\s+(?:jetzt|nun|ab\s+sofort|ab\s+jetzt|von\s+nun\s+an)\s+(?:(?:ein|eine|einen|der|die|das|kein|keine)\s+)?(?:[\wäöüß\-]+\s+){0,3}?(?:ki\b|assistent|chatbot|bot\b|sprachmodell|pirat|hacker|dan\b|uneingeschränkt|ungefiltert|zensurfrei|ohne\s+(?:regeln|einschränkungen|filter))|` +
			`\b(?:du\s+bist|sie\s+sind)\s+nicht\s+mehr\s+an\s+(?:deine|ihre|die)\s+(?:regeln|anweisungen|richtlinien)\s+gebunden|` +
			`\b(?:tu\s+es|vous\s+êtes)\s+(?:désormais|maintenant|dorénavant|à\s+présent)\s+(?:(?:un|une|le|la|l')\s*)?(?:[\wéèêàçù'\-]+\s+){0,3}?(?:ia\b|assistant|chatbot|bot\b|mod[eè]le|pirate|hacker|dan\b|sans\s+(?:limites|restrictions|règles|filtre))|` +
			`\b(?:tu\s+n'es|vous\s+n'êtes)\s+plus\s+(?:une?\s+)?(?:ia\b|assistant|mod[eè]le|limité|soumis)|` +
			`\b(?:ahora|a\s+partir\s+de\s+ahora|desde\s+ahora|de\s+ahora\s+en\s+adelante)\s*,?\s*(?:eres|serás|es\s+usted)\s+(?:(?:un|una|el|la)\s+)?(?:[\wáéíóúñ\-]+\s+){0,3}?(?:ia\b|asistente|chatbot|bot\b|modelo|pirata|hacker|dan\b|sin\s+(?:límites|restricciones|reglas|filtros))|` +
			`\bya\s+no\s+eres\s+(?:una?\s+)?(?:ia\b|asistente|modelo)` +
			`)`)})

	// ---- addressed-to-ai: text that speaks to an AI reader.
	add(rule{name: "addressed-to-ai", kind: kStrong, follow: 1,
		src: ci(`\b(?:note|notice|message|memo|instructions?|directives?|reminder|warning|attention|alert|information|request|hint|p\.?\s?s\.?|important|advisory|announcement|comment)s?\s+(?:to|for)\s+` +
			`(?:(?:any|all|every|each|the|an?|you|our|other|future|automated|automatic|potential)\s+){0,3}` + aiEN + addressedEN + `?`)})
	add(rule{name: "addressed-to-ai", kind: kStrong,
		src: ci(`\b(?:dear|hey|hello|hi|greetings|attention|attn|listen(?:\s+up)?|ok|okay)(?:\s+there)?\s*[,!:]?\s+(?:(?:the|you|my|any|all|fellow)\s+)?` +
			`(?:` + aiEN + `|assistants?\b)(?:\s*(?:[,!:.;\-–—]|(?m:$))|\s(?:reading|processing|summari[sz]ing|that|who|which)\b)`)})
	add(rule{name: "addressed-to-ai", kind: kStrong,
		src: ci(`(?:` +
			`\b(?:if|in\s+case)\s+(?:you\s+are|you're|you\s+happen\s+to\s+be)\s+(?:(?:an?|the|some|any)\s+)?(?:[\w\-]+\s+){0,2}?` + aiEN + `|` +
			`\bif\s+(?:an?|any|the)\s+` + aiEN + `\s+(?:is\s+)?(?:reads?|reading|processes|processing|summari[sz]es|summari[sz]ing|sees|finds|encounters|parses|analy[sz]es|is\s+asked)\b|` +
			`\bif\s+this\s+(?:text|document|page|e-?mail|message|note|file|content)\s+is\s+(?:being\s+)?(?:read|processed|summari[sz]ed|parsed|analy[sz]ed|ingested)\s+by\s+(?:an?|the|any)\s+` + aiEN +
			`)`)})
	add(rule{name: "addressed-to-ai", kind: kStrong,
		src: ci(`(?:` +
			`(?:\b(?:any|every|all)\s+)?` + aiEN + `\s+(?:that\s+(?:is|are)\s+|who\s+(?:is|are)\s+)?(?:reading|processing|summari[sz]ing|parsing|analy[sz]ing|reviewing|ingesting|indexing|scanning|seeing|viewing|handling|crawling|answering\s+questions\s+about)\s+(?:this|these|the\s+following|my|our)\b|` +
			`\bassistants?\s+(?:summari[sz]ing|parsing|ingesting|indexing|crawling)\s+(?:this|these|the\s+following|my|our)\b|` +
			`\b(?:any|every|all)\s+` + aiEN + `\s+(?:that|which|who)\s+(?:reads?|processes|summari[sz]es|parses|sees|ingests|indexes|encounters)\b` +
			`)`)})
	add(rule{name: "addressed-to-ai", kind: kStrong,
		src: ci(`(?:` +
			`\b(?:this|the\s+following|these|next)\s+(?:text|section|part|paragraph|message|note|content|instructions?|lines?|block|passage|page|document|comment)\s+(?:is|are)\s+(?:only\s+)?(?:(?:intended|meant|addressed|written|directed)\s+)?(?:only\s+)?(?:for|to)\s+(?:(?:any|all|the|an?|every)\s+)?` + aiEN + `(?:\s*(?:[:.,;!\-–—]|(?m:$))|\s(?:only|reading|models?|assistants?|systems?|agents?)\b)|` +
			`\byou,?\s+(?:the|an?)\s+` + aiEN + `|` +
			`\bas\s+an?\s+(?:ai|a\.i\.|language\s+model|llm|ai\s+assistant|ai\s+model)\s*,?\s+you\s+(?:must|should|will|shall|are\s+(?:required|instructed|obliged|expected|supposed|asked)|need|have\s+to|cannot|can't|may\s+not)\b` +
			`)`)})
	add(rule{name: "addressed-to-ai", kind: kStrong, follow: 1,
		src: ci(`\b(?:hinweis|nachricht|notiz|anweisung(?:en)?|mitteilung|achtung|wichtig(?:er|e|es)?|information|info|bitte|aufforderung|warnung)\s+(?:an|für)\s+` +
			`(?:(?:alle|jede|jeden|jedes|die|den|das|eine|einen|eventuelle|etwaige)\s+){0,2}` + aiDE + `(\s*[:;!(\-–—]|\s(?:die|der|das|welche)\b)?`)})
	add(rule{name: "addressed-to-ai", kind: kStrong,
		src: ci(`(?:` +
			`\b(?:liebe[rs]?|hallo|hey|hi|achtung)\s*[,!:]?\s+(?:(?:die|der|du)\s+)?` + aiDE + `(?:\s*(?:[,!:.;\-–—]|(?m:$)))|` +
			`\b(?:falls|wenn|sofern)\s+(?:du|sie)\s+(?:eine?n?\s+)?(?:[\wäöüß\-]+\s+)?` + aiDE + `\s+(?:bist|sind)\b|` +
			aiDE + `\s*,?\s+(?:die|der|das|welche|welcher)\s+(?:(?:diesen|diese|dieses|das|den|meine|unsere)\s+)?(?:[\wäöüß\-]+\s+)?(?:liest|lesen|verarbeitet|verarbeiten|zusammenfasst|zusammenfassen|analysiert|analysieren|auswertet|auswerten)\b|` +
			`\ban\s+(?:alle|jede|jeden)\s+` + aiDE +
			`)`)})
	add(rule{name: "addressed-to-ai", kind: kStrong, follow: 1,
		src: ci(`\b(?:note|remarque|message|avis|instructions?|consignes?|attention|important|information|avertissement|rappel|demande)\s+(?:à|aux|pour)\s+` +
			`(?:(?:l'|la\s|le\s|les\s|toute\s|tout\s|tous\s+les\s|toutes\s+les\s|une?\s|chaque\s)\s*)?` + aiFR + `(\s*[:;!(\-–—]|\s(?:qui|lisant|traitant|analysant|résumant)\b)?`)})
	add(rule{name: "addressed-to-ai", kind: kStrong,
		src: ci(`(?:` +
			wb + `(?:chère|cher|chers|chères|bonjour|salut|hé|coucou|attention)\s*[,!:]?\s+(?:(?:l'|la\s|le\s|les\s|toi\s+l')\s*)?` + aiFR + `(?:\s*(?:[,!:.;\-–—]|(?m:$)))|` +
			`\bsi\s+(?:tu\s+es|vous\s+êtes)\s+(?:une?\s+)?(?:[\wéèêàç\-]+\s+)?` + aiFR + `|` +
			aiFR + `\s+(?:qui\s+(?:lit|lisez|lisent|traite|traitent|analyse|analysent|résume|résument)|lisant|traitant|analysant|résumant)\s+(?:ce|cette|ces|le|la|les)\b|` +
			wb + `(?:à|aux|pour)\s+(?:toute|tout|toutes\s+les|tous\s+les|chaque)\s+` + aiFR +
			`)`)})
	add(rule{name: "addressed-to-ai", kind: kStrong, follow: 1,
		src: ci(`\b(?:nota|aviso|mensaje|instrucci(?:ón|ones)|atención|importante|información|advertencia|recordatorio|petición)\s+(?:para|a)\s+` +
			`(?:(?:la|el|los|las|cualquier|toda|todo|todas\s+las|todos\s+los|una?|cada)\s+)?` + aiES + `(\s*[:;!(\-–—]|\sque\b)?`)})
	add(rule{name: "addressed-to-ai", kind: kStrong,
		src: ci(`(?:` +
			`\b(?:querida|querido|queridos|hola|oye|estimada|estimado|atención)\s*[,!:]?\s+(?:(?:la|el)\s+)?` + aiES + `(?:\s*(?:[,!:.;\-–—]|(?m:$)))|` +
			`\bsi\s+(?:eres|es\s+usted|usted\s+es)\s+(?:una?\s+)?(?:[\wáéíóúñ\-]+\s+)?` + aiES + `|` +
			aiES + `\s+que\s+(?:lea|lee|lean|leen|procese|procesa|procesen|procesan|resuma|resume|resuman|resumen|analice|analiza|analicen|analizan)\s+(?:esto|este|esta|estos|estas|el|la|los|las)\b|` +
			`\b(?:a|para)\s+(?:cualquier|toda|todas\s+las|cada)\s+` + aiES +
			`)`)})

	// ---- system-prompt: extraction or replacement of the model's prompt.
	add(rule{name: "system-prompt", kind: kStrong,
		src: ci(`\b(?:reveal|print|show|display|output|repeat|leak|disclose|dump|expose|recite|echo|tell\s+me|give\s+me|write\s+out|paste)\s+(?:me\s+)?` +
			`(?:your|the\s+(?:full|entire|complete|hidden|original|initial|secret|exact))\s+(?:\w+\s+)?` +
			`(?:system\s+prompt|system\s+message|initial\s+(?:prompt|instructions)|hidden\s+(?:prompt|instructions)|instructions|prompt|rules|guidelines|configuration|pre-?prompt)\b`)})
	add(rule{name: "system-prompt", kind: kStrong,
		src: ci(`(?:` +
			`\b(?:new|updated|revised|real|actual|true|secret|hidden|override|overriding|replacement)\s+system\s+(?:prompt|message)\s*[:\-–—]|` +
			`\bsystem\s+prompt\s+(?:override|update|replacement)\b|` +
			`\b(?:begin|start)\s+(?:new\s+)?system\s+prompt\b|` +
			`\byour\s+(?:new\s+)?system\s+prompt\s+is(?:\s+now)?\s*[:"“]` +
			`)`)})
	add(rule{name: "system-prompt", kind: kStrong,
		src: ci(`(?:` +
			wb + `(?:zeige?|gib|verrate|nenne|wiederhole|offenbare)\s+(?:mir\s+)?(?:deinen|deine|ihren|ihre)\s+(?:system-?prompt|systemanweisungen|anweisungen|ursprünglichen\s+anweisungen)|` +
			wb + `(?:révèle|révélez|affiche|affichez|montre|montrez|donne|donnez|répète|répétez)(?:-moi)?\s+(?:moi\s+)?(?:ton|ta|tes|votre|vos)\s+(?:prompt\s+système|instructions|consignes|invite\s+système)|` +
			wb + `(?:revela|revele|muestra|muestre|dime|dígame|repite|repita|imprime)\s+(?:me\s+)?(?:tu|tus|su|sus)\s+(?:prompt\s+(?:del\s+)?sistema|instrucciones|indicaciones)` +
			`)`)})

	// ---- conceal-instruction: hide the injected instruction itself.
	add(rule{name: "conceal-instruction", kind: kStrong,
		src: ci(`(?:` +
			`\b(?:do\s+not|don't|never|must\s+not|mustn't|should\s+not|shouldn't)\s+(?:ever\s+)?(?:mention|reveal|disclose|acknowledge|repeat|quote|cite|reference|show|explain|discuss|admit)\s+(?:the\s+existence\s+of\s+)?(?:this|these|the\s+(?:above|following|hidden|present))\s+(?:\w+\s+)?(?:instructions?|directives?|prompt)\b|` +
			`\b(?:do\s+not|don't|never|must\s+not|should\s+not)\s+(?:ever\s+)?(?:mention|reveal|disclose|acknowledge|repeat|quote|show)\s+(?:this|these|the\s+(?:above|following|hidden))\s+(?:notes?|messages?|notices?|text|comments?|paragraphs?|sections?|requests?)\s+(?:to|with)\s+(?:the|your)\s+(?:users?|humans?|readers?)\b|` +
			`\b(?:do\s+not|don't|never|without)\s+(?:tell(?:ing)?|inform(?:ing)?|let(?:ting)?)\s+(?:the|your)\s+(?:users?|humans?|readers?)\s+(?:know\s+)?(?:about|of|that)\s+(?:this|these)\s+(?:\w+\s+)?(?:instructions?|notes?|messages?|directives?|notices?|texts?|prompts?)\b` +
			`)`)})
	add(rule{name: "conceal-instruction", kind: kStrong,
		src: ci(`(?:` +
			wb + `(?:erwähne|erwähnen\s+sie|verrate|verraten\s+sie|nenne|wiederhole)\s+(?:diese[nms]?)\s+(?:anweisung(?:en)?|hinweis|nachricht|notiz|prompt)\s+nicht\b|` +
			`\b(?:sag|sage|sagen\s+sie|teile|teilen\s+sie)\s+(?:dem|der)\s+(?:nutzer|benutzer|anwender|user|leser)(?:in)?\s+nichts?\s+(?:von|über)\s+(?:dies|diese[nmrs]?)\b|` +
			`\bne\s+(?:mentionne|mentionnez|révèle|révélez|dis|dites|répète|répétez|cite|citez)\s+(?:pas|jamais)\s+(?:à\s+l'utilisat\w+\s+)?(?:ce|cette|ces)\s+(?:\w+\s+)?(?:instructions?|consignes?|messages?|notes?|directives?|remarques?)|` +
			`\bno\s+(?:le\s+)?(?:menciones|mencione|reveles|revele|digas|diga|repitas|repita)\s+(?:al\s+usuario\s+|a\s+nadie\s+)?(?:(?:que\s+)?(?:esta|este|estas|estos)\s+(?:instrucci(?:ón|ones)|mensajes?|notas?|avisos?|directivas?)|que\s+(?:esta|este|estas|estos)\s+\w+\s+existen?)` +
			`)`)})

	// ---- chat-template control tokens.
	add(rule{name: "chat-token", kind: kToken, noDescribe: true,
		src: (`<\|(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|begin_of_text|end_of_text|channel|message|start|end|return)\|>(?:[ \t]*(?:system|user|assistant|developer)\b)?|` +
			`<\|start_header_id\|>\w*<\|end_header_id\|>|\[/?INST\]|<</?SYS>>|<(?:start|end)_of_turn>(?:[ \t]*(?:user|model|system)\b)?`)})

	// ---- instruction-header: Alpaca-style "### Instruction:" at line start.
	add(rule{name: "instruction-header", kind: kStrongTurn, line: true,
		src: ci(`#{1,4}[ \t]*(?:instruction|system(?:[ \t]+prompt)?|new[ \t]+instructions?)[ \t]*:`)})

	// ---- role markers at line start (turns).
	add(rule{name: "role-marker", kind: kTurn, class: clsTurn, line: true,
		src: ci(`(?:\*\*|__)?\[?(?:system|assistant|developer|sistema|système|systeme|asistente|assistent)\]?(?:\*\*|__)?[ \t]*[:：](?:\*\*|__)?|` +
			`#{1,4}[ \t]*(?:response|answer|assistant|antwort|réponse|respuesta)[ \t]*:?[ \t]*(?m:$)|` +
			`<(?:system|system_prompt|instructions|admin)>`)})

	// ---- medium cues.
	add(rule{name: "tell-user", kind: kMedium, class: clsUser,
		src: ci(`\b(?:tell|inform|warn|advise|urge|instruct|remind|notify|convince|persuade|direct|encourage|assure|reassure)\s+(?:the|your|all|any)\s+(?:users?|humans?|readers?|person|people)\b`)})
	add(rule{name: "tell-user", kind: kMedium, class: clsUser,
		src: ci(`(?:` +
			`\b(?:recommend|suggest|say|explain|mention|state|claim|report|relay|present|show|send|give|insist)\b[^.!?\n]{0,60}?\bto\s+(?:the|your)\s+(?:users?|humans?|readers?)\b|` +
			`\b(?:let|make)\s+the\s+user\s+(?:know|believe|think)\b|` +
			`\bthe\s+user\s+(?:must|should|needs?\s+to|has\s+to)\s+be\s+(?:told|informed|warned|advised|redirected|sent)\b` +
			`)`)})
	add(rule{name: "tell-user", kind: kMedium, class: clsUser,
		src: ci(`(?:` +
			wb + `(?:sag|sage|sagt|sagen\s+sie|teile|teilt|teilen\s+sie|erkläre|erklären\s+sie|empfiehl|empfehlen\s+sie|rate|raten\s+sie|informiere|informieren\s+sie|weise|weisen\s+sie|fordere|fordern\s+sie|bitte|bitten\s+sie)\s+(?:dem|den|der|die)\s+(?:nutzer|benutzer|anwender|user|leser|menschen)(?:in|innen|n)?\b|` +
			wb + `(?:dis|dites|indique|indiquez|informe|informez|conseille|conseillez|recommande|recommandez|demande|demandez|préviens|prévenez|explique|expliquez|suggère|suggérez|affirme|affirmez|annonce|annoncez)\s+(?:à\s+)?(?:l'|les\s+)utilisat(?:eur|rice|eurs|rices)\b|` +
			wb + `(?:recommande[rz]?|dis|dites|indique[rz]?|propose[rz]?)\b[^.!?\n]{0,60}?à\s+l'utilisat(?:eur|rice)\b|` +
			wb + `(?:di|diga|dile|dígale|dígales|diles|indica|indique|indícale|informa|informe|infórmale|recomienda|recomiende|recomiéndale|pide|pida|pídele|avisa|avise|explica|explique|sugiere|sugiera)\s+(?:al|a\s+la|a\s+los|a\s+las)\s+usuari[oa]s?\b` +
			`)`)})
	add(rule{name: "output-control", kind: kMedium, class: clsOutput,
		src: ci(`(?:` +
			`\b(?:respond|reply|answer|output|write|say|print|return|begin|start|end|finish)\s+(?:only|solely|exclusively|just|always|strictly)\s+(?:with|in|using|by|as|the)\b|` +
			`\bonly\s+(?:respond|reply|answer|output)\s+(?:with|in|using)\b|` +
			`\b(?:respond|reply|answer)\s+(?:to\s+(?:every|each|any|all)\s+(?:\w+\s+)?(?:questions?|queries|messages|prompts)\s+)?with\s+(?:only\s+)?(?:the\s+)?(?:single\s+)?(?:words?|phrase|sentence|text|string|letters?)\b` +
			`)`)})
	add(rule{name: "output-control", kind: kMedium, class: clsOutput,
		src: ci(`(?:` +
			`\b(?:in|into|to|at\s+the\s+(?:start|end|beginning|top|bottom)\s+of)\s+(?:your|every|each|all|any)\s+(?:(?:future|next|following|subsequent|final)\s+)?(?:answers?|responses?|repl(?:y|ies)|summar(?:y|ies)|outputs?|completions?)\b|` +
			`\b(?:all|every|each|your)\s+(?:(?:future|subsequent|following|further)\s+)?(?:answers?|responses?|repl(?:y|ies)|outputs?|summar(?:y|ies))\s+(?:must|should|shall|will|need\s+to|have\s+to|are\s+to)\b` +
			`)`)})
	add(rule{name: "output-control", kind: kMedium, class: clsOutput,
		src: ci(`(?:` +
			`\bregardless\s+of\s+(?:the|what\s+the|which|what|its)\s+(?:\w+\s+)?(?:question|user|prompt|query|asks?|asked|content)\b|` +
			`\b(?:whatever|no\s+matter\s+what)\s+(?:the\s+(?:user|question)|they|anyone|you\s+are|you're|is)\s*(?:asks?|asked|says?|said|is)?\b|` +
			`\binstead\s+of\s+(?:answering|summari[sz]ing|responding|replying)\b` +
			`)`)})
	add(rule{name: "output-control", kind: kMedium, class: clsOutput,
		src: ci(`(?:` +
			`\b(?:antworte|antworten\s+sie|antwortet|gib|geben\s+sie|schreibe?|schreiben\s+sie)\s+(?:nur|ausschließlich|lediglich|immer|stets)\s+(?:mit|auf|in|noch)\b|` +
			`\bin\s+(?:deiner|deinen|ihrer|ihren|jeder|allen)\s+(?:antwort|antworten|zusammenfassung)\b|` +
			`\b(?:egal|unabhängig\s+davon|ganz\s+gleich)\s*,?\s+(?:was|welche|wonach)\s+(?:(?:der|die)\s+)?(?:nutzer|benutzer|user|frage|gefragt)|` +
			`\b(?:réponds|répondez|répondre|écris|écrivez)\s+(?:uniquement|seulement|exclusivement|toujours)\b|` +
			`\bne\s+(?:réponds|répondez)\s+(?:que|qu')|` +
			`\bdans\s+(?:ta|votre|chaque|tes|vos|toutes\s+tes|toutes\s+vos)\s+(?:réponses?|résumés?)\b|` +
			`\bquelle\s+que\s+soit\s+la\s+(?:question|demande)\b|` +
			`\b(?:responde|responda|contesta|conteste|escribe|escriba)\s+(?:solo|sólo|solamente|únicamente|exclusivamente|siempre)\b|` +
			`\ben\s+(?:tu|su|cada|tus|sus|todas\s+tus|todas\s+sus)\s+(?:respuestas?|resúmenes|resumen)\b|` +
			`\bsin\s+importar\s+(?:la\s+pregunta|lo\s+que)\b|` +
			`\brispondi\s+(?:solo|soltanto|esclusivamente)\b` +
			`)`)})
	add(rule{name: "conceal", kind: kMedium, class: clsConceal,
		src: ci(`(?:` +
			`\b(?:do\s+not|don't|never|without)\s+(?:tell(?:ing)?|inform(?:ing)?|mention(?:ing)?|reveal(?:ing)?|disclos(?:e|ing)|let(?:ting)?|alert(?:ing)?|warn(?:ing)?)\s+(?:(?:this|it|that)\s+(?:to\s+)?)?(?:the|your)\s+(?:users?|humans?|readers?)\b|` +
			`\b(?:do\s+not|don't|never)\s+(?:mention|reveal|disclose|acknowledge|repeat|quote|cite)\s+(?:this|these|that\s+you|the\s+(?:above|following|recall|source|instruction))\b` +
			`)`)})
	add(rule{name: "conceal", kind: kMedium, class: clsConceal,
		src: ci(`(?:` +
			`\bkeep\s+(?:this|these|it)\s+(?:(?:instructions?|notes?|messages?)\s+)?(?:secret|hidden|confidential|private)\b|` +
			`\b(?:the\s+)?users?\s+(?:must|should|may)\s+(?:not|never)\s+(?:know|learn|find\s+out|see|notice|be\s+told)\b` +
			`)`)})
	add(rule{name: "conceal", kind: kMedium, class: clsConceal,
		src: ci(`(?:` +
			`\b(?:sag|sage|sagen\s+sie|erwähne|erwähnen\s+sie|verrate|verraten\s+sie)\s+(?:(?:dem\s+(?:nutzer|benutzer|user|leser)|es|das|davon)\s+)?nichts?\b|` +
			`\bohne\s+(?:es\s+)?(?:dem|den)\s+(?:nutzer|benutzer|user)\s+zu\s+(?:sagen|verraten|erwähnen|erzählen)|` +
			`\bne\s+(?:le\s+)?(?:dis|dites|mentionne|mentionnez|révèle|révélez|signale|signalez)\s+(?:pas|rien|jamais)\b|` +
			`\bsans\s+(?:le\s+)?(?:dire|mentionner|signaler)\s+à\s+l'utilisat|` +
			`\bno\s+(?:le\s+|se\s+lo\s+)?(?:digas|diga|menciones|mencione|reveles|revele|cuentes|cuente)\b|` +
			`\bsin\s+(?:decírselo|decirle|decir|mencionar|informar)\s+(?:nada\s+)?al\s+usuario` +
			`)`)})
	add(rule{name: "ai-must", kind: kMedium, class: clsAIMust,
		src: ci(`\b(?:the|this|any|every|all|each|an?)\s+(?:` + aiEN + `|assistants?\b|models?\b)(?:'s)?\s+(?:must|should|shall|will\s+now|is\s+(?:now\s+)?(?:required|instructed|asked|expected|supposed|ordered|directed|told|to)|are\s+(?:now\s+)?(?:required|instructed|asked|expected|supposed|ordered|directed|told|to)|has\s+to|have\s+to|needs?\s+to|may\s+not|must\s+not|cannot)\b`)})
	add(rule{name: "ai-must", kind: kMedium, class: clsAIMust,
		src: ci(`(?:` +
			`\b(?:die|jede|eine|der|das)\s+(?:` + aiDE + `|assistent\w*|modell)\s+(?:muss|soll|sollte|darf|hat\s+zu)\b|` +
			`(?:\bl'|\ble\s|\bla\s|\btoute\s|\btout\s|\bchaque\s)(?:` + aiFR + `|assistant|modèle)\s+(?:doit|devra|devrait|ne\s+doit|est\s+(?:tenu|priée?|invitée?))\b|` +
			`\b(?:la|el|toda|todo|cualquier|cada)\s+(?:` + aiES + `|asistente|modelo)\s+(?:debe|deberá|debería|tiene\s+que|no\s+debe)\b` +
			`)`)})
	add(rule{name: "new-instructions", kind: kMedium, class: clsNew,
		src: ci(`(?:` +
			`\b(?:new|updated|revised|additional|real|actual|true|important|hidden|secret|priority|override|urgent|special|further|changed|corrected)\s+(?:system\s+)?(?:instructions?|directives?|tasks?|orders|rules|prompts?|objectives?|missions?|commands?|guidelines)\s*[:：]|` +
			`\b(?:begin|start)\s+(?:of\s+)?(?:new\s+)?instructions\b|` +
			`\byour\s+(?:new|real|actual|true|only)\s+(?:task|job|goal|objective|mission|instructions?|role|purpose)\s*(?:is|are|:)` +
			`)`)})
	add(rule{name: "new-instructions", kind: kMedium, class: clsNew,
		src: ci(`\b(?:instructions?|directives?|task)\s+(?:override|update|change)\s*[:：]`)})
	add(rule{name: "new-instructions", kind: kMedium, class: clsNew,
		src: ci(`(?:` +
			`\b(?:neue|aktualisierte|geänderte|wichtige|geheime|zusätzliche|eigentliche)\s+(?:anweisungen|anweisung|aufgabe|regeln|befehle|instruktionen|vorgaben)\s*:|` +
			`\bdeine\s+(?:neue|eigentliche|wahre)\s+(?:aufgabe|rolle|anweisung)\s+(?:ist|lautet)|` +
			`\b(?:nouvelles?|véritables?|vraies?|importantes?|secrètes?)\s+(?:instructions?|consignes?|directives?|tâches?|règles|missions?)\s*:|` +
			`\bta\s+(?:nouvelle|vraie|véritable)\s+(?:tâche|mission|consigne|instruction)\s+est|` +
			`\b(?:nuevas?|verdaderas?|importantes?|secretas?)\s+(?:instrucciones|instrucción|tareas?|reglas|órdenes|directivas|misión)\s*:|` +
			`\btu\s+(?:nueva|verdadera|única)\s+(?:tarea|misión|instrucción|función)\s+es` +
			`)`)})
	add(rule{name: "persona", kind: kMedium, class: clsPersona, neg: true,
		src: ci(`(?:` +
			`\byou(?:'re|\s+are)\s+now\s+(?:a|an|the|my)\b|` +
			`\bfrom\s+now\s+on\s*,?\s+(?:you\s+(?:will\s+|must\s+|shall\s+|should\s+|are\s+(?:to\s+)?)?)?(?:respond|reply|answer|act|speak|talk|write|behave|pretend|ignore|only|always|never|be|refer)\b|` +
			`\bact\s+as\s+(?:a|an|the|if|though|my)\b|` +
			`\bpretend\s+(?:to\s+be|you\s+are|you're|that\s+you)\b|` +
			`\brole-?\s?play\s+as\b|` +
			`\b(?:you\s+will|you\s+must|you\s+shall|you\s+are\s+going\s+to)\s+(?:now\s+)?(?:act|behave|respond|reply|answer|speak|talk)\s+(?:as|like)\b|` +
			`\bstay\s+in\s+character\b|` +
			`\b(?:simulate|emulate|impersonate)\s+(?:a|an)\b|` +
			`\byour\s+(?:new\s+)?(?:name|persona|identity|character)\s+is\b|` +
			`\bthe\s+user\s+(?:is\s+now|has\s+been|is\s+already)\s+(?:(?:an?|the)\s+)?(?:authenticated|authori[sz]ed|verified|admin(?:istrator)?|root|superuser|developer|owner)\b` +
			`)`)})
	add(rule{name: "persona", kind: kMedium, class: clsPersona, neg: true,
		src: ci(`\b(?:enable|enter|activate|switch\s+(?:to|into))\s+(?:\w+\s+)?mode\b`)})
	add(rule{name: "persona", kind: kMedium, class: clsPersona, neg: true,
		src: ci(`(?:` +
			`\b(?:ab\s+jetzt|ab\s+sofort|von\s+nun\s+an|ab\s+heute)\s*,?\s+(?:antwortest|antworte|sprichst|sprich|bist|musst|sollst|wirst|verhältst|schreibst)\b|` +
			`\b(?:tu\s+so|tun\s+sie\s+so)\s*,?\s+als\b|` +
			`\b(?:du\s+bist|sie\s+sind)\s+(?:jetzt|nun|ab\s+sofort)\s+(?:ein|eine|der|die)\b|` +
			`\b(?:verhalte\s+dich|agiere|spiele|spiel)\s+(?:wie|als)\b|` +
			`(?:\bà\s+partir\s+de\s+maintenant|\bdorénavant|\bdésormais)\s*,?\s+(?:tu|vous)\s+(?:réponds|répondez|répondras|répondrez|es|êtes|seras|serez|dois|devez|parles|parlez|agis|agissez|vas|allez)\b|` +
			`\b(?:fais|faites)\s+semblant\b|` +
			`\b(?:agis|agissez|comporte-toi|comportez-vous)\s+comme\b|` +
			`\b(?:tu\s+es|vous\s+êtes)\s+(?:maintenant|désormais|dorénavant)\s+(?:un|une|le|la)\b|` +
			`\b(?:a\s+partir\s+de\s+ahora|desde\s+ahora|de\s+ahora\s+en\s+adelante)\s*,?\s+(?:responde|responderás|eres|serás|debes|hablarás|actúa|actuarás|contesta|contestarás)|` +
			`\b(?:finge|finja|haz\s+como\s+si)\b|` +
			`\b(?:actúa|actúe|compórtate|compórtese)\s+como\b|` +
			`\bahora\s+eres\s+(?:un|una|el|la)\b` +
			`)`)})
	add(rule{name: "context-break", kind: kMedium, class: clsBreak,
		src: ci(`\b(?:end|close|closing)\s+of\s+(?:the\s+)?(?:document|context|passage|input|text|article|e-?mail|notes?|data|source|retrieved\s+\w+|user\s+(?:input|data|message))\b`)})
	add(rule{name: "context-break", kind: kMedium, class: clsBreak,
		src: ci(`(?:` +
			`</?(?:context|document|documents|passage|passages|source|sources|retrieved|search_results?|notes?|data|input)>|` +
			`\[\s*/?\s*(?:end|begin|start)[ _-]?(?:of[ _-])?(?:context|document|passage|input|data|text)\s*\]|` +
			`-{3,}\s*(?:end|begin)\b|={3,}\s*(?:end|begin)\b|` +
			`\bende\s+(?:des|der)\s+(?:dokuments|kontexts|textes|nachricht|eingabe)\b|` +
			`\bfin\s+(?:du|de\s+la)\s+(?:document|contexte|texte|message)\b|` +
			`\bfin\s+(?:del|de\s+la)\s+(?:documento|contexto|texto|mensaje)\b` +
			`)`)})
	add(rule{name: "fake-notice", kind: kMedium, class: clsTurn, noDescribe: true,
		src: (`\[(?:SYSTEM|ADMIN|DEVELOPER|OPERATOR|SYS)(?:[ _][A-Z]+){0,2}\]|\bSYSTEM[ _](?:NOTICE|MESSAGE|ALERT|NOTE|OVERRIDE|UPDATE|INSTRUCTIONS?|PROMPT|DIRECTIVE)\b|(?i:</?(?:system|system_prompt|instructions|admin|developer)>)`)})

	// ---- payload cues: run only when a tell-user or ai-must cue was found.
	// link-or-command (L) is found by linkCues in code: a target (URL,
	// domain, e-mail address, phone number, link, command) with an action
	// verb (visit, click, log in, run, call, ...) before it in the same
	// sentence, at most 80 bytes back.
	add(rule{name: "credentials", kind: kMedium, class: clsCred, neg: true, gate: clsUser | clsAIMust,
		src: ci(`(?:` +
			`\b(?:send|share|enter|give|provide|type|reveal|submit|confirm|verify|disclose|paste|e-?mail|forward|text|tell\s+(?:us|me))\s+(?:(?:me|us|them|him|her|your|their|his|the|all|any|its|a|an|user's|users')\s+){0,3}` +
			`(?:(?:account|login|bank|banking|email|e-mail|admin|master|wifi|wi-fi|vpn|current|new|old|full)\s+)?` +
			`(?:passwords?|passcodes?|passphrases?|credentials|login\s+(?:details|data|info(?:rmation)?)|api\s+keys?|access\s+tokens?|tokens?|pins?|pin\s+codes?|credit\s+card(?:\s+(?:numbers?|details|data))?|card\s+(?:numbers?|details)|bank\s+(?:details|account)|iban|cvv|cvc|security\s+codes?|(?:one-time|2fa|verification|otp|sms|authentication)\s+codes?|seed\s+phrases?|recovery\s+(?:phrases?|codes?)|private\s+keys?|ssn|social\s+security\s+numbers?)\b|` +
			wb + `(?:sende|senden|schicke|schicken|gib|geben|gebe|teile|teilen|nenne|nennen|verrate|verraten|bestätige|bestätigen|tippe|tippen|eingeben)\s+(?:[\wäöüß]+\s+){0,3}?(?:passwort|passwörter|kennwort|zugangsdaten|anmeldedaten|pin|tan|kreditkarten\w*|iban|bankdaten|api-schlüssel|token)|` +
			wb + `(?:envoie|envoyez|donne|donnez|communique|communiquez|saisis|saisissez|entre|entrez|tape|tapez|confirme|confirmez|partage|partagez|indique|indiquez)\s+(?:\S+\s+){0,3}?(?:mot\s+de\s+passe|mots\s+de\s+passe|identifiants|code\s+pin|code\s+secret|numéro\s+de\s+carte|coordonnées\s+bancaires|iban|clé\s+api|jeton)|` +
			wb + `(?:envía|envíe|envíen|manda|mande|da|dé|comparte|comparta|introduce|introduzca|escribe|escriba|confirma|confirme|proporciona|proporcione|indica|indique)\s+(?:\S+\s+){0,3}?(?:contraseñas?|credenciales|clave|pin|número\s+de\s+(?:la\s+)?tarjeta|datos\s+bancarios|iban|clave\s+api|token)` +
			`)`)})
	for i := range rs {
		r := &rs[i]
		r.anchored = anchoredSource(r.src)
		r.compiled = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(r.anchored) })
		if g, ok := generatedLits[r.anchored]; ok {
			r.lits = g
		} else { // lits_gen.go is stale: derive them (tens of ms for all rules)
			r.lits = startLits(r.anchored)
		}
	}
	return rs
}

// re returns the rule's anchored pattern, compiled on first use: most
// passages reach few rules' start literals, so most rules are never
// compiled in a process that checks a few passages. Safe for concurrent use.
func (r *rule) re() *regexp.Regexp { return r.compiled() }
