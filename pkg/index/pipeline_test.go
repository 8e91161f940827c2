package index

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The extract stage cancelled while files are being extracted must return
// only after its workers have, and must not start one while it waits for
// them: its feeder used to start workers (sync.WaitGroup.Add) after the
// consumer had returned on the cancellation and was in the deferred Wait,
// which `go test -race` reports as a data race (and which can panic with
// "WaitGroup is reused before previous Wait has returned"); starting the
// feeder with `go feed()` instead of `wg.Go(feed)` brings it back. Each
// iteration cancels after a different number of results, so that the
// cancellation finds an extraction in flight.
func TestExtractCancelledInFlight(t *testing.T) {
	dir := t.TempDir()
	body := strings.Repeat("Shared buffers and the planner's cost settings. ", 4000)
	var files []File
	for i := range 12 {
		p := filepath.Join(dir, fmt.Sprintf("note%02d.md", i))
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, File{Path: p, Root: dir, Size: fi.Size(), MTime: fi.ModTime().Truncate(time.Microsecond)})
	}
	r := &runner{opts: Options{MaxBytes: 64 << 20, ExtractTimeout: time.Minute}}
	for i := range 60 {
		ctx, cancel := context.WithCancel(context.Background())
		in := make(chan File)
		out := make(chan extracted)
		go func() { // as walk does
			defer close(in)
			for _, f := range files {
				select {
				case in <- f:
				case <-ctx.Done():
					return
				}
			}
		}()
		returned := make(chan struct{})
		go func() {
			defer close(returned)
			r.extract(ctx, in, out)
		}()
		for range i % (len(files) - 1) {
			if e := <-out; e.err != nil {
				t.Fatal(e.err)
			}
		}
		cancel()
		for range out { // extract closes out when it returns
		}
		select {
		case <-returned:
		case <-time.After(time.Minute):
			t.Fatal("extract did not return after its context was cancelled")
		}
	}
}
