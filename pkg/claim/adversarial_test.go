package claim

import "testing"

func TestPolarityMismatch(t *testing.T) {
	for _, c := range []struct {
		question, quote string
		mismatch        bool
	}{
		// A question about what is not, a quote that says what is.
		{"Where are no hospital pharmacies located?", "Hospital pharmacies can often be found within the premises of the hospital.", true},
		{"What two things can pharmacy informatics not bring together?", "Pharmacy informatics is the combination of pharmacy practice and information science.", true},
		{"When didn't the term first come to be used?", "The term was introduced in the late 1870s.", true},
		// The quote says something negative: it may answer.
		{"Which members do not vote?", "All members vote except the chair.", false},
		{"Which members do not vote?", "The chair does not vote.", false},
		{"What is not legal in the park?", "Camping is illegal in the park.", false},
		{"Where are no pharmacies?", "The villages lack pharmacies.", false},
		// A prefixed opposite in the question, its base in the quote.
		{"Laboratory measurements of forces are inconsistent with what?", "Laboratory measurements of forces are fully consistent with the conceptual definition.", true},
		{"Laboratory measurements of forces are inconsistent with what?", "Some measurements are inconsistent with the model.", false},
		// Spoken repairs are not negations; "not only" is none either.
		{"How many members no sorry how many seats are in the chamber?", "The debating chamber has 131 seats.", false},
		{"What was the public no the um triad?", "The public triad was formed in 1919.", false},
		{"What does no no what is KMJ now called?", "KMJ is now KMJ-TV.", false},
		{"Which city is not only a port but also a capital?", "Lisbon is a port and the capital.", false},
		// No negation anywhere, no quote: nothing to say.
		{"Where is the port?", "The port is in Lisbon.", false},
		{"Where are no pharmacies?", "", false},
		// A yes/no question: the verdict check reads its polarity.
		{"Is the WD Red disk not mirrored?", "The WD Red disk is mirrored with RAID 1.", false},
	} {
		if got := polarityMismatch(c.question, c.quote) != ""; got != c.mismatch {
			t.Errorf("polarityMismatch(%q, %q) = %v, want %v", c.question, c.quote, got, c.mismatch)
		}
	}
}

// Check removes a sentence whose quote lacks the question's polarity.
func TestCheckPolarity(t *testing.T) {
	opts := Options{MinQuestionCoverage: -1, MinTermSupport: -1, MaxRareShare: -1}
	quote := "Hospital pharmacies can often be found within the premises of the hospital."
	s := Sentence{Text: "Hospital pharmacies are found within the hospital.", Evidence: NewEvidence(quote, nil), Quote: quote}
	if v := Check(Question{Text: "Where are no hospital pharmacies located?"}, s, opts); v.Supported || v.Reason != NegationMismatch {
		t.Errorf("negated question, affirmative quote: %+v", v)
	}
	if v := Check(Question{Text: "Where are hospital pharmacies located?"}, s, opts); !v.Supported {
		t.Errorf("the same quote for the question it answers: %+v", v)
	}
	off := opts
	off.NoPolarity = true
	if v := Check(Question{Text: "Where are no hospital pharmacies located?"}, s, off); !v.Supported {
		t.Errorf("polarity switched off: %+v", v)
	}
}

// A number or date the question names must be in the quoted text: an
// adversarial question changes one ("3 vector equations" for four).
func TestCheckQuestionFacts(t *testing.T) {
	opts := Options{MinQuestionCoverage: -1, MinTermSupport: -1, MaxRareShare: -1}
	check := func(question, quote string) Verdict {
		s := Sentence{Text: quote, Evidence: NewEvidence(quote, nil), Quote: quote}
		return Check(Question{Text: question}, s, opts)
	}
	if v := check("What was later formulated into 3 vector equations?", "Maxwell's equations were later formulated into 4 vector equations."); v.Supported || v.Reason != MissingTerm {
		t.Errorf("3 asked, 4 quoted: %+v", v)
	}
	off := opts
	off.NoQuestionFacts = true
	s := Sentence{Text: "Formulated into 4.", Evidence: NewEvidence("formulated into 4 vector equations", nil), Quote: "formulated into 4 vector equations"}
	if v := Check(Question{Text: "What was later formulated into 3 vector equations?"}, s, off); !v.Supported {
		t.Errorf("question facts switched off: %+v", v)
	}
	if v := check("What was later formulated into 4 vector equations?", "Maxwell's equations were later formulated into 4 vector equations."); !v.Supported {
		t.Errorf("4 asked, 4 quoted: %+v", v)
	}
	if v := check("Besides 1,3 and 7, what number do primes above 5 end with?", "Primes above 5 end in 1, 3, 7 or 9."); !v.Supported {
		t.Errorf("a list of numbers written 1,3 in the question: %+v", v)
	}
}

func TestOppositeMismatch(t *testing.T) {
	for _, c := range []struct {
		question, quote string
		mismatch        bool
	}{
		// A question word replaced in the quote by its antonym, in any
		// inflection (failed/passed, lowest/highest, gave/took).
		{"Which port is closed on the firewall?", "Port 22 is open on the firewall.", true},
		{"Who failed the driving test in May?", "Anna passed the driving test in May.", true},
		{"What is the lowest fan setting?", "The highest fan setting is 9.", true},
		{"Who gave the keys to the caretaker?", "Anna took the keys to the caretaker.", true},
		{"Which is the primary drive of the NAS?", "The secondary drive of the NAS holds the backups.", true},
		// An antonym elsewhere in the quote, not where the question's word
		// stands, is no swap.
		{"Which oil does the car need, and when was it last changed?", "First registered in 2015, the car needs 5W-30 oil.", false},
		// The question's word is there too, or in another inflection.
		{"Which port is closed?", "Port 22 is closed; port 80 is open.", false},
		{"How long did the restore drill take?", "The restore drill took 40 minutes.", false},
		{"Who passed the driving test?", "Anna passed it, and Ben failed.", false},
		// The question holds both sides; particles are not opposites; a
		// yes/no question is the verdict check's; no quote, nothing to say.
		{"Is the tap for hot or cold water on the left?", "The cold tap is on the left.", false},
		{"When did they set up the server?", "They shut down the server in 2019.", false},
		{"Is port 22 closed?", "Port 22 is open.", false},
		{"Which port is closed?", "", false},
	} {
		if got := oppositeMismatch(c.question, c.quote) != ""; got != c.mismatch {
			t.Errorf("oppositeMismatch(%q, %q) = %v, want %v", c.question, c.quote, got, c.mismatch)
		}
	}
}

// Check removes a sentence whose quote says the opposite of a question
// word, and keeps it with the check switched off.
func TestCheckOpposites(t *testing.T) {
	opts := Options{MinQuestionCoverage: -1, MinTermSupport: -1, MaxRareShare: -1}
	quote := "Anna passed the driving test in May."
	s := Sentence{Text: "Anna passed the driving test.", Evidence: NewEvidence(quote, nil), Quote: quote}
	v := Check(Question{Text: "Who failed the driving test?"}, s, opts)
	if v.Supported || v.Reason != OppositeWord || v.Detail != `the question says "failed", its quote the opposite, "passed"` {
		t.Errorf("failed asked, passed quoted: %+v", v)
	}
	if v := Check(Question{Text: "Who passed the driving test?"}, s, opts); !v.Supported {
		t.Errorf("the question the quote answers: %+v", v)
	}
	off := opts
	off.NoOpposites = true
	if v := Check(Question{Text: "Who failed the driving test?"}, s, off); !v.Supported {
		t.Errorf("opposites switched off: %+v", v)
	}
}
