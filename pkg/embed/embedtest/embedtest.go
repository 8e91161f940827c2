// Package embedtest is a fake OpenAI-compatible embeddings server for tests
// of the error paths of remote embedding. It speaks the real wire protocol
// (POST /v1/embeddings, JSON in and out, OpenAI error bodies) over
// net/http/httptest; its vectors are deterministic functions of the input
// text, not meaningful embeddings.
package embedtest

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"
)

// Fault is what the server does instead of answering one request normally.
// The zero value answers normally.
type Fault struct {
	Status     int           // HTTP status of an error response (429, 500, ...); 0: success
	RetryAfter string        // Retry-After header value sent with the error ("1": one second)
	Fewer      int           // return this many fewer vectors than inputs
	Dim        int           // return vectors of this dimension instead of the server's
	Reverse    bool          // list the vectors in reverse input order (each with its right index)
	BadIndex   int           // when > 0, give the last vector this index instead of its own
	RawBody    string        // answer Status with this body verbatim (not JSON) instead of an API error
	Delay      time.Duration // wait this long before answering (or until the client gives up)
}

// Server is the fake server. Script, when set, is called for every request
// (calls counted from 1) and may return a fault.
type Server struct {
	srv    *httptest.Server
	dim    int
	model  string
	mu     sync.Mutex
	calls  int
	inputs int
	Script func(call int, inputs []string) *Fault
}

// New starts a server for model with vectors of dim float32s, closed when
// the test ends.
func New(t testing.TB, model string, dim int) *Server {
	s := &Server{dim: dim, model: model}
	s.srv = httptest.NewServer(http.HandlerFunc(s.handle))
	t.Cleanup(s.srv.Close)
	return s
}

// BaseURL is the URL to use as RAG_EMBED_BASE_URL (ends in /v1).
func (s *Server) BaseURL() string { return s.srv.URL + "/v1" }

// Calls returns the number of requests received and the inputs they carried.
func (s *Server) Calls() (requests, inputs int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls, s.inputs
}

// Vector is the server's vector for text: dim values from SHA-256 of the
// text, L2-normalised.
func Vector(text string, dim int) []float32 {
	v := make([]float32, dim)
	var norm float64
	for i := range v {
		h := sha256.Sum256([]byte(fmt.Sprintf("%d\x00%s", i, text)))
		x := float64(int32(binary.LittleEndian.Uint32(h[:4]))) / math.MaxInt32
		v[i] = float32(x)
		norm += x * x
	}
	for i := range v {
		v[i] /= float32(math.Sqrt(norm))
	}
	return v
}

type request struct {
	Model          string          `json:"model"`
	Input          json.RawMessage `json:"input"`
	EncodingFormat string          `json:"encoding_format"`
}

func apiError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": msg, "type": "invalid_request_error", "code": nil}})
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/embeddings" {
		apiError(w, http.StatusNotFound, "no route "+r.Method+" "+r.URL.Path)
		return
	}
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		apiError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
		return
	}
	var inputs []string
	if err := json.Unmarshal(req.Input, &inputs); err != nil {
		var one string
		if err := json.Unmarshal(req.Input, &one); err != nil {
			apiError(w, http.StatusBadRequest, "input must be a string or an array of strings")
			return
		}
		inputs = []string{one}
	}
	if req.Model != s.model {
		apiError(w, http.StatusNotFound, fmt.Sprintf("model %q not found", req.Model))
		return
	}
	s.mu.Lock()
	s.calls++
	s.inputs += len(inputs)
	call := s.calls
	s.mu.Unlock()
	var f Fault
	if s.Script != nil {
		if p := s.Script(call, inputs); p != nil {
			f = *p
		}
	}
	if f.Delay > 0 {
		select {
		case <-time.After(f.Delay):
		case <-r.Context().Done():
			return
		}
	}
	if f.Status != 0 && f.RawBody != "" {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(f.Status)
		w.Write([]byte(f.RawBody))
		return
	}
	if f.Status != 0 {
		if f.RetryAfter != "" {
			w.Header().Set("Retry-After", f.RetryAfter)
		}
		apiError(w, f.Status, fmt.Sprintf("fault injected on call %d", call))
		return
	}
	dim := s.dim
	if f.Dim != 0 {
		dim = f.Dim
	}
	type item struct {
		Object    string    `json:"object"`
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	}
	data := []item{}
	for i, in := range inputs[:max(0, len(inputs)-f.Fewer)] {
		data = append(data, item{Object: "embedding", Index: i, Embedding: Vector(in, dim)})
	}
	if f.BadIndex > 0 && len(data) > 0 {
		data[len(data)-1].Index = f.BadIndex
	}
	if f.Reverse {
		slices.Reverse(data)
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"object": "list", "data": data, "model": s.model,
		"usage": map[string]int{"prompt_tokens": len(inputs), "total_tokens": len(inputs)},
	})
}
