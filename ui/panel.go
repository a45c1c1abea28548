package ui

import (
	"context"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/keys"
	"github.com/kjx-editor/kjx/editor/vimre"
	"github.com/kjx-editor/kjx/ui/diff"
	"github.com/kjx-editor/kjx/ui/undopanel"
	"github.com/kjx-editor/kjx/undo"
)

// UndoView is the undo history published with a frame.
type UndoView struct {
	// Tree is an immutable snapshot of the current buffer's undo tree;
	// nil when there is none to show.
	Tree undopanel.Tree
	// TextAt returns the text of state seq. The panel calls it only from
	// its diff worker, never on the UI goroutine; it must honour ctx.
	TextAt func(ctx context.Context, seq int) (buffer.Rope, error)
	// Tick is the buffer's changedtick: it changes whenever the live text
	// does, so diffs against the current text are cached per version.
	Tick uint64
	// Now is the clock the ages are measured against.
	Now time.Time
	// Origins are the states restores left, oldest first: the last is
	// where g<BS> and the panel's Backspace go. Their rows say "restore".
	Origins []int
	// Snap is the undo snapshot Tree presents and Seqs its states in row
	// order: what the panel's search reads (zero in frames without one).
	Snap undo.Snapshot
	Seqs []int
	// SearchOpts are the pattern options of searches ('ignorecase',
	// 'smartcase').
	SearchOpts vimre.Options
}

// PanelOptions place the undo-tree panel.
type PanelOptions struct {
	Right bool // on the right instead of the left
	Width int  // columns, 0 for a third of the screen (at most 50)
	// Diff is where the preview of the selected state goes.
	Diff DiffPlace
	// Absolute shows times instead of ages (the panel's t toggles it).
	Absolute bool
}

// DiffPlace is where the panel shows its preview (config panel.diff).
type DiffPlace uint8

// The places.
const (
	DiffBelow   DiffPlace = iota // a pane below the tree list
	DiffReplace                  // over the text window while the panel has the keyboard
	DiffOff                      // nowhere: no diff is computed
	DiffBottom                   // a full-width pane under the text's status line, like undotree.vim's
	DiffAuto                     // DiffBottom on screens wider than 120 columns, else DiffBelow
)

// autoBottomWidth is the screen width above which DiffAuto is DiffBottom.
const autoBottomWidth = 120

// place is where the preview goes on a screen w columns wide.
func (p *Panel) place(w int) DiffPlace {
	if p.Opts.Diff != DiffAuto {
		return p.Opts.Diff
	}
	if w > autoBottomWidth {
		return DiffBottom
	}
	return DiffBelow
}

// bottomRows is the height of the full-width preview pane (header
// included) on a w×h screen: a third of the rows the text would have,
// 5 to 20, and none when the panel is closed, the preview goes elsewhere,
// or the screen is too short to share.
func (p *Panel) bottomRows(w, h int) int {
	if !p.Open || p.place(w) != DiffBottom || p.width(w) == 0 {
		return 0
	}
	avail := h - 2 // the status line and the command line
	if avail < 15 {
		return 0
	}
	return min(max(avail/3, 5), 20)
}

// diffPlace parses the configuration's names; unknown names are "below".
func diffPlace(s string) DiffPlace {
	switch s {
	case "auto":
		return DiffAuto
	case "bottom":
		return DiffBottom
	case "replace":
		return DiffReplace
	case "off":
		return DiffOff
	}
	return DiffBelow
}

// replacing reports whether the preview is drawn over the text window.
func (p *Panel) replacing() bool {
	place := p.Opts.Diff == DiffReplace || p.Opts.Diff == DiffOff && p.model.Chooser.Active // the chooser needs its diff
	return p.Open && p.Focus && place && p.tree != nil && !p.model.Help && p.model.Layout.Len() > 0
}

// Panel is the undo-tree panel's UI state: whether it is open and has
// the keyboard, its model (selection, folding...), and the worker that
// computes its diff preview. It belongs to the UI goroutine; only the
// worker runs elsewhere.
type Panel struct {
	Open  bool
	Focus bool
	Opts  PanelOptions

	model  undopanel.Panel
	worker *diff.Worker
	rows   []undopanel.Row
	graph  []undopanel.Glyph
	tree   undopanel.Tree
	// origins are the restore origins of the frame drawn (UndoView.Origins).
	origins []int
	// search runs the history searches; searchWant is one asked for and
	// not started yet (it starts at the next draw, on that frame's
	// snapshot).
	search     panelSearch
	searchWant *searchJob
	// preview0 is the diff the hunk chooser showed last, and hunkShown
	// the hunk the preview was last scrolled to (panelhunks.go).
	preview0  diff.Outcome
	hunkShown int
	// live is the text of the state the live preview showed last
	// (panellive.go).
	live liveText
	// shown is the preview of the frame being drawn, for the bottom pane.
	shown shownPreview
	// Where the tree list was last drawn, for clicks.
	listX, listY, listW int
}

// shownPreview is a preview as drawn: its outcome, whether it was ready
// and its title.
type shownPreview struct {
	out   diff.Outcome
	ready bool
	what  string
}

// NewPanel returns a closed panel whose previews are computed by worker
// (nil: previews are not shown).
func NewPanel(worker *diff.Worker) *Panel { return &Panel{worker: worker} }

// Model exposes the panel's model (selection, folding, preview mode).
func (p *Panel) Model() *undopanel.Panel { return &p.model }

// Sync updates the panel with a new snapshot of the tree.
func (p *Panel) Sync(u *UndoView) {
	if u.Tree == nil {
		p.tree = nil
		return
	}
	p.tree = u.Tree
	p.model.Sync(u.Tree)
	p.syncSearch(u)
}

// Key passes a key to the panel's model and returns what the owner must
// do (restore a state, close, give focus back).
func (p *Panel) Key(k keys.Key) undopanel.Action {
	if p.tree == nil {
		// Nothing to show, but the panel can still be left.
		switch {
		case k.Code == keys.Esc || k.IsRune('q'):
			return undopanel.Action{Kind: undopanel.ActClose}
		case k.Code == keys.Tab:
			return undopanel.Action{Kind: undopanel.ActFocusText}
		}
		a, _ := p.model.WindowKey(k)
		return a
	}
	a := p.model.Key(p.tree, k)
	if a.Kind == undopanel.ActSearch {
		p.searchWant = &searchJob{gen: p.model.Search.Gen(), pattern: a.Pattern, up: a.Up, from: p.model.Layout.Row(a.Seq)}
		a = undopanel.Action{Kind: undopanel.ActRedraw}
	}
	return a
}

// syncSearch starts a search asked for since the last frame and gives the
// model what the running one found (UI goroutine, at each draw).
func (p *Panel) syncSearch(u *UndoView) {
	if w := p.searchWant; w != nil {
		p.searchWant = nil
		if w.gen == p.model.Search.Gen() {
			p.search.start(*w, u.SearchOpts, u.Snap, u.Seqs)
		}
	}
	p.search.deliver(&p.model)
}

// width returns the panel's width on a screen w columns wide (0 when the
// screen is too narrow to show it).
func (p *Panel) width(w int) int {
	pw := p.Opts.Width
	if pw <= 0 {
		pw = min(w/3, 50)
	}
	pw = min(pw, w-11) // leave the text at least 10 columns and the border
	if pw < 12 {
		return 0
	}
	return pw
}

// rowAt returns the node row shown at screen x, y by the last draw.
func (p *Panel) rowAt(x, y int) (int, bool) {
	i := y - p.listY
	if p.tree == nil || x < p.listX || x >= p.listX+p.listW || i < 0 || i >= len(p.rows) || !p.rows[i].IsNode() {
		return 0, false
	}
	return p.rows[i].Top, true
}
