package editor

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/editor/fileio"
)

var (
	errNoWrite    = errors.New("E37: No write since last change (add ! to override)")
	errNoFileName = errors.New("E32: No file name")
)

// expandFileName expands % and # in a file argument.
func (e *Editor) expandFileName(arg string) (string, error) {
	if arg == "" {
		return "", nil
	}
	var b strings.Builder
	for i := 0; i < len(arg); i++ {
		switch c := arg[i]; {
		case c == '\\' && i+1 < len(arg):
			i++
			b.WriteByte(arg[i])
		case c == '%':
			if e.buf().name == "" {
				return "", errors.New("E499: Empty file name for '%' or '#', only works with \":p:h\"")
			}
			b.WriteString(e.buf().name)
		case c == '#':
			alt, ok := e.alternate()
			if !ok || alt.name() == "" {
				return "", errors.New("E194: No alternate file name to substitute for '#'")
			}
			b.WriteString(alt.name())
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

// writeBuffer writes lines l1..l2 of b to name and shows Vim's message.
// A whole-buffer write to the buffer's own file marks the undo tree saved.
func (e *Editor) writeBuffer(b *Buffer, name string, l1, l2 int, force, appendTo bool) error {
	if name == "" {
		return errNoFileName
	}
	r := b.tree.Freeze() // the undo-file writer and the disk watcher keep it
	whole := l1 == 0 && l2 == lineCount(r)-1
	if b.name == "" && !b.scratch {
		b.name = name // 'cpoptions' F: :w fname names an unnamed buffer
	}
	own := sameFile(name, b.name)
	if err := b.checkReadOnly(own, force); err != nil {
		return err
	}
	exists := fileExists(name)
	if !force && !appendTo && (!own && exists || own && b.notEdited && statable(name)) {
		return errFileExists
	}
	text := r
	eol := true
	if whole {
		eol = b.eol && !b.empty
	} else {
		text = buffer.FromString(r.SliceString(lineStart(r, l1), lineEnd(r, l2)))
	}
	var expect *fileio.Stat
	if own && b.stat != nil {
		expect = b.stat
	}
	if err := e.diskWriteCheck(b, own && !appendTo, force); err != nil {
		return err // ex_disk.go
	}
	var st fileio.Stat
	var err error
	if appendTo {
		st, err = e.appendText(name, text, eol, b.ff)
	} else {
		if own && whole {
			e.persist.Writing(b, text, eol) // before the file is replaced
		}
		st, err = e.saveText(name, text, eol, b.ff, b.bomb && l1 == 0, expect, force)
	}
	if err != nil {
		return err
	}
	nl := lineCount(text)
	if whole && b.empty {
		nl = 0
	}
	verb, size := "written", st.Size
	if appendTo {
		verb, size = "appended", int64(text.Len())+int64(boolInt(eol))
	}
	e.msg("%q %s%dL, %dB %s", name, e.writeFlags(b, exists, eol, text), nl, size, verb)
	e.cleanTemps(name)
	if own && whole && !appendTo {
		e.bufferWritten(b, text, eol, st)
	}
	return nil
}

// writeFlags is the "[New] [dos] [noeol] " part of a write's message.
func (e *Editor) writeFlags(b *Buffer, existed, eol bool, text buffer.Rope) string {
	flags := ""
	if !existed {
		flags += "[New] "
	}
	if b.ff == "dos" {
		flags += "[dos] "
	}
	if !eol && !e.opt.FixEndOfLine && text.Len() > 0 {
		flags += "[noeol] "
	}
	return flags
}

// bufferWritten records that b's whole text is its file now: saved in its
// undo tree, no longer 'readonly', its shape and stat, and tells the undo files and the disk
// watcher.
func (e *Editor) bufferWritten(b *Buffer, text buffer.Rope, eol bool, st fileio.Stat) {
	b.tree.MarkSaved()
	b.readonly = false // Vim: :w! resets 'readonly'
	b.shapeSaved()
	b.stat = &st
	b.noFile, b.notEdited = false, false
	e.persist.Written(b, text, eol)
	e.diskWritten(b, text, eol)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// appendText is :w >> file.
func (e *Editor) appendText(name string, text buffer.Rope, eol bool, ff string) (fileio.Stat, error) {
	var old buffer.Rope
	oldEOL := true
	if l, err := loadFile(name); err == nil {
		old, oldEOL = l.Text, l.EOL
	} else if !isNotExist(err) {
		return fileio.Stat{}, fmt.Errorf("E212: Can't open file for writing: %s", name)
	}
	joined := text
	if old.Len() > 0 || oldEOL && old.Len() == 0 && fileExists(name) {
		sep := ""
		if oldEOL {
			sep = "\n"
		}
		joined = buffer.FromString(old.String() + sep + text.String())
	}
	return e.saveText(name, joined, eol, ff, false, nil, true)
}

// sameFile reports whether two names refer to the same file.
func sameFile(a, b string) bool { return a == b || absPath(a) == absPath(b) }

func exWrite(e *Editor, c *exparse.Cmd, rg exRange) error {
	if c.Filter {
		return errors.New("E319: Sorry, the command is not available in this version")
	}
	b := e.buf()
	if c.Name == "update" && !b.Modified() {
		return nil
	}
	name, err := e.expandFileName(c.Arg)
	if err != nil {
		return err
	}
	if name == "" && b.scratch {
		return errScratchWrite // :w FILE still writes a copy, as in Vim
	}
	if name == "" {
		name = b.name
	}
	return e.writeBuffer(b, name, rg.l1, rg.l2, c.Bang, c.Append)
}

func exWriteQuit(e *Editor, c *exparse.Cmd, rg exRange) error {
	b := e.buf()
	if c.Name == "wq" || b.Modified() || c.Arg != "" {
		if err := exWrite(e, c, rg); err != nil {
			return err
		}
	}
	return e.quitWindow(c.Bang)
}

func exQuit(e *Editor, c *exparse.Cmd, rg exRange) error { return e.quitWindow(c.Bang) }

// quitWindow quits the editor (kjx has one window), refusing when a buffer
// has unsaved changes unless forced.
func (e *Editor) quitWindow(force bool) error {
	if !force {
		if e.buf().Modified() {
			return errNoWrite
		}
		if err := e.moreFilesCheck(force); err != nil {
			return err
		}
		for _, b := range e.bufs {
			if b != e.buf() && b.Modified() && b.listed {
				return fmt.Errorf("E162: No write since last change for buffer %q", bufDisplayName(b))
			}
		}
	}
	e.quit = true
	return nil
}

func bufDisplayName(b *Buffer) string {
	if b.name == "" {
		return "[No Name]"
	}
	return b.name
}

func exQuitAll(e *Editor, c *exparse.Cmd, rg exRange) error {
	if !c.Bang {
		for _, b := range e.bufs {
			if b.Modified() && b.listed { // :bdelete! let the changes go, as Vim's unload
				return fmt.Errorf("E162: No write since last change for buffer %q", bufDisplayName(b))
			}
		}
	}
	e.quit = true
	return nil
}

func exEdit(e *Editor, c *exparse.Cmd, rg exRange) error {
	name, err := e.expandFileName(c.Arg)
	if err != nil {
		return err
	}
	b := e.buf()
	if name == "" || sameFile(name, b.name) {
		if b.name == "" {
			return errNoFileName
		}
		if name != "" {
			b.listed = true // :e FILE lists its buffer again, as Vim's buflist_new
		}
		if b.Modified() && !c.Bang {
			return errNoWrite
		}
		return e.reload(b)
	}
	if err := e.leaveBuffer(b, name, c.Bang, hasHide(c)); err != nil {
		e.altID = e.nameEntry(name, false) // Vim's setaltfname: :e! # edits it
		return err
	}
	e.setPCMark() // Vim's do_exedit: CTRL-O comes back
	if err := e.Open(name); err != nil {
		return errAbort
	}
	e.markEntered()
	return nil
}

// reload reads the buffer's file again; like Vim with 'undoreload', the
// old text stays reachable by undo as one more change.
func (e *Editor) reload(b *Buffer) error {
	return e.reloadBuffer(b) // ex_disk.go
}

func exEnew(e *Editor, c *exparse.Cmd, rg exRange) error {
	if e.buf().Modified() && !c.Bang && !e.opt.Hidden && !hasHide(c) {
		return errNoWrite
	}
	b := e.newBuffer("", buffer.FromString(""))
	e.switchTo(b)
	return nil
}

func exSaveas(e *Editor, c *exparse.Cmd, rg exRange) error {
	name, err := e.expandFileName(c.Arg)
	if err != nil {
		return err
	}
	if name == "" {
		return errors.New("E471: Argument required")
	}
	b := e.buf()
	if fileExists(name) && !c.Bang {
		return errors.New("E13: File exists (add ! to override)")
	}
	oldName := b.name
	b.name = name
	if err := e.writeBuffer(b, name, 0, lineCount(b.Text())-1, true, false); err != nil {
		b.name = oldName
		return err
	}
	if oldName != "" {
		e.altID = e.nameEntry(oldName, false)
	}
	return nil
}

func exRead(e *Editor, c *exparse.Cmd, rg exRange) error {
	name, err := e.expandFileName(c.Arg)
	if err != nil {
		return err
	}
	if name == "" {
		name = e.buf().name
	}
	if c.Filter {
		cmd, err := e.expandBang(c.Arg)
		if err != nil {
			return err
		}
		return e.readShell(cmd, rg.l2)
	}
	l, err := loadFile(name)
	if err != nil {
		return fmt.Errorf("E484: Can't open file %s", name)
	}
	at := rg.l2
	r := e.text()
	if l.Text.Len() == 0 && !l.EOL {
		return nil
	}
	if at < 0 {
		e.insertText(0, l.Text.String()+"\n")
	} else {
		e.insertText(lineEnd(r, at), "\n"+l.Text.String())
	}
	first := at + 1
	e.toFirstNonBlank(first)
	e.msg("%s", fileInfoMessage(name, l))
	return nil
}

func exPwd(e *Editor, c *exparse.Cmd, rg exRange) error {
	wd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("E187: Unknown: %v", err)
	}
	e.say(wd)
	return nil
}
