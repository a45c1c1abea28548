package undofile

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
)

const crashEnv = "KJX_UNDOFILE_CRASH_DIR"

// crashVersions are the histories the helper alternates between: sizes
// differ so a torn file could not pass for another version.
func crashVersions() []Job {
	var jobs []Job
	for i, n := range []int{3000, 1200, 5000} {
		j := job("/crash/file.txt", chainImage(n, fmt.Sprintf("v%d", i)))
		text := buffer.FromString(randomTextImage(50_000 + i*20_000).Nodes[0].Changes[0].New)
		j.Text = &text
		j.SavedSeq = n
		jobs = append(jobs, j)
	}
	return jobs
}

// TestCrashHelper is the child process of TestCrashSafety: it rewrites the
// undo file in a loop until it is killed.
func TestCrashHelper(t *testing.T) {
	dir := os.Getenv(crashEnv)
	if dir == "" {
		t.Skip("helper process for TestCrashSafety")
	}
	jobs := crashVersions()
	w := NewWriter(WriterOptions{Dir: dir})
	fmt.Println("started")
	for i := 0; ; i++ {
		w.Schedule(jobs[i%len(jobs)])
		w.Flush(context.Background())
		fmt.Println("wrote")
	}
}

// TestCrashSafety SIGKILLs a process that is rewriting an undo file, at
// random moments over many saves: the file must always decode to one of
// the versions written, never a torn mixture, and the temporary files of
// the killed writers are removed by the next writer.
func TestCrashSafety(t *testing.T) {
	if os.Getenv(crashEnv) != "" {
		t.Skip("inside the helper")
	}
	if testing.Short() {
		t.Skip("spawns processes; skipped with -short")
	}
	kills, window := 40, 60_000 // µs after start-up to kill within
	if testkit.RaceEnabled {
		kills, window = 8, 300_000 // the race detector slows writes down
	}
	dir := t.TempDir()
	valid := map[string]int{}
	for i, j := range crashVersions() {
		valid[fmt.Sprintf("v%d", i)] = len(j.Image().Nodes)
	}
	rng := rand.New(rand.NewPCG(41, 42))
	written, midWrite := false, 0
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
		go func() { // drain the helper's output so it never blocks on it
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				select {
				case lines <- sc.Text():
				default:
				}
			}
			close(lines)
		}()
		// The first helper must complete a write, so the file exists from
		// then on; later ones are killed at random, mostly mid-write.
		want := "started"
		if k == 0 {
			want = "wrote"
		}
		if !waitLine(lines, want, time.Minute) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("helper %d never said %q", k, want)
		}
		time.Sleep(time.Duration(rng.IntN(window)) * time.Microsecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		if ents, _ := os.ReadDir(dir); hasTemp(ents) {
			midWrite++
		}
		l, err := Read(dir, "/crash/file.txt", stateOf("/crash/file.txt"), Limits{})
		switch {
		case errors.Is(err, fs.ErrNotExist) && !written:
			continue // killed before its first write completed
		case err != nil:
			t.Fatalf("kill %d: undo file unreadable: %v", k, err)
		}
		written = true
		label := newestLabel(l.File)
		if n, ok := valid[label]; !ok || n != len(l.File.Image.Nodes) || l.File.Text == nil {
			t.Fatalf("kill %d: file is not one of the versions (newest %q, %d nodes)", k, label, len(l.File.Image.Nodes))
		}
	}
	removeStaleTemps(dir, time.Now())
	if ents, _ := os.ReadDir(dir); hasTemp(ents) {
		t.Fatal("temporary files of killed writers were not removed")
	}
	if !written {
		t.Fatal("no write ever completed")
	}
	t.Logf("%d kills, %d left a temporary file (killed mid-write)", kills, midWrite)
}

// waitLine waits until want arrives on lines.
func waitLine(lines <-chan string, want string, timeout time.Duration) bool {
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

func hasTemp(ents []os.DirEntry) bool {
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), tempPrefix) {
			return true
		}
	}
	return false
}
