// Package language tells which language a document is written in, and which
// PostgreSQL text-search configuration analyses it for BM25: the snowball
// configuration of that language (stemming and stop words), or "simple"
// (words as they are) for a language no configuration covers. Detection is
// whatlanggo's (github.com/abadojack/whatlanggo: the script, then character
// trigram profiles of 84 languages); its types stay inside this package.
// The answer checks also ask it whether a question and a quotation differ
// in language, which for texts as short as a question it tells by their
// function words (question.go) before trigrams. Catalan, Basque, Irish and
// Armenian have a PostgreSQL configuration but no whatlanggo profile: their
// documents are taken for a neighbour or not detected.
package language

import (
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/abadojack/whatlanggo"

	hragtext "github.com/hrag-dev/hrag/pkg/text"
)

// Simple is the text-search configuration of a language no snowball
// configuration covers: lower-cased words, no stemming, no stop words.
const Simple = "simple"

// configs maps each language with a PostgreSQL 15 snowball configuration
// to it; every other detected language gets Simple.
var configs = map[whatlanggo.Lang]string{
	whatlanggo.Arb: "arabic", whatlanggo.Dan: "danish", whatlanggo.Nld: "dutch", whatlanggo.Eng: "english",
	whatlanggo.Fin: "finnish", whatlanggo.Fra: "french", whatlanggo.Deu: "german", whatlanggo.Ell: "greek",
	whatlanggo.Hin: "hindi", whatlanggo.Hun: "hungarian", whatlanggo.Ind: "indonesian", whatlanggo.Ita: "italian",
	whatlanggo.Lit: "lithuanian", whatlanggo.Nep: "nepali", whatlanggo.Nob: "norwegian", whatlanggo.Nno: "norwegian",
	whatlanggo.Por: "portuguese", whatlanggo.Ron: "romanian", whatlanggo.Rus: "russian", whatlanggo.Srp: "serbian",
	whatlanggo.Spa: "spanish", whatlanggo.Swe: "swedish", whatlanggo.Tam: "tamil", whatlanggo.Tur: "turkish",
	whatlanggo.Ydd: "yiddish",
}

// MinLetters is the fewest letters a text needs for its language to be
// detected (a Han, kana or Hangul character counts three: a syllable or a
// word, whose script alone tells most); shorter texts (a shopping list, a
// line of settings) keep the collection's configuration.
const MinLetters = 120

// MinConfidence is the confidence whatlanggo must give its answer (its own
// threshold of a reliable answer); below it, as for a file that is mostly
// code or mixes two languages evenly, the text keeps the collection's
// configuration.
const MinConfidence = whatlanggo.ReliableConfidenceThreshold

// SampleRunes is how much of a text is read: the first this many runes.
const SampleRunes = 4000

// Detect returns the language of text, a lower-case English name
// ("german"), and its text-search configuration ("german"; Simple for a
// language without one), or two empty strings when the text has fewer than
// MinLetters letters in its first SampleRunes runes or no language reaches
// MinConfidence.
func Detect(text string) (lang, config string) {
	sample := text
	if n := 0; len(sample) > SampleRunes {
		for i := range sample {
			if n == SampleRunes {
				sample = sample[:i]
				break
			}
			n++
		}
	}
	letters := 0
	for _, r := range sample {
		switch {
		case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul):
			letters += 3
		case unicode.IsLetter(r):
			letters++
		}
	}
	if letters < MinLetters {
		return "", ""
	}
	info := whatlanggo.Detect(sample)
	if info.Confidence < MinConfidence || info.Lang.String() == "" {
		return "", ""
	}
	config = configs[info.Lang]
	if config == "" {
		config = Simple
	}
	return strings.ToLower(info.Lang.String()), config
}

// Configs returns the text-search configurations Detect can return, sorted
// and without repeats.
func Configs() []string {
	out := append(slices.Collect(maps.Values(configs)), Simple)
	slices.Sort(out)
	return slices.Compact(out)
}

// oneLanguageScripts are the scripts (text.Script) that, for whatlanggo,
// one language writes: two texts in one of them are in the same language,
// whatever trigrams of the Latin words they hold (a path, a product name)
// suggest.
var oneLanguageScripts = map[string]bool{hragtext.ScriptJapanese: true, hragtext.ScriptHangul: true,
	hragtext.ScriptGreek: true, hragtext.ScriptHebrew: true, hragtext.ScriptThai: true, hragtext.ScriptHan: true}

// AnswerLanguages returns the languages of a question and of an answer to
// it, English names ("German"), when whatlanggo tells both reliably and
// they differ; two empty strings otherwise (too short to tell, or the same:
// also when the question is written in a script of one language,
// oneLanguageScripts, and so is the answer once its ASCII letters, of
// paths, commands and product names, are left out).
func AnswerLanguages(question, answer string) (q, a string) {
	if qs := hragtext.Script(question); oneLanguageScripts[qs] && hragtext.Script(withoutASCIILetters(answer)) == qs {
		return "", ""
	}
	qi, ai := whatlanggo.Detect(question), whatlanggo.Detect(answer)
	if !qi.IsReliable() || !ai.IsReliable() || qi.Lang == ai.Lang {
		return "", ""
	}
	return qi.Lang.String(), ai.Lang.String()
}

// withoutASCIILetters returns s without its ASCII letters.
func withoutASCIILetters(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x80 && unicode.IsLetter(r) {
			return -1
		}
		return r
	}, s)
}

// Compare reports whether text (a passage, a quotation's context) is in
// another language than question, and whether it is distinctly so, which
// is what may cost a request or remove an answer. Written in different
// scripts (text.Script: most letters Cyrillic against Latin, say, table
// cells included), they always are, distinctly. In one script, the text's
// language is told by its prose's function words (FunctionWordLanguage;
// table rows left out, see prose), else by whatlanggo, when reliable,
// from at least MinProseLetters letters of prose; the question's by its
// function words, else by whatlanggo's best guess from a confidence of
// MinQuestionConfidence. other is distinct when the question's language
// was told by its function words or whatlanggo calls its guess reliable:
// a short question's trigram guess is often wrong ("Which port does
// Jellyfin run on?" is German at 0.64).
func Compare(question, text string) (other, distinct bool) {
	if qs, ts := hragtext.Script(question), hragtext.Script(text); qs != "" && ts != "" && qs != ts {
		return true, true
	}
	t, ok := proseLanguage(text)
	if !ok {
		return false, false
	}
	if ql, ok := FunctionWordLanguage(question); ok {
		return ql != t, ql != t
	}
	qi := whatlanggo.Detect(question)
	other = qi.Confidence >= MinQuestionConfidence && qi.Lang != t
	return other, other && qi.IsReliable()
}

// proseLanguage is text's language as Compare tells it: by the function
// words of its prose (table rows left out), else by whatlanggo, when
// reliable, from at least MinProseLetters letters of prose; ok is false
// when neither tells.
func proseLanguage(text string) (whatlanggo.Lang, bool) {
	p := prose(text)
	if l, ok := FunctionWordLanguage(p); ok {
		return l, true
	}
	if letters(p) >= MinProseLetters {
		if ti := whatlanggo.Detect(p); ti.IsReliable() {
			return ti.Lang, true
		}
	}
	return -1, false
}

// Untold reports whether nothing but a shared word tells that a quotation
// is in its question's language: the question's function words tell its
// language (FunctionWordLanguage), the quotation's own function words do
// not (a table row of items, names and prices), both are in one script,
// and the passage's prose tells nothing or another language. QuoteAgrees
// may then have taken a shared name ("Keflavík") for the question's
// language, and a caller that can compare meanings may try that when the
// word checks fail.
func Untold(question, quote, passage string) bool {
	ql, ok := FunctionWordLanguage(question)
	if !ok {
		return false
	}
	if _, told := functionWordsAgree(ql, quote); told {
		return false
	}
	if qs, ps := hragtext.Script(question), hragtext.Script(passage); qs != "" && ps != "" && qs != ps {
		return false
	}
	pl, told := proseLanguage(passage)
	return !told || pl != ql
}

// letters counts the letters of s.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// MinProseLetters is the least prose, in letters, whose language
// Compare tells (about two sentences).
const MinProseLetters = 80

// MinQuestionConfidence is the whatlanggo confidence from which Compare
// takes a question's best guess.
const MinQuestionConfidence = 0.3

// prose returns text without its table rows (lines that start with '|'):
// a table of names, numbers and addresses has no language, and trigrams
// of "Weber | +49 30 5552841" read as German.
func prose(text string) string {
	var keep []string
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "|") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}
