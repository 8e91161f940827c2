// Package iostreams decides, in one place, whether hrag talks to a terminal:
// progress bars, colour and Markdown rendering only on a TTY; plain, quiet
// output when piped or run from cron (after cli/cli's pkg/iostreams).
package iostreams

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// IOStreams holds the process's standard streams and what they are.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	outTTY, errTTY, inTTY bool
	outFile               *os.File     // stdout when it is a file, for its width
	outBytes              *countWriter // counts what went to Out
}

// countWriter passes writes to w and counts the bytes written.
type countWriter struct {
	w io.Writer
	n atomic.Int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n.Add(int64(n))
	return n, err
}

// OutBytes returns how many bytes have been written to Out so far (0 for
// streams not made by System or Test). Main uses it to print a --json error
// only when a command has printed nothing, so stdout stays one document.
func (s *IOStreams) OutBytes() int64 {
	if s.outBytes == nil {
		return 0
	}
	return s.outBytes.n.Load()
}

// System returns the real standard streams. NO_COLOR or TERM=dumb make the
// streams count as non-terminals for rendering and progress.
func System() *IOStreams {
	dumb := os.Getenv("TERM") == "dumb" || os.Getenv("NO_COLOR") != ""
	out := &countWriter{w: os.Stdout}
	return &IOStreams{
		In: os.Stdin, Out: out, ErrOut: os.Stderr,
		inTTY:    isatty.IsTerminal(os.Stdin.Fd()),
		outTTY:   !dumb && isatty.IsTerminal(os.Stdout.Fd()),
		errTTY:   !dumb && isatty.IsTerminal(os.Stderr.Fd()),
		outFile:  os.Stdout,
		outBytes: out,
	}
}

// Test returns streams writing to the given buffers, not terminals unless tty.
func Test(out, errOut io.Writer, tty bool) *IOStreams {
	cw := &countWriter{w: out}
	return &IOStreams{Out: cw, ErrOut: errOut, outTTY: tty, errTTY: tty, outBytes: cw}
}

// IsStdinTTY reports whether stdin is an interactive terminal (a person
// can answer a question).
func (s *IOStreams) IsStdinTTY() bool { return s.inTTY }

// TestPrompt returns streams like Test whose stdin is in and counts as a
// terminal: for tests of questions to the user.
func TestPrompt(in io.Reader, out, errOut io.Writer) *IOStreams {
	s := Test(out, errOut, false)
	s.In, s.inTTY = in, true
	return s
}

// IsStdoutTTY reports whether stdout is an interactive terminal.
func (s *IOStreams) IsStdoutTTY() bool { return s.outTTY }

// IsStderrTTY reports whether stderr is an interactive terminal.
func (s *IOStreams) IsStderrTTY() bool { return s.errTTY }

// TerminalWidth returns stdout's width in columns: COLUMNS when set to a
// number, else the terminal's, else 80.
func (s *IOStreams) TerminalWidth() int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	if s.outFile != nil && s.outTTY {
		if w, _, err := term.GetSize(int(s.outFile.Fd())); err == nil && w > 0 {
			return w
		}
	}
	return 80
}

// Progress reports the progress of a long job on stderr. On a terminal it
// draws a bar with the count, the rate and the time left; otherwise (piped,
// cron) it prints at most one line per LineEvery (a minute), so that a job
// shorter than that prints nothing but its caller's summary; hidden
// (--quiet) it prints no progress at all. Warnings and notices always go to
// stderr, one line each. It is safe for concurrent use.
type Progress struct {
	// Explain words a warning's error for the reader (nil: its text); the
	// command layer gives it the advice for typed errors.
	Explain func(error) string

	mu    sync.Mutex
	bar   *progressbar.ProgressBar
	out   io.Writer
	mode  progressMode
	desc  string
	unit  string // what is counted: "chunks", "queries"
	began time.Time
	last  time.Time // of the last line printed (lines mode)
	done  int
	total int
	now   func() time.Time

	// LineEvery is the least time between two progress lines when stderr
	// is not a terminal: a minute by default.
	LineEvery time.Duration
}

type progressMode int

const (
	progressHidden progressMode = iota
	progressBar
	progressLines
)

// NewProgress returns a Progress for a job described by desc ("indexing")
// that counts unit ("chunks"). show=false (--quiet) prints no progress.
func (s *IOStreams) NewProgress(desc, unit string, show bool) *Progress {
	p := &Progress{out: s.ErrOut, desc: desc, unit: unit, now: time.Now, LineEvery: time.Minute}
	switch {
	case !show:
		p.mode = progressHidden
	case s.errTTY:
		p.mode = progressBar
	default:
		p.mode = progressLines
	}
	p.began = p.now()
	p.last = p.began
	return p
}

// Start sets the number of units to do.
func (p *Progress) Start(total int) { p.Progress(0, total) }

// Advance counts one more unit done.
func (p *Progress) Advance(string) {
	p.mu.Lock()
	done, total := p.done+1, p.total
	p.mu.Unlock()
	p.Progress(done, total)
}

// Progress sets the units done and the total to do (which may change as it
// becomes known) and redraws: the bar at once (throttled to 10 per
// second), a line when LineEvery has passed since the last.
func (p *Progress) Progress(done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done, p.total = done, max(total, done)
	switch p.mode {
	case progressBar:
		if p.total == 0 || (p.bar == nil && p.done == 0) {
			return // no rate to show yet ("0 chunks/hr, 0s left")
		}
		if p.bar == nil {
			p.bar = progressbar.NewOptions(p.total,
				progressbar.OptionSetWriter(p.out),
				progressbar.OptionSetDescription(p.desc),
				progressbar.OptionShowCount(),
				progressbar.OptionShowIts(),
				progressbar.OptionSetItsString(p.unit),
				progressbar.OptionSetWidth(30),
				progressbar.OptionThrottle(100*time.Millisecond),
				progressbar.OptionClearOnFinish(),
				progressbar.OptionSetPredictTime(true),
			)
		}
		if p.bar.GetMax() != p.total {
			p.bar.ChangeMax(p.total)
		}
		_ = p.bar.Set(p.done)
	case progressLines:
		now := p.now()
		if now.Sub(p.last) < p.LineEvery || p.total == 0 {
			return
		}
		p.last = now
		fmt.Fprintln(p.out, p.line(now))
	}
}

// line is "indexing: 340/1200 chunks (28%), 5.2 chunks/s, about 2m45s left".
func (p *Progress) line(now time.Time) string {
	elapsed := now.Sub(p.began)
	l := fmt.Sprintf("%s: %d/%d %s (%d%%)", p.desc, p.done, p.total, p.unit, 100*p.done/max(p.total, 1))
	if rate := float64(p.done) / elapsed.Seconds(); p.done > 0 && elapsed > 0 {
		left := time.Duration(float64(p.total-p.done) / rate * float64(time.Second)).Round(time.Second)
		l += fmt.Sprintf(", %.1f %s/s, about %s left", rate, p.unit, left)
	}
	return l
}

// Warn prints "warning: PATH: reason" on its own line, above the bar; PATH
// is relative to the working directory when inside it.
func (p *Progress) Warn(path string, err error) {
	if wd, e := os.Getwd(); e == nil {
		if rel, e := filepath.Rel(wd, path); e == nil && !strings.HasPrefix(rel, "..") {
			path = rel
		}
	}
	msg := err.Error()
	if p.Explain != nil {
		msg = p.Explain(err)
	}
	p.printf("warning: %s: %s\n", path, msg)
}

// Notice prints a one-off message on its own line, above the bar.
func (p *Progress) Notice(format string, args ...any) {
	p.printf("note: "+format+"\n", args...)
}

func (p *Progress) printf(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Clear()
	}
	fmt.Fprintf(p.out, format, args...)
	if p.bar != nil {
		_ = p.bar.RenderBlank()
	}
}

// Finish removes the bar.
func (p *Progress) Finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Finish()
		_ = p.bar.Clear()
		p.bar = nil
	}
}

// Spinner shows that a step of unknown length is running (an LLM writing
// its answer): on a terminal, a spinner on stderr with a description and
// the elapsed time, redrawn by its own ticker; nothing otherwise. The zero
// of *Spinner (nil) is a valid no-op. Safe for concurrent use.
type Spinner struct {
	mu  sync.Mutex
	bar *progressbar.ProgressBar
}

// NewSpinner starts a spinner described by desc; show=false (--json,
// piped) draws nothing.
func (s *IOStreams) NewSpinner(desc string, show bool) *Spinner {
	if !show || !s.errTTY {
		return &Spinner{}
	}
	return &Spinner{bar: progressbar.NewOptions(-1,
		progressbar.OptionSetWriter(s.ErrOut),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionSpinnerType(14),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetRenderBlankState(true),
	)}
}

// Describe changes the text beside the spinner.
func (sp *Spinner) Describe(desc string) {
	if sp == nil {
		return
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.bar != nil {
		sp.bar.Describe(desc)
	}
}

// Stop removes the spinner; later calls do nothing.
func (sp *Spinner) Stop() {
	if sp == nil {
		return
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.bar != nil {
		_ = sp.bar.Finish()
		_ = sp.bar.Clear()
		sp.bar = nil
	}
}
