package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"sync"
)

// JSON-RPC 2.0 error codes of the messages guard answers itself.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// lockedWriter serialises whole-message writes of the server and of guard.
type lockedWriter struct {
	mu sync.Mutex
	w  io.WriteCloser
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) Close() error { return l.w.Close() }

// guard reads newline-delimited JSON-RPC messages and passes on only those
// the SDK can take: a JSON object with "jsonrpc": "2.0" and an id that is
// absent, null, a string or a number. Anything else (text that is not JSON,
// an array or batch, another version, an object id) is answered on out
// with a JSON-RPC error (-32700 parse error, -32600 invalid request) and
// dropped, so one bad line cannot end the session.
type guard struct {
	in  *bufio.Reader
	out io.Writer
	buf []byte
}

func (g *guard) Read(p []byte) (int, error) {
	for len(g.buf) == 0 {
		line, err := g.in.ReadBytes('\n')
		if t := bytes.TrimSpace(line); len(t) > 0 {
			if reply := check(t); reply != nil {
				g.out.Write(reply)
			} else {
				g.buf = line
			}
		}
		if err != nil {
			if len(g.buf) == 0 {
				return 0, err
			}
			break
		}
	}
	n := copy(p, g.buf)
	g.buf = g.buf[n:]
	return n, nil
}

// check returns the error reply for a message the SDK cannot take, nil for
// one it can.
func check(msg []byte) []byte {
	reply := func(code int, text string, id json.RawMessage) []byte {
		if len(id) == 0 {
			id = json.RawMessage("null")
		}
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": text}})
		return append(b, '\n')
	}
	if !json.Valid(msg) {
		return reply(codeParseError, "parse error: not JSON", nil)
	}
	var m struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
	}
	if msg[0] != '{' || json.Unmarshal(msg, &m) != nil {
		return reply(codeInvalidRequest, "invalid request: one JSON-RPC 2.0 object per line (no batches)", nil)
	}
	id := bytes.TrimSpace(m.ID)
	switch {
	case len(id) > 0 && id[0] != '"' && id[0] != '-' && (id[0] < '0' || id[0] > '9') && string(id) != "null":
		return reply(codeInvalidRequest, "invalid request: the id must be a string or a number", nil)
	case m.JSONRPC != "2.0":
		return reply(codeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`, id)
	}
	return nil
}
