package editor

import (
	"sync"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/editor/vimre"
)

// UIRequest asks the UI to do something only it can do, such as opening
// the undo panel. Seq grows by one per request: the UI acts when it sees a
// Seq it has not acted on (a View may carry the same request many times).
type UIRequest struct {
	Seq uint64
	Cmd string // one of the UICmd constants
}

// The UI commands, from :undotree and the undotree-plugin commands.
const (
	UICmdPanelToggle = "panel-toggle" // :undotree, :UndotreeToggle
	UICmdPanelShow   = "panel-show"   // :UndotreeShow: open, keep the focus
	UICmdPanelHide   = "panel-hide"   // :UndotreeHide
	UICmdPanelFocus  = "panel-focus"  // :UndotreeFocus: open and focus
)

// uiCmdOf maps an Ex command to its UI command.
var uiCmdOf = map[string]string{
	"undotree":       UICmdPanelToggle,
	"UndotreeToggle": UICmdPanelToggle,
	"UndotreeShow":   UICmdPanelShow,
	"UndotreeHide":   UICmdPanelHide,
	"UndotreeFocus":  UICmdPanelFocus,
}

// exUIRequest runs :undotree and the :Undotree* commands: they publish a
// request to the UI.
func exUIRequest(e *Editor, c *exparse.Cmd, rg exRange) error {
	e.uiReq = UIRequest{Seq: e.uiReq.Seq + 1, Cmd: uiCmdOf[c.Name]}
	return nil
}

// RestoreRoot is the RestoreState argument (and the session's
// Input.Restore value) that goes to the original text: undo state 0,
// which Input.Restore's zero value cannot name.
const RestoreRoot = -1

// RestoreState goes to undo state seq (RestoreRoot: state 0) as one
// movement in the tree, like :undo N but without the command-line history:
// the undo panel's Enter.
func (e *Editor) RestoreState(seq int) {
	if e.mode != ModeNormal {
		e.Feed([]Key{K(KeyEsc), K(KeyEsc)}, false)
	}
	e.sync()
	e.applyUndo(e.buf().tree.Goto(max(seq, 0)))
	e.scrollToCursor()
}

// viewSearch fills the View's search highlighting: Matches when
// 'hlsearch' shows the last pattern, IncSearch while a search is typed
// with 'incsearch'.
func (e *Editor) viewSearch(v *View) {
	if e.opt.HLSearch && e.search.hl && e.search.pattern != "" {
		v.Matches = matchesFunc(e.searchOptions(), e.search.pattern)
	}
	if e.opt.IncSearch && e.cl != nil && (e.cl.kind == '/' || e.cl.kind == '?') {
		v.IncSearch = e.incMatch()
	}
}

// searchOptions are the pattern options the search commands use.
func (e *Editor) searchOptions() vimre.Options {
	return vimre.Options{IgnoreCase: e.opt.IgnoreCase, SmartCase: e.opt.SmartCase,
		PrevSub: e.lastSub.replacement, HasPrevSub: e.lastSub.set}
}

// matchesFunc returns View.Matches for pattern: it compiles once, on its
// first call (in the UI's goroutine; it shares no editor state), and
// returns the matches that intersect [from, to), line by line, as rope
// offsets, sorted, without empty matches. A pattern that does not compile
// highlights nothing.
func matchesFunc(opt vimre.Options, pat string) func(text buffer.Rope, from, to int) [][2]int {
	var once sync.Once
	var re *vimre.Regexp
	return func(text buffer.Rope, from, to int) [][2]int {
		once.Do(func() { re, _ = vimre.Compile(pat, opt) })
		if re == nil || from >= to {
			return nil
		}
		var out [][2]int
		for l := text.LineOf(from); l <= text.LineOf(min(to, text.Len())); l++ {
			ls := text.LineStart(l)
			if ls >= to && l > text.LineOf(from) {
				break
			}
			line := text.Slice(ls, text.LineEnd(l))
			for _, m := range re.FindAllInLine(line) {
				a, b := ls+m[0], ls+m[1]
				if a < b && b > from && a < to {
					out = append(out, [2]int{a, b})
				}
			}
		}
		return out
	}
}

// incMatch is the match 'incsearch' shows for the search being typed:
// the first one from the cursor in the search's direction ([0, 0]: none).
func (e *Editor) incMatch() [2]int {
	pat, _ := splitSearchOffset(e.cl.text, byte(e.cl.kind))
	if pat == "" {
		return [2]int{}
	}
	re, err := vimre.Compile(pat, e.searchOptions())
	if err != nil {
		return [2]int{}
	}
	r := e.text()
	s, end, _, ok := vimre.Search(r, re, posToOff(r, e.win.cur), e.cl.kind == '?', e.opt.WrapScan)
	if !ok || s >= end {
		return [2]int{}
	}
	return [2]int{s, end}
}
