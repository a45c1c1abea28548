package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/session"
)

const usage = `usage: kjx [OPTION...] [+CMD] [FILE...]
       kjx [OPTION...] -          (the text from standard input)
       kjx --headless [--clock EPOCH] [--json] [OPTION...] [STEP...] [FILE...]
       kjx -r [FILE|ID]           (recover buffers never written)
       kjx VERB ...               (below)

  FILE...           edit these files: Vim's argument list (:args, :next, :N)
  +N                start on line N;  +  on the last line
  +/PATTERN         start on the first line matching PATTERN
  +CMD              run the Ex command CMD after the first file is read
  -R                read-only: :w refuses (E45), :w! writes
  -                 read the text from standard input into an unnamed buffer
  --                the arguments after it are file names, even "-x"
  -u CONFIG         use this configuration file instead of ~/.config/kjx/config.toml
  --clean           no user configuration, no persistent undo files
  -r                list what can be recovered (buffers never written)
  -r FILE|ID        open FILE (or the unnamed buffer ID) with its recovered states
  --demo            open a demo file whose undo history already has branches
  --version         print the version and exit
  --help            print this help and exit

  --headless        run without a terminal: apply the steps, then exit
  --clock EPOCH     virtual clock starting at Unix time EPOCH (:sleep is instant)
  --json            print the editor state as one JSON line after every step

steps (run in order after the first file is read; headless: one JSON
state each):
  --keys KEYS       keys in Vim notation, typed ("ihello<Esc>", "<C-r>")
  -c EXCMD          an Ex command, as if typed after ':'
  -s FILE           raw keys from FILE, not typed (one undo block, like vim -s)
  -S FILE           Ex commands from FILE, one per line

See docs/cli.md and docs/headless.md.
`

// usageText is the help: the options above and every verb.
func usageText() string {
	verbs := make([]string, 0, len(verbUsage))
	for _, u := range verbUsage {
		verbs = append(verbs, "  "+u)
	}
	sort.Strings(verbs)
	return usage + "\nverbs (the undo history from the shell):\n" + strings.Join(verbs, "\n") + "\n"
}

// options are the parsed command line.
type options struct {
	headless bool
	clean    bool
	json     bool
	clock    *time.Time
	steps    []session.Step
	// files are the files to edit, in order (the argument list).
	files []string
	// plus are the +CMD arguments, as Ex commands ("42", "$", "/pat").
	plus []string
	// readOnly is -R; stdin is the file argument "-".
	readOnly, stdin bool
	// demo opens a demo file with a branching history (make run).
	demo bool
	// configFile is -u FILE.
	configFile string
	// recover is -r: list recovery files, or open the first file from one.
	recover bool
}

// firstFile is the first file named ("" for none).
func (o options) firstFile() string {
	if len(o.files) == 0 {
		return ""
	}
	return o.files[0]
}

// usageError is a command-line mistake: exit status 2.
type usageError struct{ msg string }

func (u usageError) Error() string { return u.msg }

func parseArgs(args []string) (options, bool, error) {
	var o options
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--help" || a == "-h":
			return o, true, nil
		case a == "--":
			o.files = append(o.files, args[i+1:]...)
			i = len(args)
		case a == "-":
			o.stdin = true
		case strings.HasPrefix(a, "+"):
			o.plus = append(o.plus, plusCommand(a))
		case len(a) > 1 && a[0] == '-':
			n, err := o.option(args, i)
			if err != nil {
				return o, false, err
			}
			i += n
		default:
			o.files = append(o.files, a)
		}
	}
	if o.stdin && len(o.files) > 0 {
		return o, false, usageError{"kjx: - (standard input) cannot be combined with file names"}
	}
	return o, false, nil
}

// plusCommand is the Ex command of a +CMD argument: "+" alone is the
// last line, "+42" line 42, "+/pat" a search, as in Vim.
func plusCommand(a string) string {
	if a == "+" {
		return "$"
	}
	return a[1:]
}

// option parses the option args[i] and returns how many arguments after
// it it used.
func (o *options) option(args []string, i int) (int, error) {
	a := args[i]
	switch a {
	case "--headless":
		o.headless = true
	case "--clean":
		o.clean = true
	case "--json":
		o.json = true
	case "--demo":
		o.demo = true
	case "-R":
		o.readOnly = true
	case "-r":
		o.recover = true
	default:
		if !takesValue(a) {
			return 0, usageError{fmt.Sprintf("kjx: unknown option %s (try --help)", a)}
		}
		if i+1 >= len(args) {
			return 0, usageError{fmt.Sprintf("kjx: %s needs an argument", a)}
		}
		return 1, o.valued(a, args[i+1])
	}
	return 0, nil
}

// takesValue reports whether the option a uses the argument after it as
// its value, so that argument is never a file, "+CMD" or "--".
func takesValue(a string) bool {
	switch a {
	case "-u", "--clock", "--keys", "-c", "-s", "-S":
		return true
	}
	return false
}

// valued sets the option flag that takes the argument v.
func (o *options) valued(flag, v string) error {
	switch flag {
	case "-u":
		o.configFile = v
	case "--clock":
		sec, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return usageError{fmt.Sprintf("kjx: --clock: %q is not a Unix time in seconds", v)}
		}
		t := time.Unix(sec, 0)
		o.clock = &t
	default:
		kind := map[string]session.StepKind{"--keys": session.StepKeys, "-c": session.StepEx, "-s": session.StepScript, "-S": session.StepSource}[flag]
		if kind == session.StepKeys {
			if _, err := editor.ParseKeys(v); err != nil {
				return usageError{"kjx: --keys: " + err.Error()}
			}
		}
		o.steps = append(o.steps, session.Step{Kind: kind, Arg: v})
	}
	return nil
}
