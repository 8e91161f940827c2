package cmd

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// No cross-encoder is packaged in the registries reachable here, so the test
// builds a tiny real one: an ONNX graph (written field by field in the ONNX
// protobuf format, onnx.proto) that scores a (query, passage) pair as the
// mean over its tokens of a per-token weight: Gather(W[vocab,1], input_ids)
// then ReduceMean over the sequence, giving logits of shape [batch, 1]. With
// a weight on one word only, the pair holding that word scores highest.
// It runs in ONNX Runtime through hugot's cross-encoder pipeline, as a
// downloaded reranker would.
func writeTinyCrossEncoder(t *testing.T, dir string, vocab int, weights map[int]float32) {
	t.Helper()
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
	raw := make([]byte, 4*vocab)
	for id, w := range weights {
		binary.LittleEndian.PutUint32(raw[4*id:], math.Float32bits(w))
	}
	// TensorProto{dims, data_type, name, raw_data}
	w := varint(varint(nil, 1, int64(vocab)), 1, 1)
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
	graph = str(graph, 2, "tiny-cross-encoder")
	graph = msg(graph, 5, w)
	for _, in := range []string{"input_ids", "attention_mask", "token_type_ids"} {
		graph = msg(graph, 11, valueInfo(in, int64T, "batch", "sequence"))
	}
	graph = msg(graph, 12, valueInfo("logits", float, "batch", 1))
	model := varint(nil, 1, 7)                            // ir_version
	model = msg(model, 8, varint(str(nil, 1, ""), 2, 13)) // opset 13
	model = str(model, 2, "hrag test")                    // producer_name
	model = msg(model, 7, graph)
	if err := os.WriteFile(filepath.Join(dir, "model.onnx"), model, 0o644); err != nil {
		t.Fatal(err)
	}
}

// tokenID returns the id of a whole word in the embedding model's WordPiece
// vocabulary, read from its tokenizer.json.
func tokenID(t *testing.T, tokenizerJSON []byte, word string) int {
	t.Helper()
	var tk struct {
		Model struct {
			Vocab map[string]int `json:"vocab"`
		} `json:"model"`
	}
	if err := json.Unmarshal(tokenizerJSON, &tk); err != nil {
		t.Fatal(err)
	}
	id, ok := tk.Model.Vocab[word]
	if !ok {
		t.Fatalf("%q is not a whole token", word)
	}
	return id
}

// RAG_RERANK_MODEL wires a real cross-encoder: its scores reorder the fused
// passages (the note holding the weighted word comes first although fusion
// ranks it last) and are reported.
func TestRerankerModelReordersPassages(t *testing.T) {
	src := modeltest.Dir(t)
	dir := t.TempDir()
	var tokJSON []byte
	for _, f := range []string{"tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "config.json"} {
		b, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, f), b, 0o644)
		if f == "tokenizer.json" {
			tokJSON = b
		}
	}
	writeTinyCrossEncoder(t, dir, 30522, map[int]float32{tokenID(t, tokJSON, "zebra"): 40})

	db := storetest.SchemaURL(t)
	notes := t.TempDir()
	os.WriteFile(filepath.Join(notes, "printer.md"), []byte("# Printer\n\nThe printer toner is replaced every spring; the printer sits in the hall.\n"), 0o644)
	os.WriteFile(filepath.Join(notes, "toner.md"), []byte("# Toner\n\nToner cartridges for the printer are in the cupboard.\n"), 0o644)
	os.WriteFile(filepath.Join(notes, "zoo.md"), []byte("# Zoo\n\nWe saw a zebra at the zoo, next to the printer shop.\n"), 0o644)
	vars := map[string]string{"RAG_DATABASE_URL": db}
	f, _, _ := testFactory(t, vars)
	if err := indexRun(context.Background(), &IndexOptions{Factory: f, Paths: []string{notes}}); err != nil {
		t.Fatal(err)
	}
	sources := func(vars map[string]string) sourcesJSON {
		f, out, _ := testFactory(t, vars)
		if err := sourcesRun(context.Background(), &SourcesOptions{Factory: f, Question: "printer toner", retrievalFlags: retrievalFlags{JSON: true}}); err != nil && ExitCode(err) != ExitAbstained {
			t.Fatal(err)
		}
		var got sourcesJSON
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		return got
	}
	plain := sources(vars)
	if len(plain.Passages) != 3 || filepath.Base(plain.Passages[0].Path) == "zoo.md" {
		t.Fatalf("precondition: fusion alone ranks %v", plain.Passages)
	}
	vars["RAG_RERANK_MODEL"], vars["RAG_RERANK_MIN_SCORE"] = dir, "0.5"
	got := sources(vars)
	if len(got.Passages) != 3 || filepath.Base(got.Passages[0].Path) != "zoo.md" || got.Passages[0].RerankScore == nil {
		t.Fatalf("reranked: %+v", got.Passages)
	}
	top, next := *got.Passages[0].RerankScore, *got.Passages[1].RerankScore
	if !(top > 0.5 && next < top) || got.Reason != "reranker_score" {
		t.Fatalf("scores %.3f, %.3f; reason %s", top, next, got.Reason)
	}
}
