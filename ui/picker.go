package ui

// The :rewind picker, drawn over the text area: a title, the filter, the
// checkpoints (the selected one highlighted, scrolled to stay visible),
// and once one is chosen, the question of what to do with it.

import "github.com/kjx-editor/kjx/editor"

// PickerInfo is the picker as a Frame carries it (see editor.PickerView).
type PickerInfo = editor.PickerView

// drawPicker fills rows y0..y0+rows-1 of columns x0..x0+w-1.
func (r *Renderer) drawPicker(s Surface, p *PickerInfo, x0, y0, w, rows int) {
	th := &r.Theme
	y := y0
	line := func(text string, style Style) { // each cell once: text, then blanks
		if y < y0+rows {
			for x := drawString(s, x0, y, x0+w, text, style, th.SpecialKey); x < x0+w; x++ {
				s.SetCell(x, y, " ", 1, style)
			}
			y++
		}
	}
	defer func() {
		for y < y0+rows {
			line("", th.Normal)
		}
	}()
	line(p.Title, th.MoreMsg)
	switch {
	case p.Filtering:
		line("/"+p.Filter, th.Normal)
	case p.Filter != "":
		line("filter: "+p.Filter, th.NonText)
	default:
		line("", th.Normal)
	}
	footer := 0
	if p.Prompt != "" {
		footer = 2
	}
	list := max(y0+rows-y-footer, 0)
	first := 0
	if p.Selected >= list {
		first = p.Selected - list + 1
	}
	if len(p.Items) == 0 {
		line("  (no checkpoint matches)", th.NonText)
	}
	for i := first; i < len(p.Items) && i < first+list; i++ {
		style, mark := th.Normal, "  "
		if i == p.Selected {
			style, mark = th.PanelSel, "> "
		}
		line(mark+p.Items[i], style)
	}
	if p.Prompt != "" {
		for y < y0+rows-2 {
			line("", th.Normal)
		}
		line("", th.Normal)
		line(p.Prompt, th.MoreMsg)
	}
}
