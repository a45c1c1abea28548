package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// This file turns workloads into editor-neutral Scripts and the texts
// they must produce. Everything here is pure (no files, no processes), so
// the tests can check it on tiny inputs.

// placeholders are the characters that may stand for a newline while a
// text is typed (see insertLines); the first one the trace never uses is
// taken.
var placeholders = []string{"¶", "§", "¤", "¦", "µ"}

// placeholderFor picks a newline placeholder that occurs in no text of tr.
func placeholderFor(tr *Trace) (string, error) {
next:
	for _, ph := range placeholders {
		if strings.Contains(tr.Start, ph) {
			continue
		}
		for _, tx := range tr.Txns {
			for _, p := range tx.Patches {
				if strings.Contains(p.Ins, ph) {
					continue next
				}
			}
		}
		return ph, nil
	}
	return "", errors.New("every newline placeholder occurs in the trace")
}

// undoLevels is the 'undolevels' both editors get: enough to keep every
// change of the workload (Vim's default of 1000 would drop history).
func undoLevels(changes int) string {
	return "set ul=" + strconv.Itoa(max(changes+100, 1000))
}

// traceScript types every transaction of tr as one undo block at its
// recorded time, then writes replay.txt (must be tr.End), goes back and
// forth a day (":earlier 1d", ":later 1d"), writes travel.txt, goes back to
// the original text (":undo 0") and writes undo0.txt (must be tr.Start).
// tr must replay cleanly (Trace.Check).
func traceScript(tr *Trace) (*Script, error) {
	s, err := traceReplay(tr)
	if err != nil {
		return nil, err
	}
	s.Path("w!", DirOut, "replay.txt")
	s.Ex("earlier 1d")
	s.Ex("later 1d")
	s.Path("w!", DirOut, "travel.txt")
	s.Ex("undo 0")
	s.Path("w!", DirOut, "undo0.txt")
	s.Quit()
	return s, s.Err()
}

// traceReplay is the typing part of traceScript. Times are made
// non-decreasing and at least 1 (Vim's test_settime(0) would switch back
// to the real clock).
func traceReplay(tr *Trace) (*Script, error) {
	ph, err := placeholderFor(tr)
	if err != nil {
		return nil, err
	}
	clock := int64(1)
	if len(tr.Txns) > 0 {
		clock = max(tr.Txns[0].Time, 1)
	}
	s := NewScript(clock)
	s.Ex(undoLevels(len(tr.Txns)))
	m := newModel(tr.Start)
	for i, tx := range tr.Txns {
		s.SetTime(tx.Time)
		for j, p := range tx.Patches {
			if err := typePatch(s, m, p, ph); err != nil {
				return nil, fmt.Errorf("txn %d patch %d: %w", i, j, err)
			}
		}
		s.EndTxn()
	}
	return s, s.Err()
}

// typePatch adds the lines of one patch to the current undo block and
// applies it to m.
func typePatch(s *Script, m *textModel, p Patch, ph string) error {
	off, del, err := m.bytesOf(p.Pos, p.Del)
	if err != nil {
		return err
	}
	if del > 0 {
		s.Change(deleteLine(m, off, del))
		m.replace(off, del, "")
	}
	lines, err := insertLines(m, off, p.Ins, ph)
	if err != nil {
		return err
	}
	s.Change(lines...)
	m.replace(off, 0, p.Ins)
	return nil
}

// jsonTokens are what workload 2 inserts into the JSON.
var jsonTokens = []string{`"k":1,`, `0`, `,"x"`, `{}`, `true,`, `"edit"`, `[1,2],`}

// jsonScript makes n edits (insertions and deletions of a few bytes at
// pseudo-random places), each its own undo block, in the one-line text
// doc; writes edited.txt; undoes everything (":undo 0") and writes
// undone.txt. It returns the script and the edited text.
func jsonScript(doc string, n int) (*Script, string, error) {
	rng := newRNG(2)
	s := NewScript(0)
	s.Ex(undoLevels(n))
	m := newModel(doc)
	for i := 0; i < n; i++ {
		off := rng.IntN(len(m.b))
		if rng.IntN(2) == 0 {
			tok := jsonTokens[rng.IntN(len(jsonTokens))]
			lines, err := insertLines(m, off, tok, placeholders[0])
			if err != nil {
				return nil, "", err
			}
			s.Change(lines...)
			m.replace(off, 0, tok)
		} else {
			del := min(1+rng.IntN(8), len(m.b)-off)
			s.Change(deleteLine(m, off, del))
			m.replace(off, del, "")
		}
		s.EndTxn()
	}
	s.Path("w!", DirOut, "edited.txt")
	s.Ex("undo 0")
	s.Path("w!", DirOut, "undone.txt")
	s.Quit()
	return s, m.String(), s.Err()
}

// undoNode is a node of the model undo tree of workload 4: the edit that
// made it from its parent's text.
type undoNode struct {
	parent int // sequence number of the parent (0: the original text)
	off    int
	del    string // the bytes the edit deleted
	ins    string
}

// branchModel is a model of Vim's undo tree for edits that are single
// insertions or deletions: node i (1-based) is sequence number i.
type branchModel struct {
	orig  string
	nodes []undoNode // nodes[i-1] is sequence number i
	cur   int        // sequence number of the current state
	text  *textModel
}

// textAt is the text of the state with sequence number seq: the edits on
// the path from the root, applied in order.
func (b *branchModel) textAt(seq int) string {
	var path []int
	for s := seq; s > 0; s = b.nodes[s-1].parent {
		path = append(path, s)
	}
	m := newModel(b.orig)
	for i := len(path) - 1; i >= 0; i-- {
		n := b.nodes[path[i]-1]
		m.replace(n.off, len(n.del), n.ins)
	}
	return m.String()
}

// branchEdits makes n single-character edits of text (an "x" or an "iQ" at
// a pseudo-random character that is not an end of line), each its own undo
// block, and after every fourth edit but the last undoes three ("3u"):
// each round leaves one edit and starts a new branch. The tree has n nodes
// and the current state is node n.
func branchEdits(text string, n int) (*Script, *branchModel, error) {
	rng := newRNG(4)
	s := NewScript(0)
	s.Ex(undoLevels(n))
	b := &branchModel{orig: text, text: newModel(text)}
	for i := 1; i <= n; i++ {
		m := b.text
		off := rng.IntN(len(m.b))
		for tries := 0; m.b[off] == '\n' && tries < 100; tries++ {
			off = rng.IntN(len(m.b))
		}
		if m.b[off] == '\n' {
			return nil, nil, errors.New("branch edits: the text is only newlines")
		}
		node := undoNode{parent: b.cur, off: off}
		if rng.IntN(2) == 0 {
			node.del = string(m.b[off : off+1])
			s.Change(deleteLine(m, off, 1))
		} else {
			node.ins = "Q"
			lines, err := insertLines(m, off, node.ins, placeholders[0])
			if err != nil {
				return nil, nil, err
			}
			s.Change(lines...)
		}
		m.replace(off, len(node.del), node.ins)
		b.nodes = append(b.nodes, node)
		b.cur = i
		s.EndTxn()
		if i%4 == 0 && i < n {
			s.Ex("normal! 3u")
			s.EndTxn()
			for k := 0; k < 3; k++ {
				u := b.nodes[b.cur-1]
				m.replace(u.off, len(u.ins), u.del)
				b.cur = u.parent
			}
		}
	}
	return s, b, s.Err()
}

// branchScript is workload 4: branchEdits, write edited.txt, then g- one
// at a time (gminus single "normal! g-" lines, each one undo-tree move),
// writing mid.txt halfway and back.txt at the end. It returns the
// expected texts of the three files.
func branchScript(text string, n, gminus int) (*Script, [3]string, error) {
	s, b, err := branchEdits(text, n)
	if err != nil {
		return nil, [3]string{}, err
	}
	edited := b.text.String()
	s.Path("w!", DirOut, "edited.txt")
	half := gminus / 2
	for i := 1; i <= gminus; i++ {
		s.Ex("normal! g-")
		if i == half {
			s.Path("w!", DirOut, "mid.txt")
		}
	}
	s.Path("w!", DirOut, "back.txt")
	s.Quit()
	// g- goes to the state one sequence number older each time and stops
	// at the original text.
	want := [3]string{edited, b.textAt(max(b.cur-half, 0)), b.textAt(max(b.cur-gminus, 0))}
	return s, want, s.Err()
}

// persistScripts is workload 5. The setup script makes workload 4's edits,
// writes the text as textA and the history with ":wundo hist.undo" into
// the editor's state directory. The measured script, run on textA, reads
// the history (":rundo"), writes it again (":wundo"), and proves it is
// complete by going back to the original (":undo 0", orig.txt).
func persistScripts(text string, n int) (setup, measured *Script, err error) {
	setup, _, err = branchEdits(text, n)
	if err != nil {
		return nil, nil, err
	}
	setup.Path("w!", DirState, "textA.txt")
	setup.Path("wundo", DirState, "hist.undo")
	setup.Quit()
	measured = NewScript(0)
	measured.Ex(undoLevels(n))
	measured.Path("rundo", DirState, "hist.undo")
	measured.Path("wundo", DirOut, "hist2.undo")
	measured.Ex("undo 0")
	measured.Path("w!", DirOut, "orig.txt")
	measured.Quit()
	return setup, measured, measured.Err()
}

// bigScript is workload 3: insert a marker at the start of the line that
// starts at byte off, write out.txt, quit.
func bigScript(off int64, marker string) *Script {
	s := NewScript(0)
	s.Change("goto " + strconv.FormatInt(off+1, 10) + "|normal! i" + marker)
	s.EndTxn()
	s.Path("w!", DirOut, "out.txt")
	s.Quit()
	return s
}

// loadScript is workload 3's load measurement: open and quit.
func loadScript() *Script {
	s := NewScript(0)
	s.Quit()
	return s
}
