package session

// Histories found by content: a file opened with no history under its
// path (moved or copied outside kjx, back from another branch) looks in
// the undo directory's content index for a history saved with the same
// bytes.

import (
	"errors"
	"io/fs"
	"os"
	"strconv"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
)

// findByContent looks for a history saved with the bytes disk under
// another path. Exactly one, whose file is gone (an outside mv), is
// attached to b and said so; when there are several, or the other file
// still exists (a copy), the newest is offered: :rundo with its undo file
// attaches it. It reports whether a history was attached; the caller
// then writes it under b's own path.
func (s *Session) findByContent(b *editor.Buffer, pb *persistBuf, dir string, text buffer.Rope, disk undofile.FileState) bool {
	hs, err := undofile.FindHistories(dir, disk)
	if err != nil {
		return false
	}
	var fit []undofile.History
	for _, h := range hs {
		if !h.IsSetAside() && h.Saved == disk && h.Path != "" && h.Path != pb.path {
			fit = append(fit, h)
		}
	}
	if len(fit) == 0 {
		return false
	}
	if len(fit) == 1 && fileGone(fit[0].Path) && s.attach(b, fit[0], text, disk) {
		return true
	}
	more := ""
	if len(fit) > 1 {
		more = " (the newest of " + strconv.Itoa(len(fit)) + ")"
	}
	s.say("history of %q has this text%s: :rundo %s attaches it", fit[0].Path, more, fit[0].Name)
	return false
}

// attach makes the history h b's.
func (s *Session) attach(b *editor.Buffer, h undofile.History, text buffer.Rope, disk undofile.FileState) bool {
	l, err := undofile.ReadFile(h.Name, disk, s.undoLimits())
	if err != nil || l.Changed {
		return false
	}
	tree, err := undo.Restore(text, l.File.SavedSeq, l.File.Image, s.ed.UndoOptions())
	if err != nil {
		return false
	}
	s.ed.InstallHistory(b, tree)
	s.say("history of %q attached (found by content)", h.Path)
	if m := recoveredMessage(l.File.Image, l.File.SavedSeq); m != "" {
		s.say("%s", m)
	}
	return true
}

func fileGone(path string) bool {
	_, err := os.Lstat(path)
	return errors.Is(err, fs.ErrNotExist)
}
