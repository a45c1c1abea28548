package session

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/editor/clock"
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
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", prog, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// rewriteScript rewrites f.txt n times, version i holding i lines (so every
// version has its own size), sleeping between writes (as the core's
// TestScenarioRewriteBurst does).
func rewriteScript(n int, pause string) string {
	return fmt.Sprintf(`i=1; while [ $i -le %d ]; do j=0; : > f.tmp; while [ $j -lt $i ]; do echo "v$i" >> f.tmp; j=$((j+1)); done; mv f.tmp f.txt; i=$((i+1)); sleep %s; done`, n, pause)
}

// TestScenarioRewriteBurstWatched is the burst under Run with the real
// watcher and clock: the debounce folds the burst into a few reloads.
func TestScenarioRewriteBurstWatched(t *testing.T) {
	need(t, "sh")
	d := newDiskEnv(t, "f.txt", "start\n", clock.Real())
	if err := d.s.WatchFiles(30 * time.Millisecond); err != nil {
		t.Skipf("no file watching here: %v", err)
	}
	h := startRun(t, d.s)
	h.waitView("the first view", textIs("start"))
	runIn(t, d.dir, "sh", "-c", rewriteScript(100, "0.01"))
	d.reread()
	h.waitView("the last version", textIs(strings.TrimSuffix(string(d.want), "\n")))
	h.stop()
	_ = d.s.StopWatchingFiles()
	d.shown = append(d.shown, h.texts...)
	d.check()
	if n := d.e.Buffer().History().SeqLast(); n > 100 {
		t.Fatalf("%d undo nodes for 100 rewrites", n)
	}
}
