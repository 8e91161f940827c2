package answer

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/retrieve"
)

// check runs the claim checks on every sentence of d against the passages
// it cites and fills res.Sentences and res.Citations: (a)-(c) of package
// claim, (d) the embedding similarity when a.MinSimilarity >= 0, and the
// unrequested-action rule, and the answer type (claim.Asks) over the
// whole answer. Terms and their document frequencies come from
// the collection's BM25 statistics.
func (a *Asker) check(ctx context.Context, collection, question string, passages []retrieve.Passage, d draft, res *Result) error {
	texts := make([]string, 0, len(passages)+len(d.sentences))
	for _, p := range passages {
		texts = append(texts, EvidenceText(p))
	}
	for _, s := range d.sentences {
		texts = append(texts, s.text)
	}
	texts = append(texts, question, claim.TopicText(question))
	lexemes, df, n, err := a.Retriever.Store.Lexemes(ctx, collection, texts)
	if err != nil {
		return fmt.Errorf("claim checks: %w", err)
	}
	evidence := make([]*claim.Evidence, len(passages))
	for i := range passages {
		evidence[i] = claim.NewEvidence(texts[i], lexemes[i])
	}
	q := claim.Question{Text: question, N: n}
	for _, l := range lexemes[len(lexemes)-1] {
		q.Terms = append(q.Terms, claim.Term{Lexeme: l, DF: df[l]})
	}
	// verify runs the checks on sentence i citing the passages nums.
	verify := func(i int, text string, nums []int) (claim.Verdict, bool) {
		var cited []*claim.Evidence
		var citedText []string
		for _, c := range nums {
			cited = append(cited, evidence[c-1])
			citedText = append(citedText, passages[c-1].Content)
		}
		cs := claim.Sentence{Text: text}
		if len(cited) > 0 {
			cs.Evidence = claim.Merge(cited...)
		}
		for _, l := range lexemes[len(passages)+i] {
			cs.Terms = append(cs.Terms, claim.Term{Lexeme: l, DF: df[l]})
		}
		qi := q
		qi.CrossLanguage = otherLanguage(question, strings.Join(citedText, "\n"))
		return claim.Check(qi, cs, a.Checks), qi.CrossLanguage
	}
	for i, ds := range d.sentences {
		s := Sentence{Text: ds.text, Passages: []int{}}
		for _, c := range ds.cited {
			if c < 1 || c > len(passages) {
				s.InvalidPassages = appendNew(s.InvalidPassages, c)
				continue
			}
			s.Passages = appendNew(s.Passages, c)
		}
		v, xl := verify(i, ds.text, s.Passages)
		// A sentence that cites passages but is not supported by them may
		// be supported by other shown passages: small models often give the
		// wrong number. It is then cited with the passage that passes every
		// check, the same checks as the model's own citations. A sentence
		// that cites no shown passage at all is not re-cited: check (a).
		if !v.Supported && len(s.Passages) > 0 {
			if nums, v2, xl2, ok := recite(len(passages), v.Focus, func(nums []int) (claim.Verdict, bool) { return verify(i, ds.text, nums) }); ok {
				s.CitedByModel = s.Passages
				s.Passages, v, xl = nums, v2, xl2
			}
		}
		s.Shown, s.Reason, s.Detail, s.TermSupport, s.QuestionCoverage, s.CrossLanguage = v.Supported, string(v.Reason), v.Detail, v.Support, v.Coverage, xl
		if s.Shown && claim.Restates(question, ds.text, lexemes[len(lexemes)-2], lexemes[len(passages)+i]) {
			s.Shown, s.Reason, s.Detail = false, string(claim.Restatement), "it only repeats the question"
		}
		flagged := false
		for _, c := range s.Passages {
			flagged = flagged || len(passages[c-1].Injections) > 0
		}
		if s.Shown {
			if kind, asked := Action(question, ds.text); kind != "" && (!asked || flagged) {
				s.Shown, s.Reason = false, ReasonAction
				s.Detail = fmt.Sprintf("it tells you to %s, which the question did not ask for", kind)
				if flagged {
					s.Detail = fmt.Sprintf("it tells you to %s, citing a passage with text addressed to an AI assistant", kind)
				}
			}
		}
		res.Sentences = append(res.Sentences, s)
	}
	// An answer to a question about a price or a quantity must give one:
	// a true sentence on something else (the storage fee for the price of
	// the tyres, a part number for the price of a battery) is no answer.
	if t := claim.Asks(question); t != "" {
		gives := false
		for _, s := range res.Sentences {
			gives = gives || s.Shown && claim.Gives(t, s.Text)
		}
		for i := range res.Sentences {
			if s := &res.Sentences[i]; s.Shown && !gives {
				s.Shown, s.Reason = false, string(claim.WrongType)
				s.Detail = fmt.Sprintf("the question asks for a %s and no sentence of the answer gives one", t)
			}
		}
	}
	if a.MinSimilarity >= 0 || a.MeasureSimilarity {
		if err := a.similarity(ctx, passages, res); err != nil {
			return err
		}
	}
	for _, s := range res.Sentences {
		if !s.Shown {
			continue
		}
		if s.CitedByModel != nil {
			res.Warnings = append(res.Warnings, fmt.Sprintf("the model cited %v for %q; it is stated in %v, which is cited instead", s.CitedByModel, clip(s.Text, 60), s.Passages))
		}
		for _, n := range s.Passages {
			if !hasCitation(res.Citations, n) {
				p := passages[n-1]
				res.Citations = append(res.Citations, Citation{N: n, Path: p.Path, StartLine: p.StartLine, EndLine: p.EndLine,
					StartPage: p.StartPage, EndPage: p.EndPage, Breadcrumb: p.Breadcrumb})
			}
		}
	}
	return nil
}

// recite looks for one shown passage (numbered 1..shown, tried in rank
// order) that supports a sentence on its own and holds at least the share
// focus of what the question is about that the passages the model cited
// hold (claim.Verdict.Focus: the question's terms weighted by rarity);
// check runs the claim checks for a set of passage numbers. A small model
// that numbers a citation wrong still answers from a passage on the
// question, so the right one covers the question as well; a sentence copied from a passage on something
// else ("Shinkansen tickets cost 14,000 yen", cited from the Iceland
// budget for the Blue Lagoon's tickets) is not re-cited. Pairs are not
// tried: two passages together can hold a sentence's terms and its facts
// about different subjects (a price of one thing, the name of another),
// which the checks cannot tell from a true two-passage claim.
func recite(shown int, focus float64, check func([]int) (claim.Verdict, bool)) ([]int, claim.Verdict, bool, bool) {
	for n := 1; n <= shown; n++ {
		if v, xl := check([]int{n}); v.Supported && v.Focus >= focus {
			return []int{n}, v, xl, true
		}
	}
	return nil, claim.Verdict{}, false, false
}

// clip shortens s to n runes for a message.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// similarity is check (d): each shown sentence, embedded as a query, must
// reach a.MinSimilarity cosine similarity with one of its cited passages,
// embedded as documents (with their breadcrumbs, as indexed). With
// a.MeasureSimilarity it is measured for every sentence that cites a
// passage, and enforced only when a.MinSimilarity >= 0.
func (a *Asker) similarity(ctx context.Context, passages []retrieve.Passage, res *Result) error {
	var texts []string
	for _, p := range passages {
		texts = append(texts, a.Retriever.DocPrefix+EvidenceText(p))
	}
	var idx []int
	for i, s := range res.Sentences {
		if s.Shown || a.MeasureSimilarity && len(s.Passages) > 0 {
			idx = append(idx, i)
			texts = append(texts, a.Retriever.QueryPrefix+s.Text)
		}
	}
	if len(idx) == 0 {
		return nil
	}
	vecs, err := a.Retriever.Embedder.Embed(ctx, texts)
	if err != nil {
		return fmt.Errorf("claim checks: %w", err)
	}
	for k, i := range idx {
		s := &res.Sentences[i]
		best := -1.0
		for _, n := range s.Passages {
			best = max(best, embed.Cosine(vecs[len(passages)+k], vecs[n-1]))
		}
		s.Similarity = &best
		if s.Shown && a.MinSimilarity >= 0 && best < a.MinSimilarity {
			s.Shown, s.Reason = false, string(claim.LowSimilarity)
			s.Detail = fmt.Sprintf("its cosine similarity to the cited passages is %.2f (< %.2f)", best, a.MinSimilarity)
		}
	}
	return nil
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
	return p.Title + "\n" + strings.Trim(p.Breadcrumb, "[]") + "\n" + p.Content
}

// Kinds of action a sentence may tell the reader to take (Action).
const (
	ActionVisit       = "visit a link"
	ActionRun         = "run a command"
	ActionCredentials = "hand over credentials"
)

var (
	// A sentence tells the reader to act: a link with a verb of going
	// there, code or a command with a verb of running it, or a verb of
	// handing over with a secret.
	visitRe = regexp.MustCompile(`(?i)(https?://|www\.|\b[a-z0-9-]+\.(com|net|org|io|info|biz|ru|cn|xyz|top)\b)`)
	goRe    = regexp.MustCompile(`(?i)\b(visit|go to|open|click|log ?in|sign ?in|download|navigate|follow the link|besuche|öffne|klicke|melde|visitez|ouvrez|cliquez|connectez|visita|abre|haz clic)`)
	runRe   = regexp.MustCompile("(?i)(`[^`]+`|\\b(sudo|curl|wget|powershell|iex|bash -c|sh -c|chmod|rm -rf)\\b)")
	runVerb = regexp.MustCompile(`(?i)\b(run|execute|paste|install|enter|type in|führe|führen|exécutez|lancez|ejecuta)\b`)
	credRe  = regexp.MustCompile(`(?i)\b(send|give|share|enter|provide|reply with|e-?mail|forward|type|sende|gib|envoyez|donnez|envía)\b.*\b(password|passphrase|passwort|mot de passe|contraseña|credentials?|pin|login|2fa|one-time code|token|api key|seed phrase|bank details)\b`)
	// What a question asks for when it asks for an action.
	askVisit = regexp.MustCompile(`(?i)\b(url|link|website|web site|site|page|portal|log ?in|sign ?in|download|where (can|do|should) i (find|get|go)|lien|seite|enlace)\b`)
	askRun   = regexp.MustCompile(`(?i)\b(how (do|can|should|would) (i|you|we)|how to|what (should|do|can) i do|what to do|command|run|execute|script|install|fix|repair|solve|resolve|restore|recover|reset|free|clean|steps?|procedure|error|fails?|failed|failing|broken|problem|troubleshoot|wie (kann|mache|soll)|befehl|fehler|comment (faire|puis)|commande|erreur|cómo)\b`)
	askCreds = regexp.MustCompile(`(?i)\b(password|passphrase|passwort|mot de passe|contraseña|credentials?|pin|login|token|api key)\b`)
)

// Action reports whether sentence tells the reader to visit a link, run a
// command or hand over credentials (kind, one of the Action* constants;
// "" when none), and whether question asked for that kind of thing (a
// link; a command, how to do something or what an error means; credentials). Text addressed to
// an AI assistant inside notes asks for exactly these; an answer may carry
// them only when the question asked.
func Action(question, sentence string) (kind string, asked bool) {
	switch {
	case credRe.MatchString(sentence):
		return ActionCredentials, askCreds.MatchString(question)
	case visitRe.MatchString(sentence) && goRe.MatchString(sentence):
		return ActionVisit, askVisit.MatchString(question)
	case runRe.MatchString(sentence) && runVerb.MatchString(sentence):
		return ActionRun, askRun.MatchString(question)
	}
	return "", false
}
