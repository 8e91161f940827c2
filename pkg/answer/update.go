package answer

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/language"
	"github.com/hrag-dev/hrag/pkg/text"
)

// updateRe: words by which a paragraph presents itself as an update of
// the note or as a message pasted into it, beyond changeRe and noticeRe:
// a correction, a revision, a superseded value, a quoted reply ("On 3
// March, … wrote:"), a forwarded message, a message, text, letter or call
// from someone ("Message from Boots pharmacy:", "Bericht van Opslag
// Noord:").
var updateRe = regexp.MustCompile(`(?i)` + lb + `(correct(?:ed|ion)|revision|revised|superseded|void|erratum|edit|überholt|ersetzt|berichtigt|korrigiert|corrigée?s?|rectifiée?s?|rectificatif|corregid[oa]s?|corrett[oaie]|corrigid[oa]s?|gecorrigeerd|wrote|schrieb|a écrit|escribió|ha scritto|escreveu|schreef|forwarded|weitergeleitete?|transféré|reenviado|inoltrato|encaminhad[oa]|doorgestuurd|original message|pasted|copied|eingefügt|kopiert|collée?|copiée?|pegad[oa]|copiad[oa]|incollat[oa]|copiat[oa]|colad[oa]|geplakt|gekopieerd|` +
	`(?:message|text|e-?mail|mail|letter|whatsapp|voicemail|call|reply|response|slack|teams|signal|telegram|sms) from|(?:nachricht|antwort|e-?mail|mail) (?:von|vom|der|des)|réponse de|respuesta de[l]?|risposta d[ei]\pL*|resposta d[aeo]s?|antwoord van|anruf (?:von|der|des)|brief (?:von|der|des)|message d(?:e|u|es)|courriel d(?:e|u|es)|appel de|mensaje de[l]?|llamada de[l]?|messaggio d\pL*|chiamata d[ei]\pL*|mensagem d[aeo]s?|bericht van|brief van|whatsapp d[ei]\pL*)(?:[^\p{L}\p{N}_]|$)`)

// mailHeadRe: the head of a pasted e-mail, a sender's line and, on the
// lines after it, a subject's ("From: IT Helpdesk …" … "Subject: …",
// "Von:" … "Betreff:", "De :" … "Objet :", "Van:" … "Onderwerp:").
var mailHeadRe = regexp.MustCompile(`(?im)^[ \t]*(?:from|von|de|da|van)[ \t]*:.+\n(?:[ \t]*(?:to|an|à|a|para|aan|cc|date|datum|sent|gesendet|envoyé|enviado|inviato|verzonden|data)[ \t]*:.*\n)*[ \t]*(?:subject|betreff|objet|asunto|oggetto|assunto|onderwerp)[ \t]*:`)

// quotedReplyRe: a line quoted as an e-mail reply quotes it ("> …").
var quotedReplyRe = regexp.MustCompile(`(?m)^[ \t]*>`)

// qaPairRe: a paragraph of question-and-answer pairs, a line opened by a
// question label ("Q:", "Q.", "**Q:**", "Question:", "Frage:", "P:",
// "Pregunta:", "Vraag:") and a later one by an answer label ("A:", "A.",
// "Antwort:", "Réponse :", "R:"): text
// that says what to answer, which a note's owner rarely writes about
// their own affairs.
var qaPairRe = regexp.MustCompile(`(?ims)^[ \t]*(?:\*\*|__)?(?:(?:question|frage|f|pregunta|p|domanda|d|pergunta|vraag|v)[ \t]*:|q[ \t]*[:.])(?:\*\*|__)?[ \t].*` +
	`^[ \t]*(?:\*\*|__)?(?:(?:answer|antwort|réponse|reponse|r|respuesta|risposta|resposta|antwoord)[ \t]*:|a[ \t]*[:.])(?:\*\*|__)?[ \t]`)

// updates reports whether paragraph p presents itself as an update or a
// pasted message, and whether what follows it does too (opens): a
// letter's salutation (letterRe), quoted reply lines, a mail's head
// (mailHeadRe), a chat export's
// lines (text.HasChatLine), or a head (its
// first line up to a colon that ends a label, labelColon, or the whole
// line when it is short) that
// names a pasted message, a reply, a revision or a correction (updateRe:
// "On 3 March, Kestrel wrote:", "Pasted from the post:", "Revision 3
// (pharmacy sync):", "---- Forwarded message ----") open a message that
// runs to the passage's end, paragraph after paragraph; question-and-answer
// pairs (qaPairRe) mark their own paragraph; a head that names
// a change or a notice (changeRe, noticeRe: "Wijziging doorgegeven door
// Opslag Noord:", "Update:") marks its own paragraph. Words of change in
// a paragraph's body are its owner's record far more often ("Replaced on
// 30 July 2024", "the migration must pass a load test"), so the head
// alone is read.
func updates(p string) (update, opens bool) {
	if letterRe.MatchString(p) || quotedReplyRe.MatchString(p) || mailHeadRe.MatchString(p) || text.HasChatLine(p) {
		return true, true
	}
	if qaPairRe.MatchString(p) {
		return true, false
	}
	head, _, _ := strings.Cut(strings.TrimLeft(p, " \t\n"), "\n")
	if i := labelColon(head); i >= 0 {
		head = head[:i+1]
	} else if len(head) > 80 {
		return false, false
	}
	if updateRe.MatchString(head) {
		return true, true
	}
	return changeRe.MatchString(head) || noticeRe.MatchString(head), false
}

// labelColon returns the index of the first colon of line that ends a
// label, not one inside a time or a ratio ("Am 03.05. um 11:12 schrieb
// Kita …:"), or -1.
func labelColon(line string) int {
	digit := func(i int) bool { return i >= 0 && i < len(line) && '0' <= line[i] && line[i] <= '9' }
	for i := 0; i < len(line); i++ {
		if line[i] == ':' && !(digit(i-1) && digit(i+1)) {
			return i
		}
	}
	return -1
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
// (text.UnitSpans: a sentence, list item or row) shares a word with
// question (language.SharesWord): "Metformin 500 mg" does not compete
// with "Atorvastatin 20 mg" for a question about atorvastatin. It returns
// a description of the two values, or "". It is newUpdateIndex(passage)
// read once; the checks keep the index per passage.
func UpdatedValue(question, sentence, passage string) string {
	return newUpdateIndex(passage).value(question, sentence)
}

// updateIndex is what UpdatedValue reads of a passage, found once for all
// the sentences that cite it: each value of a class (claim.ValueClass),
// its paragraph (text.Paragraphs), and whether that paragraph is an
// update or part of a pasted message (updates). Empty for a passage of
// one paragraph.
type updateIndex struct {
	values []paragraphValue
	upd    []bool
}

// classedFact is a fact of a text with its value class (claim.ValueClass).
type classedFact struct {
	f     claim.Fact
	class string
}

// classedFacts returns the facts of s (claim.Facts) that have a value
// class, in order, with it: the values UpdatedValue and SiblingValue
// compare.
func classedFacts(s string) []classedFact {
	var out []classedFact
	for _, f := range claim.Facts(s) {
		if c := claim.ValueClass(s, f); c != "" {
			out = append(out, classedFact{f, c})
		}
	}
	return out
}

// paragraphValue is a value of a passage's paragraph para, with its class
// and the unit (text.UnitSpans) that gives it.
type paragraphValue struct {
	f           claim.Fact
	class, unit string
	para        int
}

// newUpdateIndex reads passage for UpdatedValue.
func newUpdateIndex(passage string) *updateIndex {
	paras := text.Paragraphs(passage)
	if len(paras) < 2 {
		return &updateIndex{}
	}
	ix := &updateIndex{upd: make([]bool, len(paras))}
	open := false
	for k, p := range paras {
		para := passage[p[0]:p[1]]
		u, o := updates(para)
		ix.upd[k] = u || open
		open = open || o
		for _, v := range classedFacts(para) {
			ix.values = append(ix.values, paragraphValue{f: v.f, class: v.class, unit: unitAround(para, v.f), para: k})
		}
	}
	return ix
}

// value is UpdatedValue for the index's passage.
func (ix *updateIndex) value(question, sentence string) string {
	if len(ix.values) == 0 {
		return ""
	}
	for _, sv := range classedFacts(sentence) {
		fa, c := sv.f, sv.class
		first := -1 // the first paragraph that states fa
		for _, v := range ix.values {
			if v.class == c && claim.SameValue(v.f, fa) {
				first = v.para
				break
			}
		}
		if first <= 0 || !ix.upd[first] {
			continue
		}
		for _, v := range ix.values {
			if v.para < first && v.class == c && !ix.upd[v.para] && language.SharesWord(question, v.unit) {
				return fmt.Sprintf("it gives %q, which a later paragraph that presents itself as an update or a pasted message states, while the note gives %q before it: two values of one kind, and the note does not say which holds", fa.Text, v.f.Text)
			}
		}
	}
	return ""
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

// QuotedAsideValue reports a sentence that gives the aside's value of
// the two its quoted unit holds (claim.AsideValues: a value and, in an
// aside, another of its class) and not the unit's own: "Preis 1.986,40 €
// – der Fahrer sagt: zweitausendvierhundertsechzig Euro" answered with
// the driver's amount alone. The line gives two answers and the sentence
// picked the aside's, as AsideValue reports a sentence that copies both.
// An aside before the unit's own value is more often a gloss ("After the
// Ice Saints (15 May): plant out … a frost on 12 May 2023 killed …"),
// and a sentence giving its value is not reported either.
// A sentence giving the unit's own value alone is not reported: read
// either way, the rule withheld far more right answers than planted
// values (docs/measurements.md). It returns a description of the two
// values, or "".
func QuotedAsideValue(sentence, unit string) string {
	p, ok := claim.AsideValues(unit)
	if !ok || !p.OwnFirst {
		return ""
	}
	var own, aside bool
	for _, f := range claim.Facts(sentence) {
		own = own || claim.SameValue(f, p.Own)
		aside = aside || claim.SameValue(f, p.Aside)
	}
	if own || !aside {
		return ""
	}
	return "its quoted line " + strings.TrimPrefix(p.Detail, "it ")
}
