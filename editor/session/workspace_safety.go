package session

// The plan of a rewind and the rules checked before anything changes:
// every path inside the workspace (no symbolic link leading out of it),
// and every affected file on disk exactly as kjx last read or wrote it.

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/cells"
	"github.com/kjx-editor/kjx/undofile"
	"github.com/kjx-editor/kjx/undofile/workspace"
)

// planRewind lists the files a rewind to cp changes: every file the
// history knows (or only the current buffer's, when current). A file
// that cp does not list goes back to the state kjx first recorded for it
// (not existing, for a file kjx created).
func (s *Session) planRewind(w *wsState, cp workspace.Checkpoint, current bool) ([]*rwFile, error) {
	want := map[string]workspace.Entry{}
	for _, e := range cp.Files {
		want[e.Path] = e
	}
	open := map[string]*editor.Buffer{}
	for _, b := range s.ed.Buffers() {
		if rel, _, ok := w.relOf(b); ok {
			open[rel] = b
		}
	}
	first := firstSeen(w.log.List())
	var rels []string
	if current {
		rel, _, ok := w.relOf(s.ed.Buffer())
		if !ok {
			return nil, errors.New("rewind: the current buffer's file is not in the workspace " + cells.Sanitize(w.root))
		}
		rels = []string{rel}
	} else {
		for rel := range first {
			rels = append(rels, rel)
		}
		sort.Strings(rels)
	}
	var plan []*rwFile
	for _, rel := range rels {
		e, ok := want[rel]
		if !ok {
			if e, ok = first[rel]; !ok {
				continue
			}
		}
		f := &rwFile{rel: rel, abs: absIn(w.root, rel), want: e, b: open[rel], changes: -1}
		if s.fileDiffers(w, f) {
			plan = append(plan, f)
		}
	}
	return plan, nil
}

// firstSeen is each path's first recorded state (oldest first list).
func firstSeen(list []workspace.Summary) map[string]workspace.Entry {
	out := map[string]workspace.Entry{}
	for _, c := range list {
		for _, e := range c.Changed {
			if _, ok := out[e.Path]; !ok {
				out[e.Path] = e
			}
		}
	}
	return out
}

// fileDiffers fills f's current state and reports whether the rewind
// changes it: another text, existence, or an open buffer with unsaved
// changes.
func (s *Session) fileDiffers(w *wsState, f *rwFile) bool {
	var curText buffer.Rope
	if f.b != nil {
		curText, f.cur = s.currentDisk(f.b)
		f.curOn = f.b.OnDisk() || f.b.Modified()
	} else {
		data, err := readFileBytes(f.abs)
		f.curOn = err == nil
		if f.curOn {
			f.cur = undofile.HashBytes(data)
			curText = decodeFile(data, formatOf(data))
		}
	}
	if f.want.Exists {
		f.wantText = blobOf(w.st, f.want)
		if f.wantText != nil {
			a, d := lineStat(curText, decodeFile(*f.wantText, formatOf(*f.wantText)))
			f.changes = a + d
		}
	}
	if f.want.Exists != f.curOn {
		return true
	}
	modified := f.b != nil && f.b.Modified()
	return f.want.Exists && (f.want.Disk != f.cur || modified)
}

// checkRewind refuses the rewind, before anything changes, when a file
// lies outside the workspace (or is reached through a symbolic link
// leading out of it), or changed on disk since kjx last read or wrote it.
func (s *Session) checkRewind(w *wsState, plan []*rwFile) error {
	root, err := filepath.EvalSymlinks(w.root)
	if err != nil {
		return fmt.Errorf("rewind refused: the workspace %s: %v; nothing was changed", cells.Sanitize(w.root), err)
	}
	var outside, changed []string
	for _, f := range plan {
		if !insideReal(root, f.abs) {
			outside = append(outside, cells.Sanitize(f.rel))
			continue
		}
		if s.changedOnDisk(w, f) {
			changed = append(changed, cells.Sanitize(f.rel))
		}
	}
	switch {
	case len(outside) > 0:
		return fmt.Errorf("rewind refused: %s %s outside the workspace (a symbolic link?); nothing was changed",
			strings.Join(outside, ", "), verb(len(outside), "leads", "lead"))
	case len(changed) > 0:
		return fmt.Errorf("rewind refused: %s changed on disk since kjx last saw %s; nothing was changed",
			strings.Join(changed, ", "), verb(len(changed), "it", "them"))
	}
	return nil
}

// verb is one or other by count.
func verb(n int, one, other string) string {
	if n == 1 {
		return one
	}
	return other
}

// insideReal reports whether abs, with every symbolic link of it (or of
// its nearest existing ancestor) resolved, lies inside root (resolved).
func insideReal(root, abs string) bool {
	p, rest := abs, ""
	for {
		real, err := filepath.EvalSymlinks(p)
		if err == nil {
			_, ok := workspace.RelPath(root, filepath.Join(real, rest))
			return ok
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return false
		}
		parent := filepath.Dir(p)
		if parent == p {
			return false
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}

// changedOnDisk reports whether f's file is not what kjx last read or
// wrote: for an open buffer, the bytes it read or wrote; for another
// file, the bytes its undo file was saved with (or, without one, the
// newest state the log recorded).
func (s *Session) changedOnDisk(w *wsState, f *rwFile) bool {
	disk, exists, err := readDisk(f.abs)
	if err != nil {
		return true
	}
	if f.b != nil {
		if !f.b.OnDisk() { // never written, or deleted by a rewind
			return exists
		}
		if pb := s.persist.bufs[f.b]; pb != nil && pb.anchor.tree != nil && !pb.anchor.disk.IsZero() {
			return !exists || disk != pb.anchor.disk
		}
		return exists != f.b.OnDisk()
	}
	if !exists {
		return s.lastRecorded(w, f.rel).Exists
	}
	if dir, ok := s.persistDir(); ok {
		if p, err := undofile.Canonical(f.abs); err == nil {
			l, err := undofile.Peek(dir, p, disk, s.undoLimits())
			if err == nil {
				return l.Changed
			}
		}
	}
	last := s.lastRecorded(w, f.rel)
	return !last.Exists || last.Disk != disk
}

// lastRecorded is the newest state the log recorded for rel.
func (s *Session) lastRecorded(w *wsState, rel string) workspace.Entry {
	if cp, ok := w.log.Latest(); ok {
		for _, e := range cp.Files {
			if e.Path == rel {
				return e
			}
		}
	}
	return workspace.Entry{}
}
