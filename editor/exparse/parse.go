package exparse

import (
	"errors"
	"fmt"
	"strings"
)

// Errors with Vim's texts. Messages that name the offending text are built
// with fmt.Errorf and wrap ErrTrailing or ErrNotEditorCommand.
var (
	// ErrNotEditorCommand is wrapped by "E492: Not an editor command: …".
	ErrNotEditorCommand = errors.New("E492: Not an editor command")
	// ErrTrailing is wrapped by "E488: Trailing characters: …".
	ErrTrailing = errors.New("E488: Trailing characters")
	// ErrNotAvailable is returned (with Cmd.Name set) for a Vim command
	// that kjx does not implement.
	ErrNotAvailable = errors.New("E319: Sorry, the command is not available in this version")

	errNoBang        = errors.New("E477: No ! allowed")
	errNoRange       = errors.New("E481: No range allowed")
	errArgRequired   = errors.New("E471: Argument required")
	errPositiveCount = errors.New("E939: Positive count required")
	errAmbiguousUser = errors.New("E464: Ambiguous use of user-defined command")
	errUseWAppend    = errors.New("E494: Use w or w>>")
	errInvalidArg    = errors.New("E474: Invalid argument")
	errUnknownOption = errors.New("E518: Unknown option")
)

// wrapped is an error whose text is its own, wrapping a sentinel for
// errors.Is.
type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }

func notEditorCommand(text string) error {
	return &wrapped{ErrNotEditorCommand.Error() + ": " + text, ErrNotEditorCommand}
}

func trailing(text string) error {
	return &wrapped{ErrTrailing.Error() + ": " + text, ErrTrailing}
}

// Parse parses the first command of an Ex command line: line is the text
// typed after the ':' prompt (more leading ':' and blanks are allowed). The
// text after a '|' that ends the command is left in Cmd.Next. An empty line
// or a comment gives Cmd{} (do nothing); a bare range gives Name "" (go to
// its last line), except that a bare range followed by '|' prints its line
// (Name "print"), as Vim does.
//
// Errors carry Vim's message for the same input, e.g. "E492: Not an editor
// command: foo" or "E488: Trailing characters: x". For a Vim command kjx
// does not implement, the error wraps ErrNotAvailable and Cmd.Name is set.
func Parse(line string) (Cmd, error) {
	var p parser
	return p.parse(line)
}

// Split splits a command line into the text of its commands, as Vim runs
// them: at each '|' (or newline) that ends a command. A '|' inside the
// argument of :global, :vglobal and :normal, inside a :s pattern or
// replacement, inside a range's /pattern/, after a backslash ("\|"), or in a
// comment does not split. Each piece is the raw command text (Cmd.Raw;
// escapes kept), suitable for Parse. Parsing stops at the first command that
// has an error: its piece holds the rest of the line, so Parse reports the
// error with Vim's text.
func Split(line string) []string {
	var out []string
	for {
		c, err := Parse(line)
		if err != nil || c.Next == "" {
			piece := c.Raw
			if err != nil {
				piece = trimColons(line)
			}
			if piece != "" || len(out) == 0 {
				out = append(out, piece)
			}
			return out
		}
		out = append(out, c.Raw)
		line = c.Next
	}
}

func trimColons(s string) string {
	i := 0
	for i < len(s) && (s[i] == ':' || isWhite(s[i])) {
		i++
	}
	return s[i:]
}

// parser holds the state of one Parse call.
type parser struct {
	s   string // the whole line
	cmd Cmd
	sp  spec
}

func (p *parser) parse(line string) (Cmd, error) {
	p.s = line
	i := len(line) - len(trimColons(line))
	rawStart := i
	if i >= len(line) || line[i] == '"' {
		return Cmd{}, nil
	}
	for {
		m, j, ok := parseModifier(line, i)
		if !ok {
			break
		}
		p.cmd.Mods = append(p.cmd.Mods, m)
		i = j + (len(line[j:]) - len(trimColons(line[j:])))
	}
	if i >= len(line) || line[i] == '"' {
		return p.cmd, nil // modifiers alone do nothing
	}
	r, i, err := parseRange(line, i)
	if err != nil {
		return Cmd{}, err
	}
	p.cmd.Range = r
	i += len(line[i:]) - len(trimColons(line[i:]))
	if i >= len(line) || line[i] == '|' || line[i] == '"' || line[i] == '\n' {
		return p.bareRange(rawStart, i)
	}
	return p.command(rawStart, i)
}

// bareRange handles a line that is only a range (Vim's
// ex_range_without_command).
func (p *parser) bareRange(rawStart, i int) (Cmd, error) {
	s := p.s
	p.cmd.Raw = s[rawStart:i]
	if i < len(s) && (s[i] == '|' || s[i] == '\n') {
		p.cmd.Name = "print"
		p.cmd.Raw = s[rawStart : i+1]
		p.cmd.Next = s[i+1:]
	}
	return p.cmd, nil
}

// command parses the command name at s[i:] and its argument.
func (p *parser) command(rawStart, i int) (Cmd, error) {
	s := p.s
	typed, j, dflag := commandWord(s, i)
	name, ok, ambiguous := resolveName(typed)
	if ambiguous {
		return Cmd{}, errAmbiguousUser
	}
	if !ok {
		return Cmd{}, notEditorCommand(s[rawStart:])
	}
	p.cmd.Name = name
	sp, known := lookupSpec(name)
	if !known {
		p.cmd.Raw = s[rawStart:]
		return p.cmd, ErrNotAvailable
	}
	p.sp = sp
	p.cmd.Flags = dflag
	if j < len(s) && s[j] == '!' && name != "substitute" && name != "smagic" && name != "snomagic" {
		if sp.flags&fBang == 0 {
			return p.cmd, errNoBang
		}
		p.cmd.Bang = true
		j++
	}
	if sp.flags&fRange == 0 && p.cmd.Range.Count() > 0 {
		return p.cmd, errNoRange
	}
	end, next, err := p.argument(skipWhite(s, j))
	p.cmd.Raw = s[rawStart:end]
	if next >= 0 {
		p.cmd.Next = s[next:]
	}
	if err != nil {
		return p.cmd, err
	}
	return p.cmd, nil
}

// commandWord isolates the command name at s[i:] like Vim's
// find_ex_command and returns it with the index after it. dflag is "l" or
// "p" for ":dl", ":dp" and the like (":delete" with a print flag).
func commandWord(s string, i int) (string, int, string) {
	if s[i] == 'k' {
		return "k", i + 1, ""
	}
	if substituteFlagForm(s[i:]) {
		return "s", i + 1, ""
	}
	j := i
	for j < len(s) && isAlpha(s[j]) {
		j++
	}
	if strings.HasPrefix(s[i:], "py") || strings.HasPrefix(s[i:], "vim9") {
		for j < len(s) && (isAlpha(s[j]) || isDigit(s[j])) {
			j++
		}
	}
	if j == i {
		if strings.IndexByte("@*!=><&~#", s[i]) >= 0 {
			return s[i : i+1], i + 1, ""
		}
		return "", i, ""
	}
	w := s[i:j]
	if w[0] == 'd' && len(w) > 1 && (w[len(w)-1] == 'l' || w[len(w)-1] == 'p') &&
		strings.HasPrefix("delete", w[:len(w)-1]) {
		return w[:len(w)-1], j, w[len(w)-1:]
	}
	return w, j, ""
}

// substituteFlagForm reports whether t starts with ":s" directly followed by
// a substitute flag (":sg", ":sc", ":si", ":sI", ":sr"), which Vim reads as
// :s with flags except for the commands that start the same way
// (:scscope, :scriptnames, :simalt, :sign, :silent, :sre[wind]).
func substituteFlagForm(t string) bool {
	at := func(k int) byte {
		if k < len(t) {
			return t[k]
		}
		return 0
	}
	if at(0) != 's' {
		return false
	}
	switch at(1) {
	case 'c':
		return at(2) != 's' && at(2) != 'r' && (at(3) != 'i' || at(4) != 'p')
	case 'g', 'I':
		return true
	case 'i':
		return at(2) != 'm' && at(2) != 'l' && at(2) != 'g'
	case 'r':
		return at(2) != 'e'
	}
	return false
}

// errorf formats an error that wraps err for errors.Is.
func errorf(err error, format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{err}, args...)...)
}
