package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// TestEdgeKills is a short run of edgeKills (make test, under -race);
// TestLongEdgeKills a longer one (make long), TestSoakEdgeKills the full
// one (make soak only: each kill rewrites 30 MB, about a second).
func TestEdgeKills(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kjx and kills it while it writes 30 MB: skipped with -short")
	}
	edgeKills(t, 4)
}

// TestLongEdgeKills: 12 kills of each kind, half of them in place aimed
// at the overwrite.
func TestLongEdgeKills(t *testing.T) {
	if testkit.RaceEnabled || testing.Short() {
		t.Skip("runs in make long")
	}
	edgeKills(t, 12)
}

// TestSoakEdgeKills: 50 kills of each kind, with KJX_SOAK=1 (make soak).
func TestSoakEdgeKills(t *testing.T) {
	if os.Getenv("KJX_SOAK") == "" || testkit.RaceEnabled {
		t.Skip("runs in make soak (KJX_SOAK=1): 100 kills, two minutes")
	}
	edgeKills(t, 50)
}

// edgeKills SIGKILLs kjx n times while it writes a 30 MB file in place (a
// hard-linked file) and n times while it writes one by rename, each time
// at a random instant of the write itself. After every kill the file is
// complete (the old text or the new one, and still hard-linked), or the
// next start names the complete old copy (and the new text) in a message;
// that start removes every other temporary file. In place, every other
// kill aims at the overwrite itself (after the old copy appeared), where
// a torn file is possible.
func edgeKills(t *testing.T, n int) {
	bin := kjxBin.Path(t)
	for _, mode := range []string{"in place", "by rename"} {
		t.Run(mode, func(t *testing.T) {
			w := newEdgeWorld(t, bin)
			line := "the quick brown fox jumps over the lazy dog 0123456789 abcdefghij\n"
			f := w.write("big.txt", strings.Repeat(line, 30<<20/len(line)))
			links := 1
			if mode == "in place" {
				links = 2
				if err := os.Link(f, filepath.Join(w.dir, "link.txt")); err != nil {
					t.Fatal(err)
				}
			}
			k := &killer{w: w, file: f, links: links, rng: rand.New(rand.NewPCG(uint64(links), 7))}
			k.window, k.overwrite = k.measure()
			torn := 0
			for i := range n {
				if k.killOnce(i) {
					torn++
				}
			}
			t.Logf("%s: %d kills in a %v write window, %d left the file torn with its old copy named", mode, n, k.window, torn)
		})
	}
}

// killer runs kjx on file and kills it during its writes.
type killer struct {
	w      *edgeWorld
	file   string
	links  int
	rng    *rand.Rand
	window time.Duration // how long a write lasts, from its first temporary file to the exit
	// overwrite is how long an in-place write lasts from its old copy's
	// appearance to the exit.
	overwrite time.Duration
	round     int
}

// edit returns the keys of the next change and the text it makes of old:
// one character added at the start, then removed, so the size changes
// both ways. The keys go to column 1 with "0": after a few kills have
// eaten the first word the line starts with a blank, and "gg" alone
// lands on the first non-blank, as in Vim.
func (k *killer) edit(old string) (string, string) {
	k.round++
	if k.round%2 == 1 {
		return "gg0ix<Esc>", "x" + old
	}
	return "gg0x", old[1:]
}

// start runs kjx to make the next change and write it; it returns the
// process, the old and new texts.
func (k *killer) start() (*exec.Cmd, string, string) {
	k.w.t.Helper()
	old := k.w.read(k.file)
	keys, want := k.edit(old)
	cmd := exec.Command(k.w.bin, "--headless", "--clean", "--keys", keys, "-c", "w", filepath.Base(k.file))
	cmd.Env, cmd.Dir = k.w.env, k.w.dir
	if err := cmd.Start(); err != nil {
		k.w.t.Fatal(err)
	}
	return cmd, old, want
}

// tempRE matches the temporary files of a write of big.txt; oldRE its old
// copy only.
var (
	tempRE = regexp.MustCompile(`^\.big\.txt\.[0-9a-f]{8}\.kjx(-old)?~$`)
	oldRE  = regexp.MustCompile(`^\.big\.txt\.[0-9a-f]{8}\.kjx-old~$`)
)

// waitFor waits until a file matching re appears (true), or the process
// exits first (false).
func (k *killer) waitFor(re *regexp.Regexp, exited <-chan struct{}) bool {
	for {
		ents, _ := os.ReadDir(k.w.dir)
		for _, e := range ents {
			if re.MatchString(e.Name()) {
				return true
			}
		}
		select {
		case <-exited:
			return false
		case <-time.After(200 * time.Microsecond):
		}
	}
}

// measure runs one write to the end and returns how long it took from its
// first temporary file, and from its old copy (in place), to the exit. A
// write can be over between two looks at the directory (a fast fsync on a
// busy machine): it then measures the next write, five at the most.
func (k *killer) measure() (time.Duration, time.Duration) {
	for attempt := 1; ; attempt++ {
		cmd, _, want := k.start()
		exited := make(chan struct{})
		go func() { cmd.Wait(); close(exited) }()
		if k.waitFor(tempRE, exited) {
			return k.measureRest(exited, want)
		}
		<-exited
		if k.w.read(k.file) != want {
			k.w.t.Fatal("the measuring write did not write the file")
		}
		if attempt == 5 {
			k.w.t.Fatal("five writes finished before their temporary file was seen")
		}
	}
}

// measureRest is measure from the first temporary file of a write on.
func (k *killer) measureRest(exited <-chan struct{}, want string) (time.Duration, time.Duration) {
	t0 := time.Now()
	var t1 time.Time
	if k.links > 1 && k.waitFor(oldRE, exited) {
		t1 = time.Now()
	}
	<-exited
	if k.w.read(k.file) != want {
		k.w.t.Fatal("the measuring write did not write the file")
	}
	if t1.IsZero() {
		return time.Since(t0), 0
	}
	return time.Since(t0), time.Since(t1)
}

// killOnce kills one write at a random instant of it and checks what it
// left; it reports whether the file was torn (and restored from the named
// copy, as a user would).
func (k *killer) killOnce(i int) bool {
	t := k.w.t
	t.Helper()
	cmd, old, want := k.start()
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	switch {
	case k.overwrite > 0 && i%2 == 1:
		if k.waitFor(oldRE, exited) {
			time.Sleep(time.Duration(k.rng.Int64N(int64(k.overwrite) * 11 / 10)))
		}
	case k.waitFor(tempRE, exited):
		time.Sleep(time.Duration(k.rng.Int64N(int64(k.window) * 11 / 10)))
	}
	cmd.Process.Signal(syscall.SIGKILL)
	<-exited
	body := k.w.read(k.file)
	code, _, stderr := k.w.kjx("--headless", "--clean", "-c", "messages", filepath.Base(k.file))
	if code != 0 {
		t.Fatalf("kill %d: the next start failed: %d %q", i, code, stderr)
	}
	named := regexp.MustCompile(`W: a write of "[^"]*" was interrupted: it may be incomplete; its previous contents are in "([^"]*)" \(the text being written is in "([^"]*)"\)`).FindStringSubmatch(k.w.lastOut)
	torn := body != old && body != want
	switch {
	case torn && named == nil:
		t.Fatalf("kill %d: the file holds %d bytes, neither text, and the next start named no copy: %q", i, len(body), k.w.lastOut)
	case !torn && named != nil:
		t.Fatalf("kill %d: the file is complete but a copy was named: %q", i, k.w.lastOut)
	case torn:
		if k.w.read(named[1]) != old || k.w.read(named[2]) != want {
			t.Fatalf("kill %d: a named copy is not complete", i)
		}
		if err := os.WriteFile(k.file, []byte(k.w.read(named[1])), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Remove(named[1])
		os.Remove(named[2])
	}
	k.checkDir(i)
	return torn
}

// checkDir: nothing but the file (its link) and, for a minute, empty
// temporary files (a kill right after one was created) is left.
func (k *killer) checkDir(i int) {
	t := k.w.t
	t.Helper()
	ents, _ := os.ReadDir(k.w.dir)
	var left []string
	for _, e := range ents {
		fi, _ := e.Info()
		if tempRE.MatchString(e.Name()) && fi.Size() == 0 {
			continue
		}
		left = append(left, e.Name())
	}
	want := []string{"big.txt"}
	if k.links == 2 {
		want = append(want, "link.txt")
	}
	if strings.Join(left, ",") != strings.Join(want, ",") {
		t.Fatalf("kill %d: the directory holds %q", i, left)
	}
	if k.links == 2 && !bytes.Equal([]byte(k.w.read(k.file)), []byte(k.w.read(filepath.Join(k.w.dir, "link.txt")))) {
		t.Fatalf("kill %d: the hard links differ", i)
	}
}
