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
