// Package phrase finds the phrases of a rule table in a note's text and
// says where each one stands, for the packages that decide what such a
// phrase means (package injection: text addressed to a model, and text
// that tells its reader what to say).
//
// A rule (Rule) is a regular expression over a folded copy of the text:
// lower case, runs of white space and e-mail quote markers as one space,
// compatibility forms (full-width letters) and Cyrillic and Greek
// look-alikes as Latin letters, invisible characters removed, words
// spelled out letter by letter joined, and the digits of leetspeak words
// as their letters (Fold), so that one pattern reads the disguises of a
// phrase too. Compile derives from each pattern the literals every match
// starts with and indexes them, and Find tries a pattern only where one
// of them stands at a word's start. Matches are reported in bytes of the
// original text.
//
// A Segmenter answers where a match stands: the head of a line or of a
// sentence, inside code, the sentence or dialogue turn that holds it, the
// aside (brackets, comments, spoilers, elements) or dash clause that
// holds it. ClauseStart, Words and Quoted read the words before a match:
// whether it starts its clause, and whether a quotation is still open.
package phrase
