package ui

import (
	"strconv"
	"strings"

	"github.com/kjx-editor/kjx/ui/diff"
	"github.com/kjx-editor/kjx/ui/undopanel"
)

// agoPhrase turns an age ("12m", "now") into the detail strip's words
// ("12m ago", "just now").
func agoPhrase(age string) string {
	if age == "now" {
		return "just now"
	}
	return age + " ago"
}

// drawDetail draws the detail strip of the selected state (3 rows from
// y): when it was made, where it sits in the tree, what it changed; it
// returns the row after the strip. A line too long for the panel is cut
// after a whole word and ends with the ellipsis glyph.
func (r *Renderer) drawDetail(s Surface, f *Frame, out diff.Outcome, ready bool, x0, y, w int) int {
	p := r.Panel
	th := &r.Theme
	d := p.model.Detail(p.tree, f.Undo.Now)
	lines := [3]string{
		" #" + strconv.Itoa(d.Seq),
		" " + strconv.Itoa(d.Changes) + " change" + plural(d.Changes) + "  " + sizes(int64(d.Added), int64(d.Deleted)),
		" " + r.summary(out, ready, p.model.Preview),
	}
	if d.Time != "" { // the root of a tree loaded without a time has none
		lines[0] += "  " + agoPhrase(d.Age)
	}
	if d.Label != "" {
		lines[0] += "  *" + d.Label
	}
	if d.SaveNr > 0 {
		lines[0] += "  written #" + strconv.Itoa(d.SaveNr)
	}
	if o := p.origins; len(o) > 0 && o[len(o)-1] == d.Seq {
		lines[0] += "  BS returns here"
	}
	if d.Time != "" {
		// The time last: the age already says when.
		if full := lines[0] + "  " + d.Time; stringWidth(full) <= w {
			lines[0] = full
		} else {
			lines[0] += "  " + d.Clock
		}
	}
	if d.Source != "" {
		lines[1] += "  " + d.Source
	}
	lines[1] += "  branch " + strconv.Itoa(d.Branch) + "/" + strconv.Itoa(d.Of) + "  depth " + strconv.Itoa(d.Depth)
	if d.Depth == 0 {
		lines[1] = " the oldest text kept" // the root changed nothing
	}
	for i, line := range lines {
		st := th.Panel
		if i == 2 {
			st = th.PanelDim
		}
		x := drawString(s, x0, y, x0+w, cutAtWord(line, w, r.Glyphs.Ellipsis), st, th.SpecialKey)
		fill(s, x, x0+w, y, th.Panel)
		y++
	}
	return y
}

// cutAtWord returns str when it fits in w cells; otherwise its longest
// prefix that ends before two spaces (the strip's fields are separated by
// two), or else before one, and leaves room for the marker, followed by
// the marker (a prefix cut between clusters when no space allows one).
func cutAtWord(str string, w int, marker string) string {
	if stringWidth(str) <= w {
		return str
	}
	room := w - stringWidth(marker)
	if room < 0 {
		return ""
	}
	var c strCells
	c.reset(str)
	n, fit, word, field := 0, 0, 0, 0
	for {
		_, cw, _, off, ok := c.next()
		if !ok || n+cw > room {
			fit = off
			if !ok {
				fit = len(str)
			}
			break
		}
		if str[off] == ' ' && off > 0 && str[off-1] != ' ' {
			word = off
			if off+1 < len(str) && str[off+1] == ' ' {
				field = off
			}
		}
		n += cw
	}
	cut := str[:fit]
	switch {
	case fit+1 < len(str) && str[fit] == ' ' && str[fit+1] == ' ': // str[fit] exists: str does not fit
	case field > 0:
		cut = str[:field]
	case word > 0 && str[fit] != ' ':
		cut = str[:word]
	}
	return strings.TrimRight(cut, " ") + marker
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// summary is the one-line account of a preview: what changed, or why
// nothing is shown yet.
func (r *Renderer) summary(out diff.Outcome, ready bool, mode undopanel.Preview) string {
	switch {
	case !ready:
		return "computing…"
	case out.Err != nil:
		return "error: " + out.Err.Error()
	case out.Result == nil:
		return ""
	}
	res := out.Result
	if mode == undopanel.PreviewFull {
		// The full text is no comparison: say how big it is.
		return strconv.Itoa(res.NewText.Newlines()+1) + " lines, " + strconv.Itoa(res.NewText.Len()) + " bytes"
	}
	if len(res.Hunks) == 0 {
		return "same text"
	}
	s := "+" + strconv.Itoa(res.Added) + " −" + strconv.Itoa(res.Deleted) + " lines in " +
		strconv.Itoa(len(res.Hunks)) + " hunk" + plural(len(res.Hunks)) + ", first at line " + strconv.Itoa(res.Hunks[0].NewStart)
	if res.Approximate {
		s += " (approximate)"
	}
	return s
}

// drawPreview draws the preview pane: the diff's hunks, or the full text,
// from the panel's scroll position, over h rows from y.
func (r *Renderer) drawPreview(s Surface, out diff.Outcome, ready bool, x0, y, w, h int) {
	th := &r.Theme
	m := &r.Panel.model
	row := 0
	put := func(prefix, text string, st Style) bool {
		if row >= h {
			return false
		}
		x := drawString(s, x0, y+row, x0+w, prefix, st, st)
		x = drawStringTabs(s, x, y+row, x0+w, text, st, th.SpecialKey, 8)
		fill(s, x, x0+w, y+row, th.Panel)
		row++
		return true
	}
	putWords := func(prefix, text string, st, word Style, a, b int) bool {
		if row >= h {
			return false
		}
		x := drawString(s, x0, y+row, x0+w, prefix, st, st)
		x = drawStringTabs(s, x, y+row, x0+w, text[:a], st, th.SpecialKey, 8)
		x = drawStringTabs(s, x, y+row, x0+w, text[a:b], word, th.SpecialKey, 8)
		x = drawStringTabs(s, x, y+row, x0+w, text[b:], st, th.SpecialKey, 8)
		fill(s, x, x0+w, y+row, th.Panel)
		row++
		return true
	}
	if ready && out.Err == nil && out.Result != nil {
		res := out.Result
		skip := m.DiffTop
		if len(res.Hunks) == 0 && m.Preview == undopanel.PreviewFull {
			// Full text: its lines from DiffTop.
			t := res.NewText
			for ln := min(skip, t.Newlines()); ln <= t.Newlines(); ln++ {
				a, b := t.LineStart(ln), t.LineEnd(ln)
				if !put("", t.SliceString(a, min(b, a+4*w)), th.Panel) {
					break
				}
			}
		} else if len(res.Hunks) > 0 {
			chosen := -1
			if m.Chooser.Active {
				chosen = m.Chooser.Index
			}
			r.previewHunks(res, skip, chosen, put, putWords)
		}
	}
	for ; row < h; row++ {
		fill(s, x0, x0+w, y+row, th.Panel)
	}
}

// previewHunks feeds the diff's lines, after skipping skip of them, to
// put until it refuses. A run of deleted lines followed by as many
// inserted lines pairs them up: the changed words of each pair are
// marked. The header of hunk chosen (the hunk chooser's; -1 for none) is
// drawn selected, with a marker.
func (r *Renderer) previewHunks(res *diff.Result, skip, chosen int, put func(prefix, text string, st Style) bool, putWords func(prefix, text string, st, word Style, a, b int) bool) {
	th := &r.Theme
	for i, h := range res.Hunks {
		header, st := h.Header(), th.DiffHunk
		if i == chosen {
			header, st = header+"  [Enter reverts this hunk]", th.PanelSel
		}
		if skip > 0 {
			skip--
		} else if !put("", header, st) {
			return
		}
		for i := 0; i < len(h.Lines); i++ {
			if skip > 0 {
				skip--
				continue
			}
			l := h.Lines[i]
			var ok bool
			switch l.Op {
			case diff.Insert:
				ok = putPaired(h.Lines, i, th.DiffAdd, th.DiffAddWord, put, putWords)
			case diff.Delete:
				ok = putPaired(h.Lines, i, th.DiffDelete, th.DiffDeleteWord, put, putWords)
			default:
				ok = put(" ", l.Text, th.Panel)
			}
			if !ok {
				return
			}
		}
	}
}

// putPaired draws changed line i of lines, with its changed words marked
// when it has a partner: the line at the same place in the run of
// inserts after (or deletes before) a run of deletes of the same length.
func putPaired(lines []diff.Line, i int, st, word Style, put func(prefix, text string, st Style) bool, putWords func(prefix, text string, st, word Style, a, b int) bool) bool {
	l := lines[i]
	prefix := "+"
	if l.Op == diff.Delete {
		prefix = "-"
	}
	if j, ok := partner(lines, i); ok {
		var a, b int
		if l.Op == diff.Delete {
			a, b, _, _ = changedWords(l.Text, lines[j].Text)
		} else {
			_, _, a, b = changedWords(lines[j].Text, l.Text)
		}
		return putWords(prefix, l.Text, st, word, a, b)
	}
	return put(prefix, l.Text, st)
}

// partner returns the line paired with changed line i (see putPaired).
func partner(lines []diff.Line, i int) (int, bool) {
	op := lines[i].Op
	start := i
	for start > 0 && lines[start-1].Op == op {
		start--
	}
	end := i
	for end < len(lines) && lines[end].Op == op {
		end++
	}
	n := end - start
	if op == diff.Delete {
		if end+n <= len(lines) && countOp(lines[end:end+n], diff.Insert) == n && (end+n == len(lines) || lines[end+n].Op != diff.Insert) && (start == 0 || lines[start-1].Op != diff.Insert) {
			return end + (i - start), true
		}
		return 0, false
	}
	if start-n >= 0 && countOp(lines[start-n:start], diff.Delete) == n && (start-n == 0 || lines[start-n-1].Op != diff.Delete) {
		return start - n + (i - start), true
	}
	return 0, false
}

func countOp(lines []diff.Line, op diff.Op) int {
	n := 0
	for _, l := range lines {
		if l.Op == op {
			n++
		}
	}
	return n
}
