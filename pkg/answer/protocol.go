package answer

import (
	"encoding/json"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hrag-dev/hrag/pkg/text"

	"github.com/hrag-dev/hrag/pkg/llm"
)

// Protocols: how the model was asked to answer (Result.Protocol).
const (
	// ProtocolJSON asks for a JSON object that follows AnswerSchema through
	// the OpenAI response_format (structured outputs): an explicit found
	// flag and the answer as sentences, each with the passages that support
	// it. Small models follow it far better than free text with citations.
	ProtocolJSON = "json_schema"
	// ProtocolText asks for Markdown with [n] citations after each
	// sentence; used when the server rejects response_format.
	ProtocolText = "text"
)

// sentencesProperty is the "sentences" property of AnswerSchema and
// VerdictSchema: up to four sentences, each with the passage that states it
// and that passage's words (the quote).
const sentencesProperty = `    "sentences": {
      "type": "array",
      "maxItems": 4,
      "items": {
        "type": "object",
        "properties": {
          "text": {"type": "string", "maxLength": 400},
          "passage": {"type": "integer"},
          "quote": {"type": "string", "maxLength": 400}
        },
        "required": ["text", "passage", "quote"],
        "additionalProperties": false
      }
    },`

// AnswerSchema is the JSON Schema of a structured answer:
//
//	{"sentences": [{"text": string, "passage": int, "quote": string}, ...], "found": bool}
//
// Each sentence names the passage that states it and quotes that
// passage's words: hrag locates the quotation in the passage (text.Locate)
// and checks the sentence against the located words, never against the
// model's copy; when the quotation is in no passage (small models
// paraphrase it), hrag looks for the unit of a passage that states the
// sentence itself (supportingUnit). found is false when the passages do
// not state the answer (sentences is then empty). The sentences come
// before found, and each sentence's text before its quote: the other
// orders made the small packaged model say "not found" to answerable
// questions (docs/measurements.md, "The answer protocol, measured"). It is
// strict-mode compatible (every property required, no others) and sent as
// raw JSON so that the property order holds.
var AnswerSchema = &llm.Schema{Name: "quoted_answer", Schema: json.RawMessage(`{
  "type": "object",
  "properties": {
` + sentencesProperty + `
    "found": {"type": "boolean"}
  },
  "required": ["sentences", "found"],
  "additionalProperties": false
}`)}

// VerdictSchema is the JSON Schema of the answer to a yes/no question
// (claim.YesNo):
//
//	{"sentences": [{"text", "passage", "quote"}, ...], "verdict": "yes" | "no" | "both" | "not_found"}
//
// The sentences say what the passages state on the question, each with
// its quotation, as in AnswerSchema; the verdict comes after them, so the
// model decides it once it has quoted its evidence. "both": some passages
// say yes and others no; "not_found": the passages do not settle it
// (sentences is then empty).
var VerdictSchema = &llm.Schema{Name: "quoted_verdict", Schema: json.RawMessage(`{
  "type": "object",
  "properties": {
` + sentencesProperty + `
    "verdict": {"type": "string", "enum": ["yes", "no", "both", "not_found"]}
  },
  "required": ["sentences", "verdict"],
  "additionalProperties": false
}`)}

// Verdicts of an answer to a yes/no question (Result.Verdict).
const (
	VerdictYes  = "yes"
	VerdictNo   = "no"
	VerdictBoth = "both" // some passages say yes, others no
)

// VerdictSystemPrompt is the system message of the structured protocol for
// a yes/no question.
const VerdictSystemPrompt = `You answer a yes/no question using only the numbered passages from the user's notes.

Reply with a JSON object:
- "sentences": one to three short sentences saying what the passages state on the question, each with "passage": the number of the passage that states it, and "quote": the words of that passage that state it, copied exactly.
- "verdict": "yes" if the quoted words state that it holds; "no" if they state something that rules it out (another number, date, name or outcome, or its negation); "both" if some passages say yes and others no; "not_found" if the passages do not settle the question, and then "sentences" is empty.

Rules:
1. Use only facts written in the passages. Copy numbers, units, names and codes exactly as written.
2. A passage on the same subject that does not state the asked fact does not settle the question: the verdict is "not_found".
3. ` + dataRule + `
4. Write the sentences in the language of the question.`

// verdictExamples are the worked exchanges of a yes/no question: a yes, a
// no by another number, and a passage on the subject that settles
// nothing.
var verdictExamples = []struct {
	question string
	passages []string
	reply    string
}{
	{"Does the backup job run every night?",
		[]string{"The NAS has 16 GB of RAM.", "The backup job runs every night at 02:00 and keeps 14 copies."},
		`{"sentences": [{"text": "The backup job runs every night at 02:00.", "passage": 2, "quote": "The backup job runs every night at 02:00"}], "verdict": "yes"}`},
	{"Do the notes support the claim that the router has 8 LAN ports?",
		[]string{"The router has 4 LAN ports and one WAN port."},
		`{"sentences": [{"text": "The router has 4 LAN ports.", "passage": 1, "quote": "The router has 4 LAN ports"}], "verdict": "no"}`},
	{"Is the printer still under warranty?",
		[]string{"The printer was bought in March 2023 from the shop in town."},
		`{"sentences": [], "verdict": "not_found"}`},
}

// JSONSystemPrompt is the system message of the structured protocol.
const JSONSystemPrompt = `You answer a question using only the numbered passages from the user's notes.

Reply with a JSON object:
- "sentences": the answer in one to three short sentences, each with "passage": the number of the passage that states it, and "quote": the words of that passage that state it, copied exactly.
- "found": true if the passages state the answer to the question, false if they do not.

Rules:
1. Use only facts written in the passages. Copy numbers, units, names and codes exactly as written.
2. Answer exactly what the question asks about. A fact about something else (another device, code, setting, place or date) is not the answer: then "found" is false.
3. ` + dataRule + `
4. Write the sentences in the language of the question.`

// jsonExamples are worked exchanges placed before the real question
// (few-shot prompting): an answer quoted from the right one of two
// passages, and a near miss (the asked host is not in the table) answered
// with found false. On the bundled QA set, examples raised the model's own
// abstentions on unanswerable questions (docs/measurements.md, "Answers on
// the bundled QA set").
var jsonExamples = []struct {
	question string
	passages []string
	reply    string
}{
	{"Which port does the web server listen on?",
		[]string{"The NAS runs the backup service on port 8200.", "The web server listens on port 8080 behind the proxy."},
		`{"sentences": [{"text": "The web server listens on port 8080.", "passage": 2, "quote": "The web server listens on port 8080 behind the proxy"}], "found": true}`},
	{"What is the IP address of the printer?",
		[]string{"| host | address |\n| nas | 10.0.0.5 |\n| router | 10.0.0.1 |"},
		`{"sentences": [], "found": false}`},
}

// draft is a model's answer before the claim checks.
type draft struct {
	// found is the model's flag; nil when it gave none (plain text, or a
	// reply cut off before it).
	found *bool
	// foundProb is the probability the model gave its "found": true
	// (foundProb); nil without logprobs or that flag.
	foundProb *float64
	sentences []draftSentence
	// structured: the reply was JSON of AnswerSchema's shape; truncated:
	// the JSON ended before it was complete (the sentences read so far
	// are kept, the unfinished one is dropped).
	structured, truncated bool
	// dropped counts the sentences beyond maxSentences, not read.
	dropped int
	// verdict is the answer to a yes/no question (Verdict*), "" when the
	// model gave none; a "not_found" verdict sets found to false instead.
	verdict string
}

type draftSentence struct {
	text  string // without citation marks
	cited []int  // passage numbers as the model gave them, valid or not, in order
	quote string // the passage's words as the model quoted them; "" when it gave none
	// logprob and minLogprob: the mean and least token log-probability
	// of the text as the model wrote it (confidence); nil without logprobs.
	logprob, minLogprob *float64
}

// parseJSON reads a structured answer. It tolerates what servers and small
// models do to JSON: a Markdown code fence or prose around the object, [n]
// marks inside a sentence's text, a reply cut off by max_tokens (the
// complete sentences are kept) and fields in another order. It fails when
// the reply holds no JSON object with a "found" or "sentences" field.
func parseJSON(text string) (draft, error) {
	var d draft
	i := strings.IndexByte(text, '{')
	if i < 0 {
		return d, errors.New("no JSON object in the reply")
	}
	dec := json.NewDecoder(strings.NewReader(text[i:]))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil { // {
		return d, err
	}
	seen := false
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			d.truncated = true
			break
		}
		key, _ := tok.(string)
		switch key {
		case "found":
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				if isEOF(err) {
					d.truncated = true
				}
				goto done
			}
			// true/false, or the same as a string ("false"): a model that
			// breaks the schema is read the cautious way, and anything but
			// a clear true counts as not found.
			b := strings.Trim(strings.ToLower(string(raw)), `" `) == "true"
			d.found, seen = &b, true
		case "verdict":
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				if isEOF(err) {
					d.truncated = true
				}
				goto done
			}
			seen = true
			switch v := strings.Trim(strings.ToLower(string(raw)), `" `); v {
			case VerdictYes, VerdictNo, VerdictBoth:
				d.verdict = v
			default: // not_found, or anything else: the cautious reading
				no := false
				d.found = &no
			}
		case "sentences", "answer":
			seen = true
			if err := readSentences(dec, &d); err != nil {
				goto done
			}
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				d.truncated = isEOF(err) || d.truncated
				goto done
			}
		}
	}
	if _, err := dec.Token(); err != nil && isEOF(err) { // }
		d.truncated = true
	}
done:
	if !seen {
		return d, errors.New(`the reply's JSON has neither "found", "verdict" nor "sentences"`)
	}
	d.structured = true
	return d, nil
}

// readSentences reads the sentences array (or a plain string answer) into
// d, keeping the complete items when the input ends early.
func readSentences(dec *json.Decoder, d *draft) error {
	tok, err := dec.Token()
	if err != nil {
		d.truncated = isEOF(err)
		return err
	}
	switch v := tok.(type) {
	case string: // "answer": "text [1]" from a model that ignored the schema
		d.sentences = append(d.sentences, splitPlain(Printable(v))...)
		return nil
	case json.Delim:
		if v != '[' {
			return errors.New("sentences is not an array")
		}
	default:
		return errors.New("sentences is not an array")
	}
	for dec.More() {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			d.truncated = isEOF(err)
			return err
		}
		if len(d.sentences) >= maxSentences {
			d.dropped++
			continue
		}
		d.sentences = append(d.sentences, sentenceFromJSON(raw)...)
	}
	_, err = dec.Token() // ]
	if err != nil {
		d.truncated = isEOF(err)
	}
	return err
}

// sentenceFromJSON reads one item of the sentences array: an object with
// text and passages, or a bare string (citations then come from [n] marks).
func sentenceFromJSON(raw json.RawMessage) []draftSentence {
	var s struct {
		Text     string            `json:"text"`
		Quote    string            `json:"quote"`
		Passage  json.RawMessage   `json:"passage"`
		Passages []json.RawMessage `json:"passages"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		var str string
		if json.Unmarshal(raw, &str) == nil {
			return splitPlain(Printable(str))
		}
		return nil
	}
	text, marks := stripCitations(Printable(s.Text))
	if r := []rune(text); len(r) > maxSentenceRunes {
		text = string(r[:maxSentenceRunes]) + "…"
	}
	var cited []int
	if len(s.Passage) > 0 {
		s.Passages = append([]json.RawMessage{s.Passage}, s.Passages...)
	}
	for i, p := range s.Passages {
		if i == maxCitations {
			break
		}
		if n, err := strconv.Atoi(strings.Trim(string(p), `"[] `)); err == nil {
			cited = append(cited, n)
		}
	}
	cited = appendNew(cited, marks...)
	if strings.TrimSpace(text) == "" {
		return nil
	}
	quote := Printable(s.Quote)
	if r := []rune(quote); len(r) > maxSentenceRunes {
		quote = string(r[:maxSentenceRunes])
	}
	return []draftSentence{{text: text, cited: cited, quote: quote}}
}

// Limits on what hrag reads of a reply, whatever the server enforced of the
// schema (maxItems 4, maxLength 400): more sentences are dropped with a
// warning, longer ones cut, more citations per sentence ignored.
const (
	maxSentences     = 8
	maxSentenceRunes = 1000
	maxCitations     = 12
)

// ansiRe matches terminal escape sequences: CSI (ESC [ ... final byte),
// OSC (ESC ] ... BEL or ESC \) and two-byte escapes.
var ansiRe = regexp.MustCompile("\x1b\\[[0-?]*[ -/]*[@-~]|\x1b\\][^\x07\x1b]*(\x07|\x1b\\\\)?|\x1b[@-_]?")

// Printable returns s without terminal escape sequences and control
// characters (C0 but tab and newline, DEL, C1): text from a model or a
// note must not move the cursor, clear the screen or hide a warning, and
// a NUL byte cannot go to PostgreSQL.
func Printable(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	s = ansiRe.ReplaceAllString(s, "")
	return strings.Map(func(r rune) rune {
		if isControl(r) {
			return -1
		}
		return r
	}, s)
}

func isControl(r rune) bool {
	return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r >= 0x80 && r < 0xa0
}

func isEOF(err error) bool {
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)
}

func appendNew(list []int, ns ...int) []int {
	for _, n := range ns {
		dup := false
		for _, m := range list {
			dup = dup || m == n
		}
		if !dup {
			list = append(list, n)
		}
	}
	return list
}

var citeRe = regexp.MustCompile(`[ \t]*\[(\s*\d+\s*(?:[,;]\s*\d+\s*)*)\]`)

// stripCitations removes every "[n]" or "[n, m]" mark from text and returns
// the numbers in order of first appearance.
func stripCitations(text string) (string, []int) {
	var nums []int
	out := citeRe.ReplaceAllStringFunc(text, func(m string) string {
		inner := m[strings.IndexByte(m, '[')+1 : len(m)-1]
		for _, part := range strings.FieldsFunc(inner, func(r rune) bool { return r == ',' || r == ';' }) {
			if n, err := strconv.Atoi(strings.TrimSpace(part)); err == nil {
				nums = appendNew(nums, n)
			}
		}
		return ""
	})
	return strings.TrimSpace(out), nums
}

// splitPlain splits a free-text answer into sentences, each with the [n]
// marks inside it or right after its end ("4GB. [1]" cites [1] for "4GB.").
// Lines (Markdown list items) and sentence ends (., !, ? followed by space
// and no lower-case letter) separate sentences; decimals, versions,
// addresses and abbreviations such as "e.g." do not. A Markdown block
// quote line ("> words") right after a sentence is that sentence's
// quotation (the text protocol's form of AnswerSchema's quote).
func splitPlain(text string) []draftSentence {
	var out []draftSentence
	for _, line := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(line); strings.HasPrefix(t, ">") && len(out) > 0 {
			q := strings.Trim(strings.TrimSpace(strings.TrimLeft(t, ">")), `"“”`)
			if last := &out[len(out)-1]; last.quote == "" {
				last.quote = q
			} else {
				last.quote += " " + q
			}
			continue
		}
		line = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "-*•>"))
		if line == "" {
			continue
		}
		for _, s := range sentenceSpans(line) {
			t, cited := stripCitations(s)
			if strings.Trim(t, " .!?") == "" {
				if len(out) > 0 && len(cited) > 0 { // a lone "[1]" after the period
					out[len(out)-1].cited = appendNew(out[len(out)-1].cited, cited...)
				}
				continue
			}
			out = append(out, draftSentence{text: t, cited: cited})
		}
	}
	return out
}

// sentenceSpans cuts a line at its sentence ends (text.SentenceEnds);
// citation groups right after the punctuation stay with the sentence
// before it, and an end that a lower-case word follows after them is no
// end ("4 GB. [1] and more").
func sentenceSpans(line string) []string {
	var out []string
	start := 0
	for _, e := range text.SentenceEnds(line) {
		if e <= start {
			continue
		}
		end := e
		j := skipSpaces(line, end)
		for {
			n := len(citeGroupRe.FindString(line[j:]))
			if n == 0 {
				break
			}
			end = j + n
			j = skipSpaces(line, end)
		}
		if r, _ := utf8.DecodeRuneInString(line[j:]); j < len(line) && unicode.IsLower(r) {
			continue
		}
		out = append(out, strings.TrimSpace(line[start:end]))
		start = end
	}
	if rest := strings.TrimSpace(line[start:]); rest != "" {
		out = append(out, rest)
	}
	return out
}

var citeGroupRe = regexp.MustCompile(`^\[\s*\d+\s*(?:[,;]\s*\d+\s*)*\]`)

func skipSpaces(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}
