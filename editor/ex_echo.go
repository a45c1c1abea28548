package editor

import (
	"math"
	"strconv"
	"strings"

	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/editor/options"
)

// :echo {expr} ..., with the part of Vim's expression language that an
// editor without a script language needs: numbers (decimal, 0x, 0b and
// octal 0 or 0o) and floats, 'single' and "double" quoted strings (with
// Vim's backslash escapes), &option (&l: and &g: too), parentheses, the
// unary operators - + !, * / % + - . .., the comparisons (== != > >= <
// <= =~ !~ with # or ?), && || and ?: with Vim's precedence and
// coercions. Anything else (variables, functions, lists) is Vim's error
// for it. The values are printed on one line separated by
// spaces; a "\n" in a string starts a new line; control characters are
// shown as ^X.

// value is an expression's value: a number, a float or a string.
type value struct {
	kind int // valNumber, valFloat, valString
	n    int64
	f    float64
	s    string
}

const (
	valNumber = iota
	valFloat
	valString
)

// exEcho is :echo.
func exEcho(e *Editor, c *exparse.Cmd, rg exRange) error {
	p := &exprParser{e: e, s: c.Arg}
	var out []string
	show := func() {
		if len(out) > 0 {
			for _, l := range strings.Split(strings.Join(out, " "), "\n") {
				e.say(echoVisible(l))
			}
		}
	}
	for {
		p.skipWhite()
		if p.eof() || p.peek() == '|' || p.peek() == '\n' {
			break
		}
		v, err := p.expr1()
		if err != nil {
			show() // what came before the bad expression is shown
			return err
		}
		out = append(out, v.String())
	}
	show()
	if !p.eof() {
		// "|" ends the expressions: the rest is the next command.
		if !e.execExLine(p.s[p.i+1:], false) {
			return errAbort
		}
	}
	return nil
}

// echoVisible shows control characters (but a tab) as ^X, as Vim's
// message output does.
func echoVisible(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\t':
			b.WriteRune(r)
		case r < 0x20:
			b.WriteString("^" + string(rune(r+'@')))
		case r == 0x7f:
			b.WriteString("^?")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// String is how :echo shows a value.
func (v value) String() string {
	switch v.kind {
	case valFloat:
		switch {
		case math.IsInf(v.f, 1):
			return "inf"
		case math.IsInf(v.f, -1):
			return "-inf"
		case math.IsNaN(v.f):
			return "nan"
		}
		s := strconv.FormatFloat(v.f, 'g', 6, 64)
		if !strings.ContainsAny(s, ".e") {
			s += ".0"
		}
		return s
	case valString:
		return v.s
	}
	return strconv.FormatInt(v.n, 10)
}

// number is a value as a number (Vim's tv_get_number: a string's leading
// number, or 0).
func (v value) number() int64 {
	switch v.kind {
	case valString:
		n, _ := parseVimNumber(strings.TrimLeft(v.s, " \t"))
		return n
	case valFloat:
		return int64(v.f)
	}
	return v.n
}

// truth is a value as a condition.
func (v value) truth() bool {
	if v.kind == valFloat {
		return v.f != 0
	}
	return v.number() != 0
}

func (v value) float() float64 {
	if v.kind == valFloat {
		return v.f
	}
	return float64(v.number())
}

// optionValue is &name: a number option's number, a boolean's 0 or 1, a
// string option's text.
func (e *Editor) optionValue(name string) (value, bool) {
	d := findOption(name)
	if d == nil {
		return value{}, false
	}
	switch d.Kind {
	case options.Bool:
		if local := bufLocalBool[d.Name]; local != nil {
			return value{kind: valNumber, n: b2i(*local(e.buf()))}, true
		}
		return value{kind: valNumber, n: b2i(*d.Bool(&e.opt))}, true
	case options.Number:
		return value{kind: valNumber, n: int64(*d.Int(&e.opt))}, true
	}
	if local := bufLocalOption[d.Name]; local != nil {
		return value{kind: valString, s: *local(e.buf())}, true
	}
	return value{kind: valString, s: *d.Str(&e.opt)}, true
}
