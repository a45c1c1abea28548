package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestEdgeKillHistory (issue #12 item 8): kjx is SIGKILLed at random
// moments of a :w of a file too large for a text copy in its undo file
// (undo.max_file_size lowered by a config so the file stays a few hundred
// KB). After every kill the file is the complete old or the complete new
// text, and the next start attaches the history: the buffer is the disk
// text, unmodified, nothing set aside, u goes to the text written before
// it, and :undo 0 to the original. Every other kill lands after the text
// file's temporary file appeared (the rename and the undo write follow),
// the others anywhere in the run.
func TestEdgeKillHistory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kjx and kills it while it writes: skipped with -short")
	}
	const kills = 6
	w := newEdgeWorld(t, kjxBin.Path(t))
	cfg := w.write("kjx.toml", "[undo]\nmax_file_size = 65536\n")
	rng := rand.New(rand.NewPCG(12, 8))
	var b strings.Builder
	for b.Len() < 300<<10 { // random hex: DEFLATE cannot fit it in 64 KiB
		fmt.Fprintf(&b, "%016x %016x %016x\n", rng.Uint64(), rng.Uint64(), rng.Uint64())
	}
	file := w.write("big.txt", b.String())
	disks := []string{b.String()} // every text the file held, oldest first
	run := func(args ...string) *exec.Cmd {
		cmd := exec.Command(w.bin, append([]string{"--headless", "-u", cfg}, args...)...)
		cmd.Env, cmd.Dir = w.env, w.dir
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd
	}
	// How long a run takes, start to exit, and from its text temporary
	// file to the exit. A write can be over between two looks at the
	// directory (a fast fsync on a busy machine): measure again then.
	k := &killer{w: w, file: file}
	var whole, window time.Duration
	for attempt := 1; whole == 0; attempt++ {
		t0 := time.Now()
		cmd := run("-c", "normal! ggOr0", "-c", "w", "big.txt")
		exited := make(chan struct{})
		go func() { cmd.Wait(); close(exited) }()
		seen := k.waitFor(tempRE, exited)
		t1 := time.Now()
		<-exited
		disks = append(disks, w.read(file))
		if seen {
			whole, window = time.Since(t0), time.Since(t1)
		} else if attempt == 5 {
			t.Fatal("five writes finished before their temporary file was seen")
		}
	}
	inWindow := 0
	for i := 1; i <= kills; i++ {
		old := disks[len(disks)-1]
		cmd := run("-c", fmt.Sprintf("normal! ggOr%d", i), "-c", "w", "big.txt")
		exited := make(chan struct{})
		go func() { cmd.Wait(); close(exited) }()
		if i%2 == 0 && k.waitFor(tempRE, exited) {
			time.Sleep(time.Duration(rng.Int64N(int64(window) * 11 / 10)))
		} else if i%2 == 1 {
			time.Sleep(time.Duration(rng.Int64N(int64(whole) * 11 / 10)))
		}
		cmd.Process.Signal(syscall.SIGKILL)
		<-exited
		body := w.read(file)
		want := fmt.Sprintf("r%d\n", i) + old
		switch body {
		case old:
		case want:
			disks = append(disks, want)
			if announced(t, w) {
				inWindow++ // killed after the rename, before the undo write
			}
		default:
			t.Fatalf("kill %d: the file holds %d bytes, neither the old nor the new text", i, len(body))
		}
		checkAttached(t, w, cfg, i, disks)
	}
	t.Logf("%d kills (run %v, write window %v): %d after the rename and before the undo write", kills, whole, window, inWindow)
}

// announced reports whether the undo file of big.txt still announces a
// write (format version 3: a pending record).
func announced(t *testing.T, w *edgeWorld) bool {
	t.Helper()
	ents, _ := os.ReadDir(w.udir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), "%big.txt") {
			b, err := os.ReadFile(filepath.Join(w.udir, e.Name()))
			return err == nil && len(b) > 10 && b[8] == 3
		}
	}
	return false
}

// checkAttached reopens big.txt after kill i: its history is attached
// (nothing set aside, unmodified at the disk text), u shows the text the
// file held before, :undo 0 the first one.
func checkAttached(t *testing.T, w *edgeWorld, cfg string, i int, disks []string) {
	t.Helper()
	snaps := w.ok("-u", cfg, "-c", "u", "-c", "undo 0", "big.txt")
	if len(snaps) != 2 {
		t.Fatalf("kill %d: %d snapshots", i, len(snaps))
	}
	for _, m := range append(snaps[0].OpenMessages, snaps[0].Messages...) {
		if strings.Contains(m, "kept aside") || strings.Contains(m, "changed since") || strings.Contains(m, "corrupt") {
			t.Fatalf("kill %d: history not attached: %q", i, m)
		}
	}
	prev := disks[max(len(disks)-2, 0)]
	if got := strings.Join(snaps[0].Lines, "\n") + "\n"; got != prev {
		t.Fatalf("kill %d: u after reopening shows %d bytes, want the %d of the text written before (open messages %q)",
			i, len(got), len(prev), snaps[0].OpenMessages)
	}
	if got := strings.Join(snaps[1].Lines, "\n") + "\n"; got != disks[0] {
		t.Fatalf("kill %d: :undo 0 is not the first text", i)
	}
}
