package session

// :wundo, :rundo and :undostats.

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
)

// currentDisk is the FileState of the bytes the current text of b would be
// written as (Vim's :wundo and :rundo hash the buffer's contents).
func (s *Session) currentDisk(b *editor.Buffer) (buffer.Rope, undofile.FileState) {
	text, ff := b.Text(), b.FileFlags() // Text is frozen: an undo-file job keeps it
	eol := ff.EOL && !ff.Empty || s.ed.Options().FixEndOfLine && text.Len() > 0
	return text, EncodedState(text, eol, ff.Format, ff.BOM)
}

// writeHistory is :wundo[!] FILE (name): write b's history to FILE,
// anchored at the current text, on this goroutine, atomically. As in Vim,
// an existing file that is not an undo file is only replaced with ! (force);
// the core writes nothing when there is nothing to undo.
func (s *Session) writeHistory(b *editor.Buffer, name string, force bool) error {
	src := b.Name()
	if src == "" {
		src = name // an unnamed buffer's history names the undo file itself
	}
	path, err := undofile.Canonical(src)
	if err != nil {
		return fmt.Errorf("E828: Cannot open undo file for writing: %s (%v)", name, err)
	}
	snap := b.History().Snapshot()
	text, disk := s.currentDisk(b)
	job := undofile.Job{Path: path, Image: snap.Export, SavedSeq: snap.Current(), Disk: disk, Text: &text}
	_, err = undofile.WriteFile(name, job, undofile.WriteOptions{Limits: s.undoLimits(), Force: force, Clock: s.wall})
	switch {
	case err == nil:
		return nil
	case undofile.KindOf(err) == undofile.KindNotUndoFile:
		s.say("Will not overwrite, this is not an undo file: %s", name)
		return nil
	default:
		return fmt.Errorf("E828: Cannot open undo file for writing: %s (%s)", name, writeReason(err))
	}
}

// readHistory is :rundo FILE (name): replace b's history with the one in
// FILE when FILE was written for the buffer's current text (its hash
// decides, as in Vim). The text does not change.
func (s *Session) readHistory(b *editor.Buffer, name string) error {
	text, disk := s.currentDisk(b)
	l, err := undofile.ReadFile(name, disk, s.undoLimits())
	if err != nil {
		return rundoError(name, err)
	}
	if l.Changed {
		s.say("File contents changed, cannot use undo info")
		return nil
	}
	tree, err := undo.Restore(text, l.File.SavedSeq, l.File.Image, s.ed.UndoOptions())
	if err != nil {
		return fmt.Errorf("E825: Corrupted undo file (%v): %s", err, name)
	}
	mod := b.Modified()
	s.ed.InstallHistory(b, tree)
	tree.SetModified(mod)
	s.say("Finished reading undo file %s", name)
	return nil
}

// rundoError is Vim's error for an undo file :rundo cannot use.
func rundoError(name string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("E822: Cannot open undo file for reading: %s", name)
	}
	var ue *undofile.Error
	if !errors.As(err, &ue) {
		return fmt.Errorf("E822: Cannot open undo file for reading: %s (%v)", name, err)
	}
	switch ue.Kind {
	case undofile.KindNotUndoFile:
		return fmt.Errorf("E823: Not an undo file: %s", name)
	case undofile.KindVersion:
		return fmt.Errorf("E824: Incompatible undo file: %s", name)
	case undofile.KindCorrupt:
		d := strings.TrimSuffix(strings.TrimPrefix(ue.Detail, "corrupt ("), ")")
		return fmt.Errorf("E825: Corrupted undo file (%s): %s", d, name)
	}
	return fmt.Errorf("E822: Cannot open undo file for reading: %s (%s)", name, ue.Detail)
}

// stats is :undostats: the undo directory, its size and file count, the
// largest undo files, the orphaned histories and what retention would
// delete, as the lines of list output.
func (s *Session) stats() ([]string, error) {
	dir, err := s.undoDir()
	if err != nil {
		return nil, fmt.Errorf("E828: no undo directory: %v", err)
	}
	st, err := undofile.DirStats(dir)
	if err != nil {
		return nil, err
	}
	state := "on"
	if !s.persistOn() {
		state = "off: no undo files are read or written"
	}
	files := "files"
	if st.Files == 1 {
		files = "file"
	}
	out := []string{fmt.Sprintf("Undo directory: %s ('undofile' %s)", dir, state),
		fmt.Sprintf("%d undo %s, %s", st.Files, files, humanSize(st.Bytes))}
	if len(st.Largest) == 0 {
		return append(out, s.workspaceStats()...), nil // workspace_list.go
	}
	out = append(out, "Largest:")
	loc := s.cfg.Editor.Location
	if loc == nil {
		loc = s.clock.Now().Location()
	}
	for _, fi := range st.Largest {
		what := fi.Path
		if what == "" || strings.HasSuffix(fi.Name, "~") {
			what = filepath.Base(fi.Name)
		}
		out = append(out, fmt.Sprintf("%10s  %s  %s", humanSize(fi.Size), fi.ModTime.In(loc).Format("2006-01-02 15:04"), what))
	}
	out = append(out, s.orphanLines(dir)...)
	return append(out, s.workspaceStats()...), nil
}

// humanSize formats a byte count: "512 B", "1.5 KiB", "12.0 MiB".
func humanSize(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v, suffix := float64(n)/unit, "KiB"
	for _, s := range []string{"MiB", "GiB", "TiB"} {
		if v < unit {
			break
		}
		v, suffix = v/unit, s
	}
	return fmt.Sprintf("%.1f %s", v, suffix)
}

// orphanLines are :undostats's last lines: the histories whose file is
// gone (kept, as the file may come back or be found by content) and the
// histories the next retention pass would delete (a dry run), at most
// statsListed of each.
func (s *Session) orphanLines(dir string) []string {
	const statsListed = 10
	list := func(title string, hs []undofile.History) []string {
		if len(hs) == 0 {
			return nil
		}
		out := []string{fmt.Sprintf("%s: %d", title, len(hs))}
		for i, h := range hs {
			if i == statsListed {
				out = append(out, "  …")
				break
			}
			out = append(out, "  "+h.Path)
		}
		return out
	}
	var out []string
	if hs, err := undofile.Orphans(dir); err == nil {
		out = append(out, list("Orphaned (their file is gone)", hs)...)
	}
	maxAge := time.Duration(s.undoConf().PersistDays) * 24 * time.Hour
	if hs, err := undofile.PrunePlan(dir, maxAge, s.wall.Now()); err == nil {
		out = append(out, list(fmt.Sprintf("Unused for %d days, deleted at the next start", s.undoConf().PersistDays), hs)...)
	}
	return out
}
