package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// TestVimCorpus replays the Vim-recorded undo scenarios through the built
// `kjx --headless` with the shared checker (../shared/vim-cases/check_kjx.py),
// strictly: text, cursor, seq/save counters, 'modified' and messages must
// match the real Vim after every step. It covers the shared corpus and kjx's
// own scenarios in testdata/undo_scenarios.json.
func TestVimCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kjx and runs ~100 scenarios: skipped with -short")
	}
	root := moduleRoot(t)
	shared, ok := testkit.Shared(filepath.Join("vim-cases", "check_kjx.py"))
	if !ok {
		t.Skip("needs ../shared/vim-cases/check_kjx.py: absent")
	}
	checker := filepath.Join(shared, "vim-cases", "check_kjx.py")
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("needs python3 to run the shared checker: not on PATH")
	}
	bin := kjxBin.Path(t)
	corpora := []string{
		filepath.Join(shared, "vim-cases", "undo_corpus.json"),
		filepath.Join(root, "cmd", "kjx", "testdata", "undo_scenarios.json"),
	}
	for _, corpus := range corpora {
		corpus := corpus
		t.Run(filepath.Base(corpus), func(t *testing.T) {
			cmd := exec.Command(python, checker, corpus, "--kjx", bin, "--strict", "-v", "--budget", "240")
			cmd.Dir = root
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s: kjx differs from Vim:\n%s", filepath.Base(corpus), tail(string(out), 80))
			}
			t.Log(lastLine(string(out)))
		})
	}
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func lastLine(s string) string { return tail(s, 1) }
