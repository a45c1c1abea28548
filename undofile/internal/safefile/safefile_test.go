package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestWriteAtomicReplaces(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f")
	var fs FS
	for _, data := range []string{"first", "second, longer", ""} {
		if err := fs.WriteAtomic(name, []byte(data)); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(name, 100)
		if err != nil || string(got) != data {
			t.Errorf("read %q, %v; want %q", got, err, data)
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("left %v", ents)
	}
}

func TestWriteAtomicFailureKeepsOld(t *testing.T) {
	for _, step := range []string{"write", "fsync", "rename"} {
		dir := t.TempDir()
		name := filepath.Join(dir, "f")
		if err := os.WriteFile(name, []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
		fs := FS{Fail: func(s string) error {
			if s == step {
				return errors.New("boom")
			}
			return nil
		}}
		if err := fs.WriteAtomic(name, []byte("new")); err == nil || !strings.Contains(err.Error(), step) {
			t.Errorf("%s: %v", step, err)
		}
		if got, _ := os.ReadFile(name); string(got) != "old" {
			t.Errorf("%s: file now %q", step, got)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 1 {
			t.Errorf("%s: left %v", step, ents)
		}
	}
}

func TestReadFileRefuses(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, make([]byte, 11), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(big, 10); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("over the limit: %v", err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(big, link); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(link, 100); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("symlink: %v", err)
	}
	if _, err := ReadFile(dir, 100); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("directory: %v", err)
	}
	if err := EnsureDir(big); err == nil {
		t.Error("EnsureDir over a file succeeded")
	}
}

// TestLockExcludes: a second exclusive lock waits for the first.
func TestLockExcludes(t *testing.T) {
	name := filepath.Join(t.TempDir(), "lock")
	first, err := LockFile(name, true)
	if err != nil {
		t.Fatal(err)
	}
	var got atomic.Bool
	done := make(chan error)
	go func() {
		second, err := LockFile(name, true)
		got.Store(true)
		if err == nil {
			err = second.Unlock()
		}
		done <- err
	}()
	time.Sleep(50 * time.Millisecond)
	if got.Load() {
		t.Fatal("the second lock did not wait")
	}
	if err := first.Unlock(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil || !got.Load() {
		t.Fatalf("second lock: %v", err)
	}
}
