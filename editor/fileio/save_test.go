package fileio

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
)

func readString(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// onlyFile asserts that dir holds exactly the named entries (no temporary
// or backup file left behind).
func onlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if strings.Join(got, ",") != strings.Join(names, ",") {
		t.Fatalf("directory holds %q, want %q", got, names)
	}
}

func TestSaveNewAndEOLRules(t *testing.T) {
	tests := []struct {
		text string
		opt  SaveOptions
		want string
	}{
		{"a\nb", SaveOptions{EOL: true}, "a\nb\n"},
		{"a\nb", SaveOptions{}, "a\nb"},
		{"a\nb", SaveOptions{FixEOL: true}, "a\nb\n"},
		{"", SaveOptions{FixEOL: true}, ""},
		{"", SaveOptions{EOL: true}, "\n"},
		{"a\nb", SaveOptions{EOL: true, Format: DOS}, "a\r\nb\r\n"},
		{"a\r\nb", SaveOptions{FixEOL: true, Format: DOS}, "a\r\r\nb\r\n"},
	}
	dir := t.TempDir()
	for i, tc := range tests {
		p := filepath.Join(dir, "new")
		os.Remove(p)
		st, err := Save(p, buffer.FromString(tc.text), tc.opt)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if got := readString(t, p); got != tc.want {
			t.Errorf("case %d: Save(%q, %+v) wrote %q, want %q", i, tc.text, tc.opt, got, tc.want)
		}
		if !st.Exists || st.Size != int64(len(tc.want)) {
			t.Errorf("case %d: returned Stat %+v", i, st)
		}
	}
	onlyFiles(t, dir, "new")
}

func TestSaveNewFileMode(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	p := filepath.Join(dir, "n")
	st, err := Save(p, buffer.FromString("x"), SaveOptions{EOL: true})
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode.Perm() != 0o644 {
		t.Fatalf("new file mode %v, want 0644 (0666 &^ umask 022, as Vim)", st.Mode.Perm())
	}
}

func TestSaveKeepsMode(t *testing.T) {
	for _, perm := range []fs.FileMode{0o600, 0o755, 0o640, 0o604} {
		dir := t.TempDir()
		p := writeFile(t, dir, "f", "old\n", perm)
		st, err := Save(p, buffer.FromString("new"), SaveOptions{EOL: true})
		if err != nil {
			t.Fatal(err)
		}
		fi, _ := os.Stat(p)
		if fi.Mode().Perm() != perm || st.Mode.Perm() != perm {
			t.Errorf("mode %v after save, want %v", fi.Mode().Perm(), perm)
		}
		if readString(t, p) != "new\n" {
			t.Errorf("content %q", readString(t, p))
		}
		onlyFiles(t, dir, "f")
	}
}

func TestSaveFollowsSymlink(t *testing.T) {
	dir := t.TempDir()
	target := writeFile(t, dir, "target", "old\n", 0o640)
	link := filepath.Join(dir, "link")
	if err := os.Symlink("target", link); err != nil {
		t.Fatal(err)
	}
	if _, err := Save(link, buffer.FromString("new"), SaveOptions{EOL: true}); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(link)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("link is no longer a symbolic link: %v %v", fi.Mode(), err)
	}
	if readString(t, target) != "new\n" {
		t.Fatalf("target holds %q", readString(t, target))
	}
	onlyFiles(t, dir, "link", "target")
}

func TestSaveKeepsHardLinks(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a", "old contents\n", 0o644)
	b := filepath.Join(dir, "b")
	if err := os.Link(a, b); err != nil {
		t.Fatal(err)
	}
	before, _ := StatPath(a)
	if _, err := Save(a, buffer.FromString("new"), SaveOptions{EOL: true}); err != nil {
		t.Fatal(err)
	}
	after, _ := StatPath(b)
	if readString(t, b) != "new\n" || after.Inode != before.Inode || after.Nlink != 2 {
		t.Fatalf("hard link broken: b=%q inode %d→%d nlink %d", readString(t, b), before.Inode, after.Inode, after.Nlink)
	}
	onlyFiles(t, dir, "a", "b")
}

func TestSaveChangedOnDisk(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "f", "one\n", 0o644)
	l, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "f", "changed elsewhere\n", 0o644)
	_, err = Save(p, l.Text, SaveOptions{EOL: true, Expect: &l.Stat})
	if !errors.Is(err, ErrChangedOnDisk) {
		t.Fatalf("Save over a changed file: %v, want ErrChangedOnDisk", err)
	}
	want := `"` + p + `" WARNING: The file has been changed since reading it!!! (add ! to override)`
	if err.Error() != want {
		t.Errorf("message %q\nwant    %q", err, want)
	}
	if readString(t, p) != "changed elsewhere\n" {
		t.Fatal("refused save touched the file")
	}
	if _, err := Save(p, l.Text, SaveOptions{EOL: true, Expect: &l.Stat, Force: true}); err != nil {
		t.Fatalf("forced save: %v", err)
	}
	if readString(t, p) != "one\n" {
		t.Fatal("forced save did not write")
	}
	// Same size, new mtime: still a change.
	l, _ = Load(p)
	writeFile(t, dir, "f", "two\n", 0o644)
	os.Chtimes(p, time.Now(), l.Stat.ModTime.Add(time.Second))
	if _, err := Save(p, l.Text, SaveOptions{Expect: &l.Stat}); !errors.Is(err, ErrChangedOnDisk) {
		t.Fatalf("same-size change not noticed: %v", err)
	}
	// A new buffer whose file appeared meanwhile.
	if _, err := Save(p, l.Text, SaveOptions{Expect: &Stat{}}); !errors.Is(err, ErrExists) {
		t.Fatalf("file appeared: %v, want ErrExists", err)
	}
	onlyFiles(t, dir, "f")
}

func TestSaveReadOnlyFile(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "f", "ro\n", 0o444)
	_, err := Save(p, buffer.FromString("x"), SaveOptions{EOL: true})
	want := `E505: "` + p + `" is read-only (add ! to override)`
	if !errors.Is(err, ErrReadOnly) || err.Error() != want {
		t.Fatalf("Save(read-only) = %v, want %q", err, want)
	}
	if _, err := Save(p, buffer.FromString("x"), SaveOptions{EOL: true, Force: true}); err != nil {
		t.Fatalf("forced: %v", err)
	}
	fi, _ := os.Stat(p)
	if readString(t, p) != "x\n" || fi.Mode().Perm() != 0o444 {
		t.Fatalf("after :w! content %q mode %v", readString(t, p), fi.Mode().Perm())
	}
}

func TestSaveErrorsWithVimWording(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no", "f.txt")
	_, err := Save(missing, buffer.FromString("x"), SaveOptions{})
	if want := `"` + missing + `" E212: Can't open file for writing: no such file or directory`; !errors.Is(err, ErrCantOpen) || err.Error() != want {
		t.Errorf("missing dir: %v\nwant %s", err, want)
	}
	_, err = Save(dir, buffer.FromString("x"), SaveOptions{})
	if want := `E17: "` + dir + `" is a directory`; !errors.Is(err, ErrIsDirectory) || err.Error() != want {
		t.Errorf("directory: %v\nwant %s", err, want)
	}
}

func TestSaveUnwritableDirectoryReal(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root ignores directory permissions; TestSaveInjectedFailures covers EACCES through the seam")
	}
	dir := t.TempDir()
	p := writeFile(t, dir, "f", "old\n", 0o644)
	os.Chmod(dir, 0o555)
	defer os.Chmod(dir, 0o755)
	newf := filepath.Join(dir, "new")
	_, err := Save(newf, buffer.FromString("x"), SaveOptions{EOL: true})
	if want := `"` + newf + `" E212: Can't open file for writing: permission denied`; err == nil || err.Error() != want {
		t.Fatalf("new file in a read-only directory: %v, want %s", err, want)
	}
	// An existing writable file in that directory is written in place.
	if _, err := Save(p, buffer.FromString("new"), SaveOptions{EOL: true}); err != nil {
		t.Fatalf("writable file in read-only directory: %v", err)
	}
	if readString(t, p) != "new\n" {
		t.Fatal("not written")
	}
}
