package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// CmdKind says what one command of a Script does.
type CmdKind uint8

// The commands of a Script. Only CmdClock, CmdBreak and CmdQuit are
// written differently for Vim and kjx; every Ex line is the same text in
// both scripts, so both editors do the same work.
const (
	CmdEx    CmdKind = iota // Line: an Ex command line
	CmdClock                // Time: set the clock to Time (Unix seconds)
	CmdBreak                // close the current undo block
	CmdPath                 // Line is a verb ("w!", "wundo", "rundo"); the argument is Name in Dir
	CmdQuit                 // quit without writing
)

// Dir names a directory a CmdPath argument lives in; the renderers map it
// to a real path per editor and run.
type Dir uint8

// The directories of a run.
const (
	DirOut   Dir = iota // emptied before every measured run; outputs are checked there
	DirState            // per editor, kept across runs (files made by a setup script)
)

// Cmd is one command of a Script.
type Cmd struct {
	Kind CmdKind
	Line string
	Time int64
	Dir  Dir
	Name string
}

// Script is a workload in editor-neutral form: a start time and commands.
// Build it with the methods below; render it with renderVim or renderKjx.
//
// An undo block of the workload is Change lines followed by EndTxn. In
// kjx every Ex line is one undo block, so the second and later lines of a
// block are prefixed with "undojoin|"; in a Vim script nothing closes a
// block until EndTxn writes "let &ul=&ul", so undojoin is a no-op there
// and the two editors still run identical lines.
type Script struct {
	Clock int64 // time before the first command; 0: the real clock
	Cmds  []Cmd

	now     int64 // the clock after the last CmdClock
	changed bool  // a Change line was added since the last EndTxn
	err     error // the first invalid line
}

// NewScript returns an empty script whose clock starts at clock (0 for the
// real clock).
func NewScript(clock int64) *Script {
	return &Script{Clock: clock, now: clock}
}

// errBadLine is returned (by Err) for a line that would not survive being
// one line of a script.
var errBadLine = errors.New("script line contains a newline or carriage return")

// Ex adds an Ex command line that is not part of an undo block being built.
func (s *Script) Ex(line string) {
	s.add(Cmd{Kind: CmdEx, Line: line})
}

// Change adds Ex lines that belong to the current undo block.
func (s *Script) Change(lines ...string) {
	for _, l := range lines {
		if l == "" {
			continue
		}
		if s.changed {
			l = "undojoin|" + l
		}
		s.add(Cmd{Kind: CmdEx, Line: l})
		s.changed = true
	}
}

// changeRaw is Change for one line that may hold raw control bytes (a
// typed ":normal!"): a CR inside a line is a key, not a line break, for
// both editors; only a newline is refused.
func (s *Script) changeRaw(l string) {
	if s.changed {
		l = "undojoin|" + l
	}
	s.addRaw(Cmd{Kind: CmdEx, Line: l})
	s.changed = true
}

// rawEx is Ex for a line that may hold raw control bytes other than a
// newline.
func (s *Script) rawEx(line string) { s.addRaw(Cmd{Kind: CmdEx, Line: line}) }

// addRaw appends c, checking only that it has no newline (a CR at its end
// would be taken for a DOS line end).
func (s *Script) addRaw(c Cmd) {
	if strings.Contains(c.Line, "\n") || strings.HasSuffix(c.Line, "\r") {
		if s.err == nil {
			s.err = fmt.Errorf("%w: %.60q", errBadLine, c.Line)
		}
		return
	}
	s.Cmds = append(s.Cmds, c)
}

// EndTxn closes the current undo block.
func (s *Script) EndTxn() {
	s.Cmds = append(s.Cmds, Cmd{Kind: CmdBreak})
	s.changed = false
}

// SetTime moves the clock to t; times that go backwards are ignored (kjx's
// virtual clock only moves forward, as real time does).
func (s *Script) SetTime(t int64) {
	if s.Clock == 0 {
		if s.err == nil {
			s.err = errors.New("SetTime on a script that uses the real clock")
		}
		return
	}
	if t <= s.now {
		return
	}
	s.Cmds = append(s.Cmds, Cmd{Kind: CmdClock, Time: t})
	s.now = t
}

// Path adds "verb path" where path is name in directory d.
func (s *Script) Path(verb string, d Dir, name string) {
	s.add(Cmd{Kind: CmdPath, Line: verb, Dir: d, Name: name})
}

// Quit ends the script without writing.
func (s *Script) Quit() {
	s.Cmds = append(s.Cmds, Cmd{Kind: CmdQuit})
}

// Append adds the commands of o (without its start time) to s.
func (s *Script) Append(o *Script) {
	s.Cmds = append(s.Cmds, o.Cmds...)
	s.changed = false
	if o.now > s.now {
		s.now = o.now
	}
	if s.err == nil {
		s.err = o.err
	}
}

// Err reports the first line that could not be added.
func (s *Script) Err() error { return s.err }

// add appends c, checking that it is one line.
func (s *Script) add(c Cmd) {
	if strings.ContainsAny(c.Line, "\r\n") || strings.ContainsAny(c.Name, "\r\n") {
		if s.err == nil {
			s.err = fmt.Errorf("%w: %.60q", errBadLine, c.Line)
		}
		return
	}
	s.Cmds = append(s.Cmds, c)
}

// Dirs are the real directories of a run of one editor.
type Dirs struct {
	Out   string
	State string
}

// path is the argument of a CmdPath.
func (d Dirs) path(c Cmd) string {
	base := d.Out
	if c.Dir == DirState {
		base = d.State
	}
	return filepath.Join(base, c.Name)
}

// checkPath fails for a path that an Ex command line would split or
// expand (white space, |, ", %, #, backslash, newline).
func checkPath(p string) error {
	if strings.ContainsAny(p, " \t\r\n|\"%#\\") {
		return fmt.Errorf("path %q has characters an Ex command line would interpret; use another -work or -cache directory", p)
	}
	return nil
}
