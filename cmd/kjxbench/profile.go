//go:build kjxprofile

package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/session"
)

// profileKjx runs kjx's script of the first selected workload that kjx can
// run inside this process, wired as cmd/kjx wires headless mode, under the
// CPU profiler, and writes the profile to path (for go tool pprof). kjx
// has no --cpuprofile flag of its own; this is the stand-in.
func profileKjx(jobs []*job, path string, progress func(string)) (int, error) {
	for _, j := range jobs {
		if j.skip[edKjx] != "" {
			continue
		}
		if j.setup != nil {
			setup, err := render(j, edKjx, j.setup, "setup")
			if err != nil {
				return 2, err
			}
			if status := runInProcess(j.setup, setup, j.input); status != 0 {
				return 1, fmt.Errorf("%s: setup exited with status %d", j.id, status)
			}
		}
		script, err := render(j, edKjx, j.script, "script")
		if err != nil {
			return 2, err
		}
		f, err := os.Create(path)
		if err != nil {
			return 2, fmt.Errorf("cpu profile: %w", err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return 2, fmt.Errorf("cpu profile: %w", err)
		}
		start := time.Now()
		status := runInProcess(j.script, script, measuredInput(j, edKjx))
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			return 2, fmt.Errorf("cpu profile: %w", err)
		}
		took := time.Since(start)
		if err := writeAllocs(path + ".allocs"); err != nil {
			return 2, err
		}
		progress(fmt.Sprintf("[%s] kjx in-process: %.3fs, exit status %d; profile in %s (allocations in %[4]s.allocs)", j.id, took.Seconds(), status, path))
		j.skip[edVim] = "profiling kjx only"
		fails, _ := verify(j)
		if len(fails) > 0 {
			return 1, fmt.Errorf("%s: %s", j.id, strings.Join(fails, "; "))
		}
		return 0, nil
	}
	return 2, fmt.Errorf("-cpuprofile: no selected workload runs kjx")
}

// runInProcess runs a rendered kjx script with session.RunHeadless, as
// "kjx --headless --clean [--clock T] -S script file" does.
func runInProcess(s *Script, script, input string) int {
	cfg := session.Config{Editor: editor.Config{Options: editor.DefaultOptions(), Clean: true}, Clock: clock.Real()}
	if s.Clock != 0 {
		cfg.Clock = clock.NewVirtual(time.Unix(s.Clock, 0))
	}
	return session.RunHeadless(session.HeadlessConfig{Session: cfg, File: input,
		Steps: []session.Step{{Kind: session.StepSource, Arg: script}}}, io.Discard, io.Discard)
}

// writeAllocs writes the allocation profile of the run beside the CPU
// profile (go tool pprof -sample_index=alloc_space).
func writeAllocs(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("allocation profile: %w", err)
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return fmt.Errorf("allocation profile: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("allocation profile: %w", err)
	}
	return nil
}
