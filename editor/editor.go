package editor

import (
	"fmt"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/undo"
)

// Mode is the editor's input mode.
type Mode uint8

// The modes. Operator-pending is Normal mode with an operator typed (see
// View.Pending).
const (
	ModeNormal Mode = iota
	ModeInsert
	ModeReplace
	ModeVisual
	ModeVisualLine
	ModeVisualBlock
	ModeCmdline
	// ModeConfirm is the prompt of :s///c (Vim's "r?"): each key answers it.
	ModeConfirm
)

var modeNames = [...]string{"normal", "insert", "replace", "visual", "visual line", "visual block", "cmdline", "confirm"}

// String names the mode.
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", m)
}

func (m Mode) visual() bool { return m == ModeVisual || m == ModeVisualLine || m == ModeVisualBlock }

// Message is one message the editor showed.
type Message struct {
	Text  string
	Error bool
	// NoHistory marks a message shown but not kept in :messages, such as
	// Vim's "--No lines in buffer--".
	NoHistory bool
}

// queued is a key waiting in the typeahead.
type queued struct {
	k     Key
	typed bool
	nomap bool // not offered to the key maps (a mapping's right side)
	// scriptin: read from a -s script. Not typed for undo and mappings,
	// but typed for the command-line history, as Vim's scriptin keys.
	scriptin bool
}

// Editor is the modal core. All methods must be called from one goroutine
// (see doc.go); TakeView returns immutable snapshots for others.
type Editor struct {
	cfg   Config
	opt   Options
	clock clock.Clock
	loc   *time.Location

	bufs      []*Buffer
	nextBufID int
	// unloaded are the numbers of files not loaded yet: argument files,
	// alternate file names (buffers_list.go).
	unloaded []*unloadedBuffer
	// hiding is set by a :hide that lets the current buffer go; the next
	// switch keeps it loaded (Buffer.keptLoaded).
	hiding bool
	args   argList // the argument list (ex_args.go)
	win    *Window
	altID  int // the alternate file's buffer number (buffers_list.go)

	mode    Mode
	pending []Key // keys of an incomplete Normal-mode command
	maps    mappings
	ins     *insertState
	cmdline *cmdline
	vis     visualState

	regs     registers
	redo     *redoCmd // what . repeats
	queue    []queued
	draining bool
	// noInsertRuns: every Insert-mode key on its own (tests; insert_run.go).
	noInsertRuns bool
	nest         cmdNesting // commands running one inside the other (nesting.go)
	flushes      int        // typeahead flushes by beep (runNormal passes them outward)
	// interrupt is Vim's got_int: set by Interrupt from any goroutine,
	// it stops the run of keys not typed (a macro that runs itself).
	interrupt atomic.Bool
	normDepth int // nesting of :normal
	normBuf   normScratch
	recording rune  // register being recorded into (0: none)
	recorded  []Key // keys recorded so far
	lastMacro rune  // register of the last @

	uiReq UIRequest // the last request to the UI (uireq.go)

	// grabStates bounds the states :undograb searches (0: grabMaxStates).
	grabStates int

	search         searchState
	lastFind       findState
	lastSub        subState
	pendingConfirm *subConfirm // the :s///c being answered (ex_substitute_confirm.go)
	cmdHist        []string
	// keyTick counts the keys read from the user or a -s script (Vim's
	// maptick); srchTick is its value when a search line run by keys not
	// typed last entered the history (-1: none), see addLineHistory.
	keyTick, srchTick int
	srchHist          []string
	msgs              []Message    // messages not yet taken
	sourcing          []*sourceCtx // the files :source is running (ex_source.go)
	prevBang          string       // the last shell command, for ! in :!cmd (ex_filter.go)
	bangRedo          *redoCmd     // what . repeats after the ! operator's command
	keptMsg           bool         // a message is kept for the screen (see msgKeep)
	output            []string     // output of list commands not yet taken
	outputDiff        [][2]int     // the ranges of output lines that are a diff
	outputHead        string       // the command line that printed output (View.OutputHead)
	history           []string     // :messages
	errCount          int          // error messages ever shown
	src               undo.Source
	quit              bool
	lastInsKeys       keyLog       // the keys of the last insert (CTRL-A, the ". register)
	insSpare          *insertState // the last Insert session's, for the next (insert.go)
	lastExCmd         string       // the ": register
	changed           bool         // a change was made since the last finishChange

	autoIndentLine int // line whose indent o/O auto-inserted (-1: none)

	globalBusy      bool         // :g is running its command
	globalLines     globalMarked // :g's marked lines, kept on their text (observers.go)
	globalSubs      int          // substitutions made by :g's commands
	globalSubLines  int
	globalLineCount int // the line count when :g started

	persist     Persistence // undo files (the session's; undofiles.go)
	watch       FileWatch   // the file watcher (the session's; disk_watch.go)
	watchWarned bool        // a file could not be watched and the user was told
	shell       ShellRunner // runs :!cmd and filters (the session's; ex_filter.go)

	observers []lineObserver // what follows the lines of applied changes (observers.go)

	workspace Workspace     // checkpoints across files (the session's; ex_workspace.go)
	ask       *question     // a yes/no question being answered (question.go)
	picker    *rewindPicker // the :rewind picker (picker.go)
	rewound   rewoundNote
}

// New returns an editor with one empty, unnamed buffer.
func New(cfg Config) *Editor {
	if cfg.Options.TabStop == 0 {
		cfg.Options = DefaultOptions()
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.NewVirtual(clock.Epoch)
	}
	if cfg.Height <= 0 {
		cfg.Height = 24
	}
	if cfg.Width <= 0 {
		cfg.Width = 80
	}
	if cfg.Persist == nil {
		cfg.Persist = noPersistence{}
	}
	if cfg.Watch == nil {
		cfg.Watch = noWatch{}
	}
	if cfg.Workspace == nil {
		cfg.Workspace = noWorkspace{}
	}
	if cfg.Shell == nil {
		cfg.Shell = noShell{}
	}
	e := &Editor{cfg: cfg, opt: cfg.Options, clock: cfg.Clock, loc: cfg.Location, autoIndentLine: -1, srchTick: -1,
		persist: cfg.Persist, watch: cfg.Watch, shell: cfg.Shell, workspace: cfg.Workspace}
	if cfg.Clean {
		e.opt.UndoFile = false // --clean: no undo files unless :set undofile
	}
	e.vis.blockV1 = -1
	e.observers = []lineObserver{bufferMarks{}, windowJumps{e}, &e.globalLines}
	b := e.newBuffer("", buffer.FromString(""))
	// One window and no status line, as Vim with 'laststatus' 1: the
	// window has every row but the command line.
	e.win = &Window{buf: b, height: cfg.Height - 1, width: cfg.Width, wantCol: -1}
	e.regs.init()
	if e.opt.ColorScheme == "" {
		e.opt.ColorScheme = "default"
	}
	if err := e.checkColorScheme(e.opt.ColorScheme); err != nil {
		e.opt.ColorScheme = "default"
		e.errMsg("%v", err)
	}
	return e
}

// buf is the current buffer.
func (e *Editor) buf() *Buffer { return e.win.buf }

// text is the current buffer's text, borrowed: valid until the text
// changes next (see buffer.Transient). Code that reads the text as it was
// after changing it takes frozenText instead.
func (e *Editor) text() buffer.Rope { return e.win.buf.tree.Text() }

// frozenText is the current buffer's text as an immutable rope, for
// reading across changes (a :s reading the old text while it edits, a
// diff, a job for another goroutine). O(1).
func (e *Editor) frozenText() buffer.Rope { return e.win.buf.tree.Freeze() }

// Mode returns the current mode.
func (e *Editor) Mode() Mode { return e.mode }

// Quit reports whether a command asked the editor to exit.
func (e *Editor) Quit() bool { return e.quit }

// Cursor returns the current window's cursor.
func (e *Editor) Cursor() Pos { return e.win.cur }

// Buffer returns the current buffer.
func (e *Editor) Buffer() *Buffer { return e.win.buf }

// Clock returns the editor's clock.
func (e *Editor) Clock() clock.Clock { return e.clock }

// ErrorCount is the number of error messages shown since New.
func (e *Editor) ErrorCount() int { return e.errCount }

// msg shows an informational message.
func (e *Editor) msg(format string, args ...any) {
	s := format
	if len(args) > 0 {
		s = fmt.Sprintf(format, args...)
	}
	e.msgs = append(e.msgs, Message{Text: s})
	e.addHistory(s)
	e.keptMsg = false
}

// msgKeep shows a message that Vim keeps on the screen until the next
// redraw (its keep_msg: search wrap warnings, undo and :s reports, "3
// lines >ed"). While it is kept, "N more lines" and "N fewer lines" of
// the same command are not given, so they cannot replace it; the kept
// message is forgotten when the typeahead runs out (the redraw) or
// another message is shown.
func (e *Editor) msgKeep(format string, args ...any) {
	e.msg(format, args...)
	e.keptMsg = true
}

// note shows a message kept for the screen that does not go into the
// message history (Vim's "--No lines in buffer--").
func (e *Editor) note(s string) {
	e.msgs = append(e.msgs, Message{Text: s, NoHistory: true})
	e.keptMsg = true
}

// errMsg shows an error message (E-numbered texts, as Vim's).
func (e *Editor) errMsg(format string, args ...any) {
	e.sourceErrorContext()
	s := format
	if len(args) > 0 {
		s = fmt.Sprintf(format, args...)
	}
	e.msgs = append(e.msgs, Message{Text: s, Error: true})
	e.keptMsg = false
	e.errCount++
	e.addHistory(s)
	e.beep()
}

// beep is Vim's beep_flush: a failed command drops the keys that were
// not typed (the rest of a macro, a . repeat or :normal); typed keys still
// run.
func (e *Editor) beep() {
	e.flushes++
	e.normBuf.rest = "" // the rest of a :normal argument is not typed
	kept := e.queue[:0]
	for _, q := range e.queue {
		if q.typed {
			kept = append(kept, q)
		}
	}
	e.queue = kept
}

func (e *Editor) addHistory(s string) {
	e.history = append(e.history, s)
	if len(e.history) > 200 {
		e.history = e.history[len(e.history)-200:]
	}
}

// say adds lines to the output of a list command (:undolist, :registers):
// shown to the user but, as in Vim, not kept in the message history.
func (e *Editor) say(lines ...string) { e.output = append(e.output, lines...) }

// sayDiff is say for lines of a unified diff, which the UI colours.
func (e *Editor) sayDiff(lines ...string) {
	a := len(e.output)
	e.say(lines...)
	e.outputDiff = append(e.outputDiff, [2]int{a, len(e.output)})
}

// TakeMessages returns the messages shown since the last call and forgets
// them.
func (e *Editor) TakeMessages() []Message {
	m := e.msgs
	e.msgs = nil
	return m
}

// TakeOutput returns the list-command output since the last call.
func (e *Editor) TakeOutput() []string {
	o := e.output
	e.output, e.outputDiff, e.outputHead = nil, nil, ""
	return o
}

// Open makes path the current buffer, reading it if it exists. A missing
// file gives an empty buffer with that name and the message `"f" [New]`.
func (e *Editor) Open(path string) error {
	if b := e.findBuffer(path); b != nil {
		b.listed = true // editing a deleted buffer lists it again, as in Vim
		e.switchTo(b)
		return nil
	}
	cur := e.buf()
	var b *Buffer
	// Reuse an empty buffer without a name that was never changed, as
	// Vim's curbuf_reusable (its first buffer, the one :bdelete of the last
	// buffer leaves); one that has a history is kept.
	reuse := cur.reusable() && e.unloadedNamed(path) == nil // a numbered file keeps its number
	l, err := loadFile(path)
	switch {
	case err == nil:
		b = e.bufferFor(path, l.Text, reuse)
		b.setLoaded(l)
		e.switchTo(b)
		e.cursorToStart()
		e.msg("%s", b.openMessage(path, l))
		e.persist.Opened(b, l)
		e.cleanTemps(path)
	case isNotExist(err):
		b = e.bufferFor(path, buffer.FromString(""), reuse)
		b.noFile = true
		b.empty, b.loadedEmpty = true, true
		e.switchTo(b)
		e.cursorToStart()
		e.msg("%q [New]", path)
		e.cleanTemps(path)
	default:
		e.errMsg("%s", openError(path, err))
		return err
	}
	return nil
}

// switchTo makes b the current window's buffer.
func (e *Editor) switchTo(b *Buffer) {
	e.watchBuffer(b) // changes on disk (disk_watch.go)
	if e.win.buf == b {
		return
	}
	e.win.buf.lastCur = e.win.cur
	old := e.win.buf
	e.jumps() // the jumplist starts in the window's first buffer, as Vim's
	old.keptLoaded = old.Modified() || e.opt.Hidden || e.hiding
	e.hiding = false
	if old.listed || old.name != "" {
		e.altID = old.id
	}
	if old.name == "" && !old.scratch && !old.keptLoaded {
		old.listed = false // Vim's close_buffer unloads a buffer without a name for good (kjx keeps its text)
	}
	e.win.buf = b
	e.win.cur = b.lastCur
	e.win.clampCursor(false)
	e.win.wantCol = -1
}

// absPath is path made absolute (for undo files and comparisons).
func absPath(path string) string {
	a, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	return a
}
