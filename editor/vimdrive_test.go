package editor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/fileio"
	"github.com/kjx-editor/kjx/undo"
)

// vimSettings make Vim's defaults those of kjx (vim -u NONE lacks
// defaults.vim).
const vimSettings = "set backspace=indent,eol,start nrformats=bin,hex scrolloff=5 incsearch nofixendofline"

// vimStep is the state after one step, as recorded from Vim or kjx.
type vimStep struct {
	Lines   []string `json:"lines"`
	Cursor  [2]int   `json:"cursor"`
	SeqCur  int      `json:"seq_cur"`
	SeqLast int      `json:"seq_last"`
}

// runVim replays steps (typed keys, Vim notation) on text in a real Vim,
// as docs/undo.md#driving-vim-in-tests describes, and returns the state
// after every step.
func runVim(t testing.TB, text string, steps []string) ([]vimStep, error) {
	return runVimSteps[vimStep](t, vimRecipe{}, text, steps)
}

// vimRecipe is what runVimSteps adds to the common recipe: Vim script
// lines before the settings, lines after the cursor is put on line 1,
// lines before and after each step, and more entries of each step's JSON
// record (a Vim dictionary: "'key': expr, ").
type vimRecipe struct {
	prelude, start, perStep, afterStep, fields string
	files                                      map[string]string // written next to the text first
}

// runVimSteps replays steps on text in a real Vim and decodes each step's
// JSON record (lines, cursor, seq_cur, seq_last and the recipe's fields)
// into T.
func runVimSteps[T any](t testing.TB, r vimRecipe, text string, steps []string) ([]T, error) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "buf.txt"), []byte(text), 0o644); err != nil {
		return nil, err
	}
	if err := writeFiles(dir, r.files); err != nil {
		return nil, err
	}
	out := filepath.Join(dir, "out.json")
	var b strings.Builder
	b.WriteString(r.prelude + vimSettings + "\n")
	b.WriteString("call test_settime(1700000000)\ncall cursor(1, 1)\n" + r.start)
	for _, s := range steps {
		b.WriteString(r.perStep)
		fmt.Fprintf(&b, "call feedkeys(\"%s\", 'xt')\n", vimString(s))
		b.WriteString(r.afterStep)
		fmt.Fprintf(&b, "call writefile([json_encode({%s'lines': getline(1, '$'), 'cursor': [line('.'), col('.')], 'seq_cur': undotree().seq_cur, 'seq_last': undotree().seq_last})], '%s', 'a')\n", r.fields, out)
	}
	b.WriteString("qa!\n")
	driver := filepath.Join(dir, "driver.vim")
	if err := os.WriteFile(driver, []byte(b.String()), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command("vim", "--cmd", "set encoding=utf-8", "-u", "NONE", "-i", "NONE", "-N", "-n", "-Es", "-S", driver, "buf.txt")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TZ=UTC", "HOME="+dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := runVimBounded(cmd); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return nil, fmt.Errorf("vim wrote no output: %v (%s)", err, stderr.String())
	}
	var res []T
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var s T
		if err := json.Unmarshal([]byte(line), &s); err != nil {
			return nil, fmt.Errorf("vim output %q: %w", line, err)
		}
		res = append(res, s)
	}
	if len(res) != len(steps) {
		return res, fmt.Errorf("vim recorded %d of %d steps", len(res), len(steps))
	}
	return res, nil
}

// writeFiles writes a scenario's extra files (name to content) into dir.
func writeFiles(dir string, files map[string]string) error {
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// vimString escapes Vim key notation for a double-quoted Vim string, in
// which <...> names become keys.
func vimString(keys string) string {
	var b strings.Builder
	for i := 0; i < len(keys); i++ {
		c := keys[i]
		switch c {
		case '\\':
			b.WriteString(`\\`)
		case '"':
			b.WriteString(`\"`)
		case '<':
			if j := strings.IndexByte(keys[i:], '>'); j > 1 {
				if isKeyName(keys[i : i+j+1]) {
					b.WriteString(`\` + keys[i:i+j+1])
					i += j
					continue
				}
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// isKeyName reports whether s, "<...>", is one key in Vim notation.
func isKeyName(s string) bool {
	ks, err := ParseKeys(s)
	return err == nil && len(ks) == 1
}

// newTestEditor returns an editor on text (a file's bytes) with a virtual
// clock, as headless mode with --clean --clock.
func newTestEditor(text string) *Editor {
	e := New(Config{Clock: clock.NewVirtual(testEpoch), Clean: true, Shell: execShell{}})
	e.setText(text)
	return e
}

// setText replaces the current buffer with text (file bytes), with a new
// undo history.
func (e *Editor) setText(text string) {
	b := e.buf()
	b.eol = true
	text, b.bomb = strings.CutPrefix(text, fileio.BOM) // as a file is read
	if strings.HasSuffix(text, "\n") {
		text = text[:len(text)-1]
	} else if text != "" {
		b.eol = false
	}
	b.tree = undo.New(buffer.FromString(text), e.undoOptions())
	b.empty = text == "" && b.eol
	b.loadedEmpty = b.empty
	b.shapeSaved()
	e.win.cur = Pos{}
	e.win.wantCol = -1
}

// kjxSteps replays steps in kjx as typed keys and returns the state after
// each.
func kjxSteps(t testing.TB, text string, steps []string) []vimStep {
	t.Helper()
	e := newTestEditor(text)
	var res []vimStep
	for _, s := range steps {
		feedSteps(t, e, s)
		res = append(res, e.state())
	}
	return res
}

// feedSteps types each step (Vim key notation) into e.
func feedSteps(t testing.TB, e *Editor, steps ...string) {
	t.Helper()
	for _, s := range steps {
		keys, err := ParseKeys(s)
		if err != nil {
			t.Fatalf("ParseKeys(%q): %v", s, err)
		}
		e.Feed(keys, true)
		e.EndStep()
	}
}

// state is the comparable state of e.
func (e *Editor) state() vimStep {
	t := e.buf().tree
	return vimStep{
		Lines:  strings.Split(t.Text().String(), "\n"),
		Cursor: [2]int{e.win.cur.Line + 1, e.win.cur.Col + 1},
		SeqCur: t.SeqCur(), SeqLast: t.SeqLast(),
	}
}

// diffSteps describes the first difference between two step lists.
func diffSteps(steps []string, want, got []vimStep) string {
	for i := range want {
		if i >= len(got) {
			return fmt.Sprintf("step %d %q: missing", i+1, steps[i])
		}
		w, g := want[i], got[i]
		switch {
		case strings.Join(w.Lines, "\n") != strings.Join(g.Lines, "\n"):
			return fmt.Sprintf("step %d %q: lines\n  want %q\n  got  %q", i+1, steps[i], w.Lines, g.Lines)
		case w.Cursor != g.Cursor:
			return fmt.Sprintf("step %d %q: cursor want %v got %v (lines %q)", i+1, steps[i], w.Cursor, g.Cursor, w.Lines)
		case w.SeqCur != g.SeqCur || w.SeqLast != g.SeqLast:
			return fmt.Sprintf("step %d %q: seq want %d/%d got %d/%d", i+1, steps[i], w.SeqCur, w.SeqLast, g.SeqCur, g.SeqLast)
		}
	}
	return ""
}
