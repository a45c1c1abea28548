package main

// Scenarios at the edges of a session (issue #12): real kjx processes on
// real files, each ending, where it makes sense, with every state kjx
// once showed still reachable and the user's file complete.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
)

// edgeWorld is a built kjx, a home directory with its XDG directories,
// and a working directory for the files.
type edgeWorld struct {
	t                    *testing.T
	bin, home, dir, udir string
	env                  []string
	lastOut              string // stdout of the last run
}

func newEdgeWorld(t *testing.T, bin string) *edgeWorld {
	t.Helper()
	home := t.TempDir()
	w := &edgeWorld{t: t, bin: bin, home: home, dir: filepath.Join(home, "work"), udir: filepath.Join(home, "data", "kjx", "undo")}
	if err := os.Mkdir(w.dir, 0o755); err != nil {
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

// edgeSnap is the part of a headless JSON snapshot the scenarios read.
type edgeSnap struct {
	Lines    []string `json:"lines"`
	SeqCur   int      `json:"seq_cur"`
	SeqLast  int      `json:"seq_last"`
	Modified bool     `json:"modified"`
	Messages []string `json:"messages"`
	Output   []string `json:"output"`
	// OpenMessages are the first step's messages of the open.
	OpenMessages []string `json:"open_messages"`
}

// kjx runs the binary with args in w.dir (at most two minutes) and returns
// its exit status, its JSON snapshots and its stderr.
func (w *edgeWorld) kjx(args ...string) (int, []edgeSnap, string) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, w.bin, args...)
	cmd.Env, cmd.Dir = w.env, w.dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		w.t.Fatalf("kjx %q did not end within two minutes", args)
	}
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		w.t.Fatalf("kjx %q: %v", args, err)
	}
	w.lastOut = out.String()
	var snaps []edgeSnap
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if strings.HasPrefix(line, "{") {
			var s edgeSnap
			if err := json.Unmarshal([]byte(line), &s); err != nil {
				w.t.Fatalf("kjx %q: bad JSON %q: %v", args, line, err)
			}
			snaps = append(snaps, s)
		}
	}
	return code, snaps, errb.String()
}

// ok runs kjx --headless --json with args and fails unless it exits 0.
func (w *edgeWorld) ok(args ...string) []edgeSnap {
	w.t.Helper()
	code, snaps, stderr := w.kjx(append([]string{"--headless", "--json"}, args...)...)
	if code != 0 {
		w.t.Fatalf("kjx %q: exit %d, stderr %q, last %+v", args, code, stderr, snaps)
	}
	return snaps
}

func (w *edgeWorld) write(name, body string) string {
	w.t.Helper()
	p := filepath.Join(w.dir, name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		w.t.Fatal(err)
	}
	return p
}

func (w *edgeWorld) read(p string) string {
	w.t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		w.t.Fatal(err)
	}
	return string(b)
}

// history makes the states of name, one kjx process per change, each
// written with :w, and returns the text of every state (index = seq).
func (w *edgeWorld) history(name string, adds ...string) []string {
	w.t.Helper()
	texts := []string{strings.TrimSuffix(w.read(filepath.Join(w.dir, name)), "\n")}
	for _, a := range adds {
		w.ok("-c", "normal! A"+a, "-c", "w", name)
		texts = append(texts, texts[len(texts)-1]+a)
	}
	return texts
}

// reachable checks, in a new process, that :undo N shows texts[N] for
// every state, and that the file on disk is complete (the last text).
func (w *edgeWorld) reachable(name string, texts []string) {
	w.t.Helper()
	var args []string
	for n := range texts {
		args = append(args, "-c", "undo "+strconv.Itoa(n))
	}
	snaps := w.ok(append(args, name)...)
	for n, s := range snaps {
		if got := strings.Join(s.Lines, "\n"); got != texts[n] {
			w.t.Errorf("%s: :undo %d shows %q, want %q", name, n, got, texts[n])
		}
	}
	if got := w.read(filepath.Join(w.dir, name)); got != texts[len(texts)-1]+"\n" {
		w.t.Errorf("%s on disk: %q, want %q", name, got, texts[len(texts)-1]+"\n")
	}
}

// undoFiles returns the names of the undo files of w (not the index).
func (w *edgeWorld) undoFiles() []string {
	ents, _ := os.ReadDir(w.udir)
	var out []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "%") {
			out = append(out, e.Name())
		}
	}
	return out
}

// TestEdges runs the scenarios of issue #12 that need no kill loop; see
// TestEdgeKills for those.
func TestEdges(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kjx and runs it: skipped with -short")
	}
	bin := kjxBin.Path(t)
	t.Run("branch switch: an absent file keeps its history", func(t *testing.T) { edgeBranchSwitch(t, newEdgeWorld(t, bin)) })
	t.Run("outside mv: the history is found by content", func(t *testing.T) { edgeOutsideMove(t, newEdgeWorld(t, bin)) })
	t.Run("retention by last use", func(t *testing.T) { edgeRetention(t, newEdgeWorld(t, bin)) })
	t.Run("hard link on a full tmpfs", func(t *testing.T) { edgeFullTmpfs(t, newEdgeWorld(t, bin)) })
	t.Run("only regular files", func(t *testing.T) { edgeNotFiles(t, newEdgeWorld(t, bin)) })
	t.Run("escape bytes never reach stderr", func(t *testing.T) { edgeEscapes(t, newEdgeWorld(t, bin)) })
}

// edgeBranchSwitch: a.txt has a history; it disappears (git checkout of a
// branch without it), kjx starts on another file (retention runs), a.txt
// comes back with the same bytes: its whole history is there.
func edgeBranchSwitch(t *testing.T, w *edgeWorld) {
	a := w.write("a.txt", "base\n")
	texts := w.history("a.txt", " one", " two", " three")
	saved := w.read(a)
	if err := os.Remove(a); err != nil {
		t.Fatal(err)
	}
	w.write("b.txt", "other\n")
	w.ok("-c", "normal! Ax", "-c", "w", "b.txt")
	if got := len(w.undoFiles()); got != 2 {
		t.Fatalf("after a start with a.txt absent: %d undo files, want a.txt's and b.txt's", got)
	}
	w.write("a.txt", saved)
	w.reachable("a.txt", texts)
}

// edgeOutsideMove: mv a.txt b.txt. b.txt has no history under its path;
// the content index finds a.txt's, whose every state is reachable from
// b.txt's bytes, and which retention keeps.
func edgeOutsideMove(t *testing.T, w *edgeWorld) {
	w.write("a.txt", "first\n")
	texts := w.history("a.txt", " 1", " 2")
	if err := os.Rename(filepath.Join(w.dir, "a.txt"), filepath.Join(w.dir, "b.txt")); err != nil {
		t.Fatal(err)
	}
	w.write("c.txt", "c\n")
	w.ok("-c", "normal! Ax", "-c", "w", "c.txt") // a start: retention runs
	data := []byte(w.read(filepath.Join(w.dir, "b.txt")))
	disk := undofile.HashBytes(data)
	hs, err := undofile.FindHistories(w.udir, disk)
	if err != nil || len(hs) != 1 || hs[0].Path != filepath.Join(w.dir, "a.txt") {
		t.Fatalf("FindHistories = %+v, %v; want a.txt's history", hs, err)
	}
	orphans, _ := undofile.Orphans(w.udir)
	if len(orphans) != 1 || orphans[0].Name != hs[0].Name {
		t.Fatalf("orphans %+v", orphans)
	}
	l, err := undofile.ReadFile(hs[0].Name, disk, undofile.Limits{})
	if err != nil || l.Changed {
		t.Fatalf("ReadFile: %+v, %v", l, err)
	}
	text := buffer.FromString(strings.TrimSuffix(string(data), "\n"))
	tree, err := undo.Restore(text, l.File.SavedSeq, l.File.Image, undo.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for n, want := range texts {
		if r := tree.Goto(n); r.Err != nil {
			t.Fatalf("undo %d: %v", n, r.Err)
		}
		if got := tree.Text().String(); got != want {
			t.Errorf("state %d: %q, want %q", n, got, want)
		}
	}
	if got := string(data); got != texts[len(texts)-1]+"\n" {
		t.Errorf("b.txt: %q", got)
	}
	// Opening b.txt attaches the history (one fits, its file is gone) and
	// says so; from then on it is b.txt's own.
	snaps := w.ok("-c", "undo 0", "b.txt")
	want := `history of "` + filepath.Join(w.dir, "a.txt") + `" attached (found by content)`
	if len(snaps) == 0 || !slices.Contains(snaps[0].OpenMessages, want) {
		t.Fatalf("open of b.txt: %+v, want %q", snaps, want)
	}
	w.reachable("b.txt", texts)
	// A copy whose original still exists is offered, not attached.
	w.write("copy.txt", w.read(filepath.Join(w.dir, "b.txt")))
	snaps = w.ok("-c", "undo 0", "copy.txt")
	if len(snaps[0].OpenMessages) != 1 || !strings.Contains(snaps[0].OpenMessages[0], ":rundo ") || strings.Join(snaps[0].Lines, "") != texts[len(texts)-1] {
		t.Errorf("open of a copy: %+v", snaps[0])
	}
}

// edgeRetention: a history not used for persist_days goes at the next
// start; one loaded since (a read-only look) counts as used and stays.
func edgeRetention(t *testing.T, w *edgeWorld) {
	w.write("old.txt", "o\n")
	w.write("looked.txt", "l\n")
	w.history("old.txt", "x")
	looked := w.history("looked.txt", "y")
	names := w.undoFiles()
	slices.Sort(names) // %…looked.txt, %…old.txt
	ago := time.Now().Add(-100 * 24 * time.Hour)
	for _, n := range names {
		if err := os.Chtimes(filepath.Join(w.udir, n), ago, ago); err != nil {
			t.Fatal(err)
		}
	}
	// A look at looked.txt through a process that changes nothing.
	if err := os.Chtimes(filepath.Join(w.udir, names[0]), ago.Add(20*24*time.Hour), ago.Add(20*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	w.ok("-c", "undo 0", "looked.txt")
	w.write("new.txt", "n\n")
	w.ok("-c", "normal! Az", "-c", "w", "new.txt") // a start: retention runs
	got := w.undoFiles()
	if len(got) != 2 || !slices.Contains(got, names[0]) || slices.Contains(got, names[1]) {
		t.Fatalf("undo files %q: want looked.txt's kept and old.txt's pruned", got)
	}
	w.reachable("looked.txt", looked)
}

// mountTmpfs mounts a tmpfs of size bytes on a new directory, or skips.
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

// edgeFullTmpfs: a hard-linked file on a full file system, :w and :w!.
// Each refusal says the file is unchanged and suggests no !, the file and
// its other link keep the old text, no temporary file is left; with room,
// :w writes it and keeps the link.
func edgeFullTmpfs(t *testing.T, w *edgeWorld) {
	w.dir = mountTmpfs(t, 4<<20)
	old := strings.Repeat("a line of the file that must survive\n", 28_000) // 1 MiB
	f := w.write("f.txt", old)
	if err := os.Link(f, filepath.Join(w.dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct{ filler, want string }{
		{strings.Repeat("x", 1536<<10), "E514: Write error (file system full?); the file on disk is unchanged"},
		{strings.Repeat("x", 700<<10), "E509: Cannot create backup file (file system full?); the file on disk is unchanged"},
	} {
		w.write("filler", step.filler)
		for _, cmd := range []string{"w", "w!"} {
			code, snaps, _ := w.kjx("--headless", "--clean", "--json", "--keys", "ggyGP", "-c", cmd, "f.txt")
			msgs := snaps[len(snaps)-1].Messages
			if code != 1 || len(msgs) != 1 || msgs[0] != `"f.txt" `+step.want {
				t.Fatalf(":%s with %d bytes free: exit %d, messages %q; want %q", cmd, 3<<20-len(step.filler)-len(old), code, msgs, step.want)
			}
			if strings.Contains(msgs[0], "!") {
				t.Errorf(":%s: %q suggests !", cmd, msgs[0])
			}
			if w.read(f) != old || w.read(filepath.Join(w.dir, "link.txt")) != old {
				t.Fatalf(":%s on a full disk changed the file", cmd)
			}
			ents, _ := os.ReadDir(w.dir)
			if len(ents) != 3 {
				t.Fatalf(":%s left files behind: %v", cmd, ents)
			}
		}
	}
	os.Remove(filepath.Join(w.dir, "filler"))
	w.ok("--clean", "--keys", "ggix<Esc>", "-c", "w", "f.txt")
	if w.read(filepath.Join(w.dir, "link.txt")) != "x"+old {
		t.Fatal("with room, the write did not reach the other link")
	}
}

// edgeNotFiles: /dev/zero, /dev/null and a directory get Vim's one line at
// once (interactive and headless); a FIFO is read, an endless one up to
// the bound, with a message.
func edgeNotFiles(t *testing.T, w *edgeWorld) {
	if err := os.Mkdir(filepath.Join(w.dir, "dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	for path, msg := range map[string]string{
		"/dev/zero": `kjx: "/dev/zero" is not a file`,
		"/dev/null": `kjx: "/dev/null" is not a file`,
		"dir":       `kjx: "dir" is a directory`,
	} {
		for _, mode := range [][]string{{"--headless"}, nil} {
			code, _, stderr := w.kjx(append(mode, path)...)
			if code != 1 || stderr != msg+"\n" {
				t.Errorf("kjx %q %s: exit %d, stderr %q; want 1 and %q", mode, path, code, stderr, msg)
			}
		}
	}
	fifo := filepath.Join(w.dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	go func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.Write([]byte("through\na pipe\n"))
			f.Close()
		}
	}()
	snaps := w.ok("--clean", "-c", "messages", "fifo")
	if got := snaps[0].Lines; !slices.Equal(got, []string{"through", "a pipe"}) || !slices.Contains(snaps[0].Output, `"fifo" [fifo] 2L, 15B`) {
		t.Errorf("fifo: %q, :messages %q", got, snaps[0].Output)
	}
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		yes := bytes.Repeat([]byte("y\n"), 1<<19)
		for {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := f.Write(yes); err != nil {
				return
			}
		}
	}()
	// Without --json: the snapshot would print the 64 MiB.
	code, _, stderr := w.kjx("--headless", "--clean", "-c", "messages", "fifo")
	if code != 0 || stderr != "" {
		t.Fatalf("endless fifo: exit %d, stderr %q", code, stderr)
	}
	out := w.lastOut
	if want := `"fifo" [fifo] [only the first 64 MiB read] 33554432L, 67108864B`; !strings.Contains(out, want) {
		t.Errorf("endless fifo: output %q, want %q", out, want)
	}
}

// edgeEscapes: a file name and arguments holding escape sequences are
// printed on stderr escaped as the screen shows them, in both modes.
func edgeEscapes(t *testing.T, w *edgeWorld) {
	pwned := "\x1b]0;PWNED\a"
	if err := os.Mkdir(filepath.Join(w.dir, pwned), 0o755); err != nil {
		t.Fatal(err)
	}
	w.write("reg", "x\n")
	for _, args := range [][]string{
		{pwned},               // a directory: cannot be opened
		{"--headless", pwned}, //
		{"reg/" + pwned},      // not a directory
		{"--headless", "reg/" + pwned + "\u202e"},
		{"--" + pwned}, // an unknown option
		{"--headless", "-c", "w", "--x\u202e\x9b31m"},
		{"--keys", pwned}, // a usage error
	} {
		code, _, stderr := w.kjx(args...)
		if code == 0 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("kjx %q: exit %d, stderr %q; want one line", args, code, stderr)
		}
		for i, r := range stderr {
			if r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 || r == 0x202e || r == 0xfffd {
				t.Errorf("kjx %q: stderr %q holds %U at %d", args, stderr, r, i)
				break
			}
		}
		if args[0] != "--keys" && !strings.Contains(stderr, "PWNED") && !strings.Contains(stderr, "--x") {
			t.Errorf("kjx %q: stderr %q does not name the argument", args, stderr)
		}
	}
	if _, _, stderr := w.kjx("--" + pwned); !strings.Contains(stderr, "^[]0;PWNED^G") {
		t.Errorf("unknown option: %q, want the screen's escapes", stderr)
	}
}
