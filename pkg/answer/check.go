package answer

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/language"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/text"
)

// sentenceCheck is one sentence of the model's draft on its way through
// the checks: where its quotation was found and the texts it is checked
// against.
type sentenceCheck struct {
	draft draftSentence
	out   Sentence
	// n is the passage (1-based) whose words state the sentence, 0 when its
	// quotation was found in no shown passage; span is where.
	n    int
	span text.Span
	// evidence is what must state the sentence's facts (the quotation, a
	// table row with its header); context what must hold its and the
	// question's words (the units around the quotation, with the passage's
	// title and breadcrumb); unit is the quotation's units alone, section
	// the passage's breadcrumb. The three the checks read leave out the
	// passage's disowned text (withoutDisowned); quoted is the unit as the
	// passage has it.
	evidence, context, unit, section, quoted string
	// byHrag: the model's quotation was not found, or did not state the
	// sentence's facts, and span is the unit of
	// the cited passage that hrag found to state the sentence
	// (supportingUnit).
	byHrag bool
	// cited is the text of the first passage the model cited, when the
	// quotation was found in another one; citedTerms its lexemes.
	cited string
	// lexemes of draft.text, evidence and context.
	terms, evidenceTerms, contextTerms, citedTerms []string
}

// check runs the claim checks on every sentence of d and fills
// res.Sentences and res.Citations. Each sentence's quotation is located in
// the passage it cites (text.Locate), or, when the model numbered it
// wrong, in another shown passage, which is then cited instead; a
// sentence whose quotation is found nowhere is removed (ReasonNoQuote). The
// sentence is then checked against the located words (claim.Check with
// the quotation as evidence and its units as context, and claim.Bind),
// then for restating the question, for telling the reader to act
// (Action), and the whole answer for the answer type (claim.Asks); (d),
// the embedding similarity, when a.MinSimilarity >= 0. Terms and their
// document frequencies come from the collection's BM25 statistics.
// measure false leaves out the similarity and verification that only
// measure (MeasureSimilarity, MeasureVerify).
func (a *Asker) check(ctx context.Context, collection, question string, passages []retrieve.Passage, d draft, res *Result, measure bool) error {
	sents, an, err := a.analyse(ctx, collection, question, passages, d)
	if err != nil {
		return err
	}
	for _, sc := range sents {
		a.checkSentence(question, passages, an, sc)
		res.Sentences = append(res.Sentences, sc.out)
	}
	if err := a.checkAnswer(ctx, question, passages, d, sents, res, measure); err != nil {
		return err
	}
	cite(passages, res)
	return nil
}

// checkSentence sets sc.out's verdict: no citation, no located quotation,
// or claim.Check against the located words, then the re-citation, the
// restatement, the repeated injection, the value in an aside
// (claim.AsideValue), the unrequested action rules (CutActionAsides:
// an action that only an aside carries is cut from the sentence instead
// of removing it) and the changed details (CutAnnounced, the same way).
func (a *Asker) checkSentence(question string, passages []retrieve.Passage, an *analysis, sc *sentenceCheck) {
	s := &sc.out
	switch {
	case len(s.Passages) == 0:
		s.Reason, s.Detail = string(claim.NoCitation), "it cites no passage that was shown"
		return
	case sc.n == 0:
		s.Reason, s.Detail = ReasonNoQuote, "its quotation is not in the passages it cites nor in any other shown passage"
		s.UnlocatedQuote = sc.draft.quote
		if strings.TrimSpace(sc.draft.quote) == "" {
			s.Detail = "it gives no quotation, and its own words are not in the passages"
		}
		return
	}
	p := passages[sc.n-1]
	qi := an.q
	var distinct bool
	qi.CrossLanguage, distinct = otherLanguage(question, sc.context, p.Content)
	cs := claim.Sentence{Text: sc.draft.text, Terms: an.terms(sc.draft.text, sc.terms),
		Evidence: claim.NewEvidence(quoteEvidence(p, sc), sc.evidenceTerms),
		Context:  claim.NewEvidence(sc.context, sc.contextTerms), Quote: sc.unit, Answer: an.whole}
	if a.Skip[SkipBind] {
		cs.Quote = ""
	}
	if a.Skip[SkipQuote] { // the whole passage, as before quotes
		cs.Context, cs.Quote, cs.Answer = nil, "", nil
	}
	v := claim.Check(qi, cs, a.claimOptions())
	// Nothing tells the language of a table of items and prices: a French
	// question over it fails the word checks whatever the sentence says.
	// With a multilingual model it may pass as another language, and is
	// then held to the meaning checks and the model's confirmation.
	if !v.Supported && wordsFailed(v.Reason) && !qi.CrossLanguage && a.Checks.MeaningAcrossLanguages && language.Untold(question, sc.context, p.Content) {
		across := qi
		across.CrossLanguage = true
		if w := claim.Check(across, cs, a.claimOptions()); w.Supported {
			v, qi, distinct = w, across, true
		}
	}
	s.Shown, s.Reason, s.Detail, s.TermSupport, s.QuestionCoverage, s.CrossLanguage = v.Supported, string(v.Reason), v.Detail, v.Support, v.Coverage, qi.CrossLanguage
	s.distinctLanguage = distinct
	// Words copied from a passage on something else (the Shinkansen fare,
	// cited from the Iceland budget for the Blue Lagoon's tickets) are not
	// re-cited: the passage where they are must hold as much of what the
	// question is about (claim's Focus) as the one the model cited.
	if s.Shown && sc.cited != "" {
		orig := claim.Check(qi, claim.Sentence{Text: sc.draft.text, Evidence: claim.NewEvidence(sc.cited, sc.citedTerms)}, a.claimOptions())
		if v.Focus < orig.Focus {
			s.Shown, s.Reason = false, string(claim.OffQuestion)
			s.Detail = fmt.Sprintf("its quotation is in passage %d, which holds less of what the question is about than passage %d, which it cited", sc.n, s.CitedByModel[0])
		}
	}
	if s.Shown && !an.yesNo && !a.Skip[SkipRestatement] && claim.Restates(question, sc.draft.text, an.questionTerms, sc.terms) {
		s.Shown, s.Reason, s.Detail = false, string(claim.Restatement), "it only repeats the question"
	}
	if s.Shown {
		if inj, ok := RepeatsInjection(sc.draft.text, cutInjections(p.Injections, s.LeftOut)); ok {
			s.Shown, s.Reason = false, ReasonRepeatsInjection
			s.Detail = fmt.Sprintf("it repeats text of passage %d that addresses an AI assistant (rule %s): %q", sc.n, inj.Rule, clip(inj.Text, 80))
		} else if inj, ok := QuotesInjection(sc.quoted, p.Injections); ok {
			s.Shown, s.Reason = false, ReasonRepeatsInjection
			s.Detail = fmt.Sprintf("its quote is text of passage %d that addresses an AI assistant (rule %s): %q", sc.n, inj.Rule, clip(inj.Text, 80))
		}
	}
	if w := text.SpoofedWords(sc.draft.text); s.Shown && len(w) > 0 {
		s.Shown, s.Reason = false, ReasonLookAlike
		s.Detail = fmt.Sprintf("it gives %q, whose letters mix two scripts that look alike (a Cyrillic or Greek letter among Latin ones), as a forged account, code or link is written to pass for a real one; read passage %d", w[0], sc.n)
	}
	// A line that gives a value and, in an aside, another of its kind
	// states two answers; an attacker's "correction" is written so, and so
	// is an author's update: show neither as the answer. So does a
	// passage whose later paragraph, an update or a pasted message, gives
	// the sentence's value and an earlier one another (UpdatedValue), and
	// one with two lines for one thing (SiblingValue), and one that gives
	// two values side by side, or only the second of two its quoted line
	// gives so (claim.TwoValues, claim.QuotedTwoValues).
	if s.Shown && !a.Skip[SkipAside] {
		if d := claim.AsideValue(sc.draft.text); d != "" {
			s.Shown, s.Reason, s.Detail = false, string(claim.AmbiguousValue), fmt.Sprintf("%s; read passage %d", d, sc.n)
		} else if d := QuotedAsideValue(sc.draft.text, sc.unit); d != "" {
			s.Shown, s.Reason, s.Detail = false, string(claim.AmbiguousValue), fmt.Sprintf("%s; read passage %d", d, sc.n)
		} else if d := an.updateIndex(sc.n, p).value(question, sc.draft.text); d != "" {
			s.Shown, s.Reason, s.Detail = false, string(claim.AmbiguousValue), fmt.Sprintf("%s; read passage %d", d, sc.n)
		} else if d := an.siblingIndex(sc.n, p).value(sc.draft.text); d != "" {
			s.Shown, s.Reason, s.Detail = false, string(claim.AmbiguousValue), fmt.Sprintf("%s; read passage %d", d, sc.n)
		} else if d := claim.TwoValues(question, sc.draft.text); d != "" && !an.yesNo {
			s.Shown, s.Reason, s.Detail = false, string(claim.AmbiguousValue), fmt.Sprintf("%s; read passage %d", d, sc.n)
		} else if d := claim.QuotedTwoValues(question, sc.draft.text, sc.unit); d != "" && !an.yesNo {
			s.Shown, s.Reason, s.Detail = false, string(claim.AmbiguousValue), fmt.Sprintf("%s; read passage %d", d, sc.n)
		}
	}
	if s.Shown {
		flagged := len(p.Injections) > 0
		rest, cut, withhold := CutActionAsides(question, sc.draft.text, flagged)
		detail := fmt.Sprintf("it tells you to %s, which the question did not ask for", withhold)
		if flagged {
			detail = fmt.Sprintf("it tells you to %s, citing a passage with text addressed to an AI assistant", withhold)
		}
		sc.apply(rest, cut, withhold != "", ReasonAction, detail)
	}
	// An account, a number or a link that the passage announces as
	// changed, or gives in a notice that presses the reader to act, is
	// pointed to, not repeated, whatever the question asked.
	if s.Shown {
		rest, cut, withhold := CutAnnounced(sc.draft.text, an.announced(sc.n, p))
		sc.apply(rest, cut, withhold != "", ReasonChangedDetails,
			fmt.Sprintf("it gives details to %s from a notice in passage %d that announces them as changed or presses you to act; confirm them with the sender through a channel you already know", withhold, sc.n))
	}
}

// wordsFailed reports whether r is a check that compares words (the
// question's terms with the evidence, the sentence's with it), which mean
// nothing across languages.
func wordsFailed(r claim.Reason) bool {
	return r == claim.OffQuestion || r == claim.LowTermSupport || r == claim.MissingTerm
}

// apply sets the verdict of an aside rule (CutActionAsides,
// CutAnnounced): withheld with reason and detail, or, when asides were
// cut, rest as the sentence's text and the asides in ActionLeftOut.
func (sc *sentenceCheck) apply(rest string, cut []ActionAside, withheld bool, reason, detail string) {
	switch {
	case withheld:
		sc.out.Shown, sc.out.Reason, sc.out.Detail = false, reason, detail
	case len(cut) > 0:
		sc.draft.text, sc.out.Text = rest, rest
		sc.out.ActionLeftOut = append(sc.out.ActionLeftOut, cut...)
	}
}

// otherDays withholds the shown sentences of res that answer for other
// days of the week than question asks about (claim.OtherDays), unless
// another shown sentence names the day asked, a span or every day.
func otherDays(question string, res *Result) {
	var other []int
	for i, s := range res.Sentences {
		if !s.Shown {
			continue
		}
		if claim.OtherDays(question, s.Text) == "" {
			if claim.NamesWeekday(s.Text) {
				return // a sentence that gives the day asked, or a span
			}
			continue
		}
		other = append(other, i)
	}
	for _, i := range other {
		s := &res.Sentences[i]
		s.Shown, s.Reason, s.Detail = false, string(claim.OffQuestion), claim.OtherDays(question, s.Text)
	}
}

// checkAnswer runs the checks that read the whole answer after each
// sentence's: the least token log-probability, the model's confidence in
// its "found" flag, the yes/no verdict, the
// answer type (a question about a price or a quantity must get one), the
// embedding similarity and the verification prompt.
func (a *Asker) checkAnswer(ctx context.Context, question string, passages []retrieve.Passage, d draft, sents []*sentenceCheck, res *Result, measure bool) error {
	if a.MinLogprob < 0 {
		lowConfidence(a.MinLogprob, res)
	}
	res.FoundProb = d.foundProb
	if a.MinFoundProb > 0 && d.foundProb != nil {
		unsure(a.MinFoundProb, *d.foundProb, res)
	}
	if d.verdict != "" && !a.Skip[SkipVerdict] {
		checkVerdict(question, d.verdict, sents, res)
	}
	// A true sentence on something else (the storage fee for the price of
	// the tyres, a part number for the price of a battery) is no answer,
	// and neither is what the question itself names (claim.Unasked).
	if t := claim.Asks(question); t != "" && !a.Skip[SkipAnswerType] {
		gives := false
		for _, s := range res.Sentences {
			gives = gives || s.Shown && claim.GivesAnswer(question, t, s.Text)
		}
		for i := range res.Sentences {
			if s := &res.Sentences[i]; s.Shown && !gives {
				s.Shown, s.Reason = false, string(claim.WrongType)
				article := "a"
				if strings.ContainsRune("aeio", rune(strings.ToLower(string(t))[0])) {
					article = "an" // an amount, an e-mail address, an IP address
				}
				s.Detail = fmt.Sprintf("the question asks for %s %s and no sentence of the answer gives one", article, t)
			}
		}
	}
	// An answer for other days of the week than the one asked about ("on
	// Sundays" answered with Tuesday's and Saturday's classes) is no
	// answer either, unless a sentence of it gives the day asked.
	if !a.Skip[SkipAnswerType] {
		otherDays(question, res)
	}
	if a.MinSimilarity >= 0 || a.MeasureSimilarity && measure {
		if err := a.similarity(ctx, passages, res); err != nil {
			return err
		}
	}
	if a.Checks.MeaningAcrossLanguages {
		if err := a.crossLanguage(ctx, question, passages, res); err != nil {
			return err
		}
	}
	all := a.Verify || a.MeasureVerify && measure
	if (all || measure && a.VerifyAcrossLanguages && crossShown(res.Sentences)) && a.LLM != nil {
		if err := a.verify(ctx, question, d.verdict, sents, res, all); err != nil {
			return err
		}
	}
	return nil
}

// cite fills res.Citations with the passages the shown sentences cite, in
// order, and warns about each sentence re-cited to where its quotation is
// and each text cut from a sentence (Sentence.LeftOut).
func cite(passages []retrieve.Passage, res *Result) {
	for _, s := range res.Sentences {
		if !s.Shown {
			continue
		}
		if s.CitedByModel != nil {
			res.Warnings = append(res.Warnings, fmt.Sprintf("the model cited %v for %q; its quotation is in %v, which is cited instead", s.CitedByModel, clip(s.Text, 60), s.Passages))
		}
		for _, lo := range s.LeftOut {
			res.Warnings = append(res.Warnings, fmt.Sprintf("passage %v asks whoever reads it to say something (%q): hrag left that out of the answer, where \"…\" stands", s.Passages, clip(lo, 80)))
		}
		for _, c := range s.ActionLeftOut {
			w := fmt.Sprintf("passage %v tells you, in an aside, to %s: hrag left that aside out of the answer, where \"…\" stands; read the passage before you act on it", s.Passages, c.Kind)
			if c.Changed {
				w = fmt.Sprintf("passage %v announces changed details to %s in an aside: hrag left that aside out of the answer, where \"…\" stands; confirm such details with the sender through a channel you already know", s.Passages, c.Kind)
			}
			res.Warnings = append(res.Warnings, w)
		}
		for _, n := range s.Passages {
			if !hasCitation(res.Citations, n) {
				p := passages[n-1]
				res.Citations = append(res.Citations, Citation{N: n, Path: p.Path, StartLine: p.StartLine, EndLine: p.EndLine,
					StartPage: p.StartPage, EndPage: p.EndPage, Breadcrumb: p.Breadcrumb})
			}
		}
	}
}

// bestSpan locates quote in passage (text.LocateAll) and, when it occurs
// more than once, chooses the occurrence whose units (text.Unit) hold the
// most of the question's words: "192.168.50.10" in the table row of the
// NAS rather than in a line about the backups. An approximate match is
// refused when a word it changed or left out (text.Dropped: four letters
// or more, or a digit) is a word of the sentence: "The backup disk is 4
// TB" is not located at "The primary disk is 4 TB".
func bestSpan(question, sentence, passage, quote string) (text.Span, bool) {
	all := text.LocateAll(passage, quote)
	if len(all) == 0 {
		return text.Span{}, false
	}
	if !all[0].Exact {
		said := map[string]bool{}
		for _, t := range text.Tokens(text.Fold(sentence).S) {
			said[t.Text] = true
		}
		for _, w := range text.Dropped(passage, quote, all[0]) {
			if said[w] && (utf8.RuneCountInString(w) >= 4 || strings.ContainsFunc(w, unicode.IsDigit)) {
				return text.Span{}, false
			}
		}
	}
	if len(all) == 1 {
		return all[0], true
	}
	words := map[string]bool{}
	for _, t := range text.Tokens(text.Fold(question).S) {
		if len(t.Text) >= 3 {
			words[t.Text] = true
		}
	}
	best, bestN := all[0], -1
	for _, sp := range all {
		seen := map[string]bool{}
		for _, t := range text.Tokens(text.Fold(text.Unit(passage, sp.Start, sp.End)).S) {
			if words[t.Text] {
				seen[t.Text] = true
			}
		}
		n := len(seen)
		if n > bestN {
			best, bestN = sp, n
		}
	}
	return best, true
}

// supportingUnit finds the unit of passage (text.UnitSpans, widened by
// text.Unit) that states sentence when the model's quotation could not be
// found: a unit that holds every fact of the sentence (claim.Facts) and
// the most of its words (three letters or more), at least one, and at
// least half of them when the sentence states no fact. A fact may stand in
// heading instead (the passage's title and breadcrumb: "PostgreSQL" of "I
// gave PostgreSQL 4GB" is the document's subject, not its sentence's). The
// checks then read the sentence against that unit as against a quotation.
func supportingUnit(sentence, passage, heading string) (text.Span, bool) {
	words := map[string]bool{}
	for _, t := range text.Tokens(text.Fold(sentence).S) {
		if utf8.RuneCountInString(t.Text) >= 3 {
			words[t.Text] = true
		}
	}
	facts := claim.Facts(sentence)
	best, bestN := text.Span{}, 0
	for _, u := range text.UnitSpans(passage) {
		unit := text.Unit(passage, u[0], u[1])
		if !holdsFacts(heading, unit, facts) {
			continue
		}
		seen := map[string]bool{}
		for _, t := range text.Tokens(text.Fold(unit).S) {
			if words[t.Text] {
				seen[t.Text] = true
			}
		}
		n := len(seen)
		if n == 0 || len(facts) == 0 && 2*n < len(words) {
			continue
		}
		if n > bestN {
			best, bestN = text.Span{Start: u[0], End: u[1], Score: float64(n) / float64(max(1, len(words)))}, n
		}
	}
	return best, bestN > 0
}

// holdsFacts reports whether unit, under its passage's heading, holds
// every one of facts (claim.Evidence.Has).
func holdsFacts(heading, unit string, facts []claim.Fact) bool {
	ev := claim.NewEvidence(heading+"\n"+unit, nil)
	for _, f := range facts {
		if !ev.Has(f) {
			return false
		}
	}
	return true
}

// ReasonNoQuote marks a sentence whose quotation (or, when it gave none,
// its own words) is found in no shown passage (text.Locate).
const ReasonNoQuote = "quote_not_found"

// locate finds the sentence's quotation (its own words when the model gave
// none) in the passages it cites, in their order, else in the other shown
// passages, the best located first (exact, then by score): a model that
// numbers a passage wrong still copies its words. A quotation that does not
// hold the sentence's facts (holdsFacts), or is found nowhere, gives way
// to the unit of a cited passage that does (supportingUnit). It sets n, span, the
// texts the checks read and out.Quote; a quotation found in a passage the
// model did not cite makes that passage the citation (out.CitedByModel
// keeps the model's own).
func (sc *sentenceCheck) locate(question string, passages []retrieve.Passage) {
	quote := sc.draft.quote
	if strings.TrimSpace(quote) == "" {
		quote = sc.draft.text
	}
	for _, c := range sc.out.Passages {
		if sp, ok := bestSpan(question, sc.draft.text, passages[c-1].Content, quote); ok {
			sc.n, sc.span = c, sp
			break
		}
	}
	if sc.n == 0 {
		for i, p := range passages {
			sp, ok := bestSpan(question, sc.draft.text, p.Content, quote)
			if ok && (sc.n == 0 || sp.Exact && !sc.span.Exact || sp.Exact == sc.span.Exact && sp.Score > sc.span.Score) {
				sc.n, sc.span = i+1, sp
			}
		}
		if sc.n != 0 {
			sc.out.CitedByModel = sc.out.Passages
			sc.cited = EvidenceText(passages[sc.out.Passages[0]-1])
		}
	}
	if sc.n != 0 {
		// A quotation in the passage that does not state the sentence's
		// facts (the model quoted the NAS's hardware line for its IP
		// address) gives way to the unit of the same passage that does.
		// The checks read the quotation itself (a table row with its
		// header), not the sentence around it: a title line without a full
		// stop runs on into the line after it.
		p := passages[sc.n-1]
		quoted := p.Content[sc.span.Start:sc.span.End]
		if unit := text.Unit(p.Content, sc.span.Start, sc.span.End); text.IsTableRow(unit) {
			quoted = unit
		}
		if !holdsFacts(heading(p), quoted, claim.Facts(sc.draft.text)) {
			if sp, ok := supportingUnit(sc.draft.text, p.Content, heading(p)); ok {
				sc.span, sc.byHrag = sp, true
			}
		}
	}
	if sc.n == 0 {
		// The model's quotation is in no passage (small models paraphrase
		// what they were asked to copy): hrag looks for the unit of a cited
		// passage that states the sentence itself.
		for _, c := range sc.out.Passages {
			if sp, ok := supportingUnit(sc.draft.text, passages[c-1].Content, heading(passages[c-1])); ok {
				sc.n, sc.span, sc.byHrag = c, sp, true
				break
			}
		}
		for i := 0; sc.n == 0 && i < len(passages); i++ {
			if sp, ok := supportingUnit(sc.draft.text, passages[i].Content, heading(passages[i])); ok {
				sc.n, sc.span, sc.byHrag = i+1, sp, true
				sc.out.CitedByModel = sc.out.Passages
				sc.cited = EvidenceText(passages[sc.out.Passages[0]-1])
			}
		}
		if sc.n == 0 {
			return
		}
	}
	sc.out.Passages = []int{sc.n}
	p := passages[sc.n-1]
	sc.unit = text.Unit(p.Content, sc.span.Start, sc.span.End)
	sc.evidence = p.Content[sc.span.Start:sc.span.End]
	if text.IsTableRow(sc.unit) {
		sc.evidence = sc.unit // a row is read with its header
	}
	sc.section = p.Breadcrumb
	shown := sc.evidence
	// Disowned text in the quote (an aside to the model woven into the
	// fact's sentence) states nothing for the note: the checks read the
	// quote without it.
	sc.quoted = sc.unit
	sc.evidence, sc.unit = withoutDisowned(sc.evidence, p.Injections), withoutDisowned(sc.unit, p.Injections)
	sc.context = heading(p) + "\n" + sc.unit
	sc.out.Quote = &Quote{Text: shown, Model: sc.draft.quote, Passage: sc.n, Exact: sc.span.Exact, Score: sc.span.Score,
		StartPage: p.StartPage, EndPage: p.EndPage, FoundByHrag: sc.byHrag}
	if p.StartLine > 0 {
		// The quoted span's lines; a table header repeated before the rows
		// (p.HeaderLines) stands elsewhere in the file.
		first := max(0, strings.Count(p.Content[:sc.span.Start], "\n")-p.HeaderLines)
		span := strings.TrimRight(p.Content[sc.span.Start:sc.span.End], "\n")
		sc.out.Quote.StartLine = min(p.EndLine, p.StartLine+first)
		sc.out.Quote.EndLine = min(p.EndLine, sc.out.Quote.StartLine+strings.Count(span, "\n"))
	}
}

// clip shortens s to n runes for a message.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func hasCitation(cs []Citation, n int) bool {
	for _, c := range cs {
		if c.N == n {
			return true
		}
	}
	return false
}

// EvidenceText is what a passage offers as evidence for the claim checks:
// its title, breadcrumb and content as the model was shown them.
func EvidenceText(p retrieve.Passage) string {
	return heading(p) + "\n" + p.Content
}

// quoteEvidence is what must state the sentence's facts: the located
// quotation under its passage's title and breadcrumb (the section a reader
// sees it in: "I gave PostgreSQL 4GB" quoted from "shared_buffers = 4GB"
// under "PostgreSQL on the home server"); the whole passage when quotes are
// skipped (sc.evidence is then EvidenceText already).
func quoteEvidence(p retrieve.Passage, sc *sentenceCheck) string {
	if sc.unit == "" {
		return sc.evidence
	}
	return heading(p) + "\n" + sc.evidence
}

// heading is a passage's title and breadcrumb, one per line, without the
// text of them that is not the note's own (withoutDisowned: a front
// matter's field to a model that Markdown reads as a heading).
func heading(p retrieve.Passage) string {
	crumb := withoutDisowned(p.Breadcrumb, p.Injections)
	return withoutDisowned(p.Title, p.Injections) + "\n" + strings.TrimSuffix(strings.TrimPrefix(crumb, "["), "]")
}

// claimOptions are the claim checks' options: a.Checks with the checks
// a.Skip switches off.
func (a *Asker) claimOptions() claim.Options {
	o := a.Checks
	o.NoPolarity = o.NoPolarity || a.Skip[SkipPolarity]
	o.NoOpposites = o.NoOpposites || a.Skip[SkipOpposites]
	o.NoQuestionFacts = o.NoQuestionFacts || a.Skip[SkipQuestionFacts]
	return o
}

// crossShown reports whether a shown sentence quotes a passage that is
// certainly in another language than the question (language.Compare).
func crossShown(ss []Sentence) bool {
	return slices.ContainsFunc(ss, func(s Sentence) bool { return s.Shown && s.distinctLanguage })
}
