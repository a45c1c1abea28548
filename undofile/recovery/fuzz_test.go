package recovery

import (
	"testing"
)

// FuzzDecode: a recovery file's bytes are never trusted: anything is
// refused with an error or loaded into a history whose newest state is
// reachable; nothing panics.
func FuzzDecode(f *testing.F) {
	tree, _ := history(f, "", "one", "\ntwo")
	f.Add(encoded(f, tree, "/w/new.txt"))
	f.Add(encoded(f, tree, UnnamedPath("20261126-160147-20944-1")))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := decodeData(data, "fuzz")
		if err != nil {
			return
		}
		if r.Size < 0 || r.States != len(r.Image.Nodes) || (r.Path == "") == (r.ID == "") {
			t.Fatalf("inconsistent %+v", r.Entry)
		}
	})
}
