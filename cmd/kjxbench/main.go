package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// config is the command line.
type config struct {
	runs        int
	quick       bool
	txns        int
	only        map[string]bool
	jsonOut     string
	pngOut      string
	mdOut       string
	shared      string
	cache       string
	work        string
	keep        bool
	bigSize     int64
	jsonSize    int
	jsonEdits   int
	branchEdits int
	kjx         string
	vim         string
	timeout     time.Duration
	cpuProfile  string
	args        []string
}

// selected reports whether workload id runs (-only).
func (c *config) selected(id string) bool {
	return len(c.only) == 0 || c.only[strings.ToLower(id)]
}

// quickDefaults are the sizes -quick uses for the flags not given.
var quickDefaults = map[string]string{"runs": "3", "txns": "3000", "bigsize": "64M", "jsonsize": "1000000", "branch": "2000"}

// parseFlags reads the command line.
func parseFlags(args []string, stderr io.Writer) (*config, error) {
	c := &config{args: args}
	fs := flag.NewFlagSet("kjxbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage); fs.PrintDefaults() }
	fs.IntVar(&c.runs, "runs", 5, "measured runs per editor and workload (alternating which editor goes first)")
	fs.BoolVar(&c.quick, "quick", false, "CI-sized suite: -runs 3 -txns 3000 -bigsize 64M -jsonsize 1000000 -branch 2000 unless given")
	fs.IntVar(&c.txns, "txns", 0, "replay only the first N transactions of each trace (0: all)")
	only := fs.String("only", "", "comma-separated workloads to run: "+strings.Join(jobIDs, ","))
	fs.StringVar(&c.jsonOut, "json", "", "write the results as JSON to `FILE`")
	fs.StringVar(&c.pngOut, "png", "", "write a bar chart of the ratios as PNG to `FILE`")
	fs.StringVar(&c.mdOut, "md", "", "also write the Markdown table to `FILE`")
	fs.StringVar(&c.shared, "shared", "", "the shared directory holding traces/ (default: ../shared next to the repository)")
	fs.StringVar(&c.cache, "cache", filepath.Join(os.TempDir(), "kjxbench-cache"), "`DIR` for the big file of workload 3, reused across runs")
	fs.StringVar(&c.work, "work", "", "work `DIR` for inputs, scripts and outputs (default: a new temporary directory)")
	fs.BoolVar(&c.keep, "keep", false, "keep the work directory (scripts and inputs) for inspection")
	bigSize := fs.String("bigsize", "1G", "size of workload 3's file (K, M, G suffixes: powers of 1024)")
	fs.IntVar(&c.jsonSize, "jsonsize", 5_000_000, "bytes of workload 2's one-line JSON")
	fs.IntVar(&c.jsonEdits, "jsonedits", 1000, "edits of workload 2")
	fs.IntVar(&c.branchEdits, "branch", 10_000, "edits (and g- moves) of workloads 4 and 5")
	fs.StringVar(&c.kjx, "kjx", "", "kjx binary (default: go build ./cmd/kjx of this repository)")
	fs.StringVar(&c.vim, "vim", "vim", "Vim binary")
	fs.DurationVar(&c.timeout, "timeout", 15*time.Minute, "time limit of one editor run")
	fs.StringVar(&c.cpuProfile, "cpuprofile", "", "profile kjx in-process on the first selected workload and write a pprof CPU profile to `FILE`")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if c.quick {
		given := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
		for name, v := range quickDefaults {
			if !given[name] {
				if err := fs.Set(name, v); err != nil {
					return nil, err
				}
			}
		}
	}
	n, err := parseSize(*bigSize)
	if err != nil {
		return nil, fmt.Errorf("-bigsize: %w", err)
	}
	c.bigSize = n
	if c.runs < 1 || c.jsonSize < 16 || c.jsonEdits < 0 || c.branchEdits < 1 {
		return nil, errors.New("-runs, -branch must be at least 1, -jsonsize at least 16, -jsonedits not negative")
	}
	if *only != "" {
		c.only = map[string]bool{}
		for _, id := range strings.Split(*only, ",") {
			id = strings.ToLower(strings.TrimSpace(id))
			if !contains(lower(jobIDs), id) {
				return nil, fmt.Errorf("-only: unknown workload %q (have %s)", id, strings.Join(jobIDs, ","))
			}
			c.only[id] = true
		}
	}
	return c, nil
}

// lower lower-cases every string of list.
func lower(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strings.ToLower(s)
	}
	return out
}

// parseSize parses a byte count with an optional K, M or G suffix.
func parseSize(s string) (int64, error) {
	mult := int64(1)
	t := strings.ToUpper(strings.TrimSpace(s))
	if t != "" {
		switch t[len(t)-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		}
		if mult > 1 {
			t = t[:len(t)-1]
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%q is not a positive size", s)
	}
	return n * mult, nil
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == measureFlag {
		os.Exit(measureChild(os.Args[2:], os.Stdout))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cfg, err := parseFlags(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "kjxbench:", err)
		os.Exit(2)
	}
	code, err := run(ctx, cfg, os.Stdout, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kjxbench:", err)
	}
	os.Exit(code)
}

// run is kjxbench's main: it returns 0 when every workload ran and
// produced the right output, 1 when one failed (goals missed are not an
// error: they are results).
func run(ctx context.Context, cfg *config, stdout, stderr io.Writer) (int, error) {
	progress := func(s string) { fmt.Fprintf(stderr, "%s %s\n", time.Now().Format("15:04:05"), s) }
	root, err := testkit.Root()
	if err != nil {
		return 2, err
	}
	if cfg.shared == "" {
		cfg.shared = filepath.Join(filepath.Dir(root), "shared")
	}
	work, cleanup, err := workDir(cfg)
	if err != nil {
		return 2, err
	}
	defer cleanup()
	t, err := findTools(ctx, cfg, root, work, progress)
	if err != nil {
		return 2, err
	}
	missing, err := probeKjx(ctx, t.kjx, work)
	if err != nil {
		return 2, err
	}
	if len(missing) > 0 {
		progress("kjx lacks: :" + strings.Join(missing, ", :"))
	}
	e := &env{cfg: cfg, work: work, shared: cfg.shared, missing: missing, progress: progress}
	m := collectMachine(ctx, cfg, root, t)
	jobs, err := buildJobs(e)
	if err != nil {
		return 2, err
	}
	if cfg.cpuProfile != "" {
		return profileKjx(jobs, cfg.cpuProfile, progress)
	}
	self, err := os.Executable()
	if err != nil {
		return 2, err
	}
	r := &runner{self: self, tools: t, runs: cfg.runs, timeout: cfg.timeout, progress: progress}
	var results []*result
	for _, j := range jobs {
		if ctx.Err() != nil {
			return 2, ctx.Err()
		}
		results = append(results, r.runJob(ctx, j))
	}
	m.LoadEnd = loadAvg()
	return report(cfg, m, results, stdout)
}

// report writes the table, the JSON and the chart.
func report(cfg *config, m machine, results []*result, stdout io.Writer) (int, error) {
	writeMarkdown(stdout, m, results)
	if cfg.mdOut != "" {
		f, err := os.Create(cfg.mdOut)
		if err != nil {
			return 2, err
		}
		writeMarkdown(f, m, results)
		if err := f.Close(); err != nil {
			return 2, err
		}
	}
	if cfg.jsonOut != "" {
		if err := writeJSON(cfg.jsonOut, m, results); err != nil {
			return 2, err
		}
	}
	if cfg.pngOut != "" {
		if err := writeChart(cfg.pngOut, m, results); err != nil {
			return 2, err
		}
	}
	for _, r := range results {
		if r.Status == "failed" {
			return 1, nil
		}
	}
	return 0, nil
}

// workDir creates the work directory and returns how to clean it up.
func workDir(cfg *config) (string, func(), error) {
	if cfg.work != "" {
		if err := os.MkdirAll(cfg.work, 0o755); err != nil {
			return "", nil, err
		}
		return cfg.work, func() {}, nil
	}
	dir, err := os.MkdirTemp("", "kjxbench-")
	if err != nil {
		return "", nil, err
	}
	if cfg.keep {
		fmt.Fprintln(os.Stderr, "kjxbench: work directory", dir)
		return dir, func() {}, nil
	}
	return dir, func() { os.RemoveAll(dir) }, nil
}

// findTools builds kjx (unless -kjx) and finds Vim.
func findTools(ctx context.Context, cfg *config, root, work string, progress func(string)) (tools, error) {
	t := tools{kjx: cfg.kjx}
	if t.kjx == "" {
		t.kjx = filepath.Join(work, "kjx")
		progress("building kjx from " + root)
		if err := testkit.BuildKJXInto(ctx, root, t.kjx); err != nil {
			return t, err
		}
	}
	vim, err := exec.LookPath(cfg.vim)
	if err != nil {
		return t, fmt.Errorf("vim: %w", err)
	}
	t.vim = vim
	return t, nil
}

// usage is printed before the flag list by -h.
const usage = `usage: go run ./cmd/kjxbench [flags]

Runs the same workloads through kjx --headless and Vim and reports the
median wall time, CPU time and peak RSS of each, their ratios kjx/Vim and
PASS/MISS per goal (see go doc ./cmd/kjxbench).

`
