package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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
	checker := filepath.Join(root, "..", "shared", "vim-cases", "check_kjx.py")
	if _, err := os.Stat(checker); err != nil {
		t.Skip("needs ../shared/vim-cases/check_kjx.py: absent")
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("needs python3 to run the shared checker: not on PATH")
	}
	bin := buildKJX(t, root)
	corpora := []string{
		filepath.Join(root, "..", "shared", "vim-cases", "undo_corpus.json"),
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

func buildKJX(t *testing.T, root string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "kjx")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/kjx")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/kjx: %v\n%s", err, out)
	}
	return bin
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func lastLine(s string) string { return tail(s, 1) }
