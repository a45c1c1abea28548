package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// machine records where and with what the numbers were taken.
type machine struct {
	Date      string   `json:"date"`
	Command   []string `json:"command"`
	Runs      string   `json:"runs"`
	CPU       string   `json:"cpu"`
	NProc     int      `json:"nproc"`
	Memory    string   `json:"memory"`
	Kernel    string   `json:"kernel"`
	LoadStart string   `json:"load_average_start"`
	LoadEnd   string   `json:"load_average_end"`
	Go        string   `json:"go_version"`
	Kjx       string   `json:"kjx_version"`
	Commit    string   `json:"kjx_commit"`
	Vim       []string `json:"vim_version"`
}

// collectMachine fills machine from the system and the tools.
func collectMachine(ctx context.Context, cfg *config, root string, t tools) machine {
	m := machine{
		Date:    time.Now().UTC().Format(time.RFC3339),
		Command: append([]string{"kjxbench"}, cfg.args...),
		Runs:    strconv.Itoa(cfg.runs),
		CPU:     cpuModel(),
		NProc:   runtime.NumCPU(),
		Memory:  memTotal(),
		Kernel:  firstLine(output(ctx, "", "uname", "-r")),
		Go:      firstLine(output(ctx, "", "go", "version")),
		Kjx:     firstLine(output(ctx, "", t.kjx, "--version")),
		Commit:  firstLine(output(ctx, root, "git", "rev-parse", "--short", "HEAD")),
	}
	if dirty := output(ctx, root, "git", "status", "--porcelain", "--untracked-files=no"); dirty != "" {
		m.Commit += " + uncommitted changes"
	}
	if n, err := strconv.Atoi(firstLine(output(ctx, "", "nproc"))); err == nil {
		m.NProc = n
	}
	lines := strings.SplitN(output(ctx, "", t.vim, "--version"), "\n", 3)
	m.Vim = lines[:min(2, len(lines))]
	m.LoadStart = loadAvg()
	return m
}

// output runs a command and returns its standard output ("" on failure).
func output(ctx context.Context, dir, name string, args ...string) string {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// firstLine is the first line of s.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// cpuModel is the first "model name" of /proc/cpuinfo.
func cpuModel() string {
	return procField("/proc/cpuinfo", "model name")
}

// memTotal is MemTotal of /proc/meminfo.
func memTotal() string {
	if v := procField("/proc/meminfo", "MemTotal"); v != "" {
		return "memory " + v
	}
	return ""
}

// procField returns the value of the first "key : value" line of a /proc
// file.
func procField(path, key string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// loadAvg is the first three fields of /proc/loadavg: other work on the
// machine makes wall times noisy, so the report says how busy it was.
func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(data))
	return strings.Join(f[:min(3, len(f))], " ")
}
