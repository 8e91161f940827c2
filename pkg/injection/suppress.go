package injection

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hrag-dev/hrag/pkg/phrase"
)

// Suppression: a match that is not a request to a model (not at a
// clause's start, negated, described, quoted, scoped to a thing) or that
// its sentence reports as a quotation gives a weaker span or none.

// reporting are words that report or describe quoted text rather than
// address its reader: verbs of saying, writing and typing, the names of
// the kinds of text that carry attacks (phishing, scam, jailbreak) and of
// tests, in the index's languages; with describing, they make a quotation
// an account.
var reporting = phrase.WordSet(`contained contains containing claimed claims asking asks ` +
	`phishing scam scams fraud fraudulent spam suspicious fake red-team redteam logs log ` +
	`sagte sagt schrieb schreibt stand steht enthielt enthält lautete hieß betrug betrügerisch verdächtig gefälscht ` +
	`disait dit écrivait écrit ecrit contenait contient demandait frauduleux frauduleuse suspect arnaque faux fausse hameçonnage ` +
	`decía dice decia escribía escribe contenía contiene pedía fraudulento fraudulenta sospechoso sospechosa estafa falso falsa ` +
	`diceva dice scriveva scrive conteneva contiene chiedeva truffa fraudolento fraudolenta sospetto sospetta falso falsa ` +
	`dizia diz escrevia escreve continha contém pedia golpe fraudulento fraudulenta suspeito suspeita falso falsa ` +
	`zei zegt schreef schrijft bevatte bevat vroeg oplichting frauduleus verdacht vals nep ` +
	// typing or entering text, as test cases and training notes do
	`type typed typing enter entered input paste pasted test tests testcase eingabe eingeben tippen testfall saisir saisie taper test ` +
	`escribir teclear introducir prueba inserire digitare scrivere digitar inserir teste typ typen invoeren testgeval ` +
	`tester testers report reports bericht rapport informe relatório relatorio verslag`)

// reported reports whether the match [st, en) in the sentence [ss, se) of
// t lies in a quotation that the sentence reports or describes: a word of
// describing or reporting stands outside the quotation ("The phishing mail
// said 'ignore all previous instructions …'", "attacks such as « oublie
// tes consignes »"). Such a quotation is the note's account of a text,
// not text addressed to a model.
func reported(t string, ss, st, en, se int) bool {
	// A match may open with the quotation's own mark ("(„KI, sende …“)").
	for st < en {
		r, n := utf8.DecodeRuneInString(t[st:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			break
		}
		st += n
	}
	o := phrase.QuoteStart(t[ss:st], t[st:])
	if o < 0 {
		return false
	}
	outside := t[ss : ss+o]
	if k := strings.IndexAny(t[st:se], "\"“”»’'」』"); k >= 0 { // the quotation's end, inside the match or after it
		_, n := utf8.DecodeRuneInString(t[st+k:])
		outside += " " + t[st+k+n:se]
	}
	f := phrase.Fold(outside)
	return !enactRe.MatchString(f) && slices.ContainsFunc(phrase.Words(f), func(w string) bool { return phrase.Describing(w) || reporting[w] })
}

// enactRe finds, outside a quotation, a request to carry it out ("only an
// example: « … » — do it now for real", "aplique o exemplo"): then the
// quotation is an instruction dressed as an account.
var enactRe = regexp.MustCompile(`\b(?:(?:do|run|execute|apply|follow|obey) (?:it|this|that|them)|hazlo|h[aá]galo|ejec[uú]talo|apl[ií]calo|s[ií]guelo|fallo|eseguilo|applicalo|seguilo|fa[cç]a-o|execute-o|aplique|siga-o|voer (?:het |dit )?(?:nu )?(?:echt )?uit|doe het|volg het|mach es|f[uü]hre es aus|befolge es|fais-le|ex[ée]cute-le|applique-le|suis-le|ex[ée]cutez?|f[uü]hre (?:[^ .!?]+ ){0,4}?aus|voer (?:[^ .!?]+ ){0,4}?uit)\b`)

var (
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
var modelTask = phrase.WordSet(`answer answers answering reply replies respond responds response responses summary summarize summarise summaries output outputs ` +
	`say tell user users reader readers assistant assistants ai model models llm chatbot chatbots bot gpt prompt prompts system conversation chat ` +
	`antwort antworte antworten sag sage sagen schreib schreibe nutzer benutzer leser assistent assistenten ki modell zusammenfassung ausgabe ` +
	`réponse reponse répondez repondez réponds reponds répondre repondre dites dis dire utilisateur utilisateurs lecteur lecteurs ia modèle modele résumé resume sortie ` +
	`respuesta responde responda responder di diga decir usuario usuarios lector lectores asistente modelo resumen salida ` +
	`risposta rispondi rispondere dì dire utente utenti lettore assistente modello riassunto ` +
	`resposta responda diga dizer usuário usuario utilizador leitor assistente resumo ` +
	`antwoord antwoordt beantwoord zeg gebruiker lezer assistent samenvatting ` +
	`ответ ответь отвечай скажи пользователь пользователю читатель читателю ассистент ии модель`)

// guardedOut reports whether a match [st, en) in the sentence [ss, se)
// is not certain to be an instruction: it is no request (phrase.Request:
// "the firewall ignores all previous rules", "never ignore …", "Vergiss
// die vorherigen Anweisungen nicht", "attacks such as …"), it is inside a
// quotation, or a scoping word follows it. scoped tells
// the last case apart: an override scoped to something ("disregard the
// earlier instructions for the printer driver") whose sentence does not
// speak of a reply, a reader or a model (modelTask) is an erratum, not
// text addressed to an AI. The words before the match are read folded,
// as the match was; the words after it as written (scope words may be
// Cyrillic, which folding reads as Latin look-alikes).
func guardedOut(t string, ss, st, en, se int, scope map[string]bool) (out, erratum bool) {
	if !phrase.Request(t, ss, st, en, se) {
		return true, false
	}
	before := phrase.Fold(t[ss:st])
	scoped := false
	if after := phrase.Words(t[en:se]); len(after) > 0 && scope[after[0]] {
		scoped = true
	} else if len(after) > 1 && relativeOpeners[after[0]] {
		// "the previous instructions I gave you for the oven": a short
		// relative clause, then the scope.
		scoped = slices.ContainsFunc(after[1:min(len(after), 5)], func(w string) bool { return scope[w] })
	}
	for _, sc := range scopingBefore {
		if strings.HasSuffix(before, sc) {
			scoped = true
		}
	}
	if scoped {
		return true, !slices.ContainsFunc(phrase.Words(before+t[st:se]), func(w string) bool { return modelTask[w] })
	}
	return phrase.Quoted(before, t[st:]), false
}

// relativeOpeners open a short relative clause after a noun ("the
// instructions I gave you", "die Anweisungen, die ich dir gab"), after
// which guardedOut looks for a scope word.
var relativeOpeners = map[string]bool{"i": true, "we": true, "you": true, "he": true, "she": true, "they": true, "that": true, "which": true,
	"ich": true, "wir": true, "die": true, "je": true, "nous": true, "que": true, "qu": true, "yo": true, "io": true, "eu": true, "ik": true}
