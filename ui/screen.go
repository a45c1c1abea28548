package ui

// Frame is everything one screen shows: an immutable description built
// from the editor's published view. Drawing a Frame reads it only.
type Frame struct {
	Text    TextView
	Status  StatusInfo
	Cmdline Cmdline
	// ShowMode is Vim's 'showmode' text ("-- INSERT --"), drawn on the
	// command line when no message or command line is shown.
	ShowMode string
	// ShowCmd is the pending command ('showcmd').
	ShowCmd string
	// Messages are the lines of the message area; more than one grows the
	// area upward over the text.
	Messages []Message
	// HitEnter adds Vim's "Press ENTER or type command to continue".
	HitEnter bool
	// Undo is the current buffer's undo history, for the panel.
	Undo UndoView
	// Picker is the :rewind picker, drawn over the text while active.
	Picker PickerInfo
}

// Renderer draws Frames onto a Surface. It keeps the state that must
// survive between frames (scroll positions, layout caches) and is used by
// one goroutine at a time.
type Renderer struct {
	Theme  Theme
	Glyphs Glyphs
	// Panel is the undo-tree panel (never nil).
	Panel *Panel
	text  textWin
	// previewOverText says the last frame drew the panel's preview where
	// the text goes (panel.diff = "replace"): clicks there are not text.
	previewOverText bool
	// livePreview is the status line's "[preview #N]" of the frame being
	// drawn ("" when the live preview is off).
	livePreview string
}

// NewRenderer returns a renderer with the default theme and Unicode
// glyphs, and a closed panel without diff previews (set Panel to one made
// with NewPanel(worker) to have them).
func NewRenderer() *Renderer {
	return &Renderer{Theme: DefaultTheme(), Glyphs: UnicodeGlyphs(), Panel: NewPanel(nil)}
}

const hitEnterPrompt = "Press ENTER or type command to continue"

// Draw draws f over the whole surface, places the cursor and calls Show.
func (r *Renderer) Draw(s Surface, f *Frame) {
	r.draw(s, f)
	s.Show()
}

func (r *Renderer) draw(s Surface, f *Frame) {
	w, h := s.Size()
	if w <= 0 || h <= 0 {
		return
	}
	th := &r.Theme
	msgRows := 1
	msgs := f.Messages
	if f.HitEnter {
		// Output that waits for a key scrolls as in Vim: a long line is
		// wrapped. A single message is cut in the middle instead, as
		// Vim's 'shortmess' T does.
		msgs = wrappedMessages(msgs, w)
	}
	if !f.Cmdline.Active {
		msgRows = max(1, len(msgs))
		if f.HitEnter {
			msgRows = len(msgs) + 1
		}
	}
	msgRows = min(msgRows, h)
	statusRow := -1
	textRows := h - msgRows
	if textRows >= 2 {
		statusRow = textRows - 1
		textRows--
	}
	bottom := 0 // panel.diff = "bottom": the preview's rows under the status line
	if b := r.Panel.bottomRows(w, h); b > 0 && statusRow >= 0 && textRows-b >= 3 {
		bottom = b
		textRows -= b
		statusRow = textRows
	}
	cx, cy, curOK := -1, -1, false
	if r.Panel.Open {
		r.Panel.Sync(&f.Undo) // catches up on everything since it was last open
	}
	tx, tw := 0, w
	if pw := r.Panel.width(w); r.Panel.Open && pw > 0 && textRows > 0 {
		px, bx := 0, pw
		tx, tw = pw+1, w-pw-1
		if r.Panel.Opts.Right {
			px, bx, tx = w-pw, w-pw-1, 0
		}
		for y := 0; y < textRows; y++ {
			s.SetCell(bx, y, r.Glyphs.Vert, 1, th.PanelBorder)
		}
		pcx, pcy := r.drawPanel(s, f, px, 0, pw, textRows)
		if bottom > 0 {
			sh := r.Panel.shown
			r.drawPreviewPane(s, sh.out, sh.ready, sh.what, 0, statusRow+1, w, bottom)
		}
		if r.Panel.Focus && !f.Cmdline.Active {
			defer func() { r.placeCursor(s, pcx, pcy, pcx >= 0) }()
		}
	}
	r.previewOverText = false
	r.livePreview = ""
	switch {
	case textRows > 0 && f.Picker.Active:
		r.drawPicker(s, &f.Picker, tx, 0, tw, textRows) // picker.go
	case textRows > 0 && r.Panel.Open && r.Panel.model.Help:
		// The panel's ? help takes the text's place: it is wider.
		r.drawPanelHelp(s, tx, 0, tw, textRows)
		r.previewOverText = true
	case textRows > 0 && r.drawLive(s, f, tx, tw, textRows):
		r.previewOverText = true // clicks in the preview are not text
	case textRows > 0 && r.Panel.replacing():
		// panel.diff = "replace": the preview takes the text's place
		// while the panel has the keyboard.
		out, ready, what := r.Panel.preview(f)
		r.drawPreviewPane(s, out, ready, what, tx, 0, tw, textRows)
		r.previewOverText = true
	case textRows > 0:
		cx, cy, curOK = r.text.draw(s, f.Text, th, tx, 0, tw, textRows)
	}
	if statusRow >= 0 {
		st := f.Status
		st.Preview = r.livePreview
		r.drawStatus(s, st, r.ruler(), 0, w, statusRow)
	}
	y0 := h - msgRows
	switch {
	case f.Cmdline.Active:
		cx, cy, curOK = r.drawCmdline(s, f.Cmdline, 0, w, h-1), h-1, true
	default:
		r.drawMessages(s, f, msgs, w, y0, h)
	}
	r.placeCursor(s, cx, cy, curOK)
}

func (r *Renderer) placeCursor(s Surface, x, y int, ok bool) {
	if ok {
		s.ShowCursor(x, y)
	} else {
		s.ShowCursor(-1, -1)
	}
}

// drawMessages fills the message area (rows y0..h-1).
// msgs are f.Messages wrapped to the width (wrappedMessages).
func (r *Renderer) drawMessages(s Surface, f *Frame, msgs []Message, w, y0, h int) {
	th := &r.Theme
	rows := h - y0
	if f.HitEnter {
		rows--
	}
	if len(msgs) > rows {
		msgs = msgs[len(msgs)-rows:]
	}
	y := y0
	pairs := messagePairs(msgs)
	for i, m := range msgs {
		var x int
		if pairs != nil && pairs[i] >= 0 {
			x = r.drawChangedLine(s, m.Text, msgs[pairs[i]].Text, 0, w, y)
		} else {
			x = r.drawMessage(s, m, 0, w, y)
		}
		fill(s, x, w, y, th.Normal)
		y++
	}
	if f.HitEnter {
		x := drawString(s, 0, y, w, hitEnterPrompt, th.MoreMsg, th.MoreMsg)
		fill(s, x, w, y, th.Normal)
		y++
	}
	if len(f.Messages) == 0 && y < h {
		x := drawString(s, 0, y, w, f.ShowMode, th.ModeMsg, th.SpecialKey)
		sc := max(x+1, w-11)
		fill(s, x, sc, y, th.Normal)
		x = drawString(s, sc, y, w, f.ShowCmd, th.Normal, th.SpecialKey)
		fill(s, x, w, y, th.Normal)
		y++
	}
	for ; y < h; y++ {
		fill(s, 0, w, y, th.Normal)
	}
}

// ruler formats the ruler from the text window as last drawn.
func (r *Renderer) ruler() ruler {
	t := &r.text
	if t.v == nil {
		return ruler{}
	}
	c := t.v.Cursor
	empty := t.text.LineEnd(c.Line) == t.text.LineStart(c.Line)
	return rulerText(c.Line, c.Col, t.curVcol, empty, t.top, t.bot, t.lines)
}
