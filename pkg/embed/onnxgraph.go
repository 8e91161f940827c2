package embed

import (
	"fmt"

	"google.golang.org/protobuf/encoding/protowire"
)

// Tensor describes one input or output of an ONNX graph.
type Tensor struct {
	Name string
	// Dims is the shape; -1 marks a symbolic dimension (batch, sequence),
	// as ONNX Runtime reports it.
	Dims []int64
}

// GraphIO reads the names and shapes of the graph inputs and outputs of the
// ONNX model at path, straight from its protobuf encoding (onnx.proto:
// ModelProto.graph = 7; GraphProto.input = 11, output = 12, initializer = 5;
// ValueInfoProto.name = 1, type = 2; TypeProto.tensor_type = 1;
// Tensor.shape = 2; TensorShapeProto.dim = 1; Dimension.dim_value = 1,
// dim_param = 2). Inputs that are initializers (older exporters list them)
// are left out, as ONNX Runtime does. It maps the file and decodes only
// those fields: about a millisecond, where ONNX Runtime would build a
// whole session to answer. Errors name the path.
func GraphIO(path string) (inputs, outputs []Tensor, err error) {
	b, release, err := mapFile(path)
	if err != nil {
		return nil, nil, err
	}
	defer release()
	var graph []byte
	err = fields(b, func(num protowire.Number, v []byte) error {
		if num == 7 {
			graph = v
		}
		return nil
	})
	if err == nil && graph == nil {
		err = fmt.Errorf("no graph")
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: not an ONNX model: %w", path, err)
	}
	inits := map[string]bool{}
	err = fields(graph, func(num protowire.Number, v []byte) error {
		switch num {
		case 5:
			return fields(v, func(n protowire.Number, w []byte) error {
				if n == 8 {
					inits[string(w)] = true
				}
				return nil
			})
		case 11, 12:
			t, err := valueInfo(v)
			if err != nil {
				return err
			}
			if num == 11 {
				inputs = append(inputs, t)
			} else {
				outputs = append(outputs, t)
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	kept := inputs[:0]
	for _, t := range inputs {
		if !inits[t.Name] {
			kept = append(kept, t)
		}
	}
	return kept, outputs, nil
}

// valueInfo decodes a ValueInfoProto holding a tensor type.
func valueInfo(b []byte) (Tensor, error) {
	var t Tensor
	err := fields(b, func(num protowire.Number, v []byte) error {
		switch num {
		case 1:
			t.Name = string(v) // a copy: v is in the mapped file
		case 2: // TypeProto
			return fields(v, func(n protowire.Number, w []byte) error {
				if n != 1 { // tensor_type
					return nil
				}
				return fields(w, func(n protowire.Number, shape []byte) error {
					if n != 2 {
						return nil
					}
					return fields(shape, func(n protowire.Number, dim []byte) error {
						if n != 1 {
							return nil
						}
						d := int64(-1)
						err := fieldsVarint(dim, func(n protowire.Number, x uint64) {
							if n == 1 {
								d = int64(x)
							}
						})
						t.Dims = append(t.Dims, d)
						return err
					})
				})
			})
		}
		return nil
	})
	return t, err
}

// fields calls fn with the number and bytes of every length-delimited field
// of the message b, skipping the others.
func fields(b []byte, fn func(protowire.Number, []byte) error) error {
	return each(b, func(num protowire.Number, typ protowire.Type, v []byte, _ uint64) error {
		if typ == protowire.BytesType {
			return fn(num, v)
		}
		return nil
	})
}

// fieldsVarint calls fn with every varint field of the message b.
func fieldsVarint(b []byte, fn func(protowire.Number, uint64)) error {
	return each(b, func(num protowire.Number, typ protowire.Type, _ []byte, x uint64) error {
		if typ == protowire.VarintType {
			fn(num, x)
		}
		return nil
	})
}

// each decodes the fields of the message b in order and calls fn with each
// one's number and type, and its bytes (length-delimited) or value (varint).
func each(b []byte, fn func(num protowire.Number, typ protowire.Type, v []byte, x uint64) error) error {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return protowire.ParseError(n)
		}
		b = b[n:]
		var v []byte
		var x uint64
		var m int
		switch typ {
		case protowire.BytesType:
			v, m = protowire.ConsumeBytes(b)
		case protowire.VarintType:
			x, m = protowire.ConsumeVarint(b)
		default:
			m = protowire.ConsumeFieldValue(num, typ, b)
		}
		if m < 0 {
			return protowire.ParseError(m)
		}
		if err := fn(num, typ, v, x); err != nil {
			return err
		}
		b = b[m:]
	}
	return nil
}

// GraphOps counts the operators of the ONNX model at path by op_type
// (onnx.proto: ModelProto.graph = 7; GraphProto.node = 1; NodeProto.op_type
// = 4), top-level graph only, decoded from the mapped file as GraphIO does.
// Errors name the path.
func GraphOps(path string) (map[string]int, error) {
	b, release, err := mapFile(path)
	if err != nil {
		return nil, err
	}
	defer release()
	ops := map[string]int{}
	found := false
	err = fields(b, func(num protowire.Number, graph []byte) error {
		if num != 7 {
			return nil
		}
		found = true
		return fields(graph, func(n protowire.Number, node []byte) error {
			if n != 1 {
				return nil
			}
			return fields(node, func(k protowire.Number, v []byte) error {
				if k == 4 {
					ops[string(v)]++
				}
				return nil
			})
		})
	})
	if err == nil && !found {
		err = fmt.Errorf("no graph")
	}
	if err != nil {
		return nil, fmt.Errorf("%s: not an ONNX model: %w", path, err)
	}
	return ops, nil
}
