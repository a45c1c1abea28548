package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/fileio"
	"github.com/kjx-editor/kjx/editor/session"
)

// openFiles opens what the command line names, in both modes: the text of
// standard input (kjx -), or the files as Vim's argument list (the first
// one is edited); then it runs the +CMD arguments, as Vim does after
// reading the first file. Only a file that cannot be opened at all (a
// directory, a device) is an error; everything else is a message.
func openFiles(ed *editor.Editor, o options, stdin io.Reader) error {
	switch {
	case o.stdin:
		l, err := fileio.LoadReader(stdin)
		if err != nil {
			return fmt.Errorf("standard input: %w", err)
		}
		ed.OpenStdin(l)
	case len(o.files) > 0:
		if err := ed.SetArgs(o.files); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	for _, c := range o.plus {
		ed.ExecEx(c)
	}
	return nil
}

// runHeadless is kjx --headless: the configuration is read as the UI reads
// it (none with --clean); its complaints go on stderr and into the first
// step's messages.
func runHeadless(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, _, warnings := loadConfig(o, os.Getenv)
	opts := editor.DefaultOptions()
	if !o.clean {
		opts = session.OptionsFromConfig(cfg, opts)
	}
	scfg := session.Config{
		Editor: withColours(editor.Config{Options: opts, Clean: o.clean, ReadOnly: o.readOnly}),
		Undo:   &cfg.Undo, Clock: clock.Real(), Env: os.Getenv, WorkDir: workDir(),
	}
	if o.clock != nil {
		scfg.Clock = clock.NewVirtual(*o.clock)
	}
	var startup []string
	for _, w := range warnings {
		fmt.Fprintln(stderr, "kjx:", w)
		startup = append(startup, w.Error())
	}
	hc := session.HeadlessConfig{Session: scfg, Steps: o.steps, JSON: o.json, Startup: startup,
		Open: func(ed *editor.Editor) error {
			if err := ed.SetMappings(cfg.Keys.Normal, cfg.Keys.Insert); err != nil && !o.clean {
				fmt.Fprintln(stderr, "kjx:", err)
			}
			return openFiles(ed, o, stdin)
		}}
	if o.recover {
		hc.Open, hc.Recover, hc.File = nil, true, o.firstFile()
	}
	return session.RunHeadless(hc, stdout, stderr)
}
