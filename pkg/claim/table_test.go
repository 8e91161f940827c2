package claim

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// A value read from the wrong row or column of a table is not supported,
// though the number and the words are all in the cited passage.
func TestCheckTableCells(t *testing.T) {
	harvest := NewEvidence(`Vegetable beds › Harvest log
| crop | 2023 | 2024 |
|---|---|---|
| tomatoes | 9.8 kg | 14.2 kg |
| runner beans | 3.1 kg | 4.5 kg |

After the Ice Saints: plant out tomatoes, courgettes and beans.
2024 was better for tomatoes.`, nil)
	tyres := NewEvidence(`Car › Tyres
| load | front | rear |
|:---|---:|---:|
| up to 3 people | 2.3 bar | 2.2 bar |
| full load | 2.5 bar | 2.9 bar |`, nil)
	hosts := NewEvidence(`Home network › Addresses
| host | address | role |
|---|---|---|
| nas | 192.168.50.10 | file server, backups |
| homeserver | 192.168.50.20 | PostgreSQL, Grafana |
The printer has no fixed address.`, nil)
	settings := NewEvidence(`PostgreSQL › Memory
| setting | value |
|---|---|
| shared_buffers | 4GB |
| work_mem | 64MB |`, nil)
	service := NewEvidence(`Car › Service log
| date | km | work | cost |
|---|---|---|---|
| 2023-03-02 | 96,750 | oil and filter, brake fluid | 214 € |
| 2024-09-12 | 118,900 | TÜV inspection passed, no defects | 141 € |`, nil)
	terms := func(ls ...string) []Term {
		var out []Term
		for _, l := range ls {
			out = append(out, Term{Lexeme: l, DF: 1})
		}
		return out
	}
	opts := Options{MinQuestionCoverage: -1, MinTermSupport: -1, MaxRareShare: -1}
	cases := []struct {
		name     string
		q        Question
		s        Sentence
		ok       bool
		inDetail string
	}{
		{"the right cell", Question{Text: "How many kilos of tomatoes did I harvest in 2024?", Terms: terms("kilo", "tomato", "harvest", "2024")},
			Sentence{Text: "I harvested 14.2 kg of tomatoes in 2024.", Terms: terms("harvest", "14.2", "kg", "tomato", "2024"), Evidence: harvest}, true, ""},
		{"the other year's column", Question{Text: "How many kilos of tomatoes did I harvest in 2024?", Terms: terms("kilo", "tomato", "harvest", "2024")},
			Sentence{Text: "I harvested 9.8 kg of tomatoes in 2024.", Terms: terms("harvest", "9.8", "kg", "tomato", "2024"), Evidence: harvest}, false, `column "2023" (not 2024)`},
		{"a true sentence about the other year", Question{Text: "How many kilos of tomatoes did I harvest in 2024?", Terms: terms("kilo", "tomato", "harvest", "2024")},
			Sentence{Text: "In 2023 I harvested 9.8 kg of tomatoes.", Terms: terms("2023", "harvest", "9.8", "kg", "tomato"), Evidence: harvest}, true, ""},
		{"another crop's row", Question{Text: "How many kilos of courgettes did I harvest in 2024?", Terms: terms("kilo", "courgett", "harvest", "2024")},
			Sentence{Text: "I harvested 4.5 kg of courgettes in 2024.", Terms: terms("harvest", "4.5", "kg", "courgett", "2024"), Evidence: harvest}, false, `row "runner beans | 3.1 kg | 4.5 kg" under "2024"`},
		{"the question names the row, the sentence another one", Question{Text: "How many kilos of tomatoes did I harvest in 2024?", Terms: terms("kilo", "tomato", "harvest", "2024")},
			Sentence{Text: "The runner beans gave 4.5 kg in 2024.", Terms: terms("runner", "bean", "gave", "4.5", "kg", "2024"), Evidence: harvest}, true, ""},
		{"the question names the row and column", Question{Text: "What rear tyre pressure at full load?", Terms: terms("rear", "tyre", "pressur", "full", "load")},
			Sentence{Text: "2.9 bar.", Terms: terms("2.9", "bar"), Evidence: tyres}, true, ""},
		{"the front value for the rear", Question{Text: "What rear tyre pressure at full load?", Terms: terms("rear", "tyre", "pressur", "full", "load")},
			Sentence{Text: "At full load the rear tyres take 2.5 bar.", Terms: terms("full", "load", "rear", "tyre", "take", "2.5", "bar"), Evidence: tyres}, false, `column "front"`},
		{"the sentence names the rival column", Question{Text: "What tyre pressure at full load?", Terms: terms("tyre", "pressur", "full", "load")},
			Sentence{Text: "Rear: 2.5 bar at full load.", Terms: terms("rear", "2.5", "bar", "full", "load"), Evidence: tyres}, false, `column "front"`},
		{"a row in words with a number", Question{Text: "Tyre pressure with 3 people in the car?", Terms: terms("tyre", "pressur", "3", "peopl", "car")},
			Sentence{Text: "Front 2.3 bar, rear 2.2 bar.", Terms: terms("front", "2.3", "bar", "rear", "2.2"), Evidence: tyres}, true, ""},
		{"the NAS's address for the printer", Question{Text: "What IP address does the printer have?", Terms: terms("ip", "address", "printer")},
			Sentence{Text: "The printer is at 192.168.50.10.", Terms: terms("printer", "192.168.50.10"), Evidence: hosts}, false, `row "nas | 192.168.50.10 | file server, backups"`},
		{"a row named by a part of a word", Question{Text: "What is the IP of the home server?", Terms: terms("ip", "home", "server")},
			Sentence{Text: "It is 192.168.50.20.", Terms: terms("192.168.50.20"), Evidence: hosts}, true, ""},
		{"a row named by a cell other than the first", Question{Text: "Where does Grafana run?", Terms: terms("grafana", "run")},
			Sentence{Text: "On 192.168.50.20.", Terms: terms("192.168.50.20"), Evidence: hosts}, true, ""},
		{"a key-value table needs no column", Question{Text: "How much shared_buffers did I give PostgreSQL?", Terms: terms("shared_buffers", "postgresql")},
			Sentence{Text: "4 GB.", Terms: terms("4", "gb"), Evidence: settings}, true, ""},
		{"a setting's value for another setting", Question{Text: "How much memory did I give the shared buffers?", Terms: terms("memori", "share", "buffer")},
			Sentence{Text: "The shared buffers get 64MB.", Terms: terms("share", "buffer", "get", "64mb"), Evidence: settings}, false, `row "work_mem | 64MB"`},
		{"a row named by its date", Question{Text: "What did the service on 2024-09-12 cost?", Terms: terms("servic", "2024-09-12", "cost")},
			Sentence{Text: "It cost 141 €.", Terms: terms("cost", "141"), Evidence: service}, true, ""},
		{"a row named by its work", Question{Text: "When was the brake fluid changed?", Terms: terms("brake", "fluid", "chang")},
			Sentence{Text: "On 2 March 2023, at 96,750 km.", Terms: terms("2", "march", "2023", "96,750", "km"), Evidence: service}, true, ""},
		{"another row's cost", Question{Text: "How much did the brake fluid change cost?", Terms: terms("brake", "fluid", "chang", "cost")},
			Sentence{Text: "The brake fluid change cost 141 €.", Terms: terms("brake", "fluid", "chang", "cost", "141"), Evidence: service}, false, `row "2024-09-12 | 118,900 | TÜV inspection passed, no defects | 141 €"`},
		{"a cost when the row's other number has no unit", Question{Text: "How much was the TÜV inspection?", Terms: terms("tüv", "inspect")},
			Sentence{Text: "The TÜV inspection was 141 €.", Terms: terms("tüv", "inspect", "141"), Evidence: service}, true, ""},
		{"the mileage read as the cost", Question{Text: "How much was the TÜV inspection?", Terms: terms("tüv", "inspect")},
			Sentence{Text: "The TÜV inspection was 118,900 €.", Terms: terms("tüv", "inspect", "118,900"), Evidence: service}, false, `column "km" (not cost)`},
		{"a value stated in prose too", Question{Text: "When was the better tomato year?", Terms: terms("better", "tomato", "year")},
			Sentence{Text: "2024 was better.", Terms: terms("2024", "better"), Evidence: harvest}, true, ""},
	}
	for _, c := range cases {
		v := Check(c.q, c.s, opts)
		if v.Supported != c.ok || !c.ok && (v.Reason != UnsupportedFact || !strings.Contains(v.Detail, c.inDetail)) {
			t.Errorf("%s: %+v, want supported=%v with %q in the detail", c.name, v, c.ok, c.inDetail)
		}
	}
	// Cited with another passage: the prose of a passage without tables counts.
	both := Merge(harvest, NewEvidence("Courgettes: 4.5 kg in 2024.", nil))
	v := Check(Question{Text: "How many kilos of courgettes did I harvest in 2024?", Terms: terms("kilo", "courgett", "harvest", "2024")},
		Sentence{Text: "I harvested 4.5 kg of courgettes in 2024.", Terms: terms("harvest", "4.5", "kg", "courgett", "2024"), Evidence: both}, opts)
	if !v.Supported {
		t.Errorf("stated in the prose of another cited passage: %+v", v)
	}
	// Another language, compared by meaning: not checked.
	across := opts
	across.MeaningAcrossLanguages = true
	v = Check(Question{Text: "How many kilos of courgettes did I harvest in 2024?", Terms: terms("kilo", "courgett", "harvest", "2024"), CrossLanguage: true},
		Sentence{Text: "I harvested 4.5 kg of courgettes in 2024.", Terms: terms("harvest", "4.5", "kg", "courgett", "2024"), Evidence: harvest}, across)
	if !v.Supported {
		t.Errorf("cross-language: %+v", v)
	}
}

func TestParseTables(t *testing.T) {
	tables, prose := parseTables("intro\n| a | b \\| c |\n| --- | :-: |\n| 1 | 2 |\n| 3 |\nafter\n| not | a table |\n")
	texts := func(cs []cell) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.text)
		}
		return out
	}
	if len(tables) != 1 || !reflect.DeepEqual(texts(tables[0].header), []string{"a", "b | c"}) || len(tables[0].rows) != 2 ||
		!reflect.DeepEqual(texts(tables[0].rows[0]), []string{"1", "2"}) || !reflect.DeepEqual(texts(tables[0].rows[1]), []string{"3", ""}) {
		t.Fatalf("tables %+v", tables)
	}
	if prose != "intro\n\n\n\n\nafter\n| not | a table |\n" {
		t.Errorf("prose %q", prose)
	}
}

// Tables as personal notes write them, with the lexemes PostgreSQL's
// english configuration gives (accents dropped, "y" read as "i"): the
// right cell passes, a neighbouring row that shares a word does not.
func TestCheckTableCellsNamesAndRivals(t *testing.T) {
	tm := func(ls string) []Term {
		var out []Term
		for _, l := range strings.Fields(ls) {
			out = append(out, Term{Lexeme: l, DF: 1})
		}
		return out
	}
	opts := Options{MinQuestionCoverage: -1, MinTermSupport: -1, MaxRareShare: -1}
	cases := []struct {
		name, evidence, q, qt, s, st string
		ok                           bool
	}{
		{"a name the stemmer rewrites", "| name | phone | note |\n|---|---|---|\n| Emily | 0176 1234567 | sister |\n| Tony | 0151 7654321 | neighbour |",
			"What is Emily's phone number?", "emili phone number", "Emily's number is 0176 1234567.", "emili number 0176 1234567", true},
		{"a name with an accent", "| garage | date | cost |\n|---|---|---|\n| Müller Zürich | 2024-09-12 | 141 € |\n| ATU | 2023-03-02 | 214 € |",
			"How much was the service at Müller?", "servic muller", "The service at Müller cost 141 €.", "servic muller cost 141", true},
		{"a month", "| month | electricity (kWh) | water (m³) |\n|---|---|---|\n| January | 320 | 4 |\n| February | 300 | 4 |\n| July | 180 | 6 |",
			"How much electricity did I use in January?", "electr use januari", "In January I used 320 kWh of electricity.", "januari use 320 kwh electr", true},
		{"a table of one row", "| Name | Phone | Email |\n|---|---|---|\n| Anna Schmidt | 0176 1234567 | anna@example.de |",
			"What is my landlady's phone number?", "landladi phone number", "Her phone number is 0176 1234567.", "phone number 0176 1234567", true},
		{"the unit in the header", "| date | km | work | cost (€) |\n|---|---|---|---|\n| 2024-09-12 | 118900 | TÜV inspection passed | 141 |\n| 2023-03-02 | 96750 | oil and filter | 214 |",
			"How much was the TÜV inspection?", "tuv inspect", "The TÜV inspection was 141 €.", "tuv inspect 141", true},
		{"a row that shares a word with the named one", "| crop | 2023 | 2024 |\n|---|---|---|\n| runner beans | 3.1 kg | 4.5 kg |\n| broad beans | 1.2 kg | 2.0 kg |",
			"How many kilos of broad beans did I harvest in 2024?", "kilo broad bean harvest 2024", "I harvested 4.5 kg of broad beans in 2024.", "harvest 4.5 kg broad bean 2024", false},
		{"the named row", "| crop | 2023 | 2024 |\n|---|---|---|\n| runner beans | 3.1 kg | 4.5 kg |\n| broad beans | 1.2 kg | 2.0 kg |",
			"How many kilos of broad beans did I harvest in 2024?", "kilo broad bean harvest 2024", "I harvested 2.0 kg of broad beans in 2024.", "harvest 2.0 kg broad bean 2024", true},
		{"another doctor's number", "| doctor | phone |\n|---|---|\n| Dr. Müller (dentist) | 030 5556677 |\n| Dr. Schmidt (GP) | 030 8889900 |",
			"What is Dr. Schmidt's number?", "dr schmidt number", "Dr. Schmidt's number is 030 5556677.", "dr schmidt number 030 5556677", false},
		{"another router", "| device | address |\n|---|---|\n| router living room | 192.168.1.2 |\n| router office | 192.168.1.3 |",
			"What is the IP of the office router?", "ip offic router", "The office router is at 192.168.1.2.", "offic router 192.168.1.2", false},
		{"a word inside another", "| item | per month |\n|---|---|\n| rent | 950 € |\n| gift for parents | 120 € |",
			"How much is the rent?", "rent", "The rent is 120 €.", "rent 120", false},
	}
	for _, c := range cases {
		v := Check(Question{Text: c.q, Terms: tm(c.qt)}, Sentence{Text: c.s, Terms: tm(c.st), Evidence: NewEvidence(c.evidence, nil)}, opts)
		if v.Supported != c.ok {
			t.Errorf("%s: %+v, want supported=%v", c.name, v, c.ok)
		}
	}
}

// BenchmarkCheckLargeTable times Check on a passage of one table of 1,000
// rows whose value is in every row and whose rows the sentence does not
// name (the worst case: every cell is examined, up to maxCellsChecked).
func BenchmarkCheckLargeTable(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("| item | count | price | note |\n|---|---|---|---|\n")
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&sb, "| widget %d | 1 | %d € | shelf %d |\n", i, i+3, i%7)
	}
	ev := NewEvidence(sb.String(), nil)
	q := Question{Text: "How many gadgets do I have?", Terms: []Term{{"gadget", 0}}}
	s := Sentence{Text: "I have 1 gadget.", Terms: []Term{{"1", 1}, {"gadget", 0}}, Evidence: ev}
	opts := Options{MinQuestionCoverage: -1, MinTermSupport: -1, MaxRareShare: -1}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if v := Check(q, s, opts); v.Supported {
			b.Fatal("the value of 1,000 rows passed")
		}
	}
}

// Wrong answers a newcomer saw with a car log of their own: a year the
// row does not have, the cost column given as the mileage, a count given
// as a price.
func TestCheckNewcomerTables(t *testing.T) {
	tm := func(ls string) []Term {
		var out []Term
		for _, l := range strings.Fields(ls) {
			out = append(out, Term{Lexeme: l, DF: 1})
		}
		return out
	}
	opts := Options{MinQuestionCoverage: -1, MinTermSupport: -1, MaxRareShare: -1}
	log := NewEvidence(`Car › Service log
| date | km | work | cost |
|---|---|---|---|
| 2021-04-20 | 61,200 | oil change | 189.00 EUR |
| 2023-05-11 | 84,300 | brake pads | 265.00 EUR |
| 2023-09-28 | 93,700 | TÜV inspection (passed) | 134.00 EUR |`, nil)
	check := func(q, qt, s, st string) Verdict {
		return Check(Question{Text: q, Terms: tm(qt)}, Sentence{Text: s, Terms: tm(st), Evidence: log}, opts)
	}
	if v := check("How much did the oil change cost in 2023?", "oil chang cost 2023", "The oil change cost in 2023 was 189.00 EUR.", "oil chang cost 2023 189.00 eur"); v.Supported {
		t.Errorf("a year that only other rows have: %+v", v)
	}
	if v := check("How much did the oil change cost in 2021?", "oil chang cost 2021", "The oil change in 2021 cost 189.00 EUR.", "oil chang 2021 cost 189.00 eur"); !v.Supported {
		t.Errorf("the row's own year: %+v", v)
	}
	if v := check("How much did the oil change cost?", "oil chang cost", "The oil change cost 189.00 EUR.", "oil chang cost 189.00 eur"); !v.Supported {
		t.Errorf("no year asked: %+v", v)
	}
	if got := Asks("What was the mileage at the TÜV inspection?"); got != Distance {
		t.Errorf("mileage: %q", got)
	}
	if Gives(Distance, "The TÜV inspection (passed) was at 134.00 EUR.") || !Gives(Distance, "At 93,700 km.") || !Gives(Distance, "93,700.") {
		t.Error("a distance is a number without a unit or with one of distance, not an amount of money")
	}
	if got := Asks("How much were the flights to Lisbon?"); got != Amount {
		t.Errorf("how much were: %q", got)
	}
	if Gives(Amount, "The flights were for 2 people.") || !Gives(Amount, "The flights were 480 €.") {
		t.Error("'how much were' is answered by a price, not a head count")
	}
	if Gives(Quantity, "It was 34 €.") || !Gives(Quantity, "Six people.") {
		t.Error("an amount of money is no quantity")
	}
	if got := Asks("How many euros did I spend on fuel?"); got != Money {
		t.Errorf("how many euros: %q", got)
	}
}
