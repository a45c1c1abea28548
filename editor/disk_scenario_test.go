package editor

// Scenarios with real programs changing files under open buffers: git,
// gofmt, a shell script. Each checks the two promises (diskEnv.check):
// every text the editor showed stays in the undo tree, and no byte is
// written without the user asking. Headless steps check by stat, so these
// are deterministic; editor/session's TestScenarioRewriteBurstWatched runs
// the same burst under the real watcher.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/undo"
)

// need skips the test when a program is missing.
func need(t *testing.T, prog string) {
	t.Helper()
	if _, err := exec.LookPath(prog); err != nil {
		t.Skipf("needs %s: not on PATH", prog)
	}
}

// runIn runs a program in dir, isolated from the user's configuration.
func runIn(t *testing.T, dir string, prog string, args ...string) string {
	t.Helper()
	cmd := exec.Command(prog, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+dir, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=kjx", "GIT_AUTHOR_EMAIL=kjx@example.com",
		"GIT_COMMITTER_NAME=kjx", "GIT_COMMITTER_EMAIL=kjx@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", prog, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// gitRepo makes a repository with f.go at v1 on main and at v2 on branch
// feature, main checked out.
func gitRepo(t *testing.T, v1, v2 string) (dir, path string) {
	t.Helper()
	need(t, "git")
	dir = t.TempDir()
	path = filepath.Join(dir, "f.go")
	runIn(t, dir, "git", "init", "-q", "-b", "main")
	write := func(s string) {
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(v1)
	runIn(t, dir, "git", "add", "f.go")
	runIn(t, dir, "git", "commit", "-q", "-m", "v1")
	runIn(t, dir, "git", "checkout", "-q", "-b", "feature")
	write(v2)
	runIn(t, dir, "git", "commit", "-q", "-am", "v2")
	runIn(t, dir, "git", "checkout", "-q", "main")
	return dir, path
}

func numbered(n int, change map[int]string) string {
	var b strings.Builder
	for i := range n {
		s := fmt.Sprintf("line %d", i)
		if c, ok := change[i]; ok {
			s = c
		}
		b.WriteString(s + "\n")
	}
	return b.String()
}

func TestScenarioGitCheckout(t *testing.T) {
	v1 := numbered(200, nil)
	v2 := numbered(200, map[int]string{10: "ten", 150: "one fifty"})
	dir, path := gitRepo(t, v1, v2)
	d := openDiskEnv(t, dir, path)
	d.keys("100G")
	runIn(t, dir, "git", "checkout", "-q", "feature")
	d.reread()
	wantMsg(t, d.step(), "changed on disk: reloaded (u to undo)")
	if d.text()+"\n" != v2 || d.e.Cursor().Line != 99 {
		t.Fatalf("after checkout feature: text right %v, cursor %v", d.text()+"\n" == v2, d.e.Cursor())
	}
	n := d.lastNode()
	if n.Source != undo.SourceExternal || n.Added+n.Deleted > 40 {
		t.Fatalf("node %d: %v, %d bytes; want the two changed lines", n.Seq, n.Source, n.Added+n.Deleted)
	}
	runIn(t, dir, "git", "checkout", "-q", "main")
	d.reread()
	wantMsg(t, d.step(), "reloaded")
	if d.text()+"\n" != v1 {
		t.Fatal("after checkout main: not v1")
	}
	d.keys("u")
	if d.text()+"\n" != v2 {
		t.Fatal("u: not v2")
	}
	d.keys("u")
	if d.text()+"\n" != v1 {
		t.Fatal("uu: not v1")
	}
	d.check()

	// With changes of its own, the buffer is left alone.
	d.keys("<C-r><C-r>ggdd")
	mine := d.text()
	runIn(t, dir, "git", "checkout", "-q", "feature")
	d.reread()
	wantMsg(t, d.step(), "W12")
	if d.text() != mine {
		t.Fatal("the buffer changed under its own changes")
	}
	wantMsg(t, d.ex("w"), "not written")
	d.check()
}

func TestScenarioGitStash(t *testing.T) {
	v1 := numbered(30, nil)
	dir, path := gitRepo(t, v1, v1+"extra\n")
	d := openDiskEnv(t, dir, path)
	// An outside edit, stashed and popped: three reloads, all undoable.
	d.outside(numbered(30, map[int]string{5: "edited outside"}))
	wantMsg(t, d.step(), "reloaded")
	runIn(t, dir, "git", "stash", "-q")
	d.reread()
	wantMsg(t, d.step(), "reloaded")
	if d.text()+"\n" != v1 {
		t.Fatal("after git stash: not v1")
	}
	runIn(t, dir, "git", "stash", "pop", "-q")
	d.reread()
	wantMsg(t, d.step(), "reloaded")
	if !strings.Contains(d.text(), "edited outside") {
		t.Fatal("after git stash pop: the edit is not back")
	}
	d.keys("uuu")
	if d.text()+"\n" != v1 {
		t.Fatalf("uuu: %q", d.text())
	}
	d.check()

	// git stash under unsaved changes of the buffer: a warning, nothing lost.
	d.keys("<C-r><C-r><C-r>Gonew line<Esc>")
	mine := d.text()
	runIn(t, dir, "git", "stash", "-q")
	d.reread()
	wantMsg(t, d.step(), "W12")
	if d.text() != mine || d.e.buf().DiskState() != DiskChanged {
		t.Fatal("the buffer was touched by git stash")
	}
	d.check()
}

func TestScenarioGofmt(t *testing.T) {
	need(t, "gofmt")
	src := "package p\n\nfunc  f( a int )int{\nif a>0 {\nreturn a\n}\n  return -a\n}\n"
	d := newDiskEnv(t, "f.go", src)
	d.keys("/return a<CR>")
	runIn(t, d.dir, "gofmt", "-w", "f.go")
	d.reread()
	wantMsg(t, d.step(), "reloaded (u to undo)")
	if d.text()+"\n" != string(d.want) {
		t.Fatalf("buffer %q, file %q", d.text(), d.want)
	}
	if line := lineText(d.e.text(), d.e.Cursor().Line); !strings.Contains(line, "return a") {
		t.Fatalf("the cursor left its line: %q", line)
	}
	d.keys("u")
	if d.text()+"\n" != src {
		t.Fatal("u did not bring the unformatted text back")
	}
	d.check()
}

// rewriteScript rewrites f.txt n times, version i holding i lines (so every
// version has its own size), sleeping between writes.
func rewriteScript(n int, pause string) string {
	return fmt.Sprintf(`i=1; while [ $i -le %d ]; do j=0; : > f.tmp; while [ $j -lt $i ]; do echo "v$i" >> f.tmp; j=$((j+1)); done; mv f.tmp f.txt; i=$((i+1)); sleep %s; done`, n, pause)
}

func TestScenarioRewriteBurst(t *testing.T) {
	need(t, "sh")
	d := newDiskEnv(t, "f.txt", "start\n")
	cmd := exec.Command("sh", "-c", rewriteScript(100, "0.01"))
	cmd.Dir = d.dir
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for running := true; running; {
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("the script failed: %v", err)
			}
			running = false
		case <-time.After(7 * time.Millisecond):
		}
		d.step()
	}
	d.reread()
	d.step()
	if d.text()+"\n" != string(d.want) || d.e.buf().Modified() {
		t.Fatalf("after the burst: modified %v, buffer %q, file %q", d.e.buf().Modified(), d.text(), d.want)
	}
	d.check()
}

func TestScenarioShellDeleteRecreateRename(t *testing.T) {
	need(t, "sh")
	d := newDiskEnv(t, "f.txt", "one\n")
	runIn(t, d.dir, "sh", "-c", "rm f.txt")
	d.reread()
	wantMsg(t, d.step(), "was removed on disk")
	runIn(t, d.dir, "sh", "-c", "printf 'two\\n' > f.txt")
	d.reread()
	wantMsg(t, d.step(), "reloaded")
	runIn(t, d.dir, "sh", "-c", "printf 'three\\n' > g.txt && mv g.txt f.txt")
	d.reread()
	wantMsg(t, d.step(), "reloaded")
	if d.text() != "three" {
		t.Fatalf("text %q", d.text())
	}
	d.keys("uu")
	if d.text() != "one" {
		t.Fatalf("uu: %q", d.text())
	}
	d.check()
}
