package claim

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// personQRe finds a question for a person: "who", "whom" or "whose" (and
// German "wer/wem/wen", French "qui", Spanish "quién") opening it, after
// an optional conjunction or preposition ("and who…", "by whom…"). A
// "who" inside the question is a relative clause ("a pharmacist who
// fails"), which asks for no person.
var personQRe = regexp.MustCompile(`(?i)^[\s\p{P}]*(?:(?:and|so|but|then|okay|ok|und|et|y)[\s,]+)?(?:(?:by|to|with|for|from|of|von|mit|für|par|pour|avec|à|de|por|para|con)\s+)?(?:who|whom|whose|who's|wer|wem|wen|wessen|qui|quién|quien|quiénes|quienes)(?:\s|\?|$)`)

// personNouns are common nouns that name a person or a group of people,
// in English, German, French and Spanish, beyond the agent nouns
// isAgentNoun recognises by their ending.
var personNouns = map[string]bool{}

// notAgents are words ending like an agent noun ("-er", "-or") that are
// none: function words, comparatives of place and time.
var notAgents = map[string]bool{}

// weekdays are the names of the days, capitalised in English but no names
// of people.
var weekdays = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`i me myself we us you he him she her they them someone somebody nobody anyone anybody everyone everybody
		person persons people man men woman women guy guys lady ladies gentleman child children kid kids baby family families couple
		friend friends neighbour neighbours neighbor neighbors colleague colleagues boss staff team crew group committee board council
		company firm business government state church army navy club society association union community tribe clan dynasty
		owner owners landlord landlady tenant tenants parent parents mother father mom mum dad brother sister sibling siblings son daughter
		wife husband partner aunt uncle cousin nephew niece grandmother grandfather grandma grandpa grandparents in-laws
		king queen prince princess emperor empress duke duchess count countess earl lord knight pope bishop priest monk nun saint cardinal
		chef cook nurse doctor dentist vet poet artist student pupil client customer patient resident president agent assistant accountant
		servant merchant tenant mechanic plumber electrician technician official officer soldier general captain chief head mayor
		leute mann frau kind kinder familie freund freundin nachbar nachbarin vater mutter bruder schwester sohn tochter chef chefin
		personne gens homme femme enfant famille ami amie voisin voisine père mère frère sœur fils fille propriétaire
		persona gente hombre mujer niño niña familia amigo amiga vecino vecina padre madre hermano hermana hijo hija dueño dueña`) {
		personNouns[w] = true
	}
	for _, w := range strings.Fields(`after other another never ever however whether rather together either neither under over per her
		later earlier upper lower inner outer further farther former latter water number summer winter order paper letter matter chapter
		center centre corner border register parameter meter metre liter litre timer filter folder error floor door color colour major minor
		interior exterior mirror factor sector vector motor`) {
		notAgents[w] = true
	}
	for _, w := range strings.Fields(`monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun
		montag dienstag mittwoch donnerstag freitag samstag sonntag lundi mardi mercredi jeudi vendredi samedi dimanche
		lunes martes miércoles jueves viernes sábado domingo`) {
		weekdays[w] = true
	}
}

// isAgentNoun reports whether the folded word w names someone by its
// ending: "-er", "-or" (baker, director, volunteers), "-ist", "-ian"
// (pianist, librarian), in words of five letters or more that are not in
// notAgents.
func isAgentNoun(w string) bool {
	w = strings.TrimSuffix(w, "s")
	if utf8.RuneCountInString(w) < 5 || notAgents[w] {
		return false
	}
	for _, suf := range []string{"er", "or", "ist", "ian"} {
		if strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

// givesPerson reports whether sentence names a person or a group: a
// capitalised word (a name: "Maria", "the Normans"; the first word only
// when it is no function word), a personal pronoun, a noun of person
// (personNouns) or an agent noun (isAgentNoun). Numbers, dates, times,
// codes (Facts) and the names of days and months are no names. German
// capitalises every noun, so a German sentence nearly always passes: the
// check can only miss, never remove a German answer wrongly.
func givesPerson(sentence string) bool {
	for _, f := range Facts(sentence) {
		sentence = strings.Replace(sentence, f.Text, " ", 1)
	}
	first := true
	for _, w := range strings.FieldsFunc(sentence, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' && r != '-' }) {
		w = strings.Trim(w, "'’-")
		if w == "" {
			continue
		}
		lw := strings.ToLower(w)
		lw, _, _ = strings.Cut(lw, "'") // Anna's
		lw, _, _ = strings.Cut(lw, "’")
		r, _ := utf8.DecodeRuneInString(w)
		switch {
		case personNouns[lw] || isAgentNoun(lw):
			return true
		case weekdays[lw] || months[lw] != 0:
		case unicode.IsUpper(r) && !(first && stopWords[lw]):
			return true
		}
		first = false
	}
	return false
}
