package ui

import (
	"context"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/cells"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/vimre"
)

// frameBuilder turns the editor's published views into Frames, keeping
// what Vim keeps on screen between views: the last message stays until
// something replaces it, and list output waits for a key (hit-enter).
type frameBuilder struct {
	index    undoIndex
	ahead    aheadCount
	msgs     []Message
	output   []Message
	lastMode editor.Mode
	// lastResume is the last view's Resume: "-- (insert) --" replaces a
	// message as a mode change does.
	lastResume editor.Mode
	now        func() time.Time
	// width is the screen's width: a longer message waits for a key.
	width int
	// startup is set until the first view is built: its messages are
	// start-up's, shown together (startupMessages). The UI's loop sets it.
	startup bool
	// after is the message line left when a start-up list is dismissed
	// (its last message, as Vim shows the file's line after the prompt).
	after []Message
}

// modeNames are the status line's short mode names.
var modeNames = map[editor.Mode]string{
	editor.ModeNormal: "NORMAL", editor.ModeInsert: "INSERT", editor.ModeReplace: "REPLACE",
	editor.ModeVisual: "VISUAL", editor.ModeVisualLine: "V-LINE", editor.ModeVisualBlock: "V-BLOCK",
	editor.ModeCmdline: "COMMAND", editor.ModeConfirm: "CONFIRM",
}

// showModes are Vim's 'showmode' texts.
var showModes = map[editor.Mode]string{
	editor.ModeInsert: "-- INSERT --", editor.ModeReplace: "-- REPLACE --", editor.ModeVisual: "-- VISUAL --",
	editor.ModeVisualLine: "-- VISUAL LINE --", editor.ModeVisualBlock: "-- VISUAL BLOCK --",
}

// resumeNames are Vim's names of the mode CTRL-O's command returns to.
var resumeNames = map[editor.Mode]string{editor.ModeInsert: "(insert)", editor.ModeReplace: "(replace)"}

// modeName is the status line's mode name of v: "(INSERT)" while the
// command of CTRL-O in Insert mode is typed.
func modeName(v *editor.View) string {
	if r := resumeNames[v.Resume]; r != "" && v.Mode == editor.ModeNormal {
		return strings.ToUpper(r)
	}
	return modeNames[v.Mode]
}

// showMode is Vim's 'showmode' text of v: "-- INSERT --", and while the
// command of CTRL-O is typed "-- (insert) --" or "-- (insert) VISUAL --".
func showMode(v *editor.View) string {
	s, r := showModes[v.Mode], resumeNames[v.Resume]
	switch {
	case r == "":
		return s
	case s == "":
		return "-- " + r + " --"
	}
	return "-- " + r + " " + strings.TrimPrefix(s, "-- ")
}

// build converts v. It runs on the UI goroutine.
// diskName is the status-line word for a file that differs on disk.
func diskName(d editor.DiskState) string {
	switch d {
	case editor.DiskChanged:
		return "changed on disk"
	case editor.DiskRemoved:
		return "deleted"
	}
	return ""
}

func (b *frameBuilder) build(v *editor.View) *Frame {
	f := &Frame{}
	o := v.Options
	f.Text = TextView{Text: v.Text, Cursor: Pos{v.Cursor.Line, v.Cursor.Col}, Top: v.Top,
		CursorAtTabStart: v.Mode == editor.ModeInsert || v.Mode == editor.ModeReplace,
		Opts: DisplayOptions{Wrap: o.Wrap, List: o.List, Number: o.Number, RelativeNumber: o.RelativeNumber,
			NumberWidth: 4, TabStop: o.TabStop, ScrollOff: o.ScrollOff, SideScrollOff: o.SideScrollOff},
		Matches: textMatches(v.Matches), IncMatch: Range{Start: v.IncSearch[0], End: v.IncSearch[1]}}
	if v.Confirm.Active {
		// The match a :s///c asks about is shown as Vim shows it, like the
		// 'incsearch' match.
		f.Text.IncMatch = Range{Start: v.Confirm.Match[0], End: v.Confirm.Match[1]}
	}
	switch v.Mode {
	case editor.ModeVisual:
		f.Text.Visual.Kind = SelChar
	case editor.ModeVisualLine:
		f.Text.Visual.Kind = SelLine
	case editor.ModeVisualBlock:
		f.Text.Visual.Kind = SelBlock
	}
	if f.Text.Visual.Kind != SelNone {
		f.Text.Visual.Start = Pos{v.Visual.Anchor.Line, v.Visual.Anchor.Col}
		f.Text.Visual.End = Pos{v.Visual.Cursor.Line, v.Visual.Cursor.Col}
		f.Text.Visual.ToEOL = v.Visual.BlockToEOL
	}
	st := v.Status
	f.Status = StatusInfo{Mode: modeName(v), Name: st.FileName, Modified: st.Modified,
		UndoSeq: st.SeqCur, UndoLast: st.SeqLast, Disk: diskName(st.Disk), Rewound: cells.Sanitize(st.Rewound)}
	f.ShowMode = showMode(v)
	if v.Recording != 0 {
		f.ShowMode += "recording @" + string(v.Recording)
	}
	f.ShowCmd = v.Pending
	if v.Mode == editor.ModeCmdline && v.Cmdline != "" {
		f.Cmdline = Cmdline{Active: true, Prompt: v.Cmdline[:1], Text: v.Cmdline[1:], Cursor: max(v.CmdPos-1, 0)}
	}
	f.Picker = v.Picker
	b.messages(v, f)
	b.undo(v, f)
	b.lastMode, b.lastResume = v.Mode, v.Resume
	return f
}

// messages keeps the message line as Vim does: a message stays until a
// new one, a mode change or the command line replaces it; list output
// (the View's Output) waits for a key.
func (b *frameBuilder) messages(v *editor.View, f *Frame) {
	if v.Mode != b.lastMode || v.Resume != b.lastResume || v.Mode == editor.ModeCmdline {
		b.msgs = nil
	}
	if b.startupMessages(v) {
		b.fill(f)
		return
	}
	if n := len(v.Messages); n > 0 {
		// Several commands may have run since the last view (typeahead);
		// as in Vim, each message overwrites the one before it, and the
		// full history is in :messages.
		m := v.Messages[n-1]
		b.msgs = []Message{{Text: m.Text, Error: m.Error}}
	}
	if len(v.Output) > 0 {
		b.output = append(b.output[:0:0], b.msgs...)
		if v.OutputHead != "" {
			// Vim keeps the typed command line above its list; a message
			// the same command gave comes after it.
			b.output = append(b.output[:0:0], Message{Text: v.OutputHead})
			if len(v.Messages) > 0 {
				b.output = append(b.output, b.msgs...)
			}
		}
		for i, line := range v.Output {
			b.output = append(b.output, Message{Text: line, Diff: inRanges(v.OutputDiff, i)})
		}
		b.msgs = nil
	}
	b.fill(f)
}

// fill puts the message state into f.
func (b *frameBuilder) fill(f *Frame) {
	f.Messages, f.HitEnter = b.msgs, false
	if len(b.output) > 0 {
		f.Messages, f.HitEnter = b.output, true
	}
}

// hitEnter reports whether list output is waiting for a key.
func (b *frameBuilder) hitEnter() bool { return len(b.output) > 0 }

// dismiss clears waiting output (a key was pressed at the prompt).
func (b *frameBuilder) dismiss() { b.output, b.msgs, b.after = nil, b.after, nil }

// startupMessages shows what start-up said (configuration errors, undo
// files set aside or recovered, the file's line) as Vim does: one message
// in the message line; several, or one wider than the screen, as a list
// that waits for a key (wrapped, never cut in the middle), after
// which the last one (the file's line) stays in the message line. It
// reports whether it handled v.
func (b *frameBuilder) startupMessages(v *editor.View) bool {
	if !b.startup {
		return false
	}
	b.startup = false
	long := len(v.Messages) == 1 && b.width > 0 && stringWidth(v.Messages[0].Text) > b.width
	if len(v.Messages) < 2 && !long || len(v.Output) > 0 {
		return false
	}
	b.output = b.output[:0:0]
	for _, m := range v.Messages {
		b.output = append(b.output, Message{Text: m.Text, Error: m.Error})
	}
	last := v.Messages[len(v.Messages)-1]
	b.msgs, b.after = nil, []Message{{Text: last.Text, Error: last.Error}}
	return true
}

// clearMessages empties the message line (CTRL-L).
func (b *frameBuilder) clearMessages() { b.msgs, b.output, b.after = nil, nil, nil }

// undo fills the frame's undo view and the status line's branch and
// redo counts from the view's snapshot of the current buffer's tree.
func (b *frameBuilder) undo(v *editor.View, f *Frame) {
	s := v.Undo
	buf := -1
	for _, bi := range v.Buffers {
		if bi.Current {
			buf = bi.ID
		}
	}
	tree := b.index.tree(buf, s)
	now := b.now
	if now == nil {
		now = clock.Real().Now
	}
	// The snapshot's generation changes whenever the text may have (and
	// not while keys go to the panel), so it versions the live text.
	f.Undo = UndoView{Tree: tree, Tick: s.Gen(), Now: now(),
		TextAt: func(ctx context.Context, seq int) (buffer.Rope, error) {
			if err := ctx.Err(); err != nil {
				return buffer.Rope{}, err
			}
			return s.TextAt(seq)
		}}
	cur := s.Current()
	if cur != 0 {
		if n, ok := s.Node(cur); ok {
			f.Status.Branches = len(s.Children(n.Parent))
		}
	} else {
		f.Status.Branches = 0
	}
	f.Status.Ahead = b.ahead.count(buf, s)
	f.Undo.Origins = v.RestoreOrigins
	f.Undo.Snap, f.Undo.Seqs = s, tree.seqs
	f.Undo.SearchOpts = vimre.Options{IgnoreCase: v.Options.IgnoreCase, SmartCase: v.Options.SmartCase}
}

// inRanges reports whether i is in one of the ranges [a, b).
func inRanges(rs [][2]int, i int) bool {
	for _, r := range rs {
		if i >= r[0] && i < r[1] {
			return true
		}
	}
	return false
}
