package config

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	optable "github.com/kjx-editor/kjx/editor/options"
)

// TestVimOptionsFollowTable: every option of the option table that has a
// configuration key is a key here with the table's documentation and
// default, and the file accepts exactly the numbers :set accepts; every
// [editor] key is an option of the table.
func TestVimOptionsFollowTable(t *testing.T) {
	def := optable.ConfigDefaults()
	seen := map[string]bool{}
	for i := range optable.Table() {
		d := &optable.Table()[i]
		if d.Config == "" {
			continue
		}
		seen[d.Config] = true
		o, ok := optionIndex[d.Config]
		if !ok {
			t.Errorf("%s (%s) is not a key of the configuration", d.Config, d.Name)
			continue
		}
		if o.help() != d.Doc {
			t.Errorf("%s: doc %q, table %q", d.Config, o.help(), d.Doc)
		}
		c := Default(testEnv)
		if v, _ := c.Option(d.Config); d.Config != "undo.dir" && !reflect.DeepEqual(v, d.Get(&def)) {
			t.Errorf("%s: default %v, table %v", d.Config, v, d.Get(&def))
		}
		if d.Kind == optable.Number {
			checkLimits(t, d)
		}
	}
	for _, o := range options {
		// [editor] syntax and colorscheme set :syntax and :colorscheme,
		// which are commands in Vim, not options.
		commandKey := o.key() == "editor.syntax" || o.key() == "editor.colorscheme"
		if strings.HasPrefix(o.key(), "editor.") && !seen[o.key()] && !commandKey {
			t.Errorf("%s is not an option of the table", o.key())
		}
	}
}

// checkLimits loads values at and beyond d's limits and compares with
// d.CheckNumber, the check :set makes.
func checkLimits(t *testing.T, d *optable.Def) {
	t.Helper()
	var values []int
	for _, n := range []int{d.Min, d.Max} {
		if n != optable.NoMin && n != optable.NoMax {
			values = append(values, n-1, n, n+1)
		}
	}
	values = append(values, -1<<40, -2, -1, 0, 64, 65, 1<<40)
	table, name, _ := strings.Cut(d.Config, ".")
	for _, n := range values {
		toml := fmt.Sprintf("[%s]\n%s = %d\n", table, name, n)
		_, errs, _ := decode("c.toml", []byte(toml), testEnv, Default(testEnv))
		if rejected, want := errs != nil, d.CheckNumber(n) != nil; rejected != want {
			t.Errorf("%s = %d: config rejects %v, :set rejects %v (%q)", d.Config, n, rejected, want, errStrings(errs))
		}
	}
}
