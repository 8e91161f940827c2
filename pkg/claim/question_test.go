package claim

import "testing"

// TestUnasked: the question's own words are no answer to it, but a unit
// after a number is, and a sentence in another language keeps every word.
func TestUnasked(t *testing.T) {
	for _, c := range []struct {
		t     AnswerType
		q, s  string
		gives bool
	}{
		{Duration, "How long can I borrow the van for the weekend?", "You can borrow the van for the weekend.", false},
		{Duration, "How long can I borrow the van for the weekend?", "You can borrow the van for 48 hours over the weekend.", true},
		{Duration, "How long, in minutes, is the drive to the coast?", "The drive to the coast is 45 minutes.", true},
		{Duration, "How long, in years, is the warranty?", "The warranty is two years.", true},
		{Duration, "Wie lange darf ich über Nacht vor dem Haus parken?", "Sie dürfen über Nacht vor dem Haus parken.", false},
		{Duration, "How long does the course last?", "Der Kurs dauert drei Tage.", true},
		{PhoneNumber, "What is the phone number of the clinic at 112 High Street?", "The clinic is at 112 High Street.", false},
		{PhoneNumber, "What is the phone number of the clinic at 112 High Street?", "The clinic at 112 High Street is on 020 7946 0321.", true},
	} {
		u := Unasked(c.q, c.s)
		if len(u) != len(c.s) {
			t.Errorf("Unasked(%q, %q) = %q: length %d, want %d", c.q, c.s, u, len(u), len(c.s))
		}
		if !Gives(c.t, c.s) {
			t.Errorf("Gives(%s, %q) = false before blanking; the case tests nothing", c.t, c.s)
		}
		if got := Gives(c.t, u); got != c.gives {
			t.Errorf("Gives(%s, Unasked(%q, %q) = %q) = %v, want %v", c.t, c.q, c.s, u, got, c.gives)
		}
	}
}
