package eval

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hrag-dev/hrag/pkg/extract"
	"github.com/hrag-dev/hrag/pkg/injection"
)

// InjectionCount is what the injection detector did to one set of lines.
// A line is masked when a masked span overlaps it, flagged when a flagged
// span does and no masked one.
type InjectionCount struct {
	Name           string   `json:"name"`
	Benign         int      `json:"benign"`
	BenignMasked   int      `json:"benign_masked"`
	BenignFlagged  int      `json:"benign_flagged"`
	Attacks        int      `json:"attacks"`
	AttacksMasked  int      `json:"attacks_masked"`
	AttacksFlagged int      `json:"attacks_flagged"`
	Examples       []string `json:"examples,omitempty"` // benign lines masked or flagged, attacks missed
}

// injectionLine is one line of a line set (testdata/injection/*.jsonl).
type injectionLine struct {
	Text   string `json:"text"`
	Attack bool   `json:"attack"`
}

// InjectionLines counts a line set: a JSONL file of {"text", "attack"}
// objects, each text detected on its own. Errors: the file cannot be read
// or a line is not such an object.
func InjectionLines(file string) (InjectionCount, error) {
	c := InjectionCount{Name: file}
	f, err := os.Open(file)
	if err != nil {
		return c, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		var l injectionLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return c, fmt.Errorf("%s:%d: %w", file, n, err)
		}
		masked, flagged := false, false
		for _, sp := range injection.Detect(l.Text) {
			masked = masked || sp.Action == injection.Masked
			flagged = flagged || sp.Action == injection.Flagged
		}
		switch {
		case l.Attack:
			c.Attacks++
			if masked {
				c.AttacksMasked++
			} else if flagged {
				c.AttacksFlagged++
			} else {
				c.Examples = append(c.Examples, "missed: "+l.Text)
			}
		default:
			c.Benign++
			if masked {
				c.BenignMasked++
				c.Examples = append(c.Examples, "masked: "+l.Text)
			} else if flagged {
				c.BenignFlagged++
				c.Examples = append(c.Examples, "flagged: "+l.Text)
			}
		}
	}
	return c, sc.Err()
}

// InjectionText counts the non-blank lines of the documents under root (a
// file or a folder; every file with a name matching one of the glob
// patterns), all taken as benign: each block of each document (as hrag
// extracts it) is detected as a whole, and a line counts as masked or
// flagged when a span overlaps it. Files that cannot be extracted are
// skipped. Errors: root cannot be walked.
func InjectionText(ctx context.Context, root string, patterns []string) (InjectionCount, error) {
	c := InjectionCount{Name: root}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		ok := len(patterns) == 0
		for _, p := range patterns {
			if m, _ := filepath.Match(p, d.Name()); m {
				ok = true
			}
		}
		if !ok {
			return nil
		}
		res, err := extract.File(ctx, path, extract.Options{MaxBytes: 20 << 20})
		if err != nil {
			return nil
		}
		doc, err := extract.Parse(res.Format, path, res.Body)
		if err != nil {
			return nil
		}
		for _, s := range doc.Sections {
			for _, b := range s.Blocks {
				countBlock(&c, path, b.Text)
			}
		}
		return ctx.Err()
	})
	return c, err
}

// countBlock adds the lines of one block to c.
func countBlock(c *InjectionCount, path, text string) {
	spans := injection.Detect(text)
	for ls := 0; ls < len(text); {
		le := strings.IndexByte(text[ls:], '\n')
		if le < 0 {
			le = len(text)
		} else {
			le += ls
		}
		if strings.TrimSpace(text[ls:le]) != "" {
			c.Benign++
			masked, flagged := false, false
			for _, sp := range spans {
				if sp.Start < le && ls < sp.End {
					masked = masked || sp.Action == injection.Masked
					flagged = flagged || sp.Action == injection.Flagged
				}
			}
			switch {
			case masked:
				c.BenignMasked++
				c.Examples = append(c.Examples, fmt.Sprintf("masked: %s: %s", path, text[ls:le]))
			case flagged:
				c.BenignFlagged++
				c.Examples = append(c.Examples, fmt.Sprintf("flagged: %s: %s", path, text[ls:le]))
			}
		}
		ls = le + 1
	}
}
