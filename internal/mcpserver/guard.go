package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"sync"
	"time"
)

// JSON-RPC 2.0 error codes of the messages guard answers itself.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// lockedWriter serialises whole-message writes of the server and of guard,
// and crosses off the requests whose reply it writes (pending).
type lockedWriter struct {
	mu      sync.Mutex
	w       io.WriteCloser
	pending *pending
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n, err := l.w.Write(p)
	var m struct {
		ID     json.RawMessage `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	if l.pending != nil && json.Unmarshal(bytes.TrimSpace(p), &m) == nil && len(m.ID) > 0 && (m.Result != nil || m.Error != nil) {
		l.pending.done(string(m.ID))
	}
	return n, err
}

// pending are the ids of the requests passed to the server and not yet
// answered: when the client closes its end after its last request, the
// session ends only once they are answered (at most drainWait).
type pending struct {
	mu   sync.Mutex
	ids  map[string]bool
	none chan struct{} // closed and replaced as the set empties
}

// drainWait bounds how long a closed input waits for pending replies.
const drainWait = 2 * time.Minute

func newPending() *pending { return &pending{ids: map[string]bool{}, none: make(chan struct{})} }

func (p *pending) add(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ids[id] = true
}

func (p *pending) done(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.ids, id)
	if len(p.ids) == 0 {
		close(p.none)
		p.none = make(chan struct{})
	}
}

// wait returns when no request is pending, or after d.
func (p *pending) wait(d time.Duration) {
	p.mu.Lock()
	if len(p.ids) == 0 {
		p.mu.Unlock()
		return
	}
	ch := p.none
	p.mu.Unlock()
	select {
	case <-ch:
	case <-time.After(d):
	}
}

func (l *lockedWriter) Close() error { return l.w.Close() }

// guard reads newline-delimited JSON-RPC messages and passes on only those
// the SDK can take: a JSON object with "jsonrpc": "2.0" and an id that is
// absent, null, a string or a number. Anything else (text that is not JSON,
// an array or batch, another version, an object id) is answered on out
// with a JSON-RPC error (-32700 parse error, -32600 invalid request) and
// dropped, so one bad line cannot end the session.
type guard struct {
	in      *bufio.Reader
	out     io.Writer
	pending *pending
	buf     []byte
}

func (g *guard) Read(p []byte) (int, error) {
	for len(g.buf) == 0 {
		line, err := g.in.ReadBytes('\n')
		if t := bytes.TrimSpace(line); len(t) > 0 {
			if reply := check(t); reply != nil {
				g.out.Write(reply)
			} else {
				g.buf = line
				var m struct {
					ID     json.RawMessage `json:"id"`
					Method string          `json:"method"`
				}
				if json.Unmarshal(t, &m) == nil && m.Method != "" && len(m.ID) > 0 && string(m.ID) != "null" {
					g.pending.add(string(m.ID))
				}
			}
		}
		if err != nil {
			if len(g.buf) == 0 {
				g.pending.wait(drainWait) // answer what was asked before the input closed
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
	case len(id) > 0 && id[0] != '"' && string(id) != "null" && !wholeNumber(string(id)):
		// The SDK answers 1.0 and 1e0 as 1, and a number past int64 as
		// another one: the client could not match the reply.
		return reply(codeInvalidRequest, "invalid request: a numeric id must be a whole number written plainly (1, not 1.0, 1e0 or -0) within 64 bits", nil)
	case m.JSONRPC != "2.0":
		return reply(codeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`, id)
	}
	return nil
}

// wholeNumber reports whether id is an integer as JSON writes it plainly
// and int64 holds it: strconv formats it back to the same text.
func wholeNumber(id string) bool {
	v, err := strconv.ParseInt(id, 10, 64)
	return err == nil && strconv.FormatInt(v, 10) == id
}
