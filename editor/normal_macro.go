package editor

import "unicode"

// cmdRecord is q{reg} (start recording) and q (stop).
func cmdRecord(e *Editor, c *ncmd) {
	// Stopping is handled in dispatch, before parsing; here q starts.
	r := []rune(c.arg)
	if len(r) != 1 {
		return
	}
	reg := r[0]
	if !(reg >= 'a' && reg <= 'z' || reg >= 'A' && reg <= 'Z' || reg >= '0' && reg <= '9' || reg == '"') {
		return
	}
	e.recording = reg
	e.recorded = nil
}

// stopRecording ends q recording and stores the keys (without the final q).
func (e *Editor) stopRecording() {
	reg := e.recording
	e.recording = 0
	keys := e.recorded
	e.recorded = nil
	text := FormatKeys(keys)
	if unicode.IsUpper(reg) {
		if old, ok := e.regs.named[unicode.ToLower(reg)]; ok {
			text = old.text + text
		}
		reg = unicode.ToLower(reg)
	}
	e.regs.named[reg] = register{text: text}
	e.regs.named['"'] = register{text: text}
}

// cmdExecReg is @{reg}, @@ and @:.
func cmdExecReg(e *Editor, c *ncmd) {
	r := []rune(c.arg)
	if len(r) != 1 {
		return
	}
	reg := r[0]
	if reg == '@' {
		reg = e.lastMacro
		if reg == 0 {
			e.errMsg("E748: No previously used register")
			return
		}
	}
	if reg == '%' || reg == '#' || !validRegister(reg) {
		e.errMsg("E354: Invalid register name: '%c'", reg)
		return
	}
	e.lastMacro = reg
	if reg == ':' {
		if e.lastExCmd == "" {
			e.errMsg("%s", e.readRegError(':'))
			return
		}
		for i := 0; i < c.count1(); i++ {
			e.execExLine(e.lastExCmd, true)
		}
		return
	}
	rg, ok := e.getReg(reg)
	if !ok {
		return
	}
	keys, err := ParseKeys(rg.text)
	if err != nil {
		return
	}
	if rg.kind == regLine {
		keys = append(keys, K(KeyEnter))
	}
	var all []Key
	for i := 0; i < c.count1(); i++ {
		all = append(all, keys...)
	}
	e.stuff(all)
}
