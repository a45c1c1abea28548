package testkit

import (
	"os"
	"os/exec"
	"strings"
	"time"
)

// StopTmux ends the private tmux server on socket and waits (up to five
// seconds) until the processes of its pane have exited: kjx writes its
// last state on SIGHUP before it exits, and a test's temporary directory
// must be removed after that, not while kjx still writes into it.
func StopTmux(socket string) {
	procs := paneProcesses(socket)
	_ = exec.Command("tmux", "-L", socket, "kill-server").Run()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		alive := false
		for _, pid := range procs {
			if _, err := os.Stat("/proc/" + pid); err == nil {
				alive = true
			}
		}
		if !alive {
			return
		}
	}
}

// paneProcesses are the process ids of the panes' shells and their
// children (none where /proc is missing).
func paneProcesses(socket string) []string {
	out, err := exec.Command("tmux", "-L", socket, "list-panes", "-a", "-F", "#{pane_pid}").Output()
	if err != nil {
		return nil
	}
	var procs []string
	for _, sh := range strings.Fields(string(out)) {
		procs = append(procs, sh)
		if kids, err := os.ReadFile("/proc/" + sh + "/task/" + sh + "/children"); err == nil {
			procs = append(procs, strings.Fields(string(kids))...)
		}
	}
	return procs
}
