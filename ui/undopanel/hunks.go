package undopanel

import "github.com/kjx-editor/kjx/editor/keys"

// The hunk chooser (r, issue #15): the preview shows the diff from the
// current text to the selected state, one hunk at a time is chosen with
// n and N (or j and k), Enter asks the owner to apply that hunk to the
// current text (ActRevertHunk) and leaves the chooser, Esc leaves it
// without applying anything. The owner knows the diff: it reports how
// many hunks there are with SetHunks.

// Chooser is the state of the hunk chooser.
type Chooser struct {
	Active bool
	Index  int // the hunk chosen, from 0
	Count  int // the diff's hunks; -1 until the owner knows
	back   Preview
}

// startChooser is r.
func (p *Panel) startChooser() Action {
	p.Chooser = Chooser{Active: true, Count: -1, back: p.Preview}
	p.Preview = PreviewDiffCurrent
	p.DiffTop = 0
	return Action{Kind: ActRedraw}
}

// leaveChooser ends the chooser and brings the preview back.
func (p *Panel) leaveChooser() {
	p.Preview = p.Chooser.back
	p.Chooser = Chooser{}
	p.DiffTop = 0
}

// SetHunks tells the chooser how many hunks the diff has.
func (p *Panel) SetHunks(n int) {
	c := &p.Chooser
	c.Count = n
	c.Index = min(c.Index, max(n-1, 0))
}

// chooserKey handles a key while the chooser is active.
func (p *Panel) chooserKey(k keys.Key) Action {
	c := &p.Chooser
	switch {
	case k.Code == keys.Esc || k.IsRune('q') || k.IsRune('r'):
		p.leaveChooser()
	case k.Code == keys.Enter:
		if c.Count <= 0 {
			return Action{} // no diff yet, or no difference
		}
		a := Action{Kind: ActRevertHunk, Seq: p.Sel, Hunk: c.Index}
		p.leaveChooser()
		return a
	case k.IsRune('n') || k.IsRune('j') || k.Code == keys.Down:
		if c.Count > 0 {
			c.Index = (c.Index + 1) % c.Count
		}
	case k.IsRune('N') || k.IsRune('k') || k.Code == keys.Up:
		if c.Count > 0 {
			c.Index = (c.Index + c.Count - 1) % c.Count
		}
	case isCtrl(k, 'e'), isCtrl(k, 'y'):
		return p.ctrlKey(k.Rune)
	default:
		return Action{}
	}
	return Action{Kind: ActRedraw}
}
