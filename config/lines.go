package config

import (
	"bytes"
	"errors"
	"sort"

	"github.com/BurntSushi/toml"
)

// The TOML decoder keeps the position of every key it parsed but exposes it
// only in the ParseError it returns when an Unmarshaler fails. probe is an
// Unmarshaler that always fails, so decoding a Primitive into it yields the
// key's position; it also captures the decoded value. Each probe costs
// O(file size) inside the decoder, which is why decoder.probes bounds them
// and lines are looked up only for keys that are reported.

// errProbe is the failure probe returns on purpose.
var errProbe = errors.New("config: position probe")

// probe is the always-failing Unmarshaler. It has a value receiver because
// the decoder calls UnmarshalTOML on a copy; out survives the copy.
type probe struct{ out *any }

// UnmarshalTOML records v and fails so that the decoder reports a position.
func (p probe) UnmarshalTOML(v any) error {
	*p.out = v
	return errProbe
}

// maxChildProbes bounds how many keys of an implicit table are probed to
// find where it is first mentioned.
const maxChildProbes = 16

// line returns the 1-based line of the key whose value is prim, or 0 when
// it is unknown. A table created implicitly (by "[a.b]" or "a.b = 1")
// has no position of its own; its earliest child's line is used.
func (d *decoder) line(prim toml.Primitive) int {
	if d.probes <= 0 {
		return 0
	}
	d.probes--
	var v any
	err := d.md.PrimitiveDecode(prim, probe{&v})
	var pe toml.ParseError
	if errors.As(err, &pe) && pe.Position.Line > 0 {
		return lineAt(d.data, pe.Position.Start, pe.Position.Line)
	}
	if _, ok := v.(map[string]any); !ok {
		return 0
	}
	var children map[string]toml.Primitive
	if d.md.PrimitiveDecode(prim, &children) != nil {
		return 0
	}
	keys := make([]string, 0, len(children))
	for k := range children {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	best := 0
	for i, k := range keys {
		if i == maxChildProbes {
			break
		}
		if l := d.line(children[k]); l > 0 && (best == 0 || l < best) {
			best = l
		}
	}
	return best
}

// lineAt returns the line holding byte offset start of data. The decoder's
// own line number is taken at the end of a token, which for a multi-line
// string is its last line; the offset is where the value starts. When the
// offset is out of range the decoder's line is kept.
func lineAt(data []byte, start, line int) int {
	if start < 0 || start > len(data) {
		return line
	}
	return 1 + bytes.Count(data[:start], []byte{'\n'})
}
