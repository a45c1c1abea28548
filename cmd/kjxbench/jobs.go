package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// env is what preparing the jobs needs.
type env struct {
	cfg      *config
	work     string   // work directory of this invocation
	shared   string   // ../shared
	missing  []string // Ex commands kjx does not have
	progress func(string)
}

// jobIDs are the workloads in order; -only selects among them.
var jobIDs = []string{"1a", "1b", "1c", "1d", "2", "3", "3L", "4", "5", "6"}

// shortTitles label the chart's rows.
var shortTitles = map[string]string{"1a": "seph-blog1 replay", "1b": "rustcode replay",
	"1c": "seph-blog1 typed", "1d": "rustcode typed", "2": "one-line JSON edits",
	"3": "big file edit + :w", "3L": "big file load", "4": "branches + g-", "5": ":rundo + :wundo", "6": "undo-tree panel"}

// buildJobs prepares the selected workloads.
func buildJobs(e *env) ([]*job, error) {
	var jobs []*job
	for _, id := range jobIDs {
		if !e.cfg.selected(id) {
			continue
		}
		dir := filepath.Join(e.work, id)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		e.progress("preparing workload " + id)
		j, err := e.build(id, dir)
		if err != nil {
			return nil, fmt.Errorf("workload %s: %w", id, err)
		}
		j.id, j.dir, j.short = id, dir, shortTitles[id]
		jobs = append(jobs, j)
	}
	return jobs, nil
}

// build prepares one workload in dir.
func (e *env) build(id, dir string) (*job, error) {
	switch id {
	case "1a":
		return e.traceJob(dir, "seph-blog1")
	case "1b":
		return e.traceJob(dir, "rustcode")
	case "1c":
		return e.typedJob(dir, "seph-blog1")
	case "1d":
		return e.typedJob(dir, "rustcode")
	case "2":
		return e.jsonJob(dir)
	case "3", "3L":
		return e.bigJob(dir, id == "3L")
	case "4":
		return e.branchJob(dir)
	case "5":
		return e.persistJob(dir)
	case "6":
		return e.panelJob(dir)
	}
	return nil, fmt.Errorf("unknown workload %q", id)
}

// exact is an expectation that a file holds text.
func exact(name, text, what string) expectation {
	return expectation{name: name, kind: expectExact, what: what,
		want: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text)), nil }}
}

// writeInput writes the file the editors open.
func writeInput(j *job, dir, text string) error {
	j.input = filepath.Join(dir, "input.txt")
	j.inputSize = int64(len(text))
	if err := checkPath(j.input); err != nil {
		return err
	}
	return os.WriteFile(j.input, []byte(text), 0o644)
}

// loadTrace reads a trace from ../shared/traces and cuts it to -txns.
func (e *env) loadTrace(name string) (*Trace, error) {
	tr, err := ReadTrace(filepath.Join(e.shared, "traces", name+".json.gz"))
	if err != nil {
		return nil, err
	}
	if err := tr.Check(); err != nil {
		return nil, fmt.Errorf("%s does not replay to its endContent: %w", name, err)
	}
	return tr.Truncate(e.cfg.txns)
}

// traceJob is workload 1: replay a real editing session.
func (e *env) traceJob(dir, name string) (*job, error) {
	tr, err := e.loadTrace(name)
	if err != nil {
		return nil, err
	}
	s, err := traceScript(tr)
	if err != nil {
		return nil, err
	}
	j := &job{title: fmt.Sprintf("replay %s (%d txns) + time travel", name, len(tr.Txns)), script: s,
		goals: []goal{{Metric: "wall", Max: 0.33}, {Metric: "rss", Max: 1.0}}}
	j.expects = []expectation{
		exact("replay.txt", fileBytes(tr.End), "endContent"),
		{name: "travel.txt", kind: expectSameAsVim},
		exact("travel.txt", fileBytes(tr.End), "endContent (after :earlier 1d, :later 1d)"),
		exact("undo0.txt", fileBytes(tr.Start), "startContent (after :undo 0)"),
	}
	j.expects[2].info = true
	return j, writeInput(j, dir, fileBytes(tr.Start))
}

// typedJob is workloads 1c and 1d: a real editing session typed as a
// person types it (typed.go), then time travel of every kind, each
// result checked against Vim's.
func (e *env) typedJob(dir, name string) (*job, error) {
	tr, err := e.loadTrace(name)
	if err != nil {
		return nil, err
	}
	s, outs, err := typedTravelScript(tr)
	if err != nil {
		return nil, err
	}
	j := &job{title: fmt.Sprintf("typed replay %s (%d txns) + time travel", name, len(tr.Txns)), script: s,
		goals: []goal{{Metric: "wall", Max: 0.33}, {Metric: "rss", Max: 1.0}}}
	j.expects = []expectation{exact("replay.txt", fileBytes(tr.End), "endContent")}
	for _, o := range outs {
		j.expects = append(j.expects, expectation{name: o, kind: expectSameAsVim})
	}
	return j, writeInput(j, dir, fileBytes(tr.Start))
}

// jsonJob is workload 2: edits on one long line of JSON, then undo all.
func (e *env) jsonJob(dir string) (*job, error) {
	doc := genJSON(newRNG(22), e.cfg.jsonSize)
	s, edited, err := jsonScript(doc, e.cfg.jsonEdits)
	if err != nil {
		return nil, err
	}
	j := &job{title: fmt.Sprintf("%d edits on a %.1f MB one-line JSON, :undo 0", e.cfg.jsonEdits, float64(len(doc))/1e6),
		script: s, goals: []goal{{Metric: "wall", Max: 0.1}, {Metric: "rss", Max: 0.1}}}
	j.expects = []expectation{exact("edited.txt", fileBytes(edited), "the edited JSON"), exact("undone.txt", fileBytes(doc), "the original JSON")}
	return j, writeInput(j, dir, fileBytes(doc))
}

// bigMarker is what workload 3 inserts.
const bigMarker = "KJXBENCH-EDIT "

// bigJob is workload 3: open a big file, change a line, write, quit (or,
// for 3L, only open and quit, to measure the load rate).
func (e *env) bigJob(dir string, loadOnly bool) (*job, error) {
	info, err := bigFile(e.cfg.cache, e.cfg.bigSize, e.progress)
	if err != nil {
		return nil, err
	}
	if err := checkPath(info.path); err != nil {
		return nil, err
	}
	gb := float64(info.Size) / 1e9
	j := &job{input: info.path, inputSize: info.Size}
	if loadOnly {
		j.title = fmt.Sprintf("open a %.2f GB file, :q!", gb)
		j.script = loadScript()
		j.goals = []goal{{Metric: "kjx_load_gbps", Min: 1}}
		j.after = func(r *result) {
			for _, ed := range bothEditors {
				if w := r.Median[ed].Wall; w > 0 {
					r.Extra[ed.String()+"_load_gbps"] = gb / w
				}
			}
		}
		return j, nil
	}
	j.title = fmt.Sprintf("open a %.2f GB file, change a line, :w, :q", gb)
	j.script = bigScript(info.MidOff, bigMarker)
	j.goals = []goal{{Metric: "wall", Max: 1.0}}
	j.expects = []expectation{{name: "out.txt", kind: expectExact, what: "the big file with one line changed",
		want: func() (io.ReadCloser, error) { return bigWant(info) }}}
	return j, nil
}

// bigWant is the big file with the marker inserted at the middle line.
func bigWant(info bigInfo) (io.ReadCloser, error) {
	f, err := os.Open(info.path)
	if err != nil {
		return nil, err
	}
	r := io.MultiReader(io.NewSectionReader(f, 0, info.MidOff), strings.NewReader(bigMarker),
		io.NewSectionReader(f, info.MidOff, info.Size-info.MidOff))
	return readCloser{r, f}, nil
}

// readCloser reads from one reader and closes another.
type readCloser struct {
	io.Reader
	io.Closer
}

// branchText is the text workloads 4 and 5 edit.
func branchText() string { return genCode(newRNG(44), 2000) }

// branchJob is workload 4: branching edits, then g- through all of them.
func (e *env) branchJob(dir string) (*job, error) {
	text := branchText()
	s, want, err := branchScript(text, e.cfg.branchEdits, e.cfg.branchEdits)
	if err != nil {
		return nil, err
	}
	j := &job{title: fmt.Sprintf("%d branching edits (4 edits, 3u), then g- ×%d", e.cfg.branchEdits, e.cfg.branchEdits),
		script: s, goals: []goal{{Metric: "wall", Max: 0.5}}}
	j.expects = []expectation{exact("edited.txt", fileBytes(want[0]), "the model's text after the edits"),
		exact("mid.txt", fileBytes(want[1]), "the model's text halfway through g-"),
		exact("back.txt", fileBytes(want[2]), "the original text")}
	return j, writeInput(j, dir, fileBytes(text))
}

// persistJob is workload 5: :rundo and :wundo of workload 4's history.
func (e *env) persistJob(dir string) (*job, error) {
	text := branchText()
	setup, s, err := persistScripts(text, e.cfg.branchEdits)
	if err != nil {
		return nil, err
	}
	j := &job{title: fmt.Sprintf(":rundo + :wundo of %d-node history, :undo 0", e.cfg.branchEdits),
		script: s, setup: setup, stateInput: "textA.txt", inputSize: int64(len(text)),
		goals: []goal{{Metric: "wall", Max: 0.5}}}
	j.expects = []expectation{exact("orig.txt", fileBytes(text), "the original text (history read back)"),
		{name: "hist2.undo", kind: expectNonEmpty}}
	if lacks := e.lacks("wundo", "rundo"); lacks != "" {
		j.skip[edKjx] = lacks
	}
	// The setup opens the original text: it is the job's input.
	return j, writeInput(j, dir, fileBytes(text))
}

// panelJob is workload 6: render the undo-tree panel for workload 1a's
// tree, in kjx only: the replay runs inside this process and the panel is
// drawn off-screen (panel.go).
func (e *env) panelJob(dir string) (*job, error) {
	tr, err := e.loadTrace("seph-blog1")
	if err != nil {
		return nil, err
	}
	s, err := traceReplay(tr)
	if err != nil {
		return nil, err
	}
	j := &job{title: fmt.Sprintf("undo-tree panel, 200×60, over the tree of seph-blog1 (%d txns) (kjx only)", len(tr.Txns)),
		script: s, goals: []goal{{Metric: "frame_ms", Max: 1}}}
	j.skip[edVim] = "Vim has no undo-tree panel, and Debian 12 has no vim-undotree package (apt-cache search undotree finds none)"
	j.inProcess = func(r *result) error { return measurePanel(j, fileBytes(tr.End), r) }
	return j, writeInput(j, dir, fileBytes(tr.Start))
}

// lacks names the commands of names that kjx does not have, as a reason.
func (e *env) lacks(names ...string) string {
	var miss []string
	for _, n := range names {
		if contains(e.missing, n) {
			miss = append(miss, ":"+n)
		}
	}
	if len(miss) == 0 {
		return ""
	}
	return "kjx lacks " + strings.Join(miss, " and ") + " (E492: Not an editor command)"
}

// probes are the Ex commands the workloads use, each with a harmless
// command line that runs it (with an argument: kjx's parser knows some
// names, such as wundo, that have no implementation, and only says so
// once the argument is there).
var probes = []struct{ name, line string }{
	{"goto", "goto 1"}, {"normal", "normal! x"}, {"undojoin", "undojoin"}, {"substitute", "s/a/b/"},
	{"earlier", "earlier 1"}, {"later", "later 1"}, {"undo", "undo 0"}, {"sleep", "sleep 1"},
	{"set", "set ul=1000"}, {"write", "w! probe.txt"}, {"wundo", "wundo probe.undo"},
	{"rundo", "rundo probe.undo"}, {"quit", "q!"},
}

// probeKjx returns the probed commands that kjx answers with E492 (not an
// editor command). It runs in a scratch directory under dir.
func probeKjx(ctx context.Context, kjx, dir string) ([]string, error) {
	scratch := filepath.Join(dir, "probe")
	if err := os.MkdirAll(scratch, 0o755); err != nil {
		return nil, err
	}
	var missing []string
	for _, p := range probes {
		// --clock makes :sleep instant.
		cmd := exec.CommandContext(ctx, kjx, "--headless", "--clean", "--clock", "1", "--json", "-c", p.line)
		cmd.Dir = scratch
		out, err := cmd.Output()
		if err != nil && len(out) == 0 {
			return nil, fmt.Errorf("probe kjx with :%s: %w", p.line, err)
		}
		if bytes.Contains(out, []byte("E492")) {
			missing = append(missing, p.name)
		}
	}
	return missing, nil
}
