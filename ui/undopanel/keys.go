package undopanel

import (
	"strings"

	"github.com/kjx-editor/kjx/editor/keys"
)

// ActionKind is what a key asks of the panel's owner.
type ActionKind uint8

// The actions.
const (
	ActNone        ActionKind = iota
	ActRestore                // make Seq the current state (one undoable movement)
	ActClose                  // close the panel
	ActFocusText              // give the keyboard back to the text
	ActRedraw                 // only the panel's own state changed
	ActRestoreBack            // go back to the state before the last restore (g<BS>)
	ActSearch                 // search the history for Pattern from the selection (Seq), upwards when Up
	ActRevertHunk             // apply hunk Hunk of the diff from the current text to state Seq
	ActUndo                   // undo one step of the text (u)
	ActFork                   // open state Seq as a new buffer (:fork N)
)

// Action is the result of a key.
type Action struct {
	Kind ActionKind
	Seq  int
	// Pattern and Up describe an ActSearch.
	Pattern string
	Up      bool
	// Hunk is the hunk of an ActRevertHunk, from 0.
	Hunk int
}

// HelpLines describes the keys, for the help overlay.
var HelpLines = []string{
	"j k ↓ ↑   move (also ^N ^P)",
	"J K       older/newer (g- g+)",
	"h l ← →   sibling branch",
	"[ ]       previous/next fork",
	"{ }       previous/next saved",
	"gg G      newest/root (also Home End)",
	"^D ^U     half a page down/up (PgDn PgUp: a page)",
	"Enter     restore this state",
	"P         live preview in the text window",
	"r         choose a hunk to revert: n N, Enter, Esc",
	"f         fork: this state as a new buffer (:fork N)",
	"u         undo in the text",
	"BS ^H     back to before the last restore (g<BS>)",
	"z t       fold straight runs; absolute time",
	"p         diff/parent/full/mark",
	"m         mark to compare with",
	"/ ?       search down/up: changes, labels, sources",
	"n N       next/previous match",
	"^E ^Y     scroll the preview",
	"Tab ^Ww   focus the text (and back)",
	"q Esc     close",
	"?         this help (type a pattern to search up)",
}

// Handles reports whether k is a key the panel understands: a character
// alone or with Ctrl, or one of its special keys (whatever the
// modifiers: <S-Up> is <Up>).
func Handles(k keys.Key) bool {
	switch k.Code {
	case keys.Rune:
		return k.Mod&^keys.ModCtrl == 0
	case keys.Up, keys.Down, keys.Left, keys.Right, keys.Enter, keys.Esc, keys.Tab,
		keys.Home, keys.End, keys.PgUp, keys.PgDn, keys.Backspace:
		return true
	}
	return false
}

// isCtrl reports whether k is CTRL and the letter r.
func isCtrl(k keys.Key, r rune) bool {
	return k.Code == keys.Rune && k.Mod == keys.ModCtrl && k.Rune == r
}

// Key handles one key press and returns what the owner must do. t is the
// tree the panel last synced with. Keys the panel does not handle
// (Handles) do nothing.
func (p *Panel) Key(t Tree, k keys.Key) Action {
	a := p.key(t, k)
	if p.Live {
		a = p.liveAfter(a)
	}
	return a
}

// key is Key before the live preview has its say.
func (p *Panel) key(t Tree, k keys.Key) Action {
	if !Handles(k) {
		return Action{}
	}
	if a, ok := p.WindowKey(k); ok {
		return a
	}
	if p.Layout.Len() == 0 {
		return Action{}
	}
	if p.Search.Typing {
		return p.typingKey(k)
	}
	if p.Chooser.Active {
		return p.chooserKey(k)
	}
	if p.pending == 'g' {
		p.pending = 0
		if k.IsRune('g') {
			return p.selectRow(p.Layout.Len() - 1)
		}
	}
	if k.Code == keys.Rune && k.Mod == keys.ModCtrl {
		return p.ctrlKey(k.Rune)
	}
	switch k.Code {
	case keys.Down:
		return p.moveRows(1)
	case keys.Up:
		return p.moveRows(-1)
	case keys.Left:
		return p.sibling(-1)
	case keys.Right:
		return p.sibling(1)
	case keys.Enter:
		return Action{Kind: ActRestore, Seq: p.Sel}
	case keys.Esc:
		return Action{Kind: ActClose}
	case keys.Tab:
		return Action{Kind: ActFocusText}
	case keys.Backspace:
		return Action{Kind: ActRestoreBack}
	case keys.Home:
		return p.selectRow(p.Layout.Len() - 1)
	case keys.End:
		return p.selectRow(0)
	case keys.PgDn:
		return p.moveRows(max(p.height-1, 1))
	case keys.PgUp:
		return p.moveRows(-max(p.height-1, 1))
	case keys.Rune:
		return p.runeKey(t, k.Rune)
	}
	return Action{}
}

// WindowKey handles CTRL-W commands, which work with or without a tree
// to show: CTRL-W w, CTRL-W CTRL-W, CTRL-W p, h, l and W go to the other
// window, the text (there are two); any other key after CTRL-W cancels
// it. It reports whether k was such a key.
func (p *Panel) WindowKey(k keys.Key) (Action, bool) {
	if p.pending == 'w' {
		p.pending = 0
		if k.Code == keys.Rune && (k.Mod == 0 && strings.ContainsRune("wWphl", k.Rune) || isCtrl(k, 'w')) {
			return Action{Kind: ActFocusText}, true
		}
		return Action{}, true
	}
	if isCtrl(k, 'w') {
		p.pending = 'w'
		return Action{}, true
	}
	return Action{}, false
}

func (p *Panel) ctrlKey(r rune) Action {
	switch r {
	case 'h': // the Backspace of terminals that send ^H
		return Action{Kind: ActRestoreBack}
	case 'e':
		p.DiffTop++
	case 'y':
		p.DiffTop = max(p.DiffTop-1, 0)
	case 'd':
		return p.moveRows(max(p.height/2, 1))
	case 'u':
		return p.moveRows(-max(p.height/2, 1))
	case 'n':
		return p.moveRows(1)
	case 'p':
		return p.moveRows(-1)
	default:
		return Action{}
	}
	return Action{Kind: ActRedraw}
}

func (p *Panel) runeKey(t Tree, r rune) Action {
	row := p.Layout.Row(p.Sel)
	switch r {
	case 'j':
		return p.moveRows(1)
	case 'k':
		return p.moveRows(-1)
	case 'J':
		return p.selectRow(max(row-1, 0))
	case 'K':
		return p.selectRow(min(row+1, p.Layout.Len()-1))
	case 'h':
		return p.sibling(-1)
	case 'l':
		return p.sibling(1)
	case '[':
		return p.selectRow(p.Layout.PrevFork(row))
	case ']':
		return p.selectRow(p.Layout.NextFork(row))
	case '{':
		return p.selectRow(p.Layout.PrevWritten(row))
	case '}':
		return p.selectRow(p.Layout.NextWritten(row))
	case 'g':
		p.pending = 'g'
		return Action{}
	case 'G':
		return p.selectRow(0)
	case 'q':
		return Action{Kind: ActClose}
	case 'z':
		p.Folded = !p.Folded
	case 'p':
		p.Preview = p.nextPreview()
		p.DiffTop = 0
	case 'm':
		p.toggleMark()
	case '/', '?':
		return p.startTyping(r == '?')
	case 'n', 'N':
		return p.searchNext(r == 'N')
	case 'r':
		return p.startChooser()
	case 'P':
		return p.toggleLive()
	case 'u':
		return Action{Kind: ActUndo}
	case 'f':
		return Action{Kind: ActFork, Seq: p.Sel}
	case 't':
		p.Absolute = !p.Absolute
	default:
		return Action{}
	}
	return Action{Kind: ActRedraw}
}

// SelectRow selects node row r (ignored when out of range), as a click
// does.
func (p *Panel) SelectRow(r int) Action { return p.selectRow(r) }

// selectRow selects node row r (ignored when out of range).
func (p *Panel) selectRow(r int) Action {
	if r < 0 || r >= p.Layout.Len() {
		return Action{}
	}
	if seq := p.Layout.Seq(r); seq != p.Sel {
		p.Sel = seq
		p.DiffTop = 0
	}
	return Action{Kind: ActRedraw}
}

// moveRows moves the selection n display rows down (n < 0: up), skipping
// connector rows; a fold counts as one row.
func (p *Panel) moveRows(n int) Action {
	v := p.view()
	r := v.RowOf(p.Layout.Row(p.Sel))
	for ; n != 0; n -= sign(n) {
		next, ok := r, true
		for {
			if n > 0 {
				next, ok = v.Down(next)
			} else {
				next, ok = v.Up(next)
			}
			if !ok || next.IsNode() {
				break
			}
		}
		if !ok {
			break
		}
		r = next
	}
	return p.selectRow(r.Top)
}

func sign(n int) int {
	if n < 0 {
		return -1
	}
	return 1
}

// sibling selects the older (dir < 0) or newer sibling of the selection,
// or of its nearest ancestor that has one.
func (p *Panel) sibling(dir int) Action {
	for r := p.Layout.Row(p.Sel); r >= 0; r = p.Layout.Parent(r) {
		older, newer, _, _ := p.Layout.Siblings(r)
		if dir < 0 && older >= 0 {
			return p.selectRow(older)
		}
		if dir > 0 && newer >= 0 {
			return p.selectRow(newer)
		}
	}
	return Action{}
}
