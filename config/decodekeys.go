package config

import (
	"fmt"
	"sort"

	"github.com/BurntSushi/toml"
	"github.com/kjx-editor/kjx/editor/keys"
)

// mapping is one entry of a [keys.MODE] table while it is being checked.
type mapping struct {
	lhs, rhs string
	canon    string // canonical form of lhs, for finding duplicates
	prim     toml.Primitive
}

// keymap decodes one [keys.MODE] table. Each entry is checked on its own: a
// bad entry is reported and left out, the others are kept. When two entries
// name the same keys in different spellings ("<C-s>" and "<c-s>"), the one
// later in the file wins, as a later :map does in Vim.
func (d *decoder) keymap(km keymap, path []string, prim toml.Primitive) {
	children, ok := d.children(path, prim)
	if !ok {
		*km.field(d.cfg) = *km.field(d.fallback)
		return
	}
	lhss := make([]string, 0, len(children))
	for k := range children {
		lhss = append(lhss, k)
	}
	sort.Strings(lhss)
	var good []mapping
	for _, lhs := range lhss {
		if m, ok := d.mapping(path, lhs, children[lhs]); ok {
			good = append(good, m)
		}
	}
	good = d.dedupe(path, good)
	if len(good) == 0 {
		return
	}
	out := make(map[string]string, len(good))
	for _, m := range good {
		out[m.lhs] = m.rhs
	}
	*km.field(d.cfg) = out
}

// mapping checks one entry: a string right side and both sides valid key
// notation.
func (d *decoder) mapping(table []string, lhs string, prim toml.Primitive) (mapping, bool) {
	path := append(table[:len(table):len(table)], lhs)
	key := keyString(path)
	var v any
	if err := d.md.PrimitiveDecode(prim, &v); err != nil {
		d.report(path, prim, fmt.Sprintf("%s: %v (ignored)", key, err))
		return mapping{}, false
	}
	rhs, ok := v.(string)
	if !ok {
		d.report(path, prim, fmt.Sprintf("%s: want a string of keys, got %s (ignored)", key, describe(v)))
		return mapping{}, false
	}
	toks, err := ParseKeys(lhs)
	if err != nil {
		d.report(path, prim, fmt.Sprintf("%s = %s: left side: %v (ignored)", key, render(rhs), err))
		return mapping{}, false
	}
	if rhs == "" {
		d.report(path, prim, fmt.Sprintf(`%s = "": right side is empty; map to "<Nop>" to disable a key (ignored)`, key))
		return mapping{}, false
	}
	rtoks, err := ParseKeys(rhs)
	if err == nil && table[len(table)-1] == "panel" {
		err = checkPanelKeys(rtoks)
	}
	if err != nil {
		d.report(path, prim, fmt.Sprintf("%s = %s: right side: %v (ignored)", key, render(rhs), err))
		return mapping{}, false
	}
	return mapping{lhs: lhs, rhs: rhs, canon: keys.Format(toks), prim: prim}, true
}

// dedupe keeps, for each canonical left side, the entry latest in the file
// and reports the others.
func (d *decoder) dedupe(table []string, ms []mapping) []mapping {
	byCanon := make(map[string][]int, len(ms))
	dup := false
	for i, m := range ms {
		byCanon[m.canon] = append(byCanon[m.canon], i)
		dup = dup || len(byCanon[m.canon]) > 1
	}
	if !dup {
		return ms
	}
	drop := make([]bool, len(ms))
	for _, idx := range byCanon {
		if len(idx) < 2 {
			continue
		}
		lines := make([]int, len(idx))
		for j, i := range idx {
			lines[j] = d.line(ms[i].prim)
		}
		last := 0
		for j := range idx {
			if lines[j] > lines[last] {
				last = j
			}
		}
		winner := ms[idx[last]]
		for j, i := range idx {
			if j == last {
				continue
			}
			drop[i] = true
			path := append(table[:len(table):len(table)], ms[i].lhs)
			d.report(path, ms[i].prim, fmt.Sprintf("%s = %s: overridden by %s on line %d, the same keys (ignored)",
				keyString(path), render(ms[i].rhs), quote(winner.lhs), lines[last]))
		}
	}
	out := ms[:0]
	for i, m := range ms {
		if !drop[i] {
			out = append(out, m)
		}
	}
	return out
}
