package undo

import (
	"math/rand/v2"
	"strconv"
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

// String names the source ("typed", "paste", ...).
func (s Source) String() string {
	switch s {
	case SourceTyped:
		return "typed"
	case SourcePaste:
		return "paste"
	case SourceEx:
		return "ex"
	case SourceRestore:
		return "restore"
	case SourceReload:
		return "reload"
	case SourceExternal:
		return "external"
	}
	return "source(" + strconv.Itoa(int(s)) + ")"
}

// DefaultLevels is Vim's default 'undolevels'.
const DefaultLevels = 1000

// DefaultMaxNodes is the default Options.MaxNodes.
const DefaultMaxNodes = 10000

// Options configure a Tree.
type Options struct {
	// Now is the clock; nil means time.Now. Undo timestamps are its Unix
	// seconds.
	Now func() time.Time
	// Levels is Vim's 'undolevels' (default 1000 when zero-valued Options
	// are completed by New; set LevelsSet to use 0).
	Levels    int
	LevelsSet bool
	// MaxNodes caps the node count (default 10 000; negative: no cap).
	// When a new change would exceed it, the oldest history is folded into
	// the root first (see Prune).
	MaxNodes int
	// Location is the time zone of the clock times in messages and
	// :undolist ("22:13:20"); nil means time.Local.
	Location *time.Location
}

// Result is what a movement (undo, redo, g-, g+, :earlier, :later, :undo N)
// did.
type Result struct {
	Text    buffer.Rope // the text after the movement (frozen: it may be kept)
	Cursor  Pos         // where Vim puts the cursor afterwards (meaningful when Moved)
	Moved   bool        // whether any change was undone or redone
	Message string      // Vim's message ("1 change; before #3  0 seconds ago"), "" for none
	Err     error       // Vim's error (E830, E475, E790, "Already at oldest change" is a Message)
}

// Tree is the undo tree of one buffer; see doc.go. A Tree is owned by one
// goroutine; other goroutines read Snapshots.
type Tree struct {
	st        store
	snapGen   uint64 // number of snapshots taken: chunks with a lower gen may be shared
	snapCount int    // st.n when the last snapshot was taken

	// tx is the current text, edited in place (buffer.Transient): Text
	// borrows it, Freeze, Snapshot and Result.Text freeze it.
	tx       *buffer.Transient
	now      func() time.Time
	loc      *time.Location
	levels   int
	maxNodes int

	// Vim's per-buffer undo state (docs/undo.md#the-tree-and-its-bookkeeping).
	oldhead, newhead, curhead nid
	numhead                   int
	seqLast, seqCur           int
	timeCur                   int64
	saveLast, saveCur         int
	synced                    bool

	phys       nid             // the node whose text the buffer shows (0: the root)
	open       nid             // the node receiving changes while not synced (0: none)
	openInfo   []entryInfo     // Vim's entries of the open node's changes
	closedInfo closedInfo      // whose entries openInfo still holds after its block closed
	arena      []buffer.Change // backing store for one-change slices
	openShared bool            // a snapshot holds the open node's change slice
	pend       pending         // the open node's last change while merges build it (pending.go)
	modified   bool            // Vim's b_changed
	empty      bool            // Vim's ML_EMPTY: the buffer has no lines (the text is "")
	pendLen    int             // length of the text after the queued steps
	writeEpoch uint32
	cursor     Pos // last cursor the tree knows of
	labels     *labelSet
	pruned     int   // nodes removed by kjx's own limits (Prune, MaxNodes)
	dead       int   // dead slots awaiting compaction
	rootDepth  int32 // depth of the root (root-level nodes are one deeper)
	saved      nid   // state of the last write (valid when savedKnown)
	savedKnown bool

	marks    []uint32 // generation-stamped walk marks, per slot
	lastMark uint32
	literal  bool // tests: always use Vim's literal walk

	steps []step          // scratch: the movement being built
	chg   []buffer.Change // scratch: changes for one ApplyAll
	path  pathLog         // the last movement's path, when tracked (path.go)
	skip  skipCache       // kept texts and entries that let movements skip replays (skip.go)

	// shape changes whenever a node is added or removed or children are
	// reordered (redolen.go); it starts at a random value, so two trees
	// are unlikely to share one.
	shape uint64
}

// New returns a tree whose root is text.
func New(text buffer.Rope, opt Options) *Tree {
	t := &Tree{tx: text.Transient(), synced: true, savedKnown: true, empty: text.Len() == 0, shape: rand.Uint64()}
	t.configure(opt)
	t.labels = &labelSet{byName: map[string]nid{}, byNode: map[nid]string{}}
	t.st = newStore(0)
	t.marks = make([]uint32, 1, chunkSize)
	return t
}

func (t *Tree) configure(opt Options) {
	t.now = opt.Now
	if t.now == nil {
		t.now = time.Now
	}
	t.loc = opt.Location
	if t.loc == nil {
		t.loc = time.Local
	}
	t.levels = opt.Levels
	if !opt.LevelsSet && opt.Levels == 0 {
		t.levels = DefaultLevels
	}
	t.maxNodes = opt.MaxNodes
	if t.maxNodes == 0 {
		t.maxNodes = DefaultMaxNodes
	}
}

func (t *Tree) nowUnix() int64 { return t.now().Unix() }

// Text returns the current text as a view borrowed from the tree: valid
// only until the tree's text changes next (Apply, a movement, Reload,
// Reset). It is for reading within one step; whoever keeps the text across
// a change takes Freeze instead. O(1).
func (t *Tree) Text() buffer.Rope { return t.tx.Borrow() }

// TextVersion counts the changes of the current text: equal versions of
// one tree mean that its text did not change in between.
func (t *Tree) TextVersion() uint64 { return t.tx.Version() }

// Freeze returns the current text as an immutable rope that may be kept
// and handed to other goroutines. O(1); the next change then copies the
// leaf and path it touches once (see buffer.Transient).
func (t *Tree) Freeze() buffer.Rope { return t.tx.Freeze() }

// setText replaces the current text (a movement, a reload). r may be
// derived from a view borrowed from the tree; like that view it is stale
// afterwards: read the tree, not r.
func (t *Tree) setText(r buffer.Rope) { t.tx.Set(r) }

// Cursor returns the last cursor position the tree knows of: the argument
// of the last Save, SetCursorAfter or SetCursor, or the cursor a movement
// returned.
func (t *Tree) Cursor() Pos { return t.cursor }

// SetCursor tells the tree where the cursor is. Movements that undo or redo
// nothing report it back unchanged.
func (t *Tree) SetCursor(p Pos) { t.cursor = p }

// Modified is Vim's 'modified' as tracked by the tree.
func (t *Tree) Modified() bool { return t.modified }

// SetModified sets 'modified' (":set [no]modified"); the per-change flags
// are left alone, as in Vim.
func (t *Tree) SetModified(m bool) { t.modified = m }

// Empty is Vim's ML_EMPTY as the tree tracks it: the buffer has no lines
// (it shows one empty line and the text is ""). Undo and redo restore it as
// Vim does: each change remembers whether the buffer was empty before it
// (UH_EMPTYBUF). It decides the line counts of their messages.
func (t *Tree) Empty() bool { return t.empty }

// SetEmpty tells the tree whether the buffer is empty in Vim's sense, after
// a change or a load. Without it the tree takes an empty text for an empty
// buffer: right after deleting every line or reading an empty file, wrong
// after x on the only character or reading a file holding one newline,
// which leave one empty line. It has no effect while the text is not empty.
func (t *Tree) SetEmpty(empty bool) { t.empty = empty && t.tx.Len() == 0 }

// Levels returns 'undolevels'.
func (t *Tree) Levels() int { return t.levels }

// SetLevels sets 'undolevels' (syncs, as Vim does). Lowering it takes
// effect at the next change.
func (t *Tree) SetLevels(n int) {
	t.normalize()
	t.Sync()
	t.levels = n
}

// SetMaxNodes changes kjx's node cap (Options.MaxNodes: 0 means
// DefaultMaxNodes, negative means no cap). Like 'undolevels', a lower cap
// takes effect when the next node is created.
func (t *Tree) SetMaxNodes(n int) {
	if n == 0 {
		n = DefaultMaxNodes
	}
	t.maxNodes = n
}

// SeqCur is Vim's seq_cur (undotree().seq_cur); see
// docs/undo.md#sequence-numbers for when it does not name the current
// state.
func (t *Tree) SeqCur() int { return t.seqCur }

// SeqLast is the highest sequence number handed out.
func (t *Tree) SeqLast() int { return t.seqLast }

// SaveCur is the write counter of the current state.
func (t *Tree) SaveCur() int { return t.saveCur }

// SaveLast is the number of whole-file writes.
func (t *Tree) SaveLast() int { return t.saveLast }

// TimeCur is Vim's time_cur (Unix seconds), the reference of :earlier Ns.
func (t *Tree) TimeCur() int64 { return t.timeCur }

// Len is the number of nodes (Vim's numhead).
func (t *Tree) Len() int { return t.numhead }

// Current is the sequence number of the node whose text the buffer shows
// (0: the root). Unlike SeqCur it is never bogus.
func (t *Tree) Current() int { return t.seqOf(t.phys) }

// Pruned is the number of nodes kjx's own limits (Prune, MaxNodes) removed.
func (t *Tree) Pruned() int { return t.pruned }

// Synced reports whether the next Save starts a new node.
func (t *Tree) Synced() bool { return t.synced }

func (t *Tree) seqOf(i nid) int {
	if i == 0 {
		return 0
	}
	return t.st.m(i).seq
}
