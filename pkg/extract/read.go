package extract

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
)

// ErrSkipped is matched (errors.Is) by every error that says a file's
// content cannot be indexed: the same bytes give the same error, so the
// file is remembered as skipped until it changes. Other errors (a missing
// converter, a time or memory limit, an unreadable file) are failures that
// the next run tries again.
var ErrSkipped = errors.New("skipped")

// skipError is an error of content that cannot be indexed (ErrSkipped).
type skipError struct{ msg string }

func (e skipError) Error() string           { return e.msg }
func (skipError) Is(target error) bool      { return target == ErrSkipped }
func skip(format string, args ...any) error { return skipError{fmt.Sprintf(format, args...)} }

// ErrBinary marks a file that holds NUL bytes and is of no format hrag
// reads: not text, skipped.
var ErrBinary error = skipError{"binary file (contains NUL bytes); skipped"}

// ErrTooLarge marks a file over RAG_MAX_FILE_BYTES, skipped.
var ErrTooLarge error = skipError{"file too large"}

// Text is a file's content prepared for chunking.
type Text struct {
	Body     string // UTF-8, "\n" line ends, no BOM
	Hash     []byte // SHA-256 of the raw bytes
	Repaired int    // invalid UTF-8 sequences replaced by U+FFFD
}

// ErrNotRegular is the error of a path that is not a regular file when it
// is opened (a FIFO, socket or device put in a file's place after the walk).
var ErrNotRegular = errors.New("not a regular file (a FIFO, socket or device); left out")

// ReadFile reads path, at most maxBytes bytes: ErrTooLarge (wrapped, with
// the sizes and the setting to raise) for a larger file, or one that grew
// past it while being read; ErrNotRegular for anything but a regular file.
// The file is opened non-blocking, so a FIFO cannot hold the run.
func ReadFile(path string, maxBytes int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, describe(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, ErrNotRegular
	}
	if st.Size() > maxBytes {
		return nil, fmt.Errorf("%w: %d bytes > RAG_MAX_FILE_BYTES=%d; skipped (raise RAG_MAX_FILE_BYTES to index it)", ErrTooLarge, st.Size(), maxBytes)
	}
	raw, err := io.ReadAll(io.LimitReader(f, maxBytes+1))
	if err != nil {
		return nil, describe(err)
	}
	if int64(len(raw)) > maxBytes { // grew while reading
		return nil, fmt.Errorf("%w: more than RAG_MAX_FILE_BYTES=%d bytes; skipped", ErrTooLarge, maxBytes)
	}
	return raw, nil
}

// Hash returns the SHA-256 of the file at path (at most maxBytes bytes, as
// ReadFile): what the index compares to tell a changed file, whatever its
// format.
func Hash(path string, maxBytes int64) ([]byte, error) {
	raw, err := ReadFile(path, maxBytes)
	if err != nil {
		return nil, err
	}
	h := sha256.Sum256(raw)
	return h[:], nil
}

// Decode prepares raw file bytes as text: it rejects binary content
// (ErrBinary, with Hash set), strips a UTF-8 BOM, normalises CRLF and lone
// CR to LF and replaces invalid UTF-8 with U+FFFD, counting the repairs.
func Decode(raw []byte) (Text, error) {
	h := sha256.Sum256(raw)
	t := Text{Hash: h[:]}
	if bytes.IndexByte(raw, 0) >= 0 {
		return t, ErrBinary
	}
	t.Body, t.Repaired = decodeText(raw)
	return t, nil
}

// decodeText is Decode without the binary check: text with "\n" line ends
// and the number of invalid UTF-8 sequences replaced.
func decodeText(raw []byte) (string, int) {
	raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))
	s := string(raw)
	repaired := 0
	if !utf8.ValidString(s) {
		var b strings.Builder
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				repaired++
				b.WriteRune(utf8.RuneError)
			} else {
				b.WriteString(s[i : i+size])
			}
			i += size
		}
		s = b.String()
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return s, repaired
}

// decodeHTML is an HTML page's text, decoded from the charset it declares
// (a byte-order mark, <meta charset>, or <meta http-equiv="Content-Type">
// in its first 1024 bytes, as golang.org/x/net/html/charset determines it;
// undeclared, UTF-8 when the bytes are UTF-8 and windows-1252 when not),
// with "\n" line ends, and the number of characters still replaced by
// U+FFFD. Bytes that are valid UTF-8 holding non-ASCII characters are read
// as UTF-8 whatever charset the page declares (a page converted to UTF-8
// that kept its old <meta>: no Latin-1 text is valid multi-byte UTF-8).
func decodeHTML(raw []byte) (string, int) {
	enc, name, _ := charset.DetermineEncoding(raw, "text/html")
	if name == "utf-8" || enc == nil || (utf8.Valid(raw) && !ascii(raw)) {
		return decodeText(raw)
	}
	out, err := enc.NewDecoder().Bytes(raw)
	if err != nil {
		return decodeText(raw)
	}
	s, _ := decodeText(out)
	return s, strings.Count(s, string(utf8.RuneError))
}

// ascii reports whether b holds ASCII bytes only.
func ascii(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// describe turns an open or read error into a message that says what to do.
func describe(err error) error {
	switch {
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("permission denied: check the file's permissions")
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("no such file or directory")
	}
	return err
}
