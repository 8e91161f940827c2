package text_test

import (
	"reflect"
	"testing"

	"github.com/hrag-dev/hrag/pkg/text"
)

// TestSpoofedWords: words that read as Latin ones and are written in part
// in look-alikes of other scripts are reported whole and in order, and so
// are Latin letters slipped into a Cyrillic word, numbers mixing digits or
// letters that pass for digits, capital look-alike codes in Latin text and
// look-alike host names; science symbols, Russian endings, times signs,
// names in their own script and words of one script are not. Mutations:
// alikeInWord accepting every small Greek letter ("GSK3β", "ρgh" fail);
// invisible characters ending a word (the zero-width case fails);
// russianEnding returning false ("SMSка" fails); spoofedHost returning
// false ("νk.com" fails); digitSpoof without its group rule ("О130"
// fails); alikeOnly without codeGroup for capitals ("ООО" fails).
func TestSpoofedWords(t *testing.T) {
	for s, want := range map[string][]string{
		"Pay to GВ94 ВАRC 2003 4417 6208 92 from May":                      {"GВ94", "ВАRC"},
		"the pаssword is on the fridge":                                    {"pаssword"},
		"log in at gοogle.com first":                                       {"gοogle"},
		"Sign in via νk.com":                                               {"νk.com"},
		"visit аррӀе.com today":                                            {"аррӀе.com"},
		"Wi-Fi key G\u200bВ94":                                             {"G\u200bВ94"},
		"ᎪMAZON gift card, p𝐚ssword":                                       {"ᎪMAZON", "p𝐚ssword"},
		"Sort code 92৪8, door 37Ο4":                                        {"92৪8", "37Ο4"},
		"IBAN GB33 АВВУ 1234 5678":                                         {"АВВУ"},
		"новый пaроль: 4471":                                               {"пaроль"},
		"DE89 3704 0044 0532 О130 00, ID 12\u200bО45":                      {"О130", "12\u200bО45"},
		"please рау the invoice":                                           {"рау"},
		"Eθνική Tράπεζα":                                                   {"Eθνική", "Tράπεζα"},
		"Получатель: ООО «Pомашка»":                                        {"Pомашка"},
		"GB33 BUKB 2020 1555 5555 55":                                      nil,
		"пароль от Wi-Fi: 4471, USBшка":                                    nil,
		"a 10 kΩ resistor, 5 μg, the α-helix, GSK3β":                       nil,
		"p = ρgh; IκBα and Gβγ; TNFα":                                      nil,
		"Ο Γιάννης πληρώνει 60 € στο GR16 0110":                            nil,
		"Заказал 2х8GB, SMSка пришла, XIXв":                                nil,
		"Moskva (Москва), Müller, 東京tokyo":                                 nil,
		"цiна 40 грн":                                                      nil,
		"Украiна, Київ; домофон 42К1234":                                   nil,
		"Μένω στον 3ο όροφο":                                               nil,
		"Файлы: АКТ.pdf, Смета.xlsx":                                       nil,
		"Invoice from ООО «Ромашка» for the kitchen repairs, paid in full": nil,
		"the reals ℝⁿ":                                                     nil,
	} {
		if got := text.SpoofedWords(s); !reflect.DeepEqual(got, want) {
			t.Errorf("SpoofedWords(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestLookAlike: Cyrillic and Greek look-alikes of either case give their
// Latin letter; Latin letters and other letters give false. Mutation:
// LookAlike without unicode.ToLower misses the capitals.
func TestLookAlike(t *testing.T) {
	for r, want := range map[rune]rune{'В': 'b', 'в': 'b', 'А': 'a', 'Ρ': 'p', 'Ν': 'n', 'ν': 'v', 'B': 0, 'Ω': 0, 'ж': 0} {
		got, ok := text.LookAlike(r)
		if want == 0 && ok || want != 0 && got != want {
			t.Errorf("LookAlike(%q) = %q, %v, want %q", r, got, ok, want)
		}
	}
}

// BenchmarkSpoofedWords: one answer sentence of ordinary length, as the
// answer check reads each shown sentence.
func BenchmarkSpoofedWords(b *testing.B) {
	s := "Pay the cleaner by transfer to GB33 BUKB 2020 1555 5555 55, reference HOLLY, £60 per visit (Joanna, fortnightly Thursdays)."
	for b.Loop() {
		if text.SpoofedWords(s) != nil {
			b.Fatal("a Latin sentence has no spoofed word")
		}
	}
}
