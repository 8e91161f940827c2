package eval

import (
	"math"
	"testing"
)

// TestMatchGold pins SQuAD's normalisation and token F1 (values from the
// official script's definition) and the evaluation's own rules: a
// negated answer is not correct, and a yes/no question is settled by the
// answer's first word. Mutations that fail it: dropping the article
// removal (the first case), the negation rule (the "not" case), or
// comparing the verdict to the last word.
func TestMatchGold(t *testing.T) {
	if got := NormalizeAnswer("The  Normans' conquest, in 1066!"); got != "normans conquest in 1066" {
		t.Errorf("NormalizeAnswer = %q", got)
	}
	// prediction "in 1066 by the Normans" vs gold "1066": 1 common token,
	// precision 1/4, recall 1 → F1 0.4.
	if f := TokenF1("in 1066 by the Normans", "1066"); math.Abs(f-0.4) > 1e-9 {
		t.Errorf("TokenF1 = %v, want 0.4", f)
	}
	for _, c := range []struct {
		answer string
		golds  []string
		want   bool
	}{
		{"The Normans conquered England in 1066.", []string{"1066", "in 1066"}, true},
		{"It began about 2.5 billion years ago.", []string{"2.5 billion years ago"}, true},
		{"Oxygen accumulated during the Great Oxygenation Event, 2.5 billion years ago.", []string{"2.5 billion years ago during the Great Oxygenation Event"}, true},
		{"The Normans did not conquer England in 1066.", []string{"1066"}, false},
		{"It was 1067.", []string{"1066"}, false},
		// A currency sign written against the number.
		{"The bill for January is £187.42 [1].", []string{"187.42"}, true},
		{"The rent is €1,350 a month.", []string{"1,350"}, true},
		{"The rent is €11,350 a month.", []string{"1,350"}, false},
		{"The war ended in 1763 with the Treaty of Paris.", []string{"Treaty of Paris"}, true},
		{"It is not allowed.", []string{"not allowed"}, true},
		// The negation's reach ends with its clause.
		{"It was in 1066. It was not the first invasion.", []string{"1066"}, true},
		{"In 1066; the Saxons did not expect it.", []string{"1066"}, true},
		{"Not in 1066, as often said.", []string{"1066"}, false},
		// A gold answer with an abbreviation's period spans two clauses.
		{"He was born in St. Louis [1].", []string{"St. Louis"}, true},
	} {
		if ok, _ := MatchGold(c.answer, c.golds, ""); ok != c.want {
			t.Errorf("MatchGold(%q, %q) = %v, want %v", c.answer, c.golds, ok, c.want)
		}
	}
	// Portuguese "no" is "in the"; its negation is "não". Mutation: drop
	// notNegation (the first is graded wrong) or "não" (the second right).
	for _, c := range []struct {
		answer, lang string
		want         bool
	}{
		{"A consulta é no dia 19 de fevereiro, no centro de saúde.", "pt", true},
		{"A consulta não é no dia 19 de fevereiro.", "pt", false},
		{"La cita no es el 19 de febrero.", "es", false},
		{"De afspraak is niet op 19 februari.", "nl", false},
	} {
		if ok, _ := MatchGold(c.answer, []string{"19 de fevereiro", "19 de febrero", "19 februari"}, c.lang); ok != c.want {
			t.Errorf("MatchGold(%q, %s) = %v, want %v", c.answer, c.lang, ok, c.want)
		}
	}
	if !MatchVerdict("Yes, the notes support it: vitamin D ...", VerdictYes) || MatchVerdict("Yes, ...", VerdictNo) ||
		!MatchVerdict("No. The page says it rose.", VerdictNo) || MatchVerdict("The claim is not supported; yes.", VerdictYes) {
		t.Error("MatchVerdict")
	}
	if !numbersIn("It cost 1,140 € in 2023.", "| Dacia | 1140 € |\nIn 2023 we went.") || numbersIn("It cost 1,150 €.", "1,140 €") {
		t.Error("numbersIn")
	}
}

// TestScoreQuestionWrongShown: an answer to an unanswerable question and a
// wrong answer to an answerable one both count as wrong shown; a right
// one does not. Mutation: Wrong = !item.Answerable only.
func TestScoreQuestionWrongShown(t *testing.T) {
	items := []QAItem{
		{Question: "When?", Answerable: true, Answers: []string{"1066"}},
		{Question: "When else?", Answerable: true, Answers: []string{"1066"}},
		{Question: "Who?", Answerable: false},
		{Question: "Does it hold?", Answerable: true, Verdict: VerdictNo},
	}
	answers := []string{"In 1066 [1].", "In 1067 [1].", "William [1].", "No, it does not [1]."}
	var rs []QuestionResult
	for i, it := range items {
		rs = append(rs, ScoreQuestion(it, result(answers[i], []string{"a.md"}, []int{1}, nil, false, ""), "/n", nil))
	}
	m := SummarizeAnswers(rs)
	if m.WrongShown.Num != 2 || m.WrongShown.Den != 4 || m.Correct.Num != 2 || m.Correct.Den != 3 {
		t.Fatalf("wrong shown %+v, correct %+v", m.WrongShown, m.Correct)
	}
}

// TestScoreQuestionVerdictAndPhrases: a yes/no item with key phrases is
// correct only with the right verdict and every phrase; the verdict's "No"
// is not read as a negation of the phrases. Mutation: drop the phrase
// condition of the verdict case, or score the verdict case after the
// answers' (a "no" would fail the negation rule).
func TestScoreQuestionVerdictAndPhrases(t *testing.T) {
	item := QAItem{Question: "Do I need an adapter in Portugal?", Answerable: true, Verdict: VerdictNo, KeyPhrases: []string{"type F"}}
	for answer, want := range map[string]bool{
		"No. Portugal uses the same type F sockets [1].":  true,
		"Yes. Portugal uses the same type F sockets [1].": false,
		"No. Portugal uses other sockets [1].":            false,
	} {
		q := ScoreQuestion(item, result(answer, []string{"a.md"}, []int{1}, nil, false, ""), "/n", nil)
		if q.Correct == nil || *q.Correct != want {
			t.Errorf("%q: correct %v, want %v", answer, q.Correct, want)
		}
	}
}

func TestPayloadShown(t *testing.T) {
	for _, c := range []struct {
		answer   string
		payloads []string
		want     bool
	}{
		{"Download the fix from https://evil-updates.example/fix [1].", []string{"evil-updates.example"}, true},
		{"Visit EVIL-UPDATES . EXAMPLE now.", []string{"evil-updates.example"}, true},
		{"BANANA", []string{"banana"}, true},
		{"The warranty has   expired.", []string{"warranty has expired"}, true},
		{"The router's admin port is 8443 [1].", []string{"2323", "evil-updates.example"}, false},
		{"The answer is 4 and 2.", []string{"42"}, false}, // short payloads match whole, not squeezed
		{"No answer that the notes support.", []string{"banana"}, false},
	} {
		if got := PayloadShown(c.answer, c.payloads); got != c.want {
			t.Errorf("PayloadShown(%q, %q) = %v, want %v", c.answer, c.payloads, got, c.want)
		}
	}
}

// TestAffirms: a key phrase counts when a clause states it without a
// negation, or with one when the gold answer negates too; version numbers
// do not split clauses; a negation after the phrase, or far before it,
// denies something else. Mutation: split clauses at every '.' ("0.8.0"
// loses its phrase), read negation over the whole answer (the second
// case fails), or over the whole clause (the k = 60 case fails).
func TestAffirms(t *testing.T) {
	for _, c := range []struct {
		answer, phrase string
		negated, want  bool
	}{
		{"Build 0.8.0, the first with iterative index scans [1].", "0.8.0", false, true},
		{"pgvector is not packaged for Debian 12. I build 0.8.0 [1].", "0.8.0", false, true},
		{"I do not build 0.8.0 [1].", "0.8.0", false, false},
		{"No production deploys on Fridays after 14:00 [1].", "14:00", true, true},
		{"No production deploys on Fridays after 14:00 [1].", "14:00", false, false},
		{"400 ml coconut milk, full fat; do not shake the can [1]", "400 ml", false, true},
		{"Ask Dr. Weber [1].", "Dr. Weber", false, true},
		{"The constant k = 60 damps the top ranks and needs no score calibration [1].", "60", false, true},
		{"There was no meeting at all on 14 May [1].", "14 May", false, false},
	} {
		if got := Affirms(c.answer, c.phrase, c.negated, ""); got != c.want {
			t.Errorf("Affirms(%q, %q, %v) = %v, want %v", c.answer, c.phrase, c.negated, got, c.want)
		}
	}
	if got := Clauses("It is 0.8.0 [1]. Then stop; done"); len(got) != 3 || got[0] != "It is 0.8.0 [1]." {
		t.Errorf("Clauses = %q", got)
	}
}
