package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// editorID names one of the two editors.
type editorID int

// The editors, in the order of every per-editor array.
const (
	edKjx editorID = iota
	edVim
)

// bothEditors lists the editors in index order.
var bothEditors = []editorID{edKjx, edVim}

// String is the editor's name.
func (e editorID) String() string {
	if e == edKjx {
		return "kjx"
	}
	return "vim"
}

// sample is one measured run of an editor.
type sample struct {
	Wall time.Duration
	CPU  time.Duration // user + system
	RSS  int64         // peak resident set size, KiB (Linux ru_maxrss)
}

// expectKind says how an output file is checked.
type expectKind uint8

// The checks of an output file.
const (
	expectExact     expectKind = iota // equal to want()
	expectSameAsVim                   // kjx's file equals Vim's of the same run
	expectNonEmpty                    // exists and is not empty
)

// expectation is one check of an output file of a run.
type expectation struct {
	name string // file name in the run's out directory
	kind expectKind
	want func() (io.ReadCloser, error) // expectExact
	what string                        // what want is, for messages
	info bool                          // a mismatch is a note, not a failure
}

// job is a prepared workload: inputs on disk, scripts, checks.
type job struct {
	id, title  string
	short      string // the chart's label
	goals      []goal
	dir        string  // the job's work directory
	input      string  // absolute path of the file both editors open, or
	stateInput string  // a file of the editor's state directory (made by setup)
	script     *Script // measured
	setup      *Script // optional: run once per editor before the measured runs
	expects    []expectation
	skip       [2]string // per editor: why it is not run ("" = run it)
	inputSize  int64
	after      func(*result) // derived numbers (load rate), after the runs
	// inProcess, when set, measures the workload inside this process
	// instead of timing editor runs (workload 6's frame times).
	inProcess func(*result) error
}

// tools are the editor binaries.
type tools struct {
	kjx, vim string
}

// runner measures jobs.
type runner struct {
	self     string // this program, which measures each run in a child (measure.go)
	tools    tools
	runs     int
	timeout  time.Duration
	progress func(string)
}

// dirsOf are an editor's directories for job j.
func dirsOf(j *job, ed editorID) Dirs {
	return Dirs{Out: filepath.Join(j.dir, "out-"+ed.String()), State: filepath.Join(j.dir, "state-"+ed.String())}
}

// measuredInput is the file ed opens in a measured run.
func measuredInput(j *job, ed editorID) string {
	if j.stateInput != "" {
		return filepath.Join(dirsOf(j, ed).State, j.stateInput)
	}
	return j.input
}

// argv is the command line that runs script (rendered at path) for ed on
// the file input.
func (r *runner) argv(ed editorID, s *Script, path, input string) []string {
	if ed == edKjx {
		return kjxArgs(r.tools.kjx, s.Clock, path, input)
	}
	return vimArgs(r.tools.vim, path, input)
}

// render writes s for ed into the job directory and returns its path.
func render(j *job, ed editorID, s *Script, name string) (string, error) {
	d := dirsOf(j, ed)
	for _, dir := range []string{d.Out, d.State} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", fmt.Errorf("%s: %w", j.id, err)
		}
	}
	var data []byte
	var err error
	if ed == edKjx {
		data, err = renderKjx(s, d)
	} else {
		data, err = renderVim(s, d)
	}
	if err != nil {
		return "", fmt.Errorf("%s: %s script: %w", j.id, ed, err)
	}
	path := filepath.Join(j.dir, name+"."+ed.String()+".vim")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", fmt.Errorf("%s: %w", j.id, err)
	}
	return path, nil
}

// runJob runs the setup scripts, then the measured runs, alternating the
// editor that goes first, checking the outputs after every pair. An
// editor that exits with an error stops the workload.
func (r *runner) runJob(ctx context.Context, j *job) *result {
	res := newResult(j)
	if j.skip[edKjx] != "" && j.skip[edVim] != "" {
		res.Status, res.Reason = "n/a", j.skip[edKjx]
		res.finish(j)
		return res
	}
	if j.inProcess != nil {
		if err := j.inProcess(res); err != nil {
			res.fail(err.Error())
		}
		res.finish(j)
		return res
	}
	var scripts [2]string
	for _, ed := range bothEditors {
		if j.skip[ed] != "" {
			continue
		}
		if err := r.setupEditor(ctx, j, ed, &scripts); err != nil {
			res.fail(err.Error())
			res.finish(j)
			return res
		}
	}
	for i := 0; i < r.runs; i++ {
		order := []editorID{edKjx, edVim}
		if i%2 == 1 {
			order = []editorID{edVim, edKjx}
		}
		for _, ed := range order {
			if j.skip[ed] != "" {
				continue
			}
			s, err := r.measured(ctx, j, ed, scripts[ed])
			if err != nil {
				res.fail(fmt.Sprintf("run %d: %v", i+1, err))
				res.finish(j)
				return res
			}
			res.Samples[ed] = append(res.Samples[ed], s)
			r.progress(fmt.Sprintf("[%s] run %d/%d %-3s %8.3fs cpu %8.3fs rss %7.1f MiB",
				j.id, i+1, r.runs, ed, s.Wall.Seconds(), s.CPU.Seconds(), float64(s.RSS)/1024))
		}
		// A wrong output fails the workload, but the remaining runs are
		// still measured: the numbers of a failed workload are reported
		// too (marked FAIL), and with every run, not one.
		fails, notes := verify(j)
		res.note(notes...)
		if len(fails) > 0 {
			res.fail(fmt.Sprintf("run %d: %s", i+1, strings.Join(fails, "; ")))
		}
	}
	for _, ed := range bothEditors {
		os.RemoveAll(dirsOf(j, ed).Out) // outputs can be a gigabyte
	}
	res.finish(j)
	return res
}

// setupEditor renders ed's scripts and runs its setup script, if any.
func (r *runner) setupEditor(ctx context.Context, j *job, ed editorID, scripts *[2]string) error {
	path, err := render(j, ed, j.script, "script")
	if err != nil {
		return err
	}
	scripts[ed] = path
	if j.setup == nil {
		return nil
	}
	setup, err := render(j, ed, j.setup, "setup")
	if err != nil {
		return err
	}
	r.progress(fmt.Sprintf("[%s] setup %s", j.id, ed))
	argv := r.argv(ed, j.setup, setup, j.input)
	if _, out, err := r.exec(ctx, argv); err != nil {
		why := strings.TrimSpace(string(out))
		if d := r.diagnose(ctx, j, ed, argv); d != "" {
			why = d
		}
		return fmt.Errorf("%s setup: %v %s", ed, err, why)
	}
	return nil
}

// measured empties ed's out directory and runs the measured script.
func (r *runner) measured(ctx context.Context, j *job, ed editorID, script string) (sample, error) {
	d := dirsOf(j, ed)
	if err := os.RemoveAll(d.Out); err != nil {
		return sample{}, err
	}
	if err := os.MkdirAll(d.Out, 0o755); err != nil {
		return sample{}, err
	}
	argv := r.argv(ed, j.script, script, measuredInput(j, ed))
	s, out, err := r.exec(ctx, argv)
	if err != nil {
		why := strings.TrimSpace(string(out))
		if d := r.diagnose(ctx, j, ed, argv); d != "" {
			why = d
		}
		return s, fmt.Errorf("%s: %v %s", ed, err, why)
	}
	return s, nil
}

// exec runs argv with the time limit and measures it through a helper
// process (see measureChild).
func (r *runner) exec(ctx context.Context, argv []string) (sample, []byte, error) {
	return measureVia(ctx, r.self, r.timeout, argv)
}

// diagnose reruns a failed command in a mode that reports error messages:
// kjx with --json (only for inputs small enough to print), Vim with its
// messages redirected to a file.
func (r *runner) diagnose(ctx context.Context, j *job, ed editorID, argv []string) string {
	if j.inputSize > 16<<20 {
		return ""
	}
	if ed == edVim {
		log := filepath.Join(j.dir, "vim-messages.txt")
		diag := append([]string{argv[0], "-c", "redir! > " + log}, argv[1:]...)
		r.exec(ctx, diag)
		data, _ := os.ReadFile(log)
		return firstErrors(strings.Split(string(data), "\n"))
	}
	diag := append([]string{argv[0], "--json"}, argv[1:]...)
	cmd := exec.CommandContext(ctx, diag[0], diag[1:]...)
	out, _ := cmd.Output()
	var msgs []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<30)
	for sc.Scan() {
		var snap struct {
			Messages []string `json:"messages"`
		}
		if json.Unmarshal(sc.Bytes(), &snap) == nil {
			msgs = append(msgs, snap.Messages...)
		}
	}
	return firstErrors(msgs)
}

// firstErrors returns up to three Vim-style error messages (E123: ...).
func firstErrors(msgs []string) string {
	var errs []string
	for _, m := range msgs {
		m = strings.TrimSpace(m)
		if len(m) > 1 && m[0] == 'E' && strings.Contains(m, ":") && m[1] >= '0' && m[1] <= '9' {
			errs = append(errs, m)
		}
		if len(errs) == 3 {
			break
		}
	}
	if len(errs) == 0 {
		return ""
	}
	return "errors: " + strings.Join(errs, " | ")
}

// verify checks the outputs of the last run of each editor.
func verify(j *job) (fails, notes []string) {
	for _, e := range j.expects {
		for _, ed := range bothEditors {
			if j.skip[ed] != "" {
				continue
			}
			msg, err := check(j, e, ed)
			if err != nil {
				fails = append(fails, fmt.Sprintf("%s %s: %v", ed, e.name, err))
				continue
			}
			if msg == "" {
				continue
			}
			msg = fmt.Sprintf("%s %s %s", ed, e.name, msg)
			if e.info {
				notes = append(notes, msg)
			} else {
				fails = append(fails, msg)
			}
		}
	}
	return fails, notes
}

// check applies one expectation to ed's output; "" means it holds.
func check(j *job, e expectation, ed editorID) (string, error) {
	path := filepath.Join(dirsOf(j, ed).Out, e.name)
	switch e.kind {
	case expectNonEmpty:
		st, err := os.Stat(path)
		if err != nil {
			return "", err
		}
		if st.Size() == 0 {
			return "is empty", nil
		}
		return "", nil
	case expectSameAsVim:
		if ed == edVim || j.skip[edVim] != "" {
			return "", nil
		}
		f, err := os.Open(filepath.Join(dirsOf(j, edVim).Out, e.name))
		if err != nil {
			return "", err
		}
		defer f.Close()
		return compareFile(path, f, "Vim's")
	default:
		want, err := e.want()
		if err != nil {
			return "", err
		}
		defer want.Close()
		return compareFile(path, want, e.what)
	}
}

// compareFile streams the file at path against want.
func compareFile(path string, want io.Reader, what string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	at, err := firstDiffReaders(f, want)
	if err != nil {
		return "", err
	}
	if at < 0 {
		return "", nil
	}
	return fmt.Sprintf("differs from %s at byte %d", what, at), nil
}

// firstDiffReaders is the offset of the first byte where a and b differ
// (or where the shorter one ends), -1 when they are equal.
func firstDiffReaders(a, b io.Reader) (int64, error) {
	ba, bb := make([]byte, 1<<16), make([]byte, 1<<16)
	var off int64
	for {
		na, err := readFull(a, ba)
		if err != nil {
			return 0, err
		}
		nb, err := readFull(b, bb)
		if err != nil {
			return 0, err
		}
		n := min(na, nb)
		if !bytes.Equal(ba[:n], bb[:n]) {
			return off + int64(firstDiff(ba[:n], bb[:n])), nil
		}
		if na != nb {
			return off + int64(n), nil
		}
		if na < len(ba) {
			return -1, nil
		}
		off += int64(n)
	}
}

// readFull fills buf as far as r allows; a short count means r ended.
func readFull(r io.Reader, buf []byte) (int, error) {
	n, err := io.ReadFull(r, buf)
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		err = nil
	}
	return n, err
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	max int
	buf []byte
}

// Write implements io.Writer.
func (t *tailBuffer) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

// Bytes returns the kept bytes.
func (t *tailBuffer) Bytes() []byte { return t.buf }
