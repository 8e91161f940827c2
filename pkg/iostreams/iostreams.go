// Package iostreams decides, in one place, whether hrag talks to a terminal:
// progress bars, colour and Markdown rendering only on a TTY; plain, quiet
// output when piped or run from cron (after cli/cli's pkg/iostreams).
package iostreams

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// IOStreams holds the process's standard streams and what they are.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	outTTY, errTTY bool
}

// System returns the real standard streams. NO_COLOR or TERM=dumb make the
// streams count as non-terminals for rendering and progress.
func System() *IOStreams {
	dumb := os.Getenv("TERM") == "dumb" || os.Getenv("NO_COLOR") != ""
	return &IOStreams{
		In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr,
		outTTY: !dumb && isatty.IsTerminal(os.Stdout.Fd()),
		errTTY: !dumb && isatty.IsTerminal(os.Stderr.Fd()),
	}
}

// Test returns streams writing to the given buffers, not terminals unless tty.
func Test(out, errOut io.Writer, tty bool) *IOStreams {
	return &IOStreams{Out: out, ErrOut: errOut, outTTY: tty, errTTY: tty}
}

// IsStdoutTTY reports whether stdout is an interactive terminal.
func (s *IOStreams) IsStdoutTTY() bool { return s.outTTY }

// IsStderrTTY reports whether stderr is an interactive terminal.
func (s *IOStreams) IsStderrTTY() bool { return s.errTTY }

// TerminalWidth returns stdout's width in columns (80 when unknown).
func (s *IOStreams) TerminalWidth() int {
	if f, ok := s.Out.(*os.File); ok && s.outTTY {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			return w
		}
	}
	return 80
}

// Progress reports file-by-file progress of a long job on stderr: a bar on a
// terminal, nothing otherwise. Warnings always go to stderr, one line each,
// naming the file. It is safe for concurrent use.
type Progress struct {
	mu   sync.Mutex
	bar  *progressbar.ProgressBar
	out  io.Writer
	show bool
	desc string
}

// NewProgress returns a Progress for a job described by desc ("indexing").
// show=false (piped, cron, --json) draws no bar.
func (s *IOStreams) NewProgress(desc string, show bool) *Progress {
	return &Progress{out: s.ErrOut, show: show && s.errTTY, desc: desc}
}

// Start sets the number of steps and draws the bar.
func (p *Progress) Start(total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.show {
		return
	}
	p.bar = progressbar.NewOptions(total,
		progressbar.OptionSetWriter(p.out),
		progressbar.OptionSetDescription(p.desc),
		progressbar.OptionShowCount(),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100_000_000),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetPredictTime(true),
	)
}

// Advance moves the bar one step.
func (p *Progress) Advance(string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Add(1)
	}
}

// Warn prints "warning: PATH: reason" on its own line, above the bar; PATH
// is relative to the working directory when inside it.
func (p *Progress) Warn(path string, err error) {
	if wd, e := os.Getwd(); e == nil {
		if rel, e := filepath.Rel(wd, path); e == nil && !strings.HasPrefix(rel, "..") {
			path = rel
		}
	}
	p.printf("warning: %s: %v\n", path, err)
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
