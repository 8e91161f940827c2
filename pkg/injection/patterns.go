package injection

import (
	"github.com/hrag-dev/hrag/pkg/phrase"
)

// The shared parts of the rules' patterns (rules.go): word lists and
// the start literals of rules whose match opens with a mark.

// asideHead opens the aside rule's pattern: an aside's opening wrapper
// (phrase.AsideWrappers; braces also doubled; an element's opening tag), then "to the", "an die", "pour
// l'", … if any.
const asideHead = `(?:[(\[{]{1,2}|/\*|<!--|\|\||<[a-z][a-z0-9_.:-]*(?: [^<>]*)?>|# |// ) ?(?:(?:to|for|an|ans|für|fürs|à|au|aux|pour|para|al|a|per|voor|aan|ao) (?:the|any|die|das|den|der|l'|la|le|les|el|los|il|lo|gli|de|het|o|a) ?)?`

// steerVerb is a verb of giving a value in an answer or passing it on:
// give, say, quote, report, relay, weitergeben, riferire, … in the
// index's languages.
const steerVerb = `give|say|answer|reply|report|quote|mention|tell|state|output|relay|pass on|weitergeben|weitersagen|mitteilen|durchgeben|transmets|transmettez|transmettre|communiquer|riferire|riferisci|riferite|riporta|riportare|comunicare|comunicar|informar|vermelden|doorgeven|noemen|donne|donnez|dis|dites|réponds|répondez|indique|indiquez|cite|citez|mentionne|communique|communiquez|nennt|gib|sag|nenne|antworte|da|di|dé|responde|indica|menciona|cita|dai|dì|rispondi|comunica|dá|diz|responda|geef|zeg|antwoord|noem`

// useVerb is a verb of using, in the imperative, in the index's languages.
const useVerb = `use|usa|usad|usar|usate|usare|usez|utilise|utilisez|utiliser|utiliza|utilizad|utilizar|utilizza|benutze|benutzt|verwende|verwendet|verwenden|nutze|nutzt|gebruik|gebruiken`

// answerVerb is a verb of answering or saying, in the imperative: answer,
// say, réponds, antworte, … in the index's languages.
const answerVerb = `answer|reply|respond|say|réponds|répondez|dis|dites|responde|respónde|resp[oó]ndeme|contesta|contestad|di|rispondi|rispondete|dì|antworte|antwortet|sag|sage|sagt|antwoord|zeg|responda|diga|digam`

// steerObject names the value an answer is told to give: "the new …",
// "this …", "that one", "celui-ci", "dieses Datum", in the index's
// languages.
const steerObject = `the (?:new|correct|real|updated|other) [a-z-]+|th(?:is|at|ese) (?:one|value|code|date|number|slot|time|amount|price|dose|figure)|that one|dieses[a-z]*(?: [a-zäöüß-]+)?|diese[nrm]? [a-zäöüß-]+|diese[nrm]?\b|das neue [a-zäöüß-]+|celui-(?:ci|là)|celle-(?:ci|là)|(?:ce|cette|cet) (?:code|date|numéro|montant|horaire|créneau|prix|valeur)|(?:este|esta|ese|esa) (?:código|fecha|número|importe|horario|precio|valor|dato|cuenta|contraseña|clave)|(?:ese|esa|ése|ésa|éste|ésta)\b|(?:questo|questa|quello|quella) (?:codice|data|numero|importo|orario|prezzo|valore)?|(?:este|esta|esse|essa) (?:código|data|número|valor|horário|preço)|(?:dit|deze|die) (?:nummer|code|datum|bedrag|tijdstip|waarde|gegevens|rekening|wachtwoord)`

// aiName names a model in a field's name; noteName names a note, a
// message or instructions, in the index's languages.
const (
	aiName = `ai|ia|ki|llm|gpt|assistant|assistent|assistente|asistente|bot`
	// summaryName names what a text is to be made into, in a field's
	// name before "for"/"para"/…: "resumen_para_asistente".
	summaryName = `summary|summaries|resumen|resumo|résumé|resume|riassunto|sintesi|zusammenfassung|samenvatting|answer|antwort|réponse|reponse|respuesta|risposta|resposta|antwoord|reply|context|contexto|contesto|kontext|contexte`
	noteName    = `notes?|nota|notiz|hinweis|message|msg|messaggio|mensaje|mensagem|instructions?|istruzion[ei]|anweisung(?:en)?|consignes?|hint|memo|notice|aviso|avviso|prompt|bericht|opmerking`
)

// aiTag is a tag name that names a model: "ai", "llm", "assistant", …
// alone or as a part between '-', '_', '.' or ':' ("note-for-llm",
// "ai_instructions").
const aiTag = `(?:[a-z0-9]+[-_.:])*(?:ai|llm|gpt|chatgpt|model|assistant|bot|ki|ia|copilot|agent)(?:[-_.:][a-z0-9]+)*`

// tagStarts returns the start literals of a tag: "<" before a letter.
func tagStarts() []string { return beforeLetter("<") }

// beforeLetter returns each of openers followed by each lower-case ASCII
// letter: the start literals of a rule whose match opens with a mark
// before a word.
func beforeLetter(openers ...string) []string {
	out := make([]string, 0, 26*len(openers))
	for _, o := range openers {
		for c := 'a'; c <= 'z'; c++ {
			out = append(out, o+string(c))
		}
	}
	return out
}

// clauseStarts returns the start literals of a clause after ':', ';', '(',
// a dash or "--": the mark before a space or a letter.
func clauseStarts() []string {
	marks := []string{":", ";", "(", "—", "–", "--"}
	out := beforeLetter(marks...)
	for _, m := range marks {
		out = append(out, m+" ")
	}
	return out
}

// dashStarts returns the start literals of a clause opened by a dash or
// a quotation mark: "— ", "– ", '"', '“', '„', '«' before a letter.
func dashStarts() []string { return beforeLetter("— ", "– ", `"`, "“", "„", "«", "« ") }

// asideStarts returns the start literals of the aside rule: an aside's
// opening wrapper (phrase.AsideWrappers; braces also doubled), with or without a
// space, before a letter, and "<" before a letter (a tag).
func asideStarts() []string {
	var openers []string
	for _, w := range append(phrase.AsideWrappers, [2]string{"{{", "}}"}) {
		openers = append(openers, w[0], w[0]+" ")
	}
	return append(beforeLetter(openers...), tagStarts()...) // an element's opening tag
}
