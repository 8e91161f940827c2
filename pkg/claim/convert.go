package claim

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// measureUnit is a unit a value may be converted into another of: its
// dimension, its size in the dimension's base unit, and whether it is
// metric (the other side being the imperial and US customary units).
type measureUnit struct {
	dim    string
	base   float64
	metric bool
}

// convertible are the units (units' names) whose conversions
// conversions checks: pressure, length, mass, volume, speed and
// temperature (in °C, whose base is handled apart). "m" is read as
// metres: it is paired only with feet or inches, beside which it is no
// million. Units with two readings here ("°" alone) and within-system
// ones it never pairs (bytes, durations) are not listed.
var convertible = map[string]measureUnit{
	"bar": {"pressure", 100000, true}, "kpa": {"pressure", 1000, true}, "psi": {"pressure", 6894.757, false},
	"mm": {"length", 0.001, true}, "cm": {"length", 0.01, true}, "m": {"length", 1, true}, "km": {"length", 1000, true},
	"in": {"length", 0.0254, false}, "ft": {"length", 0.3048, false},
	"mg": {"mass", 1e-6, true}, "g": {"mass", 0.001, true}, "kg": {"mass", 1, true},
	"lb": {"mass", 0.45359237, false}, "oz": {"mass", 0.028349523, false},
	"ml": {"volume", 0.001, true}, "cl": {"volume", 0.01, true}, "l": {"volume", 1, true},
	"tbsp": {"volume", 0.0147868, false}, "tsp": {"volume", 0.00492892, false},
	"km/h": {"speed", 1, true}, "mph": {"speed", 1.609344, false},
	"°c": {"temperature", 1, true}, "°f": {"temperature", 1, false},
}

// conversionJoinRe matches what may stand between a value and the same
// value in another unit system: spaces, an opening bracket, an equals or
// approximation sign, a slash, "or", "about", "i.e." and their like in
// the index's languages: "5.5 bar (= 80 psi)", "2.2 bar / 32 psi",
// "350 °F (about 180 °C)".
var conversionJoinRe = regexp.MustCompile(`(?i)^[ \t\x{00a0}]*[(\[]?[ \t\x{00a0}]*(?:(?:=|≈|~|/|\||,|:|[–—]|or|oder|ou|o|of|approx\.?|approximately|about|around|roughly|i\.\s?e\.|which is|that is|ca\.?|circa|etwa|ungefähr|rund|also|bzw\.?|beziehungsweise|d\.\s?h\.|das sind|environ|soit|aprox\.?|aproximadamente|cerca de|unos|unas|es decir|ossia|cerca|ovvero|ou seja|ongeveer|zo'n|dus)[ \t\x{00a0}]*)*$`)

// conversionTolerance is the share by which a value and its conversion
// may differ beyond the precision they are written with: rounded
// kitchen and tyre conversions ("1 lb (500 g)", "2 lb (1 kg)", "2.2 bar
// (32 psi)") differ by up to about 10 %.
const conversionTolerance = 0.12

// conversions reads the values of sentence (facts, Facts(sentence)) that
// stand right after another in a unit of the other system (metric
// against imperial or US customary) and the same dimension: "5.5 bar (=
// 80 psi)", "2.5 bar / 36 psi", "350 °F (about 180 °C)". It returns the
// first such pair where the second does not state the first in other
// units (converts), as a pair of values AsideValue reports: "Tyre
// pressure front: 5.5 bar (= 95 psi)" gives 5.5 bar and 6.55 bar, two
// values of one measure. It also returns facts without the values that
// do restate the one before them, which are no second value: "2.2 bar (32
// psi) front, 2.5 bar / 36 psi rear" names two pressures, not four.
// Values in one system are never paired: a bracket there more often
// names a part ("3 kg (500 g per portion)") than restates the whole.
func conversions(sentence string, facts []Fact) (AsidePair, bool, []Fact) {
	kept := make([]Fact, 0, len(facts))
	for i, b := range facts {
		if i == 0 {
			kept = append(kept, b)
			continue
		}
		a := facts[i-1]
		if a.Kind != Number || b.Kind != Number || b.Start < a.End || !conversionJoinRe.MatchString(sentence[a.End:b.Start]) || !conversionEndRe.MatchString(sentence[b.End:]) {
			kept = append(kept, b)
			continue
		}
		vas, ua, ok1 := measureValues(a)
		vbs, ub, ok2 := measureValues(b)
		if !ok1 || !ok2 || ua.dim != ub.dim || ua.metric == ub.metric {
			kept = append(kept, b)
			continue
		}
		agree := false
		for _, va := range vas {
			for _, vb := range vbs {
				agree = agree || converts(a.Text, va, ua, b.Text, vb, ub)
			}
		}
		if !agree {
			x := strconv.FormatFloat(convert(vbs[0], ub, ua), 'g', 3, 64) + " " + unitName(a)
			return AsidePair{Own: a, Aside: b, OwnFirst: true, Detail: fmt.Sprintf("it gives %q and, as the same in other units, %q, which is %s: two values of one measure, and the note does not say which holds", a.Text, b.Text, x)}, true, nil
		}
	}
	return AsidePair{}, false, kept
}

// conversionEndRe matches what may follow a value that restates another
// in other units: the end, a closing bracket, a punctuation mark or an
// opening bracket; not a word, which makes it another thing's measure
// ("28 inch (622 mm ISO)", a wheel's nominal size and its rim's; "205 mm
// / 16 inch rim").
var conversionEndRe = regexp.MustCompile(`^[ \t\x{00a0}]*(?:$|[)\]}.,;:!?(\n=])`)

// measureValues returns f's readings as numbers ("1.200 kg" is 1.2 or
// 1200 kg) and its unit, when the unit is one of convertible's.
func measureValues(f Fact) ([]float64, measureUnit, bool) {
	var out []float64
	var u measureUnit
	for _, v := range f.values {
		num, unit, _ := strings.Cut(v, " ")
		mu, ok := convertible[unit]
		x, err := strconv.ParseFloat(num, 64)
		if !ok || err != nil || len(out) > 0 && mu != u {
			return nil, measureUnit{}, false
		}
		out, u = append(out, x), mu
	}
	return out, u, len(out) > 0
}

// unitName is the unit name of f's first reading, "°C" and "°F" in
// capitals.
func unitName(f Fact) string {
	unit := numberUnit(f)
	if strings.HasPrefix(unit, "°") {
		return strings.ToUpper(unit)
	}
	return unit
}

// convert returns v, in unit from, in unit to (of one dimension).
func convert(v float64, from, to measureUnit) float64 {
	if from.dim == "temperature" {
		if from.metric == to.metric {
			return v
		}
		if from.metric {
			return v*9/5 + 32
		}
		return (v - 32) * 5 / 9
	}
	return v * from.base / to.base
}

// converts reports whether value vb in unit ub (written tb) states value
// va in unit ua (written ta): whether the ranges the two round from
// (each value plus or minus half its last written digit, halfDigit),
// in one unit, overlap once widened by conversionTolerance (for
// temperatures, in °C, by 8 °C from 90 °C up, an oven's, else by 1 °C
// or 2.5 %, whichever is more: a fever's "37 °C (104 °F)" is 40 °C).
func converts(ta string, va float64, ua measureUnit, tb string, vb float64, ub measureUnit) bool {
	to := ua
	if ua.dim == "temperature" {
		to = measureUnit{dim: "temperature", metric: true}
	}
	ha, hb := halfDigit(ta), halfDigit(tb)
	loA, hiA := convert(va-ha, ua, to), convert(va+ha, ua, to)
	loB, hiB := convert(vb-hb, ub, to), convert(vb+hb, ub, to)
	if ua.dim == "temperature" {
		// Oven tables convert in steps of 25 °F (14 °C) and 10 °C: "170 °C
		// (325 °F)" is 163 °C. Below an oven's heat a degree counts.
		slack := max(1, 0.025*math.Abs(loA))
		if loA >= 90 {
			slack = 8
		}
		return loB <= hiA+slack && loA <= hiB+slack
	}
	return loB <= hiA*(1+conversionTolerance) && loA <= hiB*(1+conversionTolerance)
}

// halfDigit is half the place value of the last digit written in a
// number's text: 0.05 for "5.5 bar", 0.5 for "95 psi", 0.5 for "1 kg".
func halfDigit(t string) float64 {
	digits, dec, seen := 0, false, false
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case isDigit(c):
			seen = true
			if dec {
				digits++
			}
		case (c == '.' || c == ',') && seen && i+1 < len(t) && isDigit(t[i+1]) && !dec:
			// A decimal mark, unless three digits follow and then no
			// more (a thousands group, "1,000").
			j := i + 1
			for j < len(t) && isDigit(t[j]) {
				j++
			}
			dec = j-i-1 != 3
		case seen && c != '.' && c != ',':
			i = len(t)
		}
	}
	return 0.5 * math.Pow(10, -float64(digits))
}
