package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/gdamore/tcell/v2"

	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/ui"
)

// runInteractive starts the terminal UI on the file (or the demo).
func runInteractive(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, warnings := loadConfig(o, os.Getenv)
	ecfg := editor.Config{Options: editorOptions(cfg), Clean: o.clean}
	file := o.file
	var clock *demoClock
	if o.demo {
		dir, err := os.MkdirTemp("", "kjx-demo-")
		if err != nil {
			fmt.Fprintln(stderr, "kjx: demo:", err)
			return 1
		}
		file = dir + "/demo.go"
		if err := os.WriteFile(file, []byte(demoText), 0o644); err != nil {
			fmt.Fprintln(stderr, "kjx: demo:", err)
			return 1
		}
		clock = newDemoClock()
		ecfg.Clock = clock
		ecfg.Clean = true
	}
	ed := editor.New(ecfg)
	if file != "" {
		if err := ed.Open(file); err != nil && !errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintln(stderr, "kjx:", err)
			return 1
		}
	}
	if o.demo {
		if err := playDemo(ed, clock); err != nil {
			fmt.Fprintln(stderr, "kjx: demo:", err)
			return 1
		}
	}
	for _, w := range warnings {
		ed.ShowError(w.Error())
	}
	screen, err := tcell.NewScreen()
	if err != nil {
		fmt.Fprintln(stderr, "kjx: cannot open the terminal:", err)
		return 1
	}
	opts := ui.Options{Panel: ui.PanelOptions{Right: cfg.Panel.Side == config.SideRight, Width: cfg.Panel.Width},
		ASCII: cfg.Panel.Glyphs == config.GlyphsASCII}
	if err := ui.RunWith(context.Background(), ed, screen, opts); err != nil {
		fmt.Fprintln(stderr, "kjx:", err)
		return 1
	}
	return 0
}

// loadConfig reads the user's configuration: none with --clean, the -u
// file when given, else the XDG default. Problems are returned as
// warnings; kjx starts with defaults for whatever was bad.
func loadConfig(o options, env config.Env) (config.Config, []error) {
	if o.clean || o.demo {
		return config.Default(env), nil
	}
	path := o.configFile
	if path == "" {
		p, err := config.DefaultFile(env)
		if err != nil {
			return config.Default(env), nil
		}
		path = p
	}
	return config.Load(path, env)
}

// editorOptions maps the configuration onto the editor's options.
func editorOptions(c config.Config) editor.Options {
	o := editor.DefaultOptions()
	e := c.Editor
	o.TabStop, o.ShiftWidth, o.SoftTabStop = e.TabStop, e.ShiftWidth, e.SoftTabStop
	o.ExpandTab, o.AutoIndent, o.ShiftRound = e.ExpandTab, e.AutoIndent, e.ShiftRound
	o.Number, o.RelativeNumber, o.Wrap = e.Number, e.RelativeNumber, e.Wrap
	o.IgnoreCase, o.SmartCase = e.IgnoreCase, e.SmartCase
	o.HLSearch, o.IncSearch, o.WrapScan = e.HLSearch, e.IncSearch, e.WrapScan
	o.FixEndOfLine, o.ScrollOff = e.FixEndOfLine, e.ScrollOff
	o.UndoLevels = c.Undo.Levels
	o.UndoFile = c.Undo.Persistent
	o.UndoDir = c.Undo.Dir
	return o
}
