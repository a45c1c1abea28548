package undo

import (
	"compress/gzip"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
)

// BenchmarkCommit is one typed change: Save, one Apply, Sync, with the
// default 'undolevels' (so every commit past 1 000 also prunes one node).
func BenchmarkCommit(b *testing.B) {
	clock := int64(1_700_000_000)
	tr := New(buffer.FromString("hello world\n"), Options{Now: func() time.Time { return time.Unix(clock, 0) }})
	b.ReportAllocs()
	defer testkit.CPUPerOp(b)()
	for i := 0; b.Loop(); i++ {
		tr.Save(Pos{}, SourceTyped)
		var c buffer.Change
		if i%2 == 0 {
			c = buffer.Change{Off: 5, New: "x"}
		} else {
			c = buffer.Change{Off: 5, Old: "x"}
		}
		if err := tr.Apply(c); err != nil {
			b.Fatal(err)
		}
		tr.Sync()
	}
}

// BenchmarkCommitWithSnapshot is a commit followed by the snapshot the
// editor publishes after each batch of input (the copy-on-write cost).
func BenchmarkCommitWithSnapshot(b *testing.B) {
	tr := New(buffer.FromString("hello world\n"), Options{})
	var s Snapshot
	b.ReportAllocs()
	defer testkit.CPUPerOp(b)()
	for i := 0; b.Loop(); i++ {
		tr.Save(Pos{}, SourceTyped)
		c := buffer.Change{Off: 5, New: "x"}
		if i%2 == 1 {
			c = buffer.Change{Off: 5, Old: "x"}
		}
		if err := tr.Apply(c); err != nil {
			b.Fatal(err)
		}
		tr.Sync()
		s = tr.Snapshot()
	}
	_ = s
}

// BenchmarkUndoRedo is one u or CTRL-R step in a 1 000-node history.
func BenchmarkUndoRedo(b *testing.B) {
	tr := New(buffer.FromString("hello world\n"), Options{})
	for range 1000 {
		tr.Save(Pos{}, SourceTyped)
		if err := tr.Apply(buffer.Change{Off: 3, New: "ab"}); err != nil {
			b.Fatal(err)
		}
		tr.Sync()
	}
	b.ReportAllocs()
	defer testkit.CPUPerOp(b)()
	for i := 0; b.Loop(); i++ {
		var r Result
		if i%2 == 0 {
			r = tr.Undo(1)
		} else {
			r = tr.Redo(1)
		}
		if !r.Moved {
			b.Fatal(r.Message)
		}
	}
}

// branchingTree builds n nodes: typing with frequent undos that start new
// branches, one change every few seconds, the way a long session grows.
func branchingTree(b *testing.B, n int) (*Tree, *int64) {
	clock := new(int64)
	*clock = 1_700_000_000
	tr := New(buffer.FromString("package main\n\nfunc main() {\n}\n"), Options{
		Now: func() time.Time { return time.Unix(*clock, 0) }, Levels: n + 1, LevelsSet: true, MaxNodes: -1,
	})
	rng := rand.New(rand.NewPCG(1, 2))
	src := randSource{rng}
	for tr.Len() < n {
		*clock += int64(rng.IntN(6))
		tr.Save(Pos{}, SourceTyped)
		if err := tr.Apply(randomChange(src, tr.Text())); err != nil {
			b.Fatal(err)
		}
		tr.Sync()
		if rng.IntN(10) == 0 {
			tr.Undo(1 + rng.IntN(5))
		}
	}
	return tr, clock
}

// BenchmarkEarlierLater10m alternates :earlier 10m and :later 10m in a
// 100 000-node branching tree (each is a full time search and a jump).
func BenchmarkEarlierLater10m(b *testing.B) {
	tr, _ := branchingTree(b, 100_000)
	b.ReportAllocs()
	defer testkit.CPUPerOp(b)()
	for i := 0; b.Loop(); i++ {
		var r Result
		if i%2 == 0 {
			r = tr.Earlier("10m")
		} else {
			r = tr.Later("10m")
		}
		if r.Err != nil {
			b.Fatal(r.Err)
		}
	}
}

// BenchmarkGMinusGPlus alternates g- and g+ in a 100 000-node branching
// tree: consecutive seqs are often on different branches.
func BenchmarkGMinusGPlus(b *testing.B) {
	tr, _ := branchingTree(b, 100_000)
	tr.Goto(50_000)
	b.ReportAllocs()
	defer testkit.CPUPerOp(b)()
	for i := 0; b.Loop(); i++ {
		n := -1
		if i%2 == 1 {
			n = 1
		}
		if r := tr.Step(n); r.Err != nil {
			b.Fatal(r.Err)
		}
	}
}

// BenchmarkGMinusWalkLiteral is g- with Vim's literal walk forced, for
// comparison with the shortcut.
func BenchmarkGMinusWalkLiteral(b *testing.B) {
	tr, _ := branchingTree(b, 100_000)
	tr.Goto(50_000)
	tr.literal = true
	b.ReportAllocs()
	defer testkit.CPUPerOp(b)()
	for i := 0; b.Loop(); i++ {
		n := -1
		if i%2 == 1 {
			n = 1
		}
		tr.Step(n)
	}
}

// BenchmarkSnapshot takes a snapshot of a 100 000-node tree.
func BenchmarkSnapshot(b *testing.B) {
	tr, _ := branchingTree(b, 100_000)
	var s Snapshot
	b.ReportAllocs()
	defer testkit.CPUPerOp(b)()
	for b.Loop() {
		s = tr.Snapshot()
	}
	_ = s
}

type traceFile struct {
	StartContent string `json:"startContent"`
	Txns         []struct {
		Time    string  `json:"time"`
		Patches [][]any `json:"patches"`
	} `json:"txns"`
}

type tracePatch struct {
	pos, del int
	ins      string
}

type traceTxn struct {
	time    int64
	patches []tracePatch
}

func loadTrace(b *testing.B, name string) (string, []traceTxn) { return loadTraceT(b, name) }

func loadTraceT(b testing.TB, name string) (string, []traceTxn) {
	f, err := os.Open(filepath.Join(sharedDir(b), "traces", name))
	if err != nil {
		b.Skipf("needs ../shared/traces/%s: %v", name, err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		b.Fatal(err)
	}
	var tf traceFile
	if err := json.NewDecoder(zr).Decode(&tf); err != nil {
		b.Fatal(err)
	}
	txns := make([]traceTxn, len(tf.Txns))
	for i, tx := range tf.Txns {
		tm, err := time.Parse(time.RFC3339, tx.Time)
		if err != nil {
			b.Fatal(err)
		}
		txns[i].time = tm.Unix()
		for _, p := range tx.Patches {
			txns[i].patches = append(txns[i].patches, tracePatch{
				pos: int(p[0].(float64)), del: int(p[1].(float64)), ins: p[2].(string),
			})
		}
	}
	return tf.StartContent, txns
}

// BenchmarkReplaySephBlog1 replays the 137 154 timestamped transactions of
// seph-blog1 into a rope and a tree (the clock is the trace's), then runs
// :earlier 1d and :later 1d.
func BenchmarkReplaySephBlog1(b *testing.B) {
	start, txns := loadTrace(b, "seph-blog1.json.gz")
	b.ReportAllocs()
	defer testkit.CPUPerOp(b)()
	for b.Loop() {
		clock := int64(0)
		tr := New(buffer.FromString(start), Options{
			Now: func() time.Time { return time.Unix(clock, 0) }, Levels: len(txns) + 1, LevelsSet: true, MaxNodes: -1,
		})
		for _, tx := range txns {
			clock = tx.time
			tr.Save(Pos{}, SourceTyped)
			for _, p := range tx.patches {
				r := tr.Text()
				c := buffer.Change{Off: p.pos, Old: r.SliceString(p.pos, p.pos+p.del), New: p.ins}
				if err := tr.Apply(c); err != nil {
					b.Fatal(err)
				}
			}
			tr.Sync()
		}
		if r := tr.Earlier("1d"); !r.Moved {
			b.Fatalf("earlier 1d: %q %v", r.Message, r.Err)
		}
		if r := tr.Later("1d"); !r.Moved {
			b.Fatalf("later 1d: %q %v", r.Message, r.Err)
		}
	}
}

// BenchmarkReplaySephBlog1RopeOnly replays the same trace into the rope
// alone: the part of BenchmarkReplaySephBlog1 that is not the tree's.
func BenchmarkReplaySephBlog1RopeOnly(b *testing.B) {
	start, txns := loadTrace(b, "seph-blog1.json.gz")
	b.ReportAllocs()
	defer testkit.CPUPerOp(b)()
	for b.Loop() {
		r := buffer.FromString(start)
		for _, tx := range txns {
			for _, p := range tx.patches {
				var err error
				c := buffer.Change{Off: p.pos, Old: r.SliceString(p.pos, p.pos+p.del), New: p.ins}
				if r, err = r.Apply(c); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// BenchmarkRedoLen100k counts the states ahead for the status line
// ("↶ N") at the root of a straight 100 000-state history: the longest
// walk the count can make there.
func BenchmarkRedoLen100k(b *testing.B) {
	tr := New(buffer.FromString(""), Options{Levels: 200000, LevelsSet: true, MaxNodes: -1})
	for i := 0; i < 100000; i++ {
		tr.Save(Pos{}, SourceTyped)
		if err := tr.Apply(buffer.Change{Off: tr.Text().Len(), New: "x"}); err != nil {
			b.Fatal(err)
		}
		tr.Sync()
	}
	tr.Goto(0)
	s := tr.Snapshot()
	if n := s.RedoLen(); n != 100000 {
		b.Fatalf("RedoLen %d at the root, want 100000", n)
	}
	b.ReportAllocs()
	for b.Loop() {
		s.RedoLen()
	}
}

// BenchmarkLongJumpTracked alternates :undo 1 and :undo N across a
// 40 000-node history typed into a growing text, tracking the path as the
// editor does (line entries for the marks): the movements of a replayed
// editing session's time travel. Each crosses about 20 000 nodes.
func BenchmarkLongJumpTracked(b *testing.B) {
	tr := New(buffer.FromString(""), Options{Levels: 100_000, LevelsSet: true, MaxNodes: -1})
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 40_000 {
		off := rng.IntN(tr.Text().Len() + 1) // ASCII: every offset starts a rune
		s := "ab"
		if i%3 == 0 {
			s = "x\n"
		}
		tr.Save(Pos{}, SourceTyped)
		if err := tr.Apply(buffer.Change{Off: off, New: s}); err != nil {
			b.Fatal(err)
		}
		tr.Sync()
	}
	tr.TrackPath(true)
	b.ReportAllocs()
	defer testkit.CPUPerOp(b)()
	for i := 0; b.Loop(); i++ {
		seq := 1
		if i%2 == 1 {
			seq = 20_000 + rng.IntN(20_000)
		}
		if r := tr.Goto(seq); r.Err != nil || len(tr.LastPath()) < 10_000 {
			b.Fatalf("goto %d: %v, %d steps", seq, r.Err, len(tr.LastPath()))
		}
	}
}
