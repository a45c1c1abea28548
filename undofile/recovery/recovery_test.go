package recovery

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
)

// history is a tree on root with one state per addition, and the texts of
// its states (index = seq).
func history(t testing.TB, root string, adds ...string) (*undo.Tree, []string) {
	t.Helper()
	tree := undo.New(buffer.FromString(root), undo.Options{Levels: 1000})
	texts := []string{root}
	for _, a := range adds {
		cur := tree.Text().String()
		tree.Save(undo.Pos{}, undo.SourceTyped)
		if err := tree.Apply(buffer.Change{Off: len(cur), New: a}); err != nil {
			t.Fatal(err)
		}
		tree.Sync()
		texts = append(texts, cur+a)
	}
	return tree, texts
}

// encoded is a recovery file of tree for path, as the session's writer
// makes it.
func encoded(t testing.TB, tree *undo.Tree, path string) []byte {
	t.Helper()
	snap := tree.Snapshot()
	root, err := snap.TextAt(0)
	if err != nil {
		t.Fatal(err)
	}
	data, err := undofile.Encode(&undofile.File{Path: path, Disk: undofile.HashRope(root), Image: snap.Export(), Text: &root}, undofile.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestLoadAndList(t *testing.T) {
	udir := t.TempDir()
	if err := os.Mkdir(Dir(udir), 0o700); err != nil {
		t.Fatal(err)
	}
	named, texts := history(t, "", "one", "\ntwo", "\nthree")
	unnamed, _ := history(t, "", "\x1b]0;x\a")
	id := NewID(time.Unix(1e9, 0), 42, 1)
	for path, tree := range map[string]*undo.Tree{"/w/new.txt": named, UnnamedPath(id): unnamed} {
		name, err := undofile.Locate(Dir(udir), path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, encoded(t, tree, path), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	name, err := Find(udir, id)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Load(name, undofile.Limits{})
	if err != nil || r.ID != id || r.Path != "" || r.FirstLine != "\x1b]0;x\a" {
		t.Fatalf("Load(%s) = %+v, %v", name, r.Entry, err)
	}
	if _, err := Find(udir, "/w/other.txt"); err == nil {
		t.Error("Find of a file without recovery data succeeded")
	}
	if err := os.Mkdir(filepath.Join(udir, "w"), 0o700); err != nil {
		t.Fatal(err)
	}
	name, _ = undofile.Locate(Dir(udir), "/w/new.txt")
	r, err = Load(name, undofile.Limits{})
	if err != nil || r.Path != "/w/new.txt" || r.States != 3 || r.Last != 3 || r.Size != int64(len(texts[3])) || r.FirstLine != "one" {
		t.Fatalf("Load = %+v, %v", r.Entry, err)
	}
	tree, err := undo.Restore(r.Root, 0, r.Image, undo.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for n, want := range texts {
		if res := tree.Goto(n); res.Err != nil || tree.Text().String() != want {
			t.Errorf("state %d: %q, %v; want %q", n, tree.Text().String(), res.Err, want)
		}
	}
	list, errs := List(udir, undofile.Limits{})
	if len(list) != 2 || len(errs) != 0 {
		t.Fatalf("List = %+v, %v", list, errs)
	}
	line := Describe(r.Entry, r.Modified.Add(90*time.Second))
	if want := `/w/new.txt  13 bytes  1m30s ago  3 states  "one"`; line != want {
		t.Errorf("Describe = %q, want %q", line, want)
	}
	one := r.Entry
	one.States = 1
	if line, want := Describe(one, r.Modified), `/w/new.txt  13 bytes  0s ago  1 state  "one"`; line != want {
		t.Errorf("Describe(1 state) = %q, want %q", line, want)
	}
	if err := Remove(udir, "/w/new.txt"); err != nil {
		t.Fatal(err)
	}
	if list, _ := List(udir, undofile.Limits{}); len(list) != 1 || list[0].ID != id {
		t.Errorf("after Remove: %+v", list)
	}
	if err := Remove(udir, "/w/new.txt"); err != nil {
		t.Errorf("Remove of nothing: %v", err)
	}
}

// TestIDs: an id names nothing outside the recovery directory.
func TestIDs(t *testing.T) {
	id := NewID(time.Date(2026, 11, 26, 16, 1, 47, 0, time.UTC), 20944, 3)
	if id != "20261126-160147-20944-3" || !validID(id) {
		t.Fatalf("NewID = %q", id)
	}
	for _, bad := range []string{"", "../x", "a.txt", "1/2", strings.Repeat("1", 65)} {
		if validID(bad) {
			t.Errorf("validID(%q)", bad)
		}
		if _, ok := IDOf(UnnamedPath(bad)); ok {
			t.Errorf("IDOf(%q)", UnnamedPath(bad))
		}
	}
	if got, ok := IDOf(UnnamedPath(id)); !ok || got != id {
		t.Errorf("IDOf = %q, %v", got, ok)
	}
}

// TestNotAnchored: a file whose hash does not describe its stored text,
// or anchored to a state other than the root, is refused.
func TestNotAnchored(t *testing.T) {
	tree, _ := history(t, "", "a", "b")
	snap := tree.Snapshot()
	root := buffer.FromString("")
	for _, f := range []undofile.File{
		{Path: "/x", Disk: undofile.HashBytes([]byte("other")), Image: snap.Export(), Text: &root},
		{Path: "/x", Disk: undofile.HashRope(tree.Text()), SavedSeq: 2, Image: snap.Export()},
	} {
		data, err := undofile.Encode(&f, undofile.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decodeData(data, "x"); err == nil {
			t.Errorf("accepted %+v", f)
		}
	}
}
