package testkit

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// TestRaceEnabledMatchesBuild checks the build-tagged constant against the
// build settings the go command records in the test binary.
func TestRaceEnabledMatchesBuild(t *testing.T) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		t.Fatal("the test binary has no build information")
	}
	race := false
	for _, s := range info.Settings {
		if s.Key == "-race" {
			race = s.Value == "true"
		}
	}
	if RaceEnabled != race {
		t.Fatalf("RaceEnabled = %v, but the binary was built with -race=%v", RaceEnabled, race)
	}
}

// TestRootFromSubdirectory finds the root from a nested directory, the
// shared directory beside it, and fails outside any repository.
func TestRootFromSubdirectory(t *testing.T) {
	base := t.TempDir()
	repo := filepath.Join(base, "repo")
	deep := filepath.Join(repo, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(base, "shared", "traces"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(deep)
	root, err := Root()
	if err != nil || root != repo {
		t.Fatalf("Root() = %q, %v; want %q", root, err, repo)
	}
	if dir, ok := Shared("traces"); !ok || dir != filepath.Join(base, "shared") {
		t.Fatalf("Shared(traces) = %q, %v", dir, ok)
	}
	if _, ok := Shared("vim-cases"); ok {
		t.Fatal("Shared(vim-cases) found an entry that does not exist")
	}
	t.Chdir(base)
	if _, err := Root(); err == nil {
		t.Fatal("Root() outside a repository: no error")
	}
	if _, ok := Shared("traces"); ok {
		t.Fatal("Shared(traces) outside a repository: found")
	}
}

// TestBuildKJXIntoReportsFailure: a repository without cmd/kjx is an
// error naming the build, and no binary is left behind.
func TestBuildKJXIntoReportsFailure(t *testing.T) {
	repo := t.TempDir()
	if err := os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "kjx")
	err := BuildKJXInto(t.Context(), repo, out)
	if err == nil || !strings.Contains(err.Error(), "go build ./cmd/kjx") {
		t.Fatalf("BuildKJXInto without cmd/kjx: %v", err)
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("a failed build left a binary")
	}
}

// TestBuildKJX builds this repository's kjx and runs it.
func TestBuildKJX(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kjx: skipped with -short")
	}
	bin := BuildKJX(t)
	out, err := exec.Command(bin, "--version").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "kjx") {
		t.Fatalf("%s --version: %q, %v", bin, out, err)
	}
}
