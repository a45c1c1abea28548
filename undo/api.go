package undo

// INTERIM SKELETON: the exported API the editor codes against. The undo
// task replaces this file with the real tree (keeping or extending these
// signatures; any change must be made in the editor's callers too).

import (
	"time"

	"github.com/kjx-editor/kjx/buffer"
)

// Pos is a cursor position: 0-based line and 0-based byte column.
type Pos struct{ Line, Col int }

// Source says where a change came from.
type Source uint8

// The sources of a change.
const (
	SourceTyped Source = iota
	SourcePaste
	SourceEx
	SourceRestore
	SourceReload
	SourceExternal
)

// Options configure a Tree.
type Options struct {
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Levels is Vim's 'undolevels' (default 1000 when zero-valued Options
	// are completed by New; set LevelsSet to use 0).
	Levels    int
	LevelsSet bool
	// MaxNodes caps the node count (default 10 000).
	MaxNodes int
}

// Result is what a movement (undo, redo, g-, g+, :earlier, :later, :undo N)
// did.
type Result struct {
	Text    buffer.Rope // the text after the movement
	Cursor  Pos         // where Vim puts the cursor afterwards
	Moved   bool        // whether any change was undone or redone
	Message string      // Vim's message ("1 change; before #3  0 seconds ago"), "" for none
	Err     error       // Vim's error (E830, E475, E790, "Already at oldest change" is a Message)
}

// Tree is the undo tree of one buffer; see doc.go.
type Tree struct {
	text    buffer.Rope
	synced  bool
	seqLast int
}

// New returns a tree whose root is text.
func New(text buffer.Rope, opt Options) *Tree { return &Tree{text: text, synced: true} }

// Text returns the current text.
func (t *Tree) Text() buffer.Rope { return t.text }

// Save is Vim's u_save: before a change, make sure an open block exists,
// creating a new node (and pruning) when the tree is synced. cursor is the
// cursor before the change. A Save without a following Apply still creates
// a (no-op) node, as Vim's `x` on an empty line does.
func (t *Tree) Save(cursor Pos, src Source) {
	if t.synced {
		t.seqLast++
		t.synced = false
	}
}

// Apply applies c to the text and records it in the open block (Save must
// have been called since the last Sync).
func (t *Tree) Apply(c buffer.Change) error {
	r, err := t.text.Apply(c)
	if err != nil {
		return err
	}
	t.text = r
	return nil
}

// SetCursorAfter records the cursor after the open block's changes.
func (t *Tree) SetCursorAfter(p Pos) {}

// Sync closes the open block: the next Save starts a new node.
func (t *Tree) Sync() { t.synced = true }

// Join is :undojoin: the next change joins the previous block (E790 after
// undo/redo).
func (t *Tree) Join() error { return nil }

// MarkSaved records a successful write of the whole buffer to its own file.
func (t *Tree) MarkSaved() {}

// Modified is Vim's 'modified' as tracked by the tree.
func (t *Tree) Modified() bool { return t.seqLast > 0 }

// SetLevels sets 'undolevels' (syncs, as Vim does).
func (t *Tree) SetLevels(n int) { t.synced = true }

// Undo is [count]u.
func (t *Tree) Undo(count int) Result {
	return Result{Text: t.text, Message: "Already at oldest change"}
}

// Redo is [count]CTRL-R.
func (t *Tree) Redo(count int) Result {
	return Result{Text: t.text, Message: "Already at newest change"}
}

// Step is [count]g- (count < 0) or [count]g+ (count > 0).
func (t *Tree) Step(count int) Result { return Result{Text: t.text} }

// Earlier is :earlier ARG ("" means 1); Later is :later ARG.
func (t *Tree) Earlier(arg string) Result { return Result{Text: t.text} }

// Later is :later ARG.
func (t *Tree) Later(arg string) Result { return Result{Text: t.text} }

// Goto is :undo N.
func (t *Tree) Goto(seq int) Result { return Result{Text: t.text} }

// List returns the lines :undolist prints.
func (t *Tree) List() []string { return []string{"Nothing to undo"} }

// SeqCur, SeqLast, SaveCur and SaveLast are undotree()'s counters.
func (t *Tree) SeqCur() int { return t.seqLast }

// SeqLast is the highest sequence number handed out.
func (t *Tree) SeqLast() int { return t.seqLast }

// SaveCur is the write counter of the current state.
func (t *Tree) SaveCur() int { return 0 }

// SaveLast is the number of whole-file writes.
func (t *Tree) SaveLast() int { return 0 }
