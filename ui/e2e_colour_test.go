package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// fgSGR matches an SGR sequence that sets a foreground colour (tmux
// writes 30–37, 90–97 or 38;5;N / 38;2;R;G;B).
var fgSGR = regexp.MustCompile(`\x1b\[(?:[0-9]+;)*(?:3[0-7]|9[0-7]|38;[25];[0-9;]+)m`)

// TestEndToEndColourTmux opens a Go file in tmux and reads the screen
// with its escape sequences (capture-pane -e): the keyword on the first
// line carries a colour; with NO_COLOR=1 no text does.
func TestEndToEndColourTmux(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test: skipped with -short")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "kjx")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/kjx-editor/kjx/cmd/kjx").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	file := filepath.Join(dir, "main.go")
	if err := os.WriteFile(file, []byte("package main\n\nfunc main() {\n\treturn\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, env string
		coloured  bool
	}{
		{"colour", "", true},
		{"no_color", "NO_COLOR=1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &tmuxSession{t: t, socket: "kjx-colour-" + tc.name + "-" + filepath.Base(dir)}
			s.tmux("-f", "/dev/null", "new-session", "-d", "-s", "kjx", "-x", "80", "-y", "12",
				"env TERM=xterm-256color "+tc.env+" "+bin+" --clean "+file+"; sleep 30")
			t.Cleanup(func() { testkit.StopTmux(s.socket) })
			s.waitText("main.go")
			escaped := func() string { return s.tmux("capture-pane", "-e", "-p", "-t", "kjx") }
			firstLine := func(scr string) string {
				line, _, _ := strings.Cut(scr, "\n")
				return line
			}
			if tc.coloured {
				// The highlighter's result comes a moment after the text.
				s.waitFor("a coloured keyword", func(string) bool {
					line := firstLine(escaped())
					i := strings.Index(line, "package")
					return i > 0 && fgSGR.MatchString(line[:i])
				})
				return
			}
			s.waitText("func main")
			// Watch for a second: colours would come within milliseconds.
			for end := time.Now().Add(time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
				for _, line := range strings.Split(escaped(), "\n")[:5] {
					if fgSGR.MatchString(line) {
						t.Fatalf("NO_COLOR: the text carries a colour: %q", line)
					}
				}
			}
		})
	}
}
