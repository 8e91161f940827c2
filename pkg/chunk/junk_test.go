package chunk

import (
	"encoding/base64"
	"math/rand"
	"strings"
	"testing"
)

func randomBytes(n int) []byte {
	b := make([]byte, n)
	rand.New(rand.NewSource(1)).Read(b)
	return b
}

var junkOpts = Options{JunkRun: 200, JunkLine: 2000}

func TestMaskJunkBlanksMachineDataAndKeepsProse(t *testing.T) {
	blob := base64.StdEncoding.EncodeToString(randomBytes(3000)) // one line of 4000 characters
	body := "# Photo\n\nThe photo of the router label:\n\n" + blob + "\n\nThe sentence after the blob names the serial number SN-4471.\n"
	got, spans := MaskJunk(body, junkOpts)
	want := "# Photo\n\nThe photo of the router label:\n\n\n\nThe sentence after the blob names the serial number SN-4471.\n"
	if got != want {
		t.Fatalf("masked:\n%q\nwant\n%q", got, want)
	}
	if len(spans) != 1 || spans[0] != (JunkSpan{StartLine: 5, EndLine: 5, Bytes: 4000}) {
		t.Fatalf("spans %+v", spans)
	}
}

func TestMaskJunkWrappedBase64(t *testing.T) {
	enc := base64.StdEncoding.EncodeToString(randomBytes(570)) // 760 characters
	var lines []string
	for i := 0; i < len(enc); i += 76 {
		lines = append(lines, enc[i:min(i+76, len(enc))])
	}
	body := "Key below.\n" + strings.Join(lines, "\n") + "\nEnd of key.\n"
	got, spans := MaskJunk(body, junkOpts)
	if len(spans) != 1 || spans[0].StartLine != 2 || spans[0].EndLine != 11 || spans[0].Bytes != 760 {
		t.Fatalf("spans %+v", spans)
	}
	if got != "Key below.\n"+strings.Repeat("\n", 10)+"End of key.\n" {
		t.Fatalf("masked %q", got)
	}
}

func TestMaskJunkMinifiedJSON(t *testing.T) {
	var b strings.Builder
	b.WriteString("[")
	for i := 0; b.Len() < 5000; i++ {
		b.WriteString(`{"id":` + strings.Repeat("7", i%5+1) + `,"name":"item","tags":["a","b"]},`)
	}
	b.WriteString("]")
	_, spans := MaskJunk(b.String()+"\n", junkOpts)
	if len(spans) != 1 || spans[0].Bytes != b.Len() {
		t.Fatalf("spans %+v", spans)
	}
}

func TestMaskJunkKeepsWhatIsNotMachineData(t *testing.T) {
	for name, body := range map[string]string{
		"CJK paragraph without spaces": strings.Repeat("東京の春は桜が美しく、多くの人が公園で花見を楽しみます。", 200) + "\n",
		"long prose line":              strings.Repeat("This paragraph was written without hard line breaks at all. ", 80) + "\n",
		"sha256 and a path":            "sha256 8199be6fa2c7d9e0b4d1f3a5c6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8a9 at /srv/backups/2024-01-01/db.dump\n",
		"horizontal rule":              strings.Repeat("-", 300) + "\n",
		"table":                        "| a | b |\n|---|---|\n| 1 | 2 |\n",
		"short base64 line":            base64.StdEncoding.EncodeToString(randomBytes(60)) + "\n",
		"off":                          "",
	} {
		o := junkOpts
		if name == "off" {
			body, o = base64.StdEncoding.EncodeToString(randomBytes(3000)), Options{}
		}
		if got, spans := MaskJunk(body, o); got != body || spans != nil {
			t.Errorf("%s: masked %+v", name, spans)
		}
	}
}
