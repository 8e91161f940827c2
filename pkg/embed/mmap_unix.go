//go:build unix

package embed

import (
	"os"
	"syscall"
)

// mapFile maps the file at path read-only; release unmaps it. Reading a
// model's graph header this way touches only the pages it decodes, where
// os.ReadFile would copy the whole file.
func mapFile(path string) (data []byte, release func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if st.Size() == 0 {
		return nil, func() {}, nil
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		raw, rerr := os.ReadFile(path)
		return raw, func() {}, rerr
	}
	return b, func() { _ = syscall.Munmap(b) }, nil
}
