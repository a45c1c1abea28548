package main

import (
	"fmt"
	"strconv"
	"strings"
)

// The typed shape of a trace replay (issue #17): every patch is typed as a
// person would in Vim, one ":normal!" line each, with raw control bytes
// for the special keys: "{byte}go" puts the cursor at the end of the
// deleted text, "i" (or "a" at an end of line) starts Insert mode, one
// <BS> per deleted character, the inserted text with newlines typed as
// <CR>, <Esc>. The patches of one transaction are one undo block (kjx:
// "undojoin|" before every patch but the first; Vim: "let &ul=&ul" after
// the transaction). Both editors read raw control bytes in a :normal
// argument as the keys they are on a terminal; a CR inside a script line
// is not a line break for either.

const (
	keyBS  = "\x08"
	keyCR  = "\r"
	keyEsc = "\x1b"
)

// typedPatch returns the ":normal!" line that types patch p (at byte off,
// deleting del bytes, which are m's) and applies it to m.
func typedPatch(m *textModel, off, del int, ins string) (string, error) {
	if i := strings.IndexFunc(ins, isControl); i >= 0 {
		return "", fmt.Errorf("inserted text has control character %q, which would be typed as a key", ins[i])
	}
	if del > 0 && !m.isASCII(off, del) {
		return "", fmt.Errorf("deleted text at %d is not ASCII: one <BS> per byte would delete too much", off)
	}
	p := off + del // the cursor goes after the deleted text
	cmd := "i"
	if p == len(m.b) || m.b[p] == '\n' {
		// "go" onto an end of line puts the cursor on the character
		// before it (or on an empty line, where "a" inserts at its start).
		cmd = "a"
	}
	var b strings.Builder
	b.Grow(16 + del + len(ins))
	b.WriteString("normal! " + strconv.Itoa(p+1) + "go" + cmd)
	b.WriteString(strings.Repeat(keyBS, del))
	b.WriteString(strings.ReplaceAll(ins, "\n", keyCR))
	b.WriteString(keyEsc)
	m.replace(off, del, ins)
	return b.String(), nil
}

// isASCII reports whether the n bytes at off are ASCII.
func (m *textModel) isASCII(off, n int) bool {
	for _, c := range m.b[off : off+n] {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// typedReplay is the typed shape of traceReplay: every transaction at its
// recorded time, one undo block, its patches typed.
func typedReplay(tr *Trace) (*Script, error) {
	clock := int64(1)
	if len(tr.Txns) > 0 {
		clock = max(tr.Txns[0].Time, 1)
	}
	s := NewScript(clock)
	s.Ex(undoLevels(len(tr.Txns)))
	// <BS> over line breaks and the start of the insert, as typing does
	// in Vim with defaults.vim (vim -u NONE has 'backspace' empty).
	s.Ex("set backspace=indent,eol,start")
	m := newModel(tr.Start)
	for i, tx := range tr.Txns {
		s.SetTime(tx.Time)
		for j, p := range tx.Patches {
			off, del, err := m.bytesOf(p.Pos, p.Del)
			if err != nil {
				return nil, fmt.Errorf("txn %d patch %d: %w", i, j, err)
			}
			line, err := typedPatch(m, off, del, p.Ins)
			if err != nil {
				return nil, fmt.Errorf("txn %d patch %d: %w", i, j, err)
			}
			s.changeRaw(line)
		}
		s.EndTxn()
	}
	return s, s.Err()
}

// travelMoves are the time-travel moves after a typed replay of n
// transactions, each followed by a write of the text (checked against
// Vim's): g- and g+ with counts, :undo N (of states that exist), :earlier
// and :later by time, by count and by file writes (the buffer is renamed
// into the output directory first, so its writes count as writes of its
// own file), u and CTRL-R with counts.
func travelMoves(n int) []string {
	undo := func(k int) string { return "undo " + strconv.Itoa(k) }
	return []string{
		"normal! 40g-", "w!", "normal! 15g+", undo(n / 2), "w!", "earlier 10m", "later 3m",
		"earlier 500", "later 120", "earlier 2f", "later 1f", "normal! 7u", "normal! 3\x12",
		"earlier 1d", "later 1f", undo(n / 5), "normal! 250g-", "earlier 1f", "later 1d",
		// Branches made at the replay's last instant (equal times).
		undo(n / 3), "normal! ggOone\x1b", "normal! 30g-", "normal! 12g+", "earlier 40", "later 2f",
		undo(2 * n / 3), "normal! Gotwo\x1b", "w!", "earlier 1h", "normal! 99g+", "later 7",
		"earlier 3f", "normal! 5u", "later 1h", "normal! 1000g-", "later 1d",
	}
}

// typedTravelScript is the typed replay of tr followed by travelMoves:
// replay.txt (must be tr.End), then travel01.txt ... after each move that
// is not a write.
func typedTravelScript(tr *Trace) (*Script, []string, error) {
	s, err := typedReplay(tr)
	if err != nil {
		return nil, nil, err
	}
	s.Path("w!", DirOut, "replay.txt")
	s.Path("file", DirOut, "own.txt")
	var outs []string
	for _, mv := range travelMoves(len(tr.Txns)) {
		s.rawEx(mv)
		// A change among the moves is its own undo block in both editors
		// (Vim would join the changes of consecutive script lines).
		s.EndTxn()
		if mv == "w!" {
			continue
		}
		name := fmt.Sprintf("travel%02d.txt", len(outs)+1)
		s.Path("w!", DirOut, name)
		outs = append(outs, name)
	}
	s.Quit()
	return s, outs, s.Err()
}
