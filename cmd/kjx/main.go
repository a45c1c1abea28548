// Command kjx is a modal text editor with Vim's keys and an undo history
// that never loses anything. See docs/headless.md for the headless mode.
package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/fileio"
	"github.com/kjx-editor/kjx/editor/session"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: kjx [-u CONFIG] [--clean] [FILE]
       kjx -r [FILE|ID]
       kjx --demo
       kjx --headless [--clean] [--clock EPOCH] [--json] [STEP...] [FILE]

  -u CONFIG         use this configuration file instead of ~/.config/kjx/config.toml
  --demo            open a demo file whose undo history already has branches
  -r                list what can be recovered (buffers never written)
  -r FILE|ID        open FILE (or the unnamed buffer ID) with its recovered states

  --headless        run without a terminal: apply the steps, then exit
  --clean           no user configuration, no persistent undo files
  --clock EPOCH     virtual clock starting at Unix time EPOCH (:sleep is instant)
  --json            print the editor state as one JSON line after every step
  --version         print the version and exit
  --help            print this help and exit

steps (headless, run in order):
  --keys KEYS       keys in Vim notation, typed ("ihello<Esc>", "<C-r>")
  -c EXCMD          an Ex command, as if typed after ':'
  -s FILE           raw keys from FILE, not typed (one undo block, like vim -s)
  -S FILE           Ex commands from FILE, one per line

See docs/headless.md.
`

// options are the parsed command line.
type options struct {
	headless bool
	clean    bool
	json     bool
	clock    *time.Time
	steps    []session.Step
	file     string
	// demo opens a demo file with a branching history (make run).
	demo bool
	// configFile is -u FILE.
	configFile string
	// recover is -r: list recovery files, or open file from one.
	recover bool
}

// usageError is a command-line mistake: exit status 2.
type usageError struct{ msg string }

func (u usageError) Error() string { return u.msg }

func parseArgs(args []string) (options, bool, error) {
	var o options
	need := func(i int, flag string) (string, error) {
		if i+1 >= len(args) {
			return "", usageError{fmt.Sprintf("kjx: %s needs an argument", flag)}
		}
		return args[i+1], nil
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch a {
		case "--help", "-h":
			return o, true, nil
		case "--headless":
			o.headless = true
		case "--clean":
			o.clean = true
		case "--json":
			o.json = true
		case "--demo":
			o.demo = true
		case "-r":
			o.recover = true
		case "-u":
			v, err := need(i, a)
			if err != nil {
				return o, false, err
			}
			o.configFile = v
			i++
		case "--clock":
			v, err := need(i, a)
			if err != nil {
				return o, false, err
			}
			sec, perr := strconv.ParseInt(v, 10, 64)
			if perr != nil {
				return o, false, usageError{fmt.Sprintf("kjx: --clock: %q is not a Unix time in seconds", v)}
			}
			t := time.Unix(sec, 0)
			o.clock = &t
			i++
		case "--keys", "-c", "-s", "-S":
			v, err := need(i, a)
			if err != nil {
				return o, false, err
			}
			kind := map[string]session.StepKind{"--keys": session.StepKeys, "-c": session.StepEx, "-s": session.StepScript, "-S": session.StepSource}[a]
			if kind == session.StepKeys {
				if _, err := editor.ParseKeys(v); err != nil {
					return o, false, usageError{"kjx: --keys: " + err.Error()}
				}
			}
			o.steps = append(o.steps, session.Step{Kind: kind, Arg: v})
			i++
		case "--":
			if i+1 < len(args) {
				if o.file != "" || i+2 < len(args) {
					return o, false, usageError{"kjx: only one file can be edited"}
				}
				o.file = args[i+1]
			}
			i = len(args)
		default:
			if len(a) > 1 && a[0] == '-' {
				return o, false, usageError{fmt.Sprintf("kjx: unknown option %s (try --help)", a)}
			}
			if o.file != "" {
				return o, false, usageError{"kjx: only one file can be edited"}
			}
			o.file = a
		}
	}
	return o, false, nil
}

// run is kjx's main, testable: it returns the exit status. Everything it
// prints on stderr is escaped (see safeWriter).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	stderr = safeWriter{stderr}
	if code, ok := runVerb(args, stdout, stderr); ok { // verbs.go
		return code
	}
	for _, a := range args {
		if a == "--version" {
			fmt.Fprintln(stdout, "kjx", editor.Version)
			return 0
		}
	}
	o, help, err := parseArgs(args)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if help {
		fmt.Fprint(stdout, usage)
		return 0
	}
	if o.recover && o.file == "" {
		return listRecoverable(o, stdout, stderr) // recover.go
	}
	if o.file != "" && !o.recover {
		// A directory or a device gets its one line at once, in both
		// modes (Vim's words); a FIFO is read, with a bound.
		if err := fileio.Check(o.file); err != nil {
			fmt.Fprintln(stderr, "kjx:", err)
			return 1
		}
	}
	if !o.headless {
		if len(o.steps) > 0 || o.json || o.clock != nil {
			fmt.Fprintln(stderr, "kjx: --keys, -c, -s, -S, --json and --clock need --headless")
			return 2
		}
		return runInteractive(o, stdin, stdout, stderr)
	}
	cfg := session.Config{Editor: withColours(editor.Config{Options: editor.DefaultOptions(), Clean: o.clean}), Clock: clock.Real(), Env: os.Getenv, WorkDir: workDir()}
	if o.clock != nil {
		cfg.Clock = clock.NewVirtual(*o.clock)
	}
	return session.RunHeadless(session.HeadlessConfig{Session: cfg, File: o.file, Recover: o.recover, Steps: o.steps, JSON: o.json}, stdout, stderr)
}

// workDir is the directory kjx was started in, whose workspace gets a
// workspace history ("" when it cannot be known: then none).
func workDir() string {
	d, err := os.Getwd()
	if err != nil {
		return ""
	}
	return d
}
