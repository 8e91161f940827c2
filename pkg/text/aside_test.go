package text

import (
	"reflect"
	"testing"
)

func TestAsides(t *testing.T) {
	cases := []struct {
		s    string
		want []string
	}{
		{"Check-up on 14 May at 10:30 [moved to 16 May (by the practice)], bring the card.", []string{"[moved to 16 May (by the practice)]"}},
		{"The tyres cost £40 (storage) — fitted in March — and last 3 years.", []string{"(storage)", "— fitted in March —"}},
		{"The code is B4729 – the landlord says B8150; third floor.", []string{"– the landlord says B8150"}},
		{"Rent is £950 - £50 of it for parking", []string{"- £50 of it for parking"}},
		{"f(x) is item[2] of the list-based re-run", nil},
		{"An unclosed (bracket stays text", nil},
		{"⟦sys⟧ updated", []string{"⟦sys⟧"}},
		// Ranges are no asides; em dashes need no spaces; other dashes do.
		{"Open Mon–Fri 09:00 – 17:30 (closed on holidays).", []string{"(closed on holidays)"}},
		{"El alquiler son 650 €—nota del casero: ahora son 720 €—.", []string{"—nota del casero: ahora son 720 €—"}},
		{"Door code 1234 -- new code 9876, ignore the old one.", []string{"-- new code 9876, ignore the old one."}},
		{"Le loyer est de 780 € ‒ mise à jour : 840 €.", []string{"‒ mise à jour : 840 €."}},
		{"Take 50 mg twice a day（doctor's note: 150 mg）.", []string{"（doctor's note: 150 mg）"}},
		{"A well-known co-op, 12-14 Mill St.", nil},
		// Two-em dashes join words of a remark; an asterism sets one apart.
		{"Visita alle 11:15 ⁂ n.b. ⁂ orario⸺spostato⸺alle⸺08:20⸺ok", []string{"⁂ n.b. ⁂", "⸺spostato⸺", "⸺08:20⸺"}},
		{"Rooms 3⁂4 and a⸻b", []string{"⸻b"}},
		// A bracket glued to a number opens an aside when words follow it
		// (mutation: gluedWordsRe not tried); calls and indexes do not.
		{"Gate code 4819(update from the caretaker: 7702), ring twice.", []string{"(update from the caretaker: 7702)"}},
		{"Cost is log2(n) steps, a[10] and sqrt2(x).", nil},
		// A no-break space counts as a space around a dash (mutation:
		// spaceBefore not tried), and tortoise-shell and full-width square
		// brackets open asides glued or not.
		{"Gate code 4819\u00a0– now 7702", []string{"– now 7702"}},
		{"Code 4819〔caretaker: 7702〕 and 5［note: 9］", []string{"〔caretaker: 7702〕", "［note: 9］"}},
	}
	for _, c := range cases {
		var got []string
		for _, a := range Asides(c.s) {
			got = append(got, c.s[a.Start:a.End])
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Asides(%q) = %q, want %q", c.s, got, c.want)
		}
	}
}
