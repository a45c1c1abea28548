package ui

import (
	"strconv"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/session"
	"github.com/kjx-editor/kjx/ui/diff"
	"github.com/kjx-editor/kjx/ui/undopanel"
)

// The panel's hunk chooser (r) on the UI's side: the model knows which
// hunk is chosen; the UI tells it how many the diff has, scrolls the
// preview to the chosen one, marks it, and turns Enter into the editor's
// Revert with the hunk as a change of the current text.

// chooseHunks gives the chooser the preview's hunk count and scrolls the
// preview to the chosen hunk when the choice changed.
func (p *Panel) chooseHunks(out diff.Outcome, ready bool) {
	c := &p.model.Chooser
	if !c.Active {
		p.hunkShown = -1
		return
	}
	if !ready || out.Err != nil || out.Result == nil {
		return
	}
	p.preview0 = out
	p.model.SetHunks(len(out.Result.Hunks))
	if c.Index != p.hunkShown {
		p.hunkShown = c.Index
		p.model.DiffTop = hunkLine(out.Result, c.Index)
	}
}

// hunkLine is the line of the preview where hunk i's header is drawn.
func hunkLine(res *diff.Result, i int) int {
	n := 0
	for _, h := range res.Hunks[:min(i, len(res.Hunks))] {
		n += 1 + len(h.Lines)
	}
	return n
}

// chooserTitle is the preview's title while the chooser is active.
func (p *Panel) chooserTitle(what string) string {
	c := &p.model.Chooser
	switch {
	case !c.Active:
		return what
	case c.Count < 0:
		return "r: computing the diff…"
	case c.Count == 0:
		return "r: no difference with the current text"
	}
	return "r: hunk " + strconv.Itoa(c.Index+1) + "/" + strconv.Itoa(c.Count) + "  Enter revert  n N  Esc"
}

// revertInput is the editor input for an ActRevertHunk: the chosen hunk
// of the diff last drawn, as a change of the text it was computed from
// (the editor applies nothing when its text is no longer that).
func (p *Panel) revertInput(a undopanel.Action) (session.Input, bool) {
	res := p.preview0.Result
	if res == nil || a.Hunk < 0 || a.Hunk >= len(res.Hunks) {
		return session.Input{}, false
	}
	c := diff.HunkChange(res.OldText, res.NewText, res.Hunks[a.Hunk])
	return session.Input{Revert: &editor.Revert{From: a.Seq, Change: c, Text: res.OldText}}, true
}
