package ui

// StatusInfo is what the status line shows. The editor fills it; the
// ruler part (line, column, position in the file) comes from the text
// window as drawn.
type StatusInfo struct {
	Mode     string // short mode name: "NORMAL", "INSERT", "VISUAL", ...
	Name     string // file name; "" shows "[No Name]"
	Modified bool   // shows "[+]"
	ReadOnly bool   // shows "[RO]"
	// Disk is the file's state on disk when it differs from what kjx read
	// or wrote: "changed on disk" or "deleted", shown in brackets.
	Disk string
	// The undo position: the current state's seq and the highest seq
	// ("#42/57"); both 0 hides it.
	UndoSeq, UndoLast int
	// Branches is the number of alternatives at the current state (the
	// children of its parent); more than one shows "⑂3".
	Branches int
	// Ahead is how many undone states lie ahead on the redo path;
	// positive shows "↶ 7".
	Ahead int
	// Preview says the text window shows a state of the undo panel's
	// live preview: "#5" shows "[preview #5]" ("" for none).
	Preview string
}

// Cmdline is the command line being edited (":", "/", "?").
type Cmdline struct {
	Active bool
	Prompt string
	Text   string
	Cursor int // byte offset in Text
}

// Message is one line of editor output.
type Message struct {
	Text  string
	Error bool
	// Diff marks a line of a unified diff (:diffdisk): coloured by its
	// first character.
	Diff bool
}

// Glyphs are the symbols the UI draws besides text; ASCIIGlyphs is the
// fallback for terminals without Unicode line drawing.
type Glyphs struct {
	Fork, Ahead                          string // status line: "⑂", "↶"
	Node, Current, Saved, Fold           string // panel graph nodes
	Vert, Horiz, Cross                   string // lanes
	TeeRight, TeeLeft                    string // ├ ┤ a lane that forks sideways
	UpRight, UpLeft, DownRight, DownLeft string // ╰ ╯ ╭ ╮ corners
	Ellipsis                             string
}

// UnicodeGlyphs uses box-drawing characters.
func UnicodeGlyphs() Glyphs {
	return Glyphs{Fork: "⑂", Ahead: "↶", Node: "○", Current: "●", Saved: "◆", Fold: "◇",
		Vert: "│", Horiz: "─", Cross: "┼", TeeRight: "├", TeeLeft: "┤",
		UpRight: "╰", UpLeft: "╯", DownRight: "╭", DownLeft: "╮", Ellipsis: "…"}
}

// ASCIIGlyphs uses ASCII only.
func ASCIIGlyphs() Glyphs {
	return Glyphs{Fork: "Y", Ahead: "<", Node: "o", Current: "@", Saved: "s", Fold: "=",
		Vert: "|", Horiz: "-", Cross: "+", TeeRight: "|", TeeLeft: "|",
		UpRight: "`", UpLeft: "'", DownRight: ".", DownLeft: ".", Ellipsis: "~"}
}

// drawStatus draws the status line at row y across [x0, x1): mode, name
// and flags on the left; undo position, ruler and file position on the
// right. When space is short the undo position goes first, then the
// ruler's padding, then the start of the name (shown as "<").
func (r *Renderer) drawStatus(s Surface, st StatusInfo, ru ruler, x0, x1, y int) {
	style := r.Theme.StatusLine
	var left []byte
	if st.Mode != "" {
		left = append(left, " "+st.Mode+" "+r.Glyphs.Vert...)
	}
	left = append(left, ' ')
	name := st.Name
	if name == "" {
		name = "[No Name]"
	}
	var flags string
	if st.Modified {
		flags += " [+]"
	}
	if st.ReadOnly {
		flags += " [RO]"
	}
	if st.Disk != "" {
		flags += " [" + st.Disk + "]"
	}
	if st.Preview != "" {
		flags += " [preview " + st.Preview + "]"
	}
	undo := r.undoStatus(st, false)
	pos := ru.pos
	avail := x1 - x0
	fixed := len(left) + stringWidth(flags) + 2 // a space before the right part and at the end
	right := func() string {
		out := pos
		if undo != "" {
			out = undo + "   " + out
		}
		return out
	}
	nameW := stringWidth(name)
	if fixed+nameW+stringWidth(right()) > avail && undo != "" {
		undo = r.undoStatus(st, true) // "↶ 22k" instead of "↶ 22364"
	}
	if fixed+nameW+stringWidth(right()) > avail && undo != "" {
		undo = ""
	}
	if fixed+nameW+stringWidth(right()) > avail {
		pos = ru.compact
	}
	x := drawString(s, x0, y, x1, string(left), style, style)
	if room := x1 - x - stringWidth(flags) - stringWidth(right()) - 2; nameW > room && room > 1 {
		x = drawString(s, x, y, x1, "<", style, style)
		x = drawString(s, x, y, x1, tailCells(name, room-1), style, style)
	} else {
		x = drawString(s, x, y, x1, name, style, style)
	}
	x = drawString(s, x, y, x1, flags, style, style)
	rs := right()
	rx := max(x+1, x1-stringWidth(rs)-1)
	fill(s, x, rx, y, style)
	x = drawString(s, rx, y, x1, rs, style, style)
	fill(s, x, x1, y, style)
}

// tailCells returns the longest suffix of str (cut between clusters) that
// is at most w cells wide.
func tailCells(str string, w int) string {
	var c strCells
	c.reset(str)
	var offs, ws []int
	for {
		_, cw, _, off, ok := c.next()
		if !ok {
			break
		}
		offs, ws = append(offs, off), append(ws, cw)
	}
	n, i := 0, len(ws)
	for i > 0 && n+ws[i-1] <= w {
		n += ws[i-1]
		i--
	}
	for i > 0 && i < len(offs) && offs[i-1] == offs[i] {
		i++ // do not start inside an escape
	}
	if i >= len(offs) {
		return ""
	}
	return str[offs[i]:]
}

// undoStatus formats the undo position: "#42/57 ⑂3 ↶ 7", "" for none;
// compact shortens the count of states ahead ("↶ 22k").
func (r *Renderer) undoStatus(st StatusInfo, compact bool) string {
	if st.UndoSeq == 0 && st.UndoLast == 0 {
		return ""
	}
	b := []byte{'#'}
	b = appendInt(b, st.UndoSeq)
	b = append(b, '/')
	b = appendInt(b, st.UndoLast)
	if st.Branches > 1 {
		b = append(b, ' ')
		b = append(b, r.Glyphs.Fork...)
		b = appendInt(b, st.Branches)
	}
	if st.Ahead > 0 {
		b = append(b, ' ')
		b = append(b, r.Glyphs.Ahead...)
		b = append(b, ' ')
		if compact {
			b = appendCompact(b, st.Ahead)
		} else {
			b = appendInt(b, st.Ahead)
		}
	}
	return string(b)
}

// appendCompact appends n in at most four characters: as it is below
// 1000, else in thousands ("22k") or millions ("3M"), rounded down.
func appendCompact(b []byte, n int) []byte {
	switch {
	case n < 1000:
		return appendInt(b, n)
	case n < 1000000:
		return append(appendInt(b, n/1000), 'k')
	}
	return append(appendInt(b, n/1000000), 'M')
}

// ruler is Vim's ruler in two widths: pos pads the "line,col" part to 14
// columns as Vim does, compact does not.
type ruler struct{ pos, compact string }

// rulerText formats Vim's ruler: "12,5-9" (line, byte column, virtual
// column when different) and the position of the window in the file.
func rulerText(line, col, vcol int, lineEmpty bool, top, bot, lines int) ruler {
	var b []byte
	b = appendInt(b, line+1)
	b = append(b, ',')
	if lineEmpty {
		b = append(b, '0')
	} else {
		b = appendInt(b, col+1)
	}
	if vcol != col || lineEmpty {
		b = append(b, '-')
		b = appendInt(b, vcol+1)
	}
	p := filePosition(top, bot, lines)
	compact := string(b) + " " + p
	for len(b) < 14 {
		b = append(b, ' ')
	}
	return ruler{pos: string(b) + p, compact: compact}
}

// drawCmdline draws the command line at row y and returns the cursor
// column. The text scrolls sideways to keep the cursor visible.
func (r *Renderer) drawCmdline(s Surface, c Cmdline, x0, x1, y int) int {
	th := &r.Theme
	x := drawString(s, x0, y, x1, c.Prompt, th.Normal, th.SpecialKey)
	type cl struct {
		s   string
		w   int
		esc bool
		off int
	}
	var cells []cl
	var sc strCells
	sc.reset(c.Text)
	curIdx := -1
	for {
		str, w, esc, off, ok := sc.next()
		if !ok {
			break
		}
		if curIdx < 0 && off >= c.Cursor {
			curIdx = len(cells)
		}
		cells = append(cells, cl{str, w, esc, off})
	}
	if curIdx < 0 {
		curIdx = len(cells)
	}
	// Scroll so that the cursor cell fits.
	avail := x1 - x
	first := 0
	width := func(a, b int) int {
		n := 0
		for _, c := range cells[a:b] {
			n += c.w
		}
		return n
	}
	for first < curIdx && width(first, curIdx)+1 > avail {
		first++
	}
	cx := x + width(first, curIdx)
	for _, c := range cells[first:] {
		if x+c.w > x1 {
			break
		}
		st := th.Normal
		if c.esc {
			st = th.SpecialKey
		}
		s.SetCell(x, y, c.s, c.w, st)
		x += c.w
	}
	fill(s, x, x1, y, th.Normal)
	return min(cx, x1-1)
}

// drawMessage draws one message line at row y, truncated in the middle
// with "..." when it is too long (Vim's 'shortmess' T).
func (r *Renderer) drawMessage(s Surface, m Message, x0, x1, y int) int {
	th := &r.Theme
	style := th.Normal
	switch {
	case m.Error:
		style = th.ErrorMsg
	case m.Diff:
		style = diffLineStyle(th, m.Text)
	}
	text := m.Text
	if w := stringWidth(text); w > x1-x0 {
		text = truncMiddle(text, x1-x0)
	}
	x := drawString(s, x0, y, x1, text, style, th.SpecialKey)
	return x
}

// truncMiddle shortens str to at most w cells by replacing its middle
// with "...", cutting only between clusters.
func truncMiddle(str string, w int) string {
	if w < 5 {
		return ""
	}
	keep := w - 3
	head, tail := (keep+1)/2, keep/2
	var c strCells
	c.reset(str)
	var offs []int // byte offset of each cell's cluster
	var ws []int
	for {
		_, cw, _, off, ok := c.next()
		if !ok {
			break
		}
		offs = append(offs, off)
		ws = append(ws, cw)
	}
	// Head: clusters whose cells fit in head columns.
	n, hi := 0, 0
	for hi < len(ws) && n+ws[hi] <= head {
		n += ws[hi]
		hi++
	}
	hb := len(str)
	if hi < len(offs) {
		hb = offs[hi]
	}
	// A cluster split by the cut would be drawn partly: back up to the
	// cluster start.
	n, ti := 0, len(ws)
	for ti > hi && n+ws[ti-1] <= tail {
		n += ws[ti-1]
		ti--
	}
	tb := len(str)
	if ti < len(offs) {
		tb = offs[ti]
		// Do not start inside an escape: move to the next cluster.
		for ti > 0 && ti < len(offs) && offs[ti-1] == offs[ti] {
			ti++
			if ti < len(offs) {
				tb = offs[ti]
			} else {
				tb = len(str)
			}
		}
	}
	return str[:hb] + "..." + str[tb:]
}

// filePosition is Vim's "All", "Top", "Bot" or "NN%": top is the first
// line shown, bot the first line after the window.
func filePosition(top, bot, lines int) string {
	above := top
	below := lines - bot
	switch {
	case below <= 0 && above == 0:
		return "All"
	case below <= 0:
		return "Bot"
	case above <= 0:
		return "Top"
	}
	return string(appendInt(nil, above*100/(above+below))) + "%"
}
