package editor

import (
	"testing"

	"github.com/kjx-editor/kjx/undo"
)

// TestInsertPasteSource: a bracketed paste in Insert mode stays in the
// session's one undo step (Vim does the same) and labels it a paste,
// whether it comes first or after typed text.
func TestInsertPasteSource(t *testing.T) {
	for _, tc := range []struct {
		name          string
		before        string
		after         string
		want          string
		wantSource    undo.Source
		wantSeqLast   int
		wantAfterUndo string
	}{
		{"typed then pasted", "ione ", " three<Esc>", "one two three", undo.SourcePaste, 1, ""},
		{"pasted first", "i", "<Esc>", "two", undo.SourcePaste, 1, ""},
		{"typed only", "ione", "<Esc>", "one", undo.SourceTyped, 1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newTestEditor("")
			feed := func(s string) {
				keys, err := ParseKeys(s)
				if err != nil {
					t.Fatal(err)
				}
				e.Feed(keys, true)
			}
			feed(tc.before)
			if tc.name != "typed only" {
				e.Paste("two")
			}
			feed(tc.after)
			if got := e.text().String(); got != tc.want {
				t.Fatalf("text %q, want %q", got, tc.want)
			}
			tr := e.buf().tree
			if tr.SeqLast() != tc.wantSeqLast {
				t.Fatalf("%d undo steps, want %d (the paste joins the insert)", tr.SeqLast(), tc.wantSeqLast)
			}
			n, _ := tr.Snapshot().Node(1)
			if n.Source != tc.wantSource {
				t.Errorf("source %v, want %v", n.Source, tc.wantSource)
			}
			feed("u")
			if got := e.text().String(); got != tc.wantAfterUndo {
				t.Errorf("after u: %q, want %q", got, tc.wantAfterUndo)
			}
		})
	}
}
