package undofile

import (
	"bytes"
	"encoding/hex"
	"os"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// TestDocExample keeps the annotated example in docs/undofile.md true: its
// hex dump must be exactly what Encode produces for the history it
// describes.
func TestDocExample(t *testing.T) {
	doc, err := os.ReadFile("../docs/undofile.md")
	if err != nil {
		t.Fatalf("docs/undofile.md: %v", err)
	}
	_, rest, ok := strings.Cut(string(doc), "### Example")
	if !ok {
		t.Fatal("docs/undofile.md has no example")
	}
	_, rest, _ = strings.Cut(rest, "```\n")
	dump, _, _ := strings.Cut(rest, "```")
	var want []byte
	for _, line := range strings.Split(strings.TrimSpace(dump), "\n") {
		hexPart, _, _ := strings.Cut(line[10:], "|")
		b, err := hex.DecodeString(strings.ReplaceAll(hexPart, " ", ""))
		if err != nil {
			t.Fatalf("bad dump line %q: %v", line, err)
		}
		want = append(want, b...)
	}
	img := undo.Image{SeqLast: 2, SeqCur: 2, NewHead: 2, SaveLast: 1, SaveCur: 1, TimeCur: 1_700_000_010,
		RootChildren: []int{1},
		Nodes: []undo.ImageNode{
			{Seq: 1, Children: []int{2}, Time: 1_700_000_005, CursorAfter: undo.Pos{Col: 3},
				Changes: []buffer.Change{{Off: 0, New: "hi "}}, Lines: [2]int{1, 1}},
			{Seq: 2, Parent: 1, Time: 1_700_000_008, SaveNr: 1, WasModified: true,
				CursorBefore: undo.Pos{Col: 3}, CursorAfter: undo.Pos{Col: 3},
				Changes: []buffer.Change{{Off: 3, Old: "x"}}},
		}}
	got, err := Encode(&File{Path: "/t/a.txt", Disk: HashBytes([]byte("hi \n")), SavedSeq: 2, Image: img}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("docs/undofile.md example is stale; Encode gives:\n%s", hex.Dump(got))
	}
}
