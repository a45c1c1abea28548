package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"syscall"
	"time"
)

// Why a helper process measures each run.
//
// Go starts a child with vfork semantics (CLONE_VM|CLONE_VFORK): until it
// calls exec, the child runs on its parent's address space, and Linux
// carries the high-water RSS of the address space that exec replaces into
// the new program's ru_maxrss. Measured directly from kjxbench, whose
// own peak is tens of megabytes (traces, generated JSON), every editor
// would report at least that much. So kjxbench re-executes itself as a
// small helper (measureFlag) that starts the editor, waits for it and
// prints the editor's rusage: the floor is then the helper's own RSS at
// exec time, about 2 MiB (GNU time has a floor of about 1 MiB for the same
// reason).

// measureFlag, as the first argument, makes kjxbench the measuring helper:
// kjxbench -measure-child TIMEOUT -- ARGV...
const measureFlag = "-measure-child"

// childReport is what the helper prints as JSON.
type childReport struct {
	WallNS   int64  `json:"wall_ns"`
	CPUNS    int64  `json:"cpu_ns"`
	MaxRSS   int64  `json:"maxrss_kib"`
	Err      string `json:"err,omitempty"`
	Output   []byte `json:"output,omitempty"`
	TimedOut bool   `json:"timed_out,omitempty"`
}

// measureChild is the helper's main: args are TIMEOUT -- ARGV...
func measureChild(args []string, stdout io.Writer) int {
	enc := json.NewEncoder(stdout)
	if len(args) < 3 || args[1] != "--" {
		enc.Encode(childReport{Err: "usage: kjxbench " + measureFlag + " TIMEOUT -- ARGV..."})
		return 2
	}
	timeout, err := time.ParseDuration(args[0])
	if err != nil {
		enc.Encode(childReport{Err: err.Error()})
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	s, out, err := measure(ctx, args[2:])
	rep := childReport{WallNS: int64(s.Wall), CPUNS: int64(s.CPU), MaxRSS: s.RSS, Output: out}
	if err != nil {
		rep.Err = err.Error()
		rep.TimedOut = ctx.Err() != nil
	}
	if err := enc.Encode(rep); err != nil {
		return 2
	}
	return 0
}

// measure runs argv (stdin /dev/null) and returns its wall time, CPU time
// and peak RSS from ProcessState.SysUsage, and the last bytes of its
// output.
func measure(ctx context.Context, argv []string) (sample, []byte, error) {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	out := &tailBuffer{max: 4096}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = time.Second // a killed editor's children must not hold its output open
	start := time.Now()
	err := cmd.Run()
	s := sample{Wall: time.Since(start)}
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			s.RSS = ru.Maxrss
			s.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	if ctx.Err() != nil {
		return s, out.Bytes(), fmt.Errorf("stopped after %v: %w", time.Since(start).Round(time.Second), ctx.Err())
	}
	return s, out.Bytes(), err
}

// measureVia runs argv under the helper self and returns its measurement.
func measureVia(ctx context.Context, self string, timeout time.Duration, argv []string) (sample, []byte, error) {
	args := append([]string{measureFlag, timeout.String(), "--"}, argv...)
	cmd := exec.CommandContext(ctx, self, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return sample{}, stderr.Bytes(), fmt.Errorf("measuring helper: %w: %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	var rep childReport
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		return sample{}, nil, fmt.Errorf("measuring helper: %w", err)
	}
	s := sample{Wall: time.Duration(rep.WallNS), CPU: time.Duration(rep.CPUNS), RSS: rep.MaxRSS}
	if rep.Err != "" {
		return s, rep.Output, errors.New(rep.Err)
	}
	return s, rep.Output, nil
}
