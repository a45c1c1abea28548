package editor

// redoCmd is what . repeats: Vim's redo buffer, kept structured so a new
// count can replace the old one.
type redoCmd struct {
	reg    rune
	count  int    // 0: none
	keys   []Key  // the command without register and count ("dw", "A", "cw")
	insert keyLog // the keys typed in Insert mode, ending with <Esc>
	isPut  bool
	vis    *visRedo // set for a Visual-mode command: reselect, then keys
}

// visRedo is the size of a Visual selection, for . (Vim's redo_VIsual).
type visRedo struct {
	mode  Mode
	lines int
	vcol  int // v: width (one line) or end column; block: width; maxCol for $
	count int // the command's count (Vim's rv_count), 0 for none
}

// visualRedoInfo measures the current selection for . .
func (e *Editor) visualRedoInfo() *visRedo {
	r := e.text()
	a, b := e.vis.anchor, e.win.cur
	if posLess(b, a) {
		a, b = b, a
	}
	info := &visRedo{mode: e.mode, lines: b.Line - a.Line + 1}
	ts := e.opt.TabStop
	endV := func(p Pos) int {
		l := lineText(r, p.Line)
		v := displayCol(l, p.Col, ts)
		if p.Col < len(l) {
			v += clusterWidth(l[p.Col:nextCol(l, p.Col)], v, ts) - 1
		}
		return v
	}
	switch {
	case e.win.wantCol == maxCol:
		info.vcol = maxCol
	case e.mode == ModeVisualBlock:
		rg := e.visualRange()
		info.vcol = rg.vcol1 - rg.vcol0 + 1
	case e.mode == ModeVisual && info.lines <= 1:
		info.vcol = endV(b) - displayCol(lineText(r, a.Line), a.Col, ts) + 1
	case e.mode == ModeVisual:
		info.vcol = endV(b)
	}
	return info
}

// reselect recreates a selection of the recorded size at the cursor.
func (e *Editor) reselect(v *visRedo) {
	r := e.text()
	ts := e.opt.TabStop
	start := e.win.cur
	endLine := min(start.Line+v.lines-1, lineCount(r)-1)
	e.mode = v.mode
	e.vis.mode = v.mode
	e.vis.redoSel = true
	e.vis.anchor = start
	e.vis.toEOL = false
	e.vis.blockV1 = -1
	line := lineText(r, endLine)
	end := Pos{Line: endLine, Col: e.win.cur.Col}
	switch {
	case v.vcol == maxCol:
		end.Col = lastCharCol(line)
		e.win.wantCol = maxCol
		e.vis.toEOL = v.mode == ModeVisualBlock
	case v.mode == ModeVisual:
		want := v.vcol
		if v.lines <= 1 {
			want = displayCol(lineText(r, start.Line), start.Col, ts) + v.vcol - 1
		}
		// Vim's coladvance may stop one past the line end in Visual
		// mode: the reselected area then takes the line break too.
		end.Col = colAtDisplay(line, want, ts, true)
	case v.mode == ModeVisualBlock:
		v0 := displayCol(lineText(r, start.Line), start.Col, ts)
		e.vis.blockV1 = v0 + v.vcol - 1
		end.Col = colAtDisplay(line, v0, ts, false)
	}
	if v.mode == ModeVisualLine && v.vcol != maxCol {
		end.Col = min(start.Col, max(len(line)-1, 0))
	}
	e.win.cur = end
	if v.vcol != maxCol {
		e.win.wantCol = -1
	}
}

// redoKeys returns the keys of c without register and counts, for ..
func (e *Editor) redoKeys(c *ncmd) []Key {
	keys := MustParseKeys(c.name)
	switch {
	case c.line:
		keys = append(keys, keys[len(keys)-1])
		if len(c.name) == 2 {
			keys = MustParseKeys(c.name + c.name[1:])
		}
	case c.motion == "/" || c.motion == "?":
		// A search motion repeats with the pattern typed (d/foo<CR>).
		if c.force != "" {
			keys = append(keys, MustParseKeys(c.force)...)
		}
		keys = append(keys, R(rune(c.motion[0])))
		for _, r := range c.marg {
			keys = append(keys, R(r))
		}
		keys = append(keys, K(KeyEnter))
	case c.motion != "":
		if c.force != "" {
			keys = append(keys, MustParseKeys(c.force)...)
		}
		keys = append(keys, MustParseKeys(c.motion)...)
		if c.marg != "" {
			keys = append(keys, argKeys(c.marg)...)
		}
	case c.arg != "":
		keys = append(keys, argKeys(c.arg)...)
	}
	return keys
}

// argKeys turns a character argument back into keys.
func argKeys(s string) []Key {
	switch s {
	case "\r":
		return []Key{K(KeyEnter)}
	case "\t":
		return []Key{K(KeyTab)}
	}
	var ks []Key
	for _, r := range s {
		ks = append(ks, R(r))
	}
	return ks
}

// setRedo remembers c as what . repeats.
func (e *Editor) setRedo(c *ncmd) {
	if e.mode.visual() {
		return
	}
	e.redo = &redoCmd{reg: c.reg, count: c.count0(), keys: e.redoKeys(c), isPut: c.name == "p" || c.name == "P" || c.name == "gp" || c.name == "gP"}
}

// stuff puts keys at the front of the typeahead, as not typed (Vim's
// stuff buffer): they do not close undo blocks.
func (e *Editor) stuff(keys []Key) {
	q := make([]queued, 0, len(keys)+len(e.queue))
	for _, k := range keys {
		q = append(q, queued{k: k})
	}
	e.queue = append(q, e.queue...)
}
