package session

import (
	"testing"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
)

// TestShellPort checks that the session gives its core a shell: a filter
// runs through the shell named by $SHELL in the session's environment
// (sh when it is unset), and a core without a session has none (E282).
func TestShellPort(t *testing.T) {
	for _, sh := range []string{"", "sh"} {
		env := func(k string) string {
			if k == "SHELL" {
				return sh
			}
			return ""
		}
		s := New(Config{Clock: clock.NewVirtual(testEpoch), Editor: editor.Config{Clean: true}, Env: env})
		e := s.Editor()
		e.Feed(mustKeys(t, "ib<Esc>:r !echo hi<CR>:%!sort<CR>"), true)
		if got := textOf(e); got != "b\nhi" {
			t.Errorf("SHELL=%q: text %q, want %q (msgs %q)", sh, got, "b\nhi", msgTexts(e.TakeMessages()))
		}
	}
	e := editor.New(editor.Config{Clock: clock.NewVirtual(testEpoch), Clean: true})
	e.Feed(mustKeys(t, ":r !echo hi<CR>"), true)
	msgs := msgTexts(e.TakeMessages())
	wantMsg(t, msgs, "E282", "no shell here")
}
