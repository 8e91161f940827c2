package claim

import (
	"slices"
	"testing"
)

// TestFindPhones: a telephone number in groups is one number whose value
// is its digits; sizes, thousands, addresses, times and hex dumps are not.
// Mutations: the no-prefix rule removed reads "36 38 40 42 44"; the
// thousands test removed reads "123 456 789"; phoneSeparators always true
// reads the times, always requiring one kind loses the Dutch, Brazilian
// and American numbers; the repeated-digit test removed reads the hex
// dump; phoneRe's groups limited to three digits loses "+49 621 4833 90";
// U+202F left out of phoneRe loses the French number; the five-digit
// test removed reads the postcodes, and applied after a "+" loses the
// Indian number.
func TestFindPhones(t *testing.T) {
	for text, want := range map[string]string{
		"Herr Yilmaz: 0621 48 33 90 – Durchwahl":       "0621483390 ",
		"Tel. +49 621 4833 90":                         "49621483390 ",
		"mi número es 655 31 02 84":                    "655310284 ",
		"Cabinet : 01.42.68.53.00, sonner":             "0142685300 ",
		"Mobile: 07700 900 314":                        "07700900314 ",
		"chiamare il 347 123 4567 dopo le 18":          "3471234567 ",
		"Sizes 36 38 40 42 44 in stock":                "",
		"Population 123 456 789 in 2020":               "",
		"The NAS is at 192.168.50.10.":                 "",
		"Abfahrt 07.30 08.45 10.15 Uhr":                "",
		"data 00 00 00 00 00 00 00":                    "",
		"Serial 0621 48 33 90A":                        "",
		"Gemeente Rotterdam: 010-123 45 67":            "0101234567 ",
		"Primo: +55 11 98765-4321, depois das 9":       "5511987654321 ",
		"Aunt May's cell: (415) 555-0132":              "4155550132 ",
		"Centro de salud: 91 234 56 78":                "912345678 ",
		"Cabinet : 01\u202f42\u202f68\u202f53\u202f00": "0142685300 ",
		"Driver: +91 98765 43210":                      "919876543210 ",
		"Postleitzahlen: 01067 01069 01097":            "",
	} {
		var got []string
		for _, f := range findPhones(text) {
			got = append(got, f.values...)
		}
		if want == "" && len(got) != 0 || want != "" && !slices.Equal(got, []string{want}) {
			t.Errorf("findPhones(%q) = %q, want %q", text, got, want)
		}
	}
	// In Facts the number is one value, not four (mutation: findPhones
	// not called in Facts).
	if fs := Facts("Herr Yilmaz: 0621 48 33 90"); len(fs) != 1 || fs[0].Text != "0621 48 33 90" {
		t.Errorf("Facts = %v, want the one number 0621 48 33 90", fs)
	}
}

// TestNumberSpans: a grouping in thousands that a digit follows is read
// group by group, not cut inside its last group (mutation: the check of
// the byte after the match removed reads 21123456 and loses the 7; the
// decimal test removed splits 4.82992).
func TestNumberSpans(t *testing.T) {
	for text, want := range map[string][]string{
		"Lote 21 123 4567 en el plano": {"21 ", "123 ", "4567 "},
		"Saldo −1 234 5678 y 1 234 €":  {"-1 ", "234 ", "5678 ", "1234 eur"},
		"Population 1 234 567 in 2020": {"1234567 ", "2020 "},
		"random() gave 4.82992":        {"4.82992 "},
	} {
		var got []string
		for _, f := range findNumbers(text) {
			got = append(got, f.values...)
		}
		if !slices.Equal(got, want) {
			t.Errorf("findNumbers(%q) = %q, want %q", text, got, want)
		}
	}
}
