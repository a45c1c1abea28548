package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// The undo panel's tools (issue #15) in tmux, as a person uses them: the
// search, mark-and-compare, the live preview and its Esc, the hunk
// revert and u, :undograb of text deleted hours and hundreds of states
// ago.

// startTmux runs bin with args in directory dir in a private tmux server
// of 100×30 (the diff pane below the panel), with env added to the
// environment.
func startTmux(t *testing.T, name, bin, dir string, env []string, args ...string) *tmuxSession {
	t.Helper()
	s := &tmuxSession{t: t, socket: "kjx-" + name + "-" + strconv.Itoa(os.Getpid())}
	cmd := "env TERM=xterm-256color " + strings.Join(env, " ") + " " + bin + " " + strings.Join(args, " ") + "; sleep 30"
	s.tmux("-f", "/dev/null", "new-session", "-d", "-s", "kjx", "-c", dir, "-x", "100", "-y", "30", cmd)
	t.Cleanup(func() { testkit.StopTmux(s.socket) })
	return s
}

// textSide returns the text window's part of each screen row when the
// panel is open on the left, and the status line.
func textSide(scr string) (text []string, status string) {
	for _, row := range strings.Split(scr, "\n") {
		if _, right, ok := strings.Cut(row, "│"); ok {
			text = append(text, right)
		}
		if strings.Contains(row, "NORMAL") {
			status = row
		}
	}
	return text, status
}

// edit types text in Insert mode from a Normal-mode command and waits
// for state seq.
func (s *tmuxSession) edit(cmd, text string, seq int) {
	s.t.Helper()
	s.sendText(cmd + text)
	s.send("Escape")
	want := "#" + strconv.Itoa(seq) + "/"
	s.waitFor("state "+strconv.Itoa(seq), func(scr string) bool {
		return strings.Contains(scr, want) && !strings.Contains(scr, "-- INSERT --")
	})
}

func TestEndToEndPanelToolsTmux(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test: skipped with -short")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	bin := kjxBin.Path(t)
	t.Run("search_and_compare", func(t *testing.T) { e2ePanelSearchCompare(t, bin) })
	t.Run("live_preview_esc", func(t *testing.T) { e2ePanelLiveEsc(t, bin) })
	t.Run("hunk_revert_undo", func(t *testing.T) { e2ePanelHunkRevert(t, bin) })
	t.Run("undograb", func(t *testing.T) { e2eUndograb(t, bin) })
}

// e2ePanelSearchCompare: /fox finds the two states that added a fox, n
// goes to the other; m marks one and the preview compares it with the
// selection.
func e2ePanelSearchCompare(t *testing.T, bin string) {
	file := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(file, []byte("alpha\nbeta\ngamma\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startTmux(t, "search", bin, filepath.Dir(file), nil, "--clean", filepath.Base(file))
	s.waitText("alpha")
	s.edit("ggO", "fox one", 1)
	s.edit("Go", "bear", 2)
	s.edit("ggO", "fox two", 3)
	s.send("F5")
	s.waitText("Undo tree")
	s.sendText("/fox")
	s.send("Enter")
	// From the newest row down: #1 is the first match, the second on screen.
	s.waitFor("the first match selected", func(scr string) bool {
		return strings.Contains(scr, "/fox 2/2") && strings.Contains(scr, " #1 ")
	})
	s.send("n") // wraps around to #3 at the top
	s.waitFor("the next match", func(scr string) bool {
		return strings.Contains(scr, "/fox 1/2") && strings.Contains(scr, " #3 ")
	})
	// Mark #3, select #1: the preview is the diff from #3 to #1.
	s.send("m")
	s.waitText("p: diff vs mark")
	s.send("N")
	scr := s.waitFor("the diff from #3 to #1", func(scr string) bool {
		return strings.Contains(scr, "#3 → #1") && strings.Contains(scr, "@@")
	})
	for _, want := range []string{"-fox two", "-bear", " fox one"} {
		if !strings.Contains(scr, want) {
			t.Fatalf("the compare pane lacks %q:\n%s", want, scr)
		}
	}
	if strings.Contains(scr, "+fox one") || strings.Contains(scr, "-alpha") {
		t.Fatalf("unchanged lines shown as changed:\n%s", scr)
	}
}

// e2ePanelLiveEsc: P shows older states in the text window while the
// selection moves; Esc puts back exactly what was there (text, cursor,
// state, modified), and the tree never moved: u still undoes the last
// edit, and :w writes the text of before.
func e2ePanelLiveEsc(t *testing.T, bin string) {
	file := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(file, []byte("one\ntwo\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startTmux(t, "live", bin, filepath.Dir(file), nil, "--clean", filepath.Base(file))
	s.waitText("three")
	s.edit("Go", "four", 1)
	s.edit("ggA", "!", 2)
	s.edit("2GI", "> ", 3)
	s.sendText("3G2l")
	s.waitText("3,3")
	s.send("F5")
	before := s.waitText("Undo tree")
	beforeText, beforeStatus := textSide(before)
	if !strings.Contains(beforeStatus, "[+]") || !strings.Contains(beforeStatus, "#3/3") {
		t.Fatalf("status before browsing: %q", beforeStatus)
	}
	s.send("P", "j", "j")
	scr := s.waitText("[preview #1]")
	if text, _ := textSide(scr); strings.TrimSpace(text[0]) != "one" || strings.TrimSpace(text[3]) != "four" {
		t.Fatalf("the preview of #1 shows:\n%s", scr)
	}
	s.send("G")
	s.waitFor("the original text", func(scr string) bool {
		text, _ := textSide(scr)
		return strings.Contains(scr, "[preview #0]") && strings.HasPrefix(text[3], "~")
	})
	s.send("Escape")
	after := s.waitFor("the preview gone", func(scr string) bool { return !strings.Contains(scr, "[preview") })
	afterText, afterStatus := textSide(after)
	if strings.Join(afterText, "\n") != strings.Join(beforeText, "\n") || afterStatus != beforeStatus {
		t.Fatalf("Esc did not restore the screen:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	// The panel is still open; close it, undo once: #2's text.
	s.send("q")
	s.waitFor("panel closed", func(scr string) bool { return !strings.Contains(scr, "Undo tree") })
	s.send("u")
	s.waitFor("undone to #2", func(scr string) bool { return strings.Contains(scr, "#2/3") && strings.HasPrefix(scr, "one!\ntwo\n") })
	s.send("C-r")
	s.waitFor("redone", func(scr string) bool { return strings.Contains(scr, "#3/3") })
	s.sendText(":w")
	s.send("Enter")
	waitFile(t, s, file, "one!\n> two\nthree\nfour\n")
}

// e2ePanelHunkRevert: r on #1 offers the two hunks of the diff from the
// current text; n Enter takes the second back into the text as a new
// state; u in the panel undoes it.
func e2ePanelHunkRevert(t *testing.T, bin string) {
	file := filepath.Join(t.TempDir(), "letters.txt")
	if err := os.WriteFile(file, []byte("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startTmux(t, "hunk", bin, filepath.Dir(file), nil, "--clean", filepath.Base(file))
	s.waitText("letters.txt")
	for i, cmd := range []string{"ggrA", "GrJ", "ggrX"} {
		s.sendText(cmd)
		s.waitText("#" + strconv.Itoa(i+1) + "/")
	}
	s.send("F5")
	s.waitText("Undo tree")
	s.send("j", "j") // #1: A at the top, j at the end
	s.waitText("#3 → #1")
	s.send("r")
	s.waitText("r: hunk 1/2")
	s.send("n")
	s.waitText("r: hunk 2/2")
	s.send("Enter")
	scr := s.waitText("reverted a hunk from #1")
	text, status := textSide(scr)
	if strings.TrimSpace(text[0]) != "X" || strings.TrimSpace(text[9]) != "j" || !strings.Contains(status, "#4/4") {
		t.Fatalf("after the revert:\n%s", scr)
	}
	if !strings.Contains(scr, "restore") {
		t.Fatalf("the new state is not labelled restore:\n%s", scr)
	}
	s.send("u")
	scr = s.waitText("#3/4")
	if text, _ := textSide(scr); strings.TrimSpace(text[0]) != "X" || strings.TrimSpace(text[9]) != "J" {
		t.Fatalf("u did not take the hunk back:\n%s", scr)
	}
}

// e2eUndograb: a function deleted three hours and 500 states ago (made
// headless on a virtual clock, kept in the undo file) comes back with
// :undograb in a later interactive session, without moving the tree.
func e2eUndograb(t *testing.T, bin string) {
	home := t.TempDir()
	work := filepath.Join(home, "work")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	env := []string{"HOME=" + home, "XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "TZ=UTC"}
	file := filepath.Join(work, "main.go")
	if err := os.WriteFile(file, []byte("package main\n\nfunc keep() {}\n\nfunc lost() {\n\treturn\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script := []string{"normal! 5G3dd", "sleep 10800"}
	for i := 0; i < 250; i++ {
		script = append(script, "normal! ggix", "normal! ggx")
	}
	script = append(script, "w")
	scriptFile := filepath.Join(home, "script")
	if err := os.WriteFile(scriptFile, []byte(strings.Join(script, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	epoch := time.Now().Add(-4 * time.Hour).Unix()
	cmd := exec.Command(bin, "--headless", "--clock", strconv.FormatInt(epoch, 10), "-S", scriptFile, file)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH")}, env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("making the history: %v\n%s", err, out)
	}
	s := startTmux(t, "grab", bin, filepath.Dir(file), env, filepath.Base(file))
	s.waitText("func keep")
	s.waitText("#501/501")
	s.sendText(":undograb a /func lost/")
	s.send("Enter")
	scr := s.waitText(`3 lines yanked into "a from #0, taken out by #1`)
	if !strings.Contains(scr, "#501/501") {
		t.Fatalf(":undograb moved the tree:\n%s", scr)
	}
	s.sendText(`G"ap`)
	s.waitText("func lost() {")
	s.sendText(":undograb")
	s.send("Enter")
	s.waitText("state  removed")
}

// waitFile waits until file holds want.
func waitFile(t *testing.T, s *tmuxSession, file, want string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		got, err := os.ReadFile(file)
		if err == nil && string(got) == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("file on disk is %q, want %q\nscreen:\n%s", got, want, s.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
}
