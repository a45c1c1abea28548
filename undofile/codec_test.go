package undofile

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/kjx-editor/kjx/undo"
)

const testPath = "/home/u/work dir/a%b.txt"

func randomFile(rng *rand.Rand, n int) *File {
	img, saved := randomImage(rng, n)
	f := &File{Path: testPath, Image: img, SavedSeq: saved}
	f.Disk = HashBytes([]byte(randomString(rng, rng.IntN(100))))
	if rng.IntN(2) == 0 {
		t := buffer.FromString(strings.Repeat(randomString(rng, 1+rng.IntN(50)), rng.IntN(100)))
		f.Text = &t
	}
	return f
}

// sameFile compares two Files, texts by content.
func sameFile(t *testing.T, want, got *File) {
	t.Helper()
	if (want.Text == nil) != (got.Text == nil) {
		t.Fatalf("text present: want %v, got %v", want.Text != nil, got.Text != nil)
	}
	if want.Text != nil && want.Text.String() != got.Text.String() {
		t.Fatalf("text: want %d bytes, got %d bytes", want.Text.Len(), got.Text.Len())
	}
	w, g := *want, *got
	w.Text, g.Text = nil, nil
	if !reflect.DeepEqual(w, g) {
		for i := range min(len(w.Image.Nodes), len(g.Image.Nodes)) {
			if !reflect.DeepEqual(w.Image.Nodes[i], g.Image.Nodes[i]) {
				t.Fatalf("node %d differs:\nwant %+v\n got %+v", i, w.Image.Nodes[i], g.Image.Nodes[i])
			}
		}
		w.Image.Nodes, g.Image.Nodes = nil, nil
		t.Fatalf("files differ:\nwant %+v\n got %+v", w, g)
	}
}

func TestRoundTripRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	rounds := 400
	if testkit.RaceEnabled || testing.Short() {
		rounds = 60
	}
	for i := range rounds {
		n := rng.IntN(60)
		if i%20 == 0 {
			n = rng.IntN(2000)
		}
		f := randomFile(rng, n)
		data, err := Encode(f, Limits{})
		if err != nil {
			t.Fatalf("round %d: encode: %v", i, err)
		}
		// Every other round shares data instead of copying it (as
		// reading a file does).
		got, err := Decode(data, DecodeOptions{Path: testPath, Owned: i%2 == 1})
		if err != nil {
			t.Fatalf("round %d: decode: %v", i, err)
		}
		sameFile(t, f, got)
		again, err := Encode(got, Limits{})
		if err != nil || !bytes.Equal(again, data) {
			t.Fatalf("round %d: re-encoding the decoded file differs (err %v)", i, err)
		}
	}
}

func TestRoundTripEmptyHistory(t *testing.T) {
	empty := buffer.FromString("")
	for _, f := range []*File{
		{Path: "/x"},
		{Path: "/x", Text: &empty, Disk: HashBytes(nil)},
		{Path: "/x", Image: undo.Image{SeqLast: 7, SeqCur: 7, SaveLast: 3, SaveCur: 2, Pruned: 7, Modified: true}},
	} {
		data, err := Encode(f, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := Decode(data, DecodeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sameFile(t, f, got)
	}
}

// TestNodeCost checks the fixed cost per node: a typical one-character
// insert node takes at most 40 bytes plus its one changed byte, and a
// typical typing history averages well under that.
func TestNodeCost(t *testing.T) {
	base := &File{Path: "/p", Image: undo.Image{SeqLast: 1000, SeqCur: 1000, TimeCur: 1_700_000_000}}
	for _, tc := range []struct {
		name string
		prev undo.ImageNode // the node before, for the deltas
		node undo.ImageNode
	}{
		{"insert next to the previous one",
			undo.ImageNode{Seq: 41, Time: 1_700_000_000, CursorAfter: undo.Pos{Line: 120, Col: 7},
				Changes: []buffer.Change{{Off: 5000, New: "a"}}},
			undo.ImageNode{Seq: 42, Parent: 41, Children: []int{43}, Time: 1_700_000_003, WasModified: true,
				CursorBefore: undo.Pos{Line: 120, Col: 8}, CursorAfter: undo.Pos{Line: 120, Col: 9},
				Changes: []buffer.Change{{Off: 5001, New: "b"}}, Lines: [2]int{1, 1}}},
		{"insert far away in a large file, labelled, saved",
			undo.ImageNode{Seq: 41, Time: 1_700_000_000},
			undo.ImageNode{Seq: 42, Parent: 41, Children: []int{43, 50}, Time: 1_700_090_000, SaveNr: 12,
				CursorBefore: undo.Pos{Line: 250_000, Col: 120}, CursorAfter: undo.Pos{Line: 250_000, Col: 121},
				Changes: []buffer.Change{{Off: 9_000_000, New: "b"}}, Lines: [2]int{1, 1}}},
	} {
		var st deltaState
		p := appendNode(nil, &tc.prev, &st)
		p = appendNode(p[:0], &tc.node, &st)
		cost := recordSize(len(p))
		if cost > 40+1 {
			t.Errorf("%s: node record is %d bytes, want ≤ 41", tc.name, cost)
		}
		t.Logf("%s: %d bytes", tc.name, cost)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	f := *base
	f.Image = typicalImage(rng, 10000)
	data, err := Encode(&f, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	changed := 0
	for _, n := range f.Image.Nodes {
		for _, c := range n.Changes {
			changed += len(c.Old) + len(c.New)
		}
	}
	perNode := float64(len(data)-changed) / 10000
	t.Logf("10 000 typical nodes: %d bytes, %d changed bytes, %.1f fixed bytes per node", len(data), changed, perNode)
	if perNode > 40 {
		t.Errorf("fixed cost %.1f bytes per node, want ≤ 40", perNode)
	}
}

func TestIndexCRC(t *testing.T) {
	for _, rec := range []uint32{0, 1, 17, 255, 256, 1 << 20, 0xffffffff} {
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], rec)
		if got, want := indexCRC(rec), crc32.Checksum(b[:], castagnoli); got != want {
			t.Errorf("indexCRC(%d) = %#x, want %#x", rec, got, want)
		}
	}
}
