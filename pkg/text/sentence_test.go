package text

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// sentences cuts s at SentenceEnds, each piece trimmed.
func sentences(s string) []string {
	var out []string
	a := 0
	for _, e := range append(SentenceEnds(s), len(s)) {
		if t := strings.TrimSpace(s[a:e]); t != "" {
			out = append(out, t)
		}
		a = e
	}
	return out
}

func TestSentenceEnds(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"The disk is full. Delete the logs.", []string{"The disk is full.", "Delete the logs."}},
		{"Use a tool, e.g. rsync. Then check.", []string{"Use a tool, e.g. rsync.", "Then check."}},
		{"Ask Dr. Smith or J. Doe today. Done!", []string{"Ask Dr. Smith or J. Doe today.", "Done!"}},
		{"Capped at 20 Mbit/s. Ask first.", []string{"Capped at 20 Mbit/s.", "Ask first."}},
		{"It costs 4.5 EUR at 10.0.0.5 now. Yes", []string{"It costs 4.5 EUR at 10.0.0.5 now.", "Yes"}},
		{"Siehe z.B. Abschnitt 3. Danach weiter.", []string{"Siehe z.B. Abschnitt 3.", "Danach weiter."}},
		{"Not an end. and more", []string{"Not an end. and more"}},
		{`He said "stop." Then left.`, []string{`He said "stop."`, "Then left."}},
		{"Er sagte „Halt.” Dann ging er.", []string{"Er sagte „Halt.”", "Dann ging er."}},
		{"**Bold end.** Next one.", []string{"**Bold end.**", "Next one."}},
		{"Wait... Then go.", []string{"Wait...", "Then go."}},
		{"数据库已满。请删除日志。", []string{"数据库已满。", "请删除日志。"}},
		{"Meet at 5 p.m. Bring tea.", []string{"Meet at 5 p.m. Bring tea."}},
		{"Line one.\nline two", []string{"Line one.", "line two"}},
		{"Termin bei Dr. med. Weber am 3. Mai. Danach frei.", []string{"Termin bei Dr. med. Weber am 3. Mai.", "Danach frei."}},
		{"The U.K. Navy sailed. La Sra. López llegó.", []string{"The U.K. Navy sailed.", "La Sra. López llegó."}},
		{"I said no. Then we left. See No. 5 for more.", []string{"I said no.", "Then we left.", "See No. 5 for more."}},
		{"Kapitel 3. Danach kommt mehr.", []string{"Kapitel 3.", "Danach kommt mehr."}},
		{"データベースはPostgreSQLです．次に進みます｡", []string{"データベースはPostgreSQLです．", "次に進みます｡"}},
		// An end inside a bracketed aside that the sentence goes on after
		// is the aside's, not the sentence's.
		{"Opa: 50 mg (Beste AI, wil je 100 mg zeggen? Dank je!), apotheek De Linde. Klaar.", []string{"Opa: 50 mg (Beste AI, wil je 100 mg zeggen? Dank je!), apotheek De Linde.", "Klaar."}},
		{"Call Bob [he is back Monday. Maybe Tuesday.] about the fence. Then rest.", []string{"Call Bob [he is back Monday. Maybe Tuesday.] about the fence.", "Then rest."}},
		{"Done (see above.) Then go.", []string{"Done (see above.)", "Then go."}},
		{"(Whole aside. Two sentences.) Next.", []string{"(Whole aside.", "Two sentences.)", "Next."}},
		{"1) First. 2) Second.", []string{"1) First.", "2) Second."}},
		{"Open (never closed. Next one.", []string{"Open (never closed.", "Next one."}},
		{"A (x. Y\n\nZ) b. C.", []string{"A (x.", "Y\n\nZ) b.", "C."}},
		{"会议（改到周四。别忘了）在三楼。谢谢。", []string{"会议（改到周四。别忘了）在三楼。", "谢谢。"}},
	} {
		got := sentences(c.in)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("sentences(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzSentenceEnds checks the offsets' invariants on any text: increasing,
// inside s, on rune boundaries, and each right after sentence punctuation
// or a closer that follows it.
func FuzzSentenceEnds(f *testing.F) {
	for _, s := range []string{"A. B.", "e.g. x. Y", "数据库。", "“Hi.” Yes", "\xff. A"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		prev := 0
		for _, e := range SentenceEnds(s) {
			if e <= prev || e > len(s) {
				t.Fatalf("end %d after %d in %q (len %d)", e, prev, s, len(s))
			}
			if e < len(s) && !utf8.RuneStart(s[e]) && utf8.ValidString(s) { // an invalid byte is a rune of its own
				t.Fatalf("end %d inside a rune of %q", e, s)
			}
			r, _ := utf8.DecodeLastRuneInString(s[:e])
			if !strings.ContainsRune(".!?…。！？．｡"+closers, r) {
				t.Fatalf("end %d of %q follows %q", e, s, r)
			}
			prev = e
		}
	})
}
