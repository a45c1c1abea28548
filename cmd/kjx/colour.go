package main

import (
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/ui"
	"github.com/kjx-editor/kjx/ui/syntax"
)

// withColours gives the editor what only the UI knows: how to find a
// file's type (name, #!, modeline) and the colour schemes :colorscheme
// accepts. Headless runs get it too, so :set ft? and :colorscheme answer
// the same there.
func withColours(c editor.Config) editor.Config {
	c.FileType = syntax.Detect
	c.ColorSchemes = ui.SchemeNames()
	return c
}
