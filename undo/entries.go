package undo

import (
	"strings"

	"github.com/kjx-editor/kjx/buffer"
)

// Vim's undo entries. Before a change Vim saves whole lines (u_save: the
// lines between top and bot) and a header's entries are those saves. The
// message after a movement counts their lines: u_doit and undo_time reset
// u_newcount and u_oldcount once (u_oldcount -1 when the buffer is empty),
// every u_undoredo of the movement adds each entry's size after (newsize)
// and before (oldsize), and u_undo_end reports "N changes" with the sum of
// newsize (less one when the buffer ends empty) when the line count did not
// change. kjx stores byte changes, so each change is seen as the entry, or
// the entries, Vim would have made for it.

// entryInfo is a change seen as one of Vim's undo entries: top, the first
// line it covers (0-based, which is Vim's ue_top, the line above, 1-based),
// size the lines it saved and newsize the lines it left. A top of -1 is
// not known yet (see resolve).
type entryInfo struct {
	top, size, newsize int32
	below              bool // the entry starts on the line after the change's offset
}

// resolve sets the entry's top from r, a text in which c.Off has the same
// prefix as when c applied.
func (e *entryInfo) resolve(r buffer.Rope, c buffer.Change) {
	e.top = int32(r.LineOf(c.Off))
	if e.below {
		e.top++
	}
}

// entryOf is c seen as Vim's entries (top unresolved). r holds c's old or
// new text at c.Off and end is the offset in r just past that text. typed
// says c merges typing: Applies inserting text into the change before them.
// The rules, each checked against Vim 9.0:
//
//   - typed (Insert mode): Vim saves the cursor line before the first change
//     and lets that entry grow as lines are added (u_getbot), so it covers
//     every line c touches. After o or O the opened line is an entry of its
//     own (0 lines saved, 1 left) and the typed text a second one saving
//     that line; counting every line c touches gives their sum:
//     "oone<CR>two<Esc>" saves 1 line and leaves 3.
//   - a change at a line start whose Old and New are each empty or end in
//     '\n' replaces exactly those lines: dd, P, O on the first line, :d.
//   - an insertion at a line end of text that starts with '\n' adds exactly
//     the lines after it: p, o and O without typing. A change at the end of
//     the text whose Old and New are each empty or start with '\n' replaces
//     the last lines: dd of the last line. (J onto an empty line is the same
//     deletion in the middle of the text, where it saves both lines.)
//   - any other change saves every line it touches: x, J, >>, r.
func entryOf(r buffer.Rope, c buffer.Change, end int, typed bool) entryInfo {
	no, nn := int32(strings.Count(c.Old, "\n")), int32(strings.Count(c.New, "\n"))
	switch {
	case typed:
	case startLinewise(r, c):
		return entryInfo{top: -1, size: no, newsize: nn}
	case endLinewise(r, c, end):
		return entryInfo{top: -1, size: no, newsize: nn, below: true}
	}
	return entryInfo{top: -1, size: no + 1, newsize: nn + 1}
}

// infoOf is entryOf with its top, for a change that was not typed; r is the
// text before c.
func infoOf(r buffer.Rope, c buffer.Change, typed bool) entryInfo {
	e := entryOf(r, c, c.Off+len(c.Old), typed)
	e.resolve(r, c)
	return e
}

func startLinewise(r buffer.Rope, c buffer.Change) bool {
	if c.Old == "" && c.New == "" {
		return false
	}
	if (c.Old != "" && c.Old[len(c.Old)-1] != '\n') || (c.New != "" && c.New[len(c.New)-1] != '\n') {
		return false
	}
	return atLineStart(r, c.Off)
}

func endLinewise(r buffer.Rope, c buffer.Change, end int) bool {
	if c.Old == "" && c.New == "" {
		return false
	}
	if (c.Old != "" && c.Old[0] != '\n') || (c.New != "" && c.New[0] != '\n') {
		return false
	}
	if c.Old != "" {
		return end == r.Len()
	}
	return end == r.Len() || r.ByteAt(end) == '\n'
}

func atLineStart(r buffer.Rope, off int) bool {
	return off == 0 || r.LineStart(r.LineOf(off)) == off
}

// blockLines sums the entry sizes of a block the way Vim builds its
// entries: saving one line that one of the last ten entries already saved
// (with no line count change in between) reuses that entry, so that four
// substitutions on one line are "1 change". It returns the lines replaced
// and inserted, in the forward direction.
func blockLines(infos []entryInfo) (oldLines, newLines int32) {
	if len(infos) == 1 {
		return infos[0].size, infos[0].newsize
	}
	ents := make([]entryInfo, 0, len(infos))
	for _, in := range infos {
		if in.size == 1 && reuseEntry(ents, in) {
			continue
		}
		ents = append(ents, in)
	}
	for _, e := range ents {
		oldLines += e.size
		newLines += e.newsize
	}
	return oldLines, newLines
}

// reuseEntry finds an entry that saved in's single line and folds in into
// it, moving it to the end (Vim's u_savecommon).
func reuseEntry(ents []entryInfo, in entryInfo) bool {
	for k := len(ents) - 1; k >= 0 && k >= len(ents)-10; k-- {
		e := ents[k]
		if e.size != e.newsize || (e.size > 1 && in.top >= e.top && in.top < e.top+e.size) {
			return false
		}
		if e.size == 1 && e.top == in.top {
			e.newsize += in.newsize - in.size
			copy(ents[k:], ents[k+1:])
			ents[len(ents)-1] = e
			return true
		}
	}
	return false
}

// rebuildInfo recomputes the entries of changes that turned some text into
// text; typed marks the changes that merged typing (see typedBit).
func rebuildInfo(dst []entryInfo, text buffer.Rope, changes []buffer.Change, typed uint32) []entryInfo {
	// A scratch transient: the changes of one block are near each other,
	// so after the first copy they edit its own leaves in place (a
	// persistent Apply per change copied a leaf and its path each time).
	// text itself is never written.
	tx := text.Transient()
	for i := len(changes) - 1; i >= 0; i-- {
		if err := tx.Apply(changes[i].Inverse()); err != nil {
			return dst
		}
	}
	for i, c := range changes {
		dst = append(dst, infoOf(tx.Borrow(), c, isTyped(typed, i)))
		_ = tx.Apply(c) // it applied in reverse above
	}
	return dst
}

// typedBit is the bit of a node's typed mask that marks changes[i] as
// merged typing; changes past the 32nd are never marked and are seen as the
// single change they look like.
func typedBit(i int) uint32 {
	if i >= 32 {
		return 0
	}
	return 1 << uint(i)
}

// isTyped reports whether mask marks changes[i] as merged typing.
func isTyped(mask uint32, i int) bool { return mask&typedBit(i) != 0 }

// lineContribution is the number of lines a change replaces and inserts in
// the forward direction, as the cursor rule sees it (cursor.go). r is a text
// in which c.Off has the same prefix as when c applies. A change at a line
// start whose texts are empty or end in '\n' covers exactly its whole
// lines; any other change covers every line it touches.
func lineContribution(r buffer.Rope, c buffer.Change) (oldLines, newLines int32) {
	no, nn := int32(strings.Count(c.Old, "\n")), int32(strings.Count(c.New, "\n"))
	if startLinewise(r, c) {
		return no, nn
	}
	return no + 1, nn + 1
}
