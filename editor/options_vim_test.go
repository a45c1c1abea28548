package editor

import (
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/editor/options"
)

// numberSteps set every number option of the table to values at, inside
// and outside Vim's limits, with the operators :set has.
var numberSteps = []string{
	":set hi=200<CR>",
	":set ts=0<CR>", ":set ts=4<CR>", ":set ts=-1<CR>", ":set ts=64<CR>", ":set ts=65<CR>", ":set ts=9999<CR>",
	":set ts=10000<CR>", ":set ts=4<CR>", ":set ts+=9996<CR>", ":set ts+=1<CR>", ":set ts^=0<CR>",
	":set sw=-1<CR>", ":set sw=65<CR>", ":set sw=10000<CR>", ":set sw-=10001<CR>",
	":set sts=-1<CR>", ":set sts=-7<CR>", ":set sts=65<CR>",
	":set ul=-2<CR>", ":set ul=-100<CR>", ":set ul=5<CR>",
	":set hi=-1<CR>", ":set hi=10000<CR>", ":set hi=10001<CR>", ":set hi=20<CR>",
	":set report=-1<CR>", ":set report=0<CR>", ":set report=99999<CR>",
	":set tm=-1<CR>", ":set tm=70000<CR>", ":set tm=0<CR>",
	":set ts&<CR>", ":set sw&<CR>",
}

// numbers is the state of the number options after a step.
type numbers struct{ TS, SW, STS, UL, HI, Report, TM int }

// vimNumbers is a step's record from Vim.
type vimNumbers struct {
	vimStep
	numbers
}

// TestVimSetNumberLimits: :set accepts, refuses and falls back exactly as
// Vim 9.0 does for every number option ('scrolloff' and 'sidescrolloff'
// aside: vim -Es does not check them, TestSetScrollOffLimits pins them).
func TestVimSetNumberLimits(t *testing.T) {
	needVim(t)
	if testing.Short() {
		t.Skip("starts vim; skipped with -short")
	}
	fields := "'TS': &ts, 'SW': &sw, 'STS': &sts, 'UL': &ul, 'HI': &hi, 'Report': &report, 'TM': &tm, "
	want, err := runVimSteps[vimNumbers](t, vimRecipe{fields: fields}, "x\n", numberSteps)
	if err != nil {
		t.Fatal(err)
	}
	e := newTestEditor("x\n")
	for i, s := range numberSteps {
		feedSteps(t, e, s)
		o := e.opt
		got := numbers{TS: o.TabStop, SW: o.ShiftWidth, STS: o.SoftTabStop, UL: o.UndoLevels, HI: o.History, Report: o.Report, TM: o.TimeoutLen}
		if got != want[i].numbers {
			t.Errorf("step %d %q: kjx %+v, Vim %+v", i+1, s, got, want[i].numbers)
		}
	}
}

// TestSetScrollOffLimits pins what an interactive Vim 9.0 does with a
// negative 'scrolloff' or 'sidescrolloff': E487, and the option is 0.
func TestSetScrollOffLimits(t *testing.T) {
	e := newTestEditor("x\n")
	for _, name := range []string{"so", "siso"} {
		e.ExecEx("set " + name + "=7")
		e.TakeMessages()
		if e.ExecEx("set "+name+"=-1") || !strings.Contains(lastMessage(e), "E487: Argument must be positive: "+name+"=-1") {
			t.Errorf(":set %s=-1 accepted", name)
		}
		if d := options.Lookup(name); *d.Int(&e.opt) != 0 {
			t.Errorf(":set %s=-1 left %d, Vim 0", name, *d.Int(&e.opt))
		}
	}
}

// lastMessage is the text of the last message e shows.
func lastMessage(e *Editor) string {
	ms := e.TakeMessages()
	if len(ms) == 0 {
		return ""
	}
	return ms[len(ms)-1].Text
}
