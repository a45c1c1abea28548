package session

// The headless runner: `kjx --headless` applies steps (keys, Ex commands,
// scripts) to one file and prints a JSON line after each (docs/headless.md,
// a contract: the JSON must not change by a byte).

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kjx-editor/kjx/editor"
)

// StepKind says what a headless step does.
type StepKind uint8

// The headless steps.
const (
	StepKeys   StepKind = iota // --keys KEYS: Vim key notation, typed
	StepEx                     // -c EXCMD: an Ex command line
	StepScript                 // -s FILE: raw keys, not typed (one undo block)
	StepSource                 // -S FILE: Ex commands, one per line
)

// Step is one headless step.
type Step struct {
	Kind StepKind
	Arg  string // keys, command, or file name
}

// StepState is the JSON object headless mode prints after each step: the
// current buffer's lines, cursor and undo counters, and what the step
// said.
type StepState struct {
	Lines    []string `json:"lines"`
	Cursor   [2]int   `json:"cursor"`
	Modified bool     `json:"modified"`
	SeqCur   int      `json:"seq_cur"`
	SeqLast  int      `json:"seq_last"`
	SaveCur  int      `json:"save_cur"`
	SaveLast int      `json:"save_last"`
	Messages []string `json:"messages"`
	Output   []string `json:"output,omitempty"`
	Mode     string   `json:"mode,omitempty"`
	// OpenMessages, on the first step's state only, are what opening the
	// file said beyond its file-info line: a recovered history, an
	// interrupted write's W: line, an error (omitted when none).
	OpenMessages []string `json:"open_messages,omitempty"`
}

// Step runs one headless step and returns the messages it produced. The
// files are checked for changes on disk first (a headless run has no
// watcher: it checks by stat before each step, which is deterministic).
func (s *Session) Step(st Step) (msgs []editor.Message, err error) {
	if err := s.RunStep(st); err != nil {
		return nil, err
	}
	return s.ed.TakeMessages(), nil
}

// RunStep runs one step and leaves its messages in the editor, as the
// interactive mode does with -c, -S, -s and --keys before its first
// screen (Vim runs its -c commands after reading the first file).
func (s *Session) RunStep(st Step) error {
	e := s.ed
	e.PollFiles()
	switch st.Kind {
	case StepKeys:
		keys, perr := editor.ParseKeys(st.Arg)
		if perr != nil {
			return perr
		}
		e.Feed(keys, true)
		e.EndStep()
	case StepEx:
		e.ExecEx(st.Arg)
	case StepScript:
		data, rerr := os.ReadFile(st.Arg)
		if rerr != nil {
			return fmt.Errorf("cannot read script %s: %w", st.Arg, rerr)
		}
		e.FeedScript(string(data))
		e.EndStep()
	case StepSource:
		return s.source(st.Arg)
	}
	return nil
}

// source runs the Ex commands of file path, one per line (see
// editor.Editor.Source).
func (s *Session) source(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("cannot read script %s: %w", path, err)
	}
	defer f.Close()
	return s.ed.Source(f, path)
}

// StepState returns the headless JSON state of the current buffer with the
// given messages; it takes the list-command output shown since the last
// call.
func (s *Session) StepState(msgs []editor.Message) StepState {
	e := s.ed
	t := e.Buffer().History()
	cur := e.Cursor()
	st := StepState{
		Lines:    strings.Split(t.Text().String(), "\n"),
		Cursor:   [2]int{cur.Line + 1, cur.Col + 1},
		Modified: e.Buffer().ModifiedOption(),
		SeqCur:   t.SeqCur(), SeqLast: t.SeqLast(), SaveCur: t.SaveCur(), SaveLast: t.SaveLast(),
		Messages: []string{},
		Output:   e.TakeOutput(),
		Mode:     e.Mode().String(),
	}
	for _, m := range msgs {
		st.Messages = append(st.Messages, m.Text)
	}
	return st
}

// HeadlessConfig configures RunHeadless.
type HeadlessConfig struct {
	Session Config
	File    string // "" for an empty buffer (ignored when Open is set)
	// Recover opens File as `kjx -r` does: the state kept in its recovery
	// file (File may be the id of an unnamed buffer's).
	Recover bool
	// Open, when not nil, opens the files instead of File (kjx's command
	// line: several files as the argument list, +CMD, standard input).
	// An error is printed on stderr and ends the run with status 1.
	Open  func(*editor.Editor) error
	Steps []Step
	JSON  bool
	// Startup are messages of start-up (the configuration's errors): they
	// come first in the first step's messages.
	Startup []string
}

// RunHeadless runs steps without a terminal, printing a JSON StepState
// after each step when cfg.JSON is set (else the output of list
// commands). At the end the session is closed, which writes the undo
// files; each file that could not be written is one line on stderr. It
// returns the exit status: 0, or 1 when any step produced an error
// message or a history could not be written.
func RunHeadless(cfg HeadlessConfig, stdout, stderr io.Writer) (status int) {
	s := New(cfg.Session)
	defer func() {
		lines := ErrorLines(s.Close())
		for _, l := range lines {
			fmt.Fprintln(stderr, "kjx:", l)
		}
		if len(lines) > 0 && status == 0 {
			status = 1
		}
	}()
	e := s.ed
	switch {
	case cfg.Recover:
		if err := s.Recover(cfg.File); err != nil {
			fmt.Fprintln(stderr, "kjx:", err)
			return 1
		}
	case cfg.Open != nil:
		if err := cfg.Open(e); err != nil {
			fmt.Fprintln(stderr, "kjx:", err)
			return 1
		}
	case cfg.File != "":
		_ = e.Open(cfg.File) // errors are messages
	}
	opening := openMessages(e.TakeMessages()) // the file-info line belongs to no step
	e.TakeOutput()
	if !cfg.JSON || len(cfg.Steps) == 0 {
		for _, m := range opening {
			fmt.Fprintln(stderr, m)
		}
		opening = nil
	}
	status = 0
	if e.ErrorCount() > 0 || len(cfg.Startup) > 0 {
		status = 1
	}
	var startup []editor.Message
	for _, m := range cfg.Startup {
		startup = append(startup, editor.Message{Text: m, Error: true})
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	for _, st := range cfg.Steps {
		if e.Quit() {
			break
		}
		before := e.ErrorCount()
		msgs, err := s.Step(st)
		if len(startup) > 0 {
			msgs = append(startup, msgs...)
			startup = nil
		}
		if err != nil {
			msgs = append(msgs, editor.Message{Text: err.Error(), Error: true})
			status = 1
		}
		if e.ErrorCount() > before {
			status = 1
		}
		if cfg.JSON {
			st := s.StepState(msgs)
			st.OpenMessages, opening = opening, nil
			if err := enc.Encode(st); err != nil {
				return 1
			}
		} else {
			for _, line := range e.TakeOutput() {
				fmt.Fprintln(stdout, line)
			}
		}
	}
	return status
}

// openMessages are the messages of opening a file that a headless run
// reports: all but the file-info line (`"f" 3L, 20B`, `"f" [New]`),
// which Vim's silent batch mode does not print either.
func openMessages(ms []editor.Message) []string {
	var out []string
	for i, m := range ms {
		if i == 0 && !m.Error && strings.HasPrefix(m.Text, `"`) {
			continue
		}
		out = append(out, m.Text)
	}
	return out
}
