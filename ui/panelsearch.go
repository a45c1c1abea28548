package ui

import (
	"context"
	"strconv"
	"sync"

	"github.com/kjx-editor/kjx/editor/histsearch"
	"github.com/kjx-editor/kjx/editor/vimre"
	"github.com/kjx-editor/kjx/ui/undopanel"
	"github.com/kjx-editor/kjx/undo"
)

// panelSearch runs the panel's history searches (/ and ? in the panel)
// on a goroutine of their own, over the undo snapshot of the frame drawn
// when the search started, so that neither the editor nor the screen
// waits for it. The rows it finds are handed to the UI goroutine, which
// gives them to the panel's model when it next draws; a new search
// cancels the one running.
type panelSearch struct {
	// ctx is the UI loop's context (searches end with it); nil in tests
	// that draw without a loop.
	ctx    context.Context
	notify func() // wakes the UI goroutine (any goroutine may call it)

	mu     sync.Mutex
	gen    int   // the model's search generation being run
	found  []int // rows found and not yet taken
	done   bool
	err    string
	cancel context.CancelFunc
}

// searchJob is a search the model asked for, waiting for a frame's
// snapshot to run on.
type searchJob struct {
	gen     int
	pattern string
	up      bool
	from    int // the selected row: the search starts next to it
}

// start runs job over snapshot s whose states are seqs (row → seq).
func (ps *panelSearch) start(job searchJob, opt vimre.Options, s undo.Snapshot, seqs []int) {
	parent := ps.ctx
	if parent == nil {
		parent = context.Background()
	}
	ctx, cancel := context.WithCancel(parent)
	ps.mu.Lock()
	if ps.cancel != nil {
		ps.cancel()
	}
	ps.gen, ps.found, ps.done, ps.err, ps.cancel = job.gen, ps.found[:0], false, "", cancel
	ps.mu.Unlock()
	q, err := histsearch.Compile(job.pattern, opt)
	if err != nil {
		ps.finish(job.gen, err.Error())
		return
	}
	dir := -1 // /: down the list, to older states
	if job.up {
		dir = 1
	}
	go func() {
		err := q.Scan(ctx, s, seqs, job.from+dir, dir, func(i int) {
			ps.mu.Lock()
			if ps.gen == job.gen {
				ps.found = append(ps.found, i)
			}
			ps.mu.Unlock()
			ps.wake()
		})
		if err == nil {
			ps.finish(job.gen, "")
		}
	}()
}

// finish records the end of search gen.
func (ps *panelSearch) finish(gen int, err string) {
	ps.mu.Lock()
	if ps.gen == gen {
		ps.done, ps.err = true, err
	}
	ps.mu.Unlock()
	ps.wake()
}

func (ps *panelSearch) wake() {
	if ps.notify != nil {
		ps.notify()
	}
}

// deliver gives the rows found since the last call, and the end of the
// search, to the model (UI goroutine).
func (ps *panelSearch) deliver(m *undopanel.Panel) {
	ps.mu.Lock()
	gen, found, done, err := ps.gen, ps.found, ps.done, ps.err
	ps.found = nil
	if done {
		ps.done = false
	}
	ps.mu.Unlock()
	for _, r := range found {
		m.Found(gen, r)
	}
	if done {
		m.Done(gen, err)
	}
}

// stop cancels a running search (the panel closed).
func (ps *panelSearch) stop() {
	ps.mu.Lock()
	if ps.cancel != nil {
		ps.cancel()
		ps.cancel = nil
	}
	ps.mu.Unlock()
}

// drawPanelTitle draws the panel's first row at y: the search line while
// a pattern is typed (it then returns where the cursor goes, and true),
// otherwise the title with the current state, and the search's pattern
// and progress or its error.
func (r *Renderer) drawPanelTitle(s Surface, x0, y, w int) (int, bool) {
	p := r.Panel
	th := &r.Theme
	m := &p.model
	sr := &m.Search
	x1 := x0 + w
	if sr.Typing {
		prompt := "/"
		if sr.Up {
			prompt = "?"
		}
		x := drawString(s, x0, y, x1, prompt, th.Normal, th.SpecialKey)
		// The end of a long pattern stays in sight.
		x = drawString(s, x, y, x1, tailCells(string(sr.Input), max(x1-x-1, 0)), th.Normal, th.SpecialKey)
		fill(s, x, x1, y, th.Normal)
		return min(x, x1-1), p.Focus
	}
	title := " Undo tree"
	if p.tree != nil && m.Layout.Len() > 0 {
		title += "  #" + strconv.Itoa(p.tree.Cur()) + "/" + strconv.Itoa(m.Layout.Seq(m.Layout.Len()-1))
		if m.Folded {
			title += "  folded"
		}
	}
	x := drawString(s, x0, y, x1, title, th.PanelBorder, th.PanelBorder)
	switch {
	case sr.Err != "":
		x = drawString(s, x, y, x1, "  ", th.PanelBorder, th.PanelBorder)
		x = drawString(s, x, y, x1, sr.Err, th.ErrorMsg, th.ErrorMsg)
	case sr.Pattern != "":
		x = drawString(s, x, y, x1, "  "+searchSummary(m), th.PanelBorder, th.SpecialKey)
	}
	fill(s, x, x1, y, th.PanelBorder)
	return 0, false
}

// searchSummary says what the last search found: "/pat 2/5" (the
// selection is the second of five matches), "/pat 5" when the selection
// is no match, "/pat …3" while it runs.
func searchSummary(m *undopanel.Panel) string {
	sr := &m.Search
	dir := "/"
	if sr.LastUp {
		dir = "?"
	}
	out := dir + sr.Pattern + " "
	switch {
	case sr.Running:
		return out + "…" + strconv.Itoa(sr.Count())
	case sr.Count() == 0:
		return out + "0"
	}
	if i := m.MatchIndex(m.Layout.Row(m.Sel)); i > 0 {
		return out + strconv.Itoa(i) + "/" + strconv.Itoa(sr.Count())
	}
	return out + strconv.Itoa(sr.Count())
}
