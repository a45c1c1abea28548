package editor

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// keyMap is one non-recursive mapping (:nnoremap / :inoremap): typed keys
// equal to lhs are replaced by rhs, which is not mapped again.
type keyMap struct {
	lhs, rhs []Key
}

// mappings holds the Normal- and Insert-mode key maps and the typed keys
// held while they may still be the start of a longer left side.
type mappings struct {
	normal, insert []keyMap
	held           []Key
	heldMode       Mode // mode the held keys are matched in
}

// SetMappings replaces the Normal- and Insert-mode key maps. Each map
// goes from a left side to a right side in Vim key notation (ParseKeys);
// a right side of "<Nop>" makes the left side do nothing. Mappings are
// non-recursive, as with :nnoremap and :inoremap. Invalid entries are
// skipped and reported in the joined error; the valid ones still apply.
func (e *Editor) SetMappings(normal, insert map[string]string) error {
	n, errN := parseMappings("normal", normal)
	i, errI := parseMappings("insert", insert)
	e.maps.normal, e.maps.insert = n, i
	e.maps.held = nil
	return errors.Join(errN, errI)
}

// parseMappings parses one mode's table, sorted by left side so that the
// result does not depend on map order.
func parseMappings(mode string, m map[string]string) ([]keyMap, error) {
	var out []keyMap
	var errs []error
	for _, lhsText := range slices.Sorted(maps.Keys(m)) {
		rhsText := m[lhsText]
		lhs, err := ParseKeys(lhsText)
		if err == nil && len(lhs) == 0 {
			err = errors.New("empty left side")
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("editor: %s mapping %q: %w", mode, lhsText, err))
			continue
		}
		var rhs []Key
		if !strings.EqualFold(rhsText, "<Nop>") {
			if rhs, err = ParseKeys(rhsText); err != nil {
				errs = append(errs, fmt.Errorf("editor: %s mapping %q: %w", mode, lhsText, err))
				continue
			}
		}
		out = append(out, keyMap{lhs: lhs, rhs: rhs})
	}
	return out, errors.Join(errs...)
}

// mapTable returns the maps that apply to a key typed now, or nil.
// Normal-mode maps apply at the start of a command only.
func (e *Editor) mapTable(mode Mode) []keyMap {
	switch mode {
	case ModeNormal:
		if len(e.pending) == 0 {
			return e.maps.normal
		}
	case ModeInsert, ModeReplace:
		return e.maps.insert
	}
	return nil
}

// mapKey offers a typed key to the key maps. It reports whether the key
// was consumed: held as a possible start of a longer left side, or
// replaced (with the keys held before it) by a right side or by the same
// keys marked unmappable, all put at the front of the typeahead.
func (e *Editor) mapKey(k Key) bool {
	m := &e.maps
	if len(m.held) == 0 {
		m.heldMode = e.mode
	}
	table := e.mapTable(m.heldMode)
	if len(table) == 0 {
		return len(m.held) > 0 && e.releaseHeld(k)
	}
	keys := append(slices.Clone(m.held), k)
	var exact *keyMap
	longer := false
	for i := range table {
		lhs := table[i].lhs
		switch {
		case slices.Equal(lhs, keys):
			exact = &table[i]
		case len(lhs) > len(keys) && slices.Equal(lhs[:len(keys)], keys):
			longer = true
		}
	}
	switch {
	case longer:
		m.held = keys
	case exact != nil:
		m.held = nil
		e.applyMap(exact)
	case len(m.held) > 0:
		return e.releaseHeld(k)
	default:
		return false
	}
	return true
}

// releaseHeld gives up on the held keys followed by next. The longest held
// prefix that is a left side maps; without one the first held key is used
// unmapped. The keys after it are typed again (and may map), as Vim does
// when typeahead stops matching.
func (e *Editor) releaseHeld(next ...Key) bool {
	held := e.maps.held
	keys := append(slices.Clone(held), next...)
	e.maps.held = nil
	rest := make([]queued, 0, len(keys)+len(e.queue))
	used := 1
	var km *keyMap
	table := e.mapTable(e.maps.heldMode)
	for n := len(held); n > 0 && km == nil; n-- {
		for i := range table {
			if slices.Equal(table[i].lhs, held[:n]) {
				km, used = &table[i], n
				break
			}
		}
	}
	if km == nil {
		rest = append(rest, queued{k: keys[0], typed: true, nomap: true})
	}
	for _, r := range keys[used:] {
		rest = append(rest, queued{k: r, typed: true})
	}
	e.queue = append(rest, e.queue...)
	if km != nil {
		e.applyMap(km)
	}
	return true
}

// applyMap puts a mapping's right side at the front of the typeahead.
// The keys are not typed: a mapped Normal-mode command syncs undo once,
// as its first typed key would, and not between its keys.
func (e *Editor) applyMap(km *keyMap) {
	if e.recording != 0 {
		e.recorded = append(e.recorded, km.lhs...)
	}
	if e.mode == ModeNormal {
		e.sync()
	}
	front := make([]queued, 0, len(km.rhs)+len(e.queue))
	for _, r := range km.rhs {
		front = append(front, queued{k: r, nomap: true})
	}
	e.queue = append(front, e.queue...)
}

// HoldsKeys reports whether typed keys are held as the possible start of a
// longer mapping: the caller then waits at most 'timeoutlen' for the next
// key before calling TimeOutHeldKeys.
func (e *Editor) HoldsKeys() bool { return len(e.maps.held) > 0 }

// TimeOutHeldKeys ends the wait for the rest of a mapping: the held keys
// are used as they are (or as the left side they complete), as in Vim with
// 'timeout' on.
func (e *Editor) TimeOutHeldKeys() { e.flushHeld() }

// flushHeld ends the wait for a longer left side (at the end of a
// headless step, where Vim would time out): held keys that are a left
// side map, the others are fed as they are.
func (e *Editor) flushHeld() {
	if len(e.maps.held) == 0 {
		return
	}
	e.releaseHeld()
	e.drain()
}
