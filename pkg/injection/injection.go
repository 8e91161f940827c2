// Package injection finds text in a passage that addresses an AI model
// (instructions to it, role changes, "ignore previous instructions", requests
// to send the user to a URL or to ask for a password, fake system notices,
// chat-template control tokens) so that hrag can mask it before the passage
// goes to the LLM, and flag it in its output. Everything else in the passage
// is kept byte for byte.
//
// # Why explicit patterns
//
// Before writing this we looked for a maintained detector to use. No Go
// module fits. github.com/mdombrov-33/go-promptguard (pattern and
// statistics based, stdlib only) is refused by the Go module proxy reachable
// here. It also gives one verdict and a score for a whole input, not byte
// spans. It is English only, and some of its patterns (e.g. "don't" or
// "instead" followed by a word) would fire on most notes. The PyPI and npm
// packages found by grepping the registry lists for "injection" fall into
// three groups. Some are thin clients of cloud APIs. Some are classifiers
// that download a model from the HuggingFace hub (LLM Guard, Prompt Guard,
// deberta/modernbert guards), which hrag cannot reach. The rest are young,
// single-author regex packages (prompt-dictator, injectionshield,
// ai-injection-guard, rag-inject-guard, ...). Those run in another runtime,
// also give per-text verdicts, and are tuned for chat input, where "act as" or
// "system prompt" are suspect. In a folder of notes they are ordinary words.
// So this package uses explicit, documented patterns from the standard
// library's regexp. They are deterministic, cheap and auditable, and they
// give the byte ranges that masking needs.
//
// # What is detected
//
// Rules come in three strengths (see the rule table in rules.go; English,
// German, French and Spanish, with Italian for the override phrase):
//
//   - Strong rules flag on their own:
//     ignore-instructions ("ignore/disregard/forget (all) previous|prior|above|your
//     instructions", "forget everything above", verb-final German
//     "alle bisherigen Anweisungen ignorieren", French "tes instructions", ...);
//     role-change ("you are now DAN / an unrestricted assistant", "you are no
//     longer bound by your rules", "I want you to act as", "do anything now");
//     addressed-to-ai ("note/notice/message/instructions to|for the AI/LLM/
//     language model/chatbot/ChatGPT" followed by ':' or "reading this" or at
//     a sentence start, "Dear AI,", "If you are an AI ...", "AI assistants
//     reading this", "this text is meant for AI systems", "as an AI, you
//     must");
//     system-prompt ("reveal your system prompt", "new system prompt:");
//     conceal-instruction ("do not mention this instruction", "don't tell the
//     user about this note");
//     chat-token (literal control tokens: <|im_start|>, [INST], <<SYS>>,
//     <|start_header_id|>, <start_of_turn>, ...);
//     instruction-header ("### Instruction:" at a line start).
//   - Medium cues flag only in pairs, within one sentence or two adjacent
//     sentences of one block: tell-user (U), link-or-command (L: visit, click,
//     log in, run or call with a URL, a link, a phone number or a command),
//     credentials (C), output-control (O: "respond only with", "in your
//     answer", "all responses must"), conceal (H), ai-must (A: "the assistant
//     must"), new-instructions (N), persona (F: "from now on you", "act as"),
//     context-break (B: "end of document", "</context>"), and fake-notice /
//     role-marker (T: "[SYSTEM]", "SYSTEM NOTICE", "<system>"). The allowed
//     pairs are in allowedPairs. L and C only pair with U or A. A link, a
//     password request or a fake notice alone is phishing aimed at a person,
//     and that is not flagged. Asking the model to relay it to the user is.
//     A with O or U is how specs describe an assistant ("the model should
//     answer only in JSON"), so it needs a third class.
//   - Role markers at a line start ("System:", "Assistant:", "Developer:",
//     "### Response:", "<system>") flag only when their turn also holds
//     another cue. "System: Ubuntu 22.04" and saved transcripts whose
//     assistant lines hold no cue stay.
//
// # What is deliberately not flagged
//
// Descriptive mentions are not instructions. These are suppressed:
//   - a match inside `inline code`;
//   - a match inside a quoted string of at most 200 bytes that is a code
//     literal (after ':', '=', '(' or ',', as in {"role": "system",
//     "content": "..."}), or that a reporting word introduces ('attacks such
//     as "ignore previous instructions"', 'the prompt said "..."');
//   - a match that completes a describing lead in the same sentence ("I asked
//     ChatGPT to ...", "attackers try to ...", "phrases like ...", "the
//     phrase ...", "I wrote a note to the AI: ...");
//   - a match inside a quotation (double, typographic or single quotes) with
//     words both before and after it in its sentence: a title or a mention
//     ("Notes on 'Ignore Previous Prompt: Attack Techniques for Language
//     Models' (Perez & Ribeiro 2022)");
//   - ignore-instructions, persona and credential matches after a negation
//     ("never ignore your instructions", "never share your password"), after
//     "my/our" ("disregard my previous email"), or with an errata tail
//     ("disregard the previous instructions for step 3");
//   - role markers inside fenced code blocks (YAML "system:" keys).
//
// A statement about the user's privileges ("the user is now authenticated
// as admin") is a persona cue: with a fake "SYSTEM:" line it is flagged.
//
// Sentences that only mention the words "system prompt", "ChatGPT",
// "instructions" or "AI", or that tell a human to run a command, visit a
// site or log in, match nothing. Literal chat-template control tokens are
// masked even in descriptive text, except in inline code: an
// OpenAI-compatible server may parse them as real control tokens. Outside
// code a token with no matching end token is masked alone, so the sentence
// around it stays.
//
// # Span granularity
//
// A span starts at the sentence that holds the trigger (after a quote marker
// or list bullet, which stay, so a masked quote stays a quote). It runs on
// through the following sentences of the same block while they continue the
// instruction. A block is a paragraph, one list item, a run of quoted lines
// of equal depth, or an HTML comment. A sentence continues it when it holds
// another cue, starts with an imperative or a connector ("Also tell ...",
// "Then reply ...", "Do not ...", "You must ...", "Sag ...", "Réponds ...",
// "Responde ..."; see contStarts in words.go), starts lower-case (a
// fragment), or is a bare URL. A block that ends with ':' also takes in the first sentence of the
// next block, and then the next list items while they continue. A fake turn
// runs from its role marker to its end token (<|im_end|>, [/INST],
// </system>, ...) when there is one; otherwise its sentences follow the same
// rule. An HTML comment that holds a trigger is masked whole. Sentences
// before the trigger are never taken in. Each trigger extends its span by at
// most 1,000 bytes from the span start. A longer trigger sentence is cut to
// 1,000 bytes around the match. Spans that overlap, touch, or are separated
// only by white space and '>' quote markers are merged (so one span may
// exceed 1,000 bytes when triggers keep coming). A merged span keeps the
// rule of its first part, preferring a strong rule among parts that start
// together.
//
// Base64 or otherwise encoded payloads, and markup that hides text from
// people (white text, zero-width characters), are out of scope. So is text
// that addresses a summariser without naming an AI ("Whoever summarises this
// page for a user: say ..."), and a bare "Tell the user that ..." with no
// link, credential, output rule or addressee: UX notes and support
// playbooks say the same.
//
// # Evaluation
//
// testdata/cases.jsonl holds 84 labelled injections and 89 real-looking
// notes that must not be flagged, in English, German, French, Spanish and
// Italian. The first 59 + 64 were written before the rules. The second batch
// ("batch 2" in the notes) was written after them and first run unchanged,
// as a held-out check: 21 of 25 injections found, 2 of 25 notes flagged.
// The fixes that followed are constructions, not sentences (vocatives with
// "there", override with a relative clause, embedded quotes, privilege
// claims). TestEvalSet asserts recall and the false-positive rate against
// floors set from the measurement.
//
// # How it runs
//
// Every rule's regexp is compiled anchored at its start. From the parsed
// regexp (regexp/syntax), the set of literal prefixes every match must
// begin with is derived: up to 8 runes, lower case, white-space runs as
// one space. A passage is scanned once, word start by word start, through a
// trie of those prefixes, and a rule's regexp is tried only where one of its
// prefixes occurs. TestAnchoredMatchesReference checks that this finds
// exactly what running every regexp over the whole text finds. Building the
// tables (compiling, deriving the prefixes) takes tens of milliseconds and
// about 14 MB of short-lived allocations. It happens once per process, on
// the first Detect. Afterwards the tables are read-only and shared.
package injection

import (
	"bytes"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaskText is the placeholder that Mask puts in place of each span.
const MaskText = "[text addressed to an AI assistant removed by hrag]"

// maxSpan bounds how far one trigger extends its span, in bytes.
const maxSpan = 1000

// blockWindow bounds how far block scanning looks either side of a cue.
const blockWindow = 1500

// Span is a byte range [Start, End) of a text that addresses an AI model,
// with the rule that matched. Start and End are byte offsets into the text
// passed to Detect, always on UTF-8 rune boundaries, with
// 0 <= Start < End <= len(text). Rule is the name of a rule
// ("ignore-instructions", "role-change", "addressed-to-ai", "system-prompt",
// "conceal-instruction", "chat-token", "instruction-header", "role-marker")
// or, for a pair of medium cues, their names joined with "+" (e.g.
// "tell-user+link-or-command").
type Span struct {
	Start, End int
	Rule       string
}

// Detect returns the non-overlapping spans of text, in order, that look like
// instructions to an AI assistant; nil when there are none (always for "").
// It never fails. Invalid UTF-8 is tolerated: its bytes are treated as
// non-letters. It is safe for concurrent use. A passage of up to 4 KiB
// with no match costs a few small allocations at most. The first call
// builds the rule tables (see "How it runs").
func Detect(text string) []Span { return detect(text, nil) }

// Mask returns text with every span replaced by MaskText (one placeholder
// per span), keeping everything else byte-for-byte. Spans are expected as
// Detect returns them. Mask also accepts unsorted or overlapping spans:
// ranges are clamped to [0, len(text)], widened to rune boundaries, sorted,
// and overlapping or touching ones are merged before replacing. Empty ranges
// are ignored. With no spans the text is returned unchanged.
func Mask(text string, spans []Span) string {
	if len(spans) == 0 {
		return text
	}
	norm := make([]Span, 0, len(spans))
	for _, sp := range spans {
		st, en := sp.Start, sp.End
		if st < 0 {
			st = 0
		}
		if en > len(text) {
			en = len(text)
		}
		if st >= en {
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
	if len(norm) == 0 {
		return text
	}
	sort.Slice(norm, func(i, j int) bool { return norm[i].Start < norm[j].Start })
	var b strings.Builder
	b.Grow(len(text))
	last := 0
	for i := 0; i < len(norm); {
		st, en := norm[i].Start, norm[i].End
		i++
		for i < len(norm) && norm[i].Start <= en {
			if norm[i].End > en {
				en = norm[i].End
			}
			i++
		}
		b.WriteString(text[last:st])
		b.WriteString(MaskText)
		last = en
	}
	b.WriteString(text[last:])
	return b.String()
}

// hit is one rule match with its context.
type hit struct {
	start, end int
	r          *rule
	addressed  bool // follow group matched
	state      int8 // 0 not yet known, 1 instruction, -1 suppressed (see ok)
	comment    bool // inside an HTML comment [bs, be)
	bs, be     int  // block
	ss, se     int  // sentence
}

// scan is the per-call state of detect.
type scan struct {
	t      string
	hits   []hit
	fences []int // starts of fence lines (``` or ~~~), in order; nil until computed
	fenced bool  // fences computed
}

// lineHead reports whether p is the first character of its line after
// indentation and '>' quote markers.
func lineHead(text string, p int) bool {
	for i := p - 1; i >= 0; i-- {
		switch text[i] {
		case '\n':
			return true
		case ' ', '\t', '>':
		default:
			return false
		}
	}
	return true
}

// asciiAlnum[c] reports whether the ASCII byte c is a letter or digit.
var asciiAlnum = func() (t [128]bool) {
	for c := 0; c < 128; c++ {
		t[c] = isAlnum(byte(c))
	}
	return t
}()

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// detect finds the spans of text. With ref (tests only: one unanchored
// regexp per rule, see rule.unanchored) every rule runs over the whole text
// instead of at the positions of its start literals.
func detect(text string, ref []*regexp.Regexp) []Span {
	if text == "" {
		return nil
	}
	var lowBuf [4096]byte
	low := lowerASCII(lowBuf[:0], text)
	hits := collect(tables(), text, low, ref)
	if len(hits) == 0 {
		return nil
	}
	sc := &scan{t: text, hits: hits}
	return sc.spans()
}

// collect returns the rule matches in text (low is text with ASCII letters
// lower-cased), sorted by start.
func collect(tb *table, text string, low []byte, ref []*regexp.Regexp) []hit {
	var candBuf [128]cand2
	var cands []cand2
	if ref == nil {
		cands = candidates(tb, text, low, candBuf[:0])
	}
	var hits []hit
	var found class
	record := func(r *rule, off int, m []int) int {
		st, en := off+m[0], off+m[1]
		st = trimLead(text, st, en)
		if st >= en {
			return off + m[1]
		}
		h := hit{start: st, end: en, r: r}
		if r.follow > 0 {
			h.addressed = m[2*r.follow] >= 0 && m[2*r.follow+1] > m[2*r.follow]
		}
		hits = append(hits, h)
		found |= r.class
		return off + m[1]
	}
	k := 0 // cands are sorted by rule, then position
	for i := range tb.rules {
		r := &tb.rules[i]
		first := k
		for k < len(cands) && int(cands[k].rule) == i {
			k++
		}
		if r.gate != 0 && found&r.gate == 0 {
			continue
		}
		if ref != nil {
			for _, m := range ref[i].FindAllStringSubmatchIndex(text, -1) {
				if !r.line || lineHead(text, trimLead(text, m[0], m[1])) {
					record(r, 0, m)
				}
			}
			continue
		}
		next := 0
		for _, c := range cands[first:k] {
			p := int(c.pos)
			if p < next {
				continue
			}
			var m []int
			if r.follow > 0 {
				m = r.re().FindStringSubmatchIndex(text[p:])
			} else {
				m = r.re().FindStringIndex(text[p:])
			}
			if m != nil {
				next = record(r, p, m)
			}
		}
	}
	if found&(clsUser|clsAIMust) != 0 {
		hits = linkCues(text, low, hits)
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].start < hits[j].start })
	return hits
}

// cand2 is a position where rules[rule]'s start literal occurs.
type cand2 struct {
	rule int32
	pos  int32
}

// candidates walks the literal trie from every candidate position and returns the
// (rule, position) pairs where a start literal occurs, sorted by rule and
// position.
func candidates(tb *table, text string, low []byte, out []cand2) []cand2 {
	prevWord := false // a letter or digit ends at p
	for p := 0; p < len(low); p++ {
		c := low[p]
		var word bool
		if c < 0x80 {
			word = asciiAlnum[c]
		} else if utf8.RuneStart(c) {
			r, _ := utf8.DecodeRune(low[p:])
			word = unicode.IsLetter(r) || unicode.IsDigit(r)
		} else {
			continue // inside a rune: prevWord stays that of the rune
		}
		start := word && !prevWord || tb.litStart[c]
		prevWord = word
		if !start {
			continue
		}
		// walk litTrie along the canonical text at p
		node := int32(0)
		space := false
		for q := p; q < len(text) && node >= 0; {
			var r rune
			size := 1
			if c := low[q]; c < 0x80 {
				r = rune(c)
				if r == '>' || isSpace(c) {
					r = ' '
				}
			} else {
				r, size = utf8.DecodeRuneInString(text[q:])
				r = canonRune(r)
			}
			q += size
			if r == ' ' {
				if space {
					continue
				}
				space = true
			} else {
				space = false
			}
			var enc [utf8.UTFMax]byte
			n := utf8.EncodeRune(enc[:], r)
			for _, b := range enc[:n] {
				if node == 0 {
					node = tb.root[b]
					if node == 0 {
						node = -1
					}
				} else {
					next := int32(-1)
					for _, e := range tb.trie[node].edges {
						if e.b == b {
							next = e.next
							break
						}
					}
					node = next
				}
				if node < 0 {
					break
				}
			}
			if node < 0 {
				break
			}
			for _, i := range tb.trie[node].rules {
				if tb.rules[i].line && !lineHead(text, p) {
					continue
				}
				out = append(out, cand2{int32(i), int32(p)})
			}
		}
	}
	slices.SortFunc(out, func(a, b cand2) int {
		if a.rule != b.rule {
			return int(a.rule - b.rule)
		}
		return int(a.pos - b.pos)
	})
	return out
}

// linkRule is the rule of the cues that linkCues finds.
var linkRule = &rule{name: "link-or-command", kind: kMedium, class: clsLink}

// linkWords are target words of link-or-command (lower case).
var linkWords = map[string]bool{"link": true, "url": true, "hyperlink": true, "lien": true, "enlace": true,
	"command": true, "befehl": true, "commande": true, "comando": true, "script": true, "powershell": true,
	"curl": true, "wget": true}

// linkTLDs are the top-level domains that make a bare "name.tld" a target.
var linkTLDs = map[string]bool{"com": true, "net": true, "org": true, "io": true, "ru": true, "cn": true, "xyz": true,
	"top": true, "info": true, "biz": true, "example": true, "app": true, "site": true, "online": true, "click": true,
	"link": true, "co": true, "de": true, "fr": true, "es": true}

// linkTargets returns the byte ranges of what an injected instruction sends
// the user to: a URL, a domain, an e-mail address, a phone number (9 or
// more digits), a link, a command, or a pipe into a shell. It scans the
// white-space separated tokens of low once.
func linkTargets(low []byte, out [][2]int) [][2]int {
	prevPipe := false
	for i := 0; i < len(low); {
		for i < len(low) && (isSpace(low[i]) || low[i] == '>') {
			i++
		}
		j := i
		for j < len(low) && !isSpace(low[j]) {
			j++
		}
		if i >= j {
			break
		}
		tok := low[i:j]
		// strip surrounding punctuation
		a, b := 0, len(tok)
		for a < b && strings.IndexByte("(\"'<[*_`", tok[a]) >= 0 {
			a++
		}
		for b > a && strings.IndexByte(")\"'>].,;:!?*_`", tok[b-1]) >= 0 {
			b--
		}
		core := tok[a:b]
		switch {
		case len(core) == 0:
		case bytes.Contains(core, []byte("://")) || bytes.HasPrefix(core, []byte("www.")):
			out = append(out, [2]int{i + a, i + b})
		case bytes.IndexByte(core, '@') > 0 && bytes.IndexByte(core[bytes.IndexByte(core, '@'):], '.') > 0:
			out = append(out, [2]int{i + a, i + b})
		case linkWords[string(core)]:
			out = append(out, [2]int{i + a, i + b})
		case prevPipe && (string(core) == "sh" || string(core) == "bash" || string(core) == "sudo"):
			out = append(out, [2]int{i + a, i + b})
		default:
			if k := bytes.LastIndexByte(core, '.'); k > 0 && k < len(core)-1 {
				host := core
				if sl := bytes.IndexByte(core, '/'); sl > 0 {
					host = core[:sl]
					k = bytes.LastIndexByte(host, '.')
				}
				if k > 0 && linkTLDs[string(host[k+1:])] && isAlnum(host[0]) {
					out = append(out, [2]int{i + a, i + b})
					break
				}
			}
			if n := phoneDigits(low, i); n > 0 {
				out = append(out, [2]int{i, n})
			}
		}
		prevPipe = string(core) == "|"
		i = j
	}
	return out
}

// phoneDigits returns the end of a phone number starting at i ('+' or a
// digit, then digits, spaces, '-', '(' and ')', 9 digits or more), or 0.
func phoneDigits(low []byte, i int) int {
	if i >= len(low) || !(low[i] == '+' || low[i] >= '0' && low[i] <= '9') {
		return 0
	}
	digits, end := 0, 0
	for k := i; k < len(low); k++ {
		c := low[k]
		switch {
		case c >= '0' && c <= '9':
			digits++
			end = k + 1
		case c == ' ' || c == '-' || c == '(' || c == ')' || c == '+' && k == i:
		default:
			k = len(low)
		}
	}
	if digits >= 9 {
		return end
	}
	return 0
}

// linkVerbs are the action verbs (lower case) of link-or-command; two-word
// verbs are keyed by both words.
var linkVerbs = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`visit open click tap follow login log-in signin sign-in download install run execute call phone dial contact register verify reenter re-enter enter paste email e-mail ` +
		`besuche besuchen öffne öffnen klicke klicken tippe melde melden anmelden einloggen logge lade laden herunterladen installiere installieren führe führen ausführen rufe rufen anrufen kontaktiere wende gehe geh ` +
		`visite visitez ouvre ouvrez clique cliquez connecter connecte connectez télécharge téléchargez installe installez exécute exécutez lance lancez appelle appelez contacte contactez rends-toi rendez-vous va allez ` +
		`visita visiten abre abra pulsa pulse inicia inicie descarga descargue instala instale ejecuta ejecute llama llame contacta contacte vaya entra entre accede acceda`) {
		m[w] = true
	}
	for _, w := range []string{"go to", "head to", "navigate to", "log in", "sign in", "write to", "haz clic", "haga clic", "ve a", "vaya a"} {
		m[w] = true
	}
	return m
}()

// linkCues appends a link-or-command hit for every target with an action
// verb before it in the same sentence, at most 80 bytes back.
func linkCues(text string, low []byte, hits []hit) []hit {
	var buf [16][2]int
	for _, m := range linkTargets(low, buf[:0]) {
		lo := m[0] - 80
		if lo < 0 {
			lo = 0
		}
		for lo < m[0] && !utf8.RuneStart(text[lo]) {
			lo++
		}
		win := low[lo:m[0]]
		if k := bytes.LastIndexAny(win, ".!?"); k >= 0 {
			lo += k + 1
			win = low[lo:m[0]]
		}
		if v := lastVerb(win); v >= 0 {
			hits = append(hits, hit{start: lo + v, end: m[1], r: linkRule})
		}
	}
	return hits
}

// lastVerb returns the offset in win of the first action verb, or -1.
func lastVerb(win []byte) int {
	var prev string
	prevAt := -1
	for i := 0; i < len(win); {
		r, size := utf8.DecodeRune(win[i:])
		if !unicode.IsLetter(r) {
			i += size
			continue
		}
		j := i
		for j < len(win) {
			r, size := utf8.DecodeRune(win[j:])
			if !unicode.IsLetter(r) && r != '-' {
				break
			}
			j += size
		}
		w := strings.ToLower(string(win[i:j]))
		if linkVerbs[w] {
			return i
		}
		if prev != "" && linkVerbs[prev+" "+w] {
			return prevAt
		}
		prev, prevAt = w, i
		i = j
	}
	return -1
}

// lowerASCII appends text to dst with ASCII letters lower-cased; offsets are
// unchanged.
func lowerASCII(dst []byte, text string) []byte {
	for i := 0; i < len(text); i++ {
		c := text[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// trimLead moves a match start past leading white space, quote markers and
// the one separator rune that wb consumes.
func trimLead(t string, st, en int) int {
	for st < en {
		r, size := utf8.DecodeRuneInString(t[st:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("<[#*_", r) {
			return st
		}
		st += size
	}
	return st
}

func (s *scan) spans() []Span {
	for i := range s.hits {
		s.prepare(&s.hits[i])
	}
	var out []cand
	add := func(st, en int, name string, pri int) {
		if st < en {
			out = append(out, cand{Span{Start: st, End: en, Rule: name}, pri})
		}
	}
	for i := range s.hits {
		h := &s.hits[i]
		if h.r.kind != kMedium && h.r.kind != kTurn && !s.ok(h) {
			continue
		}
		switch h.r.kind {
		case kStrong:
			st, en := s.sentenceSpan(h, h.ss, h.se)
			add(st, en, h.r.name, 0)
		case kToken:
			st, en := s.tokenSpan(h)
			add(st, en, h.r.name, 0)
		case kStrongTurn:
			st, en := s.sentenceSpan(h, h.start, h.se)
			add(st, en, h.r.name, 0)
		case kTurn:
			if s.turnFlags(h) {
				st, en := s.sentenceSpan(h, h.start, h.se)
				add(st, en, h.r.name, 1)
			}
		case kMedium:
			if st, en, name, ok := s.window(i); ok {
				add(st, en, name, 2)
			}
		}
	}
	return s.merge(out)
}

// window checks the medium cue hits[i] against the other medium cues of its
// sentence and the next one; when their classes contain an allowed pair it
// returns the span from the cue's sentence.
func (s *scan) window(i int) (int, int, string, bool) {
	a := &s.hits[i]
	next := s.skipGap(a.se, a.be)
	var nextEnd int
	if next < a.be {
		nextEnd = s.sentEnd(next, a.be)
	}
	// the hits of this sentence and the next one
	lo := sort.Search(len(s.hits), func(j int) bool { return s.hits[j].start >= a.ss })
	hi := lo
	limit := a.se
	if next < a.be {
		limit = nextEnd
	}
	for hi < len(s.hits) && s.hits[hi].start < limit {
		hi++
	}
	// cheap pass: could the classes of this window pair at all?
	set := a.r.class
	for j := lo; j < hi; j++ {
		b := &s.hits[j]
		if j != i && b.r.kind == kMedium && b.bs == a.bs && (b.ss == a.ss || next < a.be && b.ss == next) {
			set |= b.r.class
		}
	}
	if !flags(set) || !s.ok(a) {
		return 0, 0, "", false
	}
	set = a.r.class
	names := []string{a.r.name}
	end := a.se
	for pass := 0; pass < 2 && !flags(set); pass++ {
		for j := lo; j < hi; j++ {
			b := &s.hits[j]
			if j == i || b.r.kind != kMedium || b.bs != a.bs || b.start < a.end && a.start < b.end {
				continue // another cue of the same block, not made of the same words
			}
			if (pass == 0 && b.ss == a.ss || pass == 1 && next < a.be && b.ss == next) && b.r.class&set == 0 && s.ok(b) {
				set |= b.r.class
				names = append(names, b.r.name)
				if pass == 1 && flags(set) {
					end = nextEnd
					break
				}
			}
		}
	}
	if !flags(set) {
		return 0, 0, "", false
	}
	st, en := s.sentenceSpan(a, a.ss, end)
	return st, en, strings.Join(names, "+"), true
}

// turnFlags reports whether the role marker h has another cue in its turn.
func (s *scan) turnFlags(h *hit) bool {
	te := h.be
	if s.endsWithColon(h.bs, h.be) {
		if _, nbe, _, ok := s.nextBlock(h.be); ok {
			te = nbe
		}
	}
	set := clsTurn
	lo := sort.Search(len(s.hits), func(j int) bool { return s.hits[j].start >= h.start })
	for j := lo; j < len(s.hits) && s.hits[j].start < te; j++ {
		b := &s.hits[j]
		if b == h || !s.ok(b) {
			continue
		}
		switch b.r.kind {
		case kStrong, kToken, kStrongTurn:
			return s.ok(h)
		case kMedium:
			set |= b.r.class
		}
	}
	return flags(set) && s.ok(h)
}

// prepare computes the block and sentence of h and whether it is suppressed.
func (s *scan) prepare(h *hit) {
	if cs, ce, ok := s.comment(h.start); ok {
		h.comment, h.bs, h.be = true, cs, ce
	} else {
		h.bs, h.be = s.block(h.start)
	}
	if h.bs > h.start {
		h.bs = h.start
	}
	if h.be < h.end {
		h.be = h.end
	}
	h.ss, h.se = s.sentence(h.bs, h.be, h.start)
	if h.se < h.end {
		h.se = s.sentEnd(h.end, h.be)
		if h.se < h.end {
			h.se = h.end
		}
	}
}

// ok reports whether h is not suppressed, computing it once.
func (s *scan) ok(h *hit) bool {
	if h.state == 0 {
		h.state = 1
		if s.suppressed(h) {
			h.state = -1
		}
	}
	return h.state > 0
}

var (
	// sentenceInitialRe: what may precede an addressed phrase at the start of
	// a sentence ("SYSTEM NOTICE TO ...", "IMPORTANT: note to ...").
	sentenceInitialRe = regexp.MustCompile(`^(?:[\p{Lu}\p{N}\s*_#\[\](){}!:.\-–—>]*|(?i:(?:a|an|one|this\s+is\s+an?|here\s+is\s+an?|hidden|special|private|quick|short|final|another|urgent|important|friendly|polite|personal|confidential|official|please\s+read|kind)[\s:,]*)*)$`)
	// codeLitRe: a quoted string that is a value in code.
	codeLitRe = regexp.MustCompile(`(?:[:=(\[{,]|\breturn|\bprint)\s*[frbuFRBU]?$`)
	// errataRe: a scoped "disregard the previous instructions for step 3".
	errataRe = regexp.MustCompile(`(?i)^[\s>]+(?:for|about|regarding|concerning|re|on\s+(?:page|the)|in\s+(?:step|section|chapter|the\s+(?:manual|e-?mail|mail|letter|leaflet|booklet|guide)))\b`)
)

// suppressed reports whether h is a descriptive mention or otherwise not an
// instruction (see the package documentation).
func (s *scan) suppressed(h *hit) bool {
	t := s.t
	if s.inInlineCode(h.start) {
		return true
	}
	switch h.r.kind {
	case kToken:
		return false
	case kTurn, kStrongTurn:
		return s.inFence(h.start)
	}
	if h.r.noDescribe {
		return false
	}
	lo := h.start - 100
	if lo < h.ss {
		lo = h.ss
	}
	for lo > 0 && !utf8.RuneStart(t[lo]) {
		lo--
	}
	prefix := t[lo:h.start]
	if h.r.follow > 0 && !h.addressed && !sentenceInitialRe.MatchString(strings.TrimSpace(t[h.ss:h.start])) {
		return true
	}
	if h.r.neg && negated(prefix) {
		return true
	}
	if h.r.name == "ignore-instructions" {
		if errataRe.MatchString(t[h.end:]) {
			return true
		}
	}
	if q := s.openQuote(h.bs, h.start); q >= 0 {
		if c := s.closeQuote(q, h.start, h.be); c >= 0 && c-q <= 200 {
			before := s.clauseBefore(h.bs, q)
			_, size := utf8.DecodeRuneInString(t[c:])
			after := t[c+size : s.sentEnd(c+size, h.be)]
			// a code literal, a reported phrase, or a quote embedded in a
			// sentence (words before and after it: a title, a mention)
			if codeLitRe.MatchString(strings.TrimRight(before, " \t")) || reported(before) ||
				len(words(before)) > 0 && len(words(after)) > 0 {
				return true
			}
		}
	}
	return describedLead(prefix)
}

// tail returns the last n bytes of s (fewer to stay on a rune boundary).
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := len(s) - n
	for i < len(s) && !utf8.RuneStart(s[i]) {
		i++
	}
	return s[i:]
}

// clauseBefore returns the text before q back to the last sentence end
// ('.', '!' or '?' and a space) or at most 150 bytes, within the block.
func (s *scan) clauseBefore(bs, q int) string {
	lo := q - 150
	if lo < bs {
		lo = bs
	}
	for lo > 0 && !utf8.RuneStart(s.t[lo]) {
		lo--
	}
	b := s.t[lo:q]
	for i := len(b) - 2; i >= 0; i-- {
		if (b[i] == '.' || b[i] == '!' || b[i] == '?') && isSpace(b[i+1]) {
			return b[i+1:]
		}
	}
	return b
}

// openQuote returns the offset of the quotation mark that opens the quote
// holding p within [ss, p), or -1.
func (s *scan) openQuote(ss, p int) int {
	t := s.t
	open := -1
	var opener rune
	for i := ss; i < p; {
		r, size := utf8.DecodeRuneInString(t[i:])
		switch r {
		case '"':
			if open >= 0 && opener == '"' {
				open = -1
			} else if open < 0 {
				open, opener = i, r
			}
		case '„', '«':
			if open < 0 {
				open, opener = i, r
			}
		case '“':
			if open >= 0 && opener == '„' {
				open = -1
			} else if open < 0 {
				open, opener = i, r
			}
		case '”', '»':
			if open >= 0 {
				open = -1
			}
		case '\'', '‘', '’':
			// a single quote opens after a space or bracket and closes before
			// one; inside words it is an apostrophe
			prev, _ := utf8.DecodeLastRuneInString(t[:i])
			next, _ := utf8.DecodeRuneInString(t[i+size:])
			switch {
			case open < 0 && r != '’' && (i == 0 || unicode.IsSpace(prev) || strings.ContainsRune("([{:", prev)) && (unicode.IsLetter(next) || unicode.IsDigit(next)):
				open, opener = i, '\''
			case open >= 0 && opener == '\'' && r != '‘' && !unicode.IsSpace(prev) && !unicode.IsLetter(next) && !unicode.IsDigit(next):
				open = -1
			}
		}
		i += size
	}
	return open
}

// closeQuote returns the offset of the mark closing the quote opened at q,
// searching from p to be, or -1.
func (s *scan) closeQuote(q, p, be int) int {
	t := s.t
	opener, _ := utf8.DecodeRuneInString(t[q:])
	if opener == '‘' {
		opener = '\''
	}
	for i := p; i < be; {
		r, size := utf8.DecodeRuneInString(t[i:])
		switch {
		case opener == '\'' && (r == '\'' || r == '’') && !unicode.IsSpace(prevRune(t, i)) && !isWordRune(t, i+size),
			opener == '"' && r == '"',
			opener == '„' && (r == '“' || r == '”'),
			opener == '«' && r == '»',
			opener == '“' && r == '”':
			return i
		}
		i += size
	}
	return -1
}

func prevRune(t string, i int) rune {
	r, _ := utf8.DecodeLastRuneInString(t[:i])
	return r
}

func isWordRune(t string, i int) bool {
	r, _ := utf8.DecodeRuneInString(t[i:])
	return i < len(t) && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// inInlineCode reports whether p is between backticks on its line.
func (s *scan) inInlineCode(p int) bool {
	t := s.t
	ls := lineStart(t, p)
	n := strings.Count(t[ls:p], "`")
	if n%2 == 0 || strings.HasPrefix(strings.TrimLeft(t[ls:p], " \t>"), "```") {
		return false
	}
	le := strings.IndexByte(t[p:min(len(t), p+blockWindow)], '\n')
	if le < 0 {
		le = min(len(t), p+blockWindow) - p
	}
	return strings.Contains(t[p:p+le], "`")
}

// inFence reports whether p lies inside a fenced code block.
func (s *scan) inFence(p int) bool {
	if !s.fenced {
		s.fenced = true
		for ls := 0; ls < len(s.t); {
			le := strings.IndexByte(s.t[ls:], '\n')
			if le < 0 {
				le = len(s.t)
			} else {
				le += ls
			}
			l := strings.TrimLeft(s.t[ls:le], " \t>")
			if strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~") {
				s.fences = append(s.fences, ls)
			}
			ls = le + 1
		}
	}
	// fence lines starting at or before p; an odd count means p is inside
	// (the opening fence line itself counts as inside).
	n := sort.SearchInts(s.fences, p+1)
	return n%2 == 1
}

// comment returns the inner bounds of the HTML comment holding p.
func (s *scan) comment(p int) (int, int, bool) {
	t := s.t
	lo := p - 3000
	if lo < 0 {
		lo = 0
	}
	k := strings.LastIndex(t[lo:p], "<!--")
	if k < 0 {
		return 0, 0, false
	}
	k += lo
	if strings.Contains(t[k:p], "-->") {
		return 0, 0, false
	}
	cs := k + 4
	ce := len(t)
	if e := strings.Index(t[p:], "-->"); e >= 0 {
		ce = p + e
	}
	for cs < ce && isSpace(t[cs]) {
		cs++
	}
	for ce > cs && isSpace(t[ce-1]) {
		ce--
	}
	return cs, ce, cs < ce
}

// ---- lines and blocks

type line struct {
	start, end, content, depth  int
	blank, item, heading, fence bool
	turn                        bool
}

var turnStartRe = regexp.MustCompile(`(?i)^(?:(?:\*\*|__)?\[?(?:system|assistant|user|human|developer|sistema|système|systeme|asistente|assistent|usuario|utilisateur|nutzer)\]?(?:\*\*|__)?[ \t]*[:：]|` +
	`<\|(?:im_start|system|user|assistant|start_header_id)\|>|\[INST\]|<<SYS>>|<start_of_turn>|<(?:system|system_prompt|instructions|admin)>)`)

var headingRe = regexp.MustCompile(`^#{1,6}(?:[ \t]|$)`)

func (s *scan) line(ls int) line {
	t := s.t
	// a line ends at '\n' or, for very long lines, 2*blockWindow on
	le := ls + 2*blockWindow
	if le >= len(t) {
		le = len(t)
	} else {
		for le > ls && !utf8.RuneStart(t[le]) {
			le--
		}
	}
	if i := strings.IndexByte(t[ls:le], '\n'); i >= 0 {
		le = ls + i
	}
	l := line{start: ls, end: le}
	i := ls
	for i < le && (t[i] == ' ' || t[i] == '\t' || t[i] == '>' || t[i] == '\r') {
		if t[i] == '>' {
			l.depth++
		}
		i++
	}
	l.content = i
	for i < le && isSpace(t[i]) {
		i++
	}
	if i == le {
		l.blank = true
		return l
	}
	i = l.content
	rest := t[i:le]
	switch {
	case strings.HasPrefix(rest, "```") || strings.HasPrefix(rest, "~~~"):
		l.fence = true
	case headingRe.MatchString(rest):
		l.heading = true
	}
	if n := bullet(rest); n > 0 {
		l.item = true
		l.content = i + n
	}
	if c := t[l.content]; strings.IndexByte("*_[<#SsAaUuHhDdNn", c) >= 0 && turnStartRe.MatchString(t[l.content:le]) {
		l.turn = true
	}
	return l
}

// bullet returns the length of a list marker and the space after it at the
// start of rest, or 0.
func bullet(rest string) int {
	n := 0
	switch {
	case strings.HasPrefix(rest, "- "), strings.HasPrefix(rest, "* "), strings.HasPrefix(rest, "+ "):
		n = 2
	case strings.HasPrefix(rest, "• "), strings.HasPrefix(rest, "◦ "), strings.HasPrefix(rest, "▪ "), strings.HasPrefix(rest, "‣ "):
		n = len("•") + 1
	default:
		d := 0
		for d < len(rest) && d < 3 && rest[d] >= '0' && rest[d] <= '9' {
			d++
		}
		if d > 0 && d+1 < len(rest) && (rest[d] == '.' || rest[d] == ')') && (rest[d+1] == ' ' || rest[d+1] == '\t') {
			n = d + 2
		}
	}
	for n > 0 && n < len(rest) && (rest[n] == ' ' || rest[n] == '\t') {
		n++
	}
	return n
}

// lineStart returns the start of the line holding p, or p-blockWindow (on
// a rune start) when the line starts further back.
func lineStart(t string, p int) int {
	lo := p - blockWindow
	if lo < 0 {
		lo = 0
	}
	for lo > 0 && !utf8.RuneStart(t[lo]) {
		lo++
	}
	if i := strings.LastIndexByte(t[lo:p], '\n'); i >= 0 {
		return lo + i + 1
	}
	return lo
}

// block returns the content bounds of the block holding p.
func (s *scan) block(p int) (int, int) {
	cur := s.line(lineStart(s.t, p))
	first := cur
	for !first.item && !first.heading && !first.turn && !first.fence && first.start > 0 && first.start > p-blockWindow {
		prev := s.line(lineStart(s.t, first.start-1))
		if prev.blank || prev.depth != cur.depth || prev.heading || prev.fence {
			break
		}
		first = prev
		if prev.item || prev.turn {
			break
		}
	}
	last := cur
	for !last.heading && !last.fence && last.end < len(s.t) && last.end < p+blockWindow {
		next := s.line(last.end + 1)
		if next.blank || next.depth != cur.depth || next.item || next.heading || next.fence || next.turn {
			break
		}
		last = next
	}
	be := last.end
	for be > first.content && isSpace(s.t[be-1]) {
		be--
	}
	return first.content, be
}

// nextBlock returns the block after the one ending at be (skipping blank
// lines), and whether it is a list item.
func (s *scan) nextBlock(be int) (int, int, bool, bool) {
	t := s.t
	i := strings.IndexByte(t[be:], '\n')
	if i < 0 {
		return 0, 0, false, false
	}
	ls := be + i + 1
	for ls < len(t) {
		l := s.line(ls)
		if !l.blank {
			if l.fence || l.heading && !l.turn {
				return 0, 0, false, false
			}
			bs, nbe := s.block(l.content)
			return bs, nbe, l.item, true
		}
		if l.end >= len(t) || l.end-be > maxSpan {
			break
		}
		ls = l.end + 1
	}
	return 0, 0, false, false
}

// ---- sentences

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// skipGap skips white space and quote markers from i.
func (s *scan) skipGap(i, be int) int {
	for i < be && (isSpace(s.t[i]) || s.t[i] == '>') {
		i++
	}
	return i
}

// sentence returns the sentence of the block [bs, be) that holds p.
func (s *scan) sentence(bs, be, p int) (int, int) {
	ss := s.skipGap(bs, be)
	for {
		se := s.sentEnd(ss, be)
		if se > p || se >= be {
			return ss, se
		}
		n := s.skipGap(se, be)
		if n >= be {
			return ss, se
		}
		if n > p {
			return n, s.sentEnd(n, be)
		}
		ss = n
	}
}

// skipClosers returns the index after the closing quotes and brackets
// (closerAt) that start at t[j:be].
func skipClosers(t string, j, be int) int {
	for j < be {
		n := closerAt(t, j)
		if n == 0 {
			break
		}
		j += n
	}
	return j
}

// closerAt returns the length in bytes of the closing quote or bracket at
// t[j] (0 if none): closers may follow a sentence's final punctuation.
func closerAt(t string, j int) int {
	r, size := utf8.DecodeRuneInString(t[j:])
	switch r {
	case '"', '\'', ')', ']', '»', '”', '’', '“', '*', '_', '`':
		return size
	}
	return 0
}

// sentEnd returns the end of the sentence starting at from, within be.
func (s *scan) sentEnd(from, be int) int {
	t := s.t
	for i := from; i < be; {
		c := t[i]
		switch {
		case c == '.' || c == '!' || c == '?':
			j := i + 1
			for j < be && (t[j] == '.' || t[j] == '!' || t[j] == '?') {
				j++
			}
			j = skipClosers(t, j, be)
			if j >= be || isSpace(t[j]) {
				if !(c == '.' && j == i+1 && s.abbrev(from, i)) {
					return j
				}
			}
			i = j
		case c == '\n':
			if s.lineBreakEnds(from, i, be) {
				e := i
				for e > from && isSpace(t[e-1]) {
					e--
				}
				return e
			}
			i++
		case c >= 0x80:
			r, size := utf8.DecodeRuneInString(t[i:])
			i += size
			if r == '…' || r == '。' || r == '！' || r == '？' {
				j := i
				j = skipClosers(t, j, be)
				if j >= be || isSpace(t[j]) {
					return j
				}
				i = j
			}
		default:
			i++
		}
	}
	return be
}

var abbrevs = map[string]bool{
	"e.g": true, "i.e": true, "etc": true, "vs": true, "dr": true, "mr": true, "mrs": true, "ms": true,
	"prof": true, "nr": true, "approx": true, "ca": true, "bzw": true, "usw": true, "z.b": true,
	"d.h": true, "u.a": true, "vgl": true, "cf": true, "fig": true, "p.s": true, "st": true,
	"incl": true, "resp": true, "p.ex": true, "ej": true, "sr": true, "sra": true, "mme": true,
}

// abbrev reports whether the '.' at i ends an abbreviation or an initial.
func (s *scan) abbrev(from, i int) bool {
	t := s.t
	k := i
	for k > from {
		r, size := utf8.DecodeLastRuneInString(t[:k])
		if !unicode.IsLetter(r) && r != '.' {
			break
		}
		k -= size
	}
	w := strings.ToLower(t[k:i])
	if w == "" {
		return false
	}
	if utf8.RuneCountInString(w) == 1 {
		return true
	}
	return abbrevs[w]
}

var joiners = map[string]bool{
	"and": true, "or": true, "but": true, "the": true, "a": true, "an": true, "to": true, "of": true,
	"for": true, "in": true, "on": true, "at": true, "by": true, "with": true, "from": true, "their": true,
	"your": true, "his": true, "her": true, "its": true, "our": true, "my": true, "this": true, "that": true,
	"these": true, "those": true, "is": true, "are": true, "was": true, "were": true, "be": true,
	"will": true, "would": true, "must": true, "should": true, "can": true, "could": true,
	"und": true, "oder": true, "aber": true, "der": true, "die": true, "das": true, "den": true,
	"dem": true, "des": true, "ein": true, "eine": true, "zu": true, "mit": true, "von": true,
	"für": true, "auf": true, "ab": true, "et": true, "ou": true, "mais": true, "le": true, "la": true,
	"les": true, "un": true, "une": true, "de": true, "du": true, "à": true, "pour": true, "avec": true,
	"sur": true, "y": true, "o": true, "pero": true, "el": true, "los": true, "las": true, "una": true,
	"del": true, "al": true, "con": true, "por": true, "para": true, "en": true, "que": true,
}

// lineBreakEnds reports whether the newline at i ends a sentence: the line
// before does not end with a joining word or punctuation and the next line
// does not start in lower case.
func (s *scan) lineBreakEnds(from, i, be int) bool {
	t := s.t
	e := i
	for e > from && isSpace(t[e-1]) {
		e--
	}
	if e == from {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(t[:e])
	if strings.ContainsRune(",;:(-–—/&+=", last) {
		return false
	}
	k := e
	for k > from {
		r, size := utf8.DecodeLastRuneInString(t[:k])
		if !unicode.IsLetter(r) {
			break
		}
		k -= size
	}
	if joiners[strings.ToLower(t[k:e])] {
		return false
	}
	n := s.skipGap(i+1, be)
	for n < be {
		r, size := utf8.DecodeRuneInString(t[n:])
		if !strings.ContainsRune("\"'“„«‘([*_", r) {
			break
		}
		n += size
	}
	if n >= be {
		return true
	}
	r, _ := utf8.DecodeRuneInString(t[n:])
	return !unicode.IsLower(r)
}

// continues reports whether the sentence [a, b) continues an instruction.
func (s *scan) continues(a, b int) bool {
	// any cue in it
	k := sort.Search(len(s.hits), func(i int) bool { return s.hits[i].start >= a })
	for ; k < len(s.hits) && s.hits[k].start < b; k++ {
		if s.ok(&s.hits[k]) {
			return true
		}
	}
	t := s.t[a:b]
	r, _ := utf8.DecodeRuneInString(t)
	if unicode.IsLower(r) {
		return true
	}
	return continuesInstruction(t)
}

// endsWithColon reports whether [a, b) ends with ':' (before closers).
func (s *scan) endsWithColon(a, b int) bool {
	t := strings.TrimRight(s.t[a:b], " \t*_")
	return strings.HasSuffix(t, ":") || strings.HasSuffix(t, "：")
}

// sentenceSpan builds the span of a trigger whose first sentence is
// [ss, se), continuing through the sentences that carry the instruction.
func (s *scan) sentenceSpan(h *hit, ss, se int) (int, int) {
	if se < h.end {
		se = h.end
	}
	if h.comment {
		return s.clip(h.bs, h.be, h)
	}
	if se-ss > maxSpan {
		return s.clip(ss, se, h)
	}
	start, end := ss, se
	be := h.be
	viaColon := false
	for {
		n := s.skipGap(end, be)
		if n >= be {
			colon := s.endsWithColon(start, end)
			nb, nbe, item, ok := s.nextBlock(be)
			if !ok || nbe-start > maxSpan+maxSpan/2 {
				return start, end
			}
			switch {
			case colon:
				viaColon = true
				be = nbe
				end = s.sentEnd(s.skipGap(nb, nbe), nbe)
				if end-start > maxSpan {
					return start, s.clipEnd(start, end)
				}
				continue
			case viaColon && item:
				ne := s.sentEnd(s.skipGap(nb, nbe), nbe)
				if ne-start > maxSpan || !s.continues(s.skipGap(nb, nbe), ne) {
					return start, end
				}
				be, end = nbe, ne
				continue
			}
			return start, end
		}
		ne := s.sentEnd(n, be)
		if ne-start > maxSpan || !s.continues(n, ne) {
			return start, end
		}
		end = ne
	}
}

// clip cuts [start, end) to at most maxSpan bytes around h.
func (s *scan) clip(start, end int, h *hit) (int, int) {
	if end-start <= maxSpan {
		return start, end
	}
	st := h.start - 200
	if st < start {
		st = start
	}
	for st > start && !utf8.RuneStart(s.t[st]) {
		st--
	}
	en := st + maxSpan
	if en > end {
		en = end
	}
	if en < h.end {
		en = h.end
	}
	for en < len(s.t) && !utf8.RuneStart(s.t[en]) {
		en--
	}
	return st, en
}

// clipEnd cuts end back to start+maxSpan on a rune boundary.
func (s *scan) clipEnd(start, end int) int {
	if end-start <= maxSpan {
		return end
	}
	en := start + maxSpan
	for en > start && !utf8.RuneStart(s.t[en]) {
		en--
	}
	return en
}

// ---- chat tokens

var closers = map[string]string{
	"<|im_start|>":        "<|im_end|>",
	"[INST]":              "[/INST]",
	"<<SYS>>":             "<</SYS>>",
	"<|start_header_id|>": "<|eot_id|>",
	"<start_of_turn>":     "<end_of_turn>",
	"<|system|>":          "<|",
	"<|user|>":            "<|",
	"<|assistant|>":       "<|",
	"<system>":            "</system>",
	"<system_prompt>":     "</system_prompt>",
	"<instructions>":      "</instructions>",
	"<admin>":             "</admin>",
}

// opener returns the closing token of the opening token at the start of tok.
func opener(tok string) (string, bool) {
	for o, c := range closers {
		if strings.HasPrefix(tok, o) {
			return c, true
		}
	}
	return "", false
}

// tokenSpan: an opening token runs to its closing token (or, at a line
// start, through its turn); any other token is masked alone.
func (s *scan) tokenSpan(h *hit) (int, int) {
	t := s.t
	c, ok := opener(t[h.start:h.end])
	if !ok || s.inFence(h.start) {
		return h.start, h.end
	}
	lim := h.start + maxSpan
	if lim > len(t) {
		lim = len(t)
	}
	if h.end <= lim {
		if k := strings.Index(t[h.end:lim], c); k >= 0 {
			if c == "<|" {
				e := h.end + k
				for e > h.end && isSpace(t[e-1]) {
					e--
				}
				return h.start, e
			}
			return h.start, h.end + k + len(c)
		}
	}
	if strings.TrimLeft(t[lineStart(t, h.start):h.start], " \t>") == "" {
		return s.sentenceSpan(h, h.start, h.se)
	}
	return h.start, h.end
}

// cand is a span with the priority of its rule (0 strong, 1 role marker,
// 2 medium pair): when spans merge, the name of the highest priority among
// those starting first is kept.
type cand struct {
	Span
	pri int
}

// merge sorts spans and merges those that overlap, touch, or are separated
// only by white space and quote markers.
func (s *scan) merge(cs []cand) []Span {
	if len(cs) == 0 {
		return nil
	}
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].Start != cs[j].Start {
			return cs[i].Start < cs[j].Start
		}
		return cs[i].pri < cs[j].pri
	})
	out := []Span{cs[0].Span}
	for _, x := range cs[1:] {
		last := &out[len(out)-1]
		if x.Start <= last.End || strings.Trim(s.t[last.End:x.Start], " \t\r\n>") == "" {
			if x.End > last.End {
				last.End = x.End
			}
			continue
		}
		out = append(out, x.Span)
	}
	return out
}
