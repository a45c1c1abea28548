package session

// :rewind: every file of the workspace back to a checkpoint, as one
// recorded movement of each file's undo tree, written crash-safely; all
// or nothing. The plan and its safety rules come first
// (workspace_safety.go), then a "before rewind" checkpoint, then the
// files, each pushed on a rollback stack that puts them back if a later
// one fails.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/cells"
	"github.com/kjx-editor/kjx/editor/fileio"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
	"github.com/kjx-editor/kjx/undofile/store"
	"github.com/kjx-editor/kjx/undofile/workspace"
)

// rwFile is one file a rewind changes.
type rwFile struct {
	rel, abs string
	want     workspace.Entry // the state to go to
	wantText *[]byte         // its bytes, from the store (nil: not stored)
	b        *editor.Buffer  // its open buffer (nil: not open)
	cur      undofile.FileState
	curOn    bool // the file (or its open buffer) exists now
	changes  int  // lines added and deleted by the rewind (-1: unknown)
}

// rwUndo is one step of the rollback stack: what a file was before.
type rwUndo struct {
	f      *rwFile
	b      *editor.Buffer
	seq    int
	text   buffer.Rope
	onDisk bool
}

// rewind is the Workspace port's Rewind (see editor.Workspace).
func (s *Session) rewind(target string, current, confirmed bool) (string, []string, error) {
	w := s.workspace()
	if w == nil {
		return "", nil, s.ws.err
	}
	if err := w.work.wait(); err != nil {
		s.say("%s", firstLine(err))
	}
	if err := w.log.Refresh(); err != nil {
		return "", nil, err
	}
	cp, err := w.log.Resolve(target, s.wall.Now())
	if err != nil {
		return "", nil, fmt.Errorf("rewind: %s", cells.Sanitize(firstLine(err)))
	}
	plan, err := s.planRewind(w, cp, current)
	if err != nil {
		return "", nil, err
	}
	label := "«" + cells.Sanitize(cp.Label) + "»"
	if len(plan) == 0 {
		s.say("Nothing to rewind: every file is as at %s", label)
		return "", nil, nil
	}
	if err := s.checkRewind(w, plan); err != nil {
		return "", nil, err
	}
	if !confirmed {
		return s.rewindQuestion(cp, label, plan)
	}
	return "", nil, s.applyRewind(w, cp, plan)
}

// rewindQuestion is the question asked before a rewind, and the files.
func (s *Session) rewindQuestion(cp workspace.Checkpoint, label string, plan []*rwFile) (string, []string, error) {
	total, lines := 0, []string{}
	for _, f := range plan {
		what := fmt.Sprintf("+%d lines changed", f.changes)
		switch {
		case !f.want.Exists:
			what = "deleted"
		case !f.curOn:
			what = "re-created"
		case f.changes < 0:
			what = "changed"
		}
		if f.b != nil && f.b.Modified() {
			what += " (its unsaved changes stay in its undo history)"
		}
		total += max(f.changes, 0)
		lines = append(lines, fmt.Sprintf("  %s: %s", cells.Sanitize(f.rel), strings.TrimPrefix(what, "+")))
	}
	when := s.localTime(cp.Time).Format("15:04")
	q := fmt.Sprintf("Rewind %d %s (%d changes) to %s (%s, %s)? (y/n)", len(plan), plural(len(plan), "file"),
		total, label, when, age(s.wall.Now().Sub(cp.Time)))
	return q, lines, nil
}

// plural is word, with an s unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// moveToEntry moves b to f.want: the recorded undo state when the tree
// holds it with the recorded text, else the stored text as a new state.
func (s *Session) moveToEntry(b *editor.Buffer, f *rwFile) error {
	if err := s.ed.MoveTo(b, f.want.Seq); err == nil {
		if _, disk := s.currentDisk(b); disk == f.want.Disk {
			return nil
		}
	}
	if f.wantText == nil {
		return fmt.Errorf("its text at state %d is neither in its undo history nor in the store", f.want.Seq)
	}
	s.ed.SetText(b, decodeFile(*f.wantText, b.FileFlags().Format), undo.SourceRestore)
	return nil
}

// decodeFile is the text of a file's bytes: CRLF as LF in a DOS file, and
// no final newline (the buffer keeps that as a flag).
func decodeFile(data []byte, f fileio.Format) buffer.Rope {
	if f == fileio.DOS {
		data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	}
	data = bytes.TrimSuffix(data, []byte("\n"))
	return buffer.FromString(string(data))
}

// readDisk is the FileState of path's bytes (ok false: it does not
// exist; err: it cannot be read).
func readDisk(path string) (undofile.FileState, bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return undofile.FileState{}, false, nil
	}
	if err != nil {
		return undofile.FileState{}, false, err
	}
	return undofile.HashBytes(data), true, nil
}

// blobOf reads the bytes of a recorded state from the store (nil: not
// stored, or damaged).
func blobOf(st *store.Store, e workspace.Entry) *[]byte {
	data, err := st.Get(store.Hash(e.Disk.Hash))
	if err != nil {
		return nil
	}
	return &data
}

// absIn is rel's absolute path under root.
func absIn(root, rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }

// readFileBytes reads a file.
func readFileBytes(path string) ([]byte, error) { return os.ReadFile(path) }

// formatOf guesses a file's format as fileio does: DOS when it has a
// newline and every newline follows a CR.
func formatOf(data []byte) fileio.Format {
	n := bytes.Count(data, []byte("\n"))
	if n > 0 && bytes.Count(data, []byte("\r\n")) == n {
		return fileio.DOS
	}
	return fileio.Unix
}
