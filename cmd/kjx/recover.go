package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/session"
	"github.com/kjx-editor/kjx/undofile/recovery"
)

// listRecoverable is `kjx -r`: one line per recovery file (the file, or
// the id of an unnamed buffer, the size of its newest text, its age, its
// number of states and its first line), then how to open one. stdout
// goes through the same escaping as stderr: a file name or a first line
// may hold anything.
func listRecoverable(o options, stdout, stderr io.Writer) int {
	cfg, _, _ := loadConfig(o, os.Getenv)
	sess := session.New(session.Config{
		Editor: editor.Config{Options: session.OptionsFromConfig(cfg, editor.DefaultOptions()), Clean: o.clean},
		Undo:   &cfg.Undo, Env: os.Getenv,
	})
	defer sess.Close()
	entries, errs := sess.Recoverable()
	out := safeWriter{stdout}
	now := time.Now()
	for _, e := range entries {
		fmt.Fprintln(out, recovery.Describe(e, now))
	}
	for _, err := range errs {
		fmt.Fprintln(stderr, "kjx -r:", err)
	}
	if len(entries) == 0 {
		fmt.Fprintln(out, "nothing to recover")
		return 0
	}
	fmt.Fprintln(out, "kjx -r FILE (or the id of an unnamed buffer) opens it with its states")
	return 0
}
