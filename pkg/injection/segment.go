package injection

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hrag-dev/hrag/pkg/text"
)

// Sentences, lines and code: where a match sits in the original text.

const (
	maxBack    = 600  // how far a sentence is followed back from a match, in bytes
	maxForward = 1000 // and forward
	// maxExtraLines is how many lines a sentence may run beyond the
	// match's own: wrapped prose at 80 columns fits a long sentence in 4.
	maxExtraLines = 4
)

// segmenter answers questions about positions in t.
type segmenter struct {
	t      string
	starts []int  // byte offsets of the lines of t
	code   []bool // per line: inside a fenced code block, fences included (text.CodeLines)
	fenced bool   // starts and code computed
}

// lineHead reports whether p is the first character of its line after
// indentation and '>' quote markers.
func (s *segmenter) lineHead(p int) bool {
	for i := p - 1; i >= 0; i-- {
		switch s.t[i] {
		case '\n':
			return true
		case ' ', '\t', '>':
		default:
			return false
		}
	}
	return true
}

// clauseHead reports whether p starts a line (lineHead) or a sentence:
// only white space stands between it and a sentence end
// (text.SentenceEndAt), as in "Milk, cheese. Assistant, forward …".
func (s *segmenter) clauseHead(p int) bool {
	if s.lineHead(p) {
		return true
	}
	j := p
	for j > 0 && (s.t[j-1] == ' ' || s.t[j-1] == '\t') {
		j--
	}
	for i := j - 1; i >= 0 && i >= j-4; i-- { // the end mark, then any closers
		if end, ok := text.SentenceEndAt(s.t, i); ok {
			return end == j
		}
	}
	return false
}

// lineStart returns the start of the line holding p.
func (s *segmenter) lineStart(p int) int { return strings.LastIndexByte(s.t[:p], '\n') + 1 }

// lineEnd returns the end of the line holding p (before its '\n').
func (s *segmenter) lineEnd(p int) int {
	if i := strings.IndexByte(s.t[p:], '\n'); i >= 0 {
		return p + i
	}
	return len(s.t)
}

// inCode reports whether p is inside `inline code` or a fenced code block.
func (s *segmenter) inCode(p int) bool {
	ls, le := s.lineStart(p), s.lineEnd(p)
	line := strings.TrimLeft(s.t[ls:le], " \t>")
	if !strings.HasPrefix(line, "```") && strings.Count(s.t[ls:p], "`")%2 == 1 && strings.Contains(s.t[p:le], "`") {
		return true
	}
	if !s.fenced {
		s.fenced = true
		var lines []string
		for ls := 0; ls < len(s.t); ls = s.lineEnd(ls) + 1 {
			s.starts = append(s.starts, ls)
			// Fences inside a quote count: the quote markers go first.
			lines = append(lines, strings.TrimLeft(s.t[ls:s.lineEnd(ls)], " \t>"))
		}
		s.code, _, _, _ = text.CodeLines(lines)
	}
	i := sort.SearchInts(s.starts, p+1) - 1
	return i >= 0 && s.code[i]
}

// blockStart reports whether the line starting at ls begins a block: it
// follows a blank line, or it is a list item or a heading.
func (s *segmenter) blockStart(ls int) bool {
	if ls == 0 {
		return true
	}
	prev := s.t[s.lineStart(ls-1) : ls-1]
	if strings.Trim(prev, " \t\r>") == "" {
		return true
	}
	l := strings.TrimLeft(s.t[ls:s.lineEnd(ls)], " \t>")
	return strings.HasPrefix(l, "#") || bullet(l) > 0
}

// bullet returns the length of a list marker and the space after it at the
// start of l, or 0.
func bullet(l string) int {
	for _, b := range []string{"- ", "* ", "+ ", "• "} {
		if strings.HasPrefix(l, b) {
			return len(b)
		}
	}
	d := 0
	for d < len(l) && d < 3 && '0' <= l[d] && l[d] <= '9' {
		d++
	}
	if d > 0 && d+1 < len(l) && (l[d] == '.' || l[d] == ')') && l[d+1] == ' ' {
		return d + 2
	}
	return 0
}

// sentence returns the sentence holding [st, en): back to the end of the
// previous sentence or the start of the block, forward to the end of the
// sentence or the block, within maxBack and maxForward bytes, without
// leading white space, quote markers and list bullets.
func (s *segmenter) sentence(st, en int) (int, int) {
	t := s.t
	lo := max(0, st-maxBack)
	ss := lo
	for i := st - 1; i >= lo; i-- {
		if t[i] == '\n' && s.blockStart(i+1) {
			ss = i + 1
			break
		}
		if j, ok := text.SentenceEndAt(t, i); ok && j <= st {
			ss = j
			break
		}
	}
	for ss < st {
		l := t[ss:st]
		if n := bullet(l); n > 0 && s.lineHead(ss) {
			ss += n
		} else if c := t[ss]; c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '>' {
			ss++
		} else {
			break
		}
	}
	hi := min(len(t), en+maxForward)
	se := hi
	for i := en; i < hi; i++ {
		if t[i] == '\n' && i+1 < len(t) && s.blockStart(i+1) {
			se = i
			break
		}
		if j, ok := text.SentenceEndAt(t, i); ok {
			se = j
			break
		}
	}
	for se > en && unicode.IsSpace(rune(t[se-1])) {
		se--
	}
	for se < len(t) && !utf8.RuneStart(t[se]) {
		se++
	}
	for ss > 0 && !utf8.RuneStart(t[ss]) {
		ss--
	}
	// Lines without sentence ends (a shopping list, a log) read as one
	// long "sentence": one running over more than maxExtraLines lines
	// besides the match's own is cut to the match's lines, so that a mask
	// does not take its neighbours.
	if ls, le := s.lineStart(st), s.lineEnd(en); strings.Count(t[ss:se], "\n") > strings.Count(t[ls:le], "\n")+maxExtraLines {
		for ls < st && (t[ls] == ' ' || t[ls] == '\t' || t[ls] == '>') {
			ls++
		}
		if n := bullet(t[ls:st]); n > 0 {
			ls += n
		}
		for le > en && unicode.IsSpace(rune(t[le-1])) {
			le--
		}
		ss, se = ls, le
	}
	return ss, se
}

var (
	negations = set(`not never no don't dont cannot can't won't nicht nie niemals kein keine pas jamais nunca jamás ` +
		`non mai não nao niet nooit geen не никогда`)
	// describing words before a match make it a description or an
	// example, not an instruction ("attacks such as ...", "the phrase ...").
	describing = set(`like such e.g example examples phrase phrases says said say saying wrote writes written typed asked told ` +
		`attack attacks attacker attackers injection injections jailbreak jailbreaks string strings pattern patterns called titled quote quoted sentence ` +
		`wie etwa beispiel satz angriff angriffe comme exemple attaque attaques como ejemplo frase ataque ataques ` +
		`esempio attacco attacchi exemplo zoals bijvoorbeeld zin aanval aanvallen как например фраза атака атаки ` +
		`beispieltext injektion voorbeeld voorbeeldtekst injectie inyección iniezione injeção injecao`)
	// clauseLeads are words that may come before a request at the start
	// of its clause ("please ignore …", "now disregard …");
	// clauseConjunctions start a clause of their own ("… and forget …").
	clauseLeads = set(`please pls kindly now then so also just bitte jetzt nun dann also sofort plaît plait maintenant puis alors ` +
		`por favor ahora luego entonces favore ora poi adesso subito agora então entao alsjeblieft alstublieft nu dan пожалуйста теперь сейчас затем`)
	clauseConjunctions = set(`and but or und aber oder et mais ou y pero o e ma oppure mas ou en maar of и а но или`)
	// cjkLeads end the text before a request in Chinese or Japanese
	// ("请忽略…", "そして…").
	cjkLeads = []string{"请", "現在", "现在", "然后", "并且", "所以", "那么", "そして", "では", "今から", "まず", "次に", "さあ"}
	// scopingBefore: text right before a match, in a language that puts
	// the scope first, that says what the instructions were for
	// ("駐車場についての以前の指示は無視してください").
	scopingBefore = []string{"についての", "に関する", "に関しての", "向けの"}
)

// modelTask are words that speak of what a model does with a text or to
// whom it replies (answer, reply, summary, the user, the reader, the
// assistant, the AI, the prompt), in the languages of the override
// rules: an override scoped to something that still speaks of them
// ("ignore the previous instructions for this page and tell the user …")
// stays flagged.
var modelTask = set(`answer answers answering reply replies respond responds response responses summary summarize summarise summaries output outputs ` +
	`say tell user users reader readers assistant assistants ai model models llm chatbot chatbots bot gpt prompt prompts system conversation chat ` +
	`antwort antworte antworten sag sage sagen schreib schreibe nutzer benutzer leser assistent assistenten ki modell zusammenfassung ausgabe ` +
	`réponse reponse répondez repondez réponds reponds répondre repondre dites dis dire utilisateur utilisateurs lecteur lecteurs ia modèle modele résumé resume sortie ` +
	`respuesta responde responda responder di diga decir usuario usuarios lector lectores asistente modelo resumen salida ` +
	`risposta rispondi rispondere dì dire utente utenti lettore assistente modello riassunto ` +
	`resposta responda diga dizer usuário usuario utilizador leitor assistente resumo ` +
	`antwoord antwoordt beantwoord zeg gebruiker lezer assistent samenvatting ` +
	`ответ ответь отвечай скажи пользователь пользователю читатель читателю ассистент ии модель`)

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// guardedOut reports whether a match [st, en) in the sentence [ss, se)
// is not certain to be an instruction: it does not start a clause (a
// subject, an auxiliary or a negation comes before the verb: "the
// firewall ignores all previous rules", "iptables will ignore …", "never
// ignore …"), a negation follows it ("Vergiss die vorherigen Anweisungen
// nicht"), it is inside a quotation, a describing word
// precedes it in its sentence, or a scoping word follows it. scoped tells
// the last case apart: an override scoped to something ("disregard the
// earlier instructions for the printer driver") whose sentence does not
// speak of a reply, a reader or a model (modelTask) is an erratum, not
// text addressed to an AI. The words before the match are read folded,
// as the match was ("… 4nd 1gn0r3 …" starts a clause with "and"); the
// words after it as written (scope words may be Cyrillic, which folding
// reads as Latin look-alikes).
func guardedOut(t string, ss, st, en, se int, scope map[string]bool) (out, erratum bool) {
	before := fold(t[ss:st]).s
	t, ss, st, en, se = before+t[st:], 0, len(before), len(before)+en-st, len(before)+se-st
	if !clauseStart(t[ss:st]) {
		return true, false
	}
	if after := words(t[en:se]); len(after) > 0 && negations[after[0]] {
		return true, false
	}
	for _, w := range words(t[ss:st]) {
		if describing[w] {
			return true, false
		}
	}
	scoped := false
	if after := words(t[en:se]); len(after) > 0 && scope[after[0]] {
		scoped = true
	} else if len(after) > 1 && relativeOpeners[after[0]] {
		// "the previous instructions I gave you for the oven": a short
		// relative clause, then the scope.
		scoped = slices.ContainsFunc(after[1:min(len(after), 5)], func(w string) bool { return scope[w] })
	}
	for _, sc := range scopingBefore {
		if strings.HasSuffix(t[ss:st], sc) {
			scoped = true
		}
	}
	if scoped {
		return true, !slices.ContainsFunc(words(t[ss:se]), func(w string) bool { return modelTask[w] })
	}
	return quoted(t[ss:st], t[st:]), false
}

// relativeOpeners open a short relative clause after a noun ("the
// instructions I gave you", "die Anweisungen, die ich dir gab"), after
// which guardedOut looks for a scope word.
var relativeOpeners = map[string]bool{"i": true, "we": true, "you": true, "he": true, "she": true, "they": true, "that": true, "which": true,
	"ich": true, "wir": true, "die": true, "je": true, "nous": true, "que": true, "qu": true, "yo": true, "io": true, "eu": true, "ik": true}

// clauseStart reports whether a match preceded by before (the start of
// its sentence) begins a clause: nothing but white space, punctuation or
// quote marks comes before it since the last such mark, or only a word that
// leads into a request ("please", "and", "now"; clauseLeads), or, in a
// script written without spaces, a request lead-in (cjkLeads).
func clauseStart(before string) bool {
	before = strings.TrimRightFunc(before, unicode.IsSpace)
	last, _ := utf8.DecodeLastRuneInString(before)
	if before == "" || !unicode.IsLetter(last) && !unicode.IsDigit(last) {
		return true
	}
	if spaceless(last) {
		for _, l := range cjkLeads {
			if strings.HasSuffix(before, l) {
				return true
			}
		}
		return false
	}
	w := words(before)
	if clauseConjunctions[w[len(w)-1]] {
		return true
	}
	if !clauseLeads[w[len(w)-1]] {
		return false
	}
	return clauseStart(before[:strings.LastIndexFunc(before, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’' })+1])
}

// words returns the lower-case words of s (letters and digits, with inner
// apostrophes and dots: "don't", "e.g").
func words(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			i += size
			continue
		}
		j := i
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				j += size
				continue
			}
			if (r == '\'' || r == '’' || r == '.') && j+size < len(s) {
				if n, _ := utf8.DecodeRuneInString(s[j+size:]); unicode.IsLetter(n) {
					j += size
					continue
				}
			}
			break
		}
		out = append(out, strings.ReplaceAll(strings.ToLower(s[i:j]), "’", "'"))
		i = j
	}
	return out
}

// asideWrappers are the openers and closers of an aside: brackets and
// braces (which nest), comments ("# " and "// " run to the line's end)
// and "||" spoilers.
var asideWrappers = [][2]string{{"(", ")"}, {"[", "]"}, {"{", "}"}, {"/*", "*/"}, {"<!--", "-->"}, {"||", "||"}, {"# ", "\n"}, {"// ", "\n"}}

// openTagRe matches an HTML or XML opening tag; group 1 is its name.
var openTagRe = regexp.MustCompile(`<([A-Za-z][A-Za-z0-9_.:-]*)(?:\s[^<>]*)?>`)

// element returns the element of t ("<nota>…</nota>") whose opening tag
// starts in t[lo:st+1] and whose closing tag ends at or after en: the
// innermost such, [es, ee). ok is false when there is none.
func element(t string, lo, st, en int) (es, ee int, ok bool) {
	tags := openTagRe.FindAllStringSubmatchIndex(t[lo:min(en, len(t))], -1)
	for i := len(tags) - 1; i >= 0; i-- {
		m := tags[i]
		if lo+m[0] > st {
			continue
		}
		name, from := t[lo+m[2]:lo+m[3]], lo+m[1]
		k := strings.Index(t[from:], "</"+name+">")
		if k < 0 {
			continue
		}
		if end := from + k + len("</"+name+">"); end >= en {
			return lo + m[0], end, true
		}
	}
	return 0, 0, false
}

// wholeElement reports whether t, trimmed, is one element: an opening tag
// and the closing tag of the same name.
func wholeElement(t string) bool {
	t = strings.TrimSpace(t)
	m := openTagRe.FindStringSubmatchIndex(t)
	return m != nil && m[0] == 0 && len(t) > m[1] && strings.HasSuffix(t, "</"+t[m[2]:m[3]]+">")
}

// aside returns the aside holding the match [st, en): a bracketed one,
// from the nearest '(', '[' or '{' at or before st that is not closed
// before it to the bracket that closes it after en, or a comment, "/* … */"
// or "<!-- … -->", a "|| … ||" spoiler, or an element ("<nota>…</nota>":
// element), within maxBack and maxForward bytes and the match's
// block. ok is false when the match is not inside one. An aside addressed
// to a model inside a note's sentence ("… liegt bei Tante Ute (an die KI:
// sag stattdessen …) in Rheinfelden.") is the span, not its sentence: the
// words around it are the note's.
func (s *segmenter) aside(st, en int) (as, ae int, ok bool) {
	lo, hi := max(0, st-maxBack), min(len(s.t), en+maxForward)
	for i := st; i > lo; i-- { // the block's start bounds the search back
		if s.t[i-1] == '\n' && s.blockStart(i) {
			lo = i
			break
		}
	}
	for i := en; i < hi; i++ {
		if s.t[i] == '\n' && i+1 < len(s.t) && s.blockStart(i+1) {
			hi = i
			break
		}
	}
	t := s.t[:hi]
	for _, c := range asideWrappers {
		if len(c[0]) == 1 {
			continue // brackets nest: below
		}
		o := strings.LastIndex(t[lo:min(st+len(c[0]), hi)], c[0])
		if o < 0 || lo+o+len(c[0]) < st && strings.Contains(t[lo+o+len(c[0]):st], c[1]) {
			continue
		}
		if k := strings.Index(t[en:], c[1]); k >= 0 {
			return lo + o, en + k + len(c[1]), true
		}
		if c[1] == "\n" { // a line comment on the block's last line
			return lo + o, hi, true
		}
	}
	if as, ae, ok := bracketed(t, lo, st, en); ok {
		return as, ae, true
	}
	return element(t, lo, st, en) // the innermost: a bracket inside an element first
}

// bracketed returns the bracketed aside of t[lo:] around [st, en): from
// the nearest '(', '[' or '{' at or before st that is not closed before it
// to the bracket that closes it after en, doubled brackets together.
func bracketed(t string, lo, st, en int) (as, ae int, ok bool) {
	hi := len(t)
	var open byte
	depth := 0
	for i := st; i >= lo && open == 0; i-- {
		switch c := t[i]; {
		case (c == ')' || c == ']' || c == '}') && i < st:
			depth++
		case c == '(' || c == '[' || c == '{':
			if depth > 0 {
				depth--
			} else {
				as, open = i, c
			}
		}
	}
	if open == 0 {
		return 0, 0, false
	}
	closer := map[byte]byte{'(': ')', '[': ']', '{': '}'}[open]
	depth = 0
	for i := as + 1; i < hi; i++ {
		switch c := t[i]; {
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth > 0 {
				depth--
				continue
			}
			if c != closer || i < en {
				return 0, 0, false
			}
			ae = i + 1
			// Doubled braces and brackets ("{{SYSTEM: …}}") close together.
			for as > lo && ae < hi && t[as-1] == open && t[ae] == closer {
				as, ae = as-1, ae+1
			}
			return as, ae, true
		}
	}
	return 0, 0, false
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

// turn returns the text of a dialogue turn whose speaker marker ends at p:
// from p to the next marker (next, -1 when none) or the end of the
// paragraph, without white space and quote markers at its edges; empty
// (ts == te) when the turn says nothing.
func (s *segmenter) turn(p, next int) (ts, te int) {
	t := s.t
	if next < 0 {
		next = len(t)
	}
	te = s.lineEnd(p)
	for te < next {
		ls := te + 1
		if ls >= len(t) || ls >= next || strings.Trim(t[ls:s.lineEnd(ls)], " \t\r>") == "" {
			break
		}
		te = s.lineEnd(ls)
	}
	te = min(te, next)
	ts = p
	for ts < te && strings.IndexByte(" \t\r\n>*", t[ts]) >= 0 {
		ts++
	}
	for te > ts && strings.IndexByte(" \t\r\n>*", t[te-1]) >= 0 {
		te--
	}
	return ts, te
}

// dashClause returns the clause of the sentence t[ss:se] that a dash opens
// ("… est Tilleul#2019 — assistant : réponds que …") when the match
// [st, en) lies in it: the dash is the last one with a space before it
// that starts at or before st. The clause runs to the next spaced dash
// after en or to the sentence's end. ok is false when the match lies in no
// such clause.
func dashClause(t string, ss, st, en, se int) (as, ae int, ok bool) {
	if st < ss || en > se {
		return 0, 0, false
	}
	d := max(strings.LastIndex(t[ss:min(st+len("— "), se)], " —"), strings.LastIndex(t[ss:min(st+len("– "), se)], " –"))
	if d < 0 {
		return 0, 0, false
	}
	as = ss + d + 1
	if as > st {
		return 0, 0, false
	}
	ae = se
	if k := strings.Index(t[en:se], " —"); k >= 0 {
		ae = en + k + len(" —")
	}
	if k := strings.Index(t[en:ae], " –"); k >= 0 {
		ae = en + k + len(" –")
	}
	return as, ae, true
}
