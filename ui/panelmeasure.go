package ui

import (
	"slices"
	"time"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/keys"
)

// PanelTiming is what MeasurePanel measured.
type PanelTiming struct {
	Nodes int           // states in the current buffer's tree (the root included)
	First time.Duration // the first frame with the panel open: converting the view and indexing the whole tree
	Frame time.Duration // median of frames redrawn with nothing changed
	Move  time.Duration // median of frames after j or k moved the panel's selection
}

// MeasurePanel times drawing v with the undo-tree panel open into an
// in-memory w×h surface, as the terminal UI draws it (without a diff
// worker, so no diff pane is computed): the first frame, then frames
// redrawn (median of frames), then frames after a selection move (median
// of frames, alternating j and k). It is for benchmarks (cmd/kjxbench's
// workload 6); it runs on the caller's goroutine and v must not be used by
// an editor meanwhile.
func MeasurePanel(v *editor.View, w, h, frames int) PanelTiming {
	frames = max(frames, 1)
	s := NewMemSurface(w, h)
	r := NewRenderer()
	r.Panel.Open, r.Panel.Focus = true, true
	var fb frameBuilder
	start := time.Now()
	f := fb.build(v)
	r.Draw(s, f)
	t := PanelTiming{First: time.Since(start), Nodes: f.Undo.Tree.Len()}
	t.Frame = medianOf(frames, func() { r.Draw(s, f) })
	steps := [2]keys.Key{keys.Char('j'), keys.Char('k')}
	i := 0
	t.Move = medianOf(frames, func() {
		r.Panel.Key(steps[i%2])
		i++
		r.Draw(s, f)
	})
	return t
}

// medianOf runs f n times and returns the median duration.
func medianOf(n int, f func()) time.Duration {
	d := make([]time.Duration, n)
	for i := range d {
		start := time.Now()
		f()
		d[i] = time.Since(start)
	}
	slices.Sort(d)
	return d[n/2]
}
