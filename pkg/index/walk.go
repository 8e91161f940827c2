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

// Walk lists files under roots (files or directories) whose base name
// matches an include glob and whose base name or root-relative path matches
// no exclude glob. Hidden directories and files (".name") are skipped, .git
// included. Symbolic links are followed; a link that leads back into a
// directory already being walked (a loop) or that is broken is reported as a
// Problem, as is any unreadable directory. Files are returned sorted by path
// and deduplicated.
func Walk(roots, include, exclude []string) ([]File, []Problem) {
	w := walker{include: include, exclude: exclude, seen: map[string]bool{}}
	for _, r := range roots {
		abs, err := filepath.Abs(r)
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
			w.addFile(abs, filepath.Dir(abs), st)
			continue
		}
		w.dir(abs, abs, map[string]bool{})
	}
	sortFiles(w.files)
	return w.files, w.problems
}

type walker struct {
	include, exclude []string
	files            []File
	problems         []Problem
	seen             map[string]bool
}

func (w *walker) match(globs []string, root, path string) bool {
	base := filepath.Base(path)
	rel, _ := filepath.Rel(root, path)
	for _, g := range globs {
		if ok, _ := filepath.Match(g, base); ok {
			return true
		}
		if ok, _ := filepath.Match(g, rel); ok {
			return true
		}
		if strings.HasSuffix(g, "/**") && (rel == strings.TrimSuffix(g, "/**") || strings.HasPrefix(rel, strings.TrimSuffix(g, "**"))) {
			return true
		}
	}
	return false
}

func (w *walker) addFile(path, root string, st fs.FileInfo) {
	if !w.match(w.include, root, path) || w.match(w.exclude, root, path) || w.seen[path] {
		return
	}
	w.seen[path] = true
	w.files = append(w.files, File{Path: path, Root: root, Size: st.Size(), MTime: st.ModTime().Truncate(time.Microsecond)})
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
		if strings.HasPrefix(name, ".") {
			continue
		}
		st, err := os.Stat(p) // follows links
		if err != nil {
			w.problems = append(w.problems, Problem{p, describe(err)})
			continue
		}
		if st.IsDir() {
			if w.match(w.exclude, root, p) {
				continue
			}
			w.dir(p, root, active)
			continue
		}
		if st.Mode().IsRegular() {
			w.addFile(p, root, st)
		}
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
				return fmt.Errorf("broken symbolic link")
			}
		}
		return fmt.Errorf("no such file or directory")
	}
	if strings.Contains(err.Error(), "too many links") {
		return fmt.Errorf("symbolic link loop")
	}
	return err
}

func sortFiles(f []File) { sort.Slice(f, func(i, j int) bool { return f[i].Path < f[j].Path }) }
