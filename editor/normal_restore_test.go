package editor

import (
	"slices"
	"testing"
)

// restoreEditor has states 0..3 on one line: "", "a", "ab", "abc".
func restoreEditor(t *testing.T) *Editor {
	t.Helper()
	e := newTestEditor("")
	feedSteps(t, e, "ia<Esc>", "ab<Esc>", "ac<Esc>")
	if got := e.text().String(); got != "abc" || e.buf().tree.Current() != 3 {
		t.Fatalf("setup: %q at #%d", got, e.buf().tree.Current())
	}
	return e
}

func TestRestoreBack(t *testing.T) {
	tests := []struct {
		name    string
		steps   []string
		text    string
		seq     int
		origins []int
		msg     string
	}{
		{"g<BS> after :undo N", []string{":undo 1<CR>", "g<BS>"}, "abc", 3, nil, ""},
		{"g<BS> after :undo 0", []string{":undo 0<CR>", "g<BS>"}, "abc", 3, nil, ""},
		{"u after :undo N keeps Vim's meaning", []string{":undo 1<CR>", "u"}, "", 0, []int{3}, ""},
		{"two restores go back one at a time", []string{":undo 1<CR>", ":undo 2<CR>", "g<BS>"}, "a", 1, []int{3}, ""},
		{"and then to the first origin", []string{":undo 1<CR>", ":undo 2<CR>", "g<BS>", "g<BS>"}, "abc", 3, nil, ""},
		{"a restore to the state shown is no restore", []string{":undo 3<CR>"}, "abc", 3, nil, ""},
		{"nothing to go back to", []string{"g<BS>"}, "abc", 3, nil, msgNoRestore},
		{"the newest origin first", []string{":undo 1<CR>", ":undo 3<CR>", "g<BS>"}, "a", 1, []int{3}, ""},
		{"an origin that is shown again is skipped", []string{":undo 1<CR>", "<C-r><C-r>", "g<BS>"}, "abc", 3, nil, msgNoRestore},
		{"g<BS> is itself no restore", []string{":undo 1<CR>", "g<BS>", "g<BS>"}, "abc", 3, nil, msgNoRestore},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := restoreEditor(t)
			e.TakeMessages()
			feedSteps(t, e, tc.steps...)
			if got := e.text().String(); got != tc.text || e.buf().tree.Current() != tc.seq {
				t.Errorf("text %q at #%d, want %q at #%d", got, e.buf().tree.Current(), tc.text, tc.seq)
			}
			if got := e.RestoreOrigins(); len(got)+len(tc.origins) > 0 && !slices.Equal(got, tc.origins) {
				t.Errorf("origins %v, want %v", got, tc.origins)
			}
			msgs := e.TakeMessages()
			if tc.msg != "" && (len(msgs) == 0 || msgs[len(msgs)-1].Text != tc.msg) {
				t.Errorf("messages %v, want the last to be %q", msgs, tc.msg)
			}
		})
	}
}

// TestRestoreBackFromThePanelAndLabels: the panel's Enter (RestoreState)
// and :undo NAME are restores; the panel's Backspace (GoBackFromRestore)
// goes back from any mode; the View publishes the origins.
func TestRestoreBackFromThePanelAndLabels(t *testing.T) {
	e := restoreEditor(t)
	feedSteps(t, e, ":checkpoint two<CR>")
	e.RestoreState(RestoreRoot)
	if got := e.text().String(); got != "" {
		t.Fatalf("panel Enter on the root: %q", got)
	}
	feedSteps(t, e, ":undo two<CR>")
	if v := e.TakeView(); !slices.Equal(v.RestoreOrigins, []int{3, 0}) {
		t.Fatalf("View.RestoreOrigins %v, want [3 0]", v.RestoreOrigins)
	}
	feedSteps(t, e, "")
	e.Feed([]Key{R('i')}, true) // Insert mode: the panel's Backspace leaves it first
	e.GoBackFromRestore()
	if got := e.text().String(); got != "" || e.Mode() != ModeNormal {
		t.Fatalf("Backspace: %q in %v, want the root's text in Normal mode", got, e.Mode())
	}
	e.GoBackFromRestore()
	if got := e.text().String(); got != "abc" {
		t.Fatalf("second Backspace: %q, want abc", got)
	}
}
