package editor

// The :rewind picker: the checkpoints, newest first, browsed with j/k,
// filtered with /, chosen with Enter; then a all files, f the current
// file only, k fork, Esc cancel. It is a state of ModeConfirm (the keys
// go to it, unmapped, typed or from a headless script); the View
// describes it (View.Picker) and the UI draws it.

import (
	"fmt"
	"strconv"
	"strings"
)

// CheckpointItem is one checkpoint as the picker lists it.
type CheckpointItem struct {
	Number int
	Label  string
	Line   string // as :checkpoints shows it
}

// PickerView is the picker as the UI draws it.
type PickerView struct {
	Active bool
	Title  string
	// Filter is the text typed after /; Filtering says it is being typed.
	Filter    string
	Filtering bool
	// Items are the lines that match the filter; Selected is the one the
	// cursor is on (-1: none match).
	Items    []string
	Selected int
	// Prompt is the question once a checkpoint was chosen ("" before).
	Prompt string
}

// rewindPicker is the picker's state.
type rewindPicker struct {
	all       []CheckpointItem
	shown     []int // indices in all that match filter
	sel       int   // index in shown
	filter    string
	filtering bool
	chosen    *CheckpointItem
}

// openPicker is :rewind without a target.
func (e *Editor) openPicker() error {
	items, err := e.workspace.CheckpointItems()
	if err != nil {
		return err
	}
	if len(items) == 0 {
		return fmt.Errorf("no checkpoints to rewind to")
	}
	p := &rewindPicker{all: items}
	p.refilter()
	e.picker = p
	e.mode = ModeConfirm
	return nil
}

// refilter keeps the items whose line contains the filter (ignoring case).
func (p *rewindPicker) refilter() {
	p.shown = p.shown[:0]
	f := strings.ToLower(p.filter)
	for i, it := range p.all {
		if strings.Contains(strings.ToLower(it.Line), f) {
			p.shown = append(p.shown, i)
		}
	}
	p.sel = min(p.sel, max(len(p.shown)-1, 0))
}

// pickerKey takes one key.
func (e *Editor) pickerKey(k Key) {
	p := e.picker
	switch {
	case p.chosen != nil:
		e.pickerAction(k)
	case p.filtering:
		p.filterKey(k)
	case k.Code == KeyEsc || k.IsCtrl('c') || k.IsRune('q'):
		e.closePicker()
	case k.IsRune('j') || k.Code == KeyDown:
		p.sel = min(p.sel+1, max(len(p.shown)-1, 0))
	case k.IsRune('k') || k.Code == KeyUp:
		p.sel = max(p.sel-1, 0)
	case k.IsRune('/'):
		p.filtering = true
	case k.Code == KeyEnter:
		if len(p.shown) > 0 {
			p.chosen = &p.all[p.shown[p.sel]]
		}
	}
}

// filterKey edits the filter: Enter ends it, Esc clears it.
func (p *rewindPicker) filterKey(k Key) {
	switch {
	case k.Code == KeyEnter:
		p.filtering = false
	case k.Code == KeyEsc:
		p.filter, p.filtering = "", false
	case k.Code == KeyBackspace:
		if r := []rune(p.filter); len(r) > 0 {
			p.filter = string(r[:len(r)-1])
		}
	case k.Code == KeyRune && k.Mod == 0:
		p.filter += string(k.Rune)
	}
	p.refilter()
}

// pickerAction takes the key after a checkpoint was chosen.
func (e *Editor) pickerAction(k Key) {
	target := strconv.Itoa(e.picker.chosen.Number)
	var err error
	switch {
	case k.IsRune('a'):
		e.closePicker()
		err = e.rewind(target, false, false)
	case k.IsRune('f'):
		e.closePicker()
		err = e.rewind(target, true, false)
	case k.IsRune('k'):
		e.closePicker()
		var seq int
		if seq, err = e.workspace.StateOf(e.buf(), target); err == nil {
			b := e.buf()
			err = e.forkAt(b, b.tree.Snapshot(), seq)
		}
	case k.Code == KeyEsc || k.IsCtrl('c'):
		e.closePicker()
	}
	if err != nil {
		e.errMsg("%s", err.Error())
	}
}

// closePicker leaves the picker.
func (e *Editor) closePicker() {
	e.picker = nil
	if e.mode == ModeConfirm && e.ask == nil {
		e.mode = ModeNormal
	}
}

// viewPicker fills View.Picker while the picker is open.
func (e *Editor) viewPicker(v *View) {
	p := e.picker
	if p == nil || e.mode != ModeConfirm {
		return
	}
	pv := PickerView{Active: true, Title: "Rewind to which checkpoint? (j/k, / filter, Enter choose, Esc cancel)",
		Filter: p.filter, Filtering: p.filtering, Selected: -1}
	for _, i := range p.shown {
		pv.Items = append(pv.Items, p.all[i].Line)
	}
	if len(pv.Items) > 0 {
		pv.Selected = p.sel
	}
	if c := p.chosen; c != nil {
		pv.Prompt = fmt.Sprintf("«%s»: a all files, f this file only, k fork, Esc cancel", c.Label)
	}
	v.Picker = pv
}
