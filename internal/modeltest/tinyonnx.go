package modeltest

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
)

// No cross-encoder or text classifier is packaged in the registries
// reachable here, so tests build tiny real ones. TinyModel writes into dir
// the tokenizer files of the embedding model (Dir) and a model.onnx that
// scores a text as the mean over its tokens of a per-token weight row:
// Gather(W[vocab, labels], input_ids) then ReduceMean over the sequence,
// giving logits of shape [batch, labels]. weights maps a token id to its
// row (len labels); other tokens weigh zero, except that every token adds
// base[j] to label j when base is given (len labels). id2label, when given,
// is written into config.json (a classifier's labels). The graph is written
// field by field in the ONNX protobuf format (onnx.proto) and runs in ONNX
// Runtime through hugot's pipelines, as a downloaded model would. TokenID
// gives the ids of words.
func TinyModel(tb testing.TB, dir string, labels int, base []float32, weights map[int][]float32, id2label map[int]string) {
	tb.Helper()
	src := Dir(tb)
	var tokJSON []byte
	for _, f := range []string{"tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "config.json"} {
		b, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			tb.Fatal(err)
		}
		switch f {
		case "tokenizer.json":
			tokJSON = b
		case "config.json":
			if id2label != nil {
				var cfg map[string]any
				if err := json.Unmarshal(b, &cfg); err != nil {
					tb.Fatal(err)
				}
				labelsJSON := map[string]string{}
				for id, l := range id2label {
					labelsJSON[fmt.Sprint(id)] = l
				}
				cfg["id2label"] = labelsJSON
				if b, err = json.Marshal(cfg); err != nil {
					tb.Fatal(err)
				}
			}
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	var tk struct {
		Model struct {
			Vocab map[string]int `json:"vocab"`
		} `json:"model"`
	}
	if err := json.Unmarshal(tokJSON, &tk); err != nil {
		tb.Fatal(err)
	}
	vocab := len(tk.Model.Vocab)
	raw := make([]byte, 4*vocab*labels)
	for id := 0; id < vocab; id++ {
		for j := 0; j < labels; j++ {
			w := float32(0)
			if base != nil {
				w = base[j]
			}
			if row, ok := weights[id]; ok {
				w += row[j]
			}
			binary.LittleEndian.PutUint32(raw[4*(id*labels+j):], math.Float32bits(w))
		}
	}
	writeGraph(tb, filepath.Join(dir, "model.onnx"), vocab, labels, raw)
}

func writeGraph(tb testing.TB, path string, vocab, labels int, raw []byte) {
	msg := func(b []byte, num protowire.Number, body []byte) []byte {
		b = protowire.AppendTag(b, num, protowire.BytesType)
		return protowire.AppendBytes(b, body)
	}
	str := func(b []byte, num protowire.Number, s string) []byte { return msg(b, num, []byte(s)) }
	varint := func(b []byte, num protowire.Number, v int64) []byte {
		b = protowire.AppendTag(b, num, protowire.VarintType)
		return protowire.AppendVarint(b, uint64(v))
	}
	// ValueInfoProto{name, type{tensor_type{elem_type, shape{dim...}}}}; a
	// dim is a name (dim_param) or a size (dim_value).
	valueInfo := func(name string, elem int64, dims ...any) []byte {
		var shape []byte
		for _, d := range dims {
			var dim []byte
			switch d := d.(type) {
			case string:
				dim = str(dim, 2, d)
			case int:
				dim = varint(dim, 1, int64(d))
			}
			shape = msg(shape, 1, dim)
		}
		tensor := msg(varint(nil, 1, elem), 2, shape)
		return msg(str(nil, 1, name), 2, msg(nil, 1, tensor))
	}
	const float, int64T = 1, 7
	// TensorProto{dims, data_type, name, raw_data}
	w := varint(varint(nil, 1, int64(vocab)), 1, int64(labels))
	w = varint(w, 2, float)
	w = str(w, 8, "W")
	w = msg(w, 9, raw)
	// NodeProto{input..., output..., name, op_type, attribute...}
	gather := str(str(str(str(str(nil, 1, "W"), 1, "input_ids"), 2, "g"), 3, "gather"), 4, "Gather")
	axes := varint(msg(str(nil, 1, "axes"), 8, protowire.AppendVarint(nil, 1)), 20, 7) // INTS [1]
	keep := varint(varint(str(nil, 1, "keepdims"), 3, 0), 20, 2)                       // INT 0
	mean := msg(msg(str(str(str(str(nil, 1, "g"), 2, "logits"), 3, "mean"), 4, "ReduceMean"), 5, axes), 5, keep)
	var graph []byte
	graph = msg(graph, 1, gather)
	graph = msg(graph, 1, mean)
	graph = str(graph, 2, "tiny-model")
	graph = msg(graph, 5, w)
	for _, in := range []string{"input_ids", "attention_mask", "token_type_ids"} {
		graph = msg(graph, 11, valueInfo(in, int64T, "batch", "sequence"))
	}
	graph = msg(graph, 12, valueInfo("logits", float, "batch", labels))
	model := varint(nil, 1, 7)                            // ir_version
	model = msg(model, 8, varint(str(nil, 1, ""), 2, 13)) // opset 13
	model = str(model, 2, "hrag test")                    // producer_name
	model = msg(model, 7, graph)
	if err := os.WriteFile(path, model, 0o644); err != nil {
		tb.Fatal(err)
	}
}

// TokenID returns the id of a whole word in the WordPiece vocabulary of
// the embedding model (Dir), which TinyModel's models share; a word that is
// not one token fails the test.
func TokenID(tb testing.TB, word string) int {
	tb.Helper()
	tokenizerJSON, err := os.ReadFile(filepath.Join(Dir(tb), "tokenizer.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var tk struct {
		Model struct {
			Vocab map[string]int `json:"vocab"`
		} `json:"model"`
	}
	if err := json.Unmarshal(tokenizerJSON, &tk); err != nil {
		tb.Fatal(err)
	}
	id, ok := tk.Model.Vocab[word]
	if !ok {
		tb.Fatalf("%q is not a whole token", word)
	}
	return id
}
