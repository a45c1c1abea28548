package session

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
)

// TestPersistWriteReopen: :w writes the history; a new editor on the same
// file gets the same tree back (seq numbers, write counters, branches) and
// u walks it.
func TestPersistWriteReopen(t *testing.T) {
	p := newPersistEnv(t, "one\n")
	e1, _ := p.open()
	do(t, e1, "A two<Esc>", ":w", "othree<Esc>", "u", "ofour<Esc>", ":w")
	want := e1.Editor().Buffer().History().Snapshot()
	if err := e1.Close(); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(p.undoFile())
	if err != nil {
		t.Fatalf("no undo file after :w: %v", err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("undo file mode %v, want 0600", fi.Mode().Perm())
	}
	di, err := os.Stat(p.dir)
	if err != nil || di.Mode().Perm() != 0o700 {
		t.Errorf("undo dir: %v, mode %v, want 0700", err, di.Mode().Perm())
	}

	e2, msgs := p.open()
	if len(msgs) != 1 {
		t.Errorf("messages on open: %q, want only the file info", msgs)
	}
	got := e2.Editor().Buffer().History()
	if got.SeqLast() != want.SeqLast() || got.SeqCur() != want.SeqCur() || got.SaveLast() != want.SaveLast() ||
		got.SaveCur() != want.SaveCur() || got.Len() != want.Len() || got.Modified() {
		t.Fatalf("restored tree: seq %d/%d save %d/%d len %d modified %v; want seq %d/%d save %d/%d len %d",
			got.SeqCur(), got.SeqLast(), got.SaveCur(), got.SaveLast(), got.Len(), got.Modified(),
			want.SeqCur(), want.SeqLast(), want.SaveCur(), want.SaveLast(), want.Len())
	}
	for n := range want.Nodes() {
		text, err := got.Snapshot().TextAt(n.Seq)
		wantText, _ := want.TextAt(n.Seq)
		if err != nil || !text.Equal(wantText) {
			t.Errorf("state #%d: %q (%v), want %q", n.Seq, text.String(), err, wantText.String())
		}
	}
	do(t, e2, "u")
	if got, want := textOf(e2.Editor()), "one two"; got != want {
		t.Errorf("after u: %q, want %q", got, want)
	}
	do(t, e2, "u")
	if got, want := textOf(e2.Editor()), "one"; got != want {
		t.Errorf("after u u: %q, want %q", got, want)
	}
	do(t, e2, ":undo 2")
	if got, want := textOf(e2.Editor()), "one two\nthree"; got != want {
		t.Errorf("after :undo 2 (the branch): %q, want %q", got, want)
	}
}

// TestPersistCrashRecovery: changes after the last :w that the save timer
// wrote come back as redo-able states after a crash, with a message that
// says how to get them.
func TestPersistCrashRecovery(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	e1, _ := p.open()
	do(t, e1, "Ab<Esc>", ":w", "Ac<Esc>", "Ad<Esc>", "Ae<Esc>")
	do(t, e1, ":sleep 5")
	if _, err := os.Stat(p.undoFile()); err != nil {
		t.Fatalf(":w wrote no undo file: %v", err)
	}
	before, _ := os.ReadFile(p.undoFile())
	do(t, e1, ":sleep 5") // 10 s since the :w: the timer writes
	after, _ := os.ReadFile(p.undoFile())
	if bytes.Equal(before, after) {
		t.Fatal("the save timer did not rewrite the undo file after save_interval")
	}
	atTimer := textOf(e1.Editor())
	do(t, e1, "Af<Esc>") // never written: lost in the crash
	crash(e1)

	e2, msgs := p.open()
	const want = "3 unsaved changes recovered: :later 3 or g+ to restore"
	if !hasMsg(msgs, want) {
		t.Fatalf("messages %q, want %q", msgs, want)
	}
	if got := textOf(e2.Editor()); got != "ab" || e2.Editor().Buffer().Modified() {
		t.Fatalf("text %q modified %v, want the file's %q, unmodified", got, e2.Editor().Buffer().Modified(), "ab")
	}
	do(t, e2, ":later 3")
	if got := textOf(e2.Editor()); got != atTimer {
		t.Errorf(":later 3 gives %q, want the text at the timer write %q", got, atTimer)
	}
	do(t, e2, ":undo 1", "g+", "g+", "g+")
	if got := textOf(e2.Editor()); got != atTimer {
		t.Errorf("g+ ×3 gives %q, want %q", got, atTimer)
	}
	do(t, e2, ":undo 1", "3<C-r>")
	if got := textOf(e2.Editor()); got != atTimer {
		t.Errorf("3 CTRL-R gives %q, want %q", got, atTimer)
	}
}

// TestPersistRecoveredMessage covers the other shapes of unsaved work: a
// branch made after undoing (:later counts states in time, as g+ does),
// one change, and undoing after the write.
func TestPersistRecoveredMessage(t *testing.T) {
	cases := []struct {
		name  string
		steps []string
		want  string
		back  string // the command the message names
	}{
		{"one", []string{"Ab<Esc>", ":w", "Ac<Esc>"}, "1 unsaved change recovered: :later 1 or g+ to restore", ":later 1"},
		{"branch", []string{"Ab<Esc>", ":w", "Ac<Esc>", "u", "Ad<Esc>"}, "2 unsaved changes recovered: :later 2 or g+ to restore", ":later 2"},
		{"undone", []string{"Ab<Esc>", "Ac<Esc>", ":w", "u", "u"}, "unsaved state #0 recovered: :undo 0 to restore", ":undo 0"},
		{"undone one", []string{"Ab<Esc>", "Ac<Esc>", "Ad<Esc>", ":w", "u"}, "unsaved state #2 recovered: :undo 2 to restore", ":undo 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newPersistEnv(t, "a\n")
			e1, _ := p.open()
			do(t, e1, c.steps...)
			lost := textOf(e1.Editor())
			do(t, e1, ":q!")
			if err := e1.Close(); err != nil {
				t.Fatal(err)
			}
			e2, msgs := p.open()
			if !hasMsg(msgs, c.want) {
				t.Fatalf("messages %q, want %q", msgs, c.want)
			}
			do(t, e2, c.back)
			if got := textOf(e2.Editor()); got != lost {
				t.Errorf("%s gives %q, want the text at :q! %q", c.back, got, lost)
			}
		})
	}
}

// TestPersistChangedOutsideGraft: the file changed while kjx was closed;
// the undo file's copy of the saved text lets the history be grafted: one
// external state leads from it to the file, and every older state is
// still there.
func TestPersistChangedOutsideGraft(t *testing.T) {
	p := newPersistEnv(t, "l1\nl2\nl3\nl4\nl5\n")
	e1, _ := p.open()
	do(t, e1, "ggAx<Esc>", ":w", "GAy<Esc>", "u", "3Gdd", ":w") // l1x l2 l4 l5
	old := e1.Editor().Buffer().History().Snapshot()
	saved := textOf(e1.Editor())
	if err := e1.Close(); err != nil {
		t.Fatal(err)
	}
	p.write("l1x\nl2\nNEW\nl4\nl5z\n") // outside kjx: a line added, another changed
	undoBytes, _ := os.ReadFile(p.undoFile())

	e2, msgs := p.open()
	seq := old.SeqLast() + 1
	want := fmt.Sprintf("%q changed since its history was saved: history kept, the outside change is #%d (u to undo)", p.file, seq)
	if !hasMsg(msgs, want) {
		t.Fatalf("messages %q, want %q", msgs, want)
	}
	tr := e2.Editor().Buffer().History()
	if got := textOf(e2.Editor()); got != "l1x\nl2\nNEW\nl4\nl5z" || tr.Modified() || tr.Current() != seq {
		t.Fatalf("after the graft: text %q modified %v at #%d", got, tr.Modified(), tr.Current())
	}
	n, ok := tr.Snapshot().Node(seq)
	if !ok || n.Source != undo.SourceExternal {
		t.Fatalf("node #%d: %+v, want source external", seq, n)
	}
	if size := changeBytes(n.Changes); size > len("NEW\n")+len("l5")+len("l5z") {
		t.Errorf("the outside change stores %d bytes (%+v): not a line diff", size, n.Changes)
	}
	for on := range old.Nodes() {
		got, err := tr.Snapshot().TextAt(on.Seq)
		w, _ := old.TextAt(on.Seq)
		if err != nil || !got.Equal(w) {
			t.Errorf("state #%d after the graft: %q (%v), want %q", on.Seq, got.String(), err, w.String())
		}
	}
	do(t, e2, "u")
	if got := textOf(e2.Editor()); got != saved {
		t.Errorf("u after the graft: %q, want the text kjx saved %q", got, saved)
	}
	if err := e2.Close(); err != nil {
		t.Fatal(err)
	}
	if now, _ := os.ReadFile(p.undoFile()); bytes.Equal(now, undoBytes) {
		t.Error("the grafted history was not written back")
	}
	// The u above is unsaved work too: it comes back as such.
	e3, msgs := p.open()
	if w := "unsaved state #3 recovered: :undo 3 to restore"; !hasMsg(msgs, w) || e3.Editor().Buffer().History().SeqLast() != seq {
		t.Errorf("third open: messages %q, seq_last %d; want %q and %d", msgs, e3.Editor().Buffer().History().SeqLast(), w, seq)
	}
}

func changeBytes(cs []buffer.Change) int {
	n := 0
	for _, c := range cs {
		n += len(c.Old) + len(c.New)
	}
	return n
}

// TestPersistChangedOutsideNoCopy: without a saved-text copy the undo file
// is set aside (renamed, intact) and the buffer starts a new history.
func TestPersistChangedOutsideNoCopy(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	e1, _ := p.open()
	do(t, e1, "Ab<Esc>", ":w")
	if err := e1.Close(); err != nil {
		t.Fatal(err)
	}
	// Rewrite the undo file without its text copy.
	name := p.undoFile()
	data, _ := os.ReadFile(name)
	f, err := undofile.Decode(data, undofile.DecodeOptions{Name: name})
	if err != nil {
		t.Fatal(err)
	}
	f.Text = nil
	img := f.Image
	job := undofile.Job{Path: f.Path, Image: func() undo.Image { return img }, SavedSeq: f.SavedSeq, Disk: f.Disk}
	if _, err := undofile.WriteFile(name, job, undofile.WriteOptions{Force: true}); err != nil {
		t.Fatal(err)
	}
	kept, _ := os.ReadFile(name)
	p.write("changed\n")

	e2, msgs := p.open()
	aside := name + ".~" + testEpoch.Local().Format("20060102-150405") + "~"
	want := fmt.Sprintf("%q changed since its history was saved; old history kept aside in %s", p.file, aside)
	if !hasMsg(msgs, want) {
		t.Fatalf("messages %q, want %q", msgs, want)
	}
	if got, err := os.ReadFile(aside); err != nil || !bytes.Equal(got, kept) {
		t.Errorf("set-aside file: %v, intact %v", err, bytes.Equal(got, kept))
	}
	if tr := e2.Editor().Buffer().History(); tr.Len() != 0 || textOf(e2.Editor()) != "changed" {
		t.Errorf("new history expected: %d nodes, text %q", tr.Len(), textOf(e2.Editor()))
	}
}

// TestPersistCorrupt: a damaged undo file is reported in one line naming
// it, editing works, and the next write sets it aside instead of
// replacing it.
func TestPersistCorrupt(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	e1, _ := p.open()
	do(t, e1, "Ab<Esc>", "Ac<Esc>", ":w")
	if err := e1.Close(); err != nil {
		t.Fatal(err)
	}
	name := p.undoFile()
	data, _ := os.ReadFile(name)
	data[len(data)/2] ^= 0x40
	if err := os.WriteFile(name, data, 0o600); err != nil {
		t.Fatal(err)
	}

	e2, msgs := p.open()
	prefix := "undo file " + name + ": corrupt ("
	found := false
	for _, m := range msgs {
		found = found || strings.HasPrefix(m, prefix) && strings.HasSuffix(m, "); history not loaded")
	}
	if !found {
		t.Fatalf("messages %q, want %q…%q", msgs, prefix, "); history not loaded")
	}
	do(t, e2, "Ad<Esc>", "u", "Ae<Esc>", ":w")
	if got := textOf(e2.Editor()); got != "abce" {
		t.Fatalf("editing after a corrupt undo file: %q", got)
	}
	if err := e2.Close(); err != nil {
		t.Fatal(err)
	}
	aside := name + ".~" + testEpoch.Local().Format("20060102-150405") + "~"
	if got, err := os.ReadFile(aside); err != nil || !bytes.Equal(got, data) {
		t.Errorf("the corrupt file was not set aside intact: %v", err)
	}
	e3, msgs := p.open()
	do(t, e3, "u")
	if len(msgs) != 1 || textOf(e3.Editor()) != "abc" {
		t.Errorf("after the rewrite: messages %q, u gives %q; want the new history", msgs, textOf(e3.Editor()))
	}
}

// TestPersistTimer: the timer writes a changed buffer once save_interval
// has passed since its last write, and leaves an unchanged one alone.
func TestPersistTimer(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	e, _ := p.open()
	do(t, e, "Ab<Esc>", ":sleep 9")
	if _, err := os.Stat(p.undoFile()); err == nil {
		t.Fatal("written before save_interval")
	}
	do(t, e, ":sleep 1")
	fi, err := os.Stat(p.undoFile())
	if err != nil {
		t.Fatalf("not written after save_interval: %v", err)
	}
	if err := os.Chtimes(p.undoFile(), testEpoch, testEpoch); err != nil {
		t.Fatal(err)
	}
	do(t, e, ":sleep 60")
	if fi2, _ := os.Stat(p.undoFile()); !fi2.ModTime().Equal(testEpoch) {
		t.Errorf("an unchanged history was written again (%v → %v)", fi.ModTime(), fi2.ModTime())
	}
	do(t, e, "Ac<Esc>", ":sleep 10")
	if fi2, _ := os.Stat(p.undoFile()); fi2.ModTime().Equal(testEpoch) {
		t.Error("a changed history was not written by the timer")
	}
}

// TestPersistBdelete: :bd writes the buffer's history.
func TestPersistBdelete(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	e, _ := p.open()
	do(t, e, "Ab<Esc>", ":bd!")
	if err := e.persist.w.Flush(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p.undoFile()); err != nil {
		t.Fatalf(":bd wrote no undo file: %v", err)
	}
}

// TestPersistClean: --clean turns 'undofile' off; :set undofile turns it
// on, reading the history of a buffer that has none yet.
func TestPersistClean(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	e1, _ := p.open()
	do(t, e1, "Ab<Esc>", ":w")
	if err := e1.Close(); err != nil {
		t.Fatal(err)
	}
	e := p.cleanSession()
	defer e.Close()
	if e.Editor().Options().UndoFile {
		t.Fatal("Clean left 'undofile' on")
	}
	if err := e.Editor().Open(p.file); err != nil {
		t.Fatal(err)
	}
	if e.Editor().Buffer().History().Len() != 0 {
		t.Fatal("history read with --clean")
	}
	do(t, e, ":set undofile", "u")
	if got := textOf(e.Editor()); got != "a" {
		t.Errorf(":set undofile then u: %q, want %q", got, "a")
	}
}

// TestPersistCleanWritesNothing: with Clean, :w creates no undo directory.
func TestPersistCleanWritesNothing(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	e := p.cleanSession()
	if err := e.Editor().Open(p.file); err != nil {
		t.Fatal(err)
	}
	do(t, e, "Ab<Esc>", ":w", ":q")
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p.dir); !os.IsNotExist(err) {
		t.Errorf("undo directory exists with Clean: %v", err)
	}
}

// TestPersistUnloadedHistoryKept: a buffer that made history while
// 'undofile' was off does not replace an undo file it never read: the old
// one is set aside.
func TestPersistUnloadedHistoryKept(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	e1, _ := p.open()
	do(t, e1, "Ab<Esc>", ":w")
	e1.Close()
	old, _ := os.ReadFile(p.undoFile())
	e := p.cleanSession()
	defer e.Close()
	if err := e.Editor().Open(p.file); err != nil {
		t.Fatal(err)
	}
	do(t, e, "Ac<Esc>", ":set undofile", ":w")
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	aside := p.undoFile() + ".~" + testEpoch.Local().Format("20060102-150405") + "~"
	if got, err := os.ReadFile(aside); err != nil || !bytes.Equal(got, old) {
		t.Errorf("old undo file not kept aside: %v", err)
	}
}

// TestPersistRootDirCreated: the default-style directory and its missing
// parents are created with 0700.
func TestPersistRootDirCreated(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	p.dir = filepath.Join(p.root, "data", "kjx", "undo")
	e, _ := p.open()
	do(t, e, "Ab<Esc>", ":w")
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{p.dir} {
		if fi, err := os.Stat(d); err != nil || fi.Mode().Perm() != 0o700 {
			t.Errorf("%s: %v", d, err)
		}
	}
}

// TestPersistRunTimer: in Run's loop the save timer runs on the wall
// clock, and Run's end (here :q!) writes what is left before returning.
func TestPersistRunTimer(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the wall-clock save timer (about 2 s)")
	}
	p := newPersistEnv(t, "a\n")
	p.conf.SaveInterval = time.Second
	opt := editor.DefaultOptions()
	opt.UndoDir = p.dir
	c := p.conf
	e := New(Config{Editor: editor.Config{Options: opt}, Undo: &c, Clock: clock.Real()})
	if err := e.Editor().Open(p.file); err != nil {
		t.Fatal(err)
	}
	in := make(chan Input)
	done := make(chan struct{})
	go func() {
		e.Run(t.Context(), in, func(editor.View) {})
		close(done)
	}()
	keys, _ := editor.ParseKeys("Ab<Esc>")
	in <- Input{Keys: keys}
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := os.Stat(p.undoFile()); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the save timer wrote nothing in 10 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	first, _ := os.ReadFile(p.undoFile())
	keys, _ = editor.ParseKeys("Ac<Esc>")
	in <- Input{Keys: keys}
	in <- Input{Ex: "q!"}
	<-done
	if last, _ := os.ReadFile(p.undoFile()); bytes.Equal(first, last) {
		t.Fatal("the change made just before :q! was not written at exit")
	}
	e2, msgs := p.open()
	if !hasMsg(msgs, "2 unsaved changes recovered: :later 2 or g+ to restore") || textOf(e2.Editor()) != "a" {
		t.Errorf("after Run: %q, text %q", msgs, textOf(e2.Editor()))
	}
}

// TestPersistApplyUndoConfig: new limits reach the next write.
func TestPersistApplyUndoConfig(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	e, _ := p.open()
	do(t, e, "Ab<Esc>", "Ac<Esc>", "Ad<Esc>", ":w", ":sleep 1")
	c := p.conf
	c.MaxEntries = 1
	e.applyUndoConfig(c)
	do(t, e, "Ae<Esc>", ":w", ":sleep 1")
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	e2, _ := p.open()
	if n := e2.Editor().Buffer().History().Len(); n != 1 {
		t.Errorf("after max_entries = 1: %d states written, want 1", n)
	}
}
