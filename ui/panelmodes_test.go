package ui

import (
	"testing"

	"github.com/kjx-editor/kjx/editor/keys"
)

// panelCase is a golden screen of the panel in one of its modes: the
// demo history, keys typed into the panel, and changes to the frame.
type panelCase struct {
	name  string
	w, h  int
	keys  []keys.Key
	frame func(f *Frame)
	setup func(r *Renderer)
	quiet bool // no preview is computed
}

// runes is keys for the characters of s.
func runes(s string) []keys.Key {
	var out []keys.Key
	for _, r := range s {
		out = append(out, keys.Char(r))
	}
	return out
}

func (tc panelCase) run(t *testing.T) {
	t.Helper()
	h := demoHist()
	f := h.frame()
	if tc.frame != nil {
		tc.frame(f)
	}
	s := NewMemSurface(tc.w, tc.h)
	checkSurface(t, s)
	r := NewRenderer()
	r.Panel.Open, r.Panel.Focus = true, true
	if tc.setup != nil {
		tc.setup(r)
	}
	r.Draw(s, f)
	for _, k := range tc.keys {
		r.Panel.Key(k)
	}
	if tc.quiet {
		r.Draw(s, f)
	} else {
		drawWithPreview(t, r, s, f)
	}
	if s.Overlaps() != 0 {
		t.Errorf("%d cells written twice", s.Overlaps())
	}
	golden(t, "screen_"+tc.name, s.Dump(true))
}

// TestGoldenPanelModes draws the panel in the modes of issue #15.
func TestGoldenPanelModes(t *testing.T) {
	tests := []panelCase{
		{name: "panel_restore_origins", w: 100, h: 24, keys: runes("jj"),
			frame: func(f *Frame) { f.Undo.Origins = []int{6, 2} }},
		// m on #2, then k to #3: the diff pane compares the two.
		{name: "panel_mark_compare", w: 100, h: 26, keys: runes("jjmk")},
		// panel.diff = "auto" on a screen wider than 120 columns: the
		// diff takes the whole width under the status line.
		{name: "panel_diff_bottom", w: 130, h: 30, keys: runes("jj"),
			setup: func(r *Renderer) { r.Panel.Opts.Diff = DiffAuto }},
		{name: "panel_diff_auto_narrow", w: 120, h: 30, keys: runes("jj"),
			setup: func(r *Renderer) { r.Panel.Opts.Diff = DiffAuto }},
	}
	for _, tc := range tests {
		t.Run(tc.name, tc.run)
	}
}
