package claim

import "testing"

func TestStatement(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"Do the notes support the claim that Denton is located in the United States?", "Denton is located in the United States"},
		{"Does the evidence contradict the statement that the bridge opened in 1932?", "the bridge opened in 1932"},
		{"Is it true that the NAS has 16 GB of RAM?", "the NAS has 16 GB of RAM"},
		{"Does the warranty cover the battery?", "the warranty cover the battery"},
		{"Doesn't the warranty cover the battery?", "the warranty cover the battery"},
	} {
		if got := Statement(c.q); got != c.want {
			t.Errorf("Statement(%q) = %q, want %q", c.q, got, c.want)
		}
	}
}

func TestAffirmsContradicts(t *testing.T) {
	for _, c := range []struct {
		name, statement, quote string
		affirms, contradicts   bool
	}{
		{"same facts", "The NAS has 16 GB of RAM", "The NAS in the closet has 16 GB of RAM and four disks.", true, false},
		{"other number", "T-Series has under 7 million more subscribers than PewDiePie", "T-Series has 12 million more subscribers than PewDiePie.", false, true},
		{"negated in the quote", "The warranty covers the battery", "The warranty does not cover the battery or the charger.", false, true},
		{"negated statement", "The backups are not encrypted", "The backups are encrypted with age before upload.", false, true},
		{"antonym", "The population increased between 2000 and 2010", "The population decreased between 2000 and 2010.", false, true},
		{"comparison reversed", "The film earned more than its budget", "The film earned less than its budget.", false, true},
		{"missing fact, nothing against it", "The bridge opened in 1932", "The bridge spans the river near the old mill.", false, false},
		{"paraphrase, no facts", "Denton is located in Texas", "Denton is a city in Texas, United States.", true, false},
		{"other date", "The bridge opened in May 1932", "The bridge opened in June 1932 after two years of work.", false, true},
	} {
		a, _ := Affirms(c.statement, c.quote)
		k, d := Contradicts(c.statement, c.quote)
		if a != c.affirms || k != c.contradicts {
			t.Errorf("%s: Affirms = %v, Contradicts = %v (%s); want %v, %v", c.name, a, k, d, c.affirms, c.contradicts)
		}
	}
}

func TestContradictsCodeInBackticks(t *testing.T) {
	if c, d := Contradicts("shared_buffers is set to 8GB", "Set `shared_buffers = 4GB`, a quarter of the RAM."); !c {
		t.Errorf("8GB against `shared_buffers = 4GB`: not a contradiction (%s)", d)
	}
}

func TestYesNo(t *testing.T) {
	for q, want := range map[string]bool{
		"Do I need an EU plug adapter in Portugal?":            true,
		"Was the gravel protection insurance worth it?":        true,
		"Ist der Router neu?":                                  true,
		"Was bedeutet der Fehlercode E25 beim Geschirrspüler?": false,
		"What port does the web server use?":                   false,
		"How much RAM does the NAS have?":                      false,
	} {
		if got := YesNo(q); got != want {
			t.Errorf("YesNo(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestYearAnswerType: "in what year" asks for a year, which a sentence
// gives as a dated date or a number of three or four digits; a prize or a
// day without its year does not. Mutation: Asks without the yearQRe case.
func TestYearAnswerType(t *testing.T) {
	if Asks("In what year was the project conducted?") != Year || Asks("Which year did Linde liquefy air?") != Year || Asks("What year-end bonus did I get?") == Year {
		t.Fatal("Asks")
	}
	for s, want := range map[string]bool{
		"The project started in 1996.":                      true,
		"It was founded on 3 March 2025.":                   true,
		"Odoacer deposed him in 476.":                       true,
		"The project was awarded a US$100,000 prize.":       false,
		"It ran on 3 March.":                                false,
		"The project found a prime with 10 million digits.": false,
		"The project found a prime with 12,978,189 digits.": false,
	} {
		if got := Gives(Year, s); got != want {
			t.Errorf("Gives(Year, %q) = %v, want %v", s, got, want)
		}
	}
}
