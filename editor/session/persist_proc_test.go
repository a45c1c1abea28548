package session

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// TestPersistProcesses runs the real kjx binary: one process edits and
// exits (or is killed), the next one opens the same file. The environment
// points HOME and the XDG directories into a temporary directory, and
// --clean is not given, so undo files are on as for a user.
func TestPersistProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cmd/kjx and runs it: skipped with -short")
	}
	bin := testkit.BuildKJX(t)
	t.Run("write then undo", func(t *testing.T) {
		w := newProcWorld(t, bin, "abc\n")
		w.run(t, "-c", "normal! ihello", "-c", "w", "-c", "q", w.file)
		snaps := w.run(t, "--json", "--keys", "u", w.file)
		if got := snaps[len(snaps)-1].Lines; !slices.Equal(got, []string{"abc"}) {
			t.Errorf("u in a new process: %q, want [abc]", got)
		}
		dir := filepath.Join(w.home, "data", "kjx", "undo")
		if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
			t.Fatalf("undo directory %s: %v", dir, err)
		}
		ents, _ := os.ReadDir(dir)
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
			if fi, _ := e.Info(); fi.Mode().Perm() != 0o600 {
				t.Errorf("%s: mode %v, want 0600", e.Name(), fi.Mode().Perm())
			}
		}
		if len(names) != 2 || names[1] != ".kjx-index" {
			t.Fatalf("undo directory holds %q, want the content index and one undo file", names)
		}
	})
	t.Run("killed", func(t *testing.T) {
		w := newProcWorld(t, bin, "abc\n")
		fifo := filepath.Join(w.home, "fifo")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		// Six steps, then -s FIFO blocks in open(2) until killed. :sleep
		// on the virtual clock runs the save timer and waits for its write.
		w.kill(t, 6, "--clock", "1700000000", "--json", "-c", "normal! Aone", "-c", "w",
			"-c", "normal! Atwo", "-c", "normal! Athree", "-c", "sleep 10", "-c", "normal! Afour",
			"-s", fifo, w.file)
		snaps := w.run(t, "--json", "-c", "messages", "-c", "later 2", w.file)
		const want = "2 unsaved changes recovered: :later 2 or g+ to restore"
		if got := snaps[0].Lines; !slices.Equal(got, []string{"abcone"}) || snaps[0].SeqLast != 3 {
			t.Errorf("after the kill: %q, seq_last %d; want the file and changes 1-3 (4 was never written)", got, snaps[0].SeqLast)
		}
		if !slices.Contains(snaps[0].Output, want) {
			t.Errorf(":messages after the kill: %q, want %q", snaps[0].Output, want)
		}
		if got := snaps[1].Lines; !slices.Equal(got, []string{"abconetwothree"}) {
			t.Errorf(":later 2 gives %q, want the text at the timer write", got)
		}
	})
	t.Run("clean", func(t *testing.T) {
		w := newProcWorld(t, bin, "abc\n")
		w.run(t, "--clean", "-c", "normal! ihello", "-c", "w", w.file)
		dir := filepath.Join(w.home, "data", "kjx", "undo")
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Fatalf("--clean created %s (%v)", dir, err)
		}
		w.run(t, "--clean", "-c", "set undofile", "-c", "normal! Ax", "-c", "w", w.file)
		snaps := w.run(t, "--json", "--keys", "u", w.file)
		if got := snaps[0].Lines; !slices.Equal(got, []string{"helloabc"}) {
			t.Errorf("u after --clean -c 'set undofile': %q", got)
		}
	})
}

// procWorld is a home directory and a text file for kjx processes.
type procWorld struct {
	bin, home, file string
	env             []string
}

func newProcWorld(t *testing.T, bin, text string) *procWorld {
	home := t.TempDir()
	w := &procWorld{bin: bin, home: home, file: filepath.Join(home, "f.txt")}
	if err := os.WriteFile(w.file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "HOME=") && !strings.HasPrefix(kv, "XDG_") {
			w.env = append(w.env, kv)
		}
	}
	w.env = append(w.env, "HOME="+home, "XDG_DATA_HOME="+filepath.Join(home, "data"),
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "TZ=UTC")
	return w
}

// run runs kjx --headless with args to the end and returns its JSON
// snapshots (none without --json).
func (w *procWorld) run(t *testing.T, args ...string) []StepState {
	t.Helper()
	cmd := exec.Command(w.bin, append([]string{"--headless"}, args...)...)
	cmd.Env, cmd.Dir = w.env, w.home
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("kjx %q: %v\n%s%s", args, err, out, stderr)
	}
	return parseSnapshots(t, out)
}

// kill starts kjx --headless with args, waits for n JSON lines and kills
// it with SIGKILL.
func (w *procWorld) kill(t *testing.T, n int, args ...string) {
	t.Helper()
	cmd := exec.Command(w.bin, append([]string{"--headless"}, args...)...)
	cmd.Env, cmd.Dir = w.env, w.home
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	deadline := time.After(30 * time.Second)
	for got := 0; got < n; {
		select {
		case _, ok := <-lines:
			if !ok {
				_ = cmd.Wait()
				t.Fatalf("kjx exited after %d of %d steps", got, n)
			}
			got++
		case <-deadline:
			_ = cmd.Process.Kill()
			t.Fatalf("kjx printed %d of %d steps in 30 s", got, n)
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	for range lines {
	}
	if err := cmd.Wait(); err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("kjx was not killed: %v", err)
	}
}

func parseSnapshots(t *testing.T, out []byte) []StepState {
	t.Helper()
	var snaps []StepState
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if line == "" {
			continue
		}
		var s StepState
		if err := json.Unmarshal([]byte(line), &s); err != nil {
			t.Fatalf("bad JSON line %q: %v", line, err)
		}
		snaps = append(snaps, s)
	}
	return snaps
}
