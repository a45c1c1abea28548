package editor

// redoCmd is what . repeats: Vim's redo buffer, kept structured so a new
// count can replace the old one.
type redoCmd struct {
	reg    rune
	count  int   // 0: none
	keys   []Key // the command without register and count ("dw", "A", "cw")
	insert []Key // the keys typed in Insert mode, ending with <Esc>
	isPut  bool
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
