package editor

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/editor/options"
)

// The options themselves — names, types, defaults, limits — are the one
// table of package editor/options. What the editor does beyond storing a
// value lives here.

// optionAfter runs after the option's value changed.
var optionAfter = map[string]func(e *Editor){
	"fileformat":   (*Editor).checkShapes,
	"endofline":    (*Editor).checkShapes,
	"bomb":         (*Editor).checkShapes,
	"fixendofline": (*Editor).checkShapes,
	"undofile":     (*Editor).persistOptionSet,
	"undolevels": func(e *Editor) {
		for _, b := range e.bufs {
			b.tree.SetLevels(e.opt.UndoLevels)
			b.tree.SetMaxNodes(e.undoNodeCap())
		}
	},
}

// bufLocalOption gives the buffer's own value of an option that lives in
// the buffer (its Options value is what new buffers start with).
var bufLocalOption = map[string]func(b *Buffer) *string{
	"fileformat": func(b *Buffer) *string { return &b.ff },
	"filetype":   func(b *Buffer) *string { return &b.ft },
}

// bufLocalBool is bufLocalOption for boolean options.
var bufLocalBool = map[string]func(b *Buffer) *bool{
	"endofline": func(b *Buffer) *bool { return &b.eol },
	"bomb":      func(b *Buffer) *bool { return &b.bomb },
}

// checkShapes updates every buffer's 'modified' after a change of
// 'fileformat', 'endofline', 'bomb' or 'fixendofline'.
func (e *Editor) checkShapes() {
	for _, b := range e.bufs {
		b.checkShape(e.opt.FixEndOfLine)
	}
}

// findOption returns the option named name (long or short), or nil.
func findOption(name string) *options.Def { return options.Lookup(name) }

// SetOption sets an option by name as :set name=value would (value "" for
// a boolean means on). It is the entry point for config files.
func (e *Editor) SetOption(name, value string) error {
	d := findOption(name)
	if d == nil {
		return fmt.Errorf("E518: Unknown option: %s", name)
	}
	op := "="
	if d.Kind == options.Bool {
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
		for i := range options.Table() {
			e.say(e.optionString(&options.Table()[i]))
		}
		return nil
	}
	d := findOption(it.Name)
	if d == nil {
		return fmt.Errorf("E518: Unknown option: %s", itemText(it))
	}
	if it.Op == "?" || it.Op == "" && d.Kind != options.Bool {
		e.say(e.optionString(d))
		return nil
	}
	var err error
	switch d.Kind {
	case options.Bool:
		err = e.setBool(d, it)
	case options.Number:
		err = e.setNumber(d, it)
	default:
		err = e.setString(d, it)
	}
	if after := optionAfter[d.Name]; after != nil && (err == nil || d.Kind == options.Number) {
		after(e) // a rejected number still changes: Vim gives it a fallback
	}
	return err
}

// setBool applies :set name, noname, invname, name! and name&.
func (e *Editor) setBool(d *options.Def, it exparse.SetItem) error {
	p := d.Bool(&e.opt)
	if local := bufLocalBool[d.Name]; local != nil {
		p = local(e.buf())
	}
	switch it.Op {
	case "":
		*p = true
	case "no":
		*p = false
	case "inv", "!":
		*p = !*p
	case "&", "<":
		def := DefaultOptions()
		*p = *d.Bool(&def)
	default:
		return fmt.Errorf("E474: Invalid argument: %s", itemText(it))
	}
	return nil
}

// setNumber applies :set name=N, +=, -=, ^= and name&. A value outside
// the option's limits gives Vim's error and leaves the option at the
// value Vim falls back to.
func (e *Editor) setNumber(d *options.Def, it exparse.SetItem) error {
	p := d.Int(&e.opt)
	switch it.Op {
	case "&", "<":
		def := DefaultOptions()
		*p = *d.Int(&def)
		return nil
	case "=", "+=", "-=", "^=":
	default:
		return fmt.Errorf("E474: Invalid argument: %s", itemText(it))
	}
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
	if err := d.CheckNumber(n); err != nil {
		*p = d.FixNumber(&e.opt, n)
		return fmt.Errorf("%v: %s", err, itemText(it))
	}
	*p = n
	return nil
}

// setString applies :set name=S, +=, -=, ^= and name&.
func (e *Editor) setString(d *options.Def, it exparse.SetItem) error {
	p := d.Str(&e.opt)
	if local := bufLocalOption[d.Name]; local != nil {
		p = local(e.buf())
	}
	switch it.Op {
	case "&", "<":
		def := DefaultOptions()
		*p = *d.Str(&def)
		return nil
	case "=", "+=", "-=", "^=":
	default:
		return fmt.Errorf("E474: Invalid argument: %s", itemText(it))
	}
	v := it.Value
	switch it.Op {
	case "+=":
		v = joinComma(*p, v)
	case "^=":
		v = joinComma(v, *p)
	case "-=":
		v = removeComma(*p, v)
	}
	if err := d.CheckString(v); err != nil {
		return fmt.Errorf("%v: %s", err, itemText(it))
	}
	*p = v
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
func (e *Editor) optionString(d *options.Def) string {
	if local := bufLocalOption[d.Name]; local != nil {
		return d.Show(*local(e.buf()))
	}
	if local := bufLocalBool[d.Name]; local != nil {
		return d.Show(*local(e.buf()))
	}
	return d.Show(d.Get(&e.opt))
}

// showChangedOptions is :set without arguments.
func (e *Editor) showChangedOptions() {
	def := DefaultOptions()
	out := []string{"--- Options ---"}
	for i := range options.Table() {
		d := &options.Table()[i]
		if bufLocalOption[d.Name] == nil && bufLocalBool[d.Name] == nil && !d.Equal(&e.opt, &def) {
			out = append(out, e.optionString(d))
		}
	}
	e.say(out...)
}
