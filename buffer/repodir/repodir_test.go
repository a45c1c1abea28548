package repodir

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRootFromSubdirectory finds the root from a nested directory and
// fails outside any repository.
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
}
