//go:build !unix

package embed

import "os"

// mapFile reads the file at path; release does nothing.
func mapFile(path string) (data []byte, release func(), err error) {
	b, err := os.ReadFile(path)
	return b, func() {}, err
}
