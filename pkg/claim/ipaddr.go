package claim

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

var (
	// ipv4Re: four groups of one to three digits parted by dots.
	ipv4Re = regexp.MustCompile(`\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b`)
	// IPv6: eight groups, or fewer around "::" ("fd7a:115c:a1e0::1",
	// "::1"); not a time (10:30:00) or a MAC address.
	ipv6Re = regexp.MustCompile(`(?i)(^|[^0-9a-f:])((?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{0,4}::(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){0,6})?)([^0-9a-f:]|$)`)
	// ipv4AtRe: an IPv4 address with a port or a prefix length after it
	// ("10.0.0.5:8080", "10.0.0.0/24"), not inside a longer dotted run.
	ipv4AtRe = regexp.MustCompile(`(?:^|[^\pL\pN.])((?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5}|/\d{1,2})?)`)
)

// findIPAddresses returns the IPv4 addresses of text (four numbers of 0
// to 255, with a port or prefix length if one follows) and its IPv6
// addresses (ipv6Re) as codes, whose value is the address in lower case:
// read before dates and numbers, which took "10.0.1.20" for the date
// "0.1.20", "192.168.178.20" for a number grouped in thousands and
// "2001:db8::10" for the number 2001.
func findIPAddresses(text string) []Fact {
	var out []Fact
	if strings.Count(text, ".") < 3 && !strings.Contains(text, "::") && strings.Count(text, ":") < 7 {
		return nil // no address can stand in it: spare the expressions
	}
	for _, m := range ipv4AtRe.FindAllStringSubmatchIndex(text, -1) {
		s, e := m[2], m[3]
		if !valueEnds(text, e) || !octets(text[s:e]) {
			continue
		}
		out = append(out, Fact{Kind: Code, Text: text[s:e], Start: s, End: e, values: []string{normCode(text[s:e])}})
	}
	if !strings.Contains(text, "::") && strings.Count(text, ":") < 7 {
		return out // an IPv6 address has "::" or seven colons
	}
	for _, m := range ipv6Re.FindAllStringSubmatchIndex(text, -1) {
		s, e := m[4], m[5]
		if strings.Count(text[s:e], ":") < 2 || e-s < 3 || !strings.ContainsAny(text[s:e], "0123456789") || wordBefore(text, s) || !valueEnds(text, e) {
			continue // "std::deque" is a C++ name
		}
		out = append(out, Fact{Kind: Code, Text: text[s:e], Start: s, End: e, values: []string{strings.ToLower(text[s:e])}})
	}
	return out
}

// octets reports whether addr, four dotted groups of digits with a port
// or prefix after it or not, has groups of 0 to 255 only, none written
// with a leading zero ("044.123.45.67" is a telephone number,
// "100.000.000.000" a number grouped in thousands).
func octets(addr string) bool {
	addr, _, _ = strings.Cut(addr, ":")
	addr, _, _ = strings.Cut(addr, "/")
	for _, g := range strings.Split(addr, ".") {
		if n, err := strconv.Atoi(g); err != nil || n > 255 || len(g) > 1 && g[0] == '0' {
			return false
		}
	}
	return true
}

// wordBefore reports whether the character before index i of text is a
// letter, a digit or an underscore.
func wordBefore(text string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(text[:i])
	return i > 0 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_')
}

// ipAddress reports whether code f is an IP address of a device rather
// than a version: an IPv6 address, or an IPv4 one (a port or prefix
// length after it or not) whose first number is 10 or more ("2.4.0.1" is
// a firmware's version far more often than an address).
func ipAddress(f Fact) bool {
	if m := ipv6Re.FindStringSubmatch(f.Text); m != nil && m[2] == f.Text {
		return strings.Count(f.Text, ":") >= 2
	}
	m := ipv4AtRe.FindStringSubmatch(f.Text)
	if m == nil || m[1] != f.Text || !octets(f.Text) {
		return false
	}
	first, _, _ := strings.Cut(f.Text, ".")
	n, _ := strconv.Atoi(first)
	return n >= 10
}
