package editor

import (
	"slices"
	"testing"
)

// TestForceWriteKeepsOutsideVersion: :w! over a file changed on disk
// (with unsaved changes in the buffer, so it was not reloaded) first
// records the text on disk as a state of source external, then writes
// the buffer's text: u from the written state shows the outside version,
// u again the buffer's text before :w!, and every text shown or on disk
// stays in the tree.
func TestForceWriteKeepsOutsideVersion(t *testing.T) {
	d := newDiskEnv(t, "f.txt", "one\ntwo\n")
	d.keys("Amine<Esc>")
	d.outside("one\ntwo\nfrom outside\n")
	d.step() // the change on disk is noticed: W12, not reloaded
	if msgs := d.ex("w"); len(msgs) == 0 || !slices.ContainsFunc(msgs, func(m string) bool { return len(m) > 8 && m[:8] == "WARNING:" }) {
		t.Fatalf(":w over the outside change said %q, want the WARNING", msgs)
	}
	d.ex("w!")
	d.wrote("onemine\ntwo\n")
	d.check()
	tree := d.e.buf().tree
	if tree.Modified() {
		t.Error("modified after :w!")
	}
	want := []string{"onemine\ntwo", "one\ntwo\nfrom outside", "onemine\ntwo", "one\ntwo"}
	var got []string
	for range want {
		got = append(got, d.text())
		d.keys("u")
	}
	if !slices.Equal(got, want) {
		t.Errorf("u from the written state shows %q, want %q", got, want)
	}
	snap := tree.Snapshot()
	sources := map[int]string{}
	for n := range snap.Nodes() {
		sources[n.Seq] = n.Source.String()
	}
	if sources[2] != "external" || sources[3] != "ex" {
		t.Errorf("sources %v: want #2 external, #3 ex", sources)
	}
}
