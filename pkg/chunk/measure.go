package chunk

import "sort"

// Spanner is a Counter that also reports where each token of a text lies:
// the byte range [start, end) of every token (no special tokens), in order,
// from one tokenizer pass, so that len(Spans(s)) == Count(s).
// *tokenize.Tokenizer implements it. With a Spanner, Split sizes the pieces
// of a long paragraph and the overlap tail from one pass over the text
// instead of counting every candidate piece anew; the chunks come out the
// same (see spanCounter), each one still counted exactly.
type Spanner interface {
	Counter
	Spans(text string) [][2]int
}

// rangeCounter returns the number of tokens of text[a:b] for byte offsets
// 0 ≤ a ≤ b ≤ len(text) of one fixed text.
type rangeCounter func(a, b int) int

// exactCounter counts text[a:b] with a tokenizer pass of its own.
func exactCounter(text string, tk Counter) rangeCounter {
	return func(a, b int) int { return tk.Count(text[a:b]) }
}

// spanCounter counts the tokens of one tokenizer pass over the whole text
// (spans, as Spanner.Spans returns them) that lie wholly inside [a, b), in
// O(log n). For tokenizers that split words at white space and punctuation
// before splitting them into sub-words (BERT's WordPiece and the models hrag
// ships), that equals Count(text[a:b]) whenever a and b fall on white space,
// punctuation or CJK characters, which is where sentences and words are cut;
// elsewhere it may differ, and callers count the pieces they keep exactly.
func spanCounter(spans [][2]int) rangeCounter {
	return func(a, b int) int {
		i := sort.Search(len(spans), func(k int) bool { return spans[k][0] >= a })
		j := sort.Search(len(spans), func(k int) bool { return spans[k][1] > b })
		return max(0, j-i)
	}
}
