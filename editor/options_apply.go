package editor

import (
	"strings"

	"github.com/kjx-editor/kjx/editor/options"
)

// ApplyOptions applies a change of configured option values: each global
// option whose value differs between before and after takes after's
// value, and what :set runs after it runs; so do :syntax's and
// :colorscheme's state. An option set with :set during the session keeps
// its value unless the configuration changed that very option. It returns
// the options it changed, as :set shows them ("tabstop=4", "nonumber").
func (e *Editor) ApplyOptions(before, after Options) []string {
	var changed []string
	for i := range options.Table() {
		d := &options.Table()[i]
		if bufLocalOption[d.Name] != nil || d.Equal(&before, &after) {
			continue
		}
		d.Copy(&e.opt, &after)
		if f := optionAfter[d.Name]; f != nil {
			f(e)
		}
		changed = append(changed, strings.TrimSpace(e.optionString(d)))
	}
	return e.applyColourConfig(before, after, changed)
}
