package undopanel

import "strings"

// KeyCode names the keys the panel understands besides characters.
type KeyCode uint8

// The key codes.
const (
	KeyRune KeyCode = iota
	KeyUp
	KeyDown
	KeyLeft
	KeyRight
	KeyEnter
	KeyEsc
	KeyTab
	KeyHome
	KeyEnd
	KeyPgUp
	KeyPgDn
	KeyBackspace
)

// Key is a key press given to the panel. Ctrl marks a control character
// (Rune holds the lower-case letter).
type Key struct {
	Code KeyCode
	Rune rune
	Ctrl bool
}

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
)

// Action is the result of a key.
type Action struct {
	Kind ActionKind
	Seq  int
	// Pattern and Up describe an ActSearch.
	Pattern string
	Up      bool
}

// HelpLines describes the keys, for the help overlay.
var HelpLines = []string{
	"j k ↓ ↑   move",
	"J K       older/newer (g- g+)",
	"h l ← →   sibling branch",
	"[ ]       previous/next fork",
	"{ }       previous/next saved",
	"gg G      newest/root",
	"Enter     restore this state",
	"BS        back to before the last restore",
	"z         fold straight runs",
	"p         diff/parent/full/mark",
	"m         mark to compare with",
	"/ ?       search down/up: changes, labels, sources",
	"n N       next/previous match",
	"t         absolute time",
	"^E ^Y     scroll the preview",
	"Tab ^Ww   focus the text (and back)",
	"q Esc     close",
	"?         this help (type a pattern to search up)",
}

// Key handles one key press and returns what the owner must do. t is the
// tree the panel last synced with.
func (p *Panel) Key(t Tree, k Key) Action {
	if a, ok := p.WindowKey(k); ok {
		return a
	}
	if p.Layout.Len() == 0 {
		return Action{}
	}
	if p.Search.Typing {
		return p.typingKey(k)
	}
	if p.pending == 'g' {
		p.pending = 0
		if k.Code == KeyRune && k.Rune == 'g' && !k.Ctrl {
			return p.selectRow(p.Layout.Len() - 1)
		}
	}
	if k.Ctrl {
		return p.ctrlKey(k.Rune)
	}
	switch k.Code {
	case KeyDown:
		return p.moveRows(1)
	case KeyUp:
		return p.moveRows(-1)
	case KeyLeft:
		return p.sibling(-1)
	case KeyRight:
		return p.sibling(1)
	case KeyEnter:
		return Action{Kind: ActRestore, Seq: p.Sel}
	case KeyEsc:
		return Action{Kind: ActClose}
	case KeyTab:
		return Action{Kind: ActFocusText}
	case KeyBackspace:
		return Action{Kind: ActRestoreBack}
	case KeyHome:
		return p.selectRow(p.Layout.Len() - 1)
	case KeyEnd:
		return p.selectRow(0)
	case KeyPgDn:
		return p.moveRows(max(p.height-1, 1))
	case KeyPgUp:
		return p.moveRows(-max(p.height-1, 1))
	case KeyRune:
		return p.runeKey(t, k.Rune)
	}
	return Action{}
}

// WindowKey handles CTRL-W commands, which work with or without a tree
// to show: CTRL-W w, CTRL-W CTRL-W, CTRL-W p, h, l and W go to the other
// window, the text (there are two); any other key after CTRL-W cancels
// it. It reports whether k was such a key.
func (p *Panel) WindowKey(k Key) (Action, bool) {
	if p.pending == 'w' {
		p.pending = 0
		if k.Code == KeyRune && strings.ContainsRune("wWphl", k.Rune) {
			return Action{Kind: ActFocusText}, true
		}
		return Action{}, true
	}
	if k.Code == KeyRune && k.Ctrl && k.Rune == 'w' {
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
