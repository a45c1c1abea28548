// Command kjxui is the smallest kjx with a terminal: the editor, one file,
// the UI. The end-to-end test builds it (it lives under testdata so that
// the module's package list ignores it) until cmd/kjx runs the UI itself.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/ui"
)

func main() {
	ed := editor.New(editor.Config{Options: editor.DefaultOptions(), Clean: true})
	if len(os.Args) > 1 {
		if err := ed.Open(os.Args[1]); err != nil {
			fmt.Fprintln(os.Stderr, "kjxui:", err)
			os.Exit(1)
		}
	}
	s, err := tcell.NewScreen()
	if err != nil {
		fmt.Fprintln(os.Stderr, "kjxui:", err)
		os.Exit(1)
	}
	if err := ui.Run(context.Background(), ed, s); err != nil {
		fmt.Fprintln(os.Stderr, "kjxui:", err)
		os.Exit(1)
	}
}
