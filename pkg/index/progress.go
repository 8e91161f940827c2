package index

import "sync"

// progress turns the pipeline's counts into Reporter.Progress calls: chunks
// embedded of chunks to embed, the total extrapolated from the bytes still
// to read until every file is chunked. Safe for concurrent use.
type progress struct {
	rep                Reporter
	mu                 sync.Mutex
	bytesLeft          int64 // of files not chunked yet
	bytesRead          int64
	known, done, reuse int // chunks to embed known so far, embedded so far, found with a vector
}

// found records a file of size bytes to read and chunk.
func (p *progress) found(size int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bytesLeft += size
}

// chunked records a file read and chunked into missing chunks to embed and
// reused ones that have a vector already (both 0 when it failed).
func (p *progress) chunked(size int64, missing, reused int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bytesLeft -= size
	p.bytesRead += size
	p.known += missing
	p.reuse += reused
	p.report()
}

// embedded records n chunks embedded.
func (p *progress) embedded(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += n
	p.report()
}

func (p *progress) report() {
	total := p.known
	if p.bytesLeft > 0 && p.bytesRead > 0 {
		total += int(float64(p.known) / float64(p.bytesRead) * float64(p.bytesLeft))
	}
	if total > 0 {
		p.rep.Progress(p.done, max(total, p.done))
	}
}
