package editor

// Changes on disk: what the editor does when a file it has open changes
// behind its back (git checkout, a formatter, another editor, an agent).
// The user's guide is docs/disk-changes.md.
//
// Every buffer remembers its file's Stat when it was last read or written
// (Buffer.stat, which :w hands to fileio.Save as Expect) and the bytes it
// read or wrote then (diskState: the text, final newline and line ending).
// A check stats the file and compares; the watcher (disk_watch.go) only
// says when to check. When the file changed:
//
//	file        buffer       action
//	changed     unmodified   reload as one undo node (source external)
//	                         holding the minimal line diff
//	changed     modified     W12, buffer untouched, state DiskChanged;
//	                         :w refuses without ! (Expect differs)
//	appeared    modified     W13, likewise
//	removed     any          warning, buffer kept, state DiskRemoved
//	                         (counts as modified); :w writes it again
//	same bytes  any          nothing (a touch, a rewrite with equal bytes)
//
// Nothing is ever written here: only the user's :w writes.

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/fileio"
	"github.com/kjx-editor/kjx/editor/linediff"
	"github.com/kjx-editor/kjx/undo"
)

// DiskState says how a buffer's file on disk relates to the buffer, as far
// as the editor knows.
type DiskState uint8

// The disk states.
const (
	// DiskInSync: nothing was seen on disk that the buffer does not
	// account for.
	DiskInSync DiskState = iota
	// DiskChanged: the file changed on disk (or appeared) while the
	// buffer had changes of its own. The buffer was left alone; :w
	// refuses without !, :e! loads the file (undoably), :diffdisk
	// compares.
	DiskChanged
	// DiskRemoved: the file was removed or renamed away. The buffer is
	// kept and counts as modified; :w writes the file again.
	DiskRemoved
)

var diskStateNames = [...]string{"in sync", "changed on disk", "removed on disk"}

// String names the state.
func (s DiskState) String() string {
	if int(s) < len(diskStateNames) {
		return diskStateNames[s]
	}
	return fmt.Sprintf("DiskState(%d)", s)
}

// diskState is a buffer's knowledge of its file beyond its Stat.
type diskState struct {
	// text, eol and format are the file's contents when the buffer last
	// read or wrote it (known is false before either).
	text   buffer.Rope
	eol    bool
	format fileio.Format
	known  bool
	// state is what the last check found; seen is the file's Stat then,
	// so that the same difference is reported once.
	state DiskState
	seen  fileio.Stat
	// watched is the absolute path registered with the watcher ("": none).
	watched string
	// pending is set when a reload of the current buffer waits for the
	// editor to be idle (not in the middle of an insert or a command).
	pending bool
}

// synced records that the file holds text (with eol and format): it was
// just read or written.
func (d *diskState) synced(text buffer.Rope, eol bool, format fileio.Format) {
	d.text, d.eol, d.format, d.known = text, eol, format, true
	d.state, d.pending = DiskInSync, false
}

// loaded records a read of the file (called by Buffer.setLoaded).
func (d *diskState) loaded(l fileio.Loaded) { d.synced(l.Text, l.EOL, l.Format) }

// sameBytes reports whether l holds exactly the bytes last read or
// written.
func (d *diskState) sameBytes(l fileio.Loaded) bool {
	if !d.known {
		return false
	}
	if d.eol == l.EOL && d.format == l.Format {
		return d.text.Equal(l.Text)
	}
	var a, b bytes.Buffer
	_, errA := fileio.Encode(&a, d.text, d.eol, d.format)
	_, errB := fileio.Encode(&b, l.Text, l.EOL, l.Format)
	return errA == nil && errB == nil && bytes.Equal(a.Bytes(), b.Bytes())
}

// DiskState returns what the editor knows of the buffer's file on disk.
func (b *Buffer) DiskState() DiskState { return b.disk.state }

// diskWritten records a successful write of the whole buffer to its own
// file (called by writeBuffer): the file now holds text as fileio.Save
// wrote it.
func (e *Editor) diskWritten(b *Buffer, text buffer.Rope, eol bool) {
	eol = eol || e.opt.FixEndOfLine && text.Len() > 0
	b.disk.synced(text, eol, formatOf(b.ff))
	e.watchBuffer(b) // :w NAME may have named the buffer
}

// diskReport collects what a round of checks found, so that one round
// that reloads several files shows one message.
type diskReport struct {
	infos, warns []string
}

func (r *diskReport) info(format string, args ...any) {
	r.infos = append(r.infos, fmt.Sprintf(format, args...))
}

func (r *diskReport) warn(format string, args ...any) {
	r.warns = append(r.warns, fmt.Sprintf(format, args...))
}

// show shows the report: reloads first (several as one summary line, each
// in :messages), then the warnings, so that the last message, the one the
// message line keeps, is the one that needs the user.
func (e *Editor) showDiskReport(r *diskReport) {
	switch n := len(r.infos); {
	case n == 1:
		e.msg("%s", r.infos[0])
	case n > 1:
		for _, s := range r.infos {
			e.addHistory(s)
		}
		e.msgs = append(e.msgs, Message{Text: fmt.Sprintf("%d files changed on disk: reloaded (u to undo; :messages lists them)", n)})
	}
	for _, s := range r.warns {
		e.warnMsg(s)
	}
}

// warnMsg shows a warning: highlighted like an error but, unlike one, not
// a failed command (no beep, not counted by ErrorCount).
func (e *Editor) warnMsg(s string) {
	e.msgs = append(e.msgs, Message{Text: s, Error: true})
	e.addHistory(s)
}

// checkMode says why a file is checked.
type checkMode uint8

const (
	checkStat  checkMode = iota // a routine check (headless step, a new watch)
	checkEvent                  // the watcher reported the file
	checkForce                  // :checktime: report again what was reported
)

// diskCheck is one check of a file: why, and for a watcher's report when
// the watcher reported it (the time a same-size rewrite is judged by).
type diskCheck struct {
	mode checkMode
	at   time.Time
}

// checkFiles checks the files of the listed buffers and the current one
// (headless mode before each step, :checktime with force).
func (e *Editor) checkFiles(force bool) {
	c := diskCheck{mode: checkStat}
	if force {
		c.mode = checkForce
	}
	var rep diskReport
	for _, b := range e.bufs {
		if b.listed || b == e.buf() {
			e.checkBuffer(b, c, &rep)
		}
	}
	e.showDiskReport(&rep)
}

// CheckFiles checks every open file for changes on disk now, as
// :checktime does: unmodified buffers whose file changed are reloaded
// (undoably), the others are warned about. A UI may call it when the
// terminal regains focus.
func (e *Editor) CheckFiles() { e.checkFiles(true) }

// PollFiles is the routine check of every open file by stat, which a
// caller without a file watcher runs between commands (the headless runner
// before each step): like CheckFiles, except that a difference already
// reported is not reported again.
func (e *Editor) PollFiles() { e.checkFiles(false) }

// checkBuffer compares b's file with what the editor last knew of it and
// acts (see the table at the top of this file). A difference already
// reported is reported again only by checkForce, which compares with the
// file as last read or written.
func (e *Editor) checkBuffer(b *Buffer, c diskCheck, rep *diskReport) {
	if b.name == "" || b.stat == nil {
		return
	}
	now, err := fileio.StatPath(b.name)
	if err != nil {
		return // nothing to compare with; :w still checks before writing
	}
	ref := *b.stat
	if b.disk.state != DiskInSync && c.mode != checkForce {
		ref = b.disk.seen
	}
	if !fileio.ChangedOnDisk(ref, now) && !(c.mode == checkEvent && mayHideWrite(b, now, c.at)) {
		return
	}
	if !now.Exists {
		rep.warn("%q was removed on disk; the buffer is kept (:w writes it again)", b.name)
		b.disk.state, b.disk.seen = DiskRemoved, now
		return
	}
	l, err := loadFile(b.name)
	if err != nil {
		rep.warn("%q changed on disk but cannot be read: %v", b.name, err)
		b.disk.state, b.disk.seen = DiskChanged, now
		return
	}
	switch {
	case b.disk.sameBytes(l): // touched, or written again with the same bytes
		st := l.Stat
		b.stat = &st
		b.disk.state = DiskInSync
	case !b.tree.Modified():
		if b == e.buf() && !e.idle() {
			b.disk.pending = true // reloaded once the command or insert is over
			return
		}
		e.reloadExternal(b, l, rep)
	default:
		if b.stat.Exists {
			rep.warn("W12: Warning: File %q has changed and the buffer was changed in kjx as well", b.name)
		} else {
			rep.warn("W13: Warning: File %q has been created after editing started", b.name)
		}
		b.disk.state, b.disk.seen = DiskChanged, l.Stat
	}
}

// idle reports whether the editor is between commands in Normal mode,
// where replacing the current buffer's text cannot disturb an insert, an
// operator, a Visual selection or a command line.
func (e *Editor) idle() bool {
	return e.mode == ModeNormal && len(e.pending) == 0 && len(e.queue) == 0 && !e.draining &&
		e.cmdline == nil && (e.ins == nil || !e.ins.oneCmd)
}

// CheckPending runs the checks of changed files that waited for the
// editor to be idle (not inside an insert or a command): the session calls
// it after each batch of input.
func (e *Editor) CheckPending() {
	if !e.idle() {
		return
	}
	var rep diskReport
	for _, b := range e.bufs {
		if b.disk.pending {
			b.disk.pending = false
			e.checkBuffer(b, diskCheck{mode: checkStat}, &rep)
		}
	}
	e.showDiskReport(&rep)
}

// reloadExternal replaces an unmodified buffer's text with its file's new
// contents as one undo node of source external holding the minimal line
// diff; the cursor and the marks follow their lines.
func (e *Editor) reloadExternal(b *Buffer, l fileio.Loaded, rep *diskReport) {
	changes, err := linediff.Changes(context.Background(), b.Text(), l.Text)
	if err != nil {
		rep.warn("%q changed on disk and could not be compared: %v", b.name, err)
		return
	}
	if len(changes) == 0 { // only the line endings or the final newline
		b.setLoaded(l)
		eol := ""
		if !b.eol {
			eol = ", no final newline"
		}
		rep.info("%q changed on disk: same lines, now %s line endings%s", b.name, b.ff, eol)
		return
	}
	if err := e.replaceFromDisk(b, l, changes, undo.SourceExternal, true); err != nil {
		e.internalError("reload", err)
		return
	}
	rep.info("%q changed on disk: reloaded (u to undo)", b.name)
}

// replaceFromDisk makes the file's contents l the buffer's text through
// one reload node of the given changes (from the buffer's text to l.Text).
// With follow the cursor, the first line shown and the marks move with
// their lines; otherwise (:e!) they stay where they are, as in Vim.
func (e *Editor) replaceFromDisk(b *Buffer, l fileio.Loaded, changes []buffer.Change, src undo.Source, follow bool) error {
	isCur := b == e.win.buf
	cur, top := b.lastCur, 0
	if isCur {
		cur, top = e.win.cur, e.win.top
	}
	old := b.tree.Freeze() // read after the reload
	b.tree.SetCursor(cur)
	note := b.beforeSave()
	if err := b.tree.ReloadChanges(changes, src); err != nil {
		return err
	}
	b.afterSave(note)
	if follow {
		for _, c := range changes {
			e.changeApplied(b, c.Off, c.Old, c.New, shiftOf)
		}
		cur.Line = followLine(old, b.Text(), changes, cur.Line)
		top = followLine(old, b.Text(), changes, top)
	}
	b.setLoaded(l)
	b.loadedEmpty = false
	b.noteState()
	if !isCur {
		b.lastCur = cur
		return nil
	}
	e.win.cur, e.win.top = cur, top
	e.win.clampCursor(false)
	e.scrollToCursor()
	return nil
}

// followLine is the line of new that line of old became through changes
// (ascending, each offset in the text as the earlier changes left it). A
// line inside a changed run goes to the line at the same place in the
// replacement, or to its last line when the replacement is shorter.
func followLine(old, nw buffer.Rope, changes []buffer.Change, line int) int {
	line = min(max(line, 0), lineCount(old)-1)
	o := mapOffset(old.LineStart(line), changes)
	return nw.LineOf(min(o, nw.Len()))
}

// mapOffset maps an offset of the text before changes to the text after.
func mapOffset(o int, changes []buffer.Change) int {
	delta := 0 // offsets after the changes seen so far minus offsets before
	for _, c := range changes {
		start := c.Off - delta // where c starts in the old text
		end := start + len(c.Old)
		switch {
		case o < start:
			return o + delta
		case o == start && len(c.Old) == 0 && !strings.HasSuffix(c.New, "\n"):
			// Text joined to the front of the line (only when the old
			// text was one empty line): the line stays.
			return o + delta
		case o >= end:
			delta += len(c.New) - len(c.Old)
			continue
		}
		// Inside the change: the same line of the replacement.
		k := strings.Count(c.Old[:o-start], "\n")
		return start + delta + nthLineStart(c.New, k)
	}
	return o + delta
}

// nthLineStart is the offset in s of the start of its line k (0-based),
// or of its last line when s has fewer.
func nthLineStart(s string, k int) int {
	at := 0
	for ; k > 0; k-- {
		i := strings.IndexByte(s[at:], '\n')
		if i < 0 {
			break
		}
		at += i + 1
	}
	return at
}
