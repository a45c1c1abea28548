package workspace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/undofile"
)

func TestRoot(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mk := func(p string) string {
		p = filepath.Join(base, p)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	git := mk("git")
	mk("git/.git")
	gitSub := mk("git/a/b")
	hg := mk("git/hg")
	mk("git/hg/.hg")
	jjSub := mk("jj/x")
	mk("jj/.jj")
	wt := mk("worktree/src")
	if err := os.WriteFile(filepath.Join(base, "worktree", ".git"), []byte("gitdir: /elsewhere\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	plain := mk("plain/dir")
	link := filepath.Join(base, "link")
	if err := os.Symlink(gitSub, link); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ dir, want string }{
		{git, git},
		{gitSub, git},
		{hg, hg}, // the nearest marker wins
		{jjSub, filepath.Join(base, "jj")},
		{wt, filepath.Join(base, "worktree")}, // .git as a file (git worktree)
		{link, git},                           // symbolic links resolved first
	} {
		if got, err := Root(c.dir); err != nil || got != c.want {
			t.Errorf("Root(%s) = %q, %v; want %q", c.dir, got, err, c.want)
		}
	}
	// Without a marker up to / the directory itself is the workspace (the
	// test assumes no marker above the temporary directory).
	if _, err := os.Stat("/.git"); err == nil {
		t.Skip("/ holds .git")
	}
	if got, err := Root(plain); err != nil || !strings.HasPrefix(got, base) {
		t.Errorf("Root(%s) = %q, %v", plain, got, err)
	} else if got != plain {
		// A marker above the temporary directory (a checkout under /tmp):
		// the nearest one still wins over the directory itself.
		t.Logf("marker above the temporary directory: %s", got)
	}
	if _, err := Root(filepath.Join(base, "missing")); err == nil {
		t.Error("Root of a missing directory succeeded")
	}
}

func TestDataDir(t *testing.T) {
	data := t.TempDir()
	root := "/home/u/proj"
	got, err := DataDir(data, root)
	if want := filepath.Join(data, WorkspacesDir, "%home%u%proj"); err != nil || got != want {
		t.Fatalf("DataDir = %q, %v; want %q", got, err, want)
	}
	// The name of /home/u%proj collides with /home/u/proj: once the plain
	// directory holds /home/u/proj's log, the other root gets the hashed
	// name, and each keeps its own.
	l := openTest(t, Options{Dir: got, Root: root})
	commit(t, l, t0, "opened", false, file("a.txt", 1, "a"))
	other := "/home/u%proj"
	got2, err := DataDir(data, other)
	if want := filepath.Join(data, WorkspacesDir, undofile.HashedName(other)); err != nil || got2 != want {
		t.Errorf("colliding root: %q, %v; want %q", got2, err, want)
	}
	if again, _ := DataDir(data, root); again != got {
		t.Errorf("the owner moved: %q", again)
	}
	long := "/" + strings.Repeat("d/", 200)
	got3, err := DataDir(data, long)
	if err != nil || !strings.Contains(filepath.Base(got3), "#") || len(filepath.Base(got3)) > 255 {
		t.Errorf("long root: %q, %v", got3, err)
	}
	if _, err := DataDir(data, "rel"); err == nil {
		t.Error("a relative root was accepted")
	}
}

func TestValidRel(t *testing.T) {
	for _, p := range []string{"a", "a/b.txt", "dir/.hidden", "x y/z", "…/ü"} {
		if err := ValidRel(p); err != nil {
			t.Errorf("ValidRel(%q) = %v", p, err)
		}
	}
	for _, p := range []string{"", ".", "..", "../x", "a/../../x", "/abs", "a//b", "a/", "./a", "a/./b", "a\x00b", strings.Repeat("x", 5000)} {
		if ValidRel(p) == nil {
			t.Errorf("ValidRel(%q) accepted", p)
		}
	}
	if rel, ok := RelPath("/w", "/w/a/b"); !ok || rel != "a/b" {
		t.Errorf("RelPath = %q %v", rel, ok)
	}
	for _, abs := range []string{"/w", "/other/a", "/wx/a"} {
		if rel, ok := RelPath("/w", abs); ok {
			t.Errorf("RelPath(/w, %s) = %q", abs, rel)
		}
	}
	if got := AbsPath("/w", "a/b"); got != "/w/a/b" {
		t.Errorf("AbsPath = %q", got)
	}
}
