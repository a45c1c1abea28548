package undo

import (
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// The line counts of the messages after undo, redo and time travel, with the
// tree driven by the byte changes kjx's editor makes (text model: the lines
// joined by "\n" without a final newline). Every expected message and count
// was recorded from Vim 9.0 (run_vim_corpus.py --update).

// edTree makes the editor's changes, one undo block per command.
type edTree struct {
	t  *testing.T
	tr *Tree
}

func newEdTree(t *testing.T, text string) *edTree {
	tr, _ := testTree(text, Options{})
	return &edTree{t: t, tr: tr}
}

func (e *edTree) lineStart(l int) int { return e.tr.Text().LineStart(l) }
func (e *edTree) lineEnd(l int) int   { return e.tr.Text().LineEnd(l) }

// block is one command: Save, the changes applied one by one, Sync.
func (e *edTree) block(cur Pos, cs ...buffer.Change) {
	e.t.Helper()
	e.tr.Save(cur, SourceTyped)
	for _, c := range cs {
		if err := e.tr.Apply(c); err != nil {
			e.t.Fatal(err)
		}
	}
	e.tr.Sync()
}

// typed returns the changes of typing s at off, one key at a time.
func typed(off int, s string) []buffer.Change {
	cs := make([]buffer.Change, 0, len(s))
	for i := range len(s) {
		cs = append(cs, buffer.Change{Off: off + i, New: s[i : i+1]})
	}
	return cs
}

// o is "o{text}<Esc>" on line l: "\n" at the end of the line, then typing.
func (e *edTree) o(l int, text string) {
	at := e.lineEnd(l)
	e.block(Pos{Line: l}, append([]buffer.Change{{Off: at, New: "\n"}}, typed(at+1, text)...)...)
}

// bigO is "O{text}<Esc>" on line l.
func (e *edTree) bigO(l int, text string) {
	at, off := 0, 0
	if l > 0 {
		at = e.lineEnd(l - 1)
		off = at + 1
	}
	e.block(Pos{Line: l}, append([]buffer.Change{{Off: at, New: "\n"}}, typed(off, text)...)...)
}

// p is a linewise put of lines below line l, bigP above it.
func (e *edTree) p(l int, lines string) {
	e.block(Pos{Line: l}, buffer.Change{Off: e.lineEnd(l), New: "\n" + lines})
}

func (e *edTree) bigP(l int, lines string) {
	e.block(Pos{Line: l}, buffer.Change{Off: e.lineStart(l), New: lines + "\n"})
}

// dd deletes n lines from line l as the editor's deleteLines does.
func (e *edTree) dd(l, n int) {
	r := e.tr.Text()
	last := l + n - 1
	text := r.SliceString(r.LineStart(l), r.LineEnd(last))
	switch {
	case last < lineCount(r)-1:
		e.block(Pos{Line: l}, buffer.Change{Off: r.LineStart(l), Old: text + "\n"})
	case l > 0:
		e.block(Pos{Line: l}, buffer.Change{Off: r.LineStart(l) - 1, Old: "\n" + text})
	default:
		e.block(Pos{Line: l}, buffer.Change{Off: 0, Old: text})
		e.tr.SetEmpty(true)
	}
}

// join is J on line l with a next line that has no leading white space.
func (e *edTree) join(l int) {
	e.block(Pos{Line: l}, buffer.Change{Off: e.lineEnd(l), Old: "\n", New: " "})
}

// x deletes the character at (l, col); shift is >> (a tab).
func (e *edTree) x(l, col int) {
	off := e.lineStart(l) + col
	e.block(Pos{Line: l, Col: col}, buffer.Change{Off: off, Old: e.tr.Text().SliceString(off, off+1)})
}

func (e *edTree) shift(l int) {
	e.block(Pos{Line: l}, buffer.Change{Off: e.lineStart(l), New: "\t"})
}

// appendText is "A{text}<Esc>" on line l.
func (e *edTree) appendText(l int, text string) {
	e.block(Pos{Line: l, Col: e.lineEnd(l) - e.lineStart(l)}, typed(e.lineEnd(l), text)...)
}

// want checks a movement's message and, when text is not "", the text.
func (e *edTree) want(what string, r Result, msg, text string) {
	e.t.Helper()
	if r.Message != msg {
		e.t.Errorf("%s: message %q, want %q", what, r.Message, msg)
	}
	if text != "" && r.Text.String() != text {
		e.t.Errorf("%s: text %q, want %q", what, r.Text.String(), text)
	}
}

// Corpus scenario mixed_ops_long_chain: p is one entry that saved no line,
// so redoing p, A and J puts back 1+1+1 lines ("3 changes", not 4).
func TestCountMixedOpsLongChain(t *testing.T) {
	e := newEdTree(t, "line1\nline2\nline3\nline4\nline5")
	e.dd(0, 1)
	e.p(0, "line1")
	e.appendText(1, "foo")
	e.join(1)
	e.shift(1)
	e.x(1, 1)
	e.bigP(1, "\tine1foo line3")
	if got := e.tr.Text().String(); got != "line2\n\tine1foo line3\n\tine1foo line3\nline4\nline5" {
		t.Fatalf("text %q", got)
	}
	e.want("6u", e.tr.Undo(6), "1 line less; before #2  0 seconds ago", "line2\nline3\nline4\nline5")
	e.want("3<C-r>", e.tr.Redo(3), "3 changes; after #4  0 seconds ago", "line2\nline1foo line3\nline4\nline5")
	e.want("u", e.tr.Undo(1), "1 more line; before #4  0 seconds ago", "line2\nline1foo\nline3\nline4\nline5")
}

// Scenario kjx_nested_branch_lines: dd of the last line ("\n" and the line
// from the end of the line above) saves that one line, like any dd.
func TestCountNestedBranchLines(t *testing.T) {
	e := newEdTree(t, "alpha beta gamma\ndelta epsilon\nzeta eta theta")
	e.dd(0, 1)
	e.want("u", e.tr.Undo(1), "1 more line; before #1  0 seconds ago", "")
	e.dd(1, 1)
	e.want("u", e.tr.Undo(1), "1 more line; before #2  0 seconds ago", "")
	e.dd(2, 1)
	e.want("u", e.tr.Undo(1), "1 more line; before #3  0 seconds ago", "")
	e.want("u", e.tr.Undo(1), MsgOldest, "")
	e.want("<C-r>", e.tr.Redo(1), "1 line less; after #3  0 seconds ago", "alpha beta gamma\ndelta epsilon")
	e.want(":undo 1", e.tr.Goto(1), "1 change; after #1  0 seconds ago", "delta epsilon\nzeta eta theta")
	e.want(":undo 3", e.tr.Goto(3), "1 change; after #3  0 seconds ago", "alpha beta gamma\ndelta epsilon")
	e.want("g-", e.tr.Step(-1), "1 change; after #2  0 seconds ago", "alpha beta gamma\nzeta eta theta")
	e.want("g-", e.tr.Step(-1), "1 change; after #1  0 seconds ago", "delta epsilon\nzeta eta theta")
	e.want("g+", e.tr.Step(1), "1 change; after #2  0 seconds ago", "alpha beta gamma\nzeta eta theta")
}

// Scenario kjx_insert_multiline_branches: o and O followed by typing are two
// entries in Vim (the opened line, then the typed lines), 1 line saved and
// 3 left for two typed lines, however the text was recorded.
func TestCountInsertMultilineBranches(t *testing.T) {
	e := newEdTree(t, "alpha beta gamma\ndelta epsilon\nzeta eta theta")
	e.o(0, "one\ntwo")
	e.want("u", e.tr.Undo(1), "2 fewer lines; before #1  0 seconds ago", "")
	e.bigO(0, "three\nfour")
	if got := e.tr.Text().String(); got != "three\nfour\nalpha beta gamma\ndelta epsilon\nzeta eta theta" {
		t.Fatalf("text %q", got)
	}
	e.want("g-", e.tr.Step(-1), "4 changes; after #1  0 seconds ago", "alpha beta gamma\none\ntwo\ndelta epsilon\nzeta eta theta")
	e.want("g-", e.tr.Step(-1), "2 fewer lines; before #1  0 seconds ago", "")
	e.want("g+", e.tr.Step(1), "2 more lines; after #1  0 seconds ago", "")
	e.want("g+", e.tr.Step(1), "4 changes; after #2  0 seconds ago", "three\nfour\nalpha beta gamma\ndelta epsilon\nzeta eta theta")
	e.want("u", e.tr.Undo(1), "2 fewer lines; before #2  0 seconds ago", "alpha beta gamma\ndelta epsilon\nzeta eta theta")
}

// Scenario kjx_yank_put_branches: p ("\n" and the line at the end of the
// cursor line) and P (the line and "\n" at its start) save no line.
func TestCountYankPutBranches(t *testing.T) {
	e := newEdTree(t, "alpha beta gamma\ndelta epsilon\nzeta eta theta")
	e.p(0, "alpha beta gamma")
	e.want("u", e.tr.Undo(1), "1 line less; before #1  0 seconds ago", "")
	e.bigP(1, "delta epsilon")
	e.want("u", e.tr.Undo(1), "1 line less; before #2  0 seconds ago", "")
	e.want("<C-r>", e.tr.Redo(1), "1 more line; after #2  0 seconds ago", "")
	e.want("g-", e.tr.Step(-1), "1 change; after #1  0 seconds ago", "alpha beta gamma\nalpha beta gamma\ndelta epsilon\nzeta eta theta")
	e.want("g-", e.tr.Step(-1), "1 line less; before #1  0 seconds ago", "")
	e.want("g+", e.tr.Step(1), "1 more line; after #1  0 seconds ago", "")
}

// nodeLines returns the line counts stored for the newest node.
func nodeLines(tr *Tree) [2]int32 {
	d := tr.st.d(tr.newhead)
	return [2]int32{d.oldLines, d.newLines}
}

// TestEntryLines checks the lines each command's entries save and leave,
// as Vim 9.0 counts them (measured with g- and g+ between the command and a
// sibling of the opposite line delta).
func TestEntryLines(t *testing.T) {
	const five = "a1\na2\na3\na4\na5"
	tests := []struct {
		name string
		do   func(e *edTree)
		want [2]int32
	}{
		{"o<Esc>", func(e *edTree) { e.o(1, "") }, [2]int32{0, 1}},
		{"oone<Esc>", func(e *edTree) { e.o(1, "one") }, [2]int32{1, 2}},
		{"oone<CR>two<Esc>", func(e *edTree) { e.o(1, "one\ntwo") }, [2]int32{1, 3}},
		{"o<CR><Esc>", func(e *edTree) { e.o(1, "\n") }, [2]int32{1, 3}},
		{"o on the last line", func(e *edTree) { e.o(4, "x") }, [2]int32{1, 2}},
		{"O<Esc> on line 1", func(e *edTree) { e.bigO(0, "") }, [2]int32{0, 1}},
		{"Oone<Esc> on line 1", func(e *edTree) { e.bigO(0, "one") }, [2]int32{1, 2}},
		{"Oone<CR>two<Esc> on line 1", func(e *edTree) { e.bigO(0, "one\ntwo") }, [2]int32{1, 3}},
		{"Oone<Esc> on line 2", func(e *edTree) { e.bigO(1, "one") }, [2]int32{1, 2}},
		{"p", func(e *edTree) { e.p(1, "a2") }, [2]int32{0, 1}},
		{"p on the last line", func(e *edTree) { e.p(4, "a2") }, [2]int32{0, 1}},
		{"P", func(e *edTree) { e.bigP(1, "a2") }, [2]int32{0, 1}},
		{"P on line 1", func(e *edTree) { e.bigP(0, "a1") }, [2]int32{0, 1}},
		{"y2yP", func(e *edTree) { e.bigP(1, "a2\na3") }, [2]int32{0, 2}},
		{"dd", func(e *edTree) { e.dd(1, 1) }, [2]int32{1, 0}},
		{"dd on the last line", func(e *edTree) { e.dd(4, 1) }, [2]int32{1, 0}},
		{"2dd on the last lines", func(e *edTree) { e.dd(3, 2) }, [2]int32{2, 0}},
		{"J", func(e *edTree) { e.join(1) }, [2]int32{2, 1}},
		{"J on line 1", func(e *edTree) { e.join(0) }, [2]int32{2, 1}},
		{">>", func(e *edTree) { e.shift(1) }, [2]int32{1, 1}},
		{"x", func(e *edTree) { e.x(1, 0) }, [2]int32{1, 1}},
		{"Afoo<Esc>", func(e *edTree) { e.appendText(1, "foo") }, [2]int32{1, 1}},
		{"3>>", func(e *edTree) {
			e.block(Pos{Line: 1},
				buffer.Change{Off: e.lineStart(1), New: "\t"},
				buffer.Change{Off: e.lineStart(2) + 1, New: "\t"},
				buffer.Change{Off: e.lineStart(3) + 2, New: "\t"})
		}, [2]int32{3, 3}},
		{":g/a[23]/d (two whole lines deleted in one block)", func(e *edTree) {
			e.block(Pos{Line: 1},
				buffer.Change{Off: e.lineStart(1), Old: "a2\n"},
				buffer.Change{Off: e.lineStart(1), Old: "a3\n"})
		}, [2]int32{2, 0}},
		{"o<Esc> with the autoindent <Esc> removes", func(e *edTree) {
			at := e.lineEnd(1)
			e.block(Pos{Line: 1}, buffer.Change{Off: at, New: "\n  "}, buffer.Change{Off: at + 1, Old: "  "})
		}, [2]int32{0, 1}},
		{"Ox<BS><Esc> with autoindent", func(e *edTree) {
			at := e.lineEnd(0)
			e.block(Pos{Line: 1}, buffer.Change{Off: at, New: "\n  "},
				buffer.Change{Off: at + 3, New: "x"}, buffer.Change{Off: at + 3, Old: "x"})
		}, [2]int32{1, 2}},
		{"2oab<Esc>", func(e *edTree) {
			at := e.lineEnd(1)
			cs := append([]buffer.Change{{Off: at, New: "\n"}}, typed(at+1, "ab")...)
			e.block(Pos{Line: 1}, append(cs, buffer.Change{Off: at + 3, New: "\nab"})...)
		}, [2]int32{1, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newEdTree(t, five)
			tc.do(e)
			if got := nodeLines(e.tr); got != tc.want {
				t.Errorf("lines %v, want %v (text %q)", got, tc.want, e.tr.Text().String())
			}
			// An :undojoin reopening the block recomputes the same counts.
			before := nodeLines(e.tr)
			if err := e.tr.Join(); err != nil {
				t.Fatal(err)
			}
			e.tr.Sync()
			if got := nodeLines(e.tr); got != before {
				t.Errorf("after :undojoin, lines %v, want %v", got, before)
			}
			// Export and Restore keep them.
			rt, err := Restore(e.tr.Text(), e.tr.SeqCur(), e.tr.Export(), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := nodeLines(rt); got != before {
				t.Errorf("after Restore, lines %v, want %v", got, before)
			}
		})
	}
}

// TestCountEmptyBuffer covers Vim's adjustments for an empty buffer
// (ML_EMPTY): u_oldcount starts at -1 when it is empty before the movement
// and u_newcount loses one when it is empty after, which is not the same as
// one empty line.
func TestCountEmptyBuffer(t *testing.T) {
	t.Run("p in an empty file", func(t *testing.T) {
		e := newEdTree(t, "")
		e.p(0, "")
		e.want("u", e.tr.Undo(1), "2 fewer lines; before #1  0 seconds ago", "")
		e.want("<C-r>", e.tr.Redo(1), "2 more lines; after #1  0 seconds ago", "\n")
	})
	t.Run("ix<Esc> in an empty file", func(t *testing.T) {
		e := newEdTree(t, "")
		e.block(Pos{}, typed(0, "x")...)
		e.want("u", e.tr.Undo(1), "1 line less; before #1  0 seconds ago", "")
		e.want("<C-r>", e.tr.Redo(1), "1 more line; after #1  0 seconds ago", "x")
	})
	t.Run("x on the only character leaves one empty line", func(t *testing.T) {
		e := newEdTree(t, "a")
		e.x(0, 0)
		e.tr.SetEmpty(false) // the editor knows: not a deleted line
		e.want("u", e.tr.Undo(1), "1 change; before #1  0 seconds ago", "a")
		e.want("<C-r>", e.tr.Redo(1), "1 change; after #1  0 seconds ago", "")
		if e.tr.Empty() {
			t.Error("redo of x made the buffer empty")
		}
	})
	t.Run("dd on the only line", func(t *testing.T) {
		e := newEdTree(t, "a")
		e.dd(0, 1)
		e.want("u", e.tr.Undo(1), "1 more line; before #1  0 seconds ago", "a")
		e.want("<C-r>", e.tr.Redo(1), "1 line less; after #1  0 seconds ago", "")
		if !e.tr.Empty() {
			t.Error("redo of dd left a line")
		}
	})
	t.Run("dG", func(t *testing.T) {
		e := newEdTree(t, "a\nb")
		e.dd(0, 2)
		e.want("u", e.tr.Undo(1), "2 more lines; before #1  0 seconds ago", "a\nb")
		e.want("<C-r>", e.tr.Redo(1), "2 fewer lines; after #1  0 seconds ago", "")
	})
	t.Run("an empty last line is a line", func(t *testing.T) {
		e := newEdTree(t, "a1\n")
		e.block(Pos{Line: 1}, typed(3, "x")...)
		r := e.tr.Undo(1)
		e.want("u", r, "1 change; before #1  0 seconds ago", "a1\n")
		if r.Cursor != (Pos{Line: 1}) {
			t.Errorf("undo: cursor %v, want line 2", r.Cursor)
		}
		e.want("<C-r>", e.tr.Redo(1), "1 change; after #1  0 seconds ago", "a1\nx")
	})
	t.Run("dd of an empty last line", func(t *testing.T) {
		e := newEdTree(t, "a1\na2\n")
		e.dd(2, 1)
		r := e.tr.Undo(1)
		e.want("u", r, "1 more line; before #1  0 seconds ago", "a1\na2\n")
		if r.Cursor != (Pos{Line: 2}) {
			t.Errorf("undo: cursor %v, want line 3", r.Cursor)
		}
		e.want("<C-r>", e.tr.Redo(1), "1 line less; after #1  0 seconds ago", "a1\na2")
	})
}

// TestRestoreDerivesLines restores an image without line counts (an undo
// file that does not keep them): the changes decide, and typed text after o
// is seen as the put it looks like.
func TestRestoreDerivesLines(t *testing.T) {
	e := newEdTree(t, "a1\na2")
	e.p(0, "x")
	e.o(0, "y")
	img := e.tr.Export()
	if img.Nodes[0].Lines != [2]int{0, 1} || img.Nodes[1].Lines != [2]int{1, 2} {
		t.Fatalf("exported lines %v %v", img.Nodes[0].Lines, img.Nodes[1].Lines)
	}
	for k := range img.Nodes {
		img.Nodes[k].Lines = [2]int{}
	}
	rt, err := Restore(e.tr.Text(), e.tr.SeqCur(), img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for seq, want := range map[int][2]int32{1: {0, 1}, 2: {0, 1}} {
		d := rt.st.d(rt.st.find(seq))
		if got := [2]int32{d.oldLines, d.newLines}; got != want {
			t.Errorf("#%d: lines %v, want %v", seq, got, want)
		}
	}
}
