// Package tokenize counts tokens with an embedding model's own tokenizer
// (a Hugging Face tokenizer.json, run by github.com/daulet/tokenizers).
//
// Counts are of real tokens: any truncation or padding configured in the
// tokenizer.json is switched off, so a long text reports its full length.
package tokenize

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/daulet/tokenizers"
)

// Tokenizer counts tokens. It is safe for concurrent use.
type Tokenizer struct {
	tk      *tokenizers.Tokenizer
	special int
	// Truncation is the max_length of the truncation block in tokenizer.json
	// (0 if none): the longest input, in tokens including special tokens, that
	// a runtime honouring the file would embed.
	Truncation int
}

// Load reads a tokenizer.json file. Errors name the path.
func Load(path string) (*Tokenizer, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("tokenizer: %w", err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("tokenizer %s: not a tokenizer.json: %w", path, err)
	}
	t := &Tokenizer{}
	if tr, ok := doc["truncation"]; ok && string(tr) != "null" {
		var tc struct {
			MaxLength int `json:"max_length"`
		}
		if json.Unmarshal(tr, &tc) == nil {
			t.Truncation = tc.MaxLength
		}
	}
	doc["truncation"] = json.RawMessage("null")
	doc["padding"] = json.RawMessage("null")
	clean, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	tk, err := tokenizers.FromBytes(clean)
	if err != nil {
		return nil, fmt.Errorf("tokenizer %s: %w", path, err)
	}
	t.tk = tk
	ids, _ := tk.Encode("", true)
	t.special = len(ids)
	return t, nil
}

// Count returns the number of tokens in text, without special tokens.
func (t *Tokenizer) Count(text string) int {
	if text == "" {
		return 0
	}
	// IDs only: Encode would also copy every token's string across cgo.
	return len(t.tk.EncodeWithOptions(text, false).IDs)
}

// Spans returns the byte range [start, end) in text of each of its tokens
// (no special tokens), in order, from one pass of the tokenizer: len(Spans(s))
// == Count(s). A token that comes from a normalised character (an accent
// stripped, a lower-cased letter) spans that character's bytes; ranges
// never overlap and never decrease.
func (t *Tokenizer) Spans(text string) [][2]int {
	if text == "" {
		return nil
	}
	enc := t.tk.EncodeWithOptions(text, false, tokenizers.WithReturnOffsets())
	out := make([][2]int, len(enc.Offsets))
	for i, o := range enc.Offsets {
		out[i] = [2]int{int(o[0]), int(o[1])}
	}
	return out
}

// Special returns how many special tokens (e.g. [CLS] and [SEP]) the model
// adds around one input.
func (t *Tokenizer) Special() int { return t.special }

// Close frees the native tokenizer. The Tokenizer must not be used after.
func (t *Tokenizer) Close() error {
	if t.tk == nil {
		return nil
	}
	err := t.tk.Close()
	t.tk = nil
	return err
}
