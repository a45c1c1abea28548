package main

import (
	"bytes"
	"fmt"
	"strconv"
)

// vimArgs is how Vim runs a script: no vimrc, no viminfo, nocompatible,
// no swap file, silent Ex mode (stdin is /dev/null, so Vim exits when the
// script ends even without :qa!).
func vimArgs(vim, script, file string) []string {
	return []string{vim, "-u", "NONE", "-i", "NONE", "-N", "-n", "-Es", "-S", script, file}
}

// renderVim writes s as a Vim script. The clock is Vim's test clock
// (test_settime, which undo headers use for their time stamps); an undo
// block is closed with "let &ul=&ul" (:help undo-break), because Vim joins
// every change a script makes until then.
func renderVim(s *Script, d Dirs) ([]byte, error) {
	if err := s.Err(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if s.Clock != 0 {
		b.WriteString("call test_settime(" + strconv.FormatInt(s.Clock, 10) + ")\n")
	}
	for _, c := range s.Cmds {
		switch c.Kind {
		case CmdEx:
			b.WriteString(c.Line)
		case CmdClock:
			b.WriteString("call test_settime(" + strconv.FormatInt(c.Time, 10) + ")")
		case CmdBreak:
			b.WriteString("let &ul=&ul")
		case CmdPath:
			p := d.path(c)
			if err := checkPath(p); err != nil {
				return nil, err
			}
			b.WriteString(c.Line + " " + p)
		case CmdQuit:
			b.WriteString("qa!")
		default:
			return nil, fmt.Errorf("vim script: unknown command kind %d", c.Kind)
		}
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}
