package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/gdamore/tcell/v2"

	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/session"
	"github.com/kjx-editor/kjx/ui"
)

// runInteractive starts the terminal UI on the file (or the demo).
func runInteractive(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, cfgPath, warnings := loadConfig(o, os.Getenv)
	scfg := session.Config{
		Editor: withColours(editor.Config{Options: session.OptionsFromConfig(cfg, editor.DefaultOptions()), Clean: o.clean, ReadOnly: o.readOnly}),
		Undo:   &cfg.Undo, Clock: clock.Real(), Env: os.Getenv, WorkDir: workDir(),
	}
	var demo *demoClock
	if o.demo {
		dir, err := os.MkdirTemp("", "kjx-demo-")
		if err != nil {
			fmt.Fprintln(stderr, "kjx: demo:", err)
			return 1
		}
		o.files = []string{dir + "/demo.go"}
		if err := os.WriteFile(o.files[0], []byte(demoText), 0o644); err != nil {
			fmt.Fprintln(stderr, "kjx: demo:", err)
			return 1
		}
		demo = newDemoClock()
		scfg.Clock = demo
		scfg.Editor.Clean = true
	}
	sess := session.New(scfg)
	closed := false
	defer func() {
		if !closed {
			_ = sess.Close() // an early return: nothing was edited yet
		}
	}()
	ed := sess.Editor()
	if err := ed.SetMappings(cfg.Keys.Normal, cfg.Keys.Insert); err != nil {
		warnings = append(warnings, err)
	}
	// The configuration's complaints come first, as Vim's vimrc errors
	// do: the file's line is then the one left after the prompt.
	for _, w := range warnings {
		ed.ShowError(w.Error())
	}
	if o.stdin {
		fmt.Fprintln(stderr, "kjx: Reading from stdin...") // as Vim says it
	}
	if o.recover {
		if err := sess.Recover(o.firstFile()); err != nil {
			fmt.Fprintln(stderr, "kjx:", err)
			return 1
		}
	} else if err := openFiles(ed, o, stdin); err != nil {
		fmt.Fprintln(stderr, "kjx:", err)
		return 1
	}
	// -c, -S and -s run after the first file is read, as in Vim; what
	// they say is on the first screen.
	for _, st := range o.steps {
		if err := sess.RunStep(st); err != nil {
			ed.ShowError("kjx: " + err.Error())
		}
	}
	if o.demo {
		if err := playDemo(ed, demo); err != nil {
			fmt.Fprintln(stderr, "kjx: demo:", err)
			return 1
		}
	}
	// SIGHUP, SIGTERM and SIGQUIT end Run: the undo files and recovery
	// data are written, the terminal restored, then kjx exits 128+signal.
	ctx, sigs := catchExitSignals(context.Background())
	defer sigs.Stop()
	if cfgPath != "" {
		// A saved change to the configuration applies live; a broken save
		// keeps the previous settings and says why.
		if err := sess.WatchConfig(cfgPath, cfg, 200*time.Millisecond); err != nil && !errors.Is(err, fs.ErrNotExist) {
			ed.ShowError("kjx: cannot watch " + cfgPath + ": " + err.Error())
		}
	}
	screen, err := tcell.NewScreen()
	if err != nil {
		fmt.Fprintln(stderr, "kjx: cannot open the terminal:", err)
		return 1
	}
	opts := ui.OptionsFor(session.UIConfigFrom(cfg))
	opts.Clock = sess.Clock()                       // one clock for the session, its core and the UI
	opts.Colors = ui.ColorEnvFrom(os.Getenv, false) // RunWith asks the terminal about truecolor
	err = ui.RunWith(ctx, sess, screen, opts)
	// Run wrote the undo files before it returned; the terminal is
	// restored now, so the files it could not write are said here.
	closed = true
	unsaved := reportUnsaved(stderr, sess.Close())
	if code, ok := sigs.Status(); ok {
		return code // the signal's status, as a shell expects it
	}
	if err != nil {
		fmt.Fprintln(stderr, "kjx:", err)
		return 1
	}
	if unsaved {
		return 1
	}
	return 0
}

// reportUnsaved prints each file the exit could not write (err from
// session.Close), one escaped line each, and reports whether there was
// one.
func reportUnsaved(stderr io.Writer, err error) bool {
	lines := session.ErrorLines(err)
	for _, l := range lines {
		fmt.Fprintln(stderr, "kjx:", l)
	}
	return len(lines) > 0
}

// loadConfig reads the user's configuration: none with --clean, the -u
// file when given, else the XDG default. It returns the path it used ("" for
// none). Problems are returned as warnings; kjx starts with defaults for
// whatever was bad.
func loadConfig(o options, env config.Env) (config.Config, string, []error) {
	if o.clean || o.demo {
		return config.Default(env), "", nil
	}
	path := o.configFile
	if path != "" {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			// Vim's words for vim -u naming a missing file.
			return config.Default(env), "", []error{fmt.Errorf("E282: Cannot read from %q", path)}
		}
	}
	if path == "" {
		p, err := config.DefaultFile(env)
		if err != nil {
			return config.Default(env), "", nil
		}
		path = p
	}
	cfg, errs := config.Load(path, env)
	return cfg, path, errs
}
