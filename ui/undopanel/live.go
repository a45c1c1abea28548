package undopanel

// The live preview (P, issue #15): while it is on, the owner shows the
// selected state's text in the text window, read-only, without moving
// the tree. Enter keeps the state shown (ActRestore, one recorded
// movement, as always); Esc, q or P again end the preview and select the
// current state again, which is the state before browsing, untouched;
// any other key that acts on the text or leaves the panel ends it first.

// toggleLive is P.
func (p *Panel) toggleLive() Action {
	if p.Live {
		p.endLive()
	} else {
		p.Live = true
	}
	return Action{Kind: ActRedraw}
}

// endLive ends the live preview: the selection goes back to the current
// state, whose text the text window shows again.
func (p *Panel) endLive() {
	p.Live = false
	if p.Sel != p.cur {
		p.Sel = p.cur
		p.DiffTop = 0
	}
}

// liveAfter adjusts the action of a key typed during the live preview:
// closing the panel only ends the preview; restoring keeps the state
// previewed and ends it; anything else for the editor ends it first.
func (p *Panel) liveAfter(a Action) Action {
	switch a.Kind {
	case ActClose:
		p.endLive()
		return Action{Kind: ActRedraw}
	case ActRestore:
		p.Live = false // the selection stays: it becomes the current state
	case ActFocusText, ActRestoreBack, ActUndo, ActRevertHunk:
		p.endLive()
	}
	return a
}

// Distance returns the number of edges between rows a and b of the tree
// (up from one to their common ancestor and down to the other), or false
// when it is more than limit: how much work the text of b costs from the
// text of a.
func (l *Layout) Distance(a, b, limit int) (int, bool) {
	if a < 0 || b < 0 || a >= l.Len() || b >= l.Len() {
		return 0, false
	}
	d := 0
	for a != b {
		if d++; d > limit {
			return 0, false
		}
		if l.depth[a] >= l.depth[b] {
			a = int(l.parent[a])
		} else {
			b = int(l.parent[b])
		}
		if a < 0 || b < 0 {
			return 0, false
		}
	}
	return d, true
}
