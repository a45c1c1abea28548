package undopanel

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// drawGraph renders every display row of v as ASCII, top first, with the
// node seq after each node row: a readable picture for failures and
// golden-style checks.
func drawGraph(v *View) string {
	var b strings.Builder
	var g []Glyph
	for r, ok := v.TopRow(), true; ok; r, ok = v.Down(r) {
		g = v.Graph(r, g)
		for _, c := range g {
			b.WriteString(asciiGlyph[c])
		}
		if r.IsNode() {
			if r.Folded() {
				fmt.Fprintf(&b, " %d-%d", v.L.Seq(r.Bottom), v.L.Seq(r.Top))
			} else {
				fmt.Fprintf(&b, " %d", v.L.Seq(r.Top))
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

var asciiGlyph = map[Glyph]string{GNone: " ", GVert: "|", GNode: "o", GFold: "=", GHoriz: "-", GCross: "+",
	GTeeRight: "}", GTeeLeft: "{", GUpRight: "`", GUpLeft: "'", GDownRight: ".", GDownLeft: ","}

func TestLayoutSmall(t *testing.T) {
	// 0 ← 1 ← 2, undo to 1, type 3; undo to 0, type 4 then 5.
	tr := newMemTree()
	tr.add(0)
	tr.add(1)
	tr.add(1)
	tr.add(0)
	tr.add(4)
	var l Layout
	l.Sync(tr)
	v := View{L: &l, Cur: 5, Sel: -1}
	got := drawGraph(&v)
	want := "" +
		"    o  5\n" +
		"    o  4\n" +
		"  o |  3\n" +
		"o | |  2\n" +
		"}-' | \n" +
		"o   |  1\n" +
		"}---' \n" +
		"o      0\n"
	checkLayout(t, tr, &l)
	if got != want {
		t.Errorf("graph:\n%s\nwant:\n%s", got, want)
	}
}

// checkLayout verifies the layout against the tree: every node shows
// exactly once, and every edge can be traced through the drawn graph from
// the child down to its parent without ambiguity.
func checkLayout(t *testing.T, tr *memTree, l *Layout) {
	t.Helper()
	if l.Len() != tr.Len() {
		t.Fatalf("layout has %d nodes, tree %d", l.Len(), tr.Len())
	}
	v := View{L: l, Cur: -1, Sel: -1}
	// Collect every display row, top to bottom.
	var rows []Row
	var grid [][]Glyph
	seen := make([]int, tr.Len())
	rowOfNode := make([]int, tr.Len())
	for r, ok := v.TopRow(), true; ok; r, ok = v.Down(r) {
		if len(rows) > 0 {
			if up, ok := v.Up(r); !ok || up != rows[len(rows)-1] {
				t.Fatalf("Up(Down(%v)) = %v, want %v", rows[len(rows)-1], up, rows[len(rows)-1])
			}
		}
		rows = append(rows, r)
		grid = append(grid, v.Graph(r, nil))
		if r.IsNode() {
			seen[r.Top]++
			rowOfNode[r.Top] = len(rows) - 1
		}
	}
	for i, n := range seen {
		if n != 1 {
			t.Fatalf("node %d shown %d times\n%s", i, n, drawGraph(&v))
		}
	}
	for c := 1; c < tr.Len(); c++ {
		p := l.Row(tr.Node(c).Parent)
		if err := traceEdge(grid, rows, rowOfNode[c], l.Lane(c)); err != nil || rowOfNode[p] != mustTrace(grid, rows, rowOfNode[c], l.Lane(c)) {
			t.Fatalf("edge %d→%d: %v (ends at row %d, parent at row %d)\n%s", c, p, err,
				mustTrace(grid, rows, rowOfNode[c], l.Lane(c)), rowOfNode[p], drawGraph(&v))
		}
		if l.Lane(p) != glyphLaneAt(grid[rowOfNode[p]]) {
			t.Fatalf("node %d drawn in lane %d, laid out in %d", p, glyphLaneAt(grid[rowOfNode[p]]), l.Lane(p))
		}
	}
}

func glyphLaneAt(g []Glyph) int {
	for i, c := range g {
		if c == GNode || c == GFold {
			return i / 2
		}
	}
	return -1
}

func mustTrace(grid [][]Glyph, rows []Row, from, lane int) int {
	end, _ := trace(grid, rows, from, lane)
	return end
}

func traceEdge(grid [][]Glyph, rows []Row, from, lane int) error {
	_, err := trace(grid, rows, from, lane)
	return err
}

// trace follows the line leaving the node drawn at row from, lane lane,
// downwards and returns the row of the node it reaches.
func trace(grid [][]Glyph, rows []Row, from, lane int) (int, error) {
	y := from + 1
	for ; y < len(grid); y++ {
		g := grid[y][2*lane]
		switch g {
		case GVert, GTeeRight, GTeeLeft, GCross:
			continue
		case GNode, GFold:
			return y, nil
		case GUpLeft, GUpRight:
			// Follow the horizontal to the source lane of the connector.
			step := -1
			if g == GUpRight {
				step = 1
			}
			x := 2*lane + step
			for x >= 0 && x < len(grid[y]) && (grid[y][x] == GHoriz || grid[y][x] == GCross) {
				x += step
			}
			if x < 0 || x >= len(grid[y]) || x%2 != 0 {
				return y, fmt.Errorf("row %d: horizontal from lane %d runs off", y, lane)
			}
			switch grid[y][x] {
			case GTeeRight, GTeeLeft:
				lane = x / 2
			case GDownRight, GDownLeft:
				lane = x / 2
				if y+1 >= len(grid) || grid[y+1][2*lane] != GNode && grid[y+1][2*lane] != GFold {
					return y, fmt.Errorf("row %d: corner in lane %d not above a node", y, lane)
				}
			default:
				return y, fmt.Errorf("row %d: horizontal from lane %d ends in %v", y, lane, grid[y][x])
			}
		default:
			return y, fmt.Errorf("row %d lane %d: line broken (%v)", y, lane, g)
		}
	}
	return y, fmt.Errorf("line from row %d runs off the bottom", from)
}

func TestLayoutProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	trees, size := 200, 300
	if testkit.RaceEnabled || testing.Short() {
		trees = 40
	}
	for i := 0; i < trees; i++ {
		tr := editingTree(rng, 2+rng.IntN(size))
		var l Layout
		// Grow the layout node by node, as the panel sees a live tree.
		full := tr.nodes
		for n := 1; n <= len(full); n += 1 + rng.IntN(5) {
			tr.nodes = full[:n]
			if l.Sync(tr) && n > 1 {
				t.Fatalf("tree %d: Sync rebuilt an extended tree", i)
			}
		}
		tr.nodes = full
		l.Sync(tr)
		checkLayout(t, tr, &l)
	}
}

func TestLayoutStarKeepsFewLanes(t *testing.T) {
	tr := starTree(1000)
	var l Layout
	l.Sync(tr)
	checkLayout(t, tr, &l)
	if l.Lanes() > 2 {
		t.Errorf("a star of 999 children uses %d lanes, want 2", l.Lanes())
	}
}

func TestFoldProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	trees := 200
	if testkit.RaceEnabled || testing.Short() {
		trees = 40
	}
	for i := 0; i < trees; i++ {
		tr := editingTree(rng, 2+rng.IntN(300))
		var l Layout
		l.Sync(tr)
		v := View{L: &l, Folded: true, Cur: rng.IntN(tr.Len()), Sel: rng.IntN(tr.Len())}
		covered := make([]int, tr.Len())
		var prev Row
		first := true
		for r, ok := v.TopRow(), true; ok; r, ok = v.Down(r) {
			if !first {
				if up, ok := v.Up(r); !ok || up != prev {
					t.Fatalf("tree %d: Up(Down(%v)) = %v", i, prev, up)
				}
			}
			first, prev = false, r
			if !r.IsNode() {
				continue
			}
			for j := r.Bottom; j <= r.Top; j++ {
				covered[j]++
				if j > r.Bottom && (!l.link.get(j) || l.Lane(j) != l.Lane(r.Top)) {
					t.Fatalf("tree %d: fold %v joins %d to %d, which is not a straight run", i, r, j, j-1)
				}
			}
			if r.Folded() && v.Cur >= r.Bottom && v.Cur <= r.Top {
				t.Fatalf("tree %d: current %d hidden in fold %v", i, v.Cur, r)
			}
			if v.Sel > r.Bottom && v.Sel <= r.Top && v.Sel != r.Top {
				t.Fatalf("tree %d: selection %d inside fold %v", i, v.Sel, r)
			}
			if got := v.RowOf(r.Bottom); got != r {
				t.Fatalf("tree %d: RowOf(%d) = %v, want %v", i, r.Bottom, got, r)
			}
		}
		for j, n := range covered {
			if n != 1 {
				t.Fatalf("tree %d: node %d covered %d times\n%s", i, j, n, drawGraph(&v))
			}
		}
	}
}

func TestFoldLinearRun(t *testing.T) {
	tr := newMemTree()
	for i := 0; i < 10; i++ {
		tr.add(tr.cur)
	}
	tr.add(5) // branch at 5
	var l Layout
	l.Sync(tr)
	v := View{L: &l, Folded: true, Cur: 8, Sel: -1}
	got := drawGraph(&v)
	want := "" +
		"  o  11\n" +
		"= |  9-10\n" +
		"o |  8\n" +
		"= |  6-7\n" +
		"}-' \n" +
		"=    0-5\n"
	if got != want {
		t.Errorf("graph:\n%s\nwant:\n%s", got, want)
	}
}

// BenchmarkLayoutAddOne measures adding one node to a laid-out tree of
// 100 000 nodes (the panel's work after one edit). The tree grows with
// b.N; every 100 000 additions it is cut back to its first 100 000
// nodes and laid out again, outside the timing, so memory stays bounded.
func BenchmarkLayoutAddOne(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	tr := editingTree(rng, 100000)
	base := len(tr.nodes)
	var l Layout
	l.Sync(tr)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(tr.nodes) >= 2*base {
			b.StopTimer()
			tr.nodes = tr.nodes[:base]
			tr.cur = base - 1
			l = Layout{}
			l.Sync(tr)
			b.StartTimer()
		}
		tr.add(tr.cur) // a new top node, as one edit makes
		l.Sync(tr)
	}
}

func TestLayoutRefreshesTheGrowingNewestState(t *testing.T) {
	tr := newMemTree()
	tr.add(0)
	tr.add(1)
	var l Layout
	l.Sync(tr)
	tr.nodes[2].Added = 40 // an insert still open: the newest state grows
	l.Sync(tr)
	if a, _ := l.Sizes(0, 2); a != int64(tr.nodes[1].Added+40) {
		t.Errorf("folded total %d after the newest state grew, want %d", a, tr.nodes[1].Added+40)
	}
}
