package answer

import (
	"math"
	"sort"
	"strings"

	"github.com/hrag-dev/hrag/pkg/claim"
	"github.com/hrag-dev/hrag/pkg/retrieve"
	"github.com/hrag-dev/hrag/pkg/text"
)

// excerptGap joins two excerpts of one passage: text was left out between
// them.
const excerptGap = "\n…\n"

// excerptUnit is a unit of a passage (text.UnitSpans: a sentence, a list
// item, a table row) with its estimated tokens and its score for the
// question.
type excerptUnit struct {
	passage    int // index into the passages
	start, end int // byte range in the passage's Content
	tokens     int
	score      float64
	header     [2]int // a table row's header and delimiter rows ([0, 0] if none)
}

// Excerpts returns copies of ps whose Content is cut down to the parts that
// matter for question, within tokens in total (tokens of the embedding
// tokenizer, estimated per unit from the passage's Tokens in proportion to
// its bytes): the units of every passage (text.UnitSpans) are scored by
// the question's topical words they hold (claim.TopicText; words match
// when one is a prefix of the other sharing at least four letters), each
// word weighted by its inverse document frequency over all the units
// (log(1 + N/df)). Each passage keeps its best unit (its first when none
// scores); then units are added best first, and after them the units next
// to a kept one (the sentence before or after often holds the answer that
// a pronoun refers back to), while they fit. A table row brings its header
// and delimiter rows. Kept units stay in their order; runs of them are
// joined by an ellipsis line. Tokens <= 0, or passages that fit whole,
// return ps unchanged. Numbers, paths and lines stay those of the whole
// passage: the quote locator and the claim checks read the whole passage.
func Excerpts(question string, ps []retrieve.Passage, tokens int) []retrieve.Passage {
	total := 0
	for _, p := range ps {
		total += p.Tokens
	}
	if tokens <= 0 || total <= tokens {
		return ps
	}
	terms := topicWords(question)
	var units []excerptUnit
	for i, p := range ps {
		for _, sp := range text.UnitSpans(p.Content) {
			u := excerptUnit{passage: i, start: sp[0], end: sp[1], tokens: max(1, p.Tokens*(sp[1]-sp[0])/max(1, len(p.Content)))}
			u.header = tableHeaderSpan(p.Content, sp[0])
			units = append(units, u)
		}
	}
	scoreUnits(units, ps, terms)

	keep := make([]bool, len(units))
	used := 0
	add := func(k int) {
		if !keep[k] {
			keep[k] = true
			used += units[k].tokens
		}
	}
	// Each passage's best unit (its first on a tie).
	best := map[int]int{}
	for k, u := range units {
		if b, ok := best[u.passage]; !ok || u.score > units[b].score {
			best[u.passage] = k
		}
	}
	for i := range ps {
		if k, ok := best[i]; ok {
			add(k)
		}
	}
	// Then the best units anywhere, then their neighbours, while they fit.
	order := make([]int, len(units))
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(a, b int) bool { return units[order[a]].score > units[order[b]].score })
	for _, k := range order {
		if units[k].score > 0 && !keep[k] && used+units[k].tokens <= tokens {
			add(k)
		}
	}
	for _, k := range order {
		if !keep[k] {
			continue
		}
		for _, n := range []int{k - 1, k + 1} {
			if n >= 0 && n < len(units) && units[n].passage == units[k].passage && !keep[n] && used+units[n].tokens <= tokens {
				add(n)
			}
		}
	}

	out := make([]retrieve.Passage, len(ps))
	copy(out, ps)
	for i := range out {
		var spans [][2]int
		est := 0
		for k, u := range units {
			if u.passage != i || !keep[k] {
				continue
			}
			if u.header != [2]int{} && !covered(spans, u.header) {
				spans = append(spans, u.header)
			}
			spans = append(spans, [2]int{u.start, u.end})
			est += u.tokens
		}
		if len(spans) == 0 {
			continue
		}
		out[i].Content = joinSpans(ps[i].Content, spans)
		out[i].Tokens = est
	}
	return out
}

// scoreUnits sets each unit's score: the idf-weighted count of the
// question's words it holds.
func scoreUnits(units []excerptUnit, ps []retrieve.Passage, terms []string) {
	if len(terms) == 0 {
		return
	}
	has := make([][]bool, len(units))
	df := make([]int, len(terms))
	for k, u := range units {
		words := foldedWords(ps[u.passage].Content[u.start:u.end])
		has[k] = make([]bool, len(terms))
		for j, t := range terms {
			for _, w := range words {
				if text.SameWord(t, w) {
					has[k][j] = true
					df[j]++
					break
				}
			}
		}
	}
	for k := range units {
		for j := range terms {
			if has[k][j] {
				units[k].score += math.Log(1 + float64(len(units))/float64(df[j]))
			}
		}
	}
}

// topicWords returns the folded words of the question's topic
// (claim.TopicText), without duplicates and words under three letters.
func topicWords(question string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range foldedWords(claim.TopicText(question)) {
		if len([]rune(w)) >= 3 && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// foldedWords returns the tokens of s, folded (text.Fold, text.Tokens).
func foldedWords(s string) []string {
	var out []string
	for _, t := range text.Tokens(text.Fold(s).S) {
		out = append(out, t.Text)
	}
	return out
}

// tableHeaderSpan returns the byte range of the header and delimiter rows
// of the pipe table whose body row starts at start (text.TableHeader), else
// [0, 0].
func tableHeaderSpan(content string, start int) [2]int {
	if s, e, ok := text.TableHeader(content, start); ok {
		return [2]int{s, e}
	}
	return [2]int{}
}

// covered reports whether span is one of spans.
func covered(spans [][2]int, span [2]int) bool {
	for _, s := range spans {
		if s == span {
			return true
		}
	}
	return false
}

// joinSpans writes the spans of content in order: spans that touch or are
// separated only by white space are one run, copied verbatim; runs are
// joined by excerptGap.
func joinSpans(content string, spans [][2]int) string {
	sort.Slice(spans, func(a, b int) bool { return spans[a][0] < spans[b][0] })
	var b strings.Builder
	runStart, runEnd := spans[0][0], spans[0][1]
	flush := func() {
		if b.Len() > 0 {
			b.WriteString(excerptGap)
		}
		b.WriteString(strings.TrimSpace(content[runStart:runEnd]))
	}
	for _, s := range spans[1:] {
		if s[0] <= runEnd || strings.TrimSpace(content[runEnd:s[0]]) == "" {
			runEnd = max(runEnd, s[1])
			continue
		}
		flush()
		runStart, runEnd = s[0], s[1]
	}
	flush()
	return b.String()
}
