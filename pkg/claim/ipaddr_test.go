package claim

import "testing"

// TestIPAddressClass: a device's address is of the class "ip address"; a
// dotted version is not (mutation: ipAddress without its first-number
// test classes "2.4.0.1"; without octets "300.1.1.1").
func TestIPAddressClass(t *testing.T) {
	for s, want := range map[string]string{
		"NAS 192.168.1.10":      "ip address",
		"Router fe80::1":        "ip address",
		"Web UI 10.0.0.5:8080":  "ip address",
		"Firmware 2.4.0.1":      "",
		"Build 300.1.1.1 ready": "",
	} {
		fs := Facts(s)
		if len(fs) == 0 {
			t.Errorf("Facts(%q) = none", s)
			continue
		}
		f := fs[len(fs)-1]
		if got := ValueClass(s, f); got != want {
			t.Errorf("ValueClass(%q, %q) = %q, want %q", s, f.Text, got, want)
		}
	}
}
