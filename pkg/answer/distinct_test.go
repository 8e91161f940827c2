package answer

import "testing"

// A sentence written again, or again as the closing words of an earlier
// one, is dropped; one that is only a part elsewhere in an earlier one is
// kept. Mutation: distinct comparing whole sentences only (the repeated
// closing sentence stays, as in the README's German example).
func TestDistinct(t *testing.T) {
	in := []draftSentence{
		{text: "Set `shared_buffers = 4GB`, a quarter of the RAM. Going higher did not help"},
		{text: "Going higher did not help"},
		{text: "going  HIGHER did not help"},
		{text: "a quarter of the RAM"},
		{text: "Set `shared_buffers = 4GB`, a quarter of the RAM. Going higher did not help"},
	}
	out := distinct(in)
	if len(out) != 2 || out[0].text != in[0].text || out[1].text != "a quarter of the RAM" {
		t.Errorf("distinct kept %+v", out)
	}
}
