package editor

import (
	"embed"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/exparse"
)

func exRegisters(e *Editor, c *exparse.Cmd, rg exRange) error {
	out := []string{"Type Name Content"}
	names := "\"0123456789abcdefghijklmnopqrstuvwxyz-.:%/"
	for _, n := range names {
		if c.Arg != "" && !strings.ContainsRune(c.Arg, n) {
			continue
		}
		reg, ok := e.getReg(n)
		if !ok || reg.text == "" && n != '"' {
			continue
		}
		if !ok {
			continue
		}
		kind := "c"
		text := reg.text
		switch reg.kind {
		case regLine:
			kind = "l"
			text += "\n"
		case regBlock:
			kind = "b"
		}
		text = strings.ReplaceAll(text, "\n", "^J")
		text = strings.ReplaceAll(text, "\t", "^I")
		out = append(out, fmt.Sprintf("  %s  \"%c   %s", kind, n, text))
	}
	e.say(out...)
	return nil
}

func exMarks(e *Editor, c *exparse.Cmd, rg exRange) error {
	lines := e.markList(c.Arg)
	if len(lines) == 1 && c.Arg != "" {
		return fmt.Errorf("E283: No marks matching %q", c.Arg)
	}
	e.say(lines...)
	return nil
}

func exDelmarks(e *Editor, c *exparse.Cmd, rg exRange) error {
	b := e.buf()
	if c.Bang {
		for n := range b.marks {
			if n >= 'a' && n <= 'z' {
				delete(b.marks, n)
			}
		}
		return nil
	}
	if c.Arg == "" {
		return errors.New("E471: Argument required")
	}
	arg := c.Arg
	for i := 0; i < len(arg); i++ {
		ch := rune(arg[i])
		if ch == ' ' {
			continue
		}
		if i+2 < len(arg) && arg[i+1] == '-' {
			for x := ch; x <= rune(arg[i+2]); x++ {
				delete(b.marks, x)
			}
			i += 2
			continue
		}
		delete(b.marks, ch)
	}
	return nil
}

func exBuffers(e *Editor, c *exparse.Cmd, rg exRange) error {
	for _, b := range e.bufs {
		if !b.listed && !c.Bang {
			continue
		}
		flags := " "
		if !b.listed {
			flags = "u"
		}
		switch {
		case b == e.buf():
			flags += "%a"
		case b == e.altBuf:
			flags += "# "
		default:
			flags += "  "
		}
		mod := " "
		if b.Modified() {
			mod = "+"
		}
		line := e.win.cur.Line + 1
		if b != e.buf() {
			line = b.lastCur.Line + 1
		}
		name := fmt.Sprintf("%q", bufDisplayName(b))
		e.say(fmt.Sprintf("%3d %s %s %-30s line %d", b.id, flags, mod, name, line))
	}
	return nil
}

func exBuffer(e *Editor, c *exparse.Cmd, rg exRange) error {
	var target *Buffer
	switch {
	case c.HasCount:
		target = e.bufferByID(c.Count)
		if target == nil {
			return fmt.Errorf("E86: Buffer %d does not exist", c.Count)
		}
	case c.Arg != "":
		var matches []*Buffer
		for _, b := range e.bufs {
			if b.name == c.Arg {
				matches = []*Buffer{b}
				break
			}
			if strings.Contains(b.name, c.Arg) {
				matches = append(matches, b)
			}
		}
		switch len(matches) {
		case 0:
			return fmt.Errorf("E94: No matching buffer for %s", c.Arg)
		case 1:
			target = matches[0]
		default:
			return fmt.Errorf("E93: More than one match for %s", c.Arg)
		}
	default:
		return nil
	}
	return e.enterBuffer(target, c.Bang)
}

// enterBuffer makes b current; like Vim without 'hidden', leaving a
// modified buffer needs ! (leaveBuffer).
func (e *Editor) enterBuffer(b *Buffer, force bool) error {
	if b == e.buf() {
		return nil
	}
	if e.buf().Modified() && !force && !e.opt.Hidden {
		return errNoWrite
	}
	b.listed = true
	e.switchTo(b)
	return nil
}

func (e *Editor) listedBuffers() []*Buffer {
	var out []*Buffer
	for _, b := range e.bufs {
		if b.listed {
			out = append(out, b)
		}
	}
	return out
}

func exBufferNext(e *Editor, c *exparse.Cmd, rg exRange) error {
	list := e.listedBuffers()
	if len(list) == 0 {
		return errors.New("E85: There is no listed buffer")
	}
	idx := 0
	for i, b := range list {
		if b == e.buf() {
			idx = i
		}
	}
	n := 1
	if c.HasCount {
		n = c.Count
	}
	if c.Name != "bnext" {
		n = -n
	}
	idx = ((idx+n)%len(list) + len(list)) % len(list)
	return e.enterBuffer(list[idx], c.Bang)
}

func exBufferFirst(e *Editor, c *exparse.Cmd, rg exRange) error {
	list := e.listedBuffers()
	if len(list) == 0 {
		return errors.New("E85: There is no listed buffer")
	}
	if c.Name == "blast" {
		return e.enterBuffer(list[len(list)-1], c.Bang)
	}
	return e.enterBuffer(list[0], c.Bang)
}

func exBufferDelete(e *Editor, c *exparse.Cmd, rg exRange) error {
	b := e.buf()
	if c.HasCount {
		b = e.bufferByID(c.Count)
		if b == nil {
			return fmt.Errorf("E516: No buffers were deleted: bd %d", c.Count)
		}
	} else if c.Arg != "" {
		b = e.findBuffer(c.Arg)
		if b == nil {
			return fmt.Errorf("E94: No matching buffer for %s", c.Arg)
		}
	}
	if b.Modified() && !c.Bang {
		return fmt.Errorf("E89: No write since last change for buffer %d (add ! to override)", b.id)
	}
	b.listed = false
	e.persist.Closed(b)
	e.unwatchBuffer(b)
	if b == e.buf() {
		if list := e.listedBuffers(); len(list) > 0 {
			e.switchTo(list[0])
		} else {
			e.switchTo(e.newBuffer("", buffer.FromString("")))
		}
	}
	return nil
}

//go:embed help/*.txt
var helpFiles embed.FS

// exHelp is :help [topic]: the help text is shown as output lines.
func exHelp(e *Editor, c *exparse.Cmd, rg exRange) error {
	topic := strings.TrimSpace(c.Arg)
	entries, err := helpFiles.ReadDir("help")
	if err != nil {
		return fmt.Errorf("E149: Sorry, no help for %s", topic)
	}
	var names []string
	for _, en := range entries {
		names = append(names, en.Name())
	}
	sort.Strings(names)
	for _, n := range names {
		data, err := helpFiles.ReadFile("help/" + n)
		if err != nil {
			continue
		}
		text := string(data)
		if topic == "" && n == "kjx.txt" {
			e.say(strings.Split(strings.TrimRight(text, "\n"), "\n")...)
			return nil
		}
		if topic == "" {
			continue
		}
		for _, tag := range []string{topic, "'" + topic + "'", ":" + topic} {
			if sec, ok := helpSection(text, tag); ok {
				e.say(sec...)
				return nil
			}
		}
	}
	return fmt.Errorf("E149: Sorry, no help for %s", topic)
}

// helpSection finds the entry tagged *topic* in a help text: from the
// tag's line up to the next line that starts with a tag, or a blank line
// before one.
func helpSection(text, topic string) ([]string, bool) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	tag := "*" + topic + "*"
	for i, l := range lines {
		if !strings.Contains(l, tag) {
			continue
		}
		end := i + 1
		for end < len(lines) && !strings.HasPrefix(lines[end], "*") {
			end++
		}
		for end > i+1 && strings.TrimSpace(lines[end-1]) == "" {
			end--
		}
		return lines[i:end], true
	}
	return nil, false
}
