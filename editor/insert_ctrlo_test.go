package editor

import "testing"

// TestViewResumeCtrlO: the view says which mode CTRL-O's command returns
// to while it is typed (the UI's "-- (insert) --"), and nothing after.
func TestViewResumeCtrlO(t *testing.T) {
	for _, tc := range []struct {
		keys string
		want Mode
	}{
		{"A<C-o>", ModeInsert}, {"R<C-o>", ModeReplace}, {"i<C-o>v", ModeInsert},
		{"A<C-o>0", ModeNormal}, {"i<C-o>:", ModeInsert}, {"ix", ModeNormal},
	} {
		e := newTestEditor("abc\n")
		e.Feed(MustParseKeys(tc.keys), true)
		if v := e.TakeView(); v.Resume != tc.want {
			t.Errorf("%s: Resume %v, want %v", tc.keys, v.Resume, tc.want)
		}
	}
}
