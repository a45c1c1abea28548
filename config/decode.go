package config

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// maxErrors bounds the errors reported for one file; a file that is not a
// kjx config at all should produce a screenful, not thousands.
const maxErrors = 50

// Indexes over the option tables, by dotted key.
var (
	optionIndex = func() map[string]option {
		m := make(map[string]option, len(options))
		for _, o := range options {
			m[o.key()] = o
		}
		return m
	}()
	keymapIndex = func() map[string]keymap {
		m := make(map[string]keymap, len(keymaps))
		for _, k := range keymaps {
			m[k.name] = k
		}
		return m
	}()
	tableIndex = func() map[string]bool {
		m := make(map[string]bool, len(tables))
		for _, t := range tables {
			m[t] = true
		}
		return m
	}()
)

// decoder walks one parsed file, applying every key it understands to cfg
// and collecting an Error for every key it does not. Each key is decoded on
// its own, so one bad key never costs the others.
type decoder struct {
	name     string // file name for messages
	data     []byte
	md       *toml.MetaData
	env      Env
	cfg      *Config
	fallback *Config // where a bad key takes its value from
	errs     []*Error
	dropped  int // errors beyond maxErrors
	probes   int // line look-ups left; each costs O(len(data))
}

// decode parses data (the contents of the file called name) and returns the
// configuration it describes: defaults for absent keys, the file's value
// for good keys and fallback's value for bad ones. ok is false when the
// file could not be used at all (a TOML syntax error); the Config is then
// fallback itself.
func decode(name string, data []byte, env Env, fallback Config) (cfg Config, errs []error, ok bool) {
	var root map[string]toml.Primitive
	md, err := toml.Decode(string(data), &root)
	if err != nil {
		return fallback, []error{syntaxError(name, data, err)}, false
	}
	cfg = Default(env)
	d := &decoder{
		name: name, data: data, md: &md, env: env,
		cfg: &cfg, fallback: &fallback,
		probes: min(max(64<<20/(len(data)+1), 100), 2000),
	}
	d.table(nil, root)
	return cfg, d.result(), true
}

// syntaxError turns a TOML parse failure into the file's only error.
func syntaxError(name string, data []byte, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		line := lineAt(data, pe.Position.Start, pe.Position.Line)
		if pe.Position.Line == 0 {
			line = 0
		}
		return &Error{File: name, Line: line, Msg: oneLine("syntax error: " + pe.Message + " (file ignored)")}
	}
	return &Error{File: name, Msg: oneLine("syntax error: " + err.Error() + " (file ignored)")}
}

// result sorts the errors by line and returns them as []error.
func (d *decoder) result() []error {
	sort.SliceStable(d.errs, func(i, j int) bool {
		a, b := d.errs[i], d.errs[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Msg < b.Msg
	})
	out := make([]error, 0, len(d.errs)+1)
	for _, e := range d.errs {
		out = append(out, e)
	}
	if d.dropped > 0 {
		out = append(out, &Error{File: d.name, Msg: fmt.Sprintf("%d more errors not shown", d.dropped)})
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// report records an error about the key at path whose value is prim.
func (d *decoder) report(path []string, prim toml.Primitive, msg string) {
	if len(d.errs) >= maxErrors {
		d.dropped++
		return
	}
	d.errs = append(d.errs, &Error{File: d.name, Line: d.line(prim), Key: keyString(path), Msg: oneLine(msg)})
}

// table walks the children of a table in a stable order.
func (d *decoder) table(path []string, children map[string]toml.Primitive) {
	keys := make([]string, 0, len(children))
	for k := range children {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		d.node(append(path[:len(path):len(path)], k), children[k])
	}
}

// node handles one key: an option, a key-map table, a known table or an
// unknown key.
func (d *decoder) node(path []string, prim toml.Primitive) {
	key := keyString(path)
	if o, ok := optionIndex[key]; ok {
		d.option(o, path, prim)
		return
	}
	if km, ok := keymapIndex[key]; ok {
		d.keymap(km, path, prim)
		return
	}
	if tableIndex[key] {
		children, ok := d.children(path, prim)
		if !ok {
			d.fallbackUnder(key + ".")
			return
		}
		d.table(path, children)
		return
	}
	msg := fmt.Sprintf("unknown key %q", key)
	if s := suggestKey(strings.Join(path, ".")); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	d.report(path, prim, msg)
}

// children decodes prim as a table, reporting an error when it is not one.
func (d *decoder) children(path []string, prim toml.Primitive) (map[string]toml.Primitive, bool) {
	var v any
	if err := d.md.PrimitiveDecode(prim, &v); err != nil {
		d.report(path, prim, fmt.Sprintf("%s: %v (ignored)", keyString(path), err))
		return nil, false
	}
	if _, ok := v.(map[string]any); !ok {
		d.report(path, prim, fmt.Sprintf("%s: want a table, got %s (ignored)", keyString(path), describe(v)))
		return nil, false
	}
	var children map[string]toml.Primitive
	if err := d.md.PrimitiveDecode(prim, &children); err != nil {
		d.report(path, prim, fmt.Sprintf("%s: %v (ignored)", keyString(path), err))
		return nil, false
	}
	return children, true
}

// fallbackUnder gives every option and key map below prefix its fallback
// value, for a table that could not be read.
func (d *decoder) fallbackUnder(prefix string) {
	for _, o := range options {
		if strings.HasPrefix(o.key(), prefix) {
			o.copyFrom(d.cfg, d.fallback)
		}
	}
	for _, km := range keymaps {
		if strings.HasPrefix(km.name, prefix) {
			*km.field(d.cfg) = *km.field(d.fallback)
		}
	}
}

// option decodes one scalar option.
func (d *decoder) option(o option, path []string, prim toml.Primitive) {
	var v any
	if err := d.md.PrimitiveDecode(prim, &v); err != nil {
		d.report(path, prim, fmt.Sprintf("%s: %v (using %s)", o.key(), err, o.show(d.fallback)))
		o.copyFrom(d.cfg, d.fallback)
		return
	}
	err := o.apply(d.cfg, v, d.env)
	if err == nil {
		return
	}
	o.copyFrom(d.cfg, d.fallback)
	var te *typeError
	if errors.As(err, &te) {
		d.report(path, prim, fmt.Sprintf("%s: want %s, got %s (using %s)", o.key(), te.want, describe(v), o.show(d.fallback)))
		return
	}
	d.report(path, prim, fmt.Sprintf("%s = %s: %v (using %s)", o.key(), render(v), err, o.show(d.fallback)))
}

// oneLine escapes line breaks and other control characters so a message
// stays on one line whatever the file contained.
func oneLine(s string) string {
	if strings.IndexFunc(s, isBreaking) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if isBreaking(r) {
			fmt.Fprintf(&b, `\u%04X`, r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isBreaking(r rune) bool {
	return r < 0x20 || r == 0x7f || r == 0x85 || r == 0x2028 || r == 0x2029
}
