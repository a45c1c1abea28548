package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strings"
)

// goal is a target of the suite: the ratio kjx/Vim of a measure at most
// Max, or a number of kjx's (Metric "load_gbps") at least Min.
type goal struct {
	Metric string  `json:"metric"` // "wall", "rss", "cpu" (ratios) or an Extra key
	Max    float64 `json:"max,omitempty"`
	Min    float64 `json:"min,omitempty"`
}

// String is the goal as the table prints it.
func (g goal) String() string {
	if g.Max > 0 {
		switch g.Metric {
		case "wall", "rss", "cpu":
			return fmt.Sprintf("%s kjx/Vim ≤ %g", g.Metric, g.Max)
		}
		return fmt.Sprintf("%s ≤ %g", g.Metric, g.Max)
	}
	return fmt.Sprintf("%s ≥ %g", g.Metric, g.Min)
}

// goalResult is a goal with the measured value and the verdict: PASS,
// MISS, FAIL (the workload produced wrong output) or N/A (not measured).
type goalResult struct {
	goal
	Value   float64
	Verdict string
}

// result is everything measured for one workload.
type result struct {
	ID, Title string
	Short     string // label for the chart
	Status    string // "ok", "failed" or "n/a" (not measurable)
	Reason    string // why it failed
	Notes     []string
	Skipped   [2]string // per editor: why it was not run
	Samples   [2][]sample
	Median    [2]summary
	Ratio     ratios
	Goals     []goalResult
	Extra     map[string]float64
}

// newResult starts the result of j.
func newResult(j *job) *result {
	return &result{ID: j.id, Title: j.title, Short: j.short, Status: "ok", Skipped: j.skip, Extra: map[string]float64{}}
}

// fail marks the workload failed (the first reason is kept).
func (r *result) fail(reason string) {
	if r.Status != "failed" {
		r.Status, r.Reason = "failed", reason
	}
}

// note records informational messages, once each.
func (r *result) note(msgs ...string) {
	for _, m := range msgs {
		if !contains(r.Notes, m) {
			r.Notes = append(r.Notes, m)
		}
	}
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// finish computes medians, ratios, derived numbers and verdicts.
func (r *result) finish(j *job) {
	for _, ed := range bothEditors {
		r.Median[ed] = summarize(r.Samples[ed])
	}
	r.Ratio = ratiosOf(r.Median[edKjx], r.Median[edVim])
	if j.after != nil {
		j.after(r)
	}
	for _, g := range j.goals {
		gr := goalResult{goal: g, Value: r.metric(g.Metric)}
		switch {
		case math.IsNaN(gr.Value):
			gr.Verdict = "N/A"
		case r.Status == "failed":
			gr.Verdict = "FAIL"
		case (g.Max > 0 && gr.Value <= g.Max) || (g.Max == 0 && gr.Value >= g.Min):
			gr.Verdict = "PASS"
		default:
			gr.Verdict = "MISS"
		}
		r.Goals = append(r.Goals, gr)
	}
}

// metric is the value a goal is checked against.
func (r *result) metric(name string) float64 {
	switch name {
	case "wall":
		return r.Ratio.Wall
	case "rss":
		return r.Ratio.RSS
	case "cpu":
		return r.Ratio.CPU
	}
	if v, ok := r.Extra[name]; ok {
		return v
	}
	return math.NaN()
}

// writeMarkdown prints the results as a Markdown table, the goals with
// their verdicts, failures and notes.
func writeMarkdown(w io.Writer, m machine, results []*result) {
	fmt.Fprintf(w, "## kjx vs Vim (median of %s runs, alternating)\n\n", m.Runs)
	fmt.Fprintln(w, "| workload | kjx wall | Vim wall | wall kjx/Vim | kjx RSS | Vim RSS | RSS kjx/Vim | kjx CPU | Vim CPU | status |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
	for _, r := range results {
		k, v := r.Median[edKjx], r.Median[edVim]
		fmt.Fprintf(w, "| %s %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			r.ID, r.Title, fmtSec(k.Wall), fmtSec(v.Wall), fmtRatio(r.Ratio.Wall),
			fmtKiB(k.RSS), fmtKiB(v.RSS), fmtRatio(r.Ratio.RSS), fmtSec(k.CPU), fmtSec(v.CPU), r.statusText())
	}
	fmt.Fprintln(w, "\n### Goals")
	for _, r := range results {
		for _, g := range r.Goals {
			fmt.Fprintf(w, "- %s: %s: %s **%s**\n", r.ID, g.goal, fmtRatio(g.Value), g.Verdict)
		}
	}
	var notes []string
	for _, r := range results {
		if r.Status == "failed" {
			notes = append(notes, fmt.Sprintf("**%s FAILED**: %s", r.ID, r.Reason))
		}
		for _, ed := range bothEditors {
			if r.Skipped[ed] != "" {
				notes = append(notes, fmt.Sprintf("%s: %s not run: %s", r.ID, ed, r.Skipped[ed]))
			}
		}
		for _, n := range r.Notes {
			notes = append(notes, fmt.Sprintf("%s: %s", r.ID, n))
		}
		for _, k := range slices.Sorted(maps.Keys(r.Extra)) {
			notes = append(notes, fmt.Sprintf("%s: %s = %.3f", r.ID, k, r.Extra[k]))
		}
	}
	if len(notes) > 0 {
		fmt.Fprintln(w, "\n### Notes")
		for _, n := range notes {
			fmt.Fprintln(w, "- "+n)
		}
	}
	fmt.Fprintf(w, "\n### Machine\n\n%s\n", m.text())
}

// statusText is the status column.
func (r *result) statusText() string {
	switch r.Status {
	case "failed":
		return "FAILED"
	case "n/a":
		return "N/A"
	}
	if r.Skipped[edKjx] != "" || r.Skipped[edVim] != "" {
		return "partial"
	}
	return "ok"
}

// fmtSec prints seconds with a unit that suits them.
func fmtSec(s float64) string {
	switch {
	case math.IsNaN(s):
		return "—"
	case s < 1:
		return fmt.Sprintf("%.1f ms", s*1000)
	default:
		return fmt.Sprintf("%.3f s", s)
	}
}

// fmtKiB prints KiB as MiB.
func fmtKiB(k float64) string {
	if math.IsNaN(k) {
		return "—"
	}
	return fmt.Sprintf("%.1f MiB", k/1024)
}

// fmtRatio prints a ratio or a goal value.
func fmtRatio(x float64) string {
	if math.IsNaN(x) {
		return "—"
	}
	return fmt.Sprintf("%.3f", x)
}

// jsonNum is a number that is null when unknown (JSON has no NaN).
func jsonNum(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

// jsonEditor is one editor's numbers in the JSON report.
type jsonEditor struct {
	Skipped    string    `json:"skipped,omitempty"`
	WallS      []float64 `json:"wall_s"`
	CPUS       []float64 `json:"cpu_s"`
	RSSKiB     []int64   `json:"rss_kib"`
	MedianWall *float64  `json:"median_wall_s"`
	MedianCPU  *float64  `json:"median_cpu_s"`
	MedianRSS  *float64  `json:"median_rss_kib"`
}

// jsonGoal is a goal with its verdict in the JSON report.
type jsonGoal struct {
	goal
	Value   *float64 `json:"value"`
	Verdict string   `json:"verdict"`
}

// jsonWorkload is one workload in the JSON report.
type jsonWorkload struct {
	ID     string              `json:"id"`
	Title  string              `json:"title"`
	Status string              `json:"status"`
	Reason string              `json:"reason,omitempty"`
	Notes  []string            `json:"notes,omitempty"`
	Kjx    jsonEditor          `json:"kjx"`
	Vim    jsonEditor          `json:"vim"`
	Ratio  map[string]*float64 `json:"ratio_kjx_vim"`
	Goals  []jsonGoal          `json:"goals"`
	Extra  map[string]float64  `json:"extra,omitempty"`
}

// writeJSON writes the machine and the results as indented JSON to path.
func writeJSON(path string, m machine, results []*result) error {
	rep := struct {
		Machine   machine        `json:"machine"`
		Workloads []jsonWorkload `json:"workloads"`
	}{Machine: m}
	for _, r := range results {
		jw := jsonWorkload{ID: r.ID, Title: r.Title, Status: r.Status, Reason: r.Reason, Notes: r.Notes,
			Ratio: map[string]*float64{"wall": jsonNum(r.Ratio.Wall), "rss": jsonNum(r.Ratio.RSS), "cpu": jsonNum(r.Ratio.CPU)},
			Goals: []jsonGoal{}}
		if len(r.Extra) > 0 {
			jw.Extra = r.Extra
		}
		jw.Kjx, jw.Vim = editorJSON(r, edKjx), editorJSON(r, edVim)
		for _, g := range r.Goals {
			jw.Goals = append(jw.Goals, jsonGoal{goal: g.goal, Value: jsonNum(g.Value), Verdict: g.Verdict})
		}
		rep.Workloads = append(rep.Workloads, jw)
	}
	data, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return fmt.Errorf("json report: %w", err)
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("json report: %w", err)
	}
	return nil
}

// editorJSON is ed's part of a workload in the JSON report.
func editorJSON(r *result, ed editorID) jsonEditor {
	je := jsonEditor{Skipped: r.Skipped[ed], WallS: []float64{}, CPUS: []float64{}, RSSKiB: []int64{}}
	for _, s := range r.Samples[ed] {
		je.WallS = append(je.WallS, s.Wall.Seconds())
		je.CPUS = append(je.CPUS, s.CPU.Seconds())
		je.RSSKiB = append(je.RSSKiB, s.RSS)
	}
	m := r.Median[ed]
	je.MedianWall, je.MedianCPU, je.MedianRSS = jsonNum(m.Wall), jsonNum(m.CPU), jsonNum(m.RSS)
	return je
}

// text is the machine description as Markdown lines.
func (m machine) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "- date: %s\n- command: `%s`\n", m.Date, strings.Join(m.Command, " "))
	fmt.Fprintf(&b, "- CPU: %s, nproc %d, %s, kernel %s\n", m.CPU, m.NProc, m.Memory, m.Kernel)
	fmt.Fprintf(&b, "- load average at start: %s, at end: %s\n", m.LoadStart, m.LoadEnd)
	fmt.Fprintf(&b, "- %s\n- kjx: %s (commit %s)\n", m.Go, m.Kjx, m.Commit)
	for _, l := range m.Vim {
		fmt.Fprintf(&b, "- %s\n", l)
	}
	return strings.TrimRight(b.String(), "\n")
}
