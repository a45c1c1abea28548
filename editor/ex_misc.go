package editor

import (
	"embed"
	"errors"
	"fmt"
	"sort"
	"strings"

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

// exBuffer is :buffer N and :buffer {name}: a name matches exactly, or
// as the only buffer whose name contains it.
func exBuffer(e *Editor, c *exparse.Cmd, rg exRange) error {
	var target bufRef
	switch {
	case c.HasCount || rg.count > 0:
		n := countOrRange(c, rg, 0)
		r, ok := e.refByID(n)
		if !ok {
			return fmt.Errorf("E86: Buffer %d does not exist", n)
		}
		target = r
	case c.Arg != "":
		var matches []bufRef
		for _, r := range e.bufferList(true) {
			if r.name() == c.Arg {
				matches = []bufRef{r}
				break
			}
			if r.name() != "" && strings.Contains(r.name(), c.Arg) {
				matches = append(matches, r)
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
	return e.enterRef(target, c.Bang, hasHide(c))
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
