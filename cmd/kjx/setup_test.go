package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// TestLongFreshCloneLint is the README's promise that a clone needs nothing
// but Go: the tracked files, copied into a new directory, pass `make lint`
// (gofmt, vet, staticcheck) with an empty HOME and an empty GOPATH, so no
// tool can come from $GOPATH/bin. staticcheck must come from go.mod's tool
// lines. Only caches are shared: the build cache, the module cache and
// staticcheck's analysis cache hold no runnable tool; they spare the test
// recompiling every dependency and staticcheck itself from a new module
// path (two minutes). That the modules download from the proxy into an
// empty HOME is what CI's own `make lint` shows: it runs first, in a clean
// clone with an empty HOME (.ci/run). It runs in `make long`, not under the
// race detector.
func TestLongFreshCloneLint(t *testing.T) {
	if testkit.RaceEnabled || testing.Short() {
		t.Skip("runs in make long: a build, not a test of racy code")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is not installed")
	}
	root := moduleRoot(t)
	clone := t.TempDir()
	copyTracked(t, root, clone)
	home := t.TempDir()
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatalf("go env GOCACHE: %v", err)
	}
	gomodcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatalf("go env GOMODCACHE: %v", err)
	}
	userCache, err := os.UserCacheDir()
	if err != nil {
		t.Fatalf("the user's cache directory (staticcheck's cache is kept there): %v", err)
	}
	cmd := exec.Command("make", "lint")
	cmd.Dir = clone
	cmd.Env = append(cleanEnv(),
		"HOME="+home,
		"GOPATH="+filepath.Join(home, "go"),
		"GOCACHE="+strings.TrimSpace(string(gocache)),
		"GOMODCACHE="+strings.TrimSpace(string(gomodcache)),
		"XDG_CACHE_HOME="+userCache,
	)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("make lint in a fresh clone with an empty HOME and GOPATH: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(home, "go", "bin", "staticcheck")); err == nil {
		t.Fatalf("make lint installed staticcheck into $GOPATH/bin; it must run it with go tool")
	}
}

// cleanEnv is the environment without the variables that would point the
// build at this machine's GOPATH or HOME.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "HOME", "GOPATH", "GOMODCACHE", "GOCACHE", "GOBIN", "GOFLAGS", "XDG_CACHE_HOME", "XDG_CONFIG_HOME":
			continue
		}
		env = append(env, kv)
	}
	return env
}

// copyTracked copies the files git tracks (with their working-tree
// contents) from root into dst, as a clone of this tree would have them.
func copyTracked(t *testing.T, root, dst string) {
	t.Helper()
	ls := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	ls.Dir = root
	out, err := ls.Output()
	if err != nil {
		t.Skipf("not a git checkout (git ls-files: %v)", err)
	}
	for _, rel := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		src := filepath.Join(root, rel)
		info, err := os.Lstat(src)
		if err != nil || !info.Mode().IsRegular() {
			continue // deleted in the working tree, or not a regular file
		}
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		target := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(target, data, info.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
}
