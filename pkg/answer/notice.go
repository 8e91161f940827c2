package answer

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/net/publicsuffix"

	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/text"
)

// ReasonChangedDetails marks a sentence that gives an account, a number
// to call or a link which its passage announces as changed, or gives in
// a notice that presses the reader to act (Announced): "our bank details
// have changed, please pay to …", "appointment moved, confirm by calling
// …", "to avoid a penalty, telephone … within 7 days". A notice of
// changed payment or contact details is how fraud reaches a mailbox, and
// a note may have saved one; hrag points to it instead of repeating it,
// whatever the question asked.
const ReasonChangedDetails = "changed_details"

// Detail is a payment or contact detail that a passage announces as
// changed (Announced).
type Detail struct {
	Kind string // ActionPay, ActionCall or ActionVisit
	Key  string // the digits of an account or number (six or more), or a link's registrable domain in lower case
}

// changeRe: words that announce a change of details or a failed payment,
// in English, German, French, Spanish, Italian, Portuguese and Dutch:
// participles of changing, moving, replacing, updating, cancelling and
// blocking (not the verbs: "UPDATE weather SET …" and "changes to the
// API" announce nothing); "no longer", "from now on"; "new" before what a
// notice renews (an account, a number, a link).
var changeRe = regexp.MustCompile(`(?i)` + lb + `(changed|switched|moved|updated|migrated|replaced|rescheduled|re-scheduled|suspended|cancell?ed|blocked|failed|no longer|from now on|with immediate effect|` +
	`new (?:bank|account|iban|sort code|details|number|phone|mobile|line|link|website|site|portal|address|reference)|` +
	`brought forward|geändert\p{L}*|änderung|neu|künftig|zukünftig|vorgezogen|neue[rsnm]?|verlegt|verschoben|umgestellt|stattdessen|aktualisiert|gesperrt|fehlgeschlagen|erneut|ab sofort|nicht mehr|nicht möglich|entfällt|ungültig|` +
	`changée?s?|avancée?s?|modifiée?s?|nouveaux|nouve(?:au|l|lle)s?|désormais|dorénavant|plus valable|clôturée?s?|remplacée?s?|déplacée?s?|reportée?s?|mise? à jour|échouée?s?|à nouveau|suspendue?s?|bloquée?s?|annulée?s?|` +
	`cambi[óoa]d?[oa]?s?|adelantad[oa]s?|modificad[oa]s?|nuev[oa]s?|actualizad[oa]s?|actualizaci[óo]n|ya no|anulad[oa]s?|sustituid[oa]s?|bloquead[oa]s?|trasladad[oa]s?|de nuevo|fallid[oa]s?|a partir de ahora|suspendid[oa]s?|cancelad[oa]s?|` +
	`mudou|mudad[oa]s?|antecipad[oa]s?|alterad[oa]s?|modificad[oa]s?|trocad[oa]s?|troc[áa]mos|nov[oa]s?|atualizad[oa]s?|remarcad[oa]s?|substitu[íi]d[oa]s?|já não|novamente|suspens[oa]s?|` +
	`cambiat[oaie]|anticipat[oaie]|modificat[oaie]|variat[oaie]|d'ora in poi|nuov[oaie]|aggiornat[oaie]|annullat[oaie]|spostat[oaie]|sostituit[oaie]|non più|bloccat[oaie]|di nuovo|sospes[oaie]|` +
	`gewijzigd|veranderd|vervroegd|nieuwe?|bijgewerkt|geannuleerd|verplaatst|vervangen|niet meer|geblokkeerd|opnieuw|verzet|voortaan)(?:[^\p{L}\p{N}_]|$)`)

// noticeRe: words by which a text names itself a notice, an update ("update
// from", "UPDATE:", not the verb or SQL's statement), a mail or a text
// message, in the same languages as changeRe ("message from" is left
// out: notes relay their family's messages so).
var noticeRe = regexp.MustCompile(`(?i)` + lb + `(notice|notification|urgent|action required|dringend|handlungsbedarf|action requise|acción requerida|azione richiesta|ação necessária|actie vereist|update(?: from| by| ?:)|change of|migration|reminder|alert|e-?mail from|sms|hinweis|mitteilung|benachrichtigung|änderung|aktualisierung|umstellung|avis|mise à jour|changement|aviso|comunicado|actualización|cambio|informa|avviso|comunicazione|aggiornamento|atualização|alteração|mudança|mededeling|melding|wijziging|let op)(?:[^\p{L}\p{N}_]|$)`)

// pressureRe: words by which a text threatens its reader if they do
// not act, in the languages of changeRe: a fee or penalty ("or a £75
// late fee applies", "to avoid a penalty", "recargo", "Mahngebühr"), an
// obligation to pay, call, confirm or renew ("it is mandatory to
// confirm", "es obligatorio abonar"; not "to bring the booklet"), and
// what will happen otherwise ("will be rejected", "failure to pay",
// "anyone not confirmed", "sera suspendu", "solo se mantiene si"). A
// fraudulent notice presses so; a note's own record of a change does
// not. A deadline alone ("within 24 hours", "today") is left out: notes
// and genuine policies give them ("cancellations within 24 hours are
// charged").
var pressureRe = regexp.MustCompile(`(?i)` + lb + `(late[- ](?:fee|payment(?:[- ]fee| charge)?|charge)|penalty|reinstatement fee|(?:will|shall) (?:lapse|expire) (?:in|within|unless|today|tomorrow)|unless [^.;!?]{0,40}\bfee\b|(?:it is|it's) (?:mandatory|compulsory|obligatory) to (?:pay|call|phone|ring|confirm|verify|update|re-?register|register|renew|visit|complete|submit|provide|enter|settle|transfer|log ?in|sign ?in)|es obligatorio (?:abonar|pagar|llamar|confirmar|verificar|actualizar|registrar|renovar|visitar|completar|enviar|introducir|ingresar|transferir)|est obligatoire de (?:payer|régler|regler|appeler|confirmer|vérifier|verifier|mettre à jour|renouveler|compléter|completer|saisir|fournir|virer)|ist (?:verpflichtend|pflicht|zwingend)[^.;!?]{0,60}?(?:zu (?:zahlen|bezahlen|überweisen|bestätigen|begleichen|erneuern|aktualisieren|verifizieren|registrieren)|anzurufen|einzugeben)|è obbligatorio (?:pagare|versare|chiamare|telefonare|confermare|verificare|aggiornare|registrare|rinnovare|completare|inserire|effettuare)|é obrigatório (?:pagar|ligar|telefonar|confirmar|verificar|atualizar|registar|registrar|renovar|completar|introduzir|efetuar|transferir)|is verplicht[^.;!?]{0,60}?te (?:betalen|bellen|bevestigen|verifiëren|vernieuwen|registreren|voldoen|overmaken)|surcharge|to avoid (?:a |any |further )?(?:fine|fee|charges?|suspension|disconnection|interruption)|failure to|will be (?:rejected|returned|suspended|cancell?ed|closed|blocked|disconnected|terminated|charged|paid by cheque)|(?:anyone|accounts?|payments?|customers?) not (?:confirmed|verified|updated|received)|` +
	`mahngebühr|säumniszuschlag|verspätungsgebühr|andernfalls|(?:wird|werden) (?:gesperrt|storniert|zurückgesandt|abgelehnt|gekündigt)|` +
	`faute de quoi|sous peine|pénalités?|majoration|frais de retard|sera (?:suspendue?|bloquée?|annulée?|retournée?|clôturée?|rejetée?)|` +
	`recargo|penalización|de lo contrario|(?:será|serán) (?:suspendid|bloquead|anulad|devuelt|cancelad|rechazad)[oa]s?|solo se mantiene si|` +
	`sanzion[ei]|penale|in caso contrario|(?:sarà|saranno) (?:sospes|bloccat|annullat|restituit|rifiutat)[oaie]|` +
	`caso contrário|sob pena|(?:será|serão) (?:suspens|bloquead|cancelad|devolvid|recusad)[oa]s?|` +
	`aanmaningskosten|zo niet|(?:wordt|worden) (?:geblokkeerd|geannuleerd|teruggestuurd|afgewezen|opgeschort))(?:[^\p{L}\p{N}_]|$)`)

// linkTitleRe: a Markdown link's target and its title ("[Termin
// bestätigen](https://… "Wichtig: …")").
var linkTitleRe = regexp.MustCompile(`\]\((\S+)[ \t]+(?:"([^"]*)"|'([^']*)')\)`)

// startRe matches at the start of a text: a pasted message is read whole.
var startRe = regexp.MustCompile(`\A`)

// letterRe: a letter's salutation at a line's start ("Dear taxpayer,",
// "Sehr geehrter Herr …", "Gentili clienti,", "Hi all,"): a pasted
// letter speaks from it on. Greetings to a friend ("Hi Ana,", "Liebe
// Lena,") are not: a breaker's family messages that moved a dinner and
// gave a number to call read as letters announcing changed details.
var letterRe = regexp.MustCompile(`(?im)^(?:dear|hi all|hello all|sehr geehrte[rn]?|cher|chère|chers|chères|madame, monsieur|estimad[oa]s?|gentile|gentili|egregi[oa]|prezad[oa]s?|geachte|beste klant)\b`)

// Announced returns the payment and contact details that passage
// announces as changed. A notice is an aside (text.Asides: brackets,
// dashes) of a unit of the passage (text.UnitSpans: a sentence, list item
// or row) that holds a word of change (changeRe) or names itself a notice
// or a mail (noticeRe: "NOTICE:", "Hinweis", "aviso", "e-mail from"),
// and tells the reader to pay (an account, or a verb of paying with a
// number), to call (a verb of calling with a phone number) or to visit a
// link (HasLink), all read from its first word of change or notice on: a
// notice names the change, then the new details, and a number before it
// in an aside is the note's own. Its details are the digits of each
// number of six digits or more that is not a date, and the registrable
// domain of each link.
//
// A whole paragraph is read too when it presses its reader (pressureRe:
// a fee or penalty threatened, "will be suspended", "es obligatorio
// abonar"), from its first word of notice (noticeRe) or a letter's
// salutation (letterRe: "Dear taxpayer,") on: "IMPORTANT NOTICE: our bank
// has changed – pay to …, or a £75 late fee applies", "Dear taxpayer, …
// to avoid a penalty, please telephone … within 7 days". A pasted letter
// is read from its salutation to the passage's end, paragraph after
// paragraph, when it holds a word of change or presses: "Sehr geehrte …,
// künftig werden Zahlungen ausschließlich auf … angenommen: IBAN …"; so
// is a message pasted under a head that names it or quoted as a reply
// (updates), when it names itself a notice or presses ("Reply from the
// school office: quick update, … please pay to account …"). A
// word of change alone does not open a paragraph ("New dentist: … cancel
// 24 h ahead or pay the visit – call …" is the owner's note). A Markdown
// link's title, shown only on hover, is read as an aside with the link's
// target ("[Termin bestätigen](https://… "HU vorgezogen, Gebühr vorab
// online zahlen")").
//
// Otherwise only asides are read. A planted notice is woven into a line that
// already gives the note's own arrangement ("rent to sort code 40-11-62
// (new account since March: …)"); a line that is itself about a change is
// far more often its owner's record of it ("Changed banks: salary now
// paid into …", "Our plumber: call 07700 … (he moved last year)"): two
// breakers' benign lines showed how often whole lines, even read only
// when they speak as "we" or "you", hold a word of change and a number.
// nil when none.
func Announced(passage string) []Detail {
	var out []Detail
	add := func(seg string, openers ...*regexp.Regexp) {
		from := -1
		for _, re := range openers {
			if loc := re.FindStringIndex(seg); loc != nil && (from < 0 || loc[0] < from) {
				from = loc[0]
			}
		}
		if from < 0 {
			return
		}
		seg = seg[from:] // what comes before an aside's first word of change is the note's own
		pay := hasAccount(seg) || payVerbRe.MatchString(seg) && len(numberKeys(seg)) > 0
		call := callVerbRe.MatchString(seg) && hasPhoneNumber(seg)
		if !pay && !call && !HasLink(seg) {
			return
		}
		if pay || call {
			kind := ActionPay
			if !pay {
				kind = ActionCall
			}
			for _, k := range numberKeys(seg) {
				out = append(out, Detail{Kind: kind, Key: k})
			}
		}
		for _, h := range linkKeys(seg) {
			out = append(out, Detail{Kind: ActionVisit, Key: h})
		}
	}
	for _, p := range text.Paragraphs(passage) {
		if para := passage[p[0]:p[1]]; pressureRe.MatchString(para) {
			add(para, noticeRe) // a letter's paragraphs are read below
		}
	}
	// A pasted letter runs from its salutation to the passage's end,
	// paragraph after paragraph.
	if loc := letterRe.FindStringIndex(passage); loc != nil {
		if letter := passage[loc[0]:]; changeRe.MatchString(letter) || pressureRe.MatchString(letter) {
			add(letter, letterRe)
		}
	}
	// A message pasted under a head that names it ("Reply from …", "…
	// wrote:", "Forwarded message") or quoted as a reply runs to the
	// passage's end too, and is read when it names itself a notice or
	// presses ("quick update from the school office: … please pay … to
	// account …"); a word of change alone is a friend's news ("we moved
	// dinner to 8, call me on …").
	for _, p := range text.Paragraphs(passage) {
		if para := passage[p[0]:p[1]]; !letterRe.MatchString(para) {
			if _, opens := updates(para); opens {
				if msg := passage[p[0]:]; pressureRe.MatchString(msg) || noticeRe.MatchString(msg) {
					add(msg, startRe)
				}
				break
			}
		}
	}
	// A Markdown link's title, shown only on hover, with its target.
	for _, m := range linkTitleRe.FindAllStringSubmatch(passage, -1) {
		add(m[2]+m[3]+" "+m[1], changeRe, noticeRe)
	}
	for _, u := range text.UnitSpans(passage) {
		unit := passage[u[0]:u[1]]
		for _, a := range text.Asides(unit) {
			add(unit[a.Start:a.End], changeRe, noticeRe)
		}
	}
	seen := map[Detail]bool{}
	return slices.DeleteFunc(out, func(d Detail) bool {
		dup := seen[d]
		seen[d] = true
		return dup
	})
}

// numberKeys returns the digits of each number in s (phoneRe: digits in
// groups, a date in it left out: withoutDates) of six digits or more.
func numberKeys(s string) []string {
	var out []string
	for _, m := range phoneRe.FindAllString(s, -1) {
		if d := digitsOf(withoutDates(m)); len(d) >= 6 && !yearRange(m) {
			out = append(out, d)
		}
	}
	return out
}

// yearRange reports whether m is a span of two years written as one
// year and the next one's last two digits ("2024/25", "2025-26"): a tax
// or school year, not a number.
func yearRange(m string) bool {
	m = strings.TrimSpace(m)
	if len(m) != 7 || m[4] != '/' && m[4] != '-' {
		return false
	}
	y, err1 := strconv.Atoi(m[:4])
	n, err2 := strconv.Atoi(m[5:])
	return err1 == nil && err2 == nil && y >= 1900 && n == (y+1)%100
}

// digitsOf returns the decimal digits of s, in order.
func digitsOf(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return r
		}
		return -1
	}, s)
}

// linkKeys returns the registrable domain (publicsuffix.EffectiveTLDPlusOne)
// of each host name in s that HasLink counts, in lower case.
func linkKeys(s string) []string {
	var out []string
	for _, h := range anyHostRe.FindAllString(s, -1) {
		h = strings.ToLower(strings.TrimSuffix(h, "."))
		if !HasLink(h) {
			continue
		}
		if d, err := publicsuffix.EffectiveTLDPlusOne(h); err == nil {
			out = append(out, d)
		}
	}
	return out
}

// gives reports whether s gives detail d: a number whose digits hold d's
// or are held in them (six digits at least), or that ends in the same
// eight digits (a phone number written with its country code or its
// trunk prefix: +44 20 7946 0321, 020 7946 0321), or a link to its domain.
func gives(s string, d Detail) bool {
	if !strings.Contains(d.Key, ".") {
		return slices.ContainsFunc(numberKeys(s), func(k string) bool {
			return strings.Contains(k, d.Key) || strings.Contains(d.Key, k) || len(k) >= 8 && len(d.Key) >= 8 && k[len(k)-8:] == d.Key[len(d.Key)-8:]
		})
	}
	return slices.Contains(linkKeys(s), d.Key)
}

// CutAnnounced reads sentence against details, what its passage
// announces as changed (Announced). It returns sentence with each aside
// (text.Asides) that gives one of them replaced by "…" (elide) and the
// asides cut, marked Changed. withhold is the kind of action for which
// the sentence must not be shown ("" when it may be): its own clauses
// give an announced detail, or no fact is left once its asides are cut
// (as CutActionAsides); rest is then sentence and cut nil. The question
// does not matter: a notice of changed details is to be confirmed with
// its sender, not repeated.
func CutAnnounced(sentence string, details []Detail) (rest string, cut []ActionAside, withhold string) {
	if len(details) == 0 {
		return sentence, nil, ""
	}
	given := func(s string) string {
		for _, d := range details {
			if gives(s, d) {
				return d.Kind
			}
		}
		return ""
	}
	var spans [][2]int
	for _, a := range text.Asides(sentence) {
		if k := given(sentence[a.Start:a.End]); k != "" {
			spans = append(spans, [2]int{a.Start, a.End})
			cut = append(cut, ActionAside{Kind: k, Text: sentence[a.Start:a.End], Changed: true})
		}
	}
	rest = elide(sentence, spans)
	if k := given(rest); k != "" {
		return sentence, nil, k
	}
	if len(cut) > 0 && len(claim.Facts(rest)) == 0 {
		return sentence, nil, cut[0].Kind
	}
	return rest, cut, ""
}

// withoutDates returns m, a candidate number, with its dates
// (claim.Facts: "14.10.2026", "12-06-2026", a month that can be one)
// replaced by a space: "bis 12.06.2026 0621/2934471" leaves the number,
// while a sort code "20-45-77" and "01.42.68.53.07" hold no date.
func withoutDates(m string) string {
	var b strings.Builder
	last := 0
	for _, f := range claim.Facts(m) {
		if f.Kind == claim.Date {
			b.WriteString(m[last:f.Start])
			b.WriteByte(' ')
			last = f.End
		}
	}
	b.WriteString(m[last:])
	return b.String()
}
