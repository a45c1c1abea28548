package main

import (
	"bytes"
	"fmt"
	"strconv"
)

// kjxArgs is how kjx runs a script: headless, no configuration, no undo
// files, the virtual clock when the script has one (see docs/headless.md).
func kjxArgs(kjx string, clock int64, script, file string) []string {
	args := []string{kjx, "--headless", "--clean"}
	if clock != 0 {
		args = append(args, "--clock", strconv.FormatInt(clock, 10))
	}
	return append(args, "-S", script, file)
}

// renderKjx writes s as a kjx -S script. The clock is kjx's virtual clock
// (--clock, then ":sleep N", which advances it at once); an undo block
// needs no closing command, because every Ex line of a -S script is one
// block and Script.Change already joined the lines of a block with
// undojoin.
func renderKjx(s *Script, d Dirs) ([]byte, error) {
	if err := s.Err(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	now := s.Clock
	for _, c := range s.Cmds {
		switch c.Kind {
		case CmdEx:
			b.WriteString(c.Line)
		case CmdClock:
			if c.Time <= now {
				continue
			}
			b.WriteString("sleep " + strconv.FormatInt(c.Time-now, 10))
			now = c.Time
		case CmdBreak:
			continue
		case CmdPath:
			p := d.path(c)
			if err := checkPath(p); err != nil {
				return nil, err
			}
			b.WriteString(c.Line + " " + p)
		case CmdQuit:
			b.WriteString("q!")
		default:
			return nil, fmt.Errorf("kjx script: unknown command kind %d", c.Kind)
		}
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}
