package main

// The read-only verbs: kjx history FILE, kjx show FILE@REF and kjx diff
// FILE@REF [FILE@REF]. They read a file's undo history through undofile
// (in undo.dir, as the editor does) and write nothing. docs/workspace.md
// describes them for users.

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"
)

// verbUsage is the one-line usage of each verb.
var verbUsage = map[string]string{
	"history": "kjx history [-u CONFIG] FILE",
	"show":    "kjx show [-u CONFIG] FILE@REF",
	"diff":    "kjx diff [-u CONFIG] FILE@REF [FILE@REF | FILE]",
}

// verbEnv is what a verb needs from the process: its output, the
// environment (for the configuration) and the clock (for @-10m).
type verbEnv struct {
	stdout, stderr io.Writer
	getenv         func(string) string
	now            time.Time
	configFile     string // -u FILE
	tty            bool   // stdout is a terminal: kjx diff colours and escapes
}

// runVerb runs a verb when args start with one: kjx history, show or
// diff. ok is false for any other command line (a file named "history"
// is opened with kjx ./history).
func runVerb(args []string, stdout, stderr io.Writer) (code int, ok bool) {
	if len(args) == 0 || verbUsage[args[0]] == "" {
		return 0, false
	}
	verb := args[0]
	env := verbEnv{stdout: stdout, stderr: stderr, getenv: os.Getenv, now: time.Now(), tty: isTerminal(stdout)}
	files, help, err := parseVerbArgs(verb, args[1:], &env)
	switch {
	case help:
		fmt.Fprintln(stdout, "usage: "+verbUsage[verb])
		return 0, true
	case err != nil:
		fmt.Fprintln(stderr, "kjx: "+terminalSafe(err.Error()))
		return 2, true
	}
	switch verb {
	case "history":
		err = verbHistory(env, files[0])
	case "show":
		err = verbShow(env, files[0])
	case "diff":
		err = verbDiff(env, files)
	}
	if err != nil {
		fmt.Fprintln(stderr, "kjx: "+terminalSafe(err.Error()))
		return 1, true
	}
	return 0, true
}

// parseVerbArgs reads -u CONFIG, --help and the file arguments (after
// "--", everything is a file).
func parseVerbArgs(verb string, args []string, env *verbEnv) ([]string, bool, error) {
	var files []string
	usage := errors.New("usage: " + verbUsage[verb])
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			files = append(files, args[i+1:]...)
			i = len(args)
		case a == "--help" || a == "-h":
			return nil, true, nil
		case a == "-u":
			if i+1 >= len(args) {
				return nil, false, errors.New("-u needs an argument; " + usage.Error())
			}
			env.configFile = args[i+1]
			i++
		case len(a) > 1 && a[0] == '-':
			return nil, false, fmt.Errorf("unknown option %s; %v", a, usage)
		default:
			files = append(files, a)
		}
	}
	max := 1
	if verb == "diff" {
		max = 2
	}
	if len(files) == 0 || len(files) > max {
		return nil, false, usage
	}
	if verb != "history" {
		if _, _, ok := splitRef(files[0]); !ok {
			return nil, false, fmt.Errorf("%s: no @REF (a state number, a label, or a time ago such as @-10m); %v", files[0], usage)
		}
	}
	return files, false, nil
}

// splitRef splits FILE@REF at the last '@'. ok is false without one; an
// empty REF (FILE@) stands for the file on disk.
func splitRef(arg string) (file, ref string, ok bool) {
	i := strings.LastIndexByte(arg, '@')
	if i <= 0 {
		return arg, "", false
	}
	return arg[:i], arg[i+1:], true
}

// isTerminal reports whether w is a terminal (not a pipe, a file or
// /dev/null).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
