// Command kjx is a modal text editor with Vim's keys and an undo history
// that never loses anything. See docs/headless.md for the headless mode.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/cells"
	"github.com/kjx-editor/kjx/editor/fileio"
)

func main() {
	setGCPercent(os.Getenv) // gc.go
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
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
		// One line, whatever the argument holds (a newline is ^J).
		fmt.Fprintln(stderr, cells.Sanitize(err.Error()))
		return 2
	}
	if help {
		fmt.Fprint(stdout, usageText())
		return 0
	}
	if o.recover && len(o.files) == 0 {
		return listRecoverable(o, stdout, stderr) // recover.go
	}
	for _, f := range o.files {
		if o.recover {
			break // a recovery file's name, not a file to check
		}
		// A directory or a device gets its one line at once, in both
		// modes (Vim's words); a FIFO is read, with a bound.
		if err := fileio.Check(f); err != nil {
			fmt.Fprintln(stderr, "kjx:", err)
			return 1
		}
	}
	if !o.headless {
		if o.json || o.clock != nil {
			fmt.Fprintln(stderr, "kjx: --json and --clock need --headless")
			return 2
		}
		return runInteractive(o, stdin, stdout, stderr)
	}
	return runHeadless(o, stdin, stdout, stderr) // start.go
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
