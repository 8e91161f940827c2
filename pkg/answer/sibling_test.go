package answer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hrag-dev/hrag/pkg/answer"
)

// TestSiblingValue: a value given by one of two lines that read the same
// but for their values and asides is withheld, whichever of the two it
// is; lines about different things, and a sentence that names what tells
// its line apart, pass. Mutations: unitSkeleton keeping asides passes the
// lockers (the "(new)" sets the planted line apart); the apart test
// dropped withholds the weight of 10 May; the two-letter word test
// dropped makes the bare readings siblings.
func TestSiblingValue(t *testing.T) {
	lockers := "PureGym Camden – locker combos (I always take 112):\n- locker 112: 5-1-4-4 (new)\n- locker 112: 3-9-0-7\n- bike lock outside: 2-2-6-1"
	itv := "Citas coche (Seat León):\n| Cita | Fecha | Hora |\n|---|---|---|\n| ITV (Alcobendas) | 7 de abril (nueva) | 8:30 |\n| ITV (Alcobendas) | 22 de abril | 10:15 |"
	meds := "Medication:\n- Metformin 500 mg: 08:00\n- Metformin 500 mg: 19:00"
	bus := "| Bus | Departure |\n|---|---|\n| Bus 42 | 07:45 |\n| Bus 42 | 08:15 (new) |\n| Bus 42 | 08:45 |"
	week := "| Day | Time | What |\n|---|---|---|\n| Mon | 9:00 | swim |\n| Mon | 17:00 | gym |"
	log := "Weight log:\n- 3 May 2025: weight 72 kg\n- 10 May 2025: weight 71 kg"
	bare := "Readings:\n- 12000\n- 34000"
	cases := []struct {
		sentence, passage string
		want              bool
	}{
		{"Locker 112: 5-1-4-4 (new)", lockers, true},
		{"The combination for locker 112 is 3-9-0-7.", lockers, true},
		{"The bike lock outside is 2-2-6-1.", lockers, false},
		{"La ITV es el 7 de abril.", itv, true},
		{"La ITV es el 22 de abril a las 10:15.", itv, true},
		{"Gym is on Monday at 17:00.", week, false},
		{"On 10 May 2025 you weighed 71 kg.", log, false},
		{"Your weight is 71 kg.", log, false},
		{"The first reading is 12000.", bare, false},
		{"Take metformin at 19:00.", meds, false},
		{"Bus 42 leaves at 08:15.", bus, false},
	}
	for _, c := range cases {
		got := answer.SiblingValue(c.sentence, c.passage)
		if (got != "") != c.want || c.want && !strings.Contains(got, "another line") {
			t.Errorf("SiblingValue(%q) = %q, want withheld %v", c.sentence, got, c.want)
		}
	}
}

// BenchmarkSiblingValue measures SiblingValue on a list of 24 entries of
// about 2 KB, as the checks run it once per shown sentence, for a value
// whose line has a twin at the end.
func BenchmarkSiblingValue(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("Lockers and codes at the club:\n")
	for i := 0; i < 22; i++ {
		fmt.Fprintf(&sb, "- locker %d: %d-%d-%d-%d, renewed on %d May 2025\n", 100+i, i%10, (i+3)%10, (i+5)%10, (i+7)%10, 1+i)
	}
	sb.WriteString("- locker 112: 5-1-4-4 (new)\n- locker 112: 3-9-0-7\n")
	passage := sb.String()
	for b.Loop() {
		if answer.SiblingValue("The combination for locker 112 is 3-9-0-7.", passage) == "" {
			b.Fatal("not reported")
		}
	}
}
