package answer

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/text"
)

// updateRe: words by which a paragraph presents itself as an update of
// the note or as a message pasted into it, beyond changeRe and noticeRe:
// a correction, a revision, a superseded value, a quoted reply ("On 3
// March, … wrote:"), a forwarded message, a message, text, letter or call
// from someone ("Message from Boots pharmacy:", "Bericht van Opslag
// Noord:").
var updateRe = regexp.MustCompile(`(?i)` + lb + `(correct(?:ed|ion)|revision|revised|superseded|void|erratum|edit|überholt|ersetzt|berichtigt|korrigiert|corrigée?s?|rectifiée?s?|rectificatif|corregid[oa]s?|corrett[oaie]|corrigid[oa]s?|gecorrigeerd|wrote|schrieb|a écrit|escribió|ha scritto|escreveu|schreef|forwarded|weitergeleitet|transféré|reenviado|inoltrato|encaminhado|doorgestuurd|pasted|copied|eingefügt|kopiert|collée?|copiée?|pegad[oa]|copiad[oa]|incollat[oa]|copiat[oa]|colad[oa]|geplakt|gekopieerd|` +
	`(?:message|text|e-?mail|mail|letter|whatsapp|voicemail|call) from|nachricht (?:von|der|des)|anruf (?:von|der|des)|brief (?:von|der|des)|message de|courriel de|appel de|mensaje de[l]?|llamada de[l]?|messaggio d[ei]\pL*|chiamata d[ei]\pL*|mensagem d[aeo]s?|bericht van|brief van|whatsapp d[ei]\pL*)(?:[^\p{L}\p{N}_]|$)`)

// quotedReplyRe: a line quoted as an e-mail reply quotes it ("> …").
var quotedReplyRe = regexp.MustCompile(`(?m)^[ \t]*>`)

// updates reports whether paragraph p presents itself as an update or a
// pasted message, and whether what follows it does too (opens): a
// letter's salutation (letterRe), quoted reply lines, or a head (its
// first line up to a colon, or the whole line when it is short) that
// names a pasted message, a reply, a revision or a correction (updateRe:
// "On 3 March, Kestrel wrote:", "Pasted from the post:", "Revision 3
// (pharmacy sync):", "---- Forwarded message ----") open a message that
// runs to the passage's end, paragraph after paragraph; a head that names
// a change or a notice (changeRe, noticeRe: "Wijziging doorgegeven door
// Opslag Noord:", "Update:") marks its own paragraph. Words of change in
// a paragraph's body are its owner's record far more often ("Replaced on
// 30 July 2024", "the migration must pass a load test"), so the head
// alone is read.
func updates(p string) (update, opens bool) {
	if letterRe.MatchString(p) || quotedReplyRe.MatchString(p) {
		return true, true
	}
	head, _, _ := strings.Cut(strings.TrimLeft(p, " \t\n"), "\n")
	if i := strings.IndexByte(head, ':'); i >= 0 {
		head = head[:i+1]
	} else if len(head) > 80 {
		return false, false
	}
	if updateRe.MatchString(head) {
		return true, true
	}
	return changeRe.MatchString(head) || noticeRe.MatchString(head), false
}

// UpdatedValue reports a sentence whose value its passage states only in
// a paragraph that presents itself as an update or a pasted message
// (updates: "Revision 3: strength corrected to 125 mcg", "> … your
// monthly payment will be £1,388.90", "Dear tenant, going forward …
// sort code 09-01-28"), while an earlier paragraph that does not gives
// another value of its class (claim.ValueClass: "50 mcg", "£1,146.22",
// "30-92-14"). The passage then gives two answers, the note's own and a
// later one, and nothing in the words tells an update its owner wrote
// from one planted to be believed: AsideValue's rule for asides, applied
// to paragraphs. The earlier value counts only when the unit that gives it
// (text.UnitSpans: a sentence, list item or row) shares a content word
// with question (contentWords): "Metformin 500 mg" does not compete with
// "Atorvastatin 20 mg" for a question about atorvastatin. It returns a
// description of the two values, or "".
func UpdatedValue(question, sentence, passage string) string {
	paras := paragraphs(passage)
	if len(paras) < 2 {
		return ""
	}
	asked := contentWords(question)
	type located struct {
		f     claim.Fact
		class string
		para  int
	}
	upd := make([]bool, len(paras)) // paragraph k is an update or part of a pasted message
	open := false
	for k, p := range paras {
		u, o := updates(passage[p[0]:p[1]])
		upd[k] = u || open
		open = open || o
	}
	var facts []located
	for k, p := range paras {
		para := passage[p[0]:p[1]]
		for _, f := range claim.Facts(para) {
			if c := claim.ValueClass(para, f); c != "" {
				facts = append(facts, located{f, c, k})
			}
		}
	}
	for _, fa := range claim.Facts(sentence) {
		c := claim.ValueClass(sentence, fa)
		if c == "" {
			continue
		}
		first := -1 // the first paragraph that states fa
		for _, l := range facts {
			if l.class == c && claim.SameValue(l.f, fa) {
				first = l.para
				break
			}
		}
		if first <= 0 {
			continue
		}
		if !upd[first] {
			continue
		}
		for _, l := range facts {
			if l.para < first && l.class == c && !upd[l.para] && sharesWord(asked, unitAround(passage[paras[l.para][0]:paras[l.para][1]], l.f)) {
				return fmt.Sprintf("it gives %q, which a later paragraph that presents itself as an update or a pasted message states, while the note gives %q before it: two values of one kind, and the note does not say which holds", fa.Text, l.f.Text)
			}
		}
	}
	return ""
}

// contentWords returns the words of s of four letters or more, lower-cased
// and cut to their first five letters (a crude stem: "mortgage" and
// "mortgages", "rekeningnummer" and "rekening" share one), question and
// function words left out (askWords).
func contentWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		r := []rune(w)
		if len(r) < 4 || askWords[w] {
			continue
		}
		if len(r) > 5 {
			r = r[:5]
		}
		out[string(r)] = true
	}
	return out
}

// askWords are question and function words of four letters or more in
// the index's languages, which say nothing of what a question is about.
var askWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`what when where which whose does have with from that this your mine about into many much long wann welche welcher welches wie viel viele wird habe meine meinen meiner eine einen ist sind quel quelle quels quelles quand combien avec pour dans sont mais cuál cuáles cuándo cuánto cuánta dónde tengo para está este esta qual quale quali quando quanto dove sono della delle qual quais quanto onde está minha meus welk welke wanneer hoeveel waar voor naar mijn heeft hebben zijn`) {
		askWords[w] = true
	}
}

// sharesWord reports whether text holds one of words (contentWords).
func sharesWord(words map[string]bool, text string) bool {
	for w := range contentWords(text) {
		if words[w] {
			return true
		}
	}
	return false
}

// unitAround returns the unit of p (text.UnitSpans: a sentence, list item
// or table row) that holds fact f, or p when none does.
func unitAround(p string, f claim.Fact) string {
	for _, u := range text.UnitSpans(p) {
		if u[0] <= f.Start && f.End <= u[1] {
			return p[u[0]:u[1]]
		}
	}
	return p
}
