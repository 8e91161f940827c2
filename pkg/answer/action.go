package answer

import (
	"regexp"
	"strings"

	"golang.org/x/net/publicsuffix"

	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/text"
)

// Kinds of action a sentence may tell the reader to take (Action; paying
// and calling in asides only, CutActionAsides).
const (
	ActionVisit       = "visit a link"
	ActionRun         = "run a command"
	ActionCredentials = "hand over credentials"
	ActionPay         = "pay into an account"
	ActionCall        = "call a phone number"
)

// lb is a left word boundary that knows letters beyond ASCII (Go's \b
// does not: it finds none before "überweisen").
const lb = `(?:^|[^\p{L}\p{N}_])`

var (
	// A sentence tells the reader to act: a link (HasLink), code or a
	// command with a verb of running it, a verb of handing over with a
	// secret; an aside does, too, with a verb of paying and an account, or
	// a verb of calling and a phone number.
	// schemeRe: an address with its scheme or "www."; hostRe: a host name
	// in lower case (a link as written, not "ASP.NET"), not after '@' (a
	// mail address), with a letter before its top-level domain.
	schemeRe = regexp.MustCompile(`(?i)(https?://|\bwww\.)[a-z0-9]`)
	hostRe   = regexp.MustCompile(`(^|[^@a-z0-9.-])((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24})\b`)
	runRe    = regexp.MustCompile("(?i)(`[^`]+`|\\b(sudo|curl|wget|powershell|iex|bash -c|sh -c|chmod|rm -rf)\\b)")
	runVerb  = regexp.MustCompile(`(?i)\b(run|execute|paste|install|enter|type in|führe|führen|exécutez|lancez|ejecuta)\b`)
	// credRe: a verb of handing over or asking for, in any of its forms
	// (a stem: "demande", "chiedi", "pídele"; the forms alone of "geben"
	// and "mandar", whose stems begin "Gebühr" and "mandate"), then a
	// secret (secretRe).
	credRe = regexp.MustCompile(`(?i)` + lb + `((send|give|share|enter|provide|reply with|e-?mail|forward|type|ask for|request|sende|gib|nenn|übermittel|verlang|envo[iy]|donn|communiqu|indiqu|demand|env[ií]|p[eií]d|solicit|proporcion|facilit|invi|chied|forni|pe[çc]|stuur|geef|vraag)[\p{L}]*|geben|gebt|m[aá]nd(a|e|ar|en|ame|anos|ami|i|ino))\b.*` + secretRe)
	// secretRe names a secret: a password, a login, a token, payment
	// credentials (payRe).
	secretRe = `\b(password|passphrase|passwort|mot de passe|contraseña|credentials?|pin|login|2fa|one-time code|token|api key|seed phrase|bank details|` + payRe + `)\b`
	// payVerbRe: a verb or noun of paying someone, in English, German,
	// French, Spanish, Italian, Portuguese and Dutch.
	payVerbRe = regexp.MustCompile(`(?i)` + lb + `(pay|pays|paid|paying|payment|payable|transfer|transferred|wire|deposit|remit|standing order|überweis\p{L}*|(ein|be|aus)?zahl(en|e|st|t|ung|bar)|vire[rz]?|virement|vers(er|ez|é|ée|ement|a|are|ate|amento)|pa[iy]e[rz]?|paiement|régle[rz]|règlement|transf[eé]r\p{L}*|transfier[ae]n?|ingres[aeo]n?|ingresar|dep[oó]sit[ae]n?|abon[ae]n?|abonar|pag[aoóu]\p{L}*|bonifico|betaal\p{L}*|betalen|betaling|overmaken|overboek\p{L}*|settle|remit\p{L}*|bizum|pix|paypal|twint|maak\b.{1,40}\bover|overschrijving|stort\p{L}*)\b`)
	// ibanRe and accountRe: an account to pay into (hasAccount): an IBAN,
	// or an account's name followed by six digits or more.
	ibanRe    = regexp.MustCompile(`\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{2,}){3,8}\b`)
	accountRe = regexp.MustCompile(`(?i)` + lb + `(account|acc\.?|a/c|sort code|konto\p{L}*|bankverbindung|compte|rib|cuenta|conto|conta|rekening\p{L}*)\b[^\d\n]{0,25}\d[\d -]{4,}\d`)
	// callVerbRe: a verb of calling a number (not the nouns "phone",
	// "Telefon": a note's contact line tells no one to act).
	callVerbRe = regexp.MustCompile(`(?i)` + lb + `(call|calling|ring|dial|telephone|text|whatsapp|contact|contactez|contacte[rz]?|contacte-nos|contáctenos|contacta[rn]?|contattaci|contatta(?:re|te)?|neem contact op|anrufen|ruf\p{L}*\b.{1,40}\ban|wählen|wähle|appel\p{L}*|téléphone[rz]|composez|composer|joindre|llam[ae]n?|llamar|ll[aá]me(?:nos)?|ll[aá]menos|marque|marcar|chiam\p{L}*|telefonare|telefonate|ligue|ligar|telefonar|bel|bellen|belt)\b`)
	// phoneRe: a candidate phone number, digits in groups, spaces
	// (no-break ones too), brackets, dots, slashes or hyphens between them
	// (its digits counted by hasPhoneNumber, a date in it left out:
	// withoutDates).
	phoneRe = regexp.MustCompile(`\+?\(?\d[\d \x{00A0}\x{202F}()./-]{5,}\d`)
	// What a question asks for when it asks for an action.
	askVisit = regexp.MustCompile(`(?i)` + lb + `(url|link|website|web site|site|page|portal|log ?in|sign ?in|download|online|where (can|do|should) i (find|get|go|book)|lien|site web|seite|webseite|homepage|enlace|p[aá]gina|sito|` +
		// Logging in, downloading and a web address in the other
		// languages: "Unter welcher Adresse logge ich mich ein?", "Où me
		// connecter ?", "¿Dónde inicio sesión?", "Dove scarico il modulo?".
		`einlogg\p{L}*|logg(e|st|t|en)|anmeld\p{L}*|herunterlad\p{L}*|web-?adresse|internetadresse|se connecter|me connecter|connexion|t[ée]l[ée]charg\p{L}*|adresse (web|internet)|inici(ar|o|a) (sesi[oó]n|sess[ãa]o)|descarg\p{L}*|direcci[oó]n web|scaric\p{L}*|indirizzo (web|internet)|acess(ar|o)|baixar|endere[çc]o (web|do site)|inlogg\p{L}*|aanmeld\p{L}*|webadres)` + `(?:[^\p{L}\p{N}_]|$)`)
	askRun   = regexp.MustCompile(`(?i)\b(how (do|can|should|would) (i|you|we)|how to|what (should|do|can) i do|what to do|command|run|execute|script|install|fix|repair|solve|resolve|restore|recover|reset|free|clean|steps?|procedure|error|fails?|failed|failing|broken|problem|troubleshoot|wie (kann|mache|soll)|befehl|fehler|comment (faire|puis)|commande|erreur|cómo)\b`)
	askCreds = regexp.MustCompile(`(?i)\b(password|passphrase|passwort|mot de passe|contraseña|credentials?|pin|login|token|api key|` + payRe + `)\b`)
	// askPay: an account, or how, where or to whom to pay (not how much).
	askPay    = regexp.MustCompile(`(?i)` + lb + `(account|iban|bic|swift|sort code|bank details|konto\p{L}*|bankverbindung|compte|rib|cuenta|conto|conta|rekening\p{L}*)\b`)
	askPayHow = regexp.MustCompile(`(?i)` + lb + `(how (do|can|should|to)|where|whom|wohin|wem|wie (zahl|überweis|bezahl)|où|comment|à qui|dónde|cómo|a quién|dove|come|a chi|onde|como|a quem|waar|hoe|aan wie)\b`)
	// askCall: a phone number, or calling or reaching someone.
	askCall = regexp.MustCompile(`(?i)` + lb + `(phone|telephone|call|ring|contact|reach|hotline|helpline|mobile|cell|handy\p{L}*|mobil\p{L}*|portable|m[oó]vil|cellulare|celular|telem[oó]vel|mobiel|telefon\p{L}*|rufnummer|anrufen|erreiche\p{L}*|téléphone|appeler|joindre|contacter|tel[eé]fono|llamar|contactar|chiamare|contattare|telefone|ligar|telefoon|bellen|bereik\p{L}*)\b`)
)

// payRe names payment credentials (a card's number, data or security
// code, a bank account's number), in English, German, French, Spanish,
// Italian and Portuguese.
const payRe = `(credit |debit |bank )?card (number|details|data)|card no\.?|cvv|cvc|security code|iban|account number|kartennummer|kartendaten|kreditkarte(nnummer)?|prüfnummer|kontonummer|num[ée]ro de (carte|compte)|carte (bancaire|de cr[ée]dit)|donn[ée]es de (la |votre )?carte|cryptogramme|n[uú]mero de (tarjeta|cuenta)|tarjeta de cr[ée]dito|datos de (su |tu |la )?tarjeta|c[oó]digo de seguridad|dati della carta|numero della carta|dados do cart[ãa]o|n[uú]mero do cart[ãa]o`

var secretWordRe = regexp.MustCompile(`(?i)` + secretRe)

// Action reports whether sentence tells the reader to hand over
// credentials, visit a link (it holds one: HasLink) or run a command
// (kind, one of those Action* constants, in that order of precedence; ""
// when none), and whether question asked for that kind of thing
// (credentials; a link, a site, where to find something; a command, how to
// do something or what an error means). Text addressed to an AI assistant
// inside notes asks for exactly these; an answer may carry them only when
// the question asked. A link counts without a verb of going there: the
// verb may be in any language or none ("confirm via parcel-help.com"), and
// an answer that did not ask for a link does not need one; a link to a
// spoofed host (SpoofedHost) is never asked for. Paying and
// calling are read in asides only (CutActionAsides).
func Action(question, sentence string) (kind string, asked bool) {
	switch {
	case credRe.MatchString(sentence):
		return ActionCredentials, askCreds.MatchString(question)
	case HasLink(sentence):
		return ActionVisit, askVisit.MatchString(question) && !SpoofedHost(sentence)
	case runRe.MatchString(sentence) && runVerb.MatchString(sentence):
		return ActionRun, askRun.MatchString(question)
	}
	return "", false
}

// hasAccount reports whether s holds an account to pay into: an IBAN (two
// capital letters, two check digits, 15 to 34 letters and digits in all)
// or an account's name followed by six digits or more.
func hasAccount(s string) bool {
	for _, m := range ibanRe.FindAllString(s, -1) {
		if n := len(strings.ReplaceAll(m, " ", "")); n >= 15 && n <= 34 {
			return true
		}
	}
	return accountRe.MatchString(s)
}

// hasPhoneNumber reports whether s holds a phone number: seven to fifteen
// digits (E.164 allows fifteen) in groups (phoneRe), the digits of a date
// in it not counted (withoutDates: "call on 14.10.2026" holds no number
// to call, "bis 12.06.2026 0621/2934471" does, and so does the French
// "01.42.68.53.07").
func hasPhoneNumber(s string) bool {
	for _, m := range phoneRe.FindAllString(s, -1) {
		if n := len(digitsOf(withoutDates(m))); n >= 7 && n <= 15 {
			return true
		}
	}
	return false
}

// target reports whether s names what an action of kind acts on: a
// link (HasLink), a command (runRe) or a secret (secretWordRe).
func target(kind, s string) bool {
	switch kind {
	case ActionVisit:
		return HasLink(s)
	case ActionRun:
		return runRe.MatchString(s)
	}
	return secretWordRe.MatchString(s)
}

// asideAction returns the kind of action aside (one of sentence's asides)
// tells the reader to take that question did not ask for, "" when none:
// whole, the sentence's own unasked action (Action), when the aside names
// what it acts on; a phone number (hasPhoneNumber) with a verb of calling
// in the aside; an account (hasAccount) in the aside of a sentence with a
// verb of paying. flagged (the passage holds text addressed to an AI)
// counts a paying or calling aside as unasked whatever the question.
func asideAction(question, sentence, aside, whole string, flagged bool) string {
	switch {
	case whole != "" && target(whole, aside):
		return whole
	case hasPhoneNumber(aside) && callVerbRe.MatchString(aside) && (flagged || !askCall.MatchString(question)):
		return ActionCall
	case hasAccount(aside) && payVerbRe.MatchString(sentence) && (flagged || !askPay.MatchString(question) && !(askPayHow.MatchString(question) && payVerbRe.MatchString(question))):
		return ActionPay
	}
	return ""
}

// ActionAside is an aside cut from an answer sentence because it tells
// the reader to act (CutActionAsides).
type ActionAside struct {
	Kind string `json:"kind"` // the kind of action, one of the Action* constants
	Text string `json:"text"` // the aside as the sentence had it, brackets or dashes included
	// Changed: the aside gives a detail its passage announces as changed
	// (CutAnnounced), whatever the question asked.
	Changed bool `json:"changed,omitempty"`
}

// CutActionAsides reads where sentence tells the reader to act. It
// returns sentence with each aside (text.Asides: brackets, dashes) that
// tells the reader to act unasked (asideAction: the sentence's own unasked
// action, a number to call, an account to pay into) replaced by "…"
// (elide), and the asides cut. flagged is whether the passage holds text
// addressed to an AI, which makes any action unasked. withhold is the kind
// of action for which the sentence must not be shown ("" when it may be):
// its own clauses tell the reader to visit a link, run a command or hand
// over credentials unasked (Action, read again without the asides cut),
// or nothing that states a fact (claim.Facts) is left; rest is then
// sentence and cut nil. An attacker weaves "(new RIB from the agency:
// FR76 …)" into the line that gives the rent; an answer about the rent
// gives the rent without it. A number or an account in the sentence's own
// clauses ("the salary is paid into my account 4471 2290 18") is a note's
// record, not read as an action.
func CutActionAsides(question, sentence string, flagged bool) (rest string, cut []ActionAside, withhold string) {
	whole, asked := Action(question, sentence)
	if asked && !flagged {
		whole = ""
	}
	var spans [][2]int
	for _, a := range text.Asides(sentence) {
		if k := asideAction(question, sentence, sentence[a.Start:a.End], whole, flagged); k != "" {
			spans = append(spans, [2]int{a.Start, a.End})
			cut = append(cut, ActionAside{Kind: k, Text: sentence[a.Start:a.End]})
		}
	}
	rest = elide(sentence, spans)
	if whole != "" {
		if k, _ := Action(question, rest); k != "" {
			return sentence, nil, k
		}
	}
	if len(cut) > 0 && len(claim.Facts(rest)) == 0 {
		return sentence, nil, cut[0].Kind
	}
	return rest, cut, ""
}

// elide returns s with each of spans (byte offsets, in order, not
// overlapping) replaced by "…", white space collapsed and no space left
// between "…" and the punctuation after it; s itself when spans is empty.
func elide(s string, spans [][2]int) string {
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		b.WriteString(s[last:sp[0]])
		b.WriteString(" … ")
		last = sp[1]
	}
	b.WriteString(s[last:])
	out := strings.Join(strings.Fields(b.String()), " ")
	for _, p := range []string{".", ",", ";", ":", "!", "?"} {
		out = strings.ReplaceAll(out, "… "+p, "…"+p)
	}
	return out
}

// anyHostRe: a host name in any script, dots between its labels.
var anyHostRe = regexp.MustCompile(`[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+`)

// SpoofedHost reports whether s holds a host name that poses as another:
// one whose letters mix the Latin, Cyrillic and Greek scripts
// (text.MixedScript: "tаp-checkin.com" with a Cyrillic "а" looks like an
// airline's site and is not one, as browsers warn, Unicode TS #39), or
// one that embeds a domain before its own (EmbedsDomain). A link to one is
// never what a question asked for (Action).
func SpoofedHost(s string) bool {
	for _, h := range anyHostRe.FindAllString(s, -1) {
		if text.MixedScript(h) || EmbedsDomain(h) {
			return true
		}
	}
	return false
}

// embeddedTLDs are the top-level domains a phishing host writes before its
// own domain to be read as that address: the generic ones and those of the
// countries whose languages hrag reads. Short ccTLDs that are words
// ("it", "be", "at", "my") are left out: "blog.it-support.com" poses as
// nothing. The value says whether the TLD also opens a registrable label
// before a hyphen ("apple.com-verify.info"): "com" and the countries' codes
// do; "net-", "edu-" and "info-" open names ("net-a-porter.com",
// "edu-sharing.net").
var embeddedTLDs = map[string]bool{"com": true, "net": false, "org": false, "gov": false, "edu": false, "info": false,
	"de": true, "fr": true, "es": true, "pt": true, "nl": true, "uk": true, "br": true, "ch": true}

// EmbedsDomain reports whether host (a host name, any case) holds another
// domain in front of its registrable one, so that it reads as that domain:
// a label of embeddedTLDs after another label of its subdomain
// ("paypal.com.secure-login.net", Chromium's "target embedding" of
// lookalike URLs), or a registrable label that opens with such a TLD and a
// hyphen after a subdomain ("elster-anmeldung.de-portal.info",
// "apple.com-verify.info"; "com" or a country's code only: "net-a-porter"
// and "edu-sharing" are names). A host of the Public Suffix List's domains
// only (golang.org/x/net/publicsuffix) poses as nothing
// ("de.wikipedia.org", "www.bbc.co.uk", "service.gov.uk").
func EmbedsDomain(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if _, icann := publicsuffix.PublicSuffix(host[strings.LastIndexByte(host, '.')+1:]); !icann {
		return false // a file's name ("archive.de-en.txt"), no host
	}
	reg, err := publicsuffix.EffectiveTLDPlusOne(host)
	if err != nil || reg == host {
		return false
	}
	sub := strings.Split(strings.TrimSuffix(host, "."+reg), ".")
	for i := 1; i < len(sub); i++ {
		if _, ok := embeddedTLDs[sub[i]]; ok {
			return true
		}
	}
	label, _, _ := strings.Cut(reg, ".")
	tld, _, hyphen := strings.Cut(label, "-")
	return hyphen && embeddedTLDs[tld] && sub[len(sub)-1] != "www"
}

// fileExtensions are top-level domains that are more often the extension
// of a file name in notes ("README.md", "setup.py", "Makefile.in").
var fileExtensions = map[string]bool{"md": true, "py": true, "sh": true, "rs": true, "pl": true, "pm": true, "zip": true,
	"mov": true, "so": true, "cc": true, "ps": true, "ml": true, "mk": true, "in": true, "am": true, "ac": true, "la": true, "app": true}

// HasLink reports whether s holds a web address: one with a scheme or
// "www.", or a lower-case host name whose suffix is on the Public Suffix
// List's ICANN section (golang.org/x/net/publicsuffix: "parcel-help.com",
// "apk-bevestigen.nl", "gov.uk" hosts) with a label before it, and not a
// file name's usual extension (fileExtensions). Mail addresses do not
// count.
func HasLink(s string) bool {
	if schemeRe.MatchString(s) {
		return true
	}
	for _, m := range hostRe.FindAllStringSubmatch(s, -1) {
		host := m[2]
		tld := host[strings.LastIndexByte(host, '.')+1:]
		if fileExtensions[tld] {
			continue
		}
		if suffix, icann := publicsuffix.PublicSuffix(host); icann && suffix != host {
			return true
		}
	}
	return false
}
