// Command hrag is an honest retrieval-augmented generation tool for the
// terminal. See README.md.
package main

import (
	"os"

	"github.com/hrag-dev/hrag/cmd"
)

func main() { os.Exit(cmd.Main()) }
