package undo

import (
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// TestSetMaxNodes checks that raising the cap keeps later nodes and that
// lowering it prunes at the next change, never below the current path.
func TestSetMaxNodes(t *testing.T) {
	tr := New(buffer.FromString(""), Options{MaxNodes: 5})
	commit := func() {
		tr.Save(Pos{}, SourceTyped)
		if err := tr.Apply(buffer.Change{Off: tr.Text().Len(), New: "x"}); err != nil {
			t.Fatal(err)
		}
		tr.Sync()
	}
	for i := 0; i < 10; i++ {
		commit()
	}
	if tr.Len() > 5 {
		t.Fatalf("cap 5: %d nodes", tr.Len())
	}
	tr.SetMaxNodes(100)
	for i := 0; i < 20; i++ {
		commit()
	}
	if tr.Len() != 25 {
		t.Fatalf("after raising the cap to 100: %d nodes, want 25", tr.Len())
	}
	tr.SetMaxNodes(3)
	commit()
	if tr.Len() > 3 {
		t.Fatalf("after lowering the cap to 3 and one change: %d nodes", tr.Len())
	}
	if got := tr.Text().Len(); got != 31 {
		t.Fatalf("text length %d, want 31", got)
	}
}
