package undo

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
)

// testTree is a tree with a controllable clock in UTC.
func testTree(text string, opt Options) (*Tree, *int64) {
	clock := new(int64)
	*clock = 1_700_000_000
	opt.Now = func() time.Time { return time.Unix(*clock, 0) }
	opt.Location = time.UTC
	return New(buffer.FromString(text), opt), clock
}

func commit(t *testing.T, tr *Tree, cur Pos, cs ...buffer.Change) {
	t.Helper()
	tr.Save(cur, SourceTyped)
	for _, c := range cs {
		if err := tr.Apply(c); err != nil {
			t.Fatal(err)
		}
	}
	tr.Sync()
}

func TestMerge(t *testing.T) {
	tests := []struct {
		name   string
		p, c   buffer.Change
		want   buffer.Change
		merged bool
	}{
		{"typing on", buffer.Change{Off: 2, New: "a"}, buffer.Change{Off: 3, New: "b"}, buffer.Change{Off: 2, New: "ab"}, true},
		{"typing inside", buffer.Change{Off: 2, New: "ac"}, buffer.Change{Off: 3, New: "b"}, buffer.Change{Off: 2, New: "abc"}, true},
		{"backspace typed", buffer.Change{Off: 2, New: "ab"}, buffer.Change{Off: 3, Old: "b"}, buffer.Change{Off: 2, New: "a"}, true},
		{"backspace before", buffer.Change{Off: 2, New: "a"}, buffer.Change{Off: 1, Old: "x"}, buffer.Change{Off: 1, Old: "x", New: "a"}, true},
		{"x x x", buffer.Change{Off: 4, Old: "a"}, buffer.Change{Off: 4, Old: "b"}, buffer.Change{Off: 4, Old: "ab"}, true},
		{"dd dd", buffer.Change{Off: 0, Old: "l1\n"}, buffer.Change{Off: 0, Old: "l2\n"}, buffer.Change{Off: 0, Old: "l1\nl2\n"}, true},
		{"far away", buffer.Change{Off: 2, New: "a"}, buffer.Change{Off: 9, New: "b"}, buffer.Change{}, false},
		{"before, not touching", buffer.Change{Off: 5, New: "a"}, buffer.Change{Off: 1, Old: "x"}, buffer.Change{}, false},
	}
	for _, tc := range tests {
		got, ok := merge(tc.p, tc.c)
		if ok != tc.merged || (ok && got != tc.want) {
			t.Errorf("%s: merge = %+v, %v; want %+v, %v", tc.name, got, ok, tc.want, tc.merged)
		}
	}
}

// TestMergeExact checks on random edits that a merged change does what
// the two changes did, from the same text.
func TestMergeExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	src := randSource{rng}
	merged := 0
	for range 20000 {
		r := buffer.FromString(strings.Repeat("ab\ncd é", 1+rng.IntN(3)))
		p := randomChange(src, r)
		r1, err := r.Apply(p)
		if err != nil {
			t.Fatal(err)
		}
		c := randomChange(src, r1)
		if rng.IntN(2) == 0 {
			c = contiguous(src, r1, p)
		}
		r2, err := r1.Apply(c)
		if err != nil {
			continue
		}
		m, ok := merge(p, c)
		if !ok {
			continue
		}
		merged++
		got, err := r.Apply(m)
		if err != nil || !got.Equal(r2) {
			t.Fatalf("merge(%+v, %+v) = %+v: %v, %q want %q", p, c, m, err, got.String(), r2.String())
		}
		back, err := got.Apply(m.Inverse())
		if err != nil || !back.Equal(r) {
			t.Fatalf("inverse of %+v does not restore the text", m)
		}
	}
	if merged < 1000 {
		t.Fatalf("only %d merges exercised", merged)
	}
}

func TestTypingStoresOneChange(t *testing.T) {
	tr, _ := testTree("hello\n", Options{})
	tr.Save(Pos{Col: 5}, SourceTyped)
	for i := range 1000 {
		if err := tr.Apply(buffer.Change{Off: 5 + i, New: "x"}); err != nil {
			t.Fatal(err)
		}
	}
	tr.Sync()
	s := tr.Snapshot()
	n, _ := s.Node(1)
	if len(n.Changes) != 1 || n.Added != 1000 || n.Deleted != 0 {
		t.Fatalf("node 1: %d changes, +%d -%d", len(n.Changes), n.Added, n.Deleted)
	}
	if r := tr.Undo(1); r.Text.String() != "hello\n" || r.Message != "1 change; before #1  0 seconds ago" {
		t.Fatalf("undo: %q %q", r.Text.String(), r.Message)
	}
}

func TestParseTimeArg(t *testing.T) {
	tests := []struct {
		arg       string
		n         int64
		sec, file bool
		bad       bool
	}{
		{arg: "", n: 1},
		{arg: "3", n: 3},
		{arg: "0", n: 0},
		{arg: "10s", n: 10, sec: true},
		{arg: "5m", n: 300, sec: true},
		{arg: "1h", n: 3600, sec: true},
		{arg: "2d", n: 172800, sec: true},
		{arg: "1f", n: 1, file: true},
		{arg: "1h30m", n: 5400, sec: true},
		{arg: "2m10s", n: 130, sec: true},
		{arg: " 4 ", n: 4},
		{arg: "3x", bad: true},
		{arg: "foo", bad: true},
		{arg: "1y", bad: true},
		{arg: "1f2s", bad: true},
		{arg: "2s1f", bad: true},
		{arg: "1h30", bad: true},
		{arg: "-3", bad: true},
		{arg: "s", bad: true},
	}
	for _, tc := range tests {
		n, sec, file, err := ParseTimeArg(tc.arg)
		if tc.bad {
			want := "E475: Invalid argument: " + strings.TrimSpace(tc.arg)
			if err == nil || err.Error() != want || !errors.Is(err, ErrInvalidArgument) {
				t.Errorf("%q: error %v, want %q", tc.arg, err, want)
			}
			continue
		}
		if err != nil || n != tc.n || sec != tc.sec || file != tc.file {
			t.Errorf("%q: %d %v %v %v, want %d %v %v", tc.arg, n, sec, file, err, tc.n, tc.sec, tc.file)
		}
	}
	tr, _ := testTree("abc\n", Options{})
	if r := tr.Earlier("3x"); r.Err == nil || r.Err.Error() != "E475: Invalid argument: 3x" || r.Moved {
		t.Fatalf("earlier 3x: %+v", r)
	}
}

// TestCombinedDuration checks that :earlier 1h30m means :earlier 5400s.
func TestCombinedDuration(t *testing.T) {
	a, ca := testTree("x\n", Options{})
	b, cb := testTree("x\n", Options{})
	for i := range 40 {
		for _, p := range []struct {
			tr *Tree
			c  *int64
		}{{a, ca}, {b, cb}} {
			*p.c += 300
			commit(t, p.tr, Pos{}, buffer.Change{Off: 0, New: string(rune('a' + i%26))})
		}
	}
	ra, rb := a.Earlier("1h30m"), b.Earlier("5400s")
	if ra.Message != rb.Message || !ra.Text.Equal(rb.Text) || a.SeqCur() != b.SeqCur() || !ra.Moved {
		t.Fatalf("1h30m: %q #%d, 5400s: %q #%d", ra.Message, a.SeqCur(), rb.Message, b.SeqCur())
	}
}

func TestAgeString(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skipf("no tz database: %v", err)
	}
	const then = 1_700_000_000 // 2023-11-14 22:13:20 UTC
	tests := []struct {
		now  int64
		loc  *time.Location
		want string
	}{
		{then, time.UTC, "0 seconds ago"},
		{then + 1, time.UTC, "1 second ago"},
		{then + 99, time.UTC, "99 seconds ago"},
		{then - 5, time.UTC, "-5 seconds ago"},
		{then + 100, time.UTC, "22:13:20"},
		{then + 12*3600 - 1, time.UTC, "22:13:20"},
		{then + 12*3600, time.UTC, "2023/11/14 22:13:20"},
		{then + 150, ny, "17:13:20"},
		{then + 86400, ny, "2023/11/14 17:13:20"},
	}
	for _, tc := range tests {
		if got := AgeString(then, tc.now, tc.loc); got != tc.want {
			t.Errorf("AgeString(+%d, %v) = %q, want %q", tc.now-then, tc.loc, got, tc.want)
		}
	}
}

func TestReload(t *testing.T) {
	tr, _ := testTree("one\ntwo\nthree", Options{})
	commit(t, tr, Pos{}, buffer.Change{Off: 0, Old: "o", New: "O"})
	tr.MarkSaved()
	commit(t, tr, Pos{}, buffer.Change{Off: 0, Old: "O", New: "0"})
	tr.SetCursor(Pos{Line: 2, Col: 1})
	tr.Reload(buffer.FromString("One\ntwo\nTHREE\nfour"), SourceReload)
	if tr.Modified() || tr.SeqLast() != 3 || tr.Text().String() != "One\ntwo\nTHREE\nfour" {
		t.Fatalf("after reload: modified %v seq_last %d text %q", tr.Modified(), tr.SeqLast(), tr.Text().String())
	}
	s := tr.Snapshot()
	n, _ := s.Node(3)
	if len(n.Changes) != 1 || n.Changes[0] != (buffer.Change{Off: 0, Old: "0ne\ntwo\nthree", New: "One\ntwo\nTHREE\nfour"}) {
		t.Fatalf("reload change %+v", n.Changes)
	}
	if n.CursorBefore != (Pos{}) {
		t.Fatalf("reload cursor %v, want the first changed line", n.CursorBefore)
	}
	r := tr.Undo(1)
	if r.Text.String() != "0ne\ntwo\nthree" || !tr.Modified() {
		t.Fatalf("undo reload: %q modified %v", r.Text.String(), tr.Modified())
	}
	if r.Message != "1 line less; before #3  0 seconds ago" || r.Cursor != (Pos{}) {
		t.Fatalf("undo reload: %q cursor %v", r.Message, r.Cursor)
	}
	if r := tr.Redo(1); tr.Modified() || r.Text.String() != "One\ntwo\nTHREE\nfour" {
		t.Fatalf("redo reload: modified %v", tr.Modified())
	}
	// Reloading the same text still makes an undoable node, as Vim does.
	tr.Reload(tr.Text(), SourceExternal)
	if tr.SeqLast() != 4 || tr.Len() != 4 {
		t.Fatalf("identical reload: seq_last %d, %d nodes", tr.SeqLast(), tr.Len())
	}
	if r := tr.Undo(1); r.Message != "4 changes; before #4  0 seconds ago" {
		t.Fatalf("undo identical reload: %q", r.Message)
	}
	// Without history the reload simply replaces the text.
	tr.SetLevels(-1)
	tr.Reload(buffer.FromString("x"), SourceReload)
	if tr.Len() != 0 || tr.Text().String() != "x" || tr.SeqLast() != 4 {
		t.Fatalf("reload without history: %d nodes, %q, seq_last %d", tr.Len(), tr.Text().String(), tr.SeqLast())
	}
}

func TestLabels(t *testing.T) {
	tr, _ := testTree("abc\n", Options{})
	if err := tr.Label("start"); !errors.Is(err, ErrNoChangeToLabel) {
		t.Fatalf("label at the root: %v", err)
	}
	commit(t, tr, Pos{}, buffer.Change{Off: 0, Old: "a"})
	if err := tr.Label("one"); err != nil {
		t.Fatal(err)
	}
	commit(t, tr, Pos{}, buffer.Change{Off: 0, Old: "b"})
	for _, bad := range []string{"", "12", "a b", "x\ty"} {
		if tr.Label(bad) == nil {
			t.Errorf("label %q accepted", bad)
		}
	}
	if err := tr.Label("two"); err != nil {
		t.Fatal(err)
	}
	r := tr.GotoLabel("one")
	if r.Text.String() != "bc\n" || tr.SeqCur() != 1 {
		t.Fatalf("goto one: %q seq_cur %d", r.Text.String(), tr.SeqCur())
	}
	if r := tr.GotoLabel("nope"); r.Err == nil || r.Moved {
		t.Fatalf("unknown label: %+v", r)
	}
	// Moving a name: "two" now names state 1, which loses "one".
	if err := tr.Label("two"); err != nil {
		t.Fatal(err)
	}
	if seq, ok := tr.LabelSeq("two"); !ok || seq != 1 {
		t.Fatalf("two names #%d", seq)
	}
	if _, ok := tr.LabelSeq("one"); ok {
		t.Fatal("one still names a state")
	}
	s := tr.Snapshot()
	if n, _ := s.Node(1); n.Label != "two" {
		t.Fatalf("node 1 label %q", n.Label)
	}
	if seq, ok := s.LabelSeq("two"); !ok || seq != 1 {
		t.Fatal("snapshot label")
	}
}

// chain makes n one-character commits.
func chain(t *testing.T, tr *Tree, n int) {
	for i := range n {
		commit(t, tr, Pos{}, buffer.Change{Off: 0, New: string(rune('a' + i%26))})
	}
}

func TestPruneKeepsCurrentPath(t *testing.T) {
	tr, _ := testTree("", Options{})
	chain(t, tr, 10)
	tr.Undo(4)                                            // state #6, #7..#10 redo-able
	commit(t, tr, Pos{}, buffer.Change{Off: 0, New: "Z"}) // #11, branch
	tr.Undo(1)                                            // state #6, curhead #11
	want := tr.Text().String()
	if n := tr.Prune(3); n == 0 {
		t.Fatal("nothing pruned")
	}
	if err := checkInvariants(tr); err != nil {
		t.Fatal(err)
	}
	if tr.Text().String() != want || tr.Current() != 6 {
		t.Fatalf("prune moved the text: state #%d", tr.Current())
	}
	s := tr.Snapshot()
	// The current state and its path survive; only the state itself is left
	// on the path once the root has been folded up to it.
	if _, ok := s.Node(6); !ok {
		t.Fatal("current state pruned")
	}
	if tr.Len() != 3 && tr.Len() > 3 {
		t.Fatalf("%d nodes left", tr.Len())
	}
	if lst := tr.List(); !strings.HasSuffix(lst[0], "older states folded)") {
		t.Fatalf("undolist header %q", lst[0])
	}
	// It never goes below the current state.
	tr.Prune(0)
	if _, ok := tr.Snapshot().Node(6); !ok || tr.Text().String() != want {
		t.Fatal("Prune(0) removed the current state")
	}
	if r := tr.Undo(1); r.Message != MsgOldest {
		// #6 is now the only node on the path and the root is its parent.
		if r.Text.String() == want {
			t.Fatalf("undo after prune: %+v", r)
		}
	}
}

func TestMaxNodes(t *testing.T) {
	tr, _ := testTree("", Options{MaxNodes: 50})
	chain(t, tr, 200)
	if tr.Len() != 50 || tr.SeqLast() != 200 || tr.Pruned() != 150 {
		t.Fatalf("%d nodes, seq_last %d, pruned %d", tr.Len(), tr.SeqLast(), tr.Pruned())
	}
	if lst := tr.List(); lst[0] != ListHeader+"  (150 older states folded)" {
		t.Fatalf("header %q", lst[0])
	}
	r := tr.Undo(100)
	if tr.SeqCur() != 0 || r.Message != "50 changes; before #151  0 seconds ago" {
		t.Fatalf("undo all: seq_cur %d %q", tr.SeqCur(), r.Message)
	}
	if err := checkInvariants(tr); err != nil {
		t.Fatal(err)
	}
	// 'undolevels' pruning does not count as kjx pruning (Vim's :undolist).
	v, _ := testTree("", Options{Levels: 5, LevelsSet: true})
	chain(t, v, 20)
	if v.Pruned() != 0 || v.List()[0] != ListHeader || v.Len() != 6 {
		t.Fatalf("undolevels: pruned %d, %d nodes, %q", v.Pruned(), v.Len(), v.List()[0])
	}
}

func TestUndoWithOpenBlock(t *testing.T) {
	tr, _ := testTree("abc\n", Options{})
	commit(t, tr, Pos{}, buffer.Change{Off: 0, Old: "a"})
	tr.Save(Pos{}, SourceTyped)
	if err := tr.Apply(buffer.Change{Off: 0, Old: "b"}); err != nil {
		t.Fatal(err)
	}
	// Vim: u while the block is open closes it and undoes only that block.
	if r := tr.Undo(5); r.Text.String() != "bc\n" || tr.SeqCur() != 1 {
		t.Fatalf("undo open block: %q #%d", r.Text.String(), tr.SeqCur())
	}
}

func TestApplyWithoutHistory(t *testing.T) {
	tr, _ := testTree("abc\n", Options{Levels: -1, LevelsSet: true})
	commit(t, tr, Pos{}, buffer.Change{Off: 0, Old: "a"})
	if tr.Len() != 0 || tr.SeqLast() != 0 || tr.Text().String() != "bc\n" {
		t.Fatalf("%d nodes, seq_last %d, %q", tr.Len(), tr.SeqLast(), tr.Text().String())
	}
	if r := tr.Undo(1); r.Message != MsgOldest {
		t.Fatalf("undo: %q", r.Message)
	}
	if err := tr.Apply(buffer.Change{Off: 9, Old: "zz"}); err == nil {
		t.Fatal("a change that does not match the text was accepted")
	}
}

// TestOpenLineAtEndWithoutNewline covers `o` on the last line of a text
// without a final newline: the editor inserts "\ntext".
func TestOpenLineAtEndWithoutNewline(t *testing.T) {
	tr, _ := testTree("one\ntwo", Options{})
	commit(t, tr, Pos{Line: 1, Col: 2}, buffer.Change{Off: 7, New: "\nthree"})
	r := tr.Undo(1)
	if r.Text.String() != "one\ntwo" || r.Cursor != (Pos{Line: 1, Col: 2}) || r.Message != "1 line less; before #1  0 seconds ago" {
		t.Fatalf("undo: %q %v %q", r.Text.String(), r.Cursor, r.Message)
	}
	r = tr.Redo(1)
	if r.Cursor != (Pos{Line: 1, Col: 2}) || r.Message != "1 more line; after #1  0 seconds ago" {
		t.Fatalf("redo: %v %q", r.Cursor, r.Message)
	}
}

// TestSnapshotIsolation takes snapshots at awkward moments (mid-block,
// before a join, before pruning and compaction) and checks that they never
// change afterwards.
func TestSnapshotIsolation(t *testing.T) {
	tr, _ := testTree("start\n", Options{Levels: 300, LevelsSet: true})
	rng := rand.New(rand.NewPCG(9, 9))
	src := randSource{rng}
	type held struct {
		s   Snapshot
		img Image
		txt string
	}
	var hs []held
	for i := range 3000 {
		tr.Save(Pos{}, SourceTyped)
		for k := rng.IntN(3); k >= 0; k-- {
			if err := tr.Apply(randomChange(src, tr.Text())); err != nil {
				t.Fatal(err)
			}
			if i%97 == 0 {
				s := tr.Snapshot()
				hs = append(hs, held{s, s.Export(), s.Text().String()})
			}
		}
		tr.Sync()
		if i%13 == 0 {
			s := tr.Snapshot()
			hs = append(hs, held{s, s.Export(), s.Text().String()})
			_ = tr.Join()
			if err := tr.Apply(randomChange(src, tr.Text())); err != nil {
				t.Fatal(err)
			}
			tr.Sync()
		}
		if i%31 == 0 {
			tr.Undo(2)
			tr.MarkSaved()
			_ = tr.Label("l")
		}
		if i == 2000 {
			tr.Prune(20)
		}
	}
	for _, h := range hs {
		if img := h.s.Export(); !reflect.DeepEqual(img, h.img) || h.s.Text().String() != h.txt {
			t.Fatalf("snapshot %d changed", h.s.Gen())
		}
	}
}

func TestRestoreRejects(t *testing.T) {
	tr, _ := testTree("abc\n", Options{})
	commit(t, tr, Pos{}, buffer.Change{Off: 0, Old: "a"})
	commit(t, tr, Pos{}, buffer.Change{Off: 0, Old: "b"})
	tr.Undo(1)
	commit(t, tr, Pos{}, buffer.Change{Off: 0, New: "X"})
	tr.MarkSaved()
	_ = tr.Label("x")
	text := tr.Text()
	good := tr.Export()
	if _, err := Restore(text, tr.Current(), good, Options{}); err != nil {
		t.Fatalf("good image rejected: %v", err)
	}
	mutations := map[string]func(img *Image){
		"duplicate seq":        func(img *Image) { img.Nodes[1].Seq = img.Nodes[0].Seq },
		"seq above seq_last":   func(img *Image) { img.SeqLast = 1 },
		"dangling parent":      func(img *Image) { img.Nodes[1].Parent = 42 },
		"parent after child":   func(img *Image) { img.Nodes[0].Parent = 3 },
		"child not listed":     func(img *Image) { img.Nodes[0].Children = nil },
		"child listed twice":   func(img *Image) { img.Nodes[0].Children = []int{3, 3} },
		"wrong child":          func(img *Image) { img.Nodes[0].Children = []int{2} },
		"root child missing":   func(img *Image) { img.RootChildren = nil },
		"missing head":         func(img *Image) { img.NewHead = 99 },
		"curhead not first":    func(img *Image) { img.CurHead = 2 },
		"change does not fit":  func(img *Image) { img.Nodes[1].Changes[0].Old = "zz" },
		"negative offset":      func(img *Image) { img.Nodes[0].Changes[0].Off = -1 },
		"write number too big": func(img *Image) { img.Nodes[0].SaveNr = 5 },
		"write number twice":   func(img *Image) { img.Nodes[0].SaveNr = 1; img.Nodes[2].SaveNr = 1 },
		"label twice":          func(img *Image) { img.Nodes[0].Label = "x" },
		"bad label":            func(img *Image) { img.Nodes[0].Label = "12" },
		"seq_cur too big":      func(img *Image) { img.SeqCur = 9 },
		"negative cursor":      func(img *Image) { img.Nodes[0].CursorAfter.Col = -1 },
		"no heads":             func(img *Image) { img.CurHead, img.NewHead = 0, 0 },
		"newhead with children": func(img *Image) {
			img.CurHead, img.NewHead = 0, 1
		},
		"cycle": func(img *Image) {
			img.Nodes[0].Parent = 3
			img.Nodes[2].Children = []int{1}
			img.RootChildren = []int{2, 3}
		},
		"nodes out of order":   func(img *Image) { img.Nodes[0], img.Nodes[1] = img.Nodes[1], img.Nodes[0] },
		"line delta mismatch":  func(img *Image) { img.Nodes[0].Lines = [2]int{1, 2} },
		"negative line counts": func(img *Image) { img.Nodes[0].Lines = [2]int{-1, -1} },
	}
	for name, mutate := range mutations {
		img := tr.Export()
		mutate(&img)
		if nt, err := Restore(text, tr.Current(), img, Options{}); err == nil || nt != nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := Restore(text, 7, good, Options{}); err == nil {
		t.Error("text of a missing state accepted")
	}
	if _, err := Restore(buffer.FromString("other\n"), tr.Current(), good, Options{}); err == nil {
		t.Error("text that does not belong to the state accepted")
	}
}

// TestRestoreAtOtherState restores with the disk text of an older state:
// the tree stands there, unmodified, with the newer changes redo-able.
func TestRestoreAtOtherState(t *testing.T) {
	tr, _ := testTree("abc\n", Options{})
	commit(t, tr, Pos{}, buffer.Change{Off: 0, Old: "a"})
	tr.MarkSaved()
	commit(t, tr, Pos{}, buffer.Change{Off: 0, Old: "b"})
	s := tr.Snapshot()
	disk, err := s.TextAt(1)
	if err != nil {
		t.Fatal(err)
	}
	nt, err := Restore(disk, 1, s.Export(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if nt.Modified() || nt.SeqCur() != 1 || nt.SaveCur() != 1 || nt.Current() != 1 {
		t.Fatalf("restored: modified %v seq_cur %d save_cur %d", nt.Modified(), nt.SeqCur(), nt.SaveCur())
	}
	if err := checkInvariants(nt); err != nil {
		t.Fatal(err)
	}
	if r := nt.Redo(1); r.Text.String() != "c\n" || !nt.Modified() {
		t.Fatalf("redo the unsaved change: %q modified %v", r.Text.String(), nt.Modified())
	}
}
