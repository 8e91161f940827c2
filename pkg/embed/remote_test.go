package embed_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/embed/embedtest"
)

func openRemote(t *testing.T, srv *embedtest.Server, o embed.RemoteOptions) (*embed.Remote, error) {
	t.Helper()
	o.BaseURL, o.Model = srv.BaseURL(), "fake-e5"
	return embed.OpenRemote(context.Background(), o)
}

func texts(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("passage number %d about backups", i)
	}
	return out
}

func TestRemoteEmbedsInBatchesInOrder(t *testing.T) {
	srv := embedtest.New(t, "fake-e5", 8)
	r, err := openRemote(t, srv, embed.RemoteOptions{BatchSize: 32})
	if err != nil {
		t.Fatal(err)
	}
	if m := r.Model(); m.Dim != 8 || m.ID != "fake-e5" || m.MaxTokens != 512 {
		t.Fatalf("model %+v", m)
	}
	in := texts(70)
	vs, err := r.Embed(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range vs {
		if want := embedtest.Vector(in[i], 8); fmt.Sprint(v) != fmt.Sprint(want) {
			t.Fatalf("vector %d = %v, want %v", i, v, want)
		}
	}
	// 1 probe + ceil(70/32) = 3 batches.
	if calls, inputs := srv.Calls(); calls != 4 || inputs != 71 {
		t.Fatalf("%d requests, %d inputs", calls, inputs)
	}
}

func TestRemoteRetriesAfter429(t *testing.T) {
	srv := embedtest.New(t, "fake-e5", 8)
	srv.Script = func(call int, _ []string) *embedtest.Fault {
		if call == 2 {
			return &embedtest.Fault{Status: 429, RetryAfter: "1"}
		}
		return nil
	}
	r, err := openRemote(t, srv, embed.RemoteOptions{Dim: 8})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Embed(context.Background(), texts(3)); err != nil { // call 1 succeeds
		t.Fatal(err)
	}
	vs, err := r.Embed(context.Background(), texts(2)) // call 2: 429, retried as call 3
	if err != nil || len(vs) != 2 {
		t.Fatalf("after a 429 with Retry-After: %v", err)
	}
	if calls, _ := srv.Calls(); calls != 3 {
		t.Fatalf("%d requests, want 3", calls)
	}
}

func TestRemoteErrorsAreClear(t *testing.T) {
	cases := []struct {
		name    string
		fault   embedtest.Fault
		retries int
		want    []string
		calls   int
	}{
		{"429 until retries run out", embedtest.Fault{Status: 429, RetryAfter: "0"}, 2, []string{"429", "after 2 retries", "RAG_EMBED_BATCH_SIZE"}, 3},
		{"500 without retries", embedtest.Fault{Status: 500}, -1, []string{"answered 500", "after 0 retries"}, 1},
		{"401", embedtest.Fault{Status: 401}, 2, []string{"401", "RAG_EMBED_API_KEY"}, 1},
		{"wrong dimension", embedtest.Fault{Dim: 5}, 2, []string{"5 dimensions", "expected 8"}, 1},
		{"fewer vectors than inputs", embedtest.Fault{Fewer: 1}, 2, []string{"returned 2 vectors for 3 inputs"}, 1},
		{"index out of range", embedtest.Fault{BadIndex: 7}, 2, []string{"returned a vector with index 7 for 3 inputs"}, 1},
		{"non-JSON error body", embedtest.Fault{Status: 502, RawBody: "<html><body>Bad Gateway</body></html>"}, -1, []string{"answered 502", "after 0 retries"}, 1},
		{"timeout", embedtest.Fault{Delay: 5 * time.Second}, -1, []string{"did not answer within 200ms", "RAG_EMBED_BATCH_SIZE"}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := embedtest.New(t, "fake-e5", 8)
			srv.Script = func(int, []string) *embedtest.Fault { f := c.fault; return &f }
			r, err := openRemote(t, srv, embed.RemoteOptions{Dim: 8, MaxRetries: c.retries, APIKey: "sk-secret", Timeout: 200 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			vs, err := r.Embed(context.Background(), texts(3))
			if !errors.Is(err, embed.ErrRemote) || vs != nil {
				t.Fatalf("err = %v, %d vectors", err, len(vs))
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "sk-secret") {
				t.Errorf("API key in error: %v", err)
			}
			if calls, _ := srv.Calls(); calls != c.calls {
				t.Errorf("%d requests, want %d", calls, c.calls)
			}
		})
	}
}

func TestRemoteFailsFastAtOpen(t *testing.T) {
	srv := embedtest.New(t, "fake-e5", 8)
	_, err := embed.OpenRemote(context.Background(), embed.RemoteOptions{BaseURL: srv.BaseURL(), Model: "no-such-model", MaxRetries: -1})
	if !errors.Is(err, embed.ErrRemote) || !strings.Contains(err.Error(), "RAG_EMBED_MODEL=no-such-model") {
		t.Fatalf("unknown model: %v", err)
	}
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := l.Addr().String()
	l.Close()
	_, err = embed.OpenRemote(context.Background(), embed.RemoteOptions{BaseURL: "http://" + addr + "/v1", Model: "m", MaxRetries: -1})
	if !errors.Is(err, embed.ErrRemote) || !strings.Contains(err.Error(), "cannot reach") || !strings.Contains(err.Error(), "RAG_EMBED_BASE_URL") {
		t.Fatalf("server down: %v", err)
	}
}

// Vectors listed out of input order are put back in input order by their
// index; a cancelled context ends a waiting request at once.
func TestRemoteOrderAndCancellation(t *testing.T) {
	srv := embedtest.New(t, "fake-e5", 8)
	var stall atomic.Bool // false: answer in reverse order; true: never answer
	srv.Script = func(int, []string) *embedtest.Fault {
		if stall.Load() {
			return &embedtest.Fault{Delay: time.Minute}
		}
		return &embedtest.Fault{Reverse: true}
	}
	r, err := openRemote(t, srv, embed.RemoteOptions{Dim: 8, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	in := texts(5)
	vs, err := r.Embed(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range vs {
		if fmt.Sprint(v) != fmt.Sprint(embedtest.Vector(in[i], 8)) {
			t.Fatalf("vector %d is not input %d's", i, i)
		}
	}
	stall.Store(true)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(200 * time.Millisecond); cancel() }()
	// Returns only through the cancellation: the server would wait a minute
	// (and the test's own timeout would catch a hang).
	if _, err = r.Embed(ctx, in); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}
