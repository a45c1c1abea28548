package editor

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/editor/vimre"
	"github.com/kjx-editor/kjx/undo"
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
	e.restoreWith(func(t *undo.Tree) undo.Result { return t.Goto(max(seq, 0)) })
	e.scrollToCursor()
}

// viewSearch fills the View's search highlighting: Matches when
// 'hlsearch' shows the last pattern, IncSearch while a search is typed
// with 'incsearch'.
func (e *Editor) viewSearch(v *View) {
	if e.opt.HLSearch && e.search.hl && e.search.pattern != "" {
		v.Matches = matchesFunc(e.searchOptions(), e.search.pattern)
	}
	if e.opt.IncSearch && e.cmdline != nil && (e.cmdline.kind == '/' || e.cmdline.kind == '?') {
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
	pat, _ := splitSearchOffset(e.cmdline.text, byte(e.cmdline.kind))
	if pat == "" {
		return [2]int{}
	}
	re, err := vimre.Compile(pat, e.searchOptions())
	if err != nil {
		return [2]int{}
	}
	r := e.text()
	s, end, _, ok := vimre.Search(r, re, posToOff(r, e.win.cur), e.cmdline.kind == '?', e.opt.WrapScan)
	if !ok || s >= end {
		return [2]int{}
	}
	return [2]int{s, end}
}

// exSyntax is :syntax on|enable|off|clear, as in Vim: on and enable
// colour every buffer by its 'filetype', off and clear stop colouring;
// without an argument it says what is in force (Vim 9.0's message when
// nothing is).
func exSyntax(e *Editor, c *exparse.Cmd, rg exRange) error {
	switch arg := strings.TrimSpace(c.Arg); arg {
	case "on", "enable":
		e.opt.Syntax = true
	case "off", "clear":
		e.opt.Syntax = false
	case "":
		// Vim lists its syntax items; kjx has none to list and says which
		// lexer colours the buffer.
		if !e.opt.Syntax || e.buf().ft == "" {
			e.msg("No Syntax items defined for this buffer")
		} else {
			e.msg("syntax on, filetype=%s", e.buf().ft)
		}
	default:
		return fmt.Errorf("E410: Invalid :syntax subcommand: %s", arg)
	}
	return nil
}

// exColorscheme is :colorscheme [NAME]: without a name it shows the one
// in use, as Vim does.
func exColorscheme(e *Editor, c *exparse.Cmd, rg exRange) error {
	name := strings.TrimSpace(c.Arg)
	if name == "" {
		e.msg("%s", e.opt.ColorScheme)
		return nil
	}
	if err := e.checkColorScheme(name); err != nil {
		return err
	}
	e.opt.ColorScheme = name
	return nil
}

// colorSchemes are the names :colorscheme accepts.
func (e *Editor) colorSchemes() []string {
	if slices.Contains(e.cfg.ColorSchemes, "default") {
		return e.cfg.ColorSchemes
	}
	return append([]string{"default"}, e.cfg.ColorSchemes...)
}

// applyColourConfig applies a reload's [editor] syntax and colorscheme
// where they changed (they are not :set options), adding what changed to
// the reload's report.
func (e *Editor) applyColourConfig(before, after Options, changed []string) []string {
	if before.Syntax != after.Syntax {
		e.opt.Syntax = after.Syntax
		changed = append(changed, map[bool]string{true: "syntax=on", false: "syntax=off"}[after.Syntax])
	}
	if before.ColorScheme != after.ColorScheme {
		if err := e.checkColorScheme(after.ColorScheme); err != nil {
			e.warnMsg(err.Error())
		} else {
			e.opt.ColorScheme = after.ColorScheme
			changed = append(changed, "colorscheme="+after.ColorScheme)
		}
	}
	return changed
}

// checkColorScheme reports an unknown scheme name.
func (e *Editor) checkColorScheme(name string) error {
	if !slices.Contains(e.colorSchemes(), name) {
		return fmt.Errorf("E185: Cannot find color scheme '%s'", name)
	}
	return nil
}

// detectFileType is the 'filetype' of a buffer opened as name with text.
func (e *Editor) detectFileType(name string, text buffer.Rope) string {
	if name == "" || e.cfg.FileType == nil {
		return ""
	}
	return e.cfg.FileType(name, text)
}
