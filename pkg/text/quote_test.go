package text

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

const postgresNote = "## Memory\n\nI set shared_buffers = 4GB (a quarter of the 16 GB of RAM) on the NAS. The work_mem is 64MB, raised from the default in May 2024.\n\n- effective_cache_size = 12GB\n- maintenance_work_mem = 1GB\n"

func TestLocate(t *testing.T) {
	for _, c := range []struct {
		name, passage, quote, want string // want: the passage text located; "" = not located
		exact                      bool
	}{
		{"verbatim", postgresNote, "The work_mem is 64MB", "The work_mem is 64MB", true},
		{"case, spaces and a final period", postgresNote, "the  work_mem is 64MB, raised from the default in May 2024.", "The work_mem is 64MB, raised from the default in May 2024", true},
		{"typographic quotes and dashes", "He said \"don't\" - twice.", "He said “don’t” – twice", "He said \"don't\" - twice", true},
		{"markdown marks", "Use **`pg_dump`** for backups.", "Use pg_dump for backups", "Use **`pg_dump`** for backups", true},
		{"trimmed parenthesis", postgresNote, "I set shared_buffers = 4GB on the NAS", "I set shared_buffers = 4GB (a quarter of the 16 GB of RAM) on the NAS", false},
		{"one word dropped", postgresNote, "work_mem is 64MB, raised from default in May 2024", "work_mem is 64MB, raised from the default in May 2024", false},
		{"a value changed is not located approximately", postgresNote, "The work_mem is 128MB, raised from the default in May 2024", "", false},
		{"words not in the passage", postgresNote, "The backup runs every night at 02:00 to the NAS", "", false},
		{"half the words invented", postgresNote, "shared_buffers was lowered to 2GB after the crash last winter", "", false},
		{"a short quote must be verbatim", postgresNote, "work_mem 64MB", "", false},
		{"a short verbatim quote", postgresNote, "64MB", "64MB", true},
		{"empty", postgresNote, "  ", "", false},
		{"other script", "東京タワーの高さは333メートルです。", "高さは333メートル", "高さは333メートル", true},
		{"cyrillic, case folded", "Сервер работает на порту 8080.", "сервер работает на порту 8080", "Сервер работает на порту 8080", true},
		{"not inside a longer number", "The web UI listens on port 8080.", "listens on port 80", "", false},
		{"not a prefix of an address", "The NAS is at 10.0.0.55 now.", "NAS is at 10.0.0.5", "", false},
		{"not a suffix of a day", "The bill is due on 11 March 2025.", "1 March 2025", "", false},
		{"not a shorter version", "Installed release v1.2.3 today.", "release v1.2", "", false},
		{"a sentence's end is no glue", "It runs on port 80. Then it stops.", "runs on port 80", "runs on port 80", true},
		{"spaced otherwise", "I set shared_buffers=4GB and RAM: 4 GB.", "shared_buffers = 4GB and RAM: 4GB", "shared_buffers=4GB and RAM: 4 GB", true},
		{"spaced otherwise: the passage's own number is located", "listen 8080 now", "listen 80 80", "listen 8080", true},
		{"spaced otherwise, not inside a number", "listen 8080", "listen 80", "", false},
		{"table row without pipes", "| host | address |\n|---|---|\n| nas | 10.0.0.5 |\n| router | 10.0.0.1 |", "router 10.0.0.1", "router | 10.0.0.1", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, ok := Locate(c.passage, c.quote)
			got := ""
			if ok {
				got = c.passage[s.Start:s.End]
			}
			if got != c.want {
				t.Fatalf("Locate(%q) = %q (score %.2f), want %q", c.quote, got, s.Score, c.want)
			}
			if ok && s.Exact != c.exact {
				t.Errorf("Exact = %v, want %v", s.Exact, c.exact)
			}
			if ok && s.Exact && s.Score != 1 {
				t.Errorf("an exact match scores %v, want 1", s.Score)
			}
		})
	}
}

// TestDropped: an approximate match reports the quote's words it did not
// find, so a caller can refuse one whose changed word is the answer's
// subject. Mutation: Dropped comparing against the whole passage.
func TestDropped(t *testing.T) {
	p := "The primary disk is 4 TB. The backup disk is 2 TB."
	q := "The backup disk is 4 TB"
	s, ok := Locate(p, q)
	if !ok || s.Exact || p[s.Start:s.End] != "The primary disk is 4 TB" {
		t.Fatalf("precondition: located %q (%v)", p[s.Start:s.End], ok)
	}
	if d := Dropped(p, q, s); len(d) != 1 || d[0] != "backup" {
		t.Fatalf("Dropped = %q, want [backup]", d)
	}
}

func TestUnit(t *testing.T) {
	table := "Prices:\n\n| item | price |\n|---|---|\n| battery | 89 € |\n| tyres | 420 € |\n"
	for _, c := range []struct {
		name, passage, at, want string // at: a substring whose range is asked
	}{
		{"the sentence of a prose quote", postgresNote, "64MB", "The work_mem is 64MB, raised from the default in May 2024."},
		{"a list item", postgresNote, "12GB", "- effective_cache_size = 12GB"},
		{"a list item's continuation line", "- The gravel protection insurance was worth it: a stone chipped the\n  windscreen on day 5 and the repair cost us nothing.\n- Petrol pumps want a PIN.", "windscreen",
			"- The gravel protection insurance was worth it: a stone chipped the\n  windscreen on day 5 and the repair cost us nothing."},
		{"a table row with its header", table, "420 €", "| item | price |\n|---|---|\n| tyres | 420 € |"},
		{"the sentence of a range across a line break", "Notes from moving the database. The machine is a small box with 16 GB of RAM and\na 1 TB disk. It is quiet.", "16 GB of RAM and\na 1 TB", "The machine is a small box with 16 GB of RAM and\na 1 TB disk."},
		{"sentences across a line break", "The NAS has 16 GB of RAM\nand two disks. It runs ZFS.", "two disks", "The NAS has 16 GB of RAM\nand two disks."},
		{"abbreviations and decimals do not end a sentence", "See e.g. the NAS at 10.0.0.5 for v2.1 files. Other text.", "v2.1", "See e.g. the NAS at 10.0.0.5 for v2.1 files."},
	} {
		t.Run(c.name, func(t *testing.T) {
			i := strings.Index(c.passage, c.at)
			if got := Unit(c.passage, i, i+len(c.at)); got != c.want {
				t.Fatalf("Unit = %q, want %q", got, c.want)
			}
		})
	}
}

func TestClauses(t *testing.T) {
	got := []string{}
	for _, c := range Clauses("work_mem is 4GB and shared_buffers is 1,000 MB; it runs at 7:30. Next, the disks.") {
		got = append(got, c.Text)
	}
	want := []string{"work_mem is 4GB", "shared_buffers is 1,000 MB", "it runs at 7:30.", "Next", "the disks."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("Clauses = %q, want %q", got, want)
	}
}

// TestClausesSoftWrap: a paragraph or list item wrapped over lines is cut
// as if it were one line, while a new item, table row or heading still
// starts a clause; asides are clauses. Mutation: cut at every '\n'
// (softWrap returning false); two "label: value" lines joined
// (labelLine returning false); a label measured from the line's start
// (the vm2 row).
func TestClausesSoftWrap(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"so the end of each chunk was\nnever embedded", "so the end of each chunk was never embedded"},
		{"- Early March: sow tomatoes indoors at about\n  22 °C\n- April: prick out", "- Early March: sow tomatoes indoors at about 22 °C~- April: prick out"},
		{"shared_buffers = 4GB\nwork_mem = 64MB", "shared_buffers = 4GB~work_mem = 64MB"},
		{"## Memory\nshared buffers are 4GB", "## Memory~shared buffers are 4GB"},
		{"| a | b |\n|---|---|\n| x | 1 |", "| a | b |~|---|---|~| x | 1 |"},
		{"first paragraph\n\nsecond", "first paragraph~second"},
		// Two "label: value" lines are two fields, each with its label;
		// a prose line after a label line still wraps.
		{"gpu0: 24 GB\ngpu1: 12 GB", "gpu0: 24 GB~gpu1: 12 GB"},
		{"Password: tulip-harbor-77 and the router\nis in the hallway", "Password: tulip-harbor-77~the router is in the hallway"},
		{"vm1 snapshot: 3 May; vm2 snapshot: 9 May", "vm1 snapshot: 3 May~vm2 snapshot: 9 May"},
		{"gpu0 - 24 GB\ngpu1 → 12 GB", "gpu0 - 24 GB~gpu1 → 12 GB"},
		// Two label lines with other labels are two fields too when the
		// second label opens with a capital (mutation: fields not read in
		// softWrap); a lower-case one continues a sentence.
		{"Digicode porte d'entrée : 4B271\nBoîte aux lettres : pas de code", "Digicode porte d'entrée : 4B271~Boîte aux lettres : pas de code"},
		{"Heads-up: the database is\nnot reachable: firewall rule missing", "Heads-up: the database is not reachable: firewall rule missing"},
		{"eth0 10.0.0.5 / eth1 10.0.0.9, see /etc/hosts and 1/2", "eth0 10.0.0.5~eth1 10.0.0.9~see /etc/hosts~1/2"},
		{"The backup of the old file server finished: 9 May", "The backup of the old file server finished~9 May"},
		// An aside in brackets or between spaced dashes is a clause of its
		// own, so a negation inside it does not negate the statement
		// around it; brackets inside a word (f(x), a[0]) cut nothing.
		// Mutation: drop the bracket and dash cases from Clauses.
		{"The locker code is 3817 (if it does not open, ask at reception).", "The locker code is 3817~if it does not open~ask at reception"},
		{"The deadline is 31 July — isn't that early? — for the 2024 return.", "The deadline is 31 July~isn't that early?~for the 2024 return."},
		{"Die Frist endet am 31. Juli [nicht verlängerbar] laut Amt.", "Die Frist endet am 31. Juli~nicht verlängerbar~laut Amt."},
		{"call f(x) with a[0] - 1 as the bound", "call f(x) with a[0] - 1 as the bound"},
		{"the bound (see f(x) below) is 4", "the bound~see f(x) below~is 4"},
	} {
		var got []string
		for _, cl := range Clauses(c.in) {
			got = append(got, strings.Join(strings.Fields(cl.Text), " "))
		}
		if strings.Join(got, "~") != c.want {
			t.Errorf("Clauses(%q) = %q, want %q", c.in, strings.Join(got, "~"), c.want)
		}
	}
}

// FuzzLocate checks Locate's invariants on any input: a located span lies
// inside the passage on rune boundaries, its score is in [MinQuoteScore,
// 1], and a quote cut from the passage itself is found exactly.
func FuzzLocate(f *testing.F) {
	f.Add(postgresNote, 10, 40)
	f.Add("| a | b |\n|---|---|\n| x | 1 |", 0, 12)
	f.Add("Ünïcödé “quotes” — dashes", 2, 20)
	f.Add("Max temp: 40 \ufffdC and \xff bytes", 10, 16)
	f.Fuzz(func(t *testing.T, passage string, i, j int) {
		if !utf8.ValidString(passage) || len(passage) == 0 {
			return
		}
		i, j = abs(i)%len(passage), abs(j)%len(passage)
		if i > j {
			i, j = j, i
		}
		for i > 0 && !utf8.RuneStart(passage[i]) {
			i--
		}
		for j < len(passage) && !utf8.RuneStart(passage[j]) {
			j++
		}
		// A quotation is cut at word edges (Locate refuses a match inside a
		// word or number): widen to them.
		for i > 0 {
			r, n := utf8.DecodeLastRuneInString(passage[:i])
			if !alnum(r) && !strings.ContainsRune(".,:/-_", foldRune(r)) {
				break
			}
			i -= n
		}
		for j < len(passage) {
			r, n := utf8.DecodeRuneInString(passage[j:])
			if !alnum(r) && !strings.ContainsRune(".,:/-_", foldRune(r)) {
				break
			}
			j += n
		}
		quote := passage[i:j]
		s, ok := Locate(passage, quote)
		if ok {
			if s.Start < 0 || s.End > len(passage) || s.Start > s.End {
				t.Fatalf("span [%d, %d) outside the passage of %d bytes", s.Start, s.End, len(passage))
			}
			if s.Score < MinQuoteScore || s.Score > 1 {
				t.Fatalf("score %v", s.Score)
			}
			if !utf8.ValidString(passage[s.Start:s.End]) {
				t.Fatalf("span cuts a rune")
			}
		}
		if folded := strings.Trim(Fold(quote).S, ` ."'…`); folded != "" && !ok {
			t.Fatalf("a quote cut from the passage (%q) was not located", quote)
		}
		_ = Unit(passage, i, j)
		_ = Clauses(quote)
	})
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

func TestUnitSpans(t *testing.T) {
	var got []string
	for _, s := range UnitSpans(postgresNote) {
		got = append(got, strings.TrimSpace(postgresNote[s[0]:s[1]]))
	}
	want := []string{"## Memory", "I set shared_buffers = 4GB (a quarter of the 16 GB of RAM) on the NAS.", "The work_mem is 64MB, raised from the default in May 2024.",
		"- effective_cache_size = 12GB", "- maintenance_work_mem = 1GB"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("UnitSpans = %q", got)
	}
}

// Mutation: drop the four-letter minimum ("cat" matches "cats", "sea"
// matches "season").
func TestSameWord(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{{"flow", "flows", true}, {"invent", "invented", true}, {"sea", "season", false}, {"north", "northern", true},
		{"cat", "cats", false}, {"rhine", "rhine", true}, {"allerg", "allergi", true}, {"port", "portugal", false}} {
		if got := SameWord(c.a, c.b); got != c.want {
			t.Errorf("SameWord(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestParseDate: each way of writing a date names its period; an
// impossible day and words are no date. Mutation: drop the upper-casing
// (the lower-case YAML timestamp fails) or return the start as the end.
func TestParseDate(t *testing.T) {
	utc := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return v.UTC()
	}
	for _, c := range []struct{ in, start, end string }{
		{"2024", "2024-01-01T00:00:00Z", "2025-01-01T00:00:00Z"},
		{"2024-03", "2024-03-01T00:00:00Z", "2024-04-01T00:00:00Z"},
		{"2024-03-01", "2024-03-01T00:00:00Z", "2024-03-02T00:00:00Z"},
		{"20240301", "2024-03-01T00:00:00Z", "2024-03-02T00:00:00Z"},
		{"2024-03-01 10:00", "2024-03-01T10:00:00Z", "2024-03-01T10:01:00Z"},
		{"2024-03-01T10:00", "2024-03-01T10:00:00Z", "2024-03-01T10:01:00Z"},
		{"2024-03-01 10:00:00 +0100", "2024-03-01T09:00:00Z", "2024-03-01T09:00:01Z"},
		{"2024-03-01t10:00:00.5z", "2024-03-01T10:00:00.5Z", "2024-03-01T10:00:01.5Z"},
		{"March 1, 2024", "2024-03-01T00:00:00Z", "2024-03-02T00:00:00Z"},
		{"1 March 2024", "2024-03-01T00:00:00Z", "2024-03-02T00:00:00Z"},
	} {
		start, end, ok := ParseDate(c.in)
		if !ok || !start.Equal(utc(c.start)) || !end.Equal(utc(c.end)) {
			t.Errorf("ParseDate(%q) = %v, %v, %v; want %s, %s", c.in, start, end, ok, c.start, c.end)
		}
	}
	for _, bad := range []string{"2024-02-30", "today", "", "last tuesday", "2024-13"} {
		if _, _, ok := ParseDate(bad); ok {
			t.Errorf("ParseDate(%q) reads a date", bad)
		}
	}
}

// Mutation: drop the NFC step (the decomposed café differs) or trim only
// before removing '#' ("# spaced" keeps a space).
func TestNormalizeTag(t *testing.T) {
	for in, want := range map[string]string{"#Homelab ": "homelab", "# spaced": "spaced", "cafe\u0301": "caf\u00e9", "Project/Alpha": "project/alpha"} {
		if got := NormalizeTag(in); got != want {
			t.Errorf("NormalizeTag(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzClauses checks Clauses' invariants on any input: clauses are in
// order, do not overlap, and each is its own range of the input, trimmed
// and not empty. Mutations that fail it: the colon rule measuring its
// label from a later sentence end (a panic on "A b. C d. E f g h: x");
// the conjunctions looked up in strings.ToLower(s), whose offsets shift
// after "İ" or an invalid byte (testdata/fuzz).
func FuzzClauses(f *testing.F) {
	f.Add("A b. C d. E f g h: x")
	f.Add("İstanbul and Ankara: x and y")
	f.Add("vm1 snapshot: 3 May; vm2 snapshot: 9 May\ngpu0: 24 GB\ngpu1: 12 GB")
	f.Add("The locker code is 3817 (if it does not open, ask at reception). Next: the disks — all of them.")
	f.Fuzz(func(t *testing.T, s string) {
		end := 0
		for _, c := range Clauses(s) {
			if c.Start < end || c.End > len(s) || c.Start >= c.End {
				t.Fatalf("Clauses(%q): clause %+v out of order or bounds (previous end %d)", s, c, end)
			}
			if s[c.Start:c.End] != c.Text || strings.TrimSpace(c.Text) != c.Text {
				t.Fatalf("Clauses(%q): clause %+v is not its trimmed range %q", s, c, s[c.Start:c.End])
			}
			end = c.End
		}
	})
}
