package injection

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Quotations: whether a match is quoted, and whether its sentence reports
// the quotation rather than addresses its reader.

// quoted reports whether a quotation opened in before is still open at
// the start of after.
func quoted(before, after string) bool { return quoteStart(before, after) >= 0 }

// quoteStart returns the offset in before of the mark that opens a
// quotation still open at the start of after, -1 when none is.
func quoteStart(before, after string) int {
	open := -1
	if strings.Count(before, `"`)%2 == 1 {
		open = strings.LastIndex(before, `"`)
	}
	for _, q := range []struct{ open, close string }{{"“„", "”"}, {"«", "»"}, {"‘", "’"}, {"「", "」"}, {"『", "』"}} {
		n := 0
		for _, o := range q.open {
			n += strings.Count(before, string(o))
		}
		if n > strings.Count(before, q.close) {
			open = max(open, strings.LastIndexAny(before, q.open))
		}
	}
	if open >= 0 {
		return open
	}
	// a single quote after a space or bracket opens; one before a space
	// or punctuation closes; inside words it is an apostrophe
	for i := 0; i < len(before); i++ {
		if before[i] != '\'' {
			continue
		}
		prevSpace := i == 0 || strings.IndexByte(" \t\n([", before[i-1]) >= 0
		next := after
		if i+1 < len(before) {
			next = before[i+1:]
		}
		nextSpace := next == "" || strings.IndexByte(" \t\n.,;:!?)", next[0]) >= 0
		switch {
		case open < 0 && prevSpace && !nextSpace:
			open = i
		case open >= 0 && nextSpace:
			open = -1
		}
	}
	return open
}

// reporting are words that report or describe quoted text rather than
// address its reader: verbs of saying, writing and typing, the names of
// the kinds of text that carry attacks (phishing, scam, jailbreak) and of
// tests, in the index's languages; with describing, they make a quotation
// an account.
var reporting = set(`contained contains containing claimed claims asking asks ` +
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
	o := quoteStart(t[ss:st], t[st:])
	if o < 0 {
		return false
	}
	outside := t[ss : ss+o]
	if k := strings.IndexAny(t[st:se], "\"“”»’'」』"); k >= 0 { // the quotation's end, inside the match or after it
		_, n := utf8.DecodeRuneInString(t[st+k:])
		outside += " " + t[st+k+n:se]
	}
	f := fold(outside).s
	return !enactRe.MatchString(f) && slices.ContainsFunc(words(f), func(w string) bool { return describing[w] || reporting[w] })
}

// enactRe finds, outside a quotation, a request to carry it out ("only an
// example: « … » — do it now for real", "aplique o exemplo"): then the
// quotation is an instruction dressed as an account.
var enactRe = regexp.MustCompile(`\b(?:(?:do|run|execute|apply|follow|obey) (?:it|this|that|them)|hazlo|h[aá]galo|ejec[uú]talo|apl[ií]calo|s[ií]guelo|fallo|eseguilo|applicalo|seguilo|fa[cç]a-o|execute-o|aplique|siga-o|voer (?:het |dit )?(?:nu )?(?:echt )?uit|doe het|volg het|mach es|f[uü]hre es aus|befolge es|fais-le|ex[ée]cute-le|applique-le|suis-le|ex[ée]cutez?|f[uü]hre (?:[^ .!?]+ ){0,4}?aus|voer (?:[^ .!?]+ ){0,4}?uit)\b`)
