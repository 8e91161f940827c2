package injection

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Word-level checks of the context of a match: whether it is described
// rather than addressed to the model, whether a negation precedes it, and
// whether a sentence continues an injected instruction. They look at a few
// words, which regexps over the text would do far more slowly.

// set builds a lookup table from space-separated words ('_' joins two-word
// entries: "such_as" is looked up as "such as").
func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[strings.ReplaceAll(w, "_", " ")] = true
	}
	return m
}

var (
	// leadEnds: a match right after these is an example ("attacks such as
	// ignore previous instructions").
	leadEnds = set(`such_as like e.g i.e for_example for_instance namely including z.b zum_beispiel wie_etwa par_exemple por_ejemplo ` +
		`phrase phrases string strings sentence sentences payload payloads pattern patterns words ` +
		`says said saying reads wrote writes written typed contains contain containing contained inserted injected embedded hid hides phrased worded`)
	// causeVerbs + object + "to": "I asked ChatGPT to ...", "tricks the model into ...".
	causeVerbs = set(`asked asks asking told tells telling instructed instructs instructing trick tricks tricked tricking convince convinces convinced convincing ` +
		`force forces forced forcing get gets got getting make makes made making cause causes caused causing let lets letting allow allows allowed allowing`)
	objects     = set(`it him her them chatgpt gpt claude gemini copilot llm llms model models ai bot bots`)
	determiners = set(`the a an my our their his its`)
	// toLeads + "to": "attackers try to ...", "how to ...".
	toLeads  = set(`how tries try trying tried attempt attempts attempting attempted designed meant intended able unable way ways used want wants wanted learn learns learned refuse refuses refused refusing fail fails failed won't`)
	relWords = set(`that which who`)
	relSays  = set(`say says said read reads contain contains contained`)
	// a first- or third-person report earlier in the clause.
	narrSubjects = set(`i we he she they someone somebody people user users attacker attackers researcher researchers author authors`)
	narrVerbs    = set(`wrote sent typed left added posted asked told gave put hid embedded inserted included pasted received found saw got tried used`)
	negations    = set(`not never no nicht nie niemals pas jamais nunca non`)
	// reporting words that introduce a quoted mention.
	reportWords = set(`says say said saying like such_as e.g i.e for_example for_instance phrase phrases string strings sentence sentences word words payload payloads ` +
		`pattern patterns prompt prompts wrote write writes written typed asked asks read reads contains contain containing contained includes include including included ` +
		`called named known_as example examples attack attacks attacker attackers injection injections jailbreak jailbreaks classic typical famous infamous ` +
		`begins_with begin_with starts_with start_with quote quoted message messages comment ` +
		`dit écrit comme exemple texte contient attaque sagt schreibt schrieb wie etwa beispiel satz enthält angriff ` +
		`dice escribe escribió como ejemplo frase texto contiene ataque`)
	// continuation: connectors that may precede the first word of a
	// continuing sentence, and the first words themselves.
	connectors = set(`also and then next finally additionally furthermore moreover instead otherwise afterwards after_that in_addition please kindly now remember important importantly note ps p.s ` +
		`und dann danach anschließend außerdem zusätzlich bitte auch ensuite puis aussi également de_plus enfin et luego después además también y por_favor finalmente`)
	contStarts = set(`tell say reply respond answer write output print include add insert append prepend mention recommend suggest state claim explain inform warn remind ask direct redirect ` +
		`send forward email e-mail visit go open click follow log sign download install run execute call contact enter type paste copy share provide reveal disclose ignore disregard ` +
		`forget do don't never always only make ensure keep use pretend act begin start end stop refuse translate summarise summarize rewrite repeat delete remove describe praise ` +
		`rate insist urge mark treat present list give you your users thank thanks the_user this_is if_the if_asked if_anyone if_someone if_you when_the when_asked when_anyone when_someone when_you ` +
		`sag sage sagen teile teilen antworte antworten schreib schreibe besuche besuchen klicke klicken öffne öffnen lade laden führe führen rufe rufen sende senden schicke gib geben ` +
		`erwähne erwähnen verrate ignoriere vergiss melde melden empfiehl empfehlen nenne du dein deine sie_müssen sie_sollen sie_dürfen der_nutzer danke ` +
		`dis dites réponds répondez écris écrivez indique indiquez informe informez visite visitez clique cliquez ouvre ouvrez télécharge téléchargez exécute exécutez appelle appelez ` +
		`envoie envoyez donne donnez mentionne mentionnez ne tu vous ton ta tes votre vos recommande recommandez demande demandez merci connecte connectez ` +
		`di diga dile dígale responde responda escribe escriba visita haz haga abre abra descarga descargue ejecuta ejecute llama llame envía envíe manda mande da dé menciona mencione ` +
		`no_le no_digas no_diga no_menciones no_mencione no_reveles no_revele debes debe el_usuario inicia inicie pide pida recomienda recomiende indica informa gracias nunca siempre solo`)
)

// words returns the lower-cased words of s (letters and digits, with inner
// apostrophes, dots and hyphens: "don't", "e.g", "e-mail"), in order.
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
			if (r == '\'' || r == '’' || r == '.' || r == '-') && j+size < len(s) {
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

// endsWith reports whether the last words ws end with an entry of m (one
// or two words).
func endsWith(ws []string, m map[string]bool) bool {
	n := len(ws)
	return n >= 1 && m[ws[n-1]] || n >= 2 && m[ws[n-2]+" "+ws[n-1]]
}

// describedLead reports whether the text before a match, within its
// sentence, makes the match a description: it ends with an example marker
// ("such as", "the phrase", "says:"), with "asked ChatGPT to", "tries to" or
// "that says", or holds a narrative report ("I wrote ...").
func describedLead(prefix string) bool {
	ws := words(prefix)
	n := len(ws)
	if n == 0 {
		return false
	}
	if endsWith(ws, leadEnds) {
		return true
	}
	if ws[n-1] == "to" || ws[n-1] == "into" {
		if n >= 2 && toLeads[ws[n-2]] {
			return true
		}
		// cause verb + object (one word, or a determiner and one or two words)
		for k := 2; k <= 4 && k < n; k++ {
			if !causeVerbs[ws[n-1-k]] {
				continue
			}
			obj := ws[n-k : n-1]
			if len(obj) == 1 && (objects[obj[0]] || strings.HasPrefix(obj[0], "gpt")) || len(obj) > 1 && determiners[obj[0]] {
				return true
			}
		}
	}
	if n >= 2 && relWords[ws[n-2]] && relSays[ws[n-1]] {
		return true
	}
	for i, w := range ws {
		if !narrSubjects[w] {
			continue
		}
		for k := i + 1; k <= i+3 && k < n; k++ {
			if narrVerbs[ws[k]] {
				return true
			}
		}
	}
	return false
}

// negated reports whether one of the last two words of prefix is a
// negation ("never ignore", "do not share").
func negated(prefix string) bool {
	ws := words(tail(prefix, 40))
	for k := len(ws) - 1; k >= 0 && k >= len(ws)-2; k-- {
		if negations[ws[k]] || strings.HasSuffix(ws[k], "n't") {
			return true
		}
	}
	return false
}

// reported reports whether the text before a quotation mark introduces a
// quoted mention ("a typical jailbreak begins with", "the prompt said").
func reported(before string) bool {
	ws := words(before)
	for i, w := range ws {
		if reportWords[w] || i+1 < len(ws) && reportWords[w+" "+ws[i+1]] {
			return true
		}
	}
	return false
}

// continuesInstruction reports whether a sentence starts the way an
// injected instruction goes on: after up to three connectors, with an
// imperative or a word that addresses the model or the user (contStarts),
// or with a bare URL.
func continuesInstruction(sentence string) bool {
	t := strings.TrimLeft(sentence, " \t\r\n>*-+•\"'“„«([")
	if strings.HasPrefix(t, "<") {
		t = t[1:]
	}
	if l := strings.ToLower(t); strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "www.") {
		return true
	}
	ws := words(head(t, 80))
	for k := 0; k <= 3 && k < len(ws); k++ {
		w := ws[k]
		if contStarts[w] || k+1 < len(ws) && contStarts[w+" "+ws[k+1]] ||
			strings.HasPrefix(w, "l'utilisat") || strings.HasPrefix(w, "n'") {
			return true
		}
		if !connectors[w] {
			if k+1 < len(ws) && connectors[w+" "+ws[k+1]] {
				ws = append(ws[:k+1:k+1], ws[k+2:]...)
				continue
			}
			return false
		}
	}
	return false
}

// head returns at most the first n bytes of s, on a rune boundary.
func head(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
