package fileio

import (
	"bytes"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

func writeFile(t testing.TB, dir, name, content string, perm fs.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, perm); err != nil { // WriteFile is subject to umask
		t.Fatal(err)
	}
	return p
}

// TestLoadFormats checks format, EOL and flag detection. The expected
// values for the CR cases were recorded with Vim 9.0 ('fileformats'
// unix,dos): see doc.go for the one deliberate difference (CTRL-Z).
func TestLoadFormats(t *testing.T) {
	tests := []struct {
		name, in, text string
		eol            bool
		f              Format
		bin, bad       bool
	}{
		{"empty", "", "", false, Unix, false, false},
		{"newline", "\n", "", true, Unix, false, false},
		{"crlf only", "\r\n", "", true, DOS, false, false},
		{"unix", "a\nb\n", "a\nb", true, Unix, false, false},
		{"noeol", "a\nb", "a\nb", false, Unix, false, false},
		{"dos", "a\r\nb\r\n", "a\nb", true, DOS, false, false},
		{"dos noeol", "a\r\nb", "a\nb", false, DOS, false, false},
		{"dos trailing cr", "a\r\nb\r", "a\nb\r", false, DOS, false, false},
		{"mixed", "a\r\nb\nc\r\n", "a\r\nb\nc\r", true, Unix, false, false},
		{"cr only", "a\r", "a\r", false, Unix, false, false},
		{"dos ctrl-z kept", "a\r\n\x1a", "a\n\x1a", false, DOS, false, false},
		{"nul", "a\x00b\n", "a\x00b", true, Unix, true, false},
		{"invalid utf8", "\xff\xfe\n", "\xff\xfe", true, Unix, false, true},
		{"utf8", "héllo\n", "héllo", true, Unix, false, false},
		{"blank lines", "\n\n\n", "\n\n", true, Unix, false, false},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		p := writeFile(t, dir, "f", tc.in, 0o644)
		l, err := Load(p)
		if err != nil {
			t.Fatalf("%s: Load: %v", tc.name, err)
		}
		if got := l.Text.String(); got != tc.text || l.EOL != tc.eol || l.Format != tc.f || l.Binary != tc.bin || l.InvalidUTF8 != tc.bad {
			t.Errorf("%s: Load(%q) = text %q eol %v %v bin %v bad %v; want %q %v %v %v %v",
				tc.name, tc.in, got, l.EOL, l.Format, l.Binary, l.InvalidUTF8, tc.text, tc.eol, tc.f, tc.bin, tc.bad)
		}
		if !l.Stat.Exists || l.Stat.Size != int64(len(tc.in)) || l.Stat.Inode == 0 {
			t.Errorf("%s: Stat = %+v", tc.name, l.Stat)
		}
	}
}

func TestLoadMissingAndDirectory(t *testing.T) {
	dir := t.TempDir()
	l, err := Load(filepath.Join(dir, "nope"))
	if !errors.Is(err, fs.ErrNotExist) || l.Stat.Exists || l.Text.Len() != 0 {
		t.Fatalf("Load(missing) = %+v, %v; want fs.ErrNotExist", l, err)
	}
	_, err = Load(dir)
	if !errors.Is(err, ErrIsDirectory) {
		t.Fatalf("Load(dir) error = %v, want ErrIsDirectory", err)
	}
}

// TestLoadOnlyFiles: devices and directories are refused at once with
// Vim's words (checked against Vim 9.0: `"/dev/zero" is not a file`,
// `"dir" is a directory`), without being read.
func TestLoadOnlyFiles(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		path, msg string
		kind      error
	}{
		{"/dev/zero", `"/dev/zero" is not a file`, ErrNotAFile},
		{"/dev/null", `"/dev/null" is not a file`, ErrNotAFile},
		{"/dev/urandom", `"/dev/urandom" is not a file`, ErrNotAFile},
		{dir, strconv.Quote(dir) + ` is a directory`, ErrIsDirectory},
	} {
		if _, err := os.Stat(tc.path); err != nil {
			t.Skipf("%s: %v", tc.path, err)
		}
		l, err := Load(tc.path)
		if !errors.Is(err, tc.kind) || err.Error() != tc.msg || l.Text.Len() != 0 {
			t.Errorf("Load(%s) = %d bytes, %v; want %q", tc.path, l.Text.Len(), err, tc.msg)
		}
		if err := Check(tc.path); err == nil || err.Error() != tc.msg {
			t.Errorf("Check(%s) = %v", tc.path, err)
		}
	}
	if err := Check(filepath.Join(dir, "missing")); err != nil {
		t.Errorf("Check(missing) = %v, want nil (Load says [New])", err)
	}
}

// TestLoadFIFO: a named pipe is read to its end, as Vim does; one that
// never ends is read up to MaxStreamSize and reported truncated.
func TestLoadFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			w.Write([]byte("from\na pipe\n"))
			w.Close()
		}
	}()
	l, err := Load(fifo)
	if err != nil || l.Text.String() != "from\na pipe" || !l.Stream || l.Truncated || l.Size != 12 {
		t.Fatalf("Load(fifo) = %q stream %v truncated %v, %v", l.Text.String(), l.Stream, l.Truncated, err)
	}
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer w.Close()
		zeros := make([]byte, 1<<20)
		for {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := w.Write(zeros); err != nil {
				return // the reader stopped
			}
		}
	}()
	l, err = Load(fifo)
	if err != nil || l.Text.Len() != MaxStreamSize || !l.Truncated {
		t.Fatalf("endless fifo: %d bytes, truncated %v, %v", l.Text.Len(), l.Truncated, err)
	}
}

// TestStreamNeverChangedOnDisk: a FIFO written to again (its times change)
// is still the same stream, not a file changed on disk to read again
// (which would wait for a writer); a FIFO replaced by a file has changed.
func TestStreamNeverChangedOnDisk(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	before, _ := StatPath(fifo)
	later := time.Now().Add(time.Hour)
	os.Chtimes(fifo, later, later)
	after, _ := StatPath(fifo)
	if ChangedOnDisk(before, after) {
		t.Fatal("a FIFO whose times changed counts as changed on disk")
	}
	os.Remove(fifo)
	writeFile(t, dir, "p", "now a file\n", 0o644)
	now, _ := StatPath(fifo)
	if !ChangedOnDisk(before, now) {
		t.Fatal("a FIFO replaced by a file does not count as changed")
	}
}

func TestLoadNonRegular(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		w.Write([]byte("piped\r\nin\r\n"))
		w.Close()
	}()
	defer r.Close()
	l, err := Load("/dev/fd/" + strconv.Itoa(int(r.Fd())))
	if err != nil {
		t.Skipf("no /dev/fd: %v", err)
	}
	if l.Text.String() != "piped\nin" || l.Format != DOS || !l.EOL {
		t.Fatalf("Load(pipe) = %q %v %v", l.Text.String(), l.Format, l.EOL)
	}
}

// randomFile returns bytes biased towards the characters that matter for
// line-ending detection; half of the files are made proper DOS files.
func randomFile(r *rand.Rand) []byte {
	alphabet := []byte{'a', 'b', '\n', '\r', 0, 0xff, 0xc3, 0xa9, 0x1a, ' '}
	n := r.IntN(200)
	if r.IntN(10) == 0 {
		n = r.IntN(20_000)
	}
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	if r.IntN(2) == 0 {
		// Make every newline a CRLF: a DOS file.
		b = bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
	}
	return b
}

// TestRoundTripProperty: for arbitrary bytes, decoding then encoding gives
// the same bytes (many cases in memory), and so do Load then Save through
// the disk (fewer: each Save fsyncs).
func TestRoundTripProperty(t *testing.T) {
	mem, disk := 5000, 100
	if testkit.RaceEnabled || testing.Short() {
		mem, disk = 500, 20
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range mem {
		in := randomFile(r)
		l := decode(append([]byte(nil), in...))
		var out bytes.Buffer
		if _, err := Encode(&out, l.Text, l.EOL, l.Format); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(in, out.Bytes()) {
			t.Fatalf("case %d: %q decoded (%v eol %v) and encoded gives %q", i, in, l.Format, l.EOL, out.Bytes())
		}
	}
	dir := t.TempDir()
	for i := range disk {
		in := randomFile(r)
		p := writeFile(t, dir, "f", string(in), 0o644)
		l, err := Load(p)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Save(p, l.Text, SaveOptions{EOL: l.EOL, Format: l.Format, Expect: &l.Stat}); err != nil {
			t.Fatalf("case %d: Save: %v", i, err)
		}
		if out := readString(t, p); out != string(in) {
			t.Fatalf("case %d: round trip of %q gave %q (format %v eol %v)", i, in, out, l.Format, l.EOL)
		}
	}
}

// FuzzLoadBytes: the bytes of a file survive Load and Encode.
func FuzzLoadBytes(f *testing.F) {
	for _, s := range []string{"", "\n", "\r\n", "a\r\nb", "a\r\nb\r", "a\r\nb\nc", "\x00\xff\r\r\n", "x\r\n\x1a"} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, in []byte) {
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, in, 0o600); err != nil {
			t.Fatal(err)
		}
		l, err := Load(p)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		n, err := Encode(&out, l.Text, l.EOL, l.Format)
		if err != nil || n != int64(out.Len()) {
			t.Fatalf("Encode: n=%d len=%d err=%v", n, out.Len(), err)
		}
		if !bytes.Equal(out.Bytes(), in) {
			t.Fatalf("%q → %q (%v eol=%v) → %q", in, l.Text.String(), l.Format, l.EOL, out.Bytes())
		}
	})
}

// TestBOMRoundTrip checks that a UTF-8 byte order mark is taken off the
// text when loading and written back only when asked.
func TestBOMRoundTrip(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bom.txt")
	if err := os.WriteFile(path, []byte(BOM+"abc\r\ndef\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !l.BOM || l.Text.String() != "abc\ndef" || l.Format != DOS || !l.EOL {
		t.Fatalf("Load: BOM %v, text %q, format %v, eol %v", l.BOM, l.Text.String(), l.Format, l.EOL)
	}
	for _, bom := range []bool{true, false} {
		if _, err := Save(path, l.Text, SaveOptions{EOL: true, Format: DOS, BOM: bom}); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(path)
		want := "abc\r\ndef\r\n"
		if bom {
			want = BOM + want
		}
		if string(data) != want {
			t.Errorf("Save with BOM %v wrote %q, want %q", bom, data, want)
		}
	}
}
