package ui

import (
	"reflect"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
)

// TestUIRequestPanel checks the loop opens, focuses and closes the panel
// on each new request, and only once per request.
func TestUIRequestPanel(t *testing.T) {
	l, _ := testLoop()
	p := l.r.Panel
	steps := []struct {
		seq         uint64
		cmd         string
		open, focus bool
	}{
		{1, editor.UICmdPanelToggle, true, true},
		{1, editor.UICmdPanelToggle, true, true}, // the same request again: nothing
		{2, editor.UICmdPanelHide, false, false},
		{3, editor.UICmdPanelShow, true, false},
		{4, editor.UICmdPanelFocus, true, true},
		{5, editor.UICmdPanelShow, true, true},
		{6, editor.UICmdPanelToggle, false, false},
	}
	for _, s := range steps {
		l.publish(editor.View{UIRequest: editor.UIRequest{Seq: s.seq, Cmd: s.cmd}})
		l.drawIfNew(true)
		if p.Open != s.open || p.Focus != s.focus {
			t.Errorf("request %d %s: open %v focus %v, want %v %v", s.seq, s.cmd, p.Open, p.Focus, s.open, s.focus)
		}
	}
}

// TestTextMatchesAdapter checks the editor's matches reach the text view.
func TestTextMatchesAdapter(t *testing.T) {
	if textMatches(nil) != nil {
		t.Fatal("nil closure adapted to non-nil")
	}
	f := textMatches(func(text buffer.Rope, from, to int) [][2]int { return [][2]int{{from, from + 1}, {to - 1, to}} })
	got := f(buffer.FromString("abcdef"), 1, 5)
	if want := []Range{{1, 2}, {4, 5}}; !reflect.DeepEqual(got, want) {
		t.Errorf("adapted matches %v, want %v", got, want)
	}
	v := editor.View{IncSearch: [2]int{2, 4}, Matches: func(buffer.Rope, int, int) [][2]int { return [][2]int{{0, 1}} }}
	fr := (&frameBuilder{}).build(&v)
	if fr.Text.IncMatch != (Range{2, 4}) || fr.Text.Matches == nil {
		t.Errorf("frame: IncMatch %v, Matches set %v", fr.Text.IncMatch, fr.Text.Matches != nil)
	}
}

// TestRestoreInput checks the panel's Enter becomes Input.Restore.
func TestRestoreInput(t *testing.T) {
	if in := restoreInput(3); in.Restore != 3 || in.Ex != "" {
		t.Errorf("restoreInput(3) = %+v", in)
	}
	if in := restoreInput(0); in.Restore != editor.RestoreRoot {
		t.Errorf("restoreInput(0) = %+v", in)
	}
}
