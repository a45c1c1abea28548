package buffer

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"syscall"
	"testing"
	"unsafe"
)

func threadCPU() int64 {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	return ts.Nano()
}

func cpuRun(name string, n int, reps int, f func(i int)) {
	best := int64(1 << 62)
	for r := 0; r < reps; r++ {
		runtime.GC()
		t0 := threadCPU()
		for i := 0; i < n; i++ {
			f(i)
		}
		if d := threadCPU() - t0; d < best {
			best = d
		}
	}
	fmt.Printf("CPU %-14s %8.1f ns/op\n", name, float64(best)/float64(n))
}

func TestCPUBench(t *testing.T) {
	if os.Getenv("KJX_CPUBENCH") == "" {
		t.Skip("set KJX_CPUBENCH")
	}
	runtime.LockOSThread()
	reps := 5
	only := os.Getenv("KJX_CPUBENCH")
	if only == "1" || only == "edits" {
		r := FromBytes(benchText(10 << 20))
		base := r
		off := r.Len() / 3
		text := "the quick brown fox jumps over the lazy dog\n"
		cpuRun("typing", 200000, reps, func(i int) {
			if i == 0 {
				r, off = base, base.Len()/3
			}
			r, _ = r.Apply(Change{Off: off, New: text[i%len(text) : i%len(text)+1]})
			off++
		})
		rng := rand.New(rand.NewPCG(5, 6))
		offs := make([]int, 1<<16)
		for i := range offs {
			offs[i] = rng.IntN(base.Len())
		}
		cpuRun("insrand", 200000, reps, func(i int) {
			if i == 0 {
				r = base
			}
			r, _ = r.Apply(Change{Off: offs[i&(len(offs)-1)], New: "x"})
		})
		sinkRope = r
	}
	if only == "1" || only == "lines" {
		r := FromBytes(benchLines(1 << 20))
		rng := rand.New(rand.NewPCG(9, 10))
		lines := make([]int, 1<<16)
		for i := range lines {
			lines[i] = rng.IntN(r.Newlines() + 1)
		}
		offs := make([]int, 1<<16)
		for i := range offs {
			offs[i] = rng.IntN(r.Len() + 1)
		}
		for i := 0; i < 1<<18; i++ {
			sinkInt += r.LineStart(lines[i&(len(lines)-1)]) + r.LineOf(offs[i&(len(offs)-1)])
		}
		cpuRun("linestart", 1000000, reps, func(i int) { sinkInt += r.LineStart(lines[i&(len(lines)-1)]) })
		cpuRun("lineof", 1000000, reps, func(i int) { sinkInt += r.LineOf(offs[i&(len(offs)-1)]) })
	}
	if only == "1" || only == "edits" {
		tr := loadTraces(t, "automerge-paper")[0]
		cs := flatten(tr.changes(t))
		n := len(cs.spans)
		var r Rope
		cpuRun("replay", n, 3, func(i int) {
			if i == 0 {
				r = FromString(tr.start)
			}
			r, _ = r.Apply(cs.at(i))
		})
		var tx *Batch
		cpuRun("replaybatch", n, 3, func(i int) {
			if i == 0 {
				tx = FromString(tr.start).Batch()
			}
			_ = tx.Apply(cs.at(i))
		})
		sinkRope = r
	}
}
