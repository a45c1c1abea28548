package fileio

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
)

// checkInPlaceOutcome asserts what an in-place write of want over old may
// leave: success (the file holds want, keeps its inode, no temporary file
// left), or a failure that says the file is unchanged (it holds old, no
// temporary file left), or a failure that names the old copy and the new
// text (both complete).
func checkInPlaceOutcome(t *testing.T, dir, p, old, want string, ino uint64, err error) {
	t.Helper()
	got := readString(t, p)
	var temps []string
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if isTemp(e.Name()) {
			temps = append(temps, e.Name())
		}
	}
	st, _ := StatPath(p)
	if st.Inode != ino || st.Nlink != 2 {
		t.Fatalf("the file lost its identity: inode %d→%d, %d links", ino, st.Inode, st.Nlink)
	}
	switch {
	case err == nil:
		if got != want || len(temps) != 0 {
			t.Fatalf("success, but the file holds %d bytes (want %d), temps %v", len(got), len(want), temps)
		}
	case strings.HasSuffix(err.Error(), unchangedNote):
		if got != old || len(temps) != 0 {
			t.Fatalf("%v, but the file holds %d bytes (old %d), temps %v", err, len(got), len(old), temps)
		}
	case strings.Contains(err.Error(), "its previous contents are in"):
		if len(temps) != 2 {
			t.Fatalf("%v: temps %v", err, temps)
		}
		for _, n := range temps {
			body, wantBody := readString(t, filepath.Join(dir, n)), want
			if isOldCopy(n) {
				wantBody = old
			}
			if body != wantBody || !strings.Contains(err.Error(), n) {
				t.Fatalf("%v: %s holds %d bytes, want %d, or is not named", err, n, len(body), len(wantBody))
			}
		}
	default:
		t.Fatalf("a failure that neither leaves the file unchanged nor names its copies: %v", err)
	}
}

// TestInPlaceEveryFullDisk: a hard-linked file written in place with the
// disk full at every point of every step (the new text, the old copy, the
// file itself), shorter and longer than before, with truncate and fsync
// failing too: the file is always the new text, or unchanged and the
// message says so, or its complete old copy is named.
func TestInPlaceEveryFullDisk(t *testing.T) {
	old := strings.Repeat("old line of text\n", 300) // 5 100 bytes
	texts := map[string]string{
		"longer":  strings.Repeat("a new and longer line\n", 400),
		"shorter": strings.Repeat("short\n", 100),
		"same":    strings.Repeat("OLD LINE OF TEXT\n", 300),
	}
	which := map[string]func() func(string) bool{
		"new text": func() func(string) bool { return nthTemp(1) },
		"old copy": func() func(string) bool { return nthTemp(2) },
		"the file": func() func(string) bool { return func(n string) bool { return !isTemp(n) } },
	}
	for tname, text := range texts {
		for wname, faulty := range which {
			for _, limit := range []int64{0, 1, 1000, 5099, 5100, 5101, 8000, 20_000} {
				for _, extra := range []string{"", "truncate", "sync"} {
					t.Run(fmt.Sprintf("%s/%s/%d/%s", tname, wname, limit, extra), func(t *testing.T) {
						dir := t.TempDir()
						p := writeFile(t, dir, "f", old, 0o644)
						os.Link(p, filepath.Join(dir, "g"))
						st, _ := StatPath(p)
						ffs := newFaultFS()
						ffs.writeLimit, ffs.faulty = limit, faulty()
						switch extra {
						case "truncate":
							ffs.truncateErr = syscall.EIO
						case "sync":
							ffs.syncErr = syscall.EIO
						}
						_, err := save(ffs, p, buffer.FromString(text), SaveOptions{Force: true})
						checkInPlaceOutcome(t, dir, p, old, text, st.Inode, err)
					})
				}
			}
		}
	}
}

// mountTmpfs mounts a tmpfs of size bytes on a new directory and returns
// it; the test is skipped where mounting is not allowed.
func mountTmpfs(t *testing.T, size int) string {
	t.Helper()
	dir := t.TempDir()
	out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+strconv.Itoa(size), "tmpfs", dir).CombinedOutput()
	if err != nil {
		t.Skipf("cannot mount a tmpfs (needs root or CAP_SYS_ADMIN): %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	return dir
}

// TestInPlaceFullTmpfs writes a hard-linked file on a really full file
// system (a 1.5 MiB tmpfs), with and without Force, with the disk full at
// each step: the new text does not fit, then the old copy does not, then
// the file cannot grow. Each time the file keeps its old text, the
// message says so and suggests no !, and no temporary file is left; once
// there is room, the same write succeeds and keeps the links.
func TestInPlaceFullTmpfs(t *testing.T) {
	dir := mountTmpfs(t, 1536<<10)
	old := strings.Repeat("the text kjx must never lose\n", 10_000)     // 290 KB
	long := strings.Repeat("a longer text that does not fit\n", 14_400) // 461 KB
	p := writeFile(t, dir, "f", old, 0o644)
	os.Link(p, filepath.Join(dir, "g"))
	st, _ := StatPath(p)
	for _, step := range []struct {
		name   string
		filler int
		kind   error
	}{
		{"no room for the new text", 900 << 10, ErrWrite},
		{"no room for the old copy", 650 << 10, ErrBackup},
		{"no room to grow the file", 420 << 10, ErrWrite},
	} {
		filler := writeFile(t, dir, "filler", strings.Repeat("x", step.filler), 0o644)
		for _, force := range []bool{false, true} {
			_, err := Save(p, buffer.FromString(long), SaveOptions{Force: force})
			if !errors.Is(err, step.kind) || !strings.HasSuffix(err.Error(), unchangedNote) {
				t.Fatalf("%s, force %v: error %v, want %v and the file unchanged", step.name, force, err, step.kind)
			}
			if strings.Contains(err.Error(), "!") {
				t.Errorf("%s: %q suggests !", step.name, err)
			}
			checkInPlaceOutcome(t, dir, p, old, long, st.Inode, err)
		}
		os.Remove(filler)
	}
	if _, err := Save(p, buffer.FromString(long), SaveOptions{}); err != nil {
		t.Fatalf("with room: %v", err)
	}
	checkInPlaceOutcome(t, dir, p, old, long, st.Inode, nil)
	if readString(t, filepath.Join(dir, "g")) != long {
		t.Fatal("the other link does not show the new text")
	}
}

const inPlaceKillEnv = "KJX_FILEIO_INPLACE_DIR"

// killTexts are the versions the helper writes in turn: sizes differ, so
// a torn file cannot pass for one of them.
func killTexts() []string {
	return []string{
		strings.Repeat("version one, a long line of text\n", 60_000),
		strings.Repeat("v2\n", 200_000),
		strings.Repeat("version three is the longest of all of them\n", 70_000),
	}
}

// TestInPlaceKillHelper is TestInPlaceKill's child: it writes the
// hard-linked file in place, version after version, until it is killed.
func TestInPlaceKillHelper(t *testing.T) {
	dir := os.Getenv(inPlaceKillEnv)
	if dir == "" {
		t.Skip("helper process for TestInPlaceKill")
	}
	texts := killTexts()
	fmt.Println("started")
	for i := 1; ; i++ {
		if _, err := Save(filepath.Join(dir, "f"), buffer.FromString(texts[i%len(texts)]), SaveOptions{}); err != nil {
			fmt.Println("error:", err)
			return
		}
	}
}

// TestInPlaceKill SIGKILLs a process at random instants while it writes a
// hard-linked file in place: after every kill the file holds one complete
// version, or CleanTemps reports the complete old copy (and the complete
// new text); CleanTemps removes every other temporary file.
func TestInPlaceKill(t *testing.T) {
	if os.Getenv(inPlaceKillEnv) != "" {
		t.Skip("inside the helper")
	}
	kills := 40
	if testing.Short() || testkit.RaceEnabled {
		kills = 10
	}
	dir := t.TempDir()
	texts := killTexts()
	p := writeFile(t, dir, "f", texts[0], 0o644)
	os.Link(p, filepath.Join(dir, "g"))
	isVersion := func(s string) bool {
		for _, v := range texts {
			if s == v {
				return true
			}
		}
		return false
	}
	rng := rand.New(rand.NewPCG(3, 4))
	torn := 0
	for k := range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^TestInPlaceKillHelper$")
		cmd.Env = append(os.Environ(), inPlaceKillEnv+"="+dir)
		out, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewScanner(out)
		if !lines.Scan() || lines.Text() != "started" {
			t.Fatalf("helper did not start: %q", lines.Text())
		}
		time.Sleep(time.Duration(rng.IntN(60_000)) * time.Microsecond)
		cmd.Process.Kill()
		for lines.Scan() {
			if strings.HasPrefix(lines.Text(), "error:") {
				t.Fatalf("helper: %s", lines.Text())
			}
		}
		cmd.Wait()
		kept := CleanTemps(p)
		body := readString(t, p)
		switch {
		case len(kept) == 0:
			if !isVersion(body) {
				t.Fatalf("kill %d: the file holds %d bytes, no version, and nothing was kept", k, len(body))
			}
		case len(kept) == 1 && kept[0].File == p:
			torn++
			if !isVersion(readString(t, kept[0].Old)) || !isVersion(readString(t, kept[0].New)) {
				t.Fatalf("kill %d: a kept copy is incomplete", k)
			}
			// The user puts the old copy back, as the message suggests.
			if err := os.WriteFile(p, []byte(readString(t, kept[0].Old)), 0o644); err != nil {
				t.Fatal(err)
			}
			os.Remove(kept[0].Old)
			os.Remove(kept[0].New)
		default:
			t.Fatalf("kill %d: kept %+v", k, kept)
		}
		onlyFilesOrEmpty(t, dir, "f", "g")
		if st, _ := StatPath(p); st.Nlink != 2 {
			t.Fatalf("kill %d: %d links", k, st.Nlink)
		}
	}
	t.Logf("%d kills, %d left the file torn with both copies named", kills, torn)
}

// onlyFilesOrEmpty is onlyFiles, allowing empty temporary files (a kill
// right after a writer created one: CleanTemps leaves them a minute).
func onlyFilesOrEmpty(t *testing.T, dir string, names ...string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if fi, _ := e.Info(); isTemp(e.Name()) && fi.Size() == 0 {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
	onlyFiles(t, dir, names...)
}

// TestCleanTemps: stale temporary files of killed writes are removed,
// except an old copy that is the only complete version of its file; files
// in use (locked), of other users, or not named like ours are untouched.
func TestCleanTemps(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "f.txt", "current\n", 0o644)
	put := func(name, body string) string { return writeFile(t, dir, name, body, 0o600) }
	// A killed rename write: the new text, alone.
	put(".f.txt.0000000a.kjx~", "half of a new te")
	// Empty: perhaps an instant from being locked by its writer.
	empty := put(".f.txt.00000012.kjx~", "")
	// Killed before the in-place write began: the file equals the old copy.
	put(".f.txt.0000000b.kjx~", "whatever\n")
	put(".f.txt.0000000b.kjx-old~", "current\n")
	// Killed after it ended: the file equals the new text.
	put(".f.txt.0000000c.kjx~", "current\n")
	put(".f.txt.0000000c.kjx-old~", "older\n")
	// Killed in the middle: the file is neither.
	torn := writeFile(t, dir, "torn", "NEWnt\n", 0o644)
	put(".torn.0000000d.kjx~", "NEW\n")
	tornOld := put(".torn.0000000d.kjx-old~", "current\n")
	tornNew := filepath.Join(dir, ".torn.0000000d.kjx~")
	// An old copy whose file is gone: the only copy left.
	goneOld := put(".gone.0000000e.kjx-old~", "the only copy\n")
	// In use: locked by a live writer (this process, another descriptor).
	busy := put(".f.txt.0000000f.kjx~", "being written")
	bf, _ := os.Open(busy)
	defer bf.Close()
	if err := syscall.Flock(int(bf.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	// Not ours: another user's, and names that only look alike.
	foreign := put(".f.txt.00000010.kjx~", "someone else's")
	if err := os.Chown(foreign, 4242, 4242); err != nil {
		t.Skipf("chown (needs root): %v", err)
	}
	put(".f.txt.XYZ.kjx~", "not ours")
	put(".f.txt.0000001.kjx~", "not ours")
	put("f.txt.00000011.kjx~", "not ours")

	kept := CleanTemps(p)
	want := map[string]Interrupted{
		torn:                       {File: torn, Old: tornOld, New: tornNew},
		filepath.Join(dir, "gone"): {File: filepath.Join(dir, "gone"), Old: goneOld},
	}
	if len(kept) != len(want) {
		t.Fatalf("kept %+v", kept)
	}
	for _, k := range kept {
		if want[k.File] != k {
			t.Errorf("kept %+v, want %+v", k, want[k.File])
		}
	}
	onlyFiles(t, dir, ".f.txt.0000000f.kjx~", ".f.txt.0000001.kjx~", ".f.txt.00000010.kjx~", ".f.txt.00000012.kjx~", ".f.txt.XYZ.kjx~",
		".gone.0000000e.kjx-old~", ".torn.0000000d.kjx-old~", ".torn.0000000d.kjx~", "f.txt", "f.txt.00000011.kjx~", "torn")
	if readString(t, p) != "current\n" {
		t.Fatal("the file changed")
	}
	// The directory changed long after the empty file was made: it goes.
	later := time.Now().Add(2 * emptyGrace)
	if err := os.Chtimes(dir, later, later); err != nil {
		t.Fatal(err)
	}
	CleanTemps(p)
	if _, err := os.Lstat(empty); err == nil {
		t.Fatal("an old empty temporary file was kept")
	}
}

// TestCreateTempRacesCleanup: CleanTemps running all the time in another
// goroutine never removes a temporary file its writer holds: every file
// createTemp returns is still there, under its name, when written.
func TestCreateTempRacesCleanup(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "f", "x", 0o644)
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
				CleanTemps(p)
			}
		}
	}()
	n := 300
	if testkit.RaceEnabled {
		n = 60
	}
	for range n {
		name, f, err := createTemp(osFS{}, dir, "f", 0o600)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte("data")); err != nil {
			t.Fatal(err)
		}
		fi, err1 := os.Lstat(name)
		mine, err2 := f.Stat()
		if err1 != nil || err2 != nil || !os.SameFile(fi, mine) {
			t.Fatalf("the temporary file was removed under its writer: %v %v", err1, err2)
		}
		os.Remove(name)
		f.Close()
	}
	close(stop)
	<-done
}

// TestSaveLeavesNoLock: after Save, the file itself is not locked (the
// rename moved the temporary file's inode, lock and all, into place; the
// lock is released at close).
func TestSaveLeavesNoLock(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "f", "old\n", 0o644)
	if _, err := Save(p, buffer.FromString("new"), SaveOptions{EOL: true}); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatalf("the saved file is still locked: %v", err)
	}
	if errors.Is(err, syscall.EWOULDBLOCK) {
		t.Fatal("locked")
	}
}
