package session

import (
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor"
)

// lastText is the text of the last message the core shows, or "".
func lastText(e *editor.Editor) string {
	m := e.TakeMessages()
	if len(m) == 0 {
		return ""
	}
	return m[len(m)-1].Text
}

// TestColourConfig: an unknown configured scheme is reported at start-up
// and "default" used; a reload applies [editor] syntax and colorscheme.
func TestColourConfig(t *testing.T) {
	c := config.Default(noEnv)
	c.Editor.ColorScheme = "nosuch"
	s := New(Config{Editor: editor.Config{Clean: true, Options: OptionsFromConfig(c, editor.DefaultOptions()), ColorSchemes: []string{"monokai"}}})
	e := s.Editor()
	if m := lastText(e); m != "E185: Cannot find color scheme 'nosuch'" {
		t.Errorf("start-up message %q", m)
	}
	if got := e.TakeView().Options.ColorScheme; got != "default" {
		t.Errorf("an unknown configured scheme: %q", got)
	}
	s.live = configLive{cur: config.Default(noEnv), path: "kjx.toml"}
	c2 := config.Default(noEnv)
	c2.Editor.Syntax, c2.Editor.ColorScheme = false, "monokai"
	s.ApplyConfig(c2, nil)
	if m := lastText(e); !strings.Contains(m, "syntax=off colorscheme=monokai") {
		t.Errorf("reload message %q", m)
	}
	o := e.TakeView().Options
	if o.Syntax || o.ColorScheme != "monokai" {
		t.Errorf("after reload: syntax %v, scheme %q", o.Syntax, o.ColorScheme)
	}
}
