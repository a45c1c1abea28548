package ui

import (
	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/session"
)

// uiRequest carries out the editor's newest request (:undotree, …) once:
// a view repeats its last request until another one comes, so only a Seq
// not seen yet acts. It reports whether the panel changed.
func (l *loop) uiRequest(req editor.UIRequest) bool {
	if req.Seq == l.reqSeq {
		return false
	}
	l.reqSeq = req.Seq
	p := l.r.Panel
	var open, focus bool
	switch req.Cmd {
	case editor.UICmdPanelToggle:
		open = !p.Open
		focus = open
	case editor.UICmdPanelShow:
		open, focus = true, p.Focus
	case editor.UICmdPanelHide:
		open, focus = false, false
	case editor.UICmdPanelFocus:
		open, focus = true, true
	default:
		return false
	}
	if open == p.Open && focus == p.Focus {
		return false
	}
	resize := open != p.Open
	p.Open, p.Focus = open, focus
	if resize {
		l.resized()
	}
	l.dirty = true
	return true
}

// textMatches adapts the editor's 'hlsearch' closure to TextView.Matches.
func textMatches(f func(text buffer.Rope, from, to int) [][2]int) func(text buffer.Rope, from, to int) []Range {
	if f == nil {
		return nil
	}
	return func(text buffer.Rope, from, to int) []Range {
		ms := f(text, from, to)
		if len(ms) == 0 {
			return nil
		}
		out := make([]Range, len(ms))
		for i, m := range ms {
			out[i] = Range{Start: m[0], End: m[1]}
		}
		return out
	}
}

// forkInput is the session input for the panel's f on state seq.
func forkInput(seq int) session.Input {
	if seq == 0 {
		return session.Input{Fork: editor.RestoreRoot}
	}
	return session.Input{Fork: seq}
}

// restoreInput is the session input that restores state seq (the root
// as editor.RestoreRoot).
func restoreInput(seq int) session.Input {
	if seq == 0 {
		return session.Input{Restore: editor.RestoreRoot}
	}
	return session.Input{Restore: seq}
}
