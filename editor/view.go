package editor

import (
	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// View is an immutable snapshot of what the UI shows, published after each
// batch of input. Building it is O(1) in the size of the text and the
// history: the rope is persistent and shared, slices are fresh copies of
// small state.
type View struct {
	Text     buffer.Rope // the current buffer's text (as shown: see Confirm)
	Cursor   Pos
	Top      int // first line shown
	Mode     Mode
	Pending  string // keys of an incomplete Normal command ("d2", "\"a")
	Cmdline  string // the command line with its prompt (":s/a", "/foo")
	CmdPos   int    // cursor position in Cmdline (bytes, prompt included)
	Messages []Message
	Output   []string // list-command output (:undolist, :registers)
	// OutputHead is the command line that printed Output, as typed
	// (":ls"): Vim leaves it above the list. "" when the output came from
	// elsewhere (a mapping, -c, :normal).
	OutputHead string
	// Visual is the selection when Mode is a Visual mode.
	Visual VisualView
	// Search is the pattern to highlight ("" when none or 'nohlsearch').
	Search  string
	Options Options
	Buffers []BufferInfo
	Status  Status
	Quit    bool
	// Recording is the register being recorded into, 0 when none.
	Recording rune
	// Resume is the mode CTRL-O's command returns to (ModeInsert or
	// ModeReplace) while it runs, ModeNormal otherwise: Vim's
	// "-- (insert) --".
	Resume Mode
	// Undo is the current buffer's undo tree, as an immutable snapshot
	// (for the undo panel).
	Undo undo.Snapshot
	// Matches returns the 'hlsearch' matches of the last pattern that
	// intersect [from, to) of text, as sorted rope-offset ranges; nil when
	// 'hlsearch' is off or there is no pattern. It closes over immutable
	// state only: the UI may call it from its goroutine (uireq.go).
	Matches func(text buffer.Rope, from, to int) [][2]int
	// IncSearch is the 'incsearch' match of the search being typed, as a
	// rope-offset range ([0, 0]: none).
	IncSearch [2]int
	// Confirm is the match a :s///c asks about (Mode is ModeConfirm): the
	// UI highlights it and shows the prompt on the command line. Text then
	// shows the replacements already accepted in that line, which Vim
	// shows but puts into the buffer only when it leaves the line.
	Confirm ConfirmView
	// Picker is the :rewind picker (Mode is ModeConfirm while it is open).
	Picker PickerView
	// UIRequest is the last request to the UI (:undotree, …); act on a new
	// Seq only.
	UIRequest UIRequest
	// FileType is the current buffer's 'filetype'; with Options.Syntax and
	// Options.ColorScheme it tells the UI how to colour the text.
	FileType string
	// OutputDiff lists the ranges [a, b) of Output lines that are a
	// unified diff (:diffdisk), for the UI to colour.
	OutputDiff [][2]int
	// RestoreOrigins are the undo states the current buffer's restores
	// left, oldest first: the last is where g<BS> goes (normal_restore.go).
	RestoreOrigins []int
}

// VisualView is a Visual selection: anchor and cursor; BlockToEOL is true
// after $ in block mode.
type VisualView struct {
	Anchor     Pos
	Cursor     Pos
	BlockToEOL bool
}

// BufferInfo describes one buffer for the buffer list.
type BufferInfo struct {
	ID       int
	Name     string
	Modified bool
	Current  bool
	Listed   bool
}

// Status is the status-line information.
type Status struct {
	FileName string
	Modified bool
	Line     int // 1-based
	Col      int // 1-based byte column
	Lines    int
	SeqCur   int
	SeqLast  int
	SaveCur  int
	SaveLast int
	EOL      bool
	Format   string
	// Disk says whether the file changed on disk under the buffer's own
	// changes or was removed (see DiskState; disk.go).
	Disk DiskState
	// Rewound is the label of the checkpoint the workspace was rewound
	// to, until the next change ("": not rewound); the status line shows
	// it as "⟲ label".
	Rewound string
}

// TakeView returns a snapshot of the editor for the UI and takes the
// messages and list output shown since the last call: they move into the
// snapshot and are gone from the editor (as TakeMessages and TakeOutput
// take them), so each is published once. Everything else in the snapshot
// is read without changing the editor.
func (e *Editor) TakeView() View {
	b := e.buf()
	t := b.tree
	diffs, head := e.outputDiff, e.outputHead // before TakeOutput forgets them
	v := View{
		Text:       t.Freeze(), // the UI keeps it
		Cursor:     e.win.cur,
		Top:        e.win.top,
		Mode:       e.mode,
		Pending:    FormatKeys(e.pending),
		Messages:   e.TakeMessages(),
		OutputDiff: diffs,
		OutputHead: head,
		Output:     e.TakeOutput(),
		Options:    e.opt,
		Quit:       e.quit,
		Recording:  e.recording,
		Resume:     e.ctrlOResume(),
		Status: Status{
			FileName: b.shownName(), Modified: b.ModifiedOption(), Line: e.win.cur.Line + 1, Col: e.win.cur.Col + 1,
			Lines: lineCount(t.Text()), SeqCur: t.SeqCur(), SeqLast: t.SeqLast(),
			SaveCur: t.SaveCur(), SaveLast: t.SaveLast(), EOL: b.eol, Format: b.ff,
		},
	}
	v.Undo = t.Snapshot()
	v.Status.Disk = b.DiskState()
	v.Status.Rewound = e.rewoundLabel()
	if e.cmdline != nil {
		v.Cmdline = string(e.cmdline.kind) + e.cmdline.text
		v.CmdPos = 1 + e.cmdline.pos
	}
	if e.mode.visual() {
		v.Visual = VisualView{Anchor: e.vis.anchor, Cursor: e.win.cur, BlockToEOL: e.vis.toEOL}
	}
	if e.opt.HLSearch && e.search.hl {
		v.Search = e.search.pattern
	}
	e.viewSearch(&v)
	e.viewConfirm(&v)
	e.viewQuestion(&v)
	e.viewPicker(&v)
	v.UIRequest = e.uiReq
	v.FileType = b.ft
	v.RestoreOrigins = e.RestoreOrigins()
	for _, ob := range e.bufs {
		v.Buffers = append(v.Buffers, BufferInfo{ID: ob.id, Name: ob.name, Modified: ob.Modified(), Current: ob == b, Listed: ob.listed})
	}
	return v
}

// ctrlOResume is View.Resume.
func (e *Editor) ctrlOResume() Mode {
	if e.ins != nil && e.ins.oneCmd {
		return e.ins.resume
	}
	return ModeNormal
}
