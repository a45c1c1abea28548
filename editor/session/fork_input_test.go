package session

import (
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/editor"
)

// TestForkInput: the undo panel's f reaches the core as Input.Fork and
// opens the state as a new buffer; the root comes as editor.RestoreRoot;
// a state that does not exist is an error message.
func TestForkInput(t *testing.T) {
	for _, tc := range []struct {
		fork       int
		name, text string
	}{
		{1, "[No Name]~1", "one"},
		{2, "[No Name]~2", "onex"},
		{editor.RestoreRoot, "[No Name]~0", ""},
		{9, "", "E830"},
	} {
		s := New(Config{Editor: editor.Config{Clean: true}})
		e := s.Editor()
		e.ExecEx("normal! ione")
		e.Feed(editor.MustParseKeys("Ax<Esc>"), true)
		e.TakeMessages()
		s.handleInput(Input{Fork: tc.fork})
		msgs := e.TakeMessages()
		if tc.name == "" {
			if len(msgs) == 0 || !strings.Contains(msgs[len(msgs)-1].Text, tc.text) {
				t.Errorf("fork %d: messages %v, want %s", tc.fork, msgs, tc.text)
			}
			continue
		}
		if got := e.Buffer().Name(); got != tc.name {
			t.Errorf("fork %d: buffer %q, want %q", tc.fork, got, tc.name)
		}
		if got := strings.TrimSuffix(e.Buffer().Text().String(), "\n"); got != tc.text {
			t.Errorf("fork %d: text %q, want %q", tc.fork, got, tc.text)
		}
		s.Close()
	}
}
