package editor

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kjx-editor/kjx/editor/exparse"
)

// maxTabStop is Vim's TABSTOP_MAX.
const maxTabStop = 9999

// exRetab is :[range]retab[!] [new_tabstop], as Vim's ex_retab: every run
// of white space that holds a tab (with !, also a run of two or more
// spaces) is rewritten for the new 'tabstop' (tabs as far as they go,
// or only spaces with 'expandtab'), keeping its width as the old
// 'tabstop' showed it; then 'tabstop' becomes the new value. The changed
// lines are one undo step; nothing changed, no step. kjx has no
// 'vartabstop': a list of tabstops ("4,8") is an error.
func exRetab(e *Editor, c *exparse.Cmd, rg exRange) error {
	newTS, err := parseRetabArg(c.Arg)
	if err != nil {
		return err
	}
	if newTS == 0 {
		newTS = e.opt.TabStop
	}
	want := e.wantColumn() // the column the cursor goes back to
	for l := max(rg.l1, 0); l <= rg.l2; l++ {
		line := lineText(e.text(), l)
		if s := retabLine(line, e.opt.TabStop, newTS, e.opt.ExpandTab, c.Bang); s != line {
			ls := lineStart(e.text(), l)
			e.replaceRange(ls, ls+len(line), s)
		}
	}
	e.opt.TabStop = newTS
	line := e.curLine()
	if want >= maxCol {
		e.win.cur.Col = lastCharCol(line)
	} else {
		e.win.cur.Col = colAtDisplay(line, want, newTS, false)
	}
	return nil
}

// parseRetabArg reads :retab's new tabstop: 0 for none, or Vim's errors.
func parseRetabArg(arg string) (int, error) {
	arg = strings.TrimSpace(arg)
	if arg == "" || arg == "0" {
		return 0, nil
	}
	digits := strings.TrimLeft(arg, "0123456789")
	switch {
	case strings.HasPrefix(arg, "-") && len(arg) > 1 && arg[1] >= '0' && arg[1] <= '9':
		return 0, errors.New("E487: Argument must be positive")
	case digits == arg || digits != "" && !strings.HasPrefix(digits, ","):
		return 0, fmt.Errorf("E475: Invalid argument: %s", arg)
	case digits != "":
		return 0, fmt.Errorf("E475: Invalid argument: %s (kjx has no 'vartabstop')", arg)
	}
	n, err := strconv.Atoi(arg)
	if err != nil || n <= 0 || n > maxTabStop {
		return 0, fmt.Errorf("E475: Invalid argument: %s", arg)
	}
	return n, nil
}

// retabLine rewrites the white space runs of line (see exRetab): their
// widths are measured with the old tabstop ts, as Vim measures them, and
// filled for newTS.
func retabLine(line string, ts, newTS int, expandTab, force bool) string {
	var b strings.Builder
	vcol, startV, startC := 0, 0, 0
	spaces, gotTab := 0, false
	for col := 0; ; {
		white := col < len(line) && (line[col] == ' ' || line[col] == '\t')
		if white {
			if !gotTab && spaces == 0 {
				startV, startC = vcol, col
			}
			if line[col] == ' ' {
				spaces++
			} else {
				gotTab = true
			}
		} else {
			run := line[startC:col]
			if (gotTab || force && spaces > 1) && run != "" {
				run = retabFill(startV, vcol, newTS, expandTab, gotTab, run)
			}
			b.WriteString(run)
			gotTab, spaces = false, 0
			if col >= len(line) {
				break
			}
		}
		n := nextCol(line, col)
		if !white {
			b.WriteString(line[col:n])
			startC = n
		}
		vcol += clusterWidth(line[col:n], vcol, ts)
		col = n
	}
	return b.String()
}

// retabFill is the white space that replaces run, which spans display
// columns from..to: Vim's tabstop_fromto for newTS, then its second
// rounding, and the run unchanged when that would not save characters.
func retabFill(from, to, newTS int, expandTab, gotTab bool, run string) string {
	width := to - from
	tabs, spaces := 0, width
	if !expandTab {
		tabs, spaces = tabsFromTo(from, width, newTS)
		if first := newTS - from%newTS; spaces >= first {
			spaces -= first
			tabs++
		}
		tabs += spaces / newTS
		spaces %= newTS
	}
	if !expandTab && !gotTab && tabs+spaces >= width {
		return run
	}
	return strings.Repeat("\t", tabs) + strings.Repeat(" ", spaces)
}

// tabsFromTo is Vim's tabstop_fromto without 'vartabstop': the tabs and
// spaces that fill width columns from display column from.
func tabsFromTo(from, width, ts int) (tabs, spaces int) {
	spaces = width
	if first := ts - from%ts; spaces >= first {
		spaces -= first
		tabs++
	}
	tabs += spaces / ts
	spaces %= ts
	return tabs, spaces
}
