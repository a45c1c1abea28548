package editor

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kjx-editor/kjx/editor/exparse"
)

// optKind is an option's value type.
type optKind uint8

const (
	optBool optKind = iota
	optNumber
	optString
)

// optDef describes one option: its names and where its value lives.
type optDef struct {
	name, short string
	kind        optKind
	b           func(o *Options) *bool
	n           func(o *Options) *int
	s           func(o *Options) *string
	check       func(v string) error    // validates string and number values
	after       func(e *Editor)         // runs after the value changed
	bufLocal    func(b *Buffer) *string // the value lives in the buffer
}

var optionDefs = []optDef{
	{name: "tabstop", short: "ts", kind: optNumber, n: func(o *Options) *int { return &o.TabStop }, check: positive},
	{name: "shiftwidth", short: "sw", kind: optNumber, n: func(o *Options) *int { return &o.ShiftWidth }, check: nonNegative},
	{name: "softtabstop", short: "sts", kind: optNumber, n: func(o *Options) *int { return &o.SoftTabStop }},
	{name: "expandtab", short: "et", b: func(o *Options) *bool { return &o.ExpandTab }},
	{name: "autoindent", short: "ai", b: func(o *Options) *bool { return &o.AutoIndent }},
	{name: "shiftround", short: "sr", b: func(o *Options) *bool { return &o.ShiftRound }},
	{name: "ignorecase", short: "ic", b: func(o *Options) *bool { return &o.IgnoreCase }},
	{name: "smartcase", short: "scs", b: func(o *Options) *bool { return &o.SmartCase }},
	{name: "hlsearch", short: "hls", b: func(o *Options) *bool { return &o.HLSearch }},
	{name: "incsearch", short: "is", b: func(o *Options) *bool { return &o.IncSearch }},
	{name: "wrapscan", short: "ws", b: func(o *Options) *bool { return &o.WrapScan }},
	{name: "wrap", b: func(o *Options) *bool { return &o.Wrap }},
	{name: "list", b: func(o *Options) *bool { return &o.List }},
	{name: "number", short: "nu", b: func(o *Options) *bool { return &o.Number }},
	{name: "relativenumber", short: "rnu", b: func(o *Options) *bool { return &o.RelativeNumber }},
	{name: "undofile", short: "udf", b: func(o *Options) *bool { return &o.UndoFile }, after: (*Editor).persistOptionSet},
	{name: "undolevels", short: "ul", kind: optNumber, n: func(o *Options) *int { return &o.UndoLevels }, after: func(e *Editor) {
		for _, b := range e.bufs {
			b.tree.SetLevels(e.opt.UndoLevels)
			b.tree.SetMaxNodes(e.undoNodeCap())
		}
	}},
	{name: "undodir", short: "udir", kind: optString, s: func(o *Options) *string { return &o.UndoDir }},
	{name: "fileformat", short: "ff", kind: optString, s: func(o *Options) *string { return &o.FileFormat }, check: func(v string) error {
		if v != "unix" && v != "dos" {
			return errors.New("E474: Invalid argument")
		}
		return nil
	}, bufLocal: func(b *Buffer) *string { return &b.ff }},
	{name: "fixendofline", short: "fixeol", b: func(o *Options) *bool { return &o.FixEndOfLine }},
	{name: "backspace", short: "bs", kind: optString, s: func(o *Options) *string { return &o.Backspace }},
	{name: "scrolloff", short: "so", kind: optNumber, n: func(o *Options) *int { return &o.ScrollOff }, check: nonNegative},
	{name: "nrformats", short: "nf", kind: optString, s: func(o *Options) *string { return &o.NrFormats }},
	{name: "report", kind: optNumber, n: func(o *Options) *int { return &o.Report }, check: nonNegative},
	{name: "startofline", short: "sol", b: func(o *Options) *bool { return &o.StartOfLine }},
	{name: "magic", b: func(o *Options) *bool { return &o.Magic }},
	{name: "gdefault", short: "gd", b: func(o *Options) *bool { return &o.Gdefault }},
	{name: "joinspaces", short: "js", b: func(o *Options) *bool { return &o.JoinSpaces }},
	{name: "tildeop", short: "top", b: func(o *Options) *bool { return &o.TildeOp }},
	{name: "history", short: "hi", kind: optNumber, n: func(o *Options) *int { return &o.History }, check: nonNegative},
	{name: "timeoutlen", short: "tm", kind: optNumber, n: func(o *Options) *int { return &o.TimeoutLen }, check: nonNegative},
	{name: "filetype", short: "ft", kind: optString, s: func(o *Options) *string { return &o.FileType }, check: fileTypeName,
		bufLocal: func(b *Buffer) *string { return &b.ft }},
}

func positive(v string) error {
	if n, err := strconv.Atoi(v); err != nil || n <= 0 {
		return errors.New("E487: Argument must be positive")
	}
	return nil
}

func nonNegative(v string) error {
	if n, err := strconv.Atoi(v); err != nil || n < 0 {
		return errors.New("E487: Argument must be positive")
	}
	return nil
}

func findOption(name string) *optDef {
	for i := range optionDefs {
		d := &optionDefs[i]
		if d.name == name || d.short == name {
			return d
		}
	}
	return nil
}

// SetOption sets an option by name as :set name=value would (value "" for
// a boolean means on). It is the entry point for config files.
func (e *Editor) SetOption(name, value string) error {
	d := findOption(name)
	if d == nil {
		return fmt.Errorf("E518: Unknown option: %s", name)
	}
	op := "="
	if d.kind == optBool {
		op = ""
		if value == "false" || value == "0" {
			op = "no"
		}
	}
	return e.setItem(exparse.SetItem{Name: name, Op: op, Value: value})
}

// Options returns the current option values.
func (e *Editor) Options() Options { return e.opt }

func exSet(e *Editor, c *exparse.Cmd, rg exRange) error {
	if strings.TrimSpace(c.Arg) == "" {
		e.showChangedOptions()
		return nil
	}
	items, err := exparse.ParseSet(c.Arg)
	if err != nil {
		return err
	}
	for _, it := range items {
		if err := e.setItem(it); err != nil {
			return err
		}
	}
	return nil
}

// setItem applies one :set argument.
func (e *Editor) setItem(it exparse.SetItem) error {
	if it.Name == "all" {
		for _, d := range optionDefs {
			e.say(e.optionString(&d))
		}
		return nil
	}
	d := findOption(it.Name)
	if d == nil {
		return fmt.Errorf("E518: Unknown option: %s", itemText(it))
	}
	def := DefaultOptions()
	switch d.kind {
	case optBool:
		p := d.b(&e.opt)
		switch it.Op {
		case "":
			*p = true
		case "no":
			*p = false
		case "inv", "!":
			*p = !*p
		case "&", "<":
			*p = *d.b(&def)
		case "?":
			e.say(e.optionString(d))
			return nil
		default:
			return fmt.Errorf("E474: Invalid argument: %s", itemText(it))
		}
	case optNumber:
		p := d.n(&e.opt)
		switch it.Op {
		case "", "?":
			e.say(e.optionString(d))
			return nil
		case "&", "<":
			*p = *d.n(&def)
		case "=", "+=", "-=", "^=":
			n, err := strconv.Atoi(it.Value)
			if err != nil {
				return fmt.Errorf("E521: Number required after =: %s", itemText(it))
			}
			switch it.Op {
			case "+=":
				n = *p + n
			case "-=":
				n = *p - n
			case "^=":
				n = *p * n
			}
			if d.check != nil {
				if err := d.check(strconv.Itoa(n)); err != nil {
					return fmt.Errorf("%v: %s", err, itemText(it))
				}
			}
			*p = n
		default:
			return fmt.Errorf("E474: Invalid argument: %s", itemText(it))
		}
	case optString:
		p := d.s(&e.opt)
		if d.bufLocal != nil {
			p = d.bufLocal(e.buf())
		}
		switch it.Op {
		case "", "?":
			e.say(e.optionString(d))
			return nil
		case "&", "<":
			*p = *d.s(&def)
		case "=", "+=", "-=", "^=":
			v := it.Value
			switch it.Op {
			case "+=":
				v = joinComma(*p, v)
			case "^=":
				v = joinComma(v, *p)
			case "-=":
				v = removeComma(*p, v)
			}
			if d.check != nil {
				if err := d.check(v); err != nil {
					return fmt.Errorf("%v: %s", err, itemText(it))
				}
			}
			*p = v
		default:
			return fmt.Errorf("E474: Invalid argument: %s", itemText(it))
		}
	}
	if d.after != nil {
		d.after(e)
	}
	return nil
}

// itemText is a :set item as Vim's messages quote it: as typed, or
// rebuilt for an item that was not typed (a config key).
func itemText(it exparse.SetItem) string {
	if it.Raw != "" {
		return it.Raw
	}
	return it.Name + setSuffix(it)
}

func setSuffix(it exparse.SetItem) string {
	switch it.Op {
	case "", "no", "inv":
		return ""
	case "=", "+=", "-=", "^=":
		return it.Op + it.Value
	}
	return it.Op
}

func joinComma(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a
	}
	return a + "," + b
}

func removeComma(list, item string) string {
	parts := strings.Split(list, ",")
	var out []string
	for _, p := range parts {
		if p != item {
			out = append(out, p)
		}
	}
	return strings.Join(out, ",")
}

// optionString is how :set shows an option ("  tabstop=8", "noexpandtab").
func (e *Editor) optionString(d *optDef) string {
	switch d.kind {
	case optBool:
		if *d.b(&e.opt) {
			return "  " + d.name
		}
		return "no" + d.name
	case optNumber:
		return fmt.Sprintf("  %s=%d", d.name, *d.n(&e.opt))
	}
	v := *d.s(&e.opt)
	if d.bufLocal != nil {
		v = *d.bufLocal(e.buf())
	}
	return fmt.Sprintf("  %s=%s", d.name, v)
}

// showChangedOptions is :set without arguments.
func (e *Editor) showChangedOptions() {
	def := DefaultOptions()
	out := []string{"--- Options ---"}
	for i := range optionDefs {
		d := &optionDefs[i]
		if d.bufLocal != nil {
			continue
		}
		changed := false
		switch d.kind {
		case optBool:
			changed = *d.b(&e.opt) != *d.b(&def)
		case optNumber:
			changed = *d.n(&e.opt) != *d.n(&def)
		default:
			changed = *d.s(&e.opt) != *d.s(&def)
		}
		if changed {
			out = append(out, e.optionString(d))
		}
	}
	e.say(out...)
}
