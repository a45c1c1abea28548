package undofile

import (
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// linesOptions is a fixed clock, so that the ages in messages agree.
func linesOptions() undo.Options {
	return undo.Options{Now: func() time.Time { return time.Unix(1_700_000_000, 0) }, Location: time.UTC}
}

// openTyped is "o{text}<Esc>" after the line ending at off, as the editor
// makes it: the line break, then the typed keys one by one (the tree merges
// them into one change), in one undo block.
func openTyped(t *testing.T, tr *undo.Tree, line, off int, text string) {
	t.Helper()
	tr.Save(undo.Pos{Line: line}, undo.SourceTyped)
	apply(t, tr, buffer.Change{Off: off, New: "\n"})
	for i := range len(text) {
		apply(t, tr, buffer.Change{Off: off + 1 + i, New: text[i : i+1]})
	}
	tr.Sync()
}

func apply(t *testing.T, tr *undo.Tree, c buffer.Change) {
	t.Helper()
	if err := tr.Apply(c); err != nil {
		t.Fatal(err)
	}
}

// persist sends tr through an undo file, as a restart does: Export,
// Encode, Decode, Restore at the current state. zeroLines drops the
// decoded line counts (what a file without them gives).
func persist(t *testing.T, tr *undo.Tree, zeroLines bool) *undo.Tree {
	t.Helper()
	text := tr.Text()
	img := tr.Export()
	data, err := Encode(&File{Path: "/t/a.txt", Disk: HashRope(text), SavedSeq: tr.SeqCur(), Image: img}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := Decode(data, DecodeOptions{Path: "/t/a.txt"})
	if err != nil {
		t.Fatal(err)
	}
	for i := range img.Nodes {
		if got, want := f.Image.Nodes[i].Lines, img.Nodes[i].Lines; got != want {
			t.Fatalf("node %d: decoded line counts %v, exported %v", img.Nodes[i].Seq, got, want)
		}
		if zeroLines {
			f.Image.Nodes[i].Lines = [2]int{}
		}
	}
	rt, err := undo.Restore(text, f.SavedSeq, f.Image, linesOptions())
	if err != nil {
		t.Fatal(err)
	}
	return rt
}

// TestLinesEndToEnd: the messages of typed text after o come out the same
// after a trip through an undo file as before it, which needs the stored
// line counts. The expected messages were recorded from Vim 9.0 (buffer
// "a1", "a2"; keys as named, each command its own undo block).
func TestLinesEndToEnd(t *testing.T) {
	for _, tc := range []struct {
		name  string
		build func(t *testing.T, tr *undo.Tree)
		move  func(tr *undo.Tree) undo.Result
		vim   string
	}{
		{"ofoo<Esc> dd 2u",
			func(t *testing.T, tr *undo.Tree) {
				openTyped(t, tr, 0, 2, "foo")
				tr.Save(undo.Pos{Line: 1}, undo.SourceTyped)
				apply(t, tr, buffer.Change{Off: 3, Old: "foo\n"})
				tr.Sync()
			},
			func(tr *undo.Tree) undo.Result { return tr.Undo(2) },
			"2 changes; before #1  0 seconds ago"},
		{"ofoo<Esc> u obar<Esc> g-",
			func(t *testing.T, tr *undo.Tree) {
				openTyped(t, tr, 0, 2, "foo")
				tr.Undo(1)
				openTyped(t, tr, 0, 2, "bar")
			},
			func(tr *undo.Tree) undo.Result { return tr.Step(-1) },
			"3 changes; after #1  0 seconds ago"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			orig := undo.New(buffer.FromString("a1\na2"), linesOptions())
			tc.build(t, orig)
			restored := persist(t, orig, false)
			derived := persist(t, orig, true)
			want := tc.move(orig)
			if want.Message != tc.vim {
				t.Fatalf("original tree: %q, Vim says %q", want.Message, tc.vim)
			}
			got := tc.move(restored)
			if got.Message != want.Message || got.Text.String() != want.Text.String() || got.Cursor != want.Cursor {
				t.Errorf("restored tree: %q %q %v, original %q %q %v",
					got.Message, got.Text.String(), got.Cursor, want.Message, want.Text.String(), want.Cursor)
			}
			// The scenario must depend on the stored counts: derived from
			// the changes alone, typed text after o is counted as a put.
			if d := tc.move(derived); d.Message == want.Message {
				t.Errorf("without line counts the message is also %q: the scenario does not test them", d.Message)
			}
		})
	}
}

// linesNode is the payload of a root-level node 1 holding one one-byte
// insertion, with raw line counts when flags has nodeHasLines.
func linesNode(flags byte, lines ...uint64) []byte {
	p := []byte{1, 2, flags, 0, 0} // seq +1, parent 0, flags, source, time
	for _, l := range lines {
		p = binary.AppendUvarint(p, l)
	}
	p = append(p, 0, 0, 0, 0, 0) // children, cursor deltas
	return append(p, 1, 0, 0, 1, 'a')
}

// TestDecodeLines checks the bounds on stored line counts.
func TestDecodeLines(t *testing.T) {
	file := func(node []byte) []byte {
		return frame(0, byte(kindHeader), hdr("/p", 2, 1, 1, []uint64{1}), byte(kindNode), node)
	}
	v1 := func(data []byte) []byte {
		d := append([]byte{}, data...)
		binary.LittleEndian.PutUint16(d[len(Magic):], oldVersion)
		return reseal(d)
	}
	for _, tc := range []struct {
		name  string
		data  []byte
		want  string // "" decodes
		lines [2]int
	}{
		{"none", file(linesNode(0)), "", [2]int{}},
		{"one line", file(linesNode(nodeHasLines, 1, 1)), "", [2]int{1, 1}},
		{"delta of one byte", file(linesNode(nodeHasLines, 0, 1)), "", [2]int{0, 1}},
		{"largest", file(linesNode(nodeHasLines, maxLines, maxLines-1)), "", [2]int{maxLines, maxLines - 1}},
		{"version 1 without", v1(file(linesNode(0))), "", [2]int{}},
		{"version 1 with", v1(file(linesNode(nodeHasLines, 1, 1))), "unknown node flags", [2]int{}},
		{"zero", file(linesNode(nodeHasLines, 0, 0)), "line counts present but zero", [2]int{}},
		{"delta beyond the bytes", file(linesNode(nodeHasLines, 1, 3)), "differ by more than its 1 changed bytes", [2]int{}},
		{"negative delta beyond the bytes", file(linesNode(nodeHasLines, 5, 0)), "differ by more", [2]int{}},
		{"saved over the limit", file(linesNode(nodeHasLines, maxLines+1, maxLines)), "lines saved out of range", [2]int{}},
		{"left over the limit", file(linesNode(nodeHasLines, 1, 1<<63)), "lines left out of range", [2]int{}},
		{"missing", file(linesNode(nodeHasLines)), "corrupt", [2]int{}}, // the fields after are misread
	} {
		f, err := Decode(tc.data, DecodeOptions{})
		switch {
		case tc.want == "":
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			} else if got := f.Image.Nodes[0].Lines; got != tc.lines {
				t.Errorf("%s: line counts %v, want %v", tc.name, got, tc.lines)
			}
		case err == nil || KindOf(err) != KindCorrupt || !strings.Contains(err.Error(), tc.want):
			t.Errorf("%s: got %v, want a corruption containing %q", tc.name, err, tc.want)
		}
	}
}

// TestEncodeRejectsBadLines: Encode refuses line counts Decode would refuse.
func TestEncodeRejectsBadLines(t *testing.T) {
	for _, lines := range [][2]int{{-1, 0}, {0, -1}, {maxLines + 1, maxLines + 1}, {0, 2}, {7, 5}} {
		img := undo.Image{SeqLast: 1, SeqCur: 1, NewHead: 1, RootChildren: []int{1}, Nodes: []undo.ImageNode{
			{Seq: 1, Changes: []buffer.Change{{Off: 0, New: "a"}}, Lines: lines}}}
		_, err := Encode(&File{Path: "/p", Image: img}, Limits{})
		if err == nil || KindOf(err) != KindCorrupt || !strings.Contains(err.Error(), "line counts") {
			t.Errorf("%v: got %v, want a refusal naming the line counts", lines, err)
		}
	}
}

// TestVersion1Compat: a version 1 file, which is a version 2 file whose
// nodes have no line counts, decodes to the same history.
func TestVersion1Compat(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for range 20 {
		f := randomFile(rng, rng.IntN(40))
		for i := range f.Image.Nodes {
			f.Image.Nodes[i].Lines = [2]int{}
		}
		data, err := Encode(f, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		binary.LittleEndian.PutUint16(data[len(Magic):], oldVersion)
		got, err := Decode(reseal(data), DecodeOptions{Path: testPath})
		if err != nil {
			t.Fatalf("version 1: %v", err)
		}
		sameFile(t, f, got)
	}
}
