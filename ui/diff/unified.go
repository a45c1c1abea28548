package diff

import (
	"context"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/linediff"
)

// The line diff itself lives in editor/linediff, below the editor, so
// that the editor can diff a file reloaded from disk against the buffer.
// These aliases keep the UI's vocabulary (diff.Result, diff.Insert, ...)
// unchanged.

// Op says what a line of a hunk does (see linediff.Op).
type Op = linediff.Op

// Line is one line of a hunk (see linediff.Line).
type Line = linediff.Line

// Hunk is a unified-diff hunk (see linediff.Hunk).
type Hunk = linediff.Hunk

// Result is the line diff of two texts (see linediff.Result).
type Result = linediff.Result

// Options tune a diff (see linediff.Options).
type Options = linediff.Options

// The line operations.
const (
	Equal  = linediff.Equal  // context: in both texts
	Delete = linediff.Delete // only in the old text
	Insert = linediff.Insert // only in the new text
)

// Ropes diffs two texts line by line; see linediff.Ropes.
func Ropes(ctx context.Context, a, b buffer.Rope, opt Options) (*Result, error) {
	return linediff.Ropes(ctx, a, b, opt)
}

// Lines diffs two slices of lines; see linediff.Lines.
func Lines(ctx context.Context, a, b []string, opt Options) (*Result, error) {
	return linediff.Lines(ctx, a, b, opt)
}

// HunkChange is the change that applies hunk h of the diff from old to
// new to old alone; see linediff.HunkChange.
func HunkChange(old, new buffer.Rope, h Hunk) buffer.Change { return linediff.HunkChange(old, new, h) }

// Apply applies the hunks of r to the lines of the old text; see
// linediff.Apply.
func Apply(old []string, r *Result) ([]string, error) { return linediff.Apply(old, r) }
