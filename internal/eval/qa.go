package eval

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// QAItem is one question of a QA set: one line of its JSONL file.
type QAItem struct {
	// Line is the item's 1-based line number in the file (for messages).
	Line int `json:"-"`
	// Question is asked as `hrag ask` would ask it; required, non-blank.
	Question string `json:"question"`
	// Answer is the expected answer in words, for people reading the set
	// and the report; no metric uses it. Optional.
	Answer string `json:"answer,omitempty"`
	// KeyPhrases are strings a correct answer contains; each is looked for
	// case-insensitively in the answer (see PhraseRecall). Optional;
	// answerable questions only.
	KeyPhrases []string `json:"key_phrases,omitempty"`
	// Answerable says whether the notes contain the answer; required.
	Answerable bool `json:"answerable"`
	// Sources are the files that hold the answer, as slash-separated paths
	// relative to the notes root ("homelab/network.md"). Optional;
	// answerable questions only.
	Sources []string `json:"sources,omitempty"`
	// Kind says what sort of question this is, for reading results by
	// kind: for an answerable question KindSingle, KindMultiPassage or
	// KindCrossLanguage, for an unanswerable one KindNearMiss or
	// KindOffTopic. Optional; ignored by the metrics.
	Kind string `json:"kind,omitempty"`
	// Lang is the question's language as an ISO 639-1 code ("de"), for
	// reading results by language. Optional; ignored by the metrics.
	Lang string `json:"lang,omitempty"`
	// Note is a free comment (why a question is a near miss, ...); ignored
	// by the metrics.
	Note string `json:"note,omitempty"`
	// Context are the earlier questions of a conversation, oldest first:
	// they are asked first (answers not graded), and Question follows up
	// on them (answer.Asker.FollowUp). Optional.
	Context []string `json:"context,omitempty"`
	// Answers are the gold answers of an answerable question, several
	// forms allowed ("2.5 billion years ago", "about 2.5 billion years
	// ago"): when present they, not KeyPhrases, decide whether an answer is
	// correct (MatchGold). Optional; answerable questions only.
	Answers []string `json:"answers,omitempty"`
	// Verdict is the settled answer of a yes/no question ("yes" or "no",
	// Verdict*): an answer is correct when it says so first. Optional;
	// answerable questions only.
	Verdict string `json:"verdict,omitempty"`
	// Split is "tune" or "holdout": sets used to choose thresholds keep a
	// part out of the tuning, and `eval answers --split` runs one part.
	Split string `json:"split,omitempty"`
	// Payloads are what a prompt injection planted in the notes wants the
	// answer to say (a URL, a phrase, a false value): an answer that shows
	// one (PayloadShown) is an attack success. Optional, any question.
	Payloads []string `json:"payloads,omitempty"`
	// ID, Claim and TopicSources describe where an item comes from (its id
	// in a public set, the claim a yes/no question asks about, the notes an
	// unanswerable question was written against); ignored by the metrics.
	ID           string   `json:"id,omitempty"`
	Claim        string   `json:"claim,omitempty"`
	TopicSources []string `json:"topic_sources,omitempty"`
}

// Verdicts of a yes/no question (QAItem.Verdict).
const (
	VerdictYes = "yes"
	VerdictNo  = "no"
)

// The kinds of question a QA set may tag with "kind" (QAItem.Kind).
const (
	// KindSingle is an answerable question whose answer is in one passage,
	// asked in the language of its note.
	KindSingle = "single"
	// KindMultiPassage is an answerable question whose answer needs a fact
	// from each of two passages: two files, or two sections under different
	// headers of one file (a chunk never spans a header).
	KindMultiPassage = "multi_passage"
	// KindCrossLanguage is an answerable question asked in another language
	// than the note that holds the answer.
	KindCrossLanguage = "cross_language"
	// KindNearMiss is an unanswerable question close to what the notes
	// hold: the asked entity is absent but a neighbouring one is present
	// (another host's address, another error code, another attribute of a
	// present entity).
	KindNearMiss = "near_miss"
	// KindOffTopic is an unanswerable question on a subject the notes do
	// not cover at all.
	KindOffTopic = "off_topic"
	// KindSQuAD2 is a question of a public reading-comprehension set with
	// adversarially written unanswerable questions (SQuAD 2.0 style),
	// answerable or not.
	KindSQuAD2 = "squad2"
	// KindClaim is a yes/no question on whether the notes support a claim,
	// answerable (with a Verdict) or not (the notes do not settle it).
	KindClaim = "claim"
	// KindFollowUp is a question that leans on the earlier ones of its
	// conversation (QAItem.Context: a pronoun, a left-out subject),
	// answerable or not.
	KindFollowUp = "follow_up"
	// KindTopicChange is an answerable question complete on its own, asked
	// after questions on another note: a rewrite must leave it alone.
	KindTopicChange = "topic_change"
	// KindSelfContained is an answerable question complete on its own,
	// asked after questions on the same subject.
	KindSelfContained = "self_contained"
)

// anyKinds are the kinds for answerable and unanswerable questions alike.
var anyKinds = map[string]bool{KindSQuAD2: true, KindClaim: true, KindFollowUp: true}

// Splits of a QA set (QAItem.Split).
const (
	SplitTune    = "tune"
	SplitHoldout = "holdout"
)

// qaKinds maps the valid values of QAItem.Kind to whether each is for
// answerable questions.
var qaKinds = map[string]bool{
	KindSingle:        true,
	KindMultiPassage:  true,
	KindCrossLanguage: true,
	KindTopicChange:   true,
	KindSelfContained: true,
	KindNearMiss:      false,
	KindOffTopic:      false,
}

// LoadQA reads a QA set: a JSONL file with one JSON object per line, fields
// question, answer, key_phrases, answerable, sources, kind and note as in
// QAItem (blank lines are skipped). Errors name the file and line: invalid
// JSON, an unknown field, a missing "answerable", a blank question or key
// phrase, a question asked twice, key phrases or sources on an unanswerable
// question, a kind that is unknown or does not fit "answerable" ("single",
// "multi_passage" and "cross_language" are for answerable questions,
// "near_miss" and "off_topic" for unanswerable ones), a source path that is
// absolute, uses backslashes or leaves the root (".."), and a file without
// questions.
func LoadQA(file string) ([]QAItem, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	items, err := ReadQA(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return items, nil
}

// ReadQA parses a QA set from r as LoadQA does; errors about one line
// start with "line N: ".
func ReadQA(r io.Reader) ([]QAItem, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	var items []QAItem
	seen := map[string]int{}
	for line := 1; sc.Scan(); line++ {
		raw := bytes.TrimSpace(sc.Bytes())
		if len(raw) == 0 {
			continue
		}
		item, err := parseQAItem(raw)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		item.Line = line
		if first, ok := seen[item.Question]; ok {
			return nil, fmt.Errorf("line %d: question %q is already asked on line %d", line, item.Question, first)
		}
		seen[item.Question] = line
		items = append(items, item)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, errors.New("no questions")
	}
	return items, nil
}

func parseQAItem(raw []byte) (QAItem, error) {
	var v struct {
		QAItem
		Answerable *bool `json:"answerable"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return QAItem{}, fmt.Errorf("not a QA object: %w", err)
	}
	if dec.More() {
		return QAItem{}, errors.New("more than one JSON value on the line")
	}
	item := v.QAItem
	item.Question = strings.TrimSpace(item.Question)
	switch {
	case v.Answerable == nil:
		return item, errors.New(`"answerable" (true or false) is required`)
	case item.Question == "":
		return item, errors.New(`"question" is empty`)
	}
	item.Answerable = *v.Answerable
	if !item.Answerable && (len(item.KeyPhrases) > 0 || len(item.Sources) > 0 || len(item.Answers) > 0 || item.Verdict != "") {
		return item, errors.New("an unanswerable question has no key phrases, sources, answers or verdict")
	}
	if item.Verdict != "" && item.Verdict != VerdictYes && item.Verdict != VerdictNo {
		return item, fmt.Errorf("verdict %q: want %q or %q", item.Verdict, VerdictYes, VerdictNo)
	}
	if item.Split != "" && item.Split != SplitTune && item.Split != SplitHoldout {
		return item, fmt.Errorf("split %q: want %q or %q", item.Split, SplitTune, SplitHoldout)
	}
	for _, a := range item.Answers {
		if NormalizeAnswer(a) == "" {
			return item, fmt.Errorf("gold answer %q is empty once normalised", a)
		}
	}
	if item.Kind != "" {
		forAnswerable, ok := qaKinds[item.Kind]
		switch {
		case anyKinds[item.Kind]:
		case !ok:
			return item, fmt.Errorf("unknown kind %q: want %s, %s, %s, %s, %s, %s, %s, %s, %s or %s", item.Kind,
				KindSingle, KindMultiPassage, KindCrossLanguage, KindNearMiss, KindOffTopic, KindSQuAD2, KindClaim, KindFollowUp, KindTopicChange, KindSelfContained)
		case forAnswerable && !item.Answerable:
			return item, fmt.Errorf("kind %q is for answerable questions", item.Kind)
		case !forAnswerable && item.Answerable:
			return item, fmt.Errorf("kind %q is for unanswerable questions", item.Kind)
		}
	}
	if item.Lang != "" && !isLangCode(item.Lang) {
		return item, fmt.Errorf("lang %q: want an ISO 639-1 code, two lower-case letters (\"de\")", item.Lang)
	}
	for _, p := range item.KeyPhrases {
		if strings.TrimSpace(p) == "" {
			return item, errors.New("empty key phrase")
		}
	}
	for i, s := range item.Sources {
		clean := path.Clean(s)
		if s == "" || strings.Contains(s, `\`) || path.IsAbs(s) || filepath.IsAbs(s) || clean == "." || clean == ".." || strings.HasPrefix(clean, "../") {
			return item, fmt.Errorf("source %q: want a slash-separated path relative to the notes root", s)
		}
		item.Sources[i] = clean
	}
	return item, nil
}

// isLangCode reports whether s has the form of an ISO 639-1 code: two
// ASCII lower-case letters.
func isLangCode(s string) bool {
	return len(s) == 2 && 'a' <= s[0] && s[0] <= 'z' && 'a' <= s[1] && s[1] <= 'z'
}
