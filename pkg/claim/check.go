package claim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Reason says why a sentence is not supported (Verdict.Reason).
type Reason string

// Reasons, in the order the checks run.
const (
	NoCitation      Reason = "no_citation"       // (a) it cites no passage the model was shown
	UnsupportedFact Reason = "unsupported_fact"  // (b) a number, date, code, URL, path or e-mail is not in its cited passages
	MissingTerm     Reason = "missing_term"      // (c) an identifier or code of the question is not in its cited passages
	OffQuestion     Reason = "off_question"      // (c) its cited passages hold too few of the question's topical terms
	LowTermSupport  Reason = "low_term_support"  // (c) too few of its terms (weighted by rarity) are in its cited passages
	LowSimilarity   Reason = "low_similarity"    // (d) its embedding is too far from its cited passages'
	WrongType       Reason = "wrong_answer_type" // the question asks for a price or a quantity (claim.Asks) and no sentence of the answer gives one
	Restatement     Reason = "restates_question" // the sentence only repeats the question's words: it answers nothing
)

// Reasons lists every Reason, in the order the checks run.
var Reasons = []Reason{NoCitation, UnsupportedFact, NegationMismatch, UnboundValue, OppositeWord, MissingTerm, OffQuestion, LowTermSupport, LowSimilarity, WrongType, Restatement, VerdictUnsupported, AmbiguousValue}

// Evidence is the text of one or more passages, indexed for the checks.
// Build it with NewEvidence and combine several with Merge.
type Evidence struct {
	text    string          // lower-cased, white space collapsed: for code in backticks
	facts   map[string]bool // normalised fact values ("4 gb", "3-3-2025", "e_bkp_0042", URLs, ...)
	bare    map[string]bool // numeric values that occur without a unit, and every digit run
	withAny map[string]bool // numeric values with any unit
	dates   []date
	tokens  map[string]bool // lower-cased tokens and their parts split at / : @
	terms   map[string]bool // lexemes of the collection's text-search configuration
	// abbrevs are the lower-cased words of three letters or more the text
	// cuts short with a full stop before a digit or a small letter ("ext.
	// 4410", "approx. 5 km"; not a sentence's last word).
	abbrevs []string
	// cells are the data cells of the text's pipe tables, and prose the
	// evidence of the text without them; both nil when it has no table.
	cells []cellRef
	prose *Evidence
}

// NewEvidence indexes a passage: text is everything the reader of the
// passage sees (its content, breadcrumb and title), lexemes its terms as
// the collection's text-search configuration produces them.
func NewEvidence(text string, lexemes []string) *Evidence {
	e := &Evidence{text: normSpace(text), facts: map[string]bool{}, bare: map[string]bool{}, withAny: map[string]bool{},
		tokens: map[string]bool{}, terms: map[string]bool{}}
	// Code in backticks is a fact of its own and, read without the
	// backticks, holds numbers and tokens of its own ("`scale_factor =
	// 0.02`" states 0.02).
	plain := strings.ReplaceAll(text, "`", " ")
	facts := append(Facts(text), Facts(plain)...)
	masked := []byte(plain)
	for _, f := range facts {
		id := f.Kind == Number && identifierSlot(plain, f)
		if id {
			// Its groups are numbers of the text too: a sentence may give
			// "30-4471" without the label that reads it whole.
			for _, run := range digitRuns(f.Text) {
				if n, err := strconv.ParseInt(run, 10, 64); err == nil {
					e.withAny[strconv.FormatInt(n, 10)] = true
				}
			}
		}
		if f.Kind == Number || f.Kind == Date {
			for i := f.Start; i < f.End && i < len(masked); i++ {
				masked[i] = ' '
			}
		}
		for _, v := range f.values {
			e.facts[v] = true
			switch f.Kind {
			case Number:
				num, unit, _ := strings.Cut(v, " ")
				e.withAny[num] = true
				if unit == "" && !id {
					e.bare[num] = true // an identifier's number is no amount in any unit
				}
			case Date:
				var d date
				fmt.Sscanf(v, "%d-%d-%d", &d.y, &d.m, &d.d)
				e.dates = append(e.dates, d)
				if d.y != 0 { // a date's year is a number of the text too ("in 2025")
					e.bare[strconv.Itoa(d.y)], e.withAny[strconv.Itoa(d.y)] = true, true
				}
			}
		}
	}
	// Digits in groups state the number they read as whole, wherever they
	// stand: a sentence may give "Telefon: 0176 1234567" (one number,
	// findGroupedIdentifiers) from a table's cell.
	for _, m := range groupedDigitsRe.FindAllStringSubmatchIndex(plain, -1) {
		e.facts[strings.Join(digitRuns(plain[m[2]:m[3]]), "")+" "] = true
	}
	// Every other run of digits also states its number, for a sentence
	// that gives it without a unit: "8080" of localhost:8080, "50" of an
	// address (not the digits of numbers, whose units must match, nor the
	// day and month of a date). It does not state a quantity: the 30 of
	// 7:30 is not "30 minutes", the 04 of srv04 not "4 GB".
	for _, run := range digitRuns(string(masked)) {
		if n, err := strconv.ParseInt(run, 10, 64); err == nil {
			e.withAny[strconv.FormatInt(n, 10)] = true
		}
	}
	for _, t := range tokens(text) {
		tok := strings.ToLower(text[t[0]:t[1]])
		e.tokens[tok] = true
		e.tokens[normCode(tok)] = true
		for _, part := range strings.FieldsFunc(tok, func(r rune) bool { return r == '/' || r == ':' || r == '@' }) {
			e.tokens[part] = true
		}
	}
	for _, l := range lexemes {
		e.terms[l] = true
	}
	for _, m := range abbrevRe.FindAllStringSubmatch(text, -1) {
		e.abbrevs = append(e.abbrevs, strings.ToLower(m[1]))
	}
	if tables, prose := parseTables(text); len(tables) > 0 {
		e.cells, e.prose = cellRefs(tables), NewEvidence(prose, nil)
	}
	return e
}

// Merge returns the evidence of all of es together (nil entries skipped).
func Merge(es ...*Evidence) *Evidence {
	m := &Evidence{facts: map[string]bool{}, bare: map[string]bool{}, withAny: map[string]bool{}, tokens: map[string]bool{}, terms: map[string]bool{}}
	var texts []string
	for _, e := range es {
		if e == nil {
			continue
		}
		texts = append(texts, e.text)
		for _, dst := range []struct{ to, from map[string]bool }{{m.facts, e.facts}, {m.bare, e.bare}, {m.withAny, e.withAny}, {m.tokens, e.tokens}, {m.terms, e.terms}} {
			for k := range dst.from {
				dst.to[k] = true
			}
		}
		m.dates = append(m.dates, e.dates...)
		m.abbrevs = append(m.abbrevs, e.abbrevs...)
		m.cells = append(m.cells, e.cells...)
	}
	m.text = strings.Join(texts, "\n")
	if len(m.cells) > 0 {
		var prose []*Evidence
		for _, e := range es {
			if e != nil && e.prose != nil {
				prose = append(prose, e.prose)
			} else if e != nil {
				prose = append(prose, e)
			}
		}
		m.prose = Merge(prose...)
	}
	return m
}

func digitRuns(s string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); i++ {
		if i < len(s) && isDigit(s[i]) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, s[start:i])
			start = -1
		}
	}
	return out
}

// Has reports whether the evidence states fact f:
//   - a number: the same value with the same unit, or the value written
//     without a unit (tables put units in headers) where no label names
//     it an identifier (identifierSlot); a number written without a unit
//     matches the value with any unit;
//   - a date: a date of the evidence agrees on every part f gives; a year
//     that the evidence's date lacks must occur in the evidence as a number;
//   - code in backticks: the same text (case and runs of white space
//     ignored) occurs in the evidence;
//   - other codes, URLs, paths and e-mail addresses: the same token
//     (case-insensitive; a version's leading "v" ignored).
func (e *Evidence) Has(f Fact) bool {
	for _, v := range f.values {
		switch f.Kind {
		case Number:
			num, unit, _ := strings.Cut(v, " ")
			if e.facts[v] || e.bare[num] || unit == "" && e.withAny[num] {
				return true
			}
		case Date:
			var d date
			fmt.Sscanf(v, "%d-%d-%d", &d.y, &d.m, &d.d)
			for _, ed := range e.dates {
				if d.m == 0 && d.d != 0 && ed.d == d.d {
					return true // a weekday's day ("mercoledì 4") is any month's
				}
				if ed.m != d.m || d.d != 0 && ed.d != 0 && ed.d != d.d || d.d != 0 && ed.d == 0 {
					continue
				}
				if d.y == 0 || ed.y == d.y || ed.y == 0 && e.bare[strconv.Itoa(d.y)] {
					return true
				}
			}
		case Code:
			if strings.HasPrefix(v, "`") {
				code := v[1:]
				if strings.Contains(e.text, code) {
					return true
				}
				// A backticked word or identifier is checked as a token too.
				if !strings.Contains(code, " ") && e.tokens[normCode(code)] {
					return true
				}
				continue
			}
			if e.tokens[v] || e.facts[v] {
				return true
			}
		default:
			if e.facts[v] || e.tokens[v] {
				return true
			}
		}
	}
	return false
}

// Term is a lexeme of the collection's text-search configuration with its
// document frequency: the number of chunks of the collection holding it.
type Term struct {
	Lexeme string
	DF     int
}

// Question is what the checks need of the question: its text (for its
// identifiers and codes), its topical terms (the lexemes of TopicText) and
// N, the number of chunks in the collection (for the rarity of terms).
// CrossLanguage is set when the question and the passages are in different
// languages: the word checks are then left to a comparison by meaning when
// the caller makes one (Options.MeaningAcrossLanguages), else kept.
type Question struct {
	Text          string
	Terms         []Term
	N             int
	CrossLanguage bool
}

// Sentence is one answer sentence: its text without citation marks, its
// distinct terms with their document frequencies, and its evidence.
type Sentence struct {
	Text  string
	Terms []Term
	// Evidence is what must state every fact of the sentence: the located
	// quotation (with a table's header row when it is a table row), or the
	// cited passages when no quotation was asked for; nil when it cites no
	// shown passage.
	Evidence *Evidence
	// Context is what must hold the question's and the sentence's words:
	// the units around the quotation (text.Unit) with the passage's title
	// and breadcrumb; nil: Evidence.
	Context *Evidence
	// Quote is the passage text the sentence restates (the quotation's
	// units), read clause by clause by Bind; "": not bound.
	Quote string
	// Answer is what must hold the question's identifiers and rare terms
	// and reach its coverage: the contexts of every sentence of the answer
	// (an answer from two passages names the question's subject in one and
	// gives the value in the other); nil: Context.
	Answer *Evidence
}

// Options are the thresholds of the checks.
type Options struct {
	// MinQuestionCoverage is the least share of the question's topical
	// terms that the cited passages must hold (Coverage, in [0, 1]):
	// a sentence cited from passages about something else answers another
	// question. Negative: off.
	MinQuestionCoverage float64
	// MinTermSupport is the least share of the sentence's terms, each
	// weighted by its BM25 idf in the collection, that must occur in the
	// cited passages (weighted K-Precision, in [0, 1]); negative: off.
	MinTermSupport float64
	// MeaningAcrossLanguages says the caller compares a sentence written
	// in another language than its evidence (Question.CrossLanguage), and
	// the question, with the evidence by meaning (the answer layer, with a
	// multilingual embedding model): the checks that compare words
	// (question coverage, the question's rare terms and acronyms, term
	// support, the sentence's own rare terms, table cells, clause
	// matching, polarity and antonyms) are then not applied to it. False:
	// they are, whatever the languages, since nothing else would tie the
	// sentence to the question, and such a sentence passes only when its
	// words are the evidence's and the question's.
	MeaningAcrossLanguages bool
	// MaxRareShare makes a question term rare when at least one and at
	// most this share of the collection's chunks hold it (in [0, 1]; at
	// least one chunk in a small collection): every rare term must be in
	// the cited passages. A term the notes hold but the cited passages do
	// not names something else than what they are about ("the gravel
	// bike" asked, a passage on the road bike cited). A term no chunk holds
	// is not demanded: it may be the reader's word for what the notes say
	// otherwise ("antibiotic" for "penicillin"). Negative: off.
	MaxRareShare float64
	// NoPolarity, NoOpposites and NoQuestionFacts switch off three checks,
	// for evaluation runs that measure what each does: the quote's polarity
	// (polarityMismatch), a question word whose antonym the quote holds
	// instead (oppositeMismatch) and the question's numbers and dates in the
	// quoted text.
	NoPolarity, NoOpposites, NoQuestionFacts bool
}

// Verdict is the outcome of checking one sentence.
type Verdict struct {
	Supported bool    `json:"supported"`
	Reason    Reason  `json:"reason,omitempty"`  // the first check that failed
	Detail    string  `json:"detail,omitempty"`  // what failed, in words
	Support   float64 `json:"term_support"`      // weighted share of the sentence's terms in its evidence
	Coverage  float64 `json:"question_coverage"` // share of the question's topical terms in its evidence
	// Focus is the share of the question's topical terms in the evidence
	// weighted by their BM25 idf, words that name a kind of value ("e-mail
	// address", "price") left out: how much of what the question is about
	// (its rare words, "landlord") the evidence holds, in [0, 1].
	Focus float64 `json:"question_focus"`
}

// Check runs checks (a)-(c) on sentence s for question q; the first that
// fails decides the verdict:
//
//	(a) s cites at least one shown passage;
//	(b) every fact of s (Facts) is in its evidence (Evidence.Has), and one
//	    that its evidence states only in table cells is in a cell whose
//	    row, and column when the row holds other values of its kind, s or
//	    q names (unless across languages; see table.go);
//	    a quoted sentence is bound to its quote (Bind; across languages
//	    only its values, BindValues), and the quote has
//	    the question's polarity (polarityMismatch: a question about what
//	    is not needs a quote that says something negative), and no word of
//	    the question is replaced in the quote by its antonym
//	    (oppositeMismatch, OppositeWord);
//	(c) every identifier, code, number or date of the question (an acronym too, such as
//	    ZFS or UPS, unless across languages or it names a kind of value, as
//	    IP does) is in its evidence, and
//	    every rare topical term of it (Options.MaxRareShare), the
//	    share of the question's topical terms in its evidence (the whole
//	    answer's, s.Answer) reaches opts.MinQuestionCoverage, with at least
//	    one of them in s's own, and the
//	    idf-weighted share of s's terms found in its evidence reaches
//	    opts.MinTermSupport.
//
// "Across languages" is q.CrossLanguage with opts.MeaningAcrossLanguages:
// a sentence in another language than its evidence shares few words with
// it whatever it says, and the caller compares meanings instead; the
// checks that compare words are then skipped. Without that comparison
// they are kept.
//
// (d), semantic similarity, needs the embedding model and is the caller's.
func Check(q Question, s Sentence, opts Options) Verdict {
	if s.Evidence == nil {
		return Verdict{Reason: NoCitation, Detail: "it cites no passage that was shown"}
	}
	// Every signal is measured, whatever fails first, so that evaluation
	// runs can set the thresholds from the same replies.
	ctx := s.Context
	if ctx == nil {
		ctx = s.Evidence
	}
	qctx := s.Answer
	if qctx == nil {
		qctx = ctx
	}
	support, absent := TermSupport(s.Terms, ctx, q.N)
	coverage, uncovered := Coverage(q.Terms, qctx)
	var topical []Term
	for _, t := range q.Terms {
		if !typeWords[t.Lexeme] {
			topical = append(topical, t)
		}
	}
	focus, _ := TermSupport(topical, ctx, q.N)
	v := Verdict{Supported: true, Support: support, Coverage: coverage, Focus: focus}
	across := q.CrossLanguage && opts.MeaningAcrossLanguages
	fail := func(r Reason, detail string) Verdict {
		v.Supported, v.Reason, v.Detail = false, r, detail
		return v
	}
	var missing []string
	for _, f := range Facts(s.Text) {
		if !s.Evidence.Has(f) {
			missing = append(missing, fmt.Sprintf("%q (%s)", f.Text, f.Kind))
		}
	}
	if len(missing) > 0 {
		where := "the cited passages"
		if s.Quote != "" {
			where = "its quote"
		}
		return fail(UnsupportedFact, strings.Join(missing, ", ")+" not in "+where)
	}
	if !across {
		if d := tableMismatches(q, s); d != "" {
			return fail(UnsupportedFact, d)
		}
	}
	if s.Quote != "" && across {
		// Words cannot be compared across languages; values bound to
		// identifiers can.
		if r, d := BindValues(s.Text, s.Quote); r != "" {
			return fail(r, d)
		}
	}
	if s.Quote != "" && !across {
		if r, d := Bind(s.Text, s.Quote); r != "" {
			return fail(r, d)
		}
		if d := polarityMismatch(q.Text, s.Quote); d != "" && !opts.NoPolarity {
			return fail(NegationMismatch, d)
		}
		if d := oppositeMismatch(q.Text, s.Quote); d != "" && !opts.NoOpposites {
			return fail(OppositeWord, d)
		}
	}
	asked := findCodes(q.Text)
	if !opts.NoQuestionFacts {
		asked = append(asked, Facts(q.Text)...)
	}
	for _, f := range asked {
		if f.Kind == Number && !strings.ContainsAny(f.Text, "0123456789") {
			continue // a number in words is a determiner ("the two of us"), or a word of another language ("pressão dos pneus")
		}
		if !qctx.hasAsked(f) && !slices.Contains(missing, fmt.Sprintf("%q", f.Text)) {
			missing = append(missing, fmt.Sprintf("%q", f.Text))
		}
	}
	if !across {
		for _, a := range acronyms(q.Text) {
			if !qctx.hasWord(strings.ToLower(a)) {
				missing = append(missing, fmt.Sprintf("%q", a))
			}
		}
	}
	if len(missing) > 0 {
		return fail(MissingTerm, "the question's "+strings.Join(missing, ", ")+" not in "+where(s))
	}
	if opts.MaxRareShare >= 0 && !across {
		for _, t := range q.Terms {
			if t.DF > 0 && t.DF <= RareDF(opts.MaxRareShare, q.N) && !typeWords[t.Lexeme] && !qctx.terms[t.Lexeme] && !qctx.tokens[t.Lexeme] && !qctx.abbreviates(t.Lexeme) {
				missing = append(missing, fmt.Sprintf("%q", t.Lexeme))
			}
		}
		if len(missing) > 0 {
			return fail(MissingTerm, fmt.Sprintf("the question's rare term(s) %s (stems), which the notes hold, not in %s", strings.Join(missing, ", "), where(s)))
		}
	}
	// The same rule for the sentence's own rare terms: a word that few
	// notes hold, written in the sentence but absent from its cited
	// passages, is a claim they do not make (a person's name joined to
	// another passage's number).
	if opts.MaxRareShare >= 0 && !across {
		for _, t := range s.Terms {
			if t.DF > 0 && t.DF <= RareDF(opts.MaxRareShare, q.N) && !typeWords[t.Lexeme] && !ctx.terms[t.Lexeme] && !ctx.tokens[t.Lexeme] {
				missing = append(missing, fmt.Sprintf("%q", t.Lexeme))
			}
		}
		if len(missing) > 0 {
			return fail(LowTermSupport, fmt.Sprintf("its rare term(s) %s (stems), which the notes hold, not in %s", strings.Join(missing, ", "), where(s)))
		}
	}
	if opts.MinQuestionCoverage >= 0 && !across && coverage < opts.MinQuestionCoverage {
		return fail(OffQuestion, fmt.Sprintf("its cited passages hold only %.0f%% of the question's terms (< %.0f%%); missing: %s",
			100*coverage, 100*opts.MinQuestionCoverage, strings.Join(uncovered, ", ")))
	}
	// Coverage counts the whole answer's quoted text, so that each part of
	// a question about two things may be answered from its own note; a
	// sentence whose own quoted text holds none of the question's terms
	// still answers nothing of it (the alarm code of another note added to
	// an appointment's date).
	if opts.MinQuestionCoverage >= 0 && !across && s.Answer != nil {
		if own, absent := Coverage(q.Terms, ctx); own == 0 && len(absent) > 0 {
			return fail(OffQuestion, fmt.Sprintf("its own quoted text holds none of the question's terms (%s), which other sentences' quotes hold", strings.Join(absent, ", ")))
		}
	}
	if opts.MinTermSupport >= 0 && !across && support < opts.MinTermSupport {
		return fail(LowTermSupport, fmt.Sprintf("only %.0f%% of its terms (by weight) are in the cited passages (< %.0f%%); missing: %s",
			100*support, 100*opts.MinTermSupport, strings.Join(absent, ", ")))
	}
	return v
}

// hasAsked reports whether a fact of the question is in e: as Has, or, for
// a number, each of its digit runs as a number of e (a question's "1,3 and
// 7" is the list 1, 3, 7, not one number).
func (e *Evidence) hasAsked(f Fact) bool {
	if e.Has(f) {
		return true
	}
	if f.Kind != Number {
		return false
	}
	runs := digitRuns(f.Text)
	for _, r := range runs {
		if !e.bare[strings.TrimLeft(r, "0")] && !e.bare[r] {
			return false
		}
	}
	return len(runs) > 0
}

// where names what a sentence was checked against, for messages.
func where(s Sentence) string {
	if s.Quote != "" || s.Context != nil {
		return "the quoted text of the answer (its sentence, list item or table row, section and title)"
	}
	return "the cited passages"
}
