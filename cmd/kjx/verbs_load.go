package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/fileio"
	"github.com/kjx-editor/kjx/editor/session"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
)

// fileHistory is one file's undo history as the verbs read it: restored
// onto the text it is anchored to, never written back.
type fileHistory struct {
	name string // the file as the user named it
	path string // canonical
	img  undo.Image
	// texts says the states' texts can be computed: the history's saved
	// state is the file on disk, or the undo file holds a copy of it.
	// candidates are then the texts state saved may have (see textAt).
	texts      bool
	candidates []buffer.Rope
	flagsSet   bool
	undoName   string             // the undo file, for messages
	savedDisk  undofile.FileState // the bytes the history was saved with
	saved      int                // the state whose text was on disk when the history was saved
	last       int                // the state the history was in when it was saved
	moved      bool               // the file on disk is no longer that state (or is gone)
	disk       *fileio.Loaded
	// How the editor would write a state: the final newline and line
	// ending of the file (the loaded file's, else those of the saved
	// bytes), whether the loaded text was "no lines" (Vim's empty buffer,
	// which only the state on disk and state 0 can be), 'fixendofline'.
	eol, fixEOL bool
	format      fileio.Format
	loadedEmpty bool
}

// loadHistory reads the history of the file name with the user's
// configuration (undo.dir). A file without history is an error saying so.
func loadHistory(env verbEnv, name string) (*fileHistory, error) {
	cfg, _, warnings := loadConfig(options{configFile: env.configFile}, env.getenv)
	for _, w := range warnings {
		fmt.Fprintln(env.stderr, "kjx: "+terminalSafe(w.Error()))
	}
	if cfg.Undo.Dir == "" {
		return nil, errors.New("no undo directory: set undo.dir in the configuration (or HOME)")
	}
	path, err := undofile.Canonical(name)
	if err != nil {
		return nil, err
	}
	h := &fileHistory{name: name, path: path, fixEOL: cfg.Editor.FixEndOfLine}
	if err := checkRegular(name, path); err != nil {
		return nil, err
	}
	var disk undofile.FileState
	switch l, err := fileio.Load(path); {
	case err == nil:
		h.disk = &l
		disk = session.EncodedState(l.Text, l.EOL, l.Format, l.BOM)
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	loaded, err := undofile.Peek(cfg.Undo.Dir, path, disk, undofile.DefaultLimits())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: no history (no undo file in %s)", name, cfg.Undo.Dir)
	}
	if err != nil {
		return nil, err
	}
	if loaded.Changed && h.disk != nil && h.disk.BOM &&
		loaded.File.Disk == session.EncodedState(h.disk.Text, h.disk.EOL, h.disk.Format, false) {
		loaded.Changed = false // saved by a kjx whose hash left the BOM out (as the session accepts it)
	}
	h.img, h.saved, h.moved = loaded.File.Image, loaded.File.SavedSeq, loaded.Changed
	h.findAnchor(loaded)
	return h, nil
}

// checkRegular refuses a path that exists and is not a regular file
// (a directory, a device such as /dev/zero, a FIFO), before reading it.
func checkRegular(name, path string) error {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return nil // missing: the history may still be read
	case fi.IsDir():
		return fmt.Errorf("%s is a directory", name)
	case !fi.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file", name)
	}
	return nil
}

// findAnchor lists the texts the saved state may have: the undo file's
// copy of it when there is one, else the file on disk. Bytes on disk that
// end in a newline are two texts for the editor (lines with a final
// newline, or one more empty line without). textAt takes the first that
// the history fits.
func (h *fileHistory) findAnchor(l undofile.Loaded) {
	if l.File.Text != nil {
		h.candidates = append(h.candidates, *l.File.Text)
	}
	if !h.moved {
		h.candidates = append(h.candidates, h.disk.Text)
		if h.disk.EOL {
			h.candidates = append(h.candidates, h.disk.Text.Insert(h.disk.Text.Len(), "\n"))
		}
	}
	h.texts, h.undoName, h.savedDisk = len(h.candidates) > 0, l.Name, l.File.Disk
}

// textAt returns the text of state seq. The changes on the path from the
// saved state are checked on the way: the first anchor candidate they
// fit becomes the only one (and decides how states are written).
func (h *fileHistory) textAt(seq int) (buffer.Rope, error) {
	if !h.texts {
		return buffer.Rope{}, h.errNoTexts()
	}
	var err error
	for i, anchor := range h.candidates {
		var text buffer.Rope
		if text, err = h.img.TextAt(anchor, h.saved, seq); err == nil {
			if len(h.candidates) > 1 || !h.flagsSet {
				h.candidates = h.candidates[i : i+1]
				h.setFlags(anchor, h.savedDisk)
				h.flagsSet = true
			}
			return text, nil
		}
	}
	return buffer.Rope{}, fmt.Errorf("undo file %s: corrupt (%v); history not loaded", h.undoName, err)
}

// setFlags decides how states are written: as the editor would, with the
// flags of the file it loaded (an empty file has 'eol' set, as in Vim);
// but as the saved bytes were, when those flags cannot give them (the
// file is gone, or the history's text has one more empty line than the
// file read back shows).
func (h *fileHistory) setFlags(anchor buffer.Rope, saved undofile.FileState) {
	h.eol, h.format = true, fileio.Unix
	if h.disk != nil {
		h.eol, h.format = h.disk.EOL || h.disk.Text.Len() == 0, h.disk.Format
		h.loadedEmpty = h.disk.Text.Len() == 0 && !h.disk.EOL
		if h.moved || anchor.Equal(h.disk.Text) {
			return
		}
	}
	for _, f := range []fileio.Format{fileio.Unix, fileio.DOS} {
		for _, eol := range []bool{true, false} {
			for _, bom := range []bool{false, true} {
				if session.EncodedState(anchor, eol, f, bom) == saved {
					h.eol, h.format = eol, f
					return
				}
			}
		}
	}
}

// errNoTexts is the error of show and diff for a history whose saved text
// is unknown.
func (h *fileHistory) errNoTexts() error {
	return fmt.Errorf("%s changed on disk since its history was saved, and the undo file keeps no copy of the saved text: the states' texts cannot be rebuilt", h.name)
}

// bytesAt returns state seq's text as the editor writes it (:undo N, :w).
func (h *fileHistory) bytesAt(seq int) ([]byte, error) {
	var b bytes.Buffer
	if err := h.writeAt(&b, seq); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// writeAt writes state seq's text to w as the editor writes it (:undo N,
// :w), without a copy of the whole.
func (h *fileHistory) writeAt(w io.Writer, seq int) error {
	text, err := h.textAt(seq)
	if err != nil {
		return err
	}
	// Only the state kjx loaded (and state 0, which the editor treats as
	// the loaded one) can be Vim's empty buffer, and only while its text
	// is empty; see editor/undostate.go.
	empty := h.loadedEmpty && text.Len() == 0 && (seq == 0 || seq == h.saved && !h.moved)
	eol := h.eol && !empty || h.fixEOL && text.Len() > 0
	if b, ok := w.(*bytes.Buffer); ok {
		b.Grow(text.Len() + text.Newlines() + 2)
	}
	_, err = fileio.Encode(w, text, eol, h.format)
	return err
}

// resolve turns REF into a state: a seq number, a label, or -DURATION
// (the newest state made at or before that long ago; the oldest state
// when none is that old).
func (h *fileHistory) resolve(ref string, now time.Time) (int, error) {
	switch {
	case ref == "":
		return 0, fmt.Errorf("%s@: no state given", h.name)
	case isDigits(ref):
		n, err := strconv.Atoi(ref)
		if err == nil && (n == 0 || h.node(n) != nil) {
			return n, nil
		}
		return 0, fmt.Errorf("%s: no state #%s in its history", h.name, ref)
	case ref[0] == '-':
		n, sec, _, err := undo.ParseTimeArg(ref[1:])
		if err != nil || !sec {
			return 0, fmt.Errorf("%s@%s: not a time ago (say @-10m, @-1h30m, @-2d)", h.name, ref)
		}
		cutoff := now.Add(-time.Duration(n) * time.Second).Unix()
		best := 0
		for i := range h.img.Nodes {
			if nd := &h.img.Nodes[i]; nd.Time <= cutoff && (best == 0 || nd.Time >= h.node(best).Time) {
				best = nd.Seq
			}
		}
		return best, nil
	}
	for i := range h.img.Nodes {
		if h.img.Nodes[i].Label == ref {
			return h.img.Nodes[i].Seq, nil
		}
	}
	return 0, fmt.Errorf("%s: no state labelled %q in its history", h.name, ref)
}

// node returns the image node of seq (nil: none).
func (h *fileHistory) node(seq int) *undo.ImageNode {
	nodes := h.img.Nodes
	lo, hi := 0, len(nodes)
	for lo < hi {
		m := (lo + hi) / 2
		switch {
		case nodes[m].Seq == seq:
			return &nodes[m]
		case nodes[m].Seq < seq:
			lo = m + 1
		default:
			hi = m
		}
	}
	return nil
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
