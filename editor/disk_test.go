package editor

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/linediff"
	"github.com/kjx-editor/kjx/undo"
)

func TestDiskReloadUnmodified(t *testing.T) {
	d := newDiskEnv(t, "f.go", "a\nb\nc\n")
	seq := d.e.buf().tree.SeqLast()
	d.outside("a\nB\nc\nd\n")
	msgs := d.step()
	if got := fmt.Sprintf("%q changed on disk: reloaded (u to undo)", d.path); !slices.Contains(msgs, got) {
		t.Fatalf("messages %q, want %q", msgs, got)
	}
	if d.text() != "a\nB\nc\nd" || d.e.buf().Modified() || d.e.buf().DiskState() != DiskInSync {
		t.Fatalf("after the reload: text %q, modified %v, %v", d.text(), d.e.buf().Modified(), d.e.buf().DiskState())
	}
	n := d.lastNode()
	if n.Seq != seq+1 || n.Source != undo.SourceExternal {
		t.Fatalf("node %+v, want #%d from outside", n, seq+1)
	}
	if n.Added+n.Deleted > len("B")+len("b")+len("\nd") {
		t.Fatalf("the node holds more than the changed lines: %+v", n.Changes)
	}
	if msgs := d.step(); len(msgs) != 0 {
		t.Fatalf("a second step reports again: %q", msgs)
	}
	d.keys("u")
	if d.text() != "a\nb\nc" || !d.e.buf().Modified() {
		t.Fatalf("u: text %q, modified %v; want the text from before, modified", d.text(), d.e.buf().Modified())
	}
	d.keys("<C-r>")
	if d.text() != "a\nB\nc\nd" || d.e.buf().Modified() {
		t.Fatalf("CTRL-R: text %q, modified %v", d.text(), d.e.buf().Modified())
	}
	d.check()
}

func TestDiskReloadFollowsLines(t *testing.T) {
	var lines []string
	for i := range 40 {
		lines = append(lines, fmt.Sprintf("line %d", i))
	}
	d := newDiskEnv(t, "f.txt", strings.Join(lines, "\n")+"\n")
	d.keys("20Gma25G")
	top := d.e.win.top
	// Three lines inserted at the top, line 30 changed: the cursor (line
	// 25), the mark (line 20) and the first line shown follow their lines.
	nw := append([]string{"new 1", "new 2", "new 3"}, lines...)
	nw[33] = "changed"
	d.outside(strings.Join(nw, "\n") + "\n")
	d.step()
	if cur := d.e.Cursor(); cur.Line != 27 || lineText(d.e.text(), cur.Line) != "line 24" {
		t.Fatalf("cursor on line %d (%q), want 27 (line 24)", cur.Line, lineText(d.e.text(), cur.Line))
	}
	if p := d.e.buf().marks['a']; p.Line != 22 {
		t.Fatalf("mark a on line %d, want 22", p.Line)
	}
	if d.e.win.top != top+3 {
		t.Fatalf("top %d, want %d", d.e.win.top, top+3)
	}
	// The cursor line itself rewritten: the cursor stays on it.
	nw[27] = "rewritten"
	d.outside(strings.Join(nw, "\n") + "\n")
	d.step()
	if cur := d.e.Cursor(); cur.Line != 27 {
		t.Fatalf("cursor on line %d after its line changed, want 27", cur.Line)
	}
	d.check()
}

func TestFollowLine(t *testing.T) {
	tests := []struct {
		old, nw string
		line    int
		want    int
	}{
		{"a\nb\nc", "x\na\nb\nc", 1, 2},          // inserted above
		{"a\nb\nc", "a\nc", 2, 1},                // deleted above
		{"a\nb\nc", "a\nc", 1, 1},                // own line deleted: the next one
		{"a\nb\nc", "a\nB\nc", 1, 1},             // own line changed
		{"a\nb\nc\nd", "a\nX\nd", 2, 1},          // in a run replaced by fewer lines
		{"a\nb\nc", "a\nb", 2, 1},                // the last line deleted
		{"a\nb\nc", "a\nb\nc\nd\ne", 2, 2},       // appended below
		{"a\nb\nc", "q\nr\ns\nt", 1, 1},          // everything replaced
		{"", "a\nb", 0, 0},                       // from nothing
		{"a\nb\nc\nd\ne", "a\nc\nd\nE\ne", 4, 4}, // several changes
	}
	for _, tc := range tests {
		a, b := buffer.FromString(tc.old), buffer.FromString(tc.nw)
		cs := diskChanges(t, a, b)
		if got := followLine(a, b, cs, tc.line); got != tc.want {
			t.Errorf("%q → %q, line %d: %d, want %d (changes %+v)", tc.old, tc.nw, tc.line, got, tc.want, cs)
		}
	}
}

func TestDiskModifiedConflict(t *testing.T) {
	d := newDiskEnv(t, "f.go", "one\ntwo\n")
	d.keys("Amine<Esc>")
	mine := d.text()
	d.outside("one\ntwo\nthree\n")
	msgs := d.step()
	w12 := fmt.Sprintf("W12: Warning: File %q has changed and the buffer was changed in kjx as well", d.path)
	if !slices.Contains(msgs, w12) {
		t.Fatalf("messages %q, want %q", msgs, w12)
	}
	if d.text() != mine || d.e.buf().DiskState() != DiskChanged || d.e.TakeView().Status.Disk != DiskChanged {
		t.Fatalf("the buffer was touched (%q) or not marked (%v)", d.text(), d.e.buf().DiskState())
	}
	if msgs := d.step(); len(msgs) != 0 {
		t.Fatalf("the warning is repeated: %q", msgs)
	}
	errs := d.e.ErrorCount()
	msgs = d.ex("w")
	wantMsg(t, msgs, "changed on disk since reading it", "not written", "add ! to override")
	if d.e.ErrorCount() != errs+1 {
		t.Fatal(":w refused without an error")
	}
	d.check()
	out := d.ex("diffdisk")
	wantOut := []string{"--- " + d.path + " (on disk)", "+++ " + d.path + " (buffer)", "@@ -1,3 +1,2 @@", "-one", "+onemine", " two", "-three"}
	if !slices.Equal(out, wantOut) {
		t.Fatalf(":diffdisk shows\n%s\nwant\n%s", strings.Join(out, "\n"), strings.Join(wantOut, "\n"))
	}
	// :checktime reports again what it finds.
	wantMsg(t, d.ex("checktime"), "W12:")
	d.ex("w!")
	d.wrote("onemine\ntwo\n")
	if d.e.buf().DiskState() != DiskInSync || d.e.buf().Modified() {
		t.Fatalf(":w! left %v, modified %v", d.e.buf().DiskState(), d.e.buf().Modified())
	}
	d.check()
}

func TestDiskEditBangReloadsUndoably(t *testing.T) {
	d := newDiskEnv(t, "f.go", "one\ntwo\n")
	d.keys("ddp")
	mine := d.text()
	d.outside("one\ntwo\nthree\n")
	d.step()
	d.ex("e!")
	if d.text() != "one\ntwo\nthree" || d.e.buf().Modified() || d.e.buf().DiskState() != DiskInSync {
		t.Fatalf(":e!: text %q, modified %v, %v", d.text(), d.e.buf().Modified(), d.e.buf().DiskState())
	}
	if n := d.lastNode(); n.Source != undo.SourceReload || n.Added+n.Deleted > len("two\none\nthree")+len("one\ntwo") {
		t.Fatalf(":e! node %+v", n)
	}
	d.keys("u")
	if d.text() != mine || !d.e.buf().Modified() {
		t.Fatalf("u after :e!: %q, modified %v; want the buffer's text back", d.text(), d.e.buf().Modified())
	}
	d.check()
}

func TestDiskRemoved(t *testing.T) {
	d := newDiskEnv(t, "f.go", "keep me\n")
	if err := os.Remove(d.path); err != nil {
		t.Fatal(err)
	}
	d.want = nil
	msgs := d.step()
	removed := fmt.Sprintf("%q was removed on disk; the buffer is kept (:w writes it again)", d.path)
	if !slices.Contains(msgs, removed) {
		t.Fatalf("messages %q, want %q", msgs, removed)
	}
	if d.text() != "keep me" || !d.e.buf().Modified() || d.e.buf().DiskState() != DiskRemoved {
		t.Fatalf("text %q, modified %v, %v", d.text(), d.e.buf().Modified(), d.e.buf().DiskState())
	}
	wantMsg(t, d.ex("q"), "E37")
	if d.e.Quit() {
		t.Fatal(":q quit with the file gone")
	}
	d.check()
	d.ex("w")
	d.wrote("keep me\n")
	if d.e.buf().Modified() || d.e.buf().DiskState() != DiskInSync {
		t.Fatalf(":w left modified %v, %v", d.e.buf().Modified(), d.e.buf().DiskState())
	}
	d.check()
}

func TestDiskDeletedAndRecreated(t *testing.T) {
	d := newDiskEnv(t, "f.go", "v1\n")
	if err := os.Remove(d.path); err != nil {
		t.Fatal(err)
	}
	d.want = nil
	d.step()
	d.outside("v2\n")
	msgs := d.step()
	wantMsg(t, msgs, "changed on disk: reloaded")
	if d.text() != "v2" || d.e.buf().Modified() || d.e.buf().DiskState() != DiskInSync {
		t.Fatalf("text %q, modified %v, %v", d.text(), d.e.buf().Modified(), d.e.buf().DiskState())
	}
	// Recreated with the very bytes it had: nothing to do.
	if err := os.Remove(d.path); err != nil {
		t.Fatal(err)
	}
	d.step()
	seq := d.e.buf().tree.SeqLast()
	d.outside("v2\n")
	if msgs := d.step(); len(msgs) != 0 || d.e.buf().tree.SeqLast() != seq || d.e.buf().DiskState() != DiskInSync {
		t.Fatalf("same bytes back: messages %q, seq %d→%d, %v", msgs, seq, d.e.buf().tree.SeqLast(), d.e.buf().DiskState())
	}
	d.check()
}

func TestDiskReplacedByRename(t *testing.T) {
	d := newDiskEnv(t, "f.go", "old\n")
	tmp := filepath.Join(d.dir, ".f.go.tmp")
	if err := os.WriteFile(tmp, []byte("new\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, d.path); err != nil {
		t.Fatal(err)
	}
	d.want = []byte("new\n")
	wantMsg(t, d.step(), "changed on disk: reloaded (u to undo)")
	if d.text() != "new" {
		t.Fatalf("text %q", d.text())
	}
	// Renamed away: removed.
	if err := os.Rename(d.path, filepath.Join(d.dir, "g.go")); err != nil {
		t.Fatal(err)
	}
	d.want = nil
	wantMsg(t, d.step(), "was removed on disk")
	d.check()
}

func TestDiskTouchIsNoChange(t *testing.T) {
	d := newDiskEnv(t, "f.go", "same\n")
	d.keys("xu") // a history, unmodified
	seq := d.e.buf().tree.SeqLast()
	before, _ := os.Stat(d.path)
	mt := before.ModTime().Add(3e9)
	if err := os.Chtimes(d.path, mt, mt); err != nil {
		t.Fatal(err)
	}
	if msgs := d.step(); len(msgs) != 0 || d.e.buf().tree.SeqLast() != seq {
		t.Fatalf("a touch: messages %q, seq %d→%d", msgs, seq, d.e.buf().tree.SeqLast())
	}
	// Modified and touched: no W12 either, and :w may write.
	d.keys("x")
	mt = mt.Add(3e9)
	if err := os.Chtimes(d.path, mt, mt); err != nil {
		t.Fatal(err)
	}
	if msgs := d.step(); len(msgs) != 0 {
		t.Fatalf("a touch of a modified buffer's file: %q", msgs)
	}
	wantMsg(t, d.ex("w"), "written")
	d.wrote("ame\n")
	d.check()
}

func TestDiskCreatedAfterOpen(t *testing.T) {
	for _, modified := range []bool{false, true} {
		t.Run(fmt.Sprint("modified=", modified), func(t *testing.T) {
			dir := t.TempDir()
			d := &diskEnv{t: t, dir: dir, path: filepath.Join(dir, "new.go")}
			d.e = New(Config{Clean: true})
			if err := d.e.Open(d.path); err != nil {
				t.Fatal(err)
			}
			d.e.TakeMessages()
			d.note()
			if modified {
				d.keys("imine<Esc>")
			}
			d.outside("theirs\n")
			msgs := d.step()
			if !modified {
				wantMsg(t, msgs, "changed on disk: reloaded (u to undo)")
				if d.text() != "theirs" || d.e.buf().Modified() {
					t.Fatalf("text %q, modified %v", d.text(), d.e.buf().Modified())
				}
				d.check()
				return
			}
			w13 := fmt.Sprintf("W13: Warning: File %q has been created after editing started", d.path)
			if !slices.Contains(msgs, w13) || d.text() != "mine" {
				t.Fatalf("messages %q, text %q", msgs, d.text())
			}
			wantMsg(t, d.ex("w"), "E13")
			d.check()
		})
	}
}

func TestDiskCheckTimeAfterUndo(t *testing.T) {
	d := newDiskEnv(t, "f.go", "a\n")
	d.keys("ix<Esc>")
	d.outside("b\n")
	wantMsg(t, d.step(), "W12")
	d.keys("u") // back to the text on disk when read: unmodified, still different
	if msgs := d.step(); len(msgs) != 0 || d.text() != "a" {
		t.Fatalf("a plain step acted again: %q, %q", msgs, d.text())
	}
	wantMsg(t, d.ex("checktime"), "changed on disk: reloaded")
	if d.text() != "b" || d.e.buf().DiskState() != DiskInSync {
		t.Fatalf("after :checktime: %q, %v", d.text(), d.e.buf().DiskState())
	}
	wantMsg(t, d.ex("checktime 7"), "E86")
	d.check()
}

func TestDiskReloadWaitsForInsert(t *testing.T) {
	d := newDiskEnv(t, "f.go", "a\nb\n")
	d.e.Feed(mustKeys(t, "i"), true)
	d.outside("a\nb\nc\n")
	d.e.checkFiles(false)
	if d.text() != "a\nb" || !d.e.buf().disk.pending {
		t.Fatalf("reloaded in Insert mode: %q", d.text())
	}
	d.e.Feed(mustKeys(t, "X<Esc>"), true)
	d.e.CheckPending()
	// The insert made the buffer modified: no reload, a warning.
	wantMsg(t, diskTexts(d.e.TakeMessages()), "W12")
	d.note()
	d.check()

	d2 := newDiskEnv(t, "g.go", "a\nb\n")
	d2.e.Feed(mustKeys(t, "v"), true)
	d2.outside("z\n")
	d2.e.checkFiles(false)
	d2.e.Feed(mustKeys(t, "<Esc>"), true)
	d2.e.CheckPending()
	if d2.text() != "z" {
		t.Fatalf("the reload that waited for Visual mode to end did not happen: %q", d2.text())
	}
	d2.note()
	d2.check()
}

func TestDiskWriteChecksUnseenChange(t *testing.T) {
	d := newDiskEnv(t, "f.go", "v1\n")
	d.keys("ccv2<Esc>")
	d.ex("w")
	d.wrote("v2\n")
	d.outside("v3\n")
	d.step() // reloaded: the outside change is node 3
	d.keys("uu")
	if d.text() != "v1" {
		t.Fatalf("uu: %q", d.text())
	}
	// An outside change the editor has not seen yet (no check ran):
	// writing the old state must not overwrite it.
	d.outside("v4\n")
	if d.e.ExecEx("w") {
		t.Fatal(":w overwrote a change on disk it had not seen")
	}
	d.check()
	// Once seen (a conflict: the buffer is modified), :w! is the way.
	wantMsg(t, d.step(), "W12")
	d.ex("w!")
	d.wrote("v1\n")
	d.check()
}

func TestDiskDiffdisk(t *testing.T) {
	d := newDiskEnv(t, "f.go", "a\nb\n")
	wantMsg(t, d.ex("diffdisk"), "same lines")
	d.ex("set ff=dos")
	wantMsg(t, d.ex("diffdisk"), "same lines; on disk unix line endings, buffer dos line endings")
	if err := os.Remove(d.path); err != nil {
		t.Fatal(err)
	}
	d.want = nil
	wantMsg(t, d.step(), "was removed on disk")
	out := d.ex("diffdisk")
	want := []string{"--- /dev/null (" + d.path + " is not on disk)", "+++ " + d.path + " (buffer)", "@@ -0,0 +1,2 @@", "+a", "+b"}
	if !slices.Equal(out, want) {
		t.Fatalf(":diffdisk of a removed file:\n%s", strings.Join(out, "\n"))
	}
	d.check()
}

func TestDiskBdeleteStopsChecking(t *testing.T) {
	d := newDiskEnv(t, "f.go", "a\n")
	other := filepath.Join(d.dir, "g.go")
	if err := os.WriteFile(other, []byte("g\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	d.ex("e " + other)
	d.ex("bd 1")
	d.outside("changed\n")
	if msgs := d.step(); len(msgs) != 0 {
		t.Fatalf("a deleted buffer's file is still checked: %q", msgs)
	}
	d.ex("b 1")
	wantMsg(t, d.ex("checktime"), "changed on disk: reloaded")
	if d.text() != "changed" {
		t.Fatalf("text %q", d.text())
	}
}

func TestDiskLineEndingsOnly(t *testing.T) {
	d := newDiskEnv(t, "f.txt", "a\nb\n")
	seq := d.e.buf().tree.SeqLast()
	d.outside("a\r\nb\r\n")
	wantMsg(t, d.step(), "same lines, now dos line endings")
	if d.e.buf().ff != "dos" || d.e.buf().tree.SeqLast() != seq {
		t.Fatalf("ff %q, seq %d→%d", d.e.buf().ff, seq, d.e.buf().tree.SeqLast())
	}
	d.check()
}

func mustKeys(t *testing.T, s string) []Key {
	t.Helper()
	k, err := ParseKeys(s)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func diskChanges(t *testing.T, a, b buffer.Rope) []buffer.Change {
	t.Helper()
	cs, err := linediff.Changes(context.Background(), a, b)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}
