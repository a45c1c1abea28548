package workspace

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/kjx-editor/kjx/undofile/store"
)

const crashEnv = "KJX_WORKSPACE_CRASH_DIR"

// crashText is the text the helper stores for file f at step n: a few KB,
// so a kill can land inside a blob write.
func crashText(f, n int) string {
	return strings.Repeat(fmt.Sprintf("file %d, step %d\n", f, n), 200+n%50)
}

// TestCrashHelper is the child process of TestCrashSafety: it stores
// texts and commits checkpoints in a loop, as a session's worker does,
// until it is killed.
func TestCrashHelper(t *testing.T) {
	dir := os.Getenv(crashEnv)
	if dir == "" {
		t.Skip("helper process for TestCrashSafety")
	}
	l, err := Open(Options{Dir: dir, Root: testRoot})
	if err != nil {
		fmt.Println("open:", err)
		return
	}
	st := store.New(filepath.Join(dir, BlobsDir), store.Options{})
	fmt.Println("started")
	for n := 0; ; n++ {
		rec := Record{Time: t0.Add(time.Duration(n) * time.Second), Label: "write"}
		var cs []Content
		for f := range 3 {
			p := fmt.Sprintf("f%d.txt", (n+f)%7)
			text := crashText((n+f)%7, n)
			rec.Files = append(rec.Files, Entry{Path: p, Seq: n, Exists: true})
			cs = append(cs, Content{Path: p, Store: true, Write: func(w ioWriter) error {
				_, err := w.Write([]byte(text))
				return err
			}})
		}
		if err := Prepare(st, &rec, cs); err != nil {
			fmt.Println("prepare:", err)
			return
		}
		if _, err := l.Commit(rec); err != nil {
			fmt.Println("commit:", err)
			return
		}
		if err := l.Sync(); err != nil {
			fmt.Println("sync:", err)
			return
		}
		fmt.Println("committed")
	}
}

// TestCrashSafety SIGKILLs a process that is storing texts and appending
// checkpoints, at random moments: after every kill the log reads with at
// most one problem (an interrupted last record), every checkpoint it
// lists is complete, every text those checkpoints stored reads back
// intact, the next process appends after a cut-off torn end, and
// maintenance removes the temporary files of killed writers.
func TestCrashSafety(t *testing.T) {
	if os.Getenv(crashEnv) != "" {
		t.Skip("inside the helper")
	}
	if testing.Short() {
		t.Skip("spawns processes; skipped with -short")
	}
	kills, window := 25, 40_000 // µs after start-up to kill within
	if testkit.RaceEnabled {
		kills, window = 6, 200_000
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(5, 8))
	torn := 0
	for k := range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelper$")
		cmd.Env = append(os.Environ(), crashEnv+"="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string, 1)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				select {
				case lines <- sc.Text():
				default:
				}
			}
			close(lines)
		}()
		if !waitFor(lines, "committed", time.Minute) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("helper %d never committed", k)
		}
		time.Sleep(time.Duration(rng.IntN(window)) * time.Microsecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		torn += checkAfterCrash(t, k, dir)
	}
	l, err := Open(Options{Dir: dir, Root: testRoot})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	st := store.New(filepath.Join(dir, BlobsDir), store.Options{})
	temps := countTemps(dir)
	if _, err := l.Maintain(st, Policy{}, t0); err != nil {
		t.Fatal(err)
	}
	if n := countTemps(dir); n != 0 {
		t.Errorf("%d temporary files of killed writers survived maintenance", n)
	}
	t.Logf("%d kills: %d left an interrupted last record, %d a temporary file (killed mid-write)", kills, torn, temps)
}

// checkAfterCrash verifies the log and the store after kill k and
// reports whether the log's last record was interrupted.
func checkAfterCrash(t *testing.T, k int, dir string) int {
	t.Helper()
	l, err := Open(Options{Dir: dir, Root: testRoot})
	if err != nil {
		t.Fatalf("kill %d: %v", k, err)
	}
	defer l.Close()
	st := store.New(filepath.Join(dir, BlobsDir), store.Options{})
	p := l.Problems()
	if len(p) > 1 || len(p) == 1 && !strings.Contains(p[0], "interrupted write") {
		t.Fatalf("kill %d: problems %q", k, p)
	}
	for i, s := range l.List() {
		if s.Number != i+1 || s.Lost != 0 {
			t.Fatalf("kill %d: checkpoint %+v at %d", k, s, i)
		}
	}
	if c, ok := l.Latest(); ok {
		for _, e := range c.Files {
			text, err := st.Get(store.Hash(e.Disk.Hash))
			if err != nil || len(text) != int(e.Disk.Size) {
				t.Fatalf("kill %d: %s's text: %v", k, e.Path, err)
			}
		}
	}
	return len(p)
}

func waitFor(lines <-chan string, want string, timeout time.Duration) bool {
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				return false
			}
			if l == want {
				return true
			}
		case <-deadline:
			return false
		}
	}
}

// countTemps counts the temporary files of crash-safe writes below dir.
func countTemps(dir string) int {
	n := 0
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasPrefix(d.Name(), ".kjxws-tmp-") {
			n++
		}
		return nil
	})
	return n
}
