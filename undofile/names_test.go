package undofile

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kjx-editor/kjx/undo"
)

func TestPlainName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/home/u/work dir/file.txt", "%home%u%work dir%file.txt"},
		{"/a%b", "%a%b"},
		{"/", "%"},
	} {
		if got := PlainName(tc.in); got != tc.want {
			t.Errorf("PlainName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestHashedNameLong(t *testing.T) {
	long := "/" + strings.Repeat("dir/", 60) + strings.Repeat("é", 40) + ".txt"
	other := long[:len(long)-4] + ".md"
	a, b := HashedName(long), HashedName(other)
	if len(a) > maxNameLen || !utf8.ValidString(a) {
		t.Fatalf("hashed name %q: %d bytes, valid UTF-8 %v", a, len(a), utf8.ValidString(a))
	}
	if !strings.HasPrefix(a, "%dir%dir%") || a == b || HashedName(long) != a {
		t.Fatalf("hashed names not readable, distinct and stable: %q %q", a, b)
	}
	dir := t.TempDir()
	name, err := Locate(dir, long)
	if err != nil || filepath.Base(name) != a {
		t.Fatalf("Locate(long) = %q, %v; want the hashed name", name, err)
	}
	// The long-named history round-trips through the directory.
	writeHistory(t, dir, long, 5)
	if l, err := Read(dir, long, stateOf(long), Limits{}); err != nil || l.Name != name {
		t.Fatalf("Read(long): %+v, %v", l, err)
	}
	// Room is left for the set-aside suffix.
	if to, err := SetAside(name, fixedNow); err != nil || len(filepath.Base(to)) > 255 {
		t.Fatalf("SetAside: %q, %v", to, err)
	}
}

// TestPercentCollision: "/d/a%b.txt" and "/d/a/b.txt" have the same plain
// name; the header decides, each file gets its own history back, and
// neither ever loads the other's.
func TestPercentCollision(t *testing.T) {
	dir := t.TempDir()
	p1, p2 := "/d/a%b.txt", "/d/a/b.txt"
	if PlainName(p1) != PlainName(p2) {
		t.Fatal("test premise: names should collide")
	}
	n1 := writeHistory(t, dir, p1, 3)
	n2 := writeHistory(t, dir, p2, 7)
	if filepath.Base(n1) != PlainName(p1) || filepath.Base(n2) != HashedName(p2) {
		t.Fatalf("names: %q, %q", n1, n2)
	}
	for _, tc := range []struct {
		path  string
		nodes int
	}{{p1, 3}, {p2, 7}} {
		l, err := Read(dir, tc.path, stateOf(tc.path), Limits{})
		if err != nil || l.File.Path != tc.path || len(l.File.Image.Nodes) != tc.nodes || l.Changed {
			t.Fatalf("Read(%s): %+v, %v", tc.path, l, err)
		}
	}
	// Rewriting either keeps its name.
	if n := writeHistory(t, dir, p2, 8); n != n2 {
		t.Fatalf("rewrite moved %s to %s", n2, n)
	}
	if n := writeHistory(t, dir, p1, 4); n != n1 {
		t.Fatalf("rewrite moved %s to %s", n1, n)
	}
	// If only the other path's file holds the plain name, a read for p2
	// finds p2's hashed file, never p1's.
	os.Remove(n2)
	_, err := Read(dir, p2, stateOf(p2), Limits{})
	if !errors.Is(err, fs.ErrNotExist) && KindOf(err) != KindWrongPath {
		t.Fatalf("Read(p2) after removing its file: %v", err)
	}
	if err == nil {
		t.Fatal("p2 loaded p1's history")
	}
}

func TestCanonical(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.txt")
	os.WriteFile(real, []byte("x"), 0o644)
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("symlinks unsupported:", err)
	}
	want, _ := filepath.EvalSymlinks(real)
	for _, in := range []string{link, real, filepath.Join(dir, "sub", "..", "link.txt")} {
		if got, err := Canonical(in); err != nil || got != want {
			t.Errorf("Canonical(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	wantDir, _ := filepath.EvalSymlinks(dir)
	if got, _ := Canonical(filepath.Join(dir, "new.txt")); got != filepath.Join(wantDir, "new.txt") {
		t.Errorf("Canonical(new file) = %q", got)
	}
}

// stateOf is the fake "bytes on disk" state the tests use for a path.
func stateOf(path string) FileState { return HashBytes([]byte("text of " + path)) }

// writeHistory writes a random n-node history for path into dir through
// the Writer and returns the undo file's name.
func writeHistory(t testing.TB, dir, path string, n int) string {
	t.Helper()
	img, _ := randomImage(rand.New(rand.NewPCG(uint64(n), 5)), n)
	res, err := writeWith(dir, Job{Path: path, Image: func() undo.Image { return img }, Disk: stateOf(path)})
	if err != nil {
		t.Fatalf("write %s: %v", path, err)
	}
	return res.Name
}
