package ui

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/kjx-editor/kjx/editor"
)

// writeLines writes a file of about size bytes made of numbered 64-byte
// lines ("%015d" and filler), and returns its line count.
func writeLines(t *testing.T, path string, size int) int {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	const lineLen = 64
	filler := strings.Repeat("abcdefgh", 8)[:lineLen-16-1]
	n := size / lineLen
	buf := make([]byte, 0, 4<<20)
	var digits [20]byte
	for i := range n {
		num := strconv.AppendInt(digits[:0], int64(i), 10)
		buf = append(buf, "000000000000000"[:15-len(num)]...)
		buf = append(buf, num...)
		buf = append(buf, ' ')
		buf = append(buf, filler...)
		buf = append(buf, '\n')
		if len(buf) > cap(buf)-lineLen {
			if _, err := f.Write(buf); err != nil {
				t.Fatal(err)
			}
			buf = buf[:0]
		}
	}
	if _, err := f.Write(buf); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return n
}

// frameCost returns the median time of building and drawing a frame of
// the newest view, over a few draws.
func (el *edLoop) frameCost() time.Duration {
	el.l.pub.mu.Lock()
	v := el.l.pub.view
	el.l.pub.mu.Unlock()
	var ds []time.Duration
	for range 9 {
		start := time.Now()
		f := el.l.fb.build(v)
		el.l.r.draw(el.l.surf, f)
		ds = append(ds, time.Since(start))
	}
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// TestLongHugeFile opens a 1 GB file through the UI (the editor behind
// the loop, drawn into memory) and draws its top, its end (G) and an
// edit there: each frame must cost about what it costs on a small file.
func TestLongHugeFile(t *testing.T) {
	if testing.Short() || testkit.RaceEnabled {
		t.Skip("1 GB file: a long test (not with -short or -race)")
	}
	const size = 1 << 30
	start := time.Now()
	dir := t.TempDir()
	big := filepath.Join(dir, "big.txt")
	lines := writeLines(t, big, size)
	t.Logf("wrote 1 GB in %v", time.Since(start))
	defer os.Remove(big)
	small := filepath.Join(dir, "small.txt")
	smallLines := writeLines(t, small, 64<<10)

	type costs struct{ top, end, edit time.Duration }
	run := func(path string, n int) costs {
		el := startEdLoopFile(t, path, n*64-1, 100, 30, Options{})
		var c costs
		if !strings.HasPrefix(el.m.Text(), "000000000000000 abcdefgh") {
			t.Fatalf("top of %s not drawn:\n%s", path, el.m.Text())
		}
		c.top = el.frameCost()
		el.keys("G")
		last := fmt.Sprintf("%015d", n-1)
		el.wait("G", func(v *editor.View) bool { return v.Cursor.Line == n-1 })
		if !strings.Contains(el.m.Text(), last+" abcdefgh") {
			t.Fatalf("end of %s not drawn:\n%s", path, el.m.Text())
		}
		c.end = el.frameCost()
		el.keys("x")
		el.keys("A!")
		el.l.handle(tcell.NewEventKey(tcell.KeyEsc, 0, tcell.ModNone))
		el.wait("the edit", func(v *editor.View) bool {
			return v.Mode == editor.ModeNormal && v.Status.Modified && v.Status.SeqCur == 2
		})
		if !strings.Contains(el.m.Text(), last[1:]+" abcdefgh") || !strings.Contains(el.m.Text(), "abcdefg!") {
			t.Fatalf("edit at the end of %s not drawn:\n%s", path, el.m.Text())
		}
		c.edit = el.frameCost()
		return c
	}
	sc := run(small, smallLines)
	bc := run(big, lines)
	t.Logf("frame cost, 64 KB file: top %v, end %v, after an edit %v", sc.top, sc.end, sc.edit)
	t.Logf("frame cost, 1 GB file:  top %v, end %v, after an edit %v (whole test %v)", bc.top, bc.end, bc.edit, time.Since(start))
	for _, c := range []struct {
		what       string
		small, big time.Duration
	}{{"top", sc.top, bc.top}, {"end", sc.end, bc.end}, {"edit", sc.edit, bc.edit}} {
		// The big file's rope is 14 levels deeper: allow a few times the
		// small file's cost, never anything that grows with the size.
		if c.big > 5*c.small+2*time.Millisecond {
			t.Errorf("%s: a frame costs %v on 1 GB, %v on 64 KB", c.what, c.big, c.small)
		}
	}
}

// TestHugeFileTinyTerminal opens a file of random bytes (control
// characters, invalid UTF-8, long lines) through the UI on a 10×3 screen
// and moves through it: every frame is drawn and stays on the screen.
func TestHugeFileTinyTerminal(t *testing.T) {
	size := 1 << 20
	if testkit.RaceEnabled || testing.Short() {
		size = 64 << 10
	}
	rng := rand.New(rand.NewPCG(7, 7))
	data := make([]byte, size)
	for i := range data {
		data[i] = byte(rng.IntN(256))
	}
	path := filepath.Join(t.TempDir(), "random.bin")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	textLen := size
	if data[size-1] == '\n' {
		textLen--
	}
	el := startEdLoopFile(t, path, textLen, 10, 3, Options{})
	checkSurface(t, el.m)
	for _, keys := range []string{"G", "gg", "50%", "$", "0", "x", "u", "L", "H"} {
		el.keys(keys)
		el.wait(keys, func(v *editor.View) bool { return v.Pending == "" })
		el.l.dirty = true
		el.l.drawIfNew(true)
		if el.m.Overlaps() != 0 {
			t.Fatalf("after %s: %d cells written twice\n%s", keys, el.m.Overlaps(), el.m.Dump(false))
		}
		if got := el.m.Text(); strings.Count(got, "\n") != 3 || !strings.Contains(got, "NORMAL") {
			t.Fatalf("after %s: not 3 rows:\n%q", keys, got)
		}
	}
}
