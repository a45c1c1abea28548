package ui

import (
	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/ui/syntax"
)

// Pos is a position in the text: 0-based line (rope line) and byte column
// within the line.
type Pos struct{ Line, Col int }

// Range is a half-open range [Start, End) of rope offsets.
type Range struct{ Start, End int }

// SelKind is the kind of a visual selection.
type SelKind uint8

// The selection kinds.
const (
	SelNone  SelKind = iota
	SelChar          // v
	SelLine          // V
	SelBlock         // CTRL-V
)

// Selection is a visual selection. Start and End are the two ends in the
// order the user made them (either may come first); both are included.
// For a block, ToEOL extends every line to its end ($).
type Selection struct {
	Kind       SelKind
	Start, End Pos
	ToEOL      bool
}

// DisplayOptions are the Vim options that change how text is drawn.
type DisplayOptions struct {
	Wrap           bool
	List           bool
	Number         bool
	RelativeNumber bool
	NumberWidth    int // 'numberwidth' (Vim's default 4)
	TabStop        int // 'tabstop' (8 when 0)
	ScrollOff      int // 'scrolloff', used when the UI picks the top line
	SideScroll     int // 'sidescroll' (0: put the cursor in the middle)
	SideScrollOff  int // 'sidescrolloff'
}

// DefaultDisplayOptions returns Vim's defaults (wrap on, tabstop 8).
func DefaultDisplayOptions() DisplayOptions {
	return DisplayOptions{Wrap: true, NumberWidth: 4, TabStop: 8}
}

// TextView is what the text window shows: an immutable description the
// renderer draws from. Text is a rope snapshot (O(1) to copy).
type TextView struct {
	Text   buffer.Rope
	Cursor Pos
	// CursorAtTabStart places the cursor on the first cell of a tab
	// (Insert and Replace modes) instead of its last (Normal mode).
	CursorAtTabStart bool
	// Top is the first line the editor wants shown; -1 lets the UI keep
	// its own scroll position. The UI moves it only as far as needed to
	// keep the cursor visible when wrapped lines push it off the window.
	Top  int
	Opts DisplayOptions
	// Visual is the visual selection (Kind SelNone: none).
	Visual Selection
	// Matches returns the 'hlsearch' matches that intersect [from, to),
	// sorted and not overlapping; nil when there are none to show. It is
	// called once per frame with the visible range only.
	Matches func(text buffer.Rope, from, to int) []Range
	// IncMatch is the 'incsearch' match (empty: none).
	IncMatch Range
	// Syntax is the newest highlighting of the text (possibly of an
	// older version of it: syntax.Result.Spans matches lines); nil
	// draws no syntax colours.
	Syntax *syntax.Result
}
