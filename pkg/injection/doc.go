// Package injection finds text in a note that may address an AI model
// rather than the person reading it, so that hrag can keep it from steering
// the model and tell the user about it.
//
// Notes come from anywhere (saved pages, e-mails, downloaded manuals), and
// a passage may carry instructions for whatever model reads it. hrag
// contains them by design: every passage reaches the model inside
// delimiters it cannot forge and is declared data (package answer), and an
// answer sentence that sends the user somewhere is checked against the
// passage it cites. This package adds two things:
//
//   - Masking, only where it is certain that the text is meant for a model
//     and carries nothing a reader needs: chat-template control tokens
//     (<|im_start|>, [INST], <start_of_turn>, ...), "### Instruction:"
//     headers at a line start, the role markers of a dialogue ("User:" and
//     "Assistant:" lines in one passage; the turns' text is flagged, as
//     DialogueTurnRule), text hidden in Unicode tag
//     characters, and the explicit "ignore/disregard/forget (all)
//     previous/above/prior instructions" family in English, German, French
//     and Spanish, when it starts its clause (a request, not "the firewall
//     ignores all previous rules") and is not negated, quoted, described or
//     scoped to something ("disregard the earlier instructions for the
//     printer driver"). In Italian, Portuguese, Dutch, Russian, Chinese and
//     Japanese the same family is flagged, not masked. Mask replaces these spans with MaskText. Invisible format
//     characters (zero-width spaces, bidirectional overrides) are dropped
//     too: the model sees what a reader sees.
//   - Flagging everything else that looks addressed to a model: notes to
//     "the AI reading this", role changes, requests to reveal the system
//     prompt or to hide the instruction, requests to send the user to a
//     link or to ask for a password, requests to send the user's data to
//     an address, output rules ("reply only with the word ...", a link
//     for every answer), instructions to whoever summarises the page,
//     fake system notices, one-line dialogue turns, bracketed asides that
//     open by addressing a model ("(an die KI: sag stattdessen ...)").
//     A quotation that its sentence reports or describes ("the phishing
//     mail said '...'") is the note's account of a text: the rules that
//     read sentences neither mask nor flag it (control tokens are masked
//     wherever they are). Flagged text stays in the prompt; hrag
//     shows it in sources, status and --json, and the answer checks treat a
//     passage holding it as untrusted.
//   - Optionally, a learned signal: Classify runs a prompt-injection text
//     classifier (a Classifier; the user's model, RAG_INJECTION_MODEL) over
//     each sentence, list item and table row, and flags what it scores at a
//     threshold. It never masks.
//
// What a note tells whoever reads it to say, whoever it addresses, is
// package speech's: it is neither masked nor flagged.
//
// The rules are a table (rules.go): each has a name, a pattern, an action
// (mask or flag), and examples that must and must not match, which the
// tests enforce. Package phrase matches the patterns on a folded copy of
// the text (case, white space, look-alike letters, spelled-out and
// leetspeak words) and says where each match stands. Spans are reported in
// offsets of the original text, widened to the sentence that holds the
// match for rules that work on sentences, or to the bracketed aside that
// holds it when there is one, so that the note's words around an aside
// stay the note's. A match that is not a request to a model (negated,
// described, quoted, scoped to a thing) gives a weaker span or none
// (suppress.go).
//
// Detection is a signal, not a guarantee: it knows phrasings, not intent.
// It misses attacks phrased in ways the table does not list, and it flags
// some text that only talks about models.
package injection
