package retrieve

import (
	"errors"
	"fmt"
)

// ErrEmptyIndex reports a collection with no chunks (errors.Is matches an
// *EmptyIndexError).
var ErrEmptyIndex = errors.New("the index is empty")

// ErrModelMismatch reports that the collection has no vectors of the
// configured embedding model, or vectors of another dimension (errors.Is
// matches a *ModelMismatchError).
var ErrModelMismatch = errors.New("embedding model mismatch")

// EmptyIndexError says that collection Collection cannot be searched: it
// does not exist (Missing) or holds no passages. The fix (index a folder)
// is for the caller to word.
type EmptyIndexError struct {
	Collection string
	Missing    bool
}

func (e *EmptyIndexError) Error() string {
	if e.Missing {
		return fmt.Sprintf("%v: collection %q does not exist yet", ErrEmptyIndex, e.Collection)
	}
	return fmt.Sprintf("%v: collection %q has no passages", ErrEmptyIndex, e.Collection)
}

// Is makes errors.Is(err, ErrEmptyIndex) hold.
func (e *EmptyIndexError) Is(target error) bool { return target == ErrEmptyIndex }

// ModelMismatchError says that collection Collection has no vectors of
// embedding model Model with document prefix DocPrefix (Have lists the
// models it has vectors of), or, when HaveDim > 0, that its vectors of
// Model have HaveDim dimensions where the model now gives Dim. The fix
// (re-embed, or configure a model the collection has) is for the caller to
// word.
type ModelMismatchError struct {
	Collection, Model, DocPrefix string
	Have                         []string
	HaveDim, Dim                 int
}

func (e *ModelMismatchError) Error() string {
	if e.HaveDim > 0 {
		return fmt.Sprintf("%v: the vectors of %s in collection %q have %d dimensions, but the model now gives %d",
			ErrModelMismatch, e.Model, e.Collection, e.HaveDim, e.Dim)
	}
	return fmt.Sprintf("%v: collection %q has no vectors of model %s (document prefix %q); it has vectors of %v",
		ErrModelMismatch, e.Collection, e.Model, e.DocPrefix, e.Have)
}

// Is makes errors.Is(err, ErrModelMismatch) hold.
func (e *ModelMismatchError) Is(target error) bool { return target == ErrModelMismatch }
