package store

import (
	"bytes"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/undofile/internal/safefile"
)

// texts returns sample texts: empty, tiny, repetitive (compresses),
// random bytes (does not), invalid UTF-8 and NULs.
func texts() map[string][]byte {
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 5000)
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	return map[string][]byte{
		"empty":   {},
		"tiny":    []byte("a"),
		"lines":   []byte(strings.Repeat("func main() {\n\tfmt.Println(\"hi\")\n}\n", 200)),
		"random":  random,
		"binary":  []byte("\x00\xff\xfe\r\n\x1b[0m"),
		"oneline": []byte("no final newline"),
	}
}

func TestPutGetRoundTrip(t *testing.T) {
	s := New(t.TempDir(), Options{})
	for name, text := range texts() {
		res, err := s.Put(text)
		if err != nil {
			t.Fatalf("%s: Put: %v", name, err)
		}
		if res.Hash != Sum(text) || res.Size != int64(len(text)) || res.Written == 0 {
			t.Errorf("%s: PutResult %+v", name, res)
		}
		got, err := s.Get(res.Hash)
		if err != nil || !bytes.Equal(got, text) {
			t.Errorf("%s: Get = %q, %v", name, got, err)
		}
		if n, ok := s.TextSize(res.Hash); !ok || n != int64(len(text)) {
			t.Errorf("%s: TextSize = %d, %v", name, n, ok)
		}
	}
}

func TestCompressionOnlyWhenSmaller(t *testing.T) {
	s := New(t.TempDir(), Options{})
	tx := texts()
	for _, c := range []struct {
		name   string
		method byte
	}{{"lines", methodDeflate}, {"random", methodStored}, {"empty", methodStored}} {
		res, err := s.Put(tx[c.name])
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(s.path(res.Hash))
		if err != nil {
			t.Fatal(err)
		}
		if data[len(Magic)+1] != c.method {
			t.Errorf("%s: method %d, want %d", c.name, data[len(Magic)+1], c.method)
		}
		if c.name == "lines" && len(data) > len(tx[c.name])/10 {
			t.Errorf("repetitive text of %d bytes took %d on disk", len(tx[c.name]), len(data))
		}
	}
}

func TestPutDeduplicates(t *testing.T) {
	s := New(t.TempDir(), Options{})
	text := []byte("same text\n")
	first, err := s.Put(text)
	if err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(s.path(first.Hash), old, old); err != nil {
		t.Fatal(err)
	}
	again, err := s.Put(text)
	if err != nil || again.Written != 0 || again.Hash != first.Hash {
		t.Fatalf("second Put = %+v, %v; want nothing written", again, err)
	}
	fi, err := os.Stat(s.path(first.Hash))
	if err != nil || time.Since(fi.ModTime()) > time.Hour {
		t.Errorf("a deduplicated Put must refresh the blob's time: %v %v", fi.ModTime(), err)
	}
	blobs, err := s.Blobs()
	if err != nil || len(blobs) != 1 {
		t.Errorf("Blobs = %v, %v; want one", blobs, err)
	}
}

func TestPermissions(t *testing.T) {
	old := setUmask(0)
	defer setUmask(old)
	dir := filepath.Join(t.TempDir(), "a", "store")
	s := New(dir, Options{})
	res, err := s.Put([]byte("secret\n"))
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(s.path(res.Hash))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("blob mode %v, %v; want 0600", fi.Mode(), err)
	}
	for _, d := range []string{dir, filepath.Dir(s.path(res.Hash))} {
		fi, err := os.Stat(d)
		if err != nil || fi.Mode().Perm() != 0o700 {
			t.Errorf("%s: mode %v, %v; want 0700", d, fi.Mode(), err)
		}
	}
}

// TestCorruptBlobs damages a blob in every way a disk or a person can and
// checks that Get reports it in one line, Corrupt, without panicking, and
// that other blobs still read.
func TestCorruptBlobs(t *testing.T) {
	s := New(t.TempDir(), Options{})
	good, _ := s.Put([]byte("another text that stays fine\n"))
	text := texts()["lines"]
	res, err := s.Put(text)
	if err != nil {
		t.Fatal(err)
	}
	name := s.path(res.Hash)
	orig, _ := os.ReadFile(name)
	hdr, _ := parseHeader(orig, DefaultMaxTextSize)
	cases := map[string]func([]byte) []byte{
		"truncated":        func(b []byte) []byte { return b[:len(b)/2] },
		"header only":      func(b []byte) []byte { return b[:hdr.end] },
		"empty file":       func([]byte) []byte { return nil },
		"bad magic":        func(b []byte) []byte { b[0] = 'X'; return b },
		"future version":   func(b []byte) []byte { b[len(Magic)] = 9; return b },
		"unknown method":   func(b []byte) []byte { b[len(Magic)+1] = 7; return b },
		"flipped data":     func(b []byte) []byte { b[len(b)-3] ^= 0x40; return b },
		"flipped hash":     func(b []byte) []byte { b[hdr.end-10] ^= 1; return b },
		"appended garbage": func(b []byte) []byte { return append(b, 1, 2, 3) },
		"other blob": func([]byte) []byte {
			b, _ := os.ReadFile(s.path(good.Hash))
			return b
		},
	}
	for what, damage := range cases {
		if err := os.WriteFile(name, damage(bytes.Clone(orig)), 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := s.Get(res.Hash)
		if err == nil || got != nil {
			t.Errorf("%s: Get succeeded", what)
			continue
		}
		if !IsCorrupt(err) || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "blob "+res.Hash.Short()+": corrupt (") {
			t.Errorf("%s: error %q (corrupt %v)", what, err, IsCorrupt(err))
		}
		if _, err := s.Get(good.Hash); err != nil {
			t.Errorf("%s: an undamaged blob fails too: %v", what, err)
		}
	}
	// A damaged header makes Put write the blob again.
	if err := os.WriteFile(name, orig[:5], 0o600); err != nil {
		t.Fatal(err)
	}
	if again, err := s.Put(text); err != nil || again.Written == 0 {
		t.Errorf("Put over a damaged blob = %+v, %v; want it rewritten", again, err)
	}
	if got, err := s.Get(res.Hash); err != nil || !bytes.Equal(got, text) {
		t.Errorf("after the repair: %v", err)
	}
}

func TestMissingAndUnsafe(t *testing.T) {
	s := New(t.TempDir(), Options{})
	h := Sum([]byte("never stored"))
	if _, err := s.Get(h); !errors.Is(err, fs.ErrNotExist) || IsCorrupt(err) {
		t.Errorf("missing blob: %v", err)
	}
	if err := s.Remove(h); err != nil {
		t.Errorf("removing a missing blob: %v", err)
	}
	// A symbolic link where a blob should be is not followed.
	res, _ := s.Put([]byte("target\n"))
	link := s.path(h)
	if err := os.MkdirAll(filepath.Dir(link), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(s.path(res.Hash), link); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(h); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("symlinked blob: %v", err)
	}
	if s.Has(h) {
		t.Error("Has follows a symbolic link")
	}
	if err := s.Remove(h); err == nil {
		t.Error("Remove deleted a symbolic link it should leave alone")
	}
}

func TestTooLarge(t *testing.T) {
	s := New(t.TempDir(), Options{MaxTextSize: 10})
	if _, err := s.Put(make([]byte, 11)); err == nil || !strings.Contains(err.Error(), "over the limit") {
		t.Errorf("Put over the limit: %v", err)
	}
	big := New(s.Dir(), Options{})
	res, err := big.Put(bytes.Repeat([]byte("x"), 100))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(res.Hash); !IsCorrupt(err) || !strings.Contains(err.Error(), "over the limit") {
		t.Errorf("Get over the limit: %v", err)
	}
}

// TestWriteFailureLeavesNothing injects a failure at every step of the
// atomic write: no blob file and no temporary file may remain.
func TestWriteFailureLeavesNothing(t *testing.T) {
	for _, step := range []string{"write", "fsync", "rename"} {
		dir := t.TempDir()
		boom := errors.New("disk on fire")
		s := New(dir, Options{FS: safefile.FS{Fail: func(st string) error {
			if st == step {
				return boom
			}
			return nil
		}}})
		res, err := s.Put([]byte("text\n"))
		if !errors.Is(err, boom) || !strings.Contains(err.Error(), step) {
			t.Errorf("%s: err %v", step, err)
		}
		if s.Has(res.Hash) {
			t.Errorf("%s: a blob exists after a failed write", step)
		}
		ents, _ := os.ReadDir(filepath.Dir(s.path(res.Hash)))
		if len(ents) != 0 {
			t.Errorf("%s: left %v", step, ents)
		}
	}
}

func TestBlobsIgnoresStrangers(t *testing.T) {
	s := New(t.TempDir(), Options{})
	res, _ := s.Put([]byte("x\n"))
	sub := filepath.Dir(s.path(res.Hash))
	for _, n := range []string{"README", res.Hash.String() + ".bak", strings.ToUpper(res.Hash.String())} {
		if err := os.WriteFile(filepath.Join(sub, n), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// A blob in the wrong fan-out directory is not one.
	other := Sum([]byte("y"))
	wrong := filepath.Join(s.Dir(), "zz")
	if err := os.Mkdir(wrong, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(wrong, other.String()), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	blobs, err := s.Blobs()
	if err != nil || len(blobs) != 1 || blobs[0].Hash != res.Hash {
		t.Errorf("Blobs = %+v, %v", blobs, err)
	}
	if none, err := New(filepath.Join(s.Dir(), "missing"), Options{}).Blobs(); err != nil || none != nil {
		t.Errorf("missing store: %v %v", none, err)
	}
}

func TestRemoveStaleTemps(t *testing.T) {
	s := New(t.TempDir(), Options{})
	res, _ := s.Put([]byte("x\n"))
	sub := filepath.Dir(s.path(res.Hash))
	dead := filepath.Join(sub, safefile.TempPrefix+"999999999-00")
	mine := filepath.Join(sub, safefile.TempPrefix+"1-00") // pid 1 is alive
	for _, n := range []string{dead, mine} {
		if err := os.WriteFile(n, []byte("partial"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if n := s.RemoveStaleTemps(time.Now()); n != 1 {
		t.Errorf("removed %d, want 1 (the dead writer's)", n)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("a live process's temporary file was removed: %v", err)
	}
	if n := s.RemoveStaleTemps(time.Now().Add(2 * time.Hour)); n != 1 {
		t.Errorf("an hour-old temporary file must go: removed %d", n)
	}
	if !s.Has(res.Hash) {
		t.Error("a blob was removed")
	}
}

func TestParseHash(t *testing.T) {
	h := Sum([]byte("x"))
	if got, ok := ParseHash(h.String()); !ok || got != h {
		t.Errorf("ParseHash(%s) = %v %v", h, got, ok)
	}
	for _, bad := range []string{"", "00", strings.ToUpper(h.String()), h.String()[:63] + "g", h.String() + "0"} {
		if _, ok := ParseHash(bad); ok {
			t.Errorf("ParseHash(%q) accepted", bad)
		}
	}
}
