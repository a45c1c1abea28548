package editor

import "strings"

// ApplyOptions applies a change of configured option values: each global
// option whose value differs between before and after takes after's
// value, and what :set runs after it runs. An option set with :set during
// the session keeps its value unless the configuration changed that very
// option. It returns the options it changed, as :set shows them
// ("tabstop=4", "nonumber").
func (e *Editor) ApplyOptions(before, after Options) []string {
	var changed []string
	for i := range optionDefs {
		d := &optionDefs[i]
		if d.bufLocal != nil || !d.copyIfDiffers(&e.opt, &before, &after) {
			continue
		}
		if d.after != nil {
			d.after(e)
		}
		changed = append(changed, strings.TrimSpace(e.optionString(d)))
	}
	return changed
}

// copyIfDiffers sets the option in dst to its value in after when before
// and after differ, and reports whether it did.
func (d *optDef) copyIfDiffers(dst, before, after *Options) bool {
	switch {
	case d.b != nil:
		if *d.b(before) == *d.b(after) {
			return false
		}
		*d.b(dst) = *d.b(after)
	case d.n != nil:
		if *d.n(before) == *d.n(after) {
			return false
		}
		*d.n(dst) = *d.n(after)
	case d.s != nil:
		if *d.s(before) == *d.s(after) {
			return false
		}
		*d.s(dst) = *d.s(after)
	default:
		return false
	}
	return true
}
