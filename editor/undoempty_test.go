package editor

import (
	"github.com/kjx-editor/kjx/editor/clock"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUndoMessageEmptyBuffer checks the undo tree is told whether "" is an
// empty buffer (Vim's ML_EMPTY): x on the only character leaves one empty
// line, dd on the only line leaves no lines, and u reports it as Vim 9.0
// does on a file holding "a\n".
func TestUndoMessageEmptyBuffer(t *testing.T) {
	tests := []struct {
		keys, want string
	}{
		{"x", "1 change; before #1"},
		{"dd", "1 more line; before #1"},
		{"ddu<C-r>", "1 more line; before #1"},
	}
	for _, tc := range tests {
		path := filepath.Join(t.TempDir(), "one.txt")
		if err := os.WriteFile(path, []byte("a\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		e := New(Config{Clock: clock.NewVirtual(testEpoch), Clean: true})
		if err := e.Open(path); err != nil {
			t.Fatal(err)
		}
		e.Feed(MustParseKeys(tc.keys), true)
		e.TakeMessages()
		e.Feed(MustParseKeys("u"), true)
		msgs := e.TakeMessages()
		if len(msgs) == 0 || !strings.HasPrefix(msgs[len(msgs)-1].Text, tc.want) {
			t.Errorf("%s then u: messages %v, Vim says %q", tc.keys, msgs, tc.want)
		}
	}
}
