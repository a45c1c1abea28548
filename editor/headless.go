package editor

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
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

// Snapshot is the JSON object headless mode prints after each step.
type Snapshot struct {
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
}

// RunStep runs one headless step and returns the messages it produced
// and whether one of them was an error.
func (e *Editor) RunStep(s Step) (msgs []Message, err error) {
	e.checkFiles(false) // changes on disk since the last step (disk.go)
	switch s.Kind {
	case StepKeys:
		keys, perr := ParseKeys(s.Arg)
		if perr != nil {
			return nil, perr
		}
		e.Feed(keys, true)
		e.EndStep()
	case StepEx:
		e.ExecEx(s.Arg)
	case StepScript:
		data, rerr := os.ReadFile(s.Arg)
		if rerr != nil {
			return nil, fmt.Errorf("cannot read script %s: %w", s.Arg, rerr)
		}
		e.feedScript(string(data))
		e.EndStep()
	case StepSource:
		if err := e.source(s.Arg); err != nil {
			return nil, err
		}
	}
	return e.TakeMessages(), nil
}

// scriptBlock is how many keys of a -s script are queued at once.
const scriptBlock = 4096

// feedScript runs the keys of a -s script (raw bytes, control characters
// as keys), a block at a time: the typeahead then stays short, so what
// puts keys in front of it (., @q, a mapping) costs the length of a block
// rather than of the script, and a script of millions of keys runs in
// linear time.
func (e *Editor) feedScript(data string) {
	keys := make([]Key, 0, min(len(data), scriptBlock))
	for _, r := range data {
		if keys = append(keys, rawKey(r)); len(keys) == scriptBlock {
			e.Feed(keys, false)
			keys = keys[:0]
			if e.quit {
				return
			}
		}
	}
	e.Feed(keys, false)
}

// source runs the Ex commands of file path, one per line (blank lines and
// "-comments skipped), until one quits. It reads a line at a time: a
// replay script can be megabytes, and holding it whole would keep it in
// memory for the whole run.
func (e *Editor) source(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("cannot read script %s: %w", path, err)
	}
	defer f.Close()
	// As in Vim, the lines of a sourced script run one level deeper than
	// the :source that reads them (E169 counts both).
	e.exDepth++
	defer func() { e.exDepth-- }()
	r := bufio.NewReaderSize(f, 64<<10)
	for !e.quit {
		line, err := r.ReadString('\n')
		line = strings.TrimSuffix(line, "\n")
		if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "\"") {
			e.ExecEx(line)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("cannot read script %s: %w", path, err)
		}
	}
	return nil
}

// rawKey turns a byte of a -s script into a key (control bytes are the
// keys they are on a terminal).
func rawKey(r rune) Key {
	switch r {
	case 0x1b:
		return K(KeyEsc)
	case '\r', '\n':
		return K(KeyEnter)
	case '\t':
		return K(KeyTab)
	case 0x7f, 0x08:
		return K(KeyBackspace)
	}
	if r < 0x20 {
		return Ctrl('a' + r - 1)
	}
	return R(r)
}

// Snapshot returns the headless JSON state of the current buffer with the
// given messages.
func (e *Editor) Snapshot(msgs []Message) Snapshot {
	b := e.buf()
	t := b.tree
	s := Snapshot{
		Lines:    strings.Split(t.Text().String(), "\n"),
		Cursor:   [2]int{e.win.cur.Line + 1, e.win.cur.Col + 1},
		Modified: t.Modified(),
		SeqCur:   t.SeqCur(), SeqLast: t.SeqLast(), SaveCur: t.SaveCur(), SaveLast: t.SaveLast(),
		Messages: []string{},
		Output:   e.TakeOutput(),
		Mode:     e.mode.String(),
	}
	for _, m := range msgs {
		s.Messages = append(s.Messages, m.Text)
	}
	return s
}

// HeadlessConfig configures RunHeadless.
type HeadlessConfig struct {
	Editor Config
	File   string // "" for an empty buffer
	Steps  []Step
	JSON   bool
	// Stderr receives what the run reports at its end (undo files it
	// could not write); nil: os.Stderr. cmd/kjx passes a writer that
	// escapes what would act on a terminal.
	Stderr io.Writer
}

// RunHeadless runs steps without a terminal, printing a JSON snapshot
// after each step when cfg.JSON is set. It returns the exit status: 0, or
// 1 when any step produced an error message.
func RunHeadless(cfg HeadlessConfig, stdout io.Writer) int {
	e := New(cfg.Editor)
	defer e.closeHeadless(cfg.Stderr)
	if cfg.File != "" {
		_ = e.Open(cfg.File) // errors are messages
	}
	e.TakeMessages() // the file message belongs to no step
	e.TakeOutput()
	status := 0
	if e.ErrorCount() > 0 {
		status = 1
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	for _, s := range cfg.Steps {
		if e.quit {
			break
		}
		before := e.ErrorCount()
		msgs, err := e.RunStep(s)
		if err != nil {
			msgs = append(msgs, Message{Text: err.Error(), Error: true})
			status = 1
		}
		if e.ErrorCount() > before {
			status = 1
		}
		if cfg.JSON {
			if err := enc.Encode(e.Snapshot(msgs)); err != nil {
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
