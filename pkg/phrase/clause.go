package phrase

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Clauses, words and quotations: what stands before a match.

var (
	negations = WordSet(`not never no don't dont cannot can't won't nicht nie niemals kein keine pas jamais nunca jamás ` +
		`non mai não nao niet nooit geen не никогда`)
	// describing words before a match make it a description or an
	// example, not a request ("attacks such as ...", "the phrase ...").
	describing = WordSet(`like such e.g example examples phrase phrases says said say saying wrote writes written typed asked told ` +
		`attack attacks attacker attackers injection injections jailbreak jailbreaks string strings pattern patterns called titled quote quoted sentence ` +
		`wie etwa beispiel satz angriff angriffe comme exemple attaque attaques como ejemplo frase ataque ataques ` +
		`esempio attacco attacchi exemplo zoals bijvoorbeeld zin aanval aanvallen как например фраза атака атаки ` +
		`beispieltext injektion voorbeeld voorbeeldtekst injectie inyección iniezione injeção injecao`)
	// clauseLeads are words that may come before a request at the start
	// of its clause ("please ignore …", "now disregard …");
	// clauseConjunctions start a clause of their own ("… and forget …").
	clauseLeads = WordSet(`please pls kindly now then so also just bitte jetzt nun dann also sofort plaît plait maintenant puis alors ` +
		`por favor ahora luego entonces favore ora poi adesso subito agora então entao alsjeblieft alstublieft nu dan пожалуйста теперь сейчас затем`)
	clauseConjunctions = WordSet(`and but or und aber oder et mais ou y pero o e ma oppure mas ou en maar of и а но или`)
	// cjkLeads end the text before a request in Chinese or Japanese
	// ("请忽略…", "そして…").
	cjkLeads = []string{"请", "現在", "现在", "然后", "并且", "所以", "那么", "そして", "では", "今から", "まず", "次に", "さあ"}
)

// WordSet returns the words of a list separated by white space as a set.
func WordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// Request reports whether the match [st, en) in the sentence [ss, se) of t
// reads as a request rather than a statement about one: it starts its
// clause (ClauseStart, on the folded text before it, as the match was
// read: "… th3n 4nd 1gn0r3 …" starts a clause with "and"; a subject, an
// auxiliary or a negation before the verb does not: "the firewall ignores
// all previous rules", "never ignore …"), no negation follows it
// ("Vergiss die vorherigen Anweisungen nicht"), and no describing word
// (Describing) comes before it in its sentence. Whether it is quoted is
// Quoted's.
func Request(t string, ss, st, en, se int) bool {
	before := Fold(t[ss:st])
	if !ClauseStart(before) {
		return false
	}
	if after := Words(t[en:se]); len(after) > 0 && negations[after[0]] {
		return false
	}
	return !slices.ContainsFunc(Words(before), Describing)
}

// Describing reports whether w, a lower-case word, makes a phrase after it
// in its sentence a description or an example ("attacks such as …", "the
// phrase …", "er sagte"), in the languages of the rule tables.
func Describing(w string) bool { return describing[w] }

// ClauseStart reports whether a match preceded by before (the start of
// its sentence) begins a clause: nothing but white space, punctuation or
// quote marks comes before it since the last such mark, or only a word that
// leads into a request ("please", "and", "now"; clauseLeads), or, in a
// script written without spaces, a request lead-in (cjkLeads).
func ClauseStart(before string) bool {
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
	w := Words(before)
	if clauseConjunctions[w[len(w)-1]] {
		return true
	}
	if !clauseLeads[w[len(w)-1]] {
		return false
	}
	return ClauseStart(before[:strings.LastIndexFunc(before, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’' })+1])
}

// Words returns the lower-case words of s (letters and digits, with inner
// apostrophes and dots: "don't", "e.g").
func Words(s string) []string {
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

// Quoted reports whether a quotation opened in before is still open at
// the start of after.
func Quoted(before, after string) bool { return QuoteStart(before, after) >= 0 }

// QuoteStart returns the offset in before of the mark that opens a
// quotation still open at the start of after, -1 when none is.
func QuoteStart(before, after string) int {
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
