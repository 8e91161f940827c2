package claim

import (
	"strings"
	"testing"
)

// TestAsideValueConversions: a value restated in the other unit system is
// one value when the two agree within rounding, two when they do not.
func TestAsideValueConversions(t *testing.T) {
	cases := []struct {
		sentence string
		want     string // the two values named, "" for none
	}{
		// 5.5 bar is 79.8 psi, not 95 (mutation: conversions not called
		// in AsideValues).
		{"Tyre pressure front: 5.5 bar (= 95 psi; the track pump only reads psi)", `"5.5 bar" … "95 psi"`},
		{"Bake at 180°C (= 400°F).", `"180°C" … "400°F"`}, // 204 °C
		{"Height 120 cm (about 10 inches).", `"120 cm" … "10 inches"`},
		// Rounding by the last written digit: "2 kg" is 1.5 to 2.5 kg, "2
		// lb" 0.68 to 1.13 kg (mutation: conversionTolerance 0.5).
		{"Weight 2 kg / 2 lb.", `"2 kg" … "2 lb"`},
		{"Fever above 37 °C (104 °F): call the doctor.", `"37 °C" … "104 °F"`},
		// Rounded conversions as kitchens and tyre placards write them
		// (mutations: the tolerance 0.05; halfDigit always 0; the
		// temperature slack 1 °C).
		{"Tyre pressure: 2.2 bar (32 psi) front, 2.5 bar / 36 psi rear.", ""},
		{"Bake at 180°C (350°F) for 25 minutes, or 200 °C (400 °F) in a cold oven.", ""},
		{"Use 1 lb (500 g) of flour, 2 lbs (1 kg) of potatoes, 1 tbsp (15 ml) oil, 1 oz (30 g) butter.", ""},
		{"Max speed 30 mph (50 km/h), 70 mph (110 km/h) on the motorway.", ""},
		{"Fever: 38.5 °C (101.3 °F).", ""},
		{"Rear tyre 2.2 bar (35 psi).", ""},    // 31.9 psi: 6 % beyond rounding
		{"Cut into 1 inch (3 cm) pieces.", ""}, // "1 inch" is 0.5 to 1.5
		// Oven tables step by 25 °F (mutation: the oven slack 1 °C).
		{"Bake at 170 °C (325 °F), or dry at 100 °C (200 °F) for 2 hours.", ""},
		// Every reading of a number is tried: "1.200 kg" is 1200 kg too
		// (mutation: the first reading alone).
		{"Max. Zuladung 1.200 kg (2645 lb).", ""},
		// A word after the second value makes it another thing's
		// (mutation: conversionEndRe not required): a nominal wheel size
		// and its rim's.
		{"Wheels 28 inch (622 mm ISO).", ""},
		{"Tyre 205 mm / 16 inch rim.", ""},
		// Inches, kilopascals and joining words of the other languages
		// (mutations: "zoll" out of units, "bzw" out of conversionJoinRe).
		{"Bildschirm 27 Zoll (80 cm).", `"27 Zoll" … "80 cm"`},
		{"Reifendruck 2,5 bar bzw. 45 psi.", `"2,5 bar" … "45 psi"`},
		{"Front 230 kPa (40 psi).", `"230 kPa" … "40 psi"`},
		{"Tower 100 m (500 ft).", `"100 m" … "500 ft"`},
		// One system: a bracket names a part (mutation: the metric check
		// removed from conversions).
		{"Parcel 3 kg (500 g per portion).", ""},
		// Another dimension, or words between, are no restatement.
		{"Pump 2.5 bar, 120 km/h max (75 mph), torque 60 Nm.", ""},
		{"2.2 bar front and then 40 psi for the spare.", ""},
	}
	for _, c := range cases {
		checkAsideValue(t, c.sentence, c.want)
	}
	// The detail gives the second value in the first's unit.
	if got := AsideValue("Tyre pressure front: 5.5 bar (= 95 psi)"); !strings.Contains(got, "6.55 bar") {
		t.Errorf("detail %q does not give 95 psi as 6.55 bar", got)
	}
}

func TestHalfDigit(t *testing.T) {
	for in, want := range map[string]float64{"5.5 bar": 0.05, "95 psi": 0.5, "1,000 g": 0.5, "2,25 kg": 0.005, "1,000.5 g": 0.05, "38.5 °C": 0.05} {
		if got := halfDigit(in); got < want*0.999 || got > want*1.001 {
			t.Errorf("halfDigit(%q) = %g, want %g", in, got, want)
		}
	}
}
