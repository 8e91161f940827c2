package extract

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// tools names the Debian package of each converter, for the message when
// it is missing.
var tools = map[string]string{"pdftotext": "poppler-utils", "qpdf": "qpdf", "pandoc": "pandoc"}

// ErrNoConverter is matched by the error of a file whose converter is not
// installed (a failure: the next run tries again).
var ErrNoConverter = errors.New("converter not installed")

// procError is a converter that ran and failed: its exit status and the
// first lines of what it wrote on stderr.
type procError struct {
	tool   string
	code   int // exit status; -1 when killed by a signal
	stderr string
	hint   string // what to do, e.g. raise RAG_EXTRACT_MEMORY_BYTES; may be empty
}

func (e *procError) Error() string {
	msg := fmt.Sprintf("%s exited with status %d", e.tool, e.code)
	if e.code < 0 {
		msg = e.tool + " was killed"
	}
	if e.stderr != "" {
		msg += ": " + e.stderr
	}
	if e.hint != "" {
		msg += " (" + e.hint + ")"
	}
	return msg
}

// run runs the converter tool with args under opts' limits (wall time
// Timeout, address space MemoryBytes through prlimit when it is there) and
// passes its standard output to read, which must consume it. Errors:
// ErrNoConverter (wrapped) when tool is not installed; a message naming
// RAG_EXTRACT_TIMEOUT when the time ran out; *procError when tool failed;
// else read's error.
func run(ctx context.Context, opts Options, read func(io.Reader) error, tool string, args ...string) error {
	bin, err := exec.LookPath(tool)
	if err != nil {
		return fmt.Errorf("%w: %s is needed for this format: install it with scripts/install-formats.sh or apt-get install %s (or leave such files out with RAG_EXCLUDE)", ErrNoConverter, tool, tools[tool])
	}
	if opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
	}
	name, argv := bin, args
	if opts.MemoryBytes > 0 {
		if pl, err := exec.LookPath("prlimit"); err == nil {
			name, argv = pl, append([]string{"--as=" + strconv.FormatInt(opts.MemoryBytes, 10), "--", bin}, args...)
		}
	}
	cmd := exec.CommandContext(ctx, name, argv...)
	cmd.WaitDelay = time.Second
	var stderr limitedBuffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	timedOut := func() error {
		return fmt.Errorf("%s took longer than RAG_EXTRACT_TIMEOUT=%s and was stopped; not indexed (raise RAG_EXTRACT_TIMEOUT to give it more time)", tool, opts.Timeout)
	}
	if err := cmd.Start(); err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			return timedOut()
		}
		return err
	}
	rerr := read(out)
	_, _ = io.Copy(io.Discard, out) // what read left, so that the tool can finish
	werr := cmd.Wait()
	if ctx.Err() == context.DeadlineExceeded {
		return timedOut()
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if werr != nil {
		var ee *exec.ExitError
		if errors.As(werr, &ee) {
			pe := &procError{tool: tool, code: ee.ExitCode(), stderr: stderr.summary()}
			if opts.MemoryBytes > 0 && (pe.code < 0 || strings.Contains(strings.ToLower(pe.stderr), "memory") || strings.Contains(pe.stderr, "bad_alloc") || strings.Contains(pe.stderr, "failed to map")) {
				pe.hint = fmt.Sprintf("over RAG_EXTRACT_MEMORY_BYTES=%d? raise it to give it more memory", opts.MemoryBytes)
			}
			return pe
		}
		return werr
	}
	return rerr
}

// limitedBuffer keeps the first 8 KB written to it.
type limitedBuffer struct{ b bytes.Buffer }

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := 8<<10 - l.b.Len(); room > 0 {
		l.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// summary is the first three distinct non-empty lines, joined by "; ".
func (l *limitedBuffer) summary() string {
	var out []string
	for _, ln := range strings.Split(l.b.String(), "\n") {
		ln = strings.TrimSpace(ln)
		if ln != "" && len(out) < 3 && (len(out) == 0 || out[len(out)-1] != ln) {
			out = append(out, ln)
		}
	}
	return strings.Join(out, "; ")
}
