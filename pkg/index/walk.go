package index

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/hrag-dev/hrag/pkg/store"
)

// File is a regular file found under a root.
type File struct {
	Path  string    // absolute, cleaned
	Root  string    // the absolute root it was found under
	Size  int64     // bytes
	MTime time.Time // truncated to microseconds, as PostgreSQL stores it
}

// Problem is a path that could not be indexed, with the reason.
type Problem struct {
	Path string
	Err  error
}

func (p Problem) Error() string { return p.Path + ": " + p.Err.Error() }

// Rules by which Walk leaves a file or folder out (Ignored.Rule).
const (
	// RuleHidden: a name starting with "." (a hidden folder is listed, not
	// walked). Version-control folders (.git, .hg, .svn, .jj) are not even
	// listed. A hidden file or folder named as a root is indexed.
	RuleHidden = "hidden"
	// RuleNotIncluded: the file's name matches no include glob (RAG_INCLUDE,
	// --include).
	RuleNotIncluded = "not_included"
	// RuleExcluded: the file or folder matches an exclude glob (RAG_EXCLUDE,
	// --exclude); an excluded folder is listed, not walked.
	RuleExcluded = "excluded"
	// RuleSpecial: not a regular file (a FIFO, socket or device), which
	// could block a read or never end; left out wherever it is found.
	RuleSpecial = "special"
	// RuleBadName: the path is not valid UTF-8 (a name written in another
	// encoding), which the database cannot store; left out wherever it is
	// found.
	RuleBadName = "bad_name"
)

// Ignored is a file or folder that Walk found and left out by rule.
type Ignored struct {
	Path     string `json:"path"`   // absolute
	Rule     string `json:"rule"`   // RuleHidden, RuleNotIncluded, RuleExcluded, RuleSpecial or RuleBadName
	Folder   bool   `json:"folder"` // a folder: what it holds was not looked at
	Explicit bool   `json:"-"`      // named as a root on the command line
}

// Listing is what Walk found under its roots.
type Listing struct {
	Files    []File    // to index: sorted by path, deduplicated
	Ignored  []Ignored // left out by rule, sorted by path
	Problems []Problem // unreadable paths, broken links, loops
}

// IgnoredCounts returns how many files and folders were left out, by rule.
func (l Listing) IgnoredCounts() IgnoredCounts {
	var c IgnoredCounts
	for _, ig := range l.Ignored {
		c.add(ig)
	}
	return c
}

// IgnoredCounts counts what Walk left out by rule: files by rule, and
// folders (not walked) by rule.
type IgnoredCounts struct {
	Files   map[string]int `json:"files,omitempty"`   // rule → files
	Folders map[string]int `json:"folders,omitempty"` // rule → folders not walked
}

func (c *IgnoredCounts) add(ig Ignored) {
	m := &c.Files
	if ig.Folder {
		m = &c.Folders
	}
	if *m == nil {
		*m = map[string]int{}
	}
	(*m)[ig.Rule]++
}

// Total is the number of files and folders left out.
func (c IgnoredCounts) Total() int {
	n := 0
	for _, v := range c.Files {
		n += v
	}
	for _, v := range c.Folders {
		n += v
	}
	return n
}

// String is "3 not matching the include globs, 2 hidden folders": "" when
// nothing was left out.
func (c IgnoredCounts) String() string {
	var parts []string
	for _, r := range []string{RuleNotIncluded, RuleExcluded, RuleHidden, RuleSpecial, RuleBadName} {
		if n := c.Files[r]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, ruleNoun(r, false, n)))
		}
		if n := c.Folders[r]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, ruleNoun(r, true, n)))
		}
	}
	return strings.Join(parts, ", ")
}

func ruleNoun(rule string, folder bool, n int) string {
	what := "file"
	if folder {
		what = "folder"
	}
	if n != 1 {
		what += "s"
	}
	switch rule {
	case RuleNotIncluded:
		return what + " not matching the include globs"
	case RuleExcluded:
		return "excluded " + what
	case RuleSpecial:
		return "special " + what + " (FIFO, socket or device)"
	case RuleBadName:
		return what + " with a name that is not UTF-8"
	}
	return "hidden " + what
}

// binaryExt are extensions of files of no format hrag reads: no hint to
// include them.
var binaryExt = map[string]bool{".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true, ".heic": true,
	".zip": true, ".gz": true, ".tgz": true, ".xz": true, ".7z": true, ".mp3": true, ".mp4": true,
	".mov": true, ".mkv": true, ".wav": true, ".exe": true, ".bin": true, ".so": true, ".o": true, ".a": true,
	".dll": true, ".class": true, ".jar": true, ".xlsx": true, ".pptx": true, ".sqlite": true, ".db": true}

// Describe says why ig was left out and how to change that, for a warning
// or a -v listing; include is the globs in force, command words the
// command it suggests (Options.Command for the collection; nil: the
// arguments alone).
func (ig Ignored) Describe(include []string, command func(args ...string) string) string {
	switch ig.Rule {
	case RuleNotIncluded:
		ext := strings.ToLower(filepath.Ext(ig.Path))
		hint := ""
		switch {
		case binaryExt[ext]:
			hint = " (hrag indexes Markdown, plain text, Org, reStructuredText, HTML, PDF, DOCX and ODT)"
		case ext != "":
			hint = fmt.Sprintf("; to index such files, add '*%s' to RAG_INCLUDE (--include '*%s' replaces the globs for one run only)", ext, ext)
		}
		return fmt.Sprintf("does not match the include globs (%s)%s", strings.Join(include, ","), hint)
	case RuleExcluded:
		return "matches an exclude glob (RAG_EXCLUDE or --exclude)"
	case RuleSpecial:
		return "not a regular file (a FIFO, socket or device): hrag reads only regular files"
	case RuleBadName:
		return "its name is not valid UTF-8 (written in another encoding), and the database stores names as UTF-8: rename it (convmv converts a folder's names)"
	}
	what := "hidden file"
	if ig.Folder {
		what = "hidden folder, not looked into"
	}
	if command == nil {
		command = func(args ...string) string { return strings.Join(args, " ") }
	}
	return what + "; to index it, name it: " + command("index", ig.Path)
}

// Walk lists files under roots (files or directories) whose base name
// matches an include glob and whose base name or root-relative path matches
// no exclude glob, and what it left out by those rules (Listing.Ignored).
// Hidden directories and files (".name") under a root are left out; a root
// itself may be hidden. Symbolic links are followed; a link that leads back
// into a directory already being walked (a loop) or that is broken is
// reported as a Problem, as is any unreadable directory. A file's identity
// (File.Path) is its real path (store.RealPath): a file reached through a
// link, or a root given through one, is listed under the path it links to,
// once.
func Walk(roots, include, exclude []string) Listing {
	w := walker{include: include, exclude: exclude, seen: map[string]bool{}}
	for _, r := range roots {
		abs, err := store.RealPath(r)
		if err != nil {
			w.problems = append(w.problems, Problem{r, err})
			continue
		}
		st, err := os.Stat(abs)
		if err != nil {
			w.problems = append(w.problems, Problem{abs, describe(err)})
			continue
		}
		if !st.IsDir() {
			w.addFile(abs, abs, filepath.Dir(abs), st, true)
			continue
		}
		w.dir(abs, abs, map[string]bool{})
	}
	sortFiles(w.files)
	sort.Slice(w.ignored, func(i, j int) bool { return w.ignored[i].Path < w.ignored[j].Path })
	return Listing{Files: w.files, Ignored: w.ignored, Problems: w.problems}
}

// WouldIndex reports whether a walk of root with these globs would index
// path (a file or folder at or under root): it exists, no folder on the way
// is hidden or excluded, and a file matches the include globs and no
// exclude glob. For a folder it reports whether the walk enters it.
func WouldIndex(root, path string, include, exclude []string) bool {
	st, err := os.Stat(path)
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(root, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return false
	}
	w := walker{include: include, exclude: exclude}
	p := root
	segs := strings.Split(filepath.ToSlash(rel), "/")
	for i, seg := range segs {
		if seg == "." {
			continue
		}
		p = filepath.Join(p, seg)
		last := i == len(segs)-1
		if strings.HasPrefix(seg, ".") || vcsDirs[seg] || w.match(exclude, root, p) {
			return false
		}
		if last && !st.IsDir() && !w.match(include, root, p) {
			return false
		}
	}
	return true
}

// ErrBrokenLink is the Problem of a symbolic link whose target is gone: its
// earlier document (if any) is pruned like a deleted file's, unlike an
// unreadable path's.
var ErrBrokenLink = errors.New("broken symbolic link")

// ErrBadName: a path named to index is not valid UTF-8, which the database
// cannot store (RuleBadName for files found in a walk).
var ErrBadName = errors.New("its name is not valid UTF-8 (written in another encoding), and the database stores names as UTF-8: rename it")

// ErrLinkLoop is the Problem of a symbolic link that leads to itself: like
// a broken link, it holds no file.
var ErrLinkLoop = errors.New("symbolic link loop")

// vcsDirs are left out without being reported.
var vcsDirs = map[string]bool{".git": true, ".hg": true, ".svn": true, ".jj": true, ".bzr": true}

type walker struct {
	include, exclude []string
	files            []File
	ignored          []Ignored
	problems         []Problem
	seen             map[string]bool
}

// match reports whether path (found under root) matches one of globs, by
// doublestar rules (github.com/bmatcuk/doublestar, as --path): a glob
// matches the base name, or the path relative to root ("drafts/**",
// "**/node_modules"), or, when absolute, the whole path. A trailing "/" is
// ignored ("node_modules/" names the folder).
func (w *walker) match(globs []string, root, path string) bool {
	base := filepath.Base(path)
	rel, _ := filepath.Rel(root, path)
	rel = filepath.ToSlash(rel)
	for _, g := range globs {
		g = filepath.ToSlash(g)
		if g != "/" {
			g = strings.TrimSuffix(g, "/")
		}
		if strings.HasPrefix(g, "/") {
			if ok, _ := doublestar.Match(g, filepath.ToSlash(path)); ok {
				return true
			}
			continue
		}
		if ok, _ := doublestar.Match(g, base); ok {
			return true
		}
		if ok, _ := doublestar.Match(g, rel); ok {
			return true
		}
		if strings.HasSuffix(g, "/**") && rel == strings.TrimSuffix(g, "/**") {
			return true
		}
	}
	return false
}

// addFile considers a file found at path (as walked, for the globs) whose
// identity is real (symbolic links resolved): a file reached twice, through
// links or overlapping roots, is listed once.
func (w *walker) addFile(path, real, root string, st fs.FileInfo, explicit bool) {
	switch {
	case !st.Mode().IsRegular(): // whatever its name: a link named note.md to /dev/null too
		w.ignored = append(w.ignored, Ignored{Path: path, Rule: RuleSpecial, Explicit: explicit})
	case !utf8.ValidString(path):
		w.ignored = append(w.ignored, Ignored{Path: path, Rule: RuleBadName, Explicit: explicit})
	case !w.match(w.include, root, path):
		w.ignored = append(w.ignored, Ignored{Path: path, Rule: RuleNotIncluded, Explicit: explicit})
	case w.match(w.exclude, root, path):
		w.ignored = append(w.ignored, Ignored{Path: path, Rule: RuleExcluded, Explicit: explicit})
	case !w.seen[real]:
		// Marked only when listed: a link the globs leave out must not hide
		// the file it points to (found by the property test).
		w.seen[real] = true
		w.files = append(w.files, File{Path: real, Root: root, Size: st.Size(), MTime: st.ModTime().Truncate(time.Microsecond)})
	}
}

// dir walks one directory; active holds the real paths of the directories on
// the current descent, to detect symlink loops.
func (w *walker) dir(path, root string, active map[string]bool) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		w.problems = append(w.problems, Problem{path, describe(err)})
		return
	}
	if active[real] {
		w.problems = append(w.problems, Problem{path, errors.New("symbolic link loop (leads back to " + real + "); skipped")})
		return
	}
	active[real] = true
	defer delete(active, real)
	entries, err := os.ReadDir(path)
	if err != nil {
		w.problems = append(w.problems, Problem{path, describe(err)})
		return
	}
	for _, e := range entries {
		name := e.Name()
		p := filepath.Join(path, name)
		if vcsDirs[name] {
			continue
		}
		st, err := os.Stat(p) // follows links
		if err != nil {
			switch {
			case strings.HasPrefix(name, "."):
			case w.match(w.exclude, root, p):
				w.ignored = append(w.ignored, Ignored{Path: p, Rule: RuleExcluded})
			case e.Type()&fs.ModeSymlink != 0 && !w.match(w.include, root, p):
				// A broken link the globs would leave out anyway.
				w.ignored = append(w.ignored, Ignored{Path: p, Rule: RuleNotIncluded})
			default:
				w.problems = append(w.problems, Problem{p, describe(err)})
			}
			continue
		}
		if strings.HasPrefix(name, ".") {
			// A hidden file is reported only when it would be indexed
			// otherwise (not .DS_Store and the like).
			if st.IsDir() || (st.Mode().IsRegular() && w.match(w.include, root, p) && !w.match(w.exclude, root, p)) {
				w.ignored = append(w.ignored, Ignored{Path: p, Rule: RuleHidden, Folder: st.IsDir()})
			}
			continue
		}
		if st.IsDir() {
			if w.match(w.exclude, root, p) {
				w.ignored = append(w.ignored, Ignored{Path: p, Rule: RuleExcluded, Folder: true})
				continue
			}
			w.dir(p, root, active)
			continue
		}
		// A special file (FIFO, socket, device) is listed as left out by
		// addFile, under the path it was found at.
		rp := filepath.Join(real, name)
		if e.Type()&fs.ModeSymlink != 0 && st.Mode().IsRegular() {
			if rp, err = filepath.EvalSymlinks(p); err != nil {
				w.problems = append(w.problems, Problem{p, describe(err)})
				continue
			}
		}
		w.addFile(p, rp, root, st, false)
	}
}

func describe(err error) error {
	switch {
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("permission denied: check the file's permissions")
	case errors.Is(err, fs.ErrNotExist):
		var pe *fs.PathError
		if errors.As(err, &pe) {
			if _, lerr := os.Lstat(pe.Path); lerr == nil {
				return ErrBrokenLink
			}
		}
		return fmt.Errorf("no such file or directory")
	}
	if strings.Contains(err.Error(), "too many levels of symbolic links") || strings.Contains(err.Error(), "too many links") {
		return ErrLinkLoop
	}
	return err
}

func sortFiles(f []File) { sort.Slice(f, func(i, j int) bool { return f[i].Path < f[j].Path }) }
