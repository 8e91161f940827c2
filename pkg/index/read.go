package index

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"
)

// ErrBinary marks a file that holds NUL bytes: not text, skipped.
var ErrBinary = errors.New("binary file (contains NUL bytes); skipped")

// ErrTooLarge marks a file over RAG_MAX_FILE_BYTES, skipped.
var ErrTooLarge = errors.New("file too large")

// Text is a file's content prepared for chunking.
type Text struct {
	Body     string // UTF-8, "\n" line ends, no BOM
	Hash     []byte // SHA-256 of the raw bytes
	Repaired int    // invalid UTF-8 sequences replaced by U+FFFD
}

// ReadText reads path (at most maxBytes), rejects binary content, strips a
// UTF-8 BOM, normalises CRLF and lone CR to LF and replaces invalid UTF-8
// with U+FFFD, counting the repairs.
func ReadText(path string, maxBytes int64) (Text, error) {
	f, err := os.Open(path)
	if err != nil {
		return Text{}, describe(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return Text{}, err
	}
	if st.Size() > maxBytes {
		return Text{}, fmt.Errorf("%w: %d bytes > RAG_MAX_FILE_BYTES=%d; skipped (raise RAG_MAX_FILE_BYTES to index it)", ErrTooLarge, st.Size(), maxBytes)
	}
	raw, err := io.ReadAll(io.LimitReader(f, maxBytes+1))
	if err != nil {
		return Text{}, describe(err)
	}
	if int64(len(raw)) > maxBytes { // grew while reading
		return Text{}, fmt.Errorf("%w: more than RAG_MAX_FILE_BYTES=%d bytes; skipped", ErrTooLarge, maxBytes)
	}
	return Decode(raw)
}

// Decode prepares raw file bytes as text; see ReadText.
func Decode(raw []byte) (Text, error) {
	h := sha256.Sum256(raw)
	t := Text{Hash: h[:]}
	if bytes.IndexByte(raw, 0) >= 0 {
		return t, ErrBinary
	}
	raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))
	s := string(raw)
	if !utf8.ValidString(s) {
		var b strings.Builder
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				t.Repaired++
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
	t.Body = s
	return t, nil
}
