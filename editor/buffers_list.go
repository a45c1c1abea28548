package editor

// The buffer list as Vim shows it. Vim gives every file of its argument
// list a buffer number at once (alist_add → buflist_add), loading only
// the one it edits: `vim a b` then `:ls` lists b as buffer 2 on line 0,
// and `:bnext` goes there. An alternate file name (:saveas, a refused
// :edit) gets an unlisted number the same way. kjx keeps loaded buffers
// in e.bufs and these names as unloadedBuffers with the numbers Vim would
// give them; the first load of such a file takes its number.

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/kjx-editor/kjx/editor/cells"
	"github.com/kjx-editor/kjx/editor/exparse"
)

// unloadedBuffer is a buffer number given to a file that is not loaded
// yet (an argument file, an alternate file name).
type unloadedBuffer struct {
	id     int
	name   string
	listed bool // false after :bdelete
	// deleted is set by :bdelete (and :argedit naming an empty buffer),
	// which give the file a last line in Vim's buffer list: :ls shows
	// line 1 instead of 0 from then on.
	deleted bool
}

// bufRef is one entry of the buffer list: a loaded buffer (b) or the
// number of an argument file not loaded yet (arg).
type bufRef struct {
	b   *Buffer
	arg *unloadedBuffer
}

func (r bufRef) id() int {
	if r.b != nil {
		return r.b.id
	}
	return r.arg.id
}

func (r bufRef) name() string {
	if r.b != nil {
		return r.b.name
	}
	return r.arg.name
}

func (r bufRef) listed() bool {
	if r.b != nil {
		return r.b.listed
	}
	return r.arg.listed
}

// reserveArgBuffers numbers every file of files that has no buffer yet,
// in order, and lists again those :bdelete unlisted, as Vim's argument
// list does (alist_add).
func (e *Editor) reserveArgBuffers(files []string) {
	for _, f := range files {
		if b := e.findBuffer(f); b != nil {
			b.listed = true
			continue
		}
		if a := e.unloadedNamed(f); a != nil {
			a.listed = true
			continue
		}
		if f == "" {
			continue
		}
		e.nextBufID++
		e.unloaded = append(e.unloaded, &unloadedBuffer{id: e.nextBufID, name: f, listed: true})
	}
}

// nameEntry is the number of name's entry, made unloaded (listed or not)
// when it has none: Vim's buflist_new for an alternate file name.
func (e *Editor) nameEntry(name string, listed bool) int {
	if b := e.findBuffer(name); b != nil {
		return b.id
	}
	if a := e.unloadedNamed(name); a != nil {
		return a.id
	}
	e.nextBufID++
	e.unloaded = append(e.unloaded, &unloadedBuffer{id: e.nextBufID, name: name, listed: listed})
	return e.nextBufID
}

// alternate is the alternate file's entry (# and CTRL-^), if any.
func (e *Editor) alternate() (bufRef, bool) {
	if e.altID == 0 {
		return bufRef{}, false
	}
	return e.refByID(e.altID)
}

// unloadedNamed returns the reserved number of the file name, if any.
func (e *Editor) unloadedNamed(name string) *unloadedBuffer {
	for _, a := range e.unloaded {
		if a.name == name {
			return a
		}
	}
	return nil
}

// takeUnloaded removes the reserved number of name and returns it (0:
// none): the buffer now being made for name gets it.
func (e *Editor) takeUnloaded(name string) int {
	for i, a := range e.unloaded {
		if a.name == name {
			e.unloaded = append(e.unloaded[:i:i], e.unloaded[i+1:]...)
			return a.id
		}
	}
	return 0
}

// bufferList is every entry of the buffer list in number order; unlisted
// ones only with all set (:ls!).
func (e *Editor) bufferList(all bool) []bufRef {
	var out []bufRef
	for _, b := range e.bufs {
		if all || b.listed {
			out = append(out, bufRef{b: b})
		}
	}
	for _, a := range e.unloaded {
		if all || a.listed {
			out = append(out, bufRef{arg: a})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id() < out[j].id() })
	return out
}

// refByID returns the entry numbered id.
func (e *Editor) refByID(id int) (bufRef, bool) {
	for _, r := range e.bufferList(true) {
		if r.id() == id {
			return r, true
		}
	}
	return bufRef{}, false
}

// enterRef makes the entry r current, loading an argument file on first
// entry; leaving a modified buffer needs ! unless 'hidden' is set or the
// command has :hide.
func (e *Editor) enterRef(r bufRef, force, hide bool) error {
	if r.b == e.buf() {
		return nil
	}
	if e.buf().Modified() && !force && !hide && !e.opt.Hidden {
		return errNoWrite
	}
	e.hiding = hide
	e.setPCMark() // Vim's do_buffer: CTRL-O comes back
	if r.b != nil {
		e.switchTo(r.b) // an unlisted buffer stays unlisted, as in Vim
		return nil
	}
	listed := r.arg.listed
	if err := e.Open(r.arg.name); err != nil {
		return errAbort // Open showed the message
	}
	e.buf().listed = listed
	return nil
}

// exBuffers is :ls / :buffers / :files, in Vim's format: number, u for
// unlisted, % or #, a (shown) or h (hidden), + for modified, the quoted
// name padded to column 40, and the cursor line (0 for a file never
// loaded).
func exBuffers(e *Editor, c *exparse.Cmd, rg exRange) error {
	for _, r := range e.bufferList(c.Bang) {
		e.say(e.bufferListLine(r))
	}
	return nil
}

// bufferListLine is one line of :ls for r (Vim's buflist_list).
func (e *Editor) bufferListLine(r bufRef) string {
	unlisted, which, shown, ro, mod := ' ', ' ', ' ', ' ', ' '
	if !r.listed() {
		unlisted = 'u'
	}
	if r.id() == e.altID && (r.b == nil || r.b != e.buf()) {
		which = '#'
	}
	line := 0
	if r.arg != nil && r.arg.deleted {
		line = 1
	}
	if b := r.b; b != nil {
		switch {
		case b == e.buf():
			which, shown = '%', 'a'
		}
		if b != e.buf() && b.keptLoaded {
			shown = 'h'
		}
		if b.readonly {
			ro = '='
		}
		if b.Modified() {
			mod = '+'
		}
		line = b.lastCur.Line + 1
		if b == e.buf() {
			line = e.win.cur.Line + 1
		}
	}
	s := fmt.Sprintf("%3d%c%c%c%c%c \"%s\"", r.id(), unlisted, which, shown, ro, mod, displayRefName(r))
	pad := max(40-cells.StringWidth(s), 1)
	return s + strings.Repeat(" ", pad) + fmt.Sprintf("line %d", line)
}

func displayRefName(r bufRef) string {
	if r.b != nil {
		return bufDisplayName(r.b)
	}
	return r.arg.name
}

// countOrRange is a command's number: its count (":bn 2"), else its
// range (":2bn"), else def.
func countOrRange(c *exparse.Cmd, rg exRange, def int) int {
	switch {
	case c.HasCount:
		return c.Count
	case rg.count > 0:
		return rg.l2
	}
	return def
}

// bufferCycle is :bnext/:bprevious/:bNext with a count, wrapping.
func exBufferNext(e *Editor, c *exparse.Cmd, rg exRange) error {
	list := e.bufferList(false)
	if len(list) == 0 {
		return errors.New("E85: There is no listed buffer")
	}
	n := countOrRange(c, rg, 1)
	if c.Name != "bnext" {
		n = -n
	}
	// The current buffer's place in the list; an unlisted one sits
	// between its neighbours by number, as Vim walks b_next from it.
	idx, cur := 0, e.buf().id
	for i, r := range list {
		if r.id() < cur {
			idx = i + 1
		}
	}
	listed := idx < len(list) && list[idx].id() == cur
	if !listed && n > 0 {
		idx-- // one step forward reaches the next number
	}
	idx = ((idx+n)%len(list) + len(list)) % len(list)
	return e.enterRef(list[idx], c.Bang, hasHide(c))
}

// exBufferFirst is :bfirst/:brewind and :blast.
func exBufferFirst(e *Editor, c *exparse.Cmd, rg exRange) error {
	list := e.bufferList(false)
	if len(list) == 0 {
		return errors.New("E85: There is no listed buffer")
	}
	if c.Name == "blast" {
		return e.enterRef(list[len(list)-1], c.Bang, hasHide(c))
	}
	return e.enterRef(list[0], c.Bang, hasHide(c))
}
