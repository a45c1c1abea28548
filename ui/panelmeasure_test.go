package ui

import (
	"testing"

	"github.com/kjx-editor/kjx/editor"
)

// TestMeasurePanel measures a real editor's view: the node count is the
// tree's, and the panel is on screen afterwards.
func TestMeasurePanel(t *testing.T) {
	e := editor.New(editor.Config{Clean: true})
	for _, keys := range []string{"ione<Esc>", "otwo<Esc>", "u", "othree<Esc>"} {
		e.Feed(editor.MustParseKeys(keys), true)
		e.EndStep()
	}
	v := e.TakeView()
	got := MeasurePanel(&v, 120, 30, 5)
	if got.Nodes != 4 { // the root and three changes
		t.Fatalf("Nodes = %d, want 4", got.Nodes)
	}
	if got.First <= 0 || got.Frame <= 0 || got.Move <= 0 {
		t.Fatalf("timings %+v: want all positive", got)
	}
}
