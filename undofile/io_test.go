package undofile

import (
	"context"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

var fixedNow = time.Date(2024, 3, 5, 14, 7, 9, 0, time.Local)

// writeWith writes job into dir through a real Writer and returns its
// Result.
func writeWith(dir string, job Job) (Result, error) {
	w := NewWriter(WriterOptions{Dir: dir})
	defer w.Close()
	w.Schedule(job)
	if err := w.Flush(context.Background()); err != nil {
		return Result{}, err
	}
	r := <-w.Results()
	return r, r.Err
}

func TestReadWriteRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data", "kjx", "undo") // missing: created
	rng := rand.New(rand.NewPCG(21, 22))
	img, saved := randomImage(rng, 300)
	text := buffer.FromString(strings.Repeat("some text on disk\n", 500))
	disk := HashRope(text)
	res, err := writeWith(dir, Job{Path: testPath, Image: func() undo.Image { return img }, SavedSeq: saved, Text: &text})
	if err != nil {
		t.Fatal(err)
	}
	if !res.TextStored || res.Nodes != 300 || res.Trimmed != 0 || res.Size <= 0 {
		t.Fatalf("result %+v", res)
	}
	l, err := Read(dir, testPath, disk, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if l.Changed || l.File.Disk != disk {
		t.Fatalf("hash should match: %+v", l.File.Disk)
	}
	sameFile(t, &File{Path: testPath, Disk: disk, SavedSeq: saved, Image: img, Text: &text}, l.File)

	// The text changed outside kjx: the history still loads, flagged.
	l, err = Read(dir, testPath, HashBytes([]byte("edited elsewhere")), Limits{})
	if err != nil || !l.Changed || l.File.Text == nil || !l.File.Text.Equal(text) {
		t.Fatalf("changed file: %+v, %v", l, err)
	}
	// No undo file: a silent not-exist error.
	if _, err := Read(dir, "/no/such", disk, Limits{}); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing file: %v", err)
	}
}

func TestWriteFileAndReadFile(t *testing.T) {
	dir := t.TempDir()
	img, _ := randomImage(rand.New(rand.NewPCG(1, 9)), 20)
	job := Job{Path: testPath, Image: func() undo.Image { return img }, Disk: stateOf(testPath)}
	name := filepath.Join(dir, "my.undo")
	if _, err := WriteFile(name, job, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	l, err := ReadFile(name, stateOf(testPath), Limits{})
	if err != nil || l.Changed || len(l.File.Image.Nodes) != 20 {
		t.Fatalf("ReadFile: %+v, %v", l, err)
	}
	// :rundo of a history saved for another path is allowed; the hash decides.
	if l, err := ReadFile(name, stateOf("/other"), Limits{}); err != nil || !l.Changed {
		t.Fatalf("ReadFile with another text: %+v, %v", l, err)
	}
	// :wundo refuses to overwrite a file that is not an undo file, unless forced.
	other := filepath.Join(dir, "notes.txt")
	os.WriteFile(other, []byte("precious"), 0o644)
	if _, err := WriteFile(other, job, WriteOptions{}); KindOf(err) != KindNotUndoFile {
		t.Fatalf("overwrite of a non-undo file: %v", err)
	}
	if b, _ := os.ReadFile(other); string(b) != "precious" {
		t.Fatal("non-undo file was changed")
	}
	if _, err := WriteFile(other, job, WriteOptions{Force: true}); err != nil {
		t.Fatalf("forced: %v", err)
	}
}

func TestSetAside(t *testing.T) {
	dir := t.TempDir()
	name := writeHistory(t, dir, testPath, 4)
	to, err := SetAside(name, fixedNow)
	if err != nil || to != name+".~20240305-140709~" {
		t.Fatalf("SetAside = %q, %v", to, err)
	}
	if _, err := os.Stat(name); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("original still there")
	}
	name = writeHistory(t, dir, testPath, 4)
	if to2, err := SetAside(name, fixedNow); err != nil || to2 != name+".~20240305-140709-2~" {
		t.Fatalf("second SetAside = %q, %v", to2, err)
	}
	// The set-aside copy is still a readable history.
	if _, err := ReadFile(to, stateOf(testPath), Limits{}); err != nil {
		t.Fatal(err)
	}
}

func TestPermissions(t *testing.T) {
	old := syscall.Umask(0) // the writer must not depend on the umask
	defer syscall.Umask(old)
	base := t.TempDir()
	dir := filepath.Join(base, "a", "undo")
	name := writeHistory(t, dir, testPath, 3)
	for _, c := range []struct {
		path string
		want os.FileMode
	}{{dir, 0o700 | os.ModeDir}, {name, 0o600}} {
		fi, err := os.Stat(c.path)
		if err != nil || fi.Mode() != c.want {
			t.Errorf("%s: mode %v, want %v (%v)", c.path, fi.Mode(), c.want, err)
		}
	}
	// A rewrite of a file someone made world-readable is 0600 again.
	os.Chmod(name, 0o644)
	writeHistory(t, dir, testPath, 3)
	if fi, _ := os.Stat(name); fi.Mode() != 0o600 {
		t.Errorf("rewritten file mode %v", fi.Mode())
	}
}

// TestSymlinkNotFollowed: a symbolic link planted under an undo file's
// name is neither read through nor written through.
func TestSymlinkNotFollowed(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim")
	// The victim even holds a valid undo file for the path, so following
	// the link would "work".
	valid := writeHistory(t, t.TempDir(), testPath, 2)
	data, _ := os.ReadFile(valid)
	os.WriteFile(victim, data, 0o600)
	link := filepath.Join(dir, PlainName(testPath))
	if err := os.Symlink(victim, link); err != nil {
		t.Skip("symlinks unsupported:", err)
	}
	_, err := Read(dir, testPath, stateOf(testPath), Limits{})
	if KindOf(err) != KindUnsafe || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("read through a symlink: %v", err)
	}
	name := writeHistory(t, dir, testPath, 5)
	fi, err := os.Lstat(name)
	if err != nil || !fi.Mode().IsRegular() || name != link {
		t.Fatalf("after write: %s is %v (%v)", name, fi.Mode(), err)
	}
	if b, _ := os.ReadFile(victim); string(b) != string(data) {
		t.Fatal("write went through the symlink")
	}
	// A FIFO in its place is refused at once, not blocked on.
	os.Remove(name)
	if err := syscall.Mkfifo(name, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	done := make(chan error, 1)
	go func() { _, err := Read(dir, testPath, stateOf(testPath), Limits{}); done <- err }()
	select {
	case err := <-done:
		if KindOf(err) != KindUnsafe {
			t.Fatalf("FIFO: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Read blocked on a FIFO")
	}
}

func TestOtherOwnerRefused(t *testing.T) {
	dir := t.TempDir()
	name := writeHistory(t, dir, testPath, 2)
	if os.Geteuid() != 0 {
		t.Skip("needs root to chown a file to another user (running as uid", os.Geteuid(), ")")
	}
	if err := os.Chown(name, 12345, 12345); err != nil {
		t.Skip("chown:", err)
	}
	_, err := Read(dir, testPath, stateOf(testPath), Limits{})
	if KindOf(err) != KindOwner || !strings.Contains(err.Error(), "owned by uid 12345") {
		t.Fatalf("foreign-owned file: %v", err)
	}
}

func TestReadTooLarge(t *testing.T) {
	dir := t.TempDir()
	writeHistory(t, dir, testPath, 50)
	_, err := Read(dir, testPath, stateOf(testPath), Limits{MaxReadSize: 100})
	if KindOf(err) != KindTooLarge {
		t.Fatalf("over MaxReadSize: %v", err)
	}
}
