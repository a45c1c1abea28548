package main

import (
	"strings"
	"testing"
)

// TestDemoFirstScreen: `make run` opens the demo in an 80-column
// terminal and the first screen shows the file, the history's place
// (#4 of 6 states) and the whole hint, with no hit-enter prompt.
func TestDemoFirstScreen(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kjx and runs it in tmux: skipped with -short")
	}
	if n := len([]rune(demoMessage)); n >= 80 {
		t.Fatalf("the demo's message is %d columns: it would ask for ENTER in an 80-column terminal", n)
	}
	w := newEdgeWorld(t, kjxBin.Path(t))
	term := w.startTerm("--demo")
	term.waitText("kjx demo:")
	screen := term.screen()
	for _, want := range []string{demoMessage, "#4/6", "func greet(name string) string"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the first screen lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "Press ENTER") {
		t.Errorf("the first screen asks for ENTER:\n%s", screen)
	}
	term.keys(":qa!", "Enter")
	if code := term.waitExit(); code != 0 {
		t.Errorf(":qa! exit status %d", code)
	}
}
