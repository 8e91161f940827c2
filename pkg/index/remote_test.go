package index_test

import (
	"context"
	"errors"
	"testing"

	"github.com/hrag-dev/hrag/pkg/embed"
	"github.com/hrag-dev/hrag/pkg/embed/embedtest"
	"github.com/hrag-dev/hrag/pkg/index"
)

// TestRemoteFailureWritesNothingHalf indexes the sample notes through an
// embeddings server that fails for good on its third request: the run stops
// with the server's error, every stored document is complete (all chunks,
// all vectors), and a rerun against a healthy server finishes the rest.
func TestRemoteFailureWritesNothingHalf(t *testing.T) {
	for _, fault := range []embedtest.Fault{{Status: 500}, {Status: 429}, {Fewer: 1}, {Dim: 7}} {
		t.Run("", func(t *testing.T) {
			e := newEnv(t)
			srv := embedtest.New(t, "fake-remote", 384)
			srv.Script = func(call int, _ []string) *embedtest.Fault {
				if call >= 3 {
					f := fault
					return &f
				}
				return nil
			}
			r, err := embed.OpenRemote(context.Background(), embed.RemoteOptions{BaseURL: srv.BaseURL(), Model: "fake-remote",
				Dim: 384, MaxTokens: 256, MaxRetries: -1})
			if err != nil {
				t.Fatal(err)
			}
			e.opts.Embedder, e.opts.BatchSize = r, 4
			sum, err := index.Run(context.Background(), e.opts)
			if !errors.Is(err, embed.ErrRemote) {
				t.Fatalf("run: %v (%+v)", err, sum)
			}
			stored := e.dbChunks(t)
			if len(stored) == 0 || len(stored) >= 29 {
				t.Fatalf("%d documents stored; want some but not all", len(stored))
			}
			checkConsistent(t, e)

			srv.Script = nil
			sum = e.run(t)
			if sum.Added+sum.Unchanged != 29 || sum.Unchanged != len(stored) {
				t.Fatalf("rerun: %+v", sum)
			}
			checkConsistent(t, e)
		})
	}
}
