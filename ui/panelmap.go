package ui

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kjx-editor/kjx/editor"
)

// panelMaps are the [keys.panel] mappings: keys typed while the panel has
// the keyboard are replaced by panel keys, as the editor's maps do for
// Normal mode (editor/mapping.go): non-recursive, and a typed sequence
// that is the start of a longer left side is held until the next key, or
// until 'timeoutlen' passes, decides.
type panelMaps struct {
	maps []panelMap
	held []editor.Key
}

// panelMap is one mapping; a nil rhs is <Nop>.
type panelMap struct {
	lhs, rhs []editor.Key
}

// parsePanelMaps parses lhs → rhs in key notation. Bad entries are left
// out and reported (package config has normally refused them already).
func parsePanelMaps(m map[string]string) ([]panelMap, error) {
	var out []panelMap
	var errs []error
	for _, l := range slices.Sorted(maps.Keys(m)) {
		lhs, err := editor.ParseKeys(l)
		if err == nil && len(lhs) == 0 {
			err = errors.New("empty left side")
		}
		var rhs []editor.Key
		if err == nil && !strings.EqualFold(m[l], "<Nop>") {
			rhs, err = editor.ParseKeys(m[l])
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("ui: panel mapping %q: %w", l, err))
			continue
		}
		out = append(out, panelMap{lhs: lhs, rhs: rhs})
	}
	return out, errors.Join(errs...)
}

// set replaces the mappings, dropping held keys.
func (pm *panelMaps) set(m []panelMap) {
	pm.maps = m
	pm.held = nil
}

// holding reports whether keys wait for the rest of a left side.
func (pm *panelMaps) holding() bool { return len(pm.held) > 0 }

// feed offers a typed key and returns the keys to give the panel now:
// none while the key is held, the right side of a completed left side,
// or the key itself (after any held keys that stopped matching).
func (pm *panelMaps) feed(k editor.Key) []editor.Key {
	keys := append(slices.Clone(pm.held), k)
	var exact *panelMap
	longer := false
	for i := range pm.maps {
		lhs := pm.maps[i].lhs
		switch {
		case slices.Equal(lhs, keys):
			exact = &pm.maps[i]
		case len(lhs) > len(keys) && slices.Equal(lhs[:len(keys)], keys):
			longer = true
		}
	}
	switch {
	case longer:
		pm.held = keys
		return nil
	case exact != nil:
		pm.held = nil
		return slices.Clone(exact.rhs)
	case len(pm.held) > 0:
		pm.held = nil
		return pm.release(keys, len(keys)-1)
	}
	return []editor.Key{k}
}

// flush ends the wait for a longer left side ('timeoutlen' passed, or the
// keyboard leaves the panel) and returns the keys the held ones become.
func (pm *panelMaps) flush() []editor.Key {
	keys := pm.held
	pm.held = nil
	if len(keys) == 0 {
		return nil
	}
	return pm.release(keys, len(keys))
}

// release resolves keys whose first n were held when matching stopped:
// the longest held prefix that is a left side maps, else the first key
// goes through unmapped; the keys after it are typed again and may map.
func (pm *panelMaps) release(keys []editor.Key, n int) []editor.Key {
	var out []editor.Key
	used := 1
	found := false
	for l := n; l > 0 && !found; l-- {
		for i := range pm.maps {
			if slices.Equal(pm.maps[i].lhs, keys[:l]) {
				out, used, found = slices.Clone(pm.maps[i].rhs), l, true
				break
			}
		}
	}
	if !found {
		out = append(out, keys[0])
	}
	for _, k := range keys[used:] {
		out = append(out, pm.feed(k)...)
	}
	return out
}
